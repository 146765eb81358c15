package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// YAML tags as yaml.Node.ShortTag resolves them.
const (
	tagStr   = "!!str"
	tagInt   = "!!int"
	tagBool  = "!!bool"
	tagFloat = "!!float"
	tagNull  = "!!null"
	tagMerge = "!!merge"
)

// parseYAML reads exactly one YAML document and returns its top-level node (nil for an
// empty document: only comments, or null). A syntax error is returned as an *Error at
// the line where the text breaks; a second document is reported to errs.
func parseYAML(file string, data []byte, errs *errorList) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, syntaxError(file, data, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, syntaxError(file, data, err)
	default:
		errs.add(&Error{Source: file, Line: extra.Line, Col: extra.Column, Msg: "a second YAML document (after ---); want one document"})
	}
	top := &root
	if top.Kind == yaml.DocumentNode {
		if len(top.Content) == 0 {
			return nil, nil
		}
		top = top.Content[0]
	}
	if n := deref(top); n == nil || isNull(n) {
		return nil, nil
	}
	return top, nil
}

var yamlLine = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// syntaxError turns a YAML parser error into an *Error naming the file and line. The
// parser names the line where an unclosed flow collection opened; locateBreak finds the
// line where the text actually breaks, which is where the fix goes.
func syntaxError(file string, data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &Error{Source: file, Err: err, Line: 1, Msg: "invalid YAML: " + msg}
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		if n, convErr := strconv.Atoi(m[1]); convErr == nil && n > 0 {
			e.Line, msg = n, m[2]
			e.Msg = "invalid YAML: " + msg
		}
	}
	if flowProblem(msg) {
		if b, ok := locateBreak(data); ok {
			e.Line, e.Col, e.Msg = b.line, b.col, "invalid YAML: "+b.msg
		}
	}
	return e
}

// flowProblem reports whether a parser message is one that an unbalanced flow
// collection or quote gives, so that locateBreak's finding explains it.
func flowProblem(msg string) bool {
	for _, s := range []string{
		"did not find expected ',' or", "did not find expected node content",
		"did not find expected key", "found unexpected end of stream",
		"mapping values are not allowed", "could not find expected ':'",
	} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// textBreak is where locateBreak found the text broken.
type textBreak struct {
	line, col int
	msg       string
}

// open is an open flow collection ({ or [) or quote.
type open struct {
	ch        byte
	line, col int
	indent    int  // indentation of the line it opened on
	colon     bool // the current entry has had its ": " (flow collections)
}

func (o open) name() string {
	switch o.ch {
	case '{':
		return `flow mapping "{"`
	case '[':
		return `flow list "["`
	}
	return "quoted string " + string(o.ch)
}

func closer(ch byte) byte {
	if ch == '{' {
		return '}'
	}
	return ']'
}

// scanner is a small YAML lexer that knows only what locateBreak needs: flow
// collections, quotes, comments and block scalars.
type scanner struct {
	data      []byte
	i         int
	line, col int // of data[i], 1-based
	indent    int // of the current line
	lineStart bool
	token     bool // at the start of a token (where a quote or bracket opens something)
	stack     []open
	quote     *open
	blockLit  int // indentation a block scalar's lines exceed; -1 when not in one
	lastText  int // last line with content
}

// locateBreak finds where an unbalanced flow collection or quote breaks the text: a
// less indented line inside { or [, a second ": " in one flow entry, a closer that
// closes nothing, or the end of the file with something still open.
func locateBreak(data []byte) (textBreak, bool) {
	s := &scanner{data: data, line: 1, col: 1, lineStart: true, token: true, blockLit: -1}
	for s.i < len(s.data) {
		if b, ok := s.step(); ok {
			return b, true
		}
	}
	switch {
	case s.quote != nil:
		return textBreak{s.quote.line, s.quote.col, "the " + s.quote.name() + " opened here is not closed by the end of the file"}, true
	case len(s.stack) > 0:
		o := s.stack[len(s.stack)-1]
		return textBreak{max(s.lastText, o.line), 0, fmt.Sprintf("the %s opened at line %d is not closed by the end of the file (want %q)", o.name(), o.line, string(closer(o.ch)))}, true
	}
	return textBreak{}, false
}

func (s *scanner) advance() {
	if s.data[s.i] == '\n' {
		s.line++
		s.col = 1
		s.lineStart, s.indent = true, 0
		if len(s.stack) == 0 {
			s.token = true
		}
	} else {
		s.col++
	}
	s.i++
}

func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.data) {
		return s.data[s.i+k]
	}
	return '\n'
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// step reads one character (or a run that belongs together) and reports a break.
func (s *scanner) step() (textBreak, bool) {
	c := s.data[s.i]
	switch {
	case s.quote != nil:
		s.inQuote(c)
	case s.lineStart:
		return s.startOfLine(c)
	case c == '#' && (s.i == 0 || isBlank(s.data[s.i-1])):
		s.skipLine()
	case strings.IndexByte("{}[],:", c) >= 0:
		return s.flowIndicator(c)
	case c == '|' || c == '>':
		if s.token && len(s.stack) == 0 && s.blockHeader() {
			s.blockLit = s.indent
			s.skipLine()
			return textBreak{}, false
		}
		s.text()
	default:
		s.other(c)
	}
	return textBreak{}, false
}

// flowIndicator reads a bracket, a comma or a colon: each is one only where YAML says
// so, and otherwise part of a plain scalar.
func (s *scanner) flowIndicator(c byte) (textBreak, bool) {
	inFlow := len(s.stack) > 0
	switch {
	case (c == '{' || c == '[') && (s.token || inFlow):
		s.stack = append(s.stack, open{ch: c, line: s.line, col: s.col, indent: s.outerIndent()})
		s.token, s.lastText = true, s.line
		s.advance()
	case c == '}' || c == ']':
		return s.close(c)
	case c == ',' && inFlow:
		s.stack[len(s.stack)-1].colon = false
		s.token = true
		s.advance()
	case c == ':' && (isBlank(s.peek(1)) || (inFlow && strings.IndexByte(",]}", s.peek(1)) >= 0)):
		return s.colon()
	default:
		s.text()
	}
	return textBreak{}, false
}

// other reads quotes, list dashes, blanks, anchors, tags and text.
func (s *scanner) other(c byte) {
	switch {
	case (c == '\'' || c == '"') && s.token:
		s.quote = &open{ch: c, line: s.line, col: s.col}
		s.lastText = s.line
		s.advance()
	case c == '-' && s.token && isBlank(s.peek(1)) && len(s.stack) == 0:
		s.advance() // a block list entry: the token goes on
	case isBlank(c):
		s.advance()
	case (c == '&' || c == '!') && s.token:
		for s.i < len(s.data) && !isBlank(s.data[s.i]) {
			s.advance()
		}
	default:
		s.text()
	}
}

// outerIndent is the indentation of the line the outermost open collection opened on.
func (s *scanner) outerIndent() int {
	if len(s.stack) > 0 {
		return s.stack[0].indent
	}
	return s.indent
}

func (s *scanner) text() {
	s.token = false
	s.lastText = s.line
	s.advance()
}

func (s *scanner) skipLine() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.advance()
	}
}

func (s *scanner) inQuote(c byte) {
	switch {
	case c == '\\' && s.quote.ch == '"':
		s.advance()
	case c == '\'' && s.quote.ch == '\'' && s.peek(1) == '\'':
		s.advance()
	case c == s.quote.ch:
		s.quote = nil
		s.token = false
		s.lastText = s.line
	}
	if s.i < len(s.data) {
		s.advance()
	}
}

// startOfLine measures a new line's indentation and checks it against the open flow
// collections: inside one, a line indented no more than the line it opened on breaks it.
func (s *scanner) startOfLine(c byte) (textBreak, bool) {
	if c == ' ' {
		s.indent++
		s.advance()
		return textBreak{}, false
	}
	if c == '\n' || c == '\r' || c == '#' {
		s.lineStart = false
		return textBreak{}, false
	}
	s.lineStart = false
	if s.blockLit >= 0 {
		if s.indent > s.blockLit || c == '\t' {
			s.skipLine()
			return textBreak{}, false
		}
		s.blockLit = -1
	}
	if len(s.stack) == 0 {
		s.token = true
		return textBreak{}, false
	}
	o := s.stack[0]
	if s.indent <= o.indent && !(c == closer(s.stack[len(s.stack)-1].ch) && len(s.stack) == 1) {
		top := s.stack[len(s.stack)-1]
		msg := fmt.Sprintf("the %s opened at line %d is not closed before this line (want %q, or indent this line more)", top.name(), top.line, string(closer(top.ch)))
		return textBreak{s.line, s.col, msg}, true
	}
	return textBreak{}, false
}

func (s *scanner) close(c byte) (textBreak, bool) {
	if len(s.stack) == 0 {
		if !s.token {
			s.text() // part of a plain scalar, such as "a}"
			return textBreak{}, false
		}
		return textBreak{s.line, s.col, fmt.Sprintf("%q closes nothing", string(c))}, true
	}
	top := s.stack[len(s.stack)-1]
	if closer(top.ch) != c {
		return textBreak{s.line, s.col, fmt.Sprintf("%q does not close the %s opened at line %d (want %q)", string(c), top.name(), top.line, string(closer(top.ch)))}, true
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.lastText = s.line
	s.advance()
	if len(s.stack) > 0 {
		s.token = false
		return textBreak{}, false
	}
	// Back in block context: only a ":" (the collection was a key) or a comment may
	// follow on the line.
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t') {
		s.advance()
	}
	switch s.peek(0) {
	case '\n', '\r', '#', ':':
		s.token = s.peek(0) == ':'
		return textBreak{}, false
	}
	return textBreak{s.line, s.col, fmt.Sprintf("unexpected %q after the end of the %s opened at line %d", string(s.peek(0)), top.name(), top.line)}, true
}

// colon reads a ": " value indicator; a second one in one flow entry means a missing ",".
func (s *scanner) colon() (textBreak, bool) {
	if n := len(s.stack); n > 0 {
		top := &s.stack[n-1]
		if top.colon {
			return textBreak{s.line, s.col, fmt.Sprintf("a second \": \" in one entry of the %s opened at line %d (a missing \",\"?)", top.name(), top.line)}, true
		}
		top.colon = true
	}
	s.advance()
	s.token = true
	return textBreak{}, false
}

// blockHeader reports whether a | or > starts a block scalar: only indicators and a
// comment follow on the line.
func (s *scanner) blockHeader() bool {
	j := s.i + 1
	for j < len(s.data) && strings.IndexByte("+-0123456789", s.data[j]) >= 0 {
		j++
	}
	for j < len(s.data) && (s.data[j] == ' ' || s.data[j] == '\t') {
		j++
	}
	return j >= len(s.data) || s.data[j] == '\n' || s.data[j] == '\r' || s.data[j] == '#'
}

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == tagNull
}

// describe names what a node is, for "want ..." messages.
func describe(n *yaml.Node) string {
	if n == nil {
		return "empty"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case tagStr:
			return fmt.Sprintf("the string %q", n.Value)
		case tagInt:
			return "the integer " + n.Value
		case tagFloat:
			return "the float " + n.Value
		case tagBool:
			return "the boolean " + n.Value
		case tagNull:
			return "empty"
		}
		return fmt.Sprintf("%s %s", n.ShortTag(), n.Value)
	}
	return "an alias"
}

var integerText = regexp.MustCompile(`^[-+]?[0-9][0-9_]*$`)

// isIntegerText reports whether a scalar the YAML resolver read as a float is written as
// an integer (one too large for 64 bits).
func isIntegerText(s string) bool { return integerText.MatchString(s) }
