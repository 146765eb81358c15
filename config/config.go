// Package config reads kalahlab's YAML configuration files through a *viper.Viper that
// the command line creates and passes down, and decodes them strictly into plain structs
// (the packages that run games never see viper).
//
// # Game configs
//
// A game config is what `kalahlab play -c game.yaml` reads. Every key is optional;
// defaults in brackets (the embedded default-game.yaml, see [DefaultGameYAML]):
//
//	variant: kalah        # a variant name, or the path of a .lua variant script [kalah]
//	params:               # knob overrides for the variant: integers, booleans, strings [{}]
//	  houses: 4
//	  seeds: 3
//	house_rules: []       # further Lua house-rule scripts layered on top (paths) [[]]
//	players:              # one per seat, from seat 0 [human, random]
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
// Before viper sees a file, the file is walked as a YAML node tree, so that every
// mistake is reported with the file, the line and the key path, the keys or values
// allowed, and a did-you-mean suggestion where one is close:
//
//	game.yaml:1: unknown key "varient" (did you mean "variant"? want variant, params, house_rules, players, seed, scripts)
//	game.yaml:3: players[1].agnet: unknown key (did you mean "agent"? want agent and the agent's options)
//	game.yaml:2: params.houses: 4.5 is a float, want an integer 1..16
//	env KALAHLAB_SEED: "abc" is not a non-negative integer
//
// Unknown keys, duplicate keys, floats where integers belong, values of the wrong type,
// unknown agents and (when the variant is one the registry can look up) unknown params
// and params out of range are all errors. Such errors are of type [*Error] and wrap
// their cause, such as a *core.ParamError.
package config

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

//go:embed default-game.yaml
var defaultGame []byte

//go:embed examples/*.yaml
var examples embed.FS

// DefaultGameYAML returns the embedded default game config, the lowest layer of
// [LoadGame]. The slice is a copy the caller may keep or change.
func DefaultGameYAML() []byte { return append([]byte(nil), defaultGame...) }

// ExamplesFS returns the embedded example configs (config/examples/*.yaml), named by
// their base names such as "kalah-4x3.yaml".
func ExamplesFS() fs.FS {
	sub, err := fs.Sub(examples, "examples")
	if err != nil { // cannot happen: "examples" is a valid embedded directory
		return examples
	}
	return sub
}

// Error is a configuration error: where the bad setting came from (a file and line, an
// environment variable, or nothing when the caller set it), the key path, and what is
// wrong. It prints as "file:line: key.path: message".
type Error struct {
	Source string // a file name, or "env KALAHLAB_SEED"; "" when not known
	Line   int    // 1-based line in Source; 0 when not known
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
