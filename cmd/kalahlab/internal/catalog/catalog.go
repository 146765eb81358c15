// Package catalog arranges the variants for people to browse, in the terminal
// (kalahlab variants list) and in the browser (kalahlab serve's Variants page): the
// groups they are listed in (family, then region) and the mechanisms each one uses
// (relay sowing, four rows, a chosen direction, ...), derived from the variant's own
// data — its base game's rules, its knobs and its hooks — never from a hand-kept list
// of variant names.
package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/variants"
)

// Group is the heading a variant is listed under: its family, and its region when it
// has one ("mancala / West Africa").
func Group(v *variants.Variant) string {
	if v.Region == "" {
		return v.Family
	}
	return v.Family + " / " + v.Region
}

// Sort orders list by family, then region, keeping the catalogue's order (base games
// first) within a group.
func Sort(list []*variants.Variant) {
	slices.SortStableFunc(list, func(x, y *variants.Variant) int {
		return cmp.Or(cmp.Compare(x.Family, y.Family), cmp.Compare(x.Region, y.Region))
	})
}

// Mechanism is a way of playing that several games share, as a filter offers it.
type Mechanism struct {
	Key   string // for addresses and data attributes: "relay"
	Label string // for people: "relay sowing"
	Doc   string // one sentence: what it means
	has   func(f *facts) bool
}

// facts is what the mechanisms are read from: the variant, a game of it and, for the
// mancala family's descriptor games, the descriptor's rules.
type facts struct {
	v     *variants.Variant
	g     core.Game
	rules *mancala.Rules
}

func (f *facts) param(name string) any { return f.v.Params[name] }

func (f *facts) on(name string) bool { return f.param(name) == true }

func (f *facts) anyCapture(ok func(c mancala.Capture) bool) bool {
	return f.rules != nil && slices.ContainsFunc(f.rules.Captures, ok)
}

// Mechanisms is the vocabulary, in the order a variant's list and the filter show it.
var Mechanisms = []Mechanism{
	{"relay", "relay sowing", "a last seed in an occupied hole lifts its seeds and sows on", func(f *facts) bool {
		return f.rules != nil && f.rules.Sowing.Relay != mancala.NoRelay
	}},
	{"four-rows", "four rows", "each player has two rows of holes, an inner and an outer one", func(f *facts) bool {
		return f.rules != nil && f.rules.Board.Rows == 4 || f.v.Base == "kalah" && fmt.Sprint(f.param("rows")) == "4"
	}},
	{"chosen-direction", "chosen direction", "the mover chooses which way to sow with each move", func(f *facts) bool {
		return f.rules != nil && (f.rules.Sowing.Direction == mancala.Chosen || slices.Contains(f.rules.Sowing.HouseDirections, mancala.Chosen))
	}},
	{"direction-by-hole", "direction by hole", "each hole sows its own way (towards the nearer end)", func(f *facts) bool {
		return f.rules != nil && len(f.rules.Sowing.HouseDirections) > 0
	}},
	{"extra-turns", "extra turns", "a last seed in the mover's own store gives another move", func(f *facts) bool {
		return f.rules != nil && f.rules.ExtraTurn || f.v.Base == "kalah" && f.on("store_sowing")
	}},
	{"count-captures", "captures by count", "a hole is captured when the sowing makes it a given count (2 or 3, even, four, ...)", func(f *facts) bool {
		return f.anyCapture(func(c mancala.Capture) bool { return len(c.Counts) > 0 || c.Even })
	}},
	{"chain-captures", "chain captures", "the holes before (or after) a capture are captured too while they qualify", func(f *facts) bool {
		return f.anyCapture(func(c mancala.Capture) bool { return c.Chain != mancala.NoChain })
	}},
	{"sown-captures", "captures sown on", "captured seeds are sown again instead of stored", func(f *facts) bool {
		return f.anyCapture(func(c mancala.Capture) bool { return c.Effect == mancala.Resow })
	}},
	{"marked-holes", "marked holes", "a hole can become a player's own for the rest of the game (a tuzdik, a bull, a pair)", func(f *facts) bool {
		return f.anyCapture(func(c mancala.Capture) bool { return c.Effect == mancala.MarkPit || c.Effect == mancala.KeepPair })
	}},
	{"must-feed", "must feed", "a player may not leave the opponent without seeds when they can help it", func(f *facts) bool {
		return f.rules != nil && (f.rules.MustFeed || f.rules.NoStarve)
	}},
	{"pie-rule", "pie rule", "the second player may swap sides after the first move", func(f *facts) bool {
		return f.rules != nil && f.rules.PieRule || f.on("pie_rule")
	}},
	{"rounds", "rounds", "a match of rounds: the holes are refilled from the stores, and holes a player cannot fill are out", func(f *facts) bool {
		return f.rules != nil && f.rules.Rounds.Seeds > 0
	}},
	{"setup", "setup phase", "the players arrange their seeds before play", func(f *facts) bool {
		return f.rules != nil && f.rules.Setup.Moves > 0
	}},
	{"passes", "passes", "a player who cannot sow passes", func(f *facts) bool {
		return f.rules != nil && f.rules.Pass
	}},
	{"flying-kings", "flying kings", "kings move and capture any distance along a diagonal", func(f *facts) bool {
		return f.on("flying_kings")
	}},
	{"gravity", "gravity", "a mark drops to the lowest empty cell of its column", func(f *facts) bool {
		return f.on("gravity")
	}},
	{"misere", "misère", "the player who makes a line loses", func(f *facts) bool {
		return f.on("misere")
	}},
	{"dice", "dice", "a die decides what can be moved", func(f *facts) bool {
		return ai.HasChance(f.g)
	}},
	{"multiplayer", "more than two players", "three or four seats", func(f *facts) bool {
		return f.g.NumPlayers() > 2
	}},
	{"lua-hooks", "Lua hooks", "the script changes the rules with Lua code (the game runs slower)", func(f *facts) bool {
		return len(f.v.Hooks) > 0
	}},
}

// MechanismByKey returns the mechanism with key (ok false for none).
func MechanismByKey(key string) (Mechanism, bool) {
	for _, m := range Mechanisms {
		if m.Key == key {
			return m, true
		}
	}
	return Mechanism{}, false
}

// MechanismKeys lists the mechanisms' keys, for error messages.
func MechanismKeys() string {
	keys := make([]string, len(Mechanisms))
	for i, m := range Mechanisms {
		keys[i] = m.Key
	}
	return strings.Join(keys, ", ")
}

var (
	cacheMu sync.Mutex
	cache   = map[string][]Mechanism{}
)

// MechanismsOf lists the mechanisms v uses, in the vocabulary's order. It builds a
// game of v (the result is kept by name, scripts and knobs); a variant whose game
// cannot be built has none.
func MechanismsOf(v *variants.Variant) []Mechanism {
	key := fmt.Sprintf("%s\x00%s\x00%v", v.Name, v.Hash, v.Params)
	cacheMu.Lock()
	ms, ok := cache[key]
	cacheMu.Unlock()
	if ok {
		return ms
	}
	g, err := v.NewGame()
	if err != nil {
		return nil
	}
	f := &facts{v: v, g: g}
	if rg, ok := g.(interface{ Rules() mancala.Rules }); ok {
		r := rg.Rules()
		f.rules = &r
	}
	ms = []Mechanism{}
	for _, m := range Mechanisms {
		if m.has(f) {
			ms = append(ms, m)
		}
	}
	cacheMu.Lock()
	if len(cache) > 1000 { // user scripts that keep changing: start again
		clear(cache)
	}
	cache[key] = ms
	cacheMu.Unlock()
	return ms
}
