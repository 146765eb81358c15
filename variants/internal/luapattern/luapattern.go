// Package luapattern matches Lua 5.1 patterns (the language of string.find, match,
// gmatch and gsub) with a step budget, so that a pathological pattern can be stopped.
//
// It follows the rules of the Lua 5.1 reference manual (§5.4.1):
//
//   - a single character class: x (a literal), . (any byte), %a %c %d %l %p %s %u %w
//     %x (letters, control characters, digits, lower case, punctuation, space, upper
//     case, alphanumerics, hexadecimal digits: the C locale, byte by byte), their
//     complements %A ... %X, %z (the byte 0) and %Z, %x for a non-alphanumeric x (that
//     byte itself), and sets [...] with ranges a-z, classes %a and a leading ^ for the
//     complement;
//   - a pattern item: a class alone, or followed by * (0 or more, longest), + (1 or
//     more, longest), - (0 or more, shortest) or ? (0 or 1); %1 .. %9 (the text of an
//     earlier capture again); %bxy (a balanced string from x to y); %f[set] (a frontier:
//     the empty string between a byte not in set and a byte in set);
//   - a pattern: a sequence of items, ^ at the start anchors it at the subject's start
//     (Find only; the caller decides), $ at the end at the subject's end; (...) captures
//     the text it matches, () the position.
//
// Matching backtracks, as Lua's does, so some patterns take time exponential in the
// subject's length. Every StepsPerCheck steps the matcher calls Matcher.Check, whose
// error stops the match: a time limit or a cancellation applies inside a match too.
// Recursion is bounded by MaxDepth ("pattern too complex").
package luapattern

import "strings"

// Limits of a match.
const (
	// MaxCaptures is the number of captures a pattern may have (Lua's LUA_MAXCAPTURES).
	MaxCaptures = 32
	// MaxDepth bounds the matcher's recursion; each level is one pattern item (a
	// capture, a ? or a repetition being tried), so only patterns with hundreds of items
	// get there.
	MaxDepth = 200
	// StepsPerCheck is how many matching steps run between two calls of Check.
	StepsPerCheck = 1024
)

// Error is a malformed pattern, or one too complex to match; its text is Lua's
// ("malformed pattern (missing ']')", "invalid capture index", ...).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

const (
	capUnfinished = -1 // a capture still open
	capPosition   = -2 // a position capture ()
)

// Capture is one capture of a match: the text src[Start:End], or, for a position
// capture (), the position Start (0-based; Lua shows it as Start+1).
type Capture struct {
	Start, End int
	Pos        bool
}

// Matcher matches patterns. Its zero value works; a Matcher is not safe for
// concurrent use, and is best kept and reused (it allocates nothing per match).
type Matcher struct {
	// Check, when set, is called every StepsPerCheck steps; a non-nil error stops the
	// match and is returned as is.
	Check func() error

	src, pat string
	level    int
	caps     [MaxCaptures]struct{ start, n int }
	depth    int
	steps    int
}

// abort carries an error out of the recursion (a pattern error or Check's).
type abort struct{ err error }

func (m *Matcher) fail(msg string) { panic(abort{&Error{msg}}) }

// step counts one matching step and calls Check when the budget is spent.
func (m *Matcher) step() {
	m.steps++
	if m.steps >= StepsPerCheck {
		m.steps = 0
		if m.Check != nil {
			if err := m.Check(); err != nil {
				panic(abort{err})
			}
		}
	}
}

// Match tries pat (without a leading ^ anchor, which the caller strips) at position
// init of src only. On success it returns the end of the match and the captures,
// appended to caps[:0] (with none, the caller uses the whole match); end is -1 when
// the pattern does not match there.
func (m *Matcher) Match(src, pat string, init int, caps []Capture) (end int, out []Capture, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			end, caps, err = -1, nil, a.err
		}
	}()
	m.src, m.pat, m.level, m.depth = src, pat, 0, 0
	end = m.match(init, 0)
	if end < 0 {
		return -1, nil, nil
	}
	for i := 0; i < m.level; i++ {
		if m.caps[i].n == capUnfinished {
			return -1, nil, &Error{"unfinished capture"}
		}
	}
	return end, m.captures(caps[:0]), nil
}

// Find looks for the first match of pat in src at or after init (0-based, 0..len(src)).
// A leading ^ anchors the pattern at init. It returns the match's bounds and its
// captures appended to caps[:0], or start -1 when there is none.
func (m *Matcher) Find(src, pat string, init int, caps []Capture) (start, end int, out []Capture, err error) {
	anchor := strings.HasPrefix(pat, "^")
	if anchor {
		pat = pat[1:]
	}
	for s := init; s <= len(src); s++ {
		e, c, err := m.Match(src, pat, s, caps)
		if err != nil {
			return -1, -1, nil, err
		}
		if e >= 0 {
			return s, e, c, nil
		}
		if anchor {
			break
		}
	}
	return -1, -1, nil, nil
}

// captures appends the captures of the last match to out.
func (m *Matcher) captures(out []Capture) []Capture {
	for i := 0; i < m.level; i++ {
		c := m.caps[i]
		if c.n == capPosition {
			out = append(out, Capture{Start: c.start, End: c.start, Pos: true})
		} else {
			out = append(out, Capture{Start: c.start, End: c.start + c.n})
		}
	}
	return out
}

// match matches pat[p:] at src[s:] and returns the end of the match, or -1.
func (m *Matcher) match(s, p int) int {
	m.depth++
	if m.depth > MaxDepth {
		m.fail("pattern too complex")
	}
	r := m.matchHere(s, p)
	m.depth--
	return r
}

// matchHere matches pat[p:] at src[s:], item by item: captures, anchors and single
// classes with their repetitions here (the hot path, in one loop), the special escapes
// in matchEscape.
func (m *Matcher) matchHere(s, p int) int {
	src, pat := m.src, m.pat
	for {
		m.step()
		if p == len(pat) {
			return s
		}
		switch pat[p] {
		case '(':
			if p+1 < len(pat) && pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(pat) {
				if s == len(src) {
					return s
				}
				return -1
			}
		case '%':
			if p+1 < len(pat) && specialEscape(pat[p+1]) {
				if s, p = m.matchEscape(s, p); s < 0 {
					return -1
				}
				continue
			}
		}
		// A single character class, perhaps with a repetition.
		ep := m.classEnd(p)
		ok := s < len(src) && m.singleMatch(src[s], p, ep)
		if ep < len(pat) {
			switch pat[ep] {
			case '?':
				if ok {
					if r := m.match(s+1, ep+1); r >= 0 {
						return r
					}
				}
				p = ep + 1
				continue
			case '*':
				return m.maxExpand(s, p, ep)
			case '+':
				if !ok {
					return -1
				}
				return m.maxExpand(s+1, p, ep)
			case '-':
				return m.minExpand(s, p, ep)
			}
		}
		if !ok {
			return -1
		}
		s++
		p = ep
	}
}

// specialEscape reports whether %c is a pattern item of its own (%bxy, %f[set], a
// back reference) rather than a class.
func specialEscape(c byte) bool { return c == 'b' || c == 'f' || ('0' <= c && c <= '9') }

// matchEscape matches the special escape at pat[p] ('%': %bxy, %f[set] or a back
// reference %0-%9) at s, and returns where the match and the pattern go on (ns -1: no
// match).
func (m *Matcher) matchEscape(s, p int) (ns, np int) {
	switch c := m.pat[p+1]; c {
	case 'b':
		return m.matchBalance(s, p+2), p + 4
	case 'f':
		return m.matchFrontier(s, p+2)
	default:
		return m.matchBackRef(s, c), p + 2
	}
}

// matchFrontier matches %f[set] (pat[p] is the '[') at s: the empty string between
// a byte not in set and a byte in set.
func (m *Matcher) matchFrontier(s, p int) (ns, np int) {
	if p >= len(m.pat) || m.pat[p] != '[' {
		m.fail("missing '[' after '%f' in pattern")
	}
	ep := m.classEnd(p)
	var prev, cur byte
	if s > 0 {
		prev = m.src[s-1]
	}
	if s < len(m.src) {
		cur = m.src[s]
	}
	if m.matchSet(prev, p, ep-1) || !m.matchSet(cur, p, ep-1) {
		return -1, 0
	}
	return s, ep
}

// maxExpand matches as many bytes of the class pat[p:ep] as it can from s, then backs
// off one at a time until the rest of the pattern matches.
func (m *Matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.singleMatch(m.src[s+i], p, ep) {
		m.step()
		i++
	}
	for ; i >= 0; i-- {
		if r := m.match(s+i, ep+1); r >= 0 {
			return r
		}
	}
	return -1
}

// minExpand tries the rest of the pattern first and takes one more byte of the class
// only when it fails.
func (m *Matcher) minExpand(s, p, ep int) int {
	for {
		if r := m.match(s, ep+1); r >= 0 {
			return r
		}
		if s < len(m.src) && m.singleMatch(m.src[s], p, ep) {
			s++
		} else {
			return -1
		}
	}
}

func (m *Matcher) startCapture(s, p, what int) int {
	if m.level >= MaxCaptures {
		m.fail("too many captures")
	}
	m.caps[m.level].start, m.caps[m.level].n = s, what
	m.level++
	r := m.match(s, p)
	if r < 0 {
		m.level--
	}
	return r
}

func (m *Matcher) endCapture(s, p int) int {
	l := -1
	for i := m.level - 1; i >= 0; i-- {
		if m.caps[i].n == capUnfinished {
			l = i
			break
		}
	}
	if l < 0 {
		m.fail("invalid pattern capture")
	}
	m.caps[l].n = s - m.caps[l].start
	r := m.match(s, p)
	if r < 0 {
		m.caps[l].n = capUnfinished
	}
	return r
}

// matchBalance matches %bxy (pat[p] is x) at s.
func (m *Matcher) matchBalance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.fail("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	open, close := m.pat[p], m.pat[p+1]
	depth := 1
	for i := s + 1; i < len(m.src); i++ {
		m.step()
		switch c := m.src[i]; {
		case c == close:
			if depth--; depth == 0 {
				return i + 1
			}
		case c == open:
			depth++
		}
	}
	return -1
}

// matchBackRef matches %1 .. %9 (c is the digit) at s.
func (m *Matcher) matchBackRef(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= m.level || m.caps[l].n == capUnfinished {
		m.fail("invalid capture index")
	}
	n := m.caps[l].n
	if n == capPosition {
		return -1 // a position is no text: Lua never matches it either
	}
	want := m.src[m.caps[l].start : m.caps[l].start+n]
	if len(m.src)-s >= n && m.src[s:s+n] == want {
		m.steps += n / 64
		return s + n
	}
	return -1
}

// classEnd returns the index just past the single character class at pat[p].
func (m *Matcher) classEnd(p int) int {
	pat := m.pat
	c := pat[p]
	p++
	switch c {
	case '%':
		if p >= len(pat) {
			m.fail("malformed pattern (ends with '%')")
		}
		return p + 1
	case '[':
		if p < len(pat) && pat[p] == '^' {
			p++
		}
		// The first byte of a set is taken literally (so []] is the set of ']').
		for {
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			c := pat[p]
			p++
			if c == '%' && p < len(pat) {
				p++
			}
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			if pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// singleMatch reports whether byte c is in the class pat[p:ep].
func (m *Matcher) singleMatch(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, m.pat[p+1])
	case '[':
		return m.matchSet(c, p, ep-1)
	}
	return m.pat[p] == c
}

// matchSet reports whether c is in the set pat[p:ec+1] ('[' at p, ']' at ec).
func (m *Matcher) matchSet(c byte, p, ec int) bool {
	pat := m.pat
	in := true
	p++
	if pat[p] == '^' {
		in = false
		p++
	}
	for ; p < ec; p++ {
		switch {
		case pat[p] == '%' && p+1 < ec:
			p++
			if matchClass(c, pat[p]) {
				return in
			}
		case p+2 < ec && pat[p+1] == '-':
			if pat[p] <= c && c <= pat[p+2] {
				return in
			}
			p += 2
		case pat[p] == c:
			return in
		}
	}
	return !in
}

// matchClass reports whether c is in the class %cl (the C locale).
func matchClass(c, cl byte) bool {
	var in bool
	switch cl | 0x20 {
	case 'a':
		in = isAlpha(c)
	case 'c':
		in = c < 32 || c == 127
	case 'd':
		in = '0' <= c && c <= '9'
	case 'l':
		in = 'a' <= c && c <= 'z'
	case 'p':
		in = isPunct(c)
	case 's':
		in = c == ' ' || ('\t' <= c && c <= '\r')
	case 'u':
		in = 'A' <= c && c <= 'Z'
	case 'w':
		in = isAlpha(c) || ('0' <= c && c <= '9')
	case 'x':
		in = ('0' <= c && c <= '9') || ('a' <= c|0x20 && c|0x20 <= 'f')
	case 'z':
		in = c == 0
	default:
		return cl == c
	}
	if 'A' <= cl && cl <= 'Z' {
		return !in
	}
	return in
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isPunct: printable, not a letter, digit or space.
func isPunct(c byte) bool {
	return c > ' ' && c < 127 && !isAlpha(c) && !('0' <= c && c <= '9')
}

// HasSpecials reports whether pat uses any pattern syntax (otherwise string.find may
// search for it as plain text).
func HasSpecials(pat string) bool {
	return strings.ContainsAny(pat, "^$*+?.([%-")
}
