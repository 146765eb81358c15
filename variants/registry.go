// Package variants is the registry of named variants and (in lua*.go) the Lua bridge
// that loads variant scripts.
//
// A Variant is a base game (kalah, ...) with its knob values resolved and, for a Lua
// variant, its hooks. Variants layer: a script extends a base game or another variant,
// and a YAML config or --set overrides knobs on top (Variant.With). A Variant is
// immutable and shared; each worker goroutine calls NewGame to get its own core.Game
// (and, for a variant with hooks, its own Lua state).
package variants

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// bases lists the base games: adding a game is one line here.
var bases = []core.Def{
	kalah.Def,
}

// Bases returns the base games.
func Bases() []core.Def { return append([]core.Def(nil), bases...) }

// Base looks a base game up by name.
func Base(name string) (core.Def, bool) {
	for _, d := range bases {
		if d.Name == name {
			return d, true
		}
	}
	return core.Def{}, false
}

// Variant is a named set of rules.
type Variant struct {
	Name    string
	Summary string
	Base    string      // the base game
	Source  string      // "built-in", or the script that defines it
	Params  core.Params // every knob's value
	Specs   []core.ParamSpec
	// newGame builds one game for one goroutine from the resolved knobs.
	newGame func(name string, p core.Params) (core.Game, error)
}

// NewGame returns a game for one goroutine: the knobs resolved, hooks bound to a fresh
// Lua state where the variant has hooks.
func (v *Variant) NewGame() (core.Game, error) {
	g, err := v.newGame(v.Name, v.Params)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	return g, nil
}

// With returns a copy of v with knobs overridden (values as decoded from YAML, Lua or
// --set). Unknown knobs and bad values are errors naming the allowed ones.
func (v *Variant) With(overrides map[string]any) (*Variant, error) {
	if len(overrides) == 0 {
		return v, nil
	}
	p, err := core.Apply(v.Specs, v.Params, overrides)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	c := *v
	c.Params = p
	if _, err := c.newGame(c.Name, c.Params); err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	return &c, nil
}

// Options says where user scripts are found.
type Options struct {
	ScriptsDir string // a directory of user variant scripts ("" for none)
}

// Lookup finds a variant by name: a base game, a built-in variant, a user script in the
// scripts directory, or a path to a .lua file.
func Lookup(name string, opt Options) (*Variant, error) {
	if d, ok := Base(name); ok {
		return fromBase(d), nil
	}
	names := make([]string, 0, len(bases))
	for _, v := range List(opt) {
		names = append(names, v.Name)
	}
	msg := fmt.Sprintf("variant %q unknown (want one of %s)", name, strings.Join(names, ", "))
	if sug := core.Suggest(name, names); sug != "" {
		msg = fmt.Sprintf("variant %q unknown, did you mean %q? (want one of %s)", name, sug, strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("%s", msg)
}

// List returns every variant known: base games first, then by name.
func List(opt Options) []*Variant {
	var out []*Variant
	for _, d := range bases {
		out = append(out, fromBase(d))
	}
	sort.SliceStable(out[len(bases):], func(i, j int) bool { return out[len(bases)+i].Name < out[len(bases)+j].Name })
	return out
}

func fromBase(d core.Def) *Variant {
	return &Variant{
		Name:    d.Name,
		Summary: d.Summary,
		Base:    d.Name,
		Source:  "built-in",
		Params:  core.Defaults(d.Params),
		Specs:   d.Params,
		newGame: d.New,
	}
}
