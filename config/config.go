// Package config reads kalahlab's YAML configuration files through a *viper.Viper that
// the command line creates and passes down, and decodes them strictly into plain structs
// (the packages that run games never see viper).
//
// # Game configs
//
// A game config is what `kalahlab play -c game.yaml` reads. Every key is optional;
// defaults in brackets (the embedded default-game.yaml):
//
//	variant: kalah        # a variant name, or the path of a .lua variant script [kalah]
//	params:               # knob overrides for the variant: integers, booleans, strings [{}]
//	  houses: 4
//	  seeds: 3
//	house_rules: []       # further Lua house-rule scripts layered on top (paths) [[]]
//	players:              # one per seat: seat 1 (South, moves first), then 2 [human, random]
//	  - { agent: human }
//	  - { agent: alphabeta, depth: 8, time: 2s }  # other keys are the agent's options
//	seed: 1               # a non-negative integer: same seed, same game [1]
//	scripts: ""           # a directory of user variant scripts [""]
//
// Keys are snake_case and matched exactly. A key whose value is left empty (null) is the
// same as a key left out.
//
// # Precedence
//
// Lowest to highest: the embedded default, the file, the environment (KALAHLAB_VARIANT,
// KALAHLAB_SEED, KALAHLAB_SCRIPTS), then whatever the caller set on the viper before
// calling [LoadGame]: flags bound with BindPFlag("variant"|"seed"|"scripts", ...) that
// were given on the command line, and values from Set. A bound flag that was not given
// does not override the file or the environment. Players and params given on the
// command line (--p1, --set) are merged into the decoded [Game] by the caller.
//
// # Strictness and errors
//
// A file is read once: one strict decoder walks its YAML node tree, driven by the tags
// of the struct that describes the file (gameDoc, studyDoc: each key's type, range,
// allowed values, whether it is required), and viper is fed only the values it accepts,
// so that flags, the environment and defaults layer on them. Every mistake in the file
// is reported at once, in line order, with the file, the line and the key path, what is
// allowed, and a did-you-mean suggestion where one is close:
//
//	game.yaml:1: unknown key "varient" (did you mean "variant"? want variant, params, house_rules, players, seed, scripts)
//	game.yaml:3: players[1].agnet: unknown key (did you mean "agent"? want agent and the agent's options)
//	game.yaml:4: params.houses: 4.5 is a float, want an integer 1..16
//	env KALAHLAB_SEED: "abc" is not an integer, want a non-negative integer
//
// The entries of a list are counted from 1 in these key paths, as seats are counted
// everywhere: players[1] is seat 1's agent, variants[2] a study's second variant.
//
// Unknown keys, duplicate keys, floats where integers belong, values of the wrong type
// or out of range, unknown agents and (when the variant is one the registry can look
// up) unknown params and params out of range are all errors. A value from the
// environment is checked by the same rules and names the variable; one the caller set
// (a flag) names the key. A YAML syntax error stops the walk; an unclosed flow mapping,
// list or quote is reported where the text breaks (the less indented line, the missing
// comma), not where it opened.
//
// One error is an [*Error], wrapping its cause such as a *core.ParamError; several are
// an [*Errors]: the first 20 by line and a count of the rest, so that a file
// with a million mistakes costs no more than one with twenty (did-you-mean work is done
// only for the errors listed).
package config

import (
	"embed"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

//go:embed default-game.yaml
var defaultGame []byte

//go:embed examples/*.yaml
var examples embed.FS

// defaultGameYAML returns the embedded default game config, the lowest layer of
// [LoadGame]. The slice is a copy the caller may keep or change.
func defaultGameYAML() []byte { return append([]byte(nil), defaultGame...) }

// examplesFS returns the embedded example configs (config/examples/*.yaml), named by
// their base names such as "kalah-4x3.yaml".
func examplesFS() fs.FS {
	sub, err := fs.Sub(examples, "examples")
	if err != nil { // cannot happen: "examples" is a valid embedded directory
		return examples
	}
	return sub
}

// Error is a configuration error: where the bad setting came from (a file, line and
// column, an environment variable, or nothing when the caller set it), the key path, and
// what is wrong. It prints as "file:line: key.path: message".
type Error struct {
	Source string // a file name, or "env KALAHLAB_SEED"; "" when not known
	Line   int    // 1-based line in Source; 0 when not known
	Col    int    // 1-based column in Source; 0 when not known (not printed)
	Key    string // the key path, such as players[1].agent; "" for the whole document
	Msg    string // what is wrong and what is allowed; Err's text when empty
	Err    error  // the cause, or nil
}

// Error formats the error as "source:line: key: message".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Source != "" {
		b.WriteString(e.Source)
		if e.Line > 0 {
			b.WriteString(":")
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		b.WriteString(e.Key)
		b.WriteString(": ")
	}
	switch {
	case e.Msg != "":
		b.WriteString(e.Msg)
	case e.Err != nil:
		b.WriteString(e.Err.Error())
	default:
		b.WriteString("invalid")
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// maxErrors is how many errors one load lists at most; [Errors.More] counts the rest.
const maxErrors = 20

// Errors is what a load that found more than one problem returns: the problems in line
// order (file errors first, then those of the environment and the caller), at most
// 20 of them, and how many more there were. It prints one error a line.
// errors.As finds each [*Error] in it.
type Errors struct {
	List []*Error
	More int // problems found beyond List
}

// Error lists the errors one a line, then "and N more errors" when some were left out.
func (e *Errors) Error() string {
	var b strings.Builder
	for i, x := range e.List {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(x.Error())
	}
	if e.More > 0 {
		fmt.Fprintf(&b, "\nand %d more error", e.More)
		if e.More > 1 {
			b.WriteString("s")
		}
	}
	return b.String()
}

// Unwrap returns the listed errors.
func (e *Errors) Unwrap() []error {
	out := make([]error, len(e.List))
	for i, x := range e.List {
		out[i] = x
	}
	return out
}

// errorList collects the errors of one load, keeping the maxErrors earliest in the file
// and counting the rest, so that a file with a million mistakes costs no more than one
// with twenty (callers ask keeps before working out an expensive message).
type errorList struct {
	list []*Error
	more int
}

// rank orders errors: file errors by line and column, then the others as they came.
func rank(e *Error) (int, int) {
	if e.Line > 0 {
		return e.Line, e.Col
	}
	return math.MaxInt, math.MaxInt
}

func before(l1, c1, l2, c2 int) bool { return l1 < l2 || (l1 == l2 && c1 < c2) }

// keeps reports whether an error at line:col (0 for one not in the file) would be
// listed rather than counted.
func (l *errorList) keeps(line, col int) bool {
	if len(l.list) < maxErrors {
		return true
	}
	if line <= 0 {
		line, col = math.MaxInt, math.MaxInt
	}
	ml, mc := rank(l.list[l.last()])
	return before(line, col, ml, mc)
}

// count counts an error that keeps said would not be listed.
func (l *errorList) count() { l.more++ }

// last is the index of the latest listed error, the first to give way.
func (l *errorList) last() int {
	worst := 0
	for i, x := range l.list {
		wl, wc := rank(l.list[worst])
		if xl, xc := rank(x); !before(xl, xc, wl, wc) {
			worst = i
		}
	}
	return worst
}

// add lists e, or counts it when maxErrors earlier ones are listed.
func (l *errorList) add(e *Error) {
	if len(l.list) < maxErrors {
		l.list = append(l.list, e)
		return
	}
	el, ec := rank(e)
	i := l.last()
	if wl, wc := rank(l.list[i]); before(el, ec, wl, wc) {
		l.list[i] = e
	}
	l.more++
}

func (l *errorList) empty() bool { return len(l.list) == 0 }

// err returns nil, the one error, or all of them as [*Errors] in line order.
func (l *errorList) err() error {
	switch {
	case len(l.list) == 0:
		return nil
	case len(l.list) == 1 && l.more == 0:
		return l.list[0]
	}
	list := slices.Clone(l.list)
	sort.SliceStable(list, func(i, j int) bool {
		li, ci := rank(list[i])
		lj, cj := rank(list[j])
		return before(li, ci, lj, cj)
	})
	return &Errors{List: list, More: l.more}
}

// unknownKey words an unknown key: what (such as `unknown key "x"`), the suggestion when
// one is close, then what is allowed.
func unknownKey(what, key string, candidates []string, want string) string {
	if sug := core.Suggest(key, candidates); sug != "" {
		return fmt.Sprintf("%s (did you mean %q? want %s)", what, sug, want)
	}
	return fmt.Sprintf("%s (want %s)", what, want)
}

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// checkSnake reports whether key is snake_case, and otherwise says what is wrong.
// Viper folds keys to lower case, so mixed-case keys would otherwise be accepted
// silently.
func checkSnake(key string) (string, bool) {
	if snakeCase.MatchString(key) {
		return "", true
	}
	if lower := strings.ToLower(key); snakeCase.MatchString(lower) {
		return fmt.Sprintf("keys are snake_case (did you mean %q?)", lower), false
	}
	return "keys are snake_case: lower-case letters, digits and _, starting with a letter", false
}
