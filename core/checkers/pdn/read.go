package pdn

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
)

// MaxSize bounds the PDN text Parse reads (a game is a few KB; a database of thousands
// of games a few MB).
const MaxSize = 16 << 20

// Error is a PDN text's error at a line and column (both from 1; the column counts
// bytes).
type Error struct {
	Line, Col int
	Err       error
}

func (e *Error) Error() string {
	return fmt.Sprintf("pdn: line %d, column %d: %v", e.Line, e.Col, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Parse reads every game of a PDN text. Each game's moves are played through its rules
// (the GameType tag's, English draughts without one) from its start (the FEN tag's
// position, or the usual start): an illegal move, an unknown tag value, a bad FEN, an
// unclosed comment is an *Error naming the line and column.
func Parse(text []byte) ([]*Game, error) {
	if len(text) > MaxSize {
		return nil, fmt.Errorf("pdn: larger than %d MB", MaxSize>>20)
	}
	if !utf8.Valid(text) {
		if i := invalidUTF8(text); i >= 0 {
			line, col := position(text, i)
			return nil, &Error{line, col, errors.New("not UTF-8 text (PDN files are UTF-8; convert a Latin-1 file first)")}
		}
	}
	p := &parser{lex: lexer{src: text, line: 1, col: 1}}
	for {
		g, err := p.game()
		if err != nil {
			return nil, err
		}
		if g == nil {
			break
		}
		p.games = append(p.games, g)
	}
	if len(p.games) == 0 {
		return nil, errors.New("pdn: no game (want tags such as [GameType \"21\"] and moves such as 1. 11-15 23-19)")
	}
	return p.games, nil
}

// ParseOne reads a PDN text that holds exactly one game.
func ParseOne(text []byte) (*Game, error) {
	games, err := Parse(text)
	if err != nil {
		return nil, err
	}
	if len(games) > 1 {
		return nil, fmt.Errorf("pdn: %d games (from lines %d and %d): want one game a file", len(games), games[0].Line, games[1].Line)
	}
	return games[0], nil
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

func position(b []byte, off int) (line, col int) {
	line, col = 1, 1
	for _, c := range b[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// token kinds.
const (
	tEOF = iota
	tTag
	tWord
	tNAG
)

type token struct {
	kind      int
	line, col int
	name      string // a tag's name
	text      string // a tag's value, a word
}

type lexer struct {
	src       []byte
	pos       int
	line, col int
}

func (l *lexer) errAt(line, col int, format string, a ...any) error {
	return &Error{line, col, fmt.Errorf(format, a...)}
}

func (l *lexer) peek() byte {
	if l.pos < len(l.src) {
		return l.src[l.pos]
	}
	return 0
}

func (l *lexer) advance() byte {
	c := l.src[l.pos]
	l.pos++
	if c == '\n' {
		l.line, l.col = l.line+1, 1
	} else {
		l.col++
	}
	return c
}

// next returns the next tag, word or NAG; white space, comments, escape lines and
// variations are skipped.
func (l *lexer) next() (token, error) {
	for l.pos < len(l.src) {
		c := l.peek()
		line, col := l.line, l.col
		switch {
		case isSpace(c):
			l.advance()
		case c == '%' && col == 1: // an escape line
			l.skipLine()
		case c == ';': // a rest-of-line comment
			l.skipLine()
		case c == '{':
			if err := l.skipComment(); err != nil {
				return token{}, err
			}
		case c == '(':
			if err := l.skipVariation(); err != nil {
				return token{}, err
			}
		case c == ')' || c == '}' || c == ']':
			return token{}, l.errAt(line, col, "'%c' closes no %s", c, closes[c])
		case c == '[':
			return l.tag()
		case c == '$':
			return l.nag()
		default:
			return l.word(), nil
		}
	}
	return token{kind: tEOF, line: l.line, col: l.col}, nil
}

// closes names what each closing bracket ends.
var closes = map[byte]string{')': "variation", '}': "comment", ']': "tag"}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// wordEnd are the bytes that end a movetext word.
const wordEnd = " \t\r\n\f\v{}()[];$"

// nag reads a numeric annotation glyph: $ and a number, such as $1.
func (l *lexer) nag() (token, error) {
	line, col := l.line, l.col
	start := l.pos
	l.advance()
	for l.pos < len(l.src) && l.peek() >= '0' && l.peek() <= '9' {
		l.advance()
	}
	if l.pos == start+1 {
		return token{}, l.errAt(line, col, "'$' without a number: a NAG is $ and a number, such as $1")
	}
	return token{kind: tNAG, line: line, col: col, text: string(l.src[start:l.pos])}, nil
}

// word reads a movetext word (a move, a move number, a result) up to white space or a
// byte that starts or ends another token. The lexer is at a byte that is not one of
// those, so the word is not empty.
func (l *lexer) word() token {
	line, col := l.line, l.col
	start := l.pos
	for l.pos < len(l.src) && !strings.ContainsRune(wordEnd, rune(l.peek())) {
		l.advance()
	}
	return token{kind: tWord, line: line, col: col, text: string(l.src[start:l.pos])}
}

func (l *lexer) skipLine() {
	for l.pos < len(l.src) && l.peek() != '\n' {
		l.advance()
	}
}

func (l *lexer) skipComment() error {
	line, col := l.line, l.col
	l.advance()
	for l.pos < len(l.src) {
		if l.advance() == '}' {
			return nil
		}
	}
	return l.errAt(line, col, "comment '{' never closed with '}'")
}

// skipVariation skips a variation, nested ones and comments in it included.
func (l *lexer) skipVariation() error {
	line, col := l.line, l.col
	depth := 0
	for l.pos < len(l.src) {
		switch l.peek() {
		case '{':
			if err := l.skipComment(); err != nil {
				return err
			}
			continue
		case ';':
			l.skipLine()
			continue
		case '(':
			depth++
		case ')':
			depth--
		}
		l.advance()
		if depth == 0 {
			return nil
		}
	}
	return l.errAt(line, col, "variation '(' never closed with ')'")
}

// tag reads [Name "value"].
func (l *lexer) tag() (token, error) {
	line, col := l.line, l.col
	l.advance()
	for l.peek() == ' ' || l.peek() == '\t' {
		l.advance()
	}
	start := l.pos
	for l.pos < len(l.src) && isNameByte(l.peek()) {
		l.advance()
	}
	name := string(l.src[start:l.pos])
	if name == "" {
		return token{}, l.errAt(line, col, "a tag wants a name: [Event \"...\"]")
	}
	for l.peek() == ' ' || l.peek() == '\t' {
		l.advance()
	}
	if l.peek() != '"' {
		return token{}, l.errAt(l.line, l.col, "tag %s: want its value in double quotes, as [%s \"...\"]", name, name)
	}
	l.advance()
	var v strings.Builder
	for {
		if l.pos >= len(l.src) || l.peek() == '\n' {
			return token{}, l.errAt(line, col, "tag %s: the value's closing '\"' is missing", name)
		}
		c := l.advance()
		if c == '"' {
			break
		}
		if c == '\\' && (l.peek() == '"' || l.peek() == '\\') {
			c = l.advance()
		}
		v.WriteByte(c)
	}
	for l.peek() == ' ' || l.peek() == '\t' {
		l.advance()
	}
	if l.peek() != ']' {
		return token{}, l.errAt(l.line, l.col, "tag %s: want ']' after the value", name)
	}
	l.advance()
	return token{kind: tTag, line: line, col: col, name: name, text: v.String()}, nil
}

func isNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

type parser struct {
	lex   lexer
	games []*Game
	ahead *token
}

func (p *parser) next() (token, error) {
	if p.ahead != nil {
		t := *p.ahead
		p.ahead = nil
		return t, nil
	}
	return p.lex.next()
}

// next1 is next for a loop's post statement: it keeps the token's kind other than EOF
// when reading fails, so that the loop goes round once more to report the error.
func (p *parser) next1(err *error) token {
	t, e := p.next()
	if e != nil {
		*err = e
		return token{kind: tWord}
	}
	return t
}

// results maps the result tokens to the result they mean.
var results = map[string]string{
	"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*",
	"2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2",
}

const resultChoice = "1-0 (White won), 0-1 (Black won), 1/2-1/2 (a draw) or * (unfinished); International style 2-0, 0-2, 1-1 too"

// game reads one game as the PDN grammar lays it out: its tag section, then its
// movetext (moves, move numbers, NAGs; comments and variations are skipped by the
// lexer) up to a game-termination result, the next game's first tag or the end. nil at
// the end of the text.
func (p *parser) game() (*Game, error) {
	tags, tok, err := p.tagSection()
	if err != nil {
		return nil, err
	}
	if tok.kind == tEOF && len(tags) == 0 {
		return nil, nil
	}
	g := &Game{Result: "*", Line: tok.line}
	if len(tags) > 0 {
		g.Line = tags[0].line
	}
	h, err := p.header(g, tags)
	if err != nil {
		return nil, err
	}
	m, err := p.start(g, h)
	if err != nil {
		return nil, err
	}
	if err := p.movetext(m, tok); err != nil {
		return nil, err
	}
	if m.result != "" {
		g.Result = m.result
	}
	g.Final = m.st.String()
	return g, nil
}

// tagSection reads a game's tag pairs, and the token after them: the movetext's
// first, or the end.
func (p *parser) tagSection() ([]token, token, error) {
	var tags []token
	for {
		tok, err := p.next()
		if err != nil {
			return nil, token{}, err
		}
		if tok.kind != tTag {
			return tags, tok, nil
		}
		for _, t := range tags {
			if t.name == tok.name {
				return nil, token{}, p.lex.errAt(tok.line, tok.col, "tag %s appears twice in one game (first at line %d)", tok.name, t.line)
			}
		}
		tags = append(tags, tok)
	}
}

// header is what a game's tags say about reading its movetext.
type header struct {
	result string // the Result tag's result; "" without one
	fen    *token // the FEN tag; nil without one
}

// header records a game's tags in g and reads the ones that decide how its movetext is
// read: GameType (the rules, English draughts without one), Result and FEN.
func (p *parser) header(g *Game, tags []token) (header, error) {
	var h header
	g.Type = English()
	for _, t := range tags {
		g.Tags = append(g.Tags, Tag{t.name, t.text})
		switch t.name {
		case "GameType":
			typ, err := ParseGameType(t.text)
			if err != nil {
				return h, p.lex.errAt(t.line, t.col, "%v", err)
			}
			g.Type = typ
		case "Result":
			r, ok := results[strings.TrimSpace(t.text)]
			if !ok {
				return h, p.lex.errAt(t.line, t.col, "Result %q: want %s", t.text, resultChoice)
			}
			h.result = r
		case "FEN":
			h.fen = &t
		}
	}
	g.Rules = g.Type.Rules
	return h, nil
}

// movetext is a game while its movetext is read.
type movetext struct {
	g      *Game
	b      board
	st     *checkers.State
	first  byte   // the PDN colour that moves first from the start position
	ply    int    // plies played from the start position
	result string // the result so far (the Result tag's, then the movetext's); "" for none
}

// start sets a game up at its start position: the FEN tag's, or the rules' usual start.
func (p *parser) start(g *Game, h header) (*movetext, error) {
	game, err := checkers.New("checkers", g.Rules)
	if err != nil {
		return nil, err
	}
	m := &movetext{g: g, b: newBoard(g.Type, g.Rules.Size), st: game.Start(), result: h.result}
	if h.fen != nil {
		if m.st, err = parseFEN(game, m.b, h.fen.text); err != nil {
			return nil, p.lex.errAt(h.fen.line, h.fen.col, "%v", err)
		}
		g.Start = m.st.String()
	}
	m.first = m.b.colour(m.st.Mover())
	return m, nil
}

// movetext plays a game's moves from tok on, up to a result, the next game's first
// tag (left for the next game) or the end.
func (p *parser) movetext(m *movetext, tok token) error {
	var err error
	for ; tok.kind != tEOF; tok = p.next1(&err) {
		if err != nil {
			return err
		}
		switch tok.kind {
		case tTag:
			p.ahead = &tok // the next game's first tag
			return nil
		case tNAG:
			continue
		}
		if r, ok := results[tok.text]; ok {
			return p.termination(m, tok, r)
		}
		if err := p.move(m, tok); err != nil {
			return err
		}
	}
	return nil
}

// termination reads the result that ends a movetext. It must agree with the Result
// tag, except "*", which ends the moves without a result (files, the PDN standard's own
// example among them, end so even with a Result tag): the tag decides.
func (p *parser) termination(m *movetext, tok token, r string) error {
	switch {
	case m.result == "":
		m.result = r
	case r != "*" && r != m.result:
		return p.lex.errAt(tok.line, tok.col, "the movetext ends with %s, but the Result tag says %s", tok.text, m.result)
	}
	return nil
}

// move plays a movetext word: a move, maybe with its move number joined ("12.11-15")
// and annotations ("!?"); a lone move number or annotation is skipped.
func (p *parser) move(m *movetext, tok token) error {
	text := tok.text
	text = text[moveNumberEnd(text):]
	text = strings.TrimRight(text, "!?")
	if text == "" {
		return nil
	}
	if m.st.ToMove() == core.Terminal {
		return p.lex.errAt(tok.line, tok.col, "%s %s: the game is already over (%s)", m.moveName(), tok.text, overText(m.st, m.b))
	}
	mv, err := resolve(m.st, m.b, text)
	if err != nil {
		return p.lex.errAt(tok.line, tok.col, "%s %s: %v", m.moveName(), tok.text, err)
	}
	m.g.Moves = append(m.g.Moves, m.st.MoveString(mv))
	m.st.Play(mv)
	m.ply++
	return nil
}

// moveName says which move of the game the next ply is, as PDN numbers them: "move 12
// (White)".
func (m *movetext) moveName() string {
	n := m.ply/2 + 1
	if m.first != m.g.Type.First {
		n = (m.ply+1)/2 + 1
	}
	return fmt.Sprintf("move %d (%s)", n, colourName(m.b.colour(m.st.Mover())))
}

// moveNumberEnd returns the length of a leading move number ("12.", "12...", "12…"),
// or 0.
func moveNumberEnd(text string) int {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i == 0 || i == len(text) || text[i] != '.' {
		return 0
	}
	for i < len(text) && text[i] == '.' {
		i++
	}
	return i
}

// overText says how a finished game ended, in PDN colours.
func overText(st *checkers.State, b board) string {
	w := core.Winners(st.Returns(nil))
	if len(w) == 1 {
		return colourName(b.colour(int(w[0]))) + " won"
	}
	return "drawn by the rules"
}

// resolve finds the legal move a PDN move stands for: "11-15", a capture with every
// landing square ("15x24x31") or its start and end only ("15x31"), with 'x', 'X' or ':'
// between the squares. A capture written with '-' is read as the capture it must be.
func resolve(st *checkers.State, b board, text string) (core.Move, error) {
	capture := strings.ContainsAny(text, "xX:")
	parts := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' || r == ':' })
	want := "want squares joined by '-' for a move, 'x' for a capture"
	if b.t.Algebraic {
		want = "want squares such as c3-d4, or c3" + string(b.t.Sep) + "e5 for a capture"
	}
	if len(parts) < 2 || strings.Count(text, "-")+strings.Count(strings.ToLower(text), "x")+strings.Count(text, ":") != len(parts)-1 {
		return 0, fmt.Errorf("not a move: %s", want)
	}
	if strings.Contains(text, "-") && capture {
		return 0, fmt.Errorf("mixes '-' and a capture separator: %s", want)
	}
	path := make([]int, len(parts))
	for i, p := range parts {
		sq, err := b.parseSquare(p)
		if err != nil {
			return 0, err
		}
		path[i] = sq
	}
	legal := st.LegalMoves(nil)
	var ends []core.Move
	for _, m := range legal {
		mp, mcap := enginePath(st.MoveString(m))
		if mp[0] != path[0] {
			continue
		}
		if slices.Equal(mp, path) && (mcap || !capture) {
			return m, nil
		}
		if mcap && mp[len(mp)-1] == path[len(path)-1] && (len(path) == 2 || isSubsequence(path, mp)) {
			ends = append(ends, m)
		}
	}
	if len(ends) == 1 {
		return ends[0], nil
	}
	if len(ends) > 1 {
		return 0, fmt.Errorf("ambiguous: write the squares it lands on, one of %s", movesText(st, b, ends))
	}
	return 0, fmt.Errorf("illegal here (legal: %s)", movesText(st, b, legal))
}

// isSubsequence reports whether sub appears in seq in order.
func isSubsequence(sub, seq []int) bool {
	i := 0
	for _, x := range seq {
		if i < len(sub) && sub[i] == x {
			i++
		}
	}
	return i == len(sub)
}

// enginePath reads the engine's move text ("11-15", "15x24x31") as square indices.
func enginePath(text string) ([]int, bool) {
	capture := strings.Contains(text, "x")
	parts := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
	path := make([]int, len(parts))
	for i, p := range parts {
		n, _ := strconv.Atoi(p)
		path[i] = n - 1
	}
	return path, capture
}

// movesText writes moves in PDN notation, separated by spaces.
func movesText(st *checkers.State, b board, moves []core.Move) string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = moveText(st, b, m, true)
	}
	return strings.Join(out, " ")
}

// moveText writes a move in PDN notation: "11-15", and a capture as its start and end
// ("15x31"), with every landing square when full or when another legal capture has the
// same start and end.
func moveText(st *checkers.State, b board, m core.Move, full bool) string {
	path, capture := enginePath(st.MoveString(m))
	sep := "-"
	if capture {
		sep = string(b.t.Sep)
		if !full && len(path) > 2 {
			same := 0
			for _, l := range st.LegalMoves(nil) {
				lp, lc := enginePath(st.MoveString(l))
				if lc && lp[0] == path[0] && lp[len(lp)-1] == path[len(path)-1] {
					same++
				}
			}
			if same == 1 {
				path = []int{path[0], path[len(path)-1]}
			}
		}
	}
	out := make([]string, len(path))
	for i, sq := range path {
		out[i] = b.square(sq)
	}
	return strings.Join(out, sep)
}

// parseFEN reads a PDN FEN ("W:W21,22,K31:B1,2") into a position of game: the side to
// move, then each colour's pieces (kings prefixed with K, numeric types may give ranges
// such as 1-12). A trailing '.' is allowed.
func parseFEN(game *checkers.Game, b board, text string) (*checkers.State, error) {
	fail := func(format string, a ...any) (*checkers.State, error) {
		return nil, fmt.Errorf("FEN %q: %s", text, fmt.Sprintf(format, a...))
	}
	v := strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(text), " ", ""), ".")
	parts := strings.Split(v, ":")
	if len(parts) < 1 || len(parts) > 3 || (parts[0] != "W" && parts[0] != "B") {
		return fail("want the side to move (W or B), then each colour's squares, as W:W21,22,K31:B1,2")
	}
	var pieces [2][]string // engine colour -> engine position items
	var seen [2]bool
	for _, part := range parts[1:] {
		if part == "" || (part[0] != 'W' && part[0] != 'B') {
			return fail("piece list %q: want W or B, then the squares", part)
		}
		c := b.engineColour(part[0])
		if seen[c] {
			return fail("two piece lists for %s", colourName(part[0]))
		}
		seen[c] = true
		if len(part) == 1 {
			continue
		}
		for _, item := range strings.Split(part[1:], ",") {
			king := strings.HasPrefix(item, "K")
			item = strings.TrimPrefix(item, "K")
			lo, hi, isRange := strings.Cut(item, "-")
			if isRange && b.t.Algebraic {
				return fail("%q: ranges are for numbered squares", item)
			}
			a, err := b.parseSquare(lo)
			if err != nil {
				return fail("%v", err)
			}
			z := a
			if isRange {
				if z, err = b.parseSquare(hi); err != nil {
					return fail("%v", err)
				}
				if b.flip() {
					a, z = z, a
				}
				if z < a {
					return fail("range %q runs backwards", item)
				}
			}
			for sq := a; sq <= z; sq++ {
				k := ""
				if king {
					k = "K"
				}
				pieces[c] = append(pieces[c], k+strconv.Itoa(sq+1))
			}
		}
	}
	pos := string("BW"[b.engineColour(parts[0][0])]) + ":W" + strings.Join(pieces[1], ",") + ":B" + strings.Join(pieces[0], ",")
	st, err := game.Parse(pos)
	if err != nil {
		// The engine's message names its own squares: say only what was wrong.
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		if strings.Contains(msg, "listed twice") {
			return fail("a square holds two pieces")
		}
		return fail("%s", msg)
	}
	return st, nil
}

// fenOf writes a position as a PDN FEN.
func fenOf(st *checkers.State, b board) string {
	type piece struct {
		sq   int
		text string
	}
	var lists [2][]piece // by PDN colour: 0 White, 1 Black
	for sq := range st.Squares() {
		c, king, ok := st.Piece(sq)
		if !ok {
			continue
		}
		l := 0
		if b.colour(c) == 'B' {
			l = 1
		}
		text := b.square(sq)
		if king {
			text = "K" + text
		}
		key := sq
		if !b.t.Algebraic && b.flip() {
			key = b.squares - 1 - sq
		}
		lists[l] = append(lists[l], piece{key, text})
	}
	var out strings.Builder
	out.WriteByte(b.colour(st.Mover()))
	for l, name := range []string{"W", "B"} {
		slices.SortFunc(lists[l], func(x, y piece) int { return x.sq - y.sq })
		out.WriteString(":" + name)
		for i, p := range lists[l] {
			if i > 0 {
				out.WriteByte(',')
			}
			out.WriteString(p.text)
		}
	}
	return out.String()
}
