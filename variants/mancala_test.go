package variants

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/scripts"
)

// TestMancalaKalahPerft: mancala/kalah, a Lua descriptor, equals core/kalah (the kalah
// base game with its default knobs) on perft 1..7, and move by move on random games.
func TestMancalaKalahPerft(t *testing.T) {
	v, err := Lookup("mancala/kalah", Options{})
	require.NoError(t, err)
	mg, err := v.NewGame()
	require.NoError(t, err)
	kr := kalah.DefaultRules()
	kg, err := kalah.New("kalah", kr)
	require.NoError(t, err)
	depth := 7
	if testing.Short() {
		depth = 5
	}
	for d := 1; d <= depth; d++ {
		assert.Equal(t, core.Perft(kg.NewState(), d), core.Perft(mg.NewState(), d), "perft %d", d)
	}
	rng := rand.New(rand.NewPCG(14, 2))
	for i := 0; i < 200; i++ {
		ks, ms := kg.NewState(), mg.NewState()
		for ks.ToMove() != core.Terminal {
			require.Equal(t, ks.String(), ms.String())
			lm := ks.LegalMoves(nil)
			require.Equal(t, lm, ms.LegalMoves(nil))
			m := lm[rng.IntN(len(lm))]
			ks.Play(m)
			ms.Play(m)
		}
		require.Equal(t, ks.String(), ms.String())
		require.Equal(t, ks.Returns(nil), ms.Returns(nil))
	}
}

// writeScript writes a script into dir and returns its path.
func writeScript(t *testing.T, dir, name, src string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	return file
}

// TestMancalaBadDescriptors: a bad descriptor is a load error naming the file, the line
// and the field path.
func TestMancalaBadDescriptors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"skip", `return variant {
  extends = "mancala",
  sowing = {
    skip = true,
  },
}`, `bad.lua:4: sowing.skip: got true, want "origin" or nil`},
		{"unknown field", `return variant {
  extends = "mancala",
  sowing = { stores = "none",
    relya = true },
}`, `bad.lua:4: sowing.relya: unknown field, did you mean "relay"?`},
		{"unknown table", `return variant {
  extends = "mancala",
  sowwing = {},
}`, `bad.lua:3: field "sowwing" unknown, did you mean "sowing"?`},
		{"enum typo", `return variant {
  extends = "mancala",
  captures = {
    { side = "opponnent", take = "pit" },
  },
}`, `bad.lua:4: captures[1].side: got "opponnent", did you mean "opponent"?`},
		{"count out of range", `return variant {
  extends = "mancala",
  captures = {
    { side = "opponent", take = "pit",
      counts = { 2, 64 } },
  },
}`, `bad.lua:5: captures[1].counts[2]: got 64, want a whole number 1..63`},
		{"track misses a pit", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 2, seeds = 1,
    tracks = {
      { 1, 2, 3, 4, 5, 6 },
      { 4, 6, 1, 2 },
    },
  },
}`, `bad.lua:6: board.tracks[2] misses pit 5, a house player 2 owns`},
		{"track pit out of range", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 2, seeds = 1,
    tracks = { { 1, 2, 3, 4, 5, 6 }, { 4, 5, 6, 9 } },
  },
}`, `bad.lua:4: board.tracks[2][4]: pit 9 does not exist (1..6)`},
		{"chain needs take pit", `return variant {
  extends = "mancala",
  captures = {
    { side = "opponent", counts = { 2 },
      chain = "backward" },
  },
}`, `bad.lua:5: captures[1].chain: chains extend take = "pit" captures only`},
		{"pass needs cannot_move", `return variant {
  extends = "mancala",
  moves = {
    pass = true },
}`, `bad.lua:4: moves.pass: a pass rule needs ending.when = "cannot_move"`},
		{"repeats", `return variant {
  extends = "mancala",
  ending = { repeats = 1 },
}`, `bad.lua:3: ending.repeats: got 1, want 0 (off) or 2 and more`},
		{"not a mancala variant", `return variant {
  extends = "kalah",
  sowing = { relay = true },
}`, `bad.lua:3: sowing: a mancala descriptor table, but kalah is a kalah variant`},
		{"knob twice", `return variant {
  extends = "mancala",
  params = { houses = 4 },
  board = { rows = 2,
    houses = 5 },
}`, `bad.lua:5: board.houses: the houses knob is set in params too (line 3)`},
		{"listed pits need tracks", `return variant {
  extends = "mancala",
  board = { rows = 1, houses = 1, pits = { { owner = 1, row = 1, col = 1 } } },
}`, `bad.lua:3: board: a board that lists its pits needs tracks`},
		{"pit owner", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 1,
    pits = { { owner = 3, row = 1, col = 1 } }, tracks = { {}, {} } },
}`, `bad.lua:4: board.pits[1].owner: got 3, want a whole number 1..2`},
		{"two stores", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 1,
    pits = {
      { owner = 1, row = 2, col = 1 }, { owner = 1, store = true, row = 2, col = 2 },
      { owner = 2, row = 1, col = 1 }, { owner = 1, store = true, row = 1, col = 0 },
    },
    tracks = { { 1, 2, 3 }, { 3, 4, 1 } } },
}`, `bad.lua:4: board.pits: player 1 has 2 stores; want exactly 1`},
		{"relay typo", `return variant {
  extends = "mancala",
  sowing = { stores = "none",
    relay = "nxet" },
}`, `bad.lua:4: sowing.relay: got "nxet", did you mean "next"? (want "occupied", "own_side" or "next")`},
		{"relay type", `return variant {
  extends = "mancala",
  sowing = { relay = 2 },
}`, `bad.lua:3: sowing.relay: got 2, want true (as "occupied"), false, "occupied", "own_side" or "next"`},
		{"take_at_owner alone", `return variant {
  extends = "mancala",
  sowing = { stores = "none",
    take_at_owner = true },
}`, `bad.lua:4: sowing.take_at_owner: needs sowing.take_at`},
		{"resow_from without resow", `return variant {
  extends = "mancala",
  captures = {
    { side = "own", occupied = true, take = "column",
      resow_from = "lap_start" },
  },
}`, `bad.lua:5: captures[1].resow_from: goes with effect = "resow"`},
		{"resow_from typo", `return variant {
  extends = "mancala",
  captures = {
    { effect = "resow", resow_from = "lapstart" },
  },
}`, `bad.lua:4: captures[1].resow_from: got "lapstart", did you mean "lap_start"?`},
		{"occupied and empty_before", `return variant {
  extends = "mancala",
  captures = {
    { empty_before = true,
      occupied = true },
  },
}`, `bad.lua:5: captures[1].occupied: contradicts empty_before`},
		{"resow of the last pit (Validate)", `return variant {
  extends = "mancala",
  captures = {
    { side = "own",
      take = "pit", effect = "resow" },
  },
}`, `bad.lua:5: captures[1].effect = "resow": re-sowing the last pit's own seeds is a relay: use sowing.relay`},
		{"chosen with mark (Validate)", `return variant {
  extends = "mancala",
  captures = {
    { take = "pit",
      chosen = true, effect = "mark" },
  },
}`, `bad.lua:5: captures[1].chosen: the chosen house goes to the store: effect = "seeds" only`},
		{"from_ply", `return variant {
  extends = "mancala",
  captures = { { from_ply = -1 } },
}`, `bad.lua:3: captures[1].from_ply: got -1, want a whole number 0..1000000`},
		{"opening key typo", `return variant {
  extends = "mancala",
  moves = { opening = {
    each_hous = true } },
}`, `bad.lua:4: moves.opening.each_hous: unknown field, did you mean "each_house"?`},
		{"opening houses without plies", `return variant {
  extends = "mancala",
  moves = { opening = {
    houses = { 1 } } },
}`, `bad.lua:4: moves.opening.houses: set moves.opening.plies`},
		{"opening house range", `return variant {
  extends = "mancala",
  moves = { opening = { plies = 1,
    houses = { "h+" } } },
}`, `bad.lua:4: moves.opening.houses[1]: "h+" is not a whole number or an expression in h`},
		{"opening houses off the board", `return variant {
  extends = "mancala",
  moves = { opening = { plies = 1,
    houses = { 7, "h+2..h+4" } } },
}`, `bad.lua:4: moves.opening.houses: no house of 1..6 on this board (houses knob 6)`},
		{"must typo", `return variant {
  extends = "mancala",
  moves = {
    must = "reach_or_emtpy" },
}`, `bad.lua:4: moves.must: got "reach_or_emtpy", did you mean "reach_or_empty"?`},
		{"setup and pie rule (Validate)", `return variant {
  extends = "mancala",
  moves = { pie_rule = true,
    setup = 4 },
}`, `bad.lua:4: moves.setup: a setup phase and the pie rule together are not supported`},
		{"setup range", `return variant {
  extends = "mancala",
  moves = { setup = 256 },
}`, `bad.lua:3: moves.setup: got 256, want a whole number 1..255`},
		{"rounds that lose seeds (Validate)", `return variant {
  extends = "mancala",
  ending = { remaining = "split",
    rounds = { max = 3 } },
}`, `bad.lua:4: ending.rounds: ending.remaining split loses seeds between rounds; want owner, other, emptied or starter`},
		{"rounds below min_seeds (Validate)", `return variant {
  extends = "mancala",
  sowing = { min_seeds = 3 },
  ending = { rounds = {
    seeds = 2 } },
}`, `bad.lua:5: ending.rounds.seeds 2: fewer than sowing.min_seeds 3`},
		{"rounds key typo", `return variant {
  extends = "mancala",
  ending = { rounds = {
    maxx = 2 } },
}`, `bad.lua:4: ending.rounds.maxx: unknown field, did you mean "max"?`},
		{"left_at_most", `return variant {
  extends = "mancala",
  ending = {
    left_at_most = 0 },
}`, `bad.lua:4: ending.left_at_most: got 0, want a whole number 1..65535`},
		{"remaining typo", `return variant {
  extends = "mancala",
  ending = { remaining = "emptyed" },
}`, `bad.lua:3: ending.remaining: got "emptyed", did you mean "emptied"?`},
		{"stores with pits", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 1, stores = false,
    pits = { { owner = 1, row = 2, col = 1 }, { owner = 2, row = 1, col = 1 } },
    tracks = { { 1, 2 }, { 2, 1 } } },
}`, `bad.lua:3: board.stores: a board that lists its pits has the stores it lists`},
		{"start houses and deal", `return variant {
  extends = "mancala",
  board = { rows = 2, start = {
    { houses = 1, deal = 4 } } },
}`, `bad.lua:4: board.start[1]: houses and deal: give one`},
		{"start range", `return variant {
  extends = "mancala",
  board = { rows = 2, start = {
    { houses = "1..h/0" } } },
}`, `bad.lua:4: board.start[1].houses: "h/0": division by 0`},
		{"start deal from off the board", `return variant {
  extends = "mancala",
  board = { rows = 2, start = {
    { deal = 8,
      from = "h+1" } } },
}`, `bad.lua:5: board.start[1].from: h+1 is house 7; player 1 has houses 1..6 (houses knob 6)`},
		{"house direction typo", `return variant {
  extends = "mancala",
  sowing = { house_directions = {
    "clockwise", "clokwise" } },
}`, `bad.lua:4: sowing.house_directions[2]: got "clokwise", did you mean "clockwise"?`},
		{"house directions count (Validate)", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 3 },
  sowing = { house_directions = {
    "clockwise", "chosen" } },
}`, `bad.lua:4: sowing.house_directions: 2 entries; want one a house (3)`},
		{"keep_pair with column (Validate)", `return variant {
  extends = "mancala",
  captures = {
    { take = "column",
      effect = "keep_pair" },
  },
}`, `bad.lua:5: captures[1].effect = "keep_pair": pairs the last pit with one taken pit`},
		{"opposite_counts range", `return variant {
  extends = "mancala",
  captures = {
    { opposite_counts = { 3, 0 } },
  },
}`, `bad.lua:4: captures[1].opposite_counts[2]: got 0, want a whole number 1..63`},
		{"start by with houses", `return variant {
  extends = "mancala",
  board = { rows = 2, start = {
    { houses = "1..2", by = 2 } } },
}`, `bad.lua:4: board.start[1].by: goes with deal, not houses`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeScript(t, t.TempDir(), "bad.lua", tc.src)
			_, err := Lookup(file, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), filepath.Join(filepath.Dir(file), "bad.lua"))
		})
	}
}

// TestMancalaHookErrors: a hook that creates seeds stops the game with an error naming
// the script, the line and the hook; so does a bad return value or a bad b:sow.
func TestMancalaHookErrors(t *testing.T) {
	tests := []struct {
		name, hooks, want string
	}{
		{"capture creating seeds", `capture = function(b, mv)
      b:add(b:store(mv.player), 1)
    end,`, `bad.lua:5: capture: seeds not conserved: 49 on the board, want 48`},
		{"after_sow returning a number", `after_sow = function(b, mv)
      return 3
    end,`, `bad.lua:5: after_sow: returned a number, want nil (the rules decide), true`},
		{"sow from a store", `after_sow = function(b, mv)
      b:sow(b:store(1))
    end,`, `bad.lua:6: after_sow: sow: pit 7 is a store: sow from a house (b:sow)`},
		{"sow option typo", `after_sow = function(b, mv)
      b:sow(1, { playr = 1 })
    end,`, `b:sow: option "playr" unknown`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"mancala\",\n  sowing = { stores = \"none\" },\n  hooks = {\n    " + tc.hooks + "\n  },\n}\n"
			file := writeScript(t, t.TempDir(), "bad.lua", src)
			v, err := Lookup(file, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s := g.NewState()
			s.Play(s.LegalMoves(nil)[2])
			require.Error(t, s.Err())
			assert.Contains(t, s.Err().Error(), tc.want)
			assert.Equal(t, core.Terminal, s.ToMove(), "the error ends the game")
			assert.Equal(t, []float64{0, 0}, s.Returns(nil))
		})
	}
}

// TestMancalaMoveContext: the hooks see the move (origin, seeds, laps, lifts, drops,
// last), and b:sow is the engine's own sowing.
func TestMancalaMoveContext(t *testing.T) {
	src := `
local function list(t) return table.concat(t, ",") end
return variant {
  extends = "mancala/ayoayo",
  hooks = {
    capture = function(b, mv)
      -- Always: the context is consistent.
      assert(mv.lifts[1] == mv.origin and #mv.lifts == mv.laps, "lifts")
      assert(#mv.drops == mv.dropped and mv.drops[#mv.drops] == mv.last, "drops")
      assert(b:pit(mv.player, mv.house) == mv.origin and mv.direction == "anticlockwise", "origin")
      -- The example's move: house 5's seed relays from house 6 to North's houses.
      if b:ply() == 1 and mv.origin == 5 and mv.seeds == 1 then
        assert(mv.laps == 2 and list(mv.lifts) == "5,6", "lifts " .. list(mv.lifts))
        assert(list(mv.drops) == "6,8,9,10" and mv.dropped == 4, "drops " .. list(mv.drops))
        assert(mv.last == 10 and mv.empty_before, "last")
      end
    end,
    after_sow = function(b, mv)
      if b:ply() ~= 1 or mv.origin ~= 5 or mv.seeds ~= 1 then return end
      -- North's house 1 sown as North would, captures included; then South again.
      b:sow(b:pit(2, 1), { player = 2, capture = true })
      assert(b:sow(b:pit(1, 2)) == nil, "an empty house sows nothing")
      return true
    end,
  },
  examples = {
    { from = "3,0,0,0,1,2,[0],1,0,0,0,0,5,[0] s", play = "5" },
  },
}`
	file := writeScript(t, t.TempDir(), "ctx.lua", src)
	v, err := Lookup(file, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"after_sow", "capture"}, v.Hooks)
	g, err := v.NewGame()
	require.NoError(t, err)
	require.True(t, g.(*mancala.Game).Hooked())
	s, err := g.ParseState(v.Examples[0].From)
	require.NoError(t, err)
	s.Play(4)
	require.NoError(t, s.Err())

	// The same two sowings by the engine: South's 5, then North's 1.
	plain, err := mancala.New("ayoayo", mancala.Ayoayo(1000))
	require.NoError(t, err)
	ps, err := plain.Parse(v.Examples[0].From)
	require.NoError(t, err)
	ps.Play(4)
	ps.Play(0)
	want := ps.String()
	require.Equal(t, "3,0,0,0,0,0,[0],0,2,0,1,1,5,[0] s", want)
	assert.Equal(t, want, s.String(), "b:sow sows and captures as a move does")

	games := 10
	if testing.Short() { // the race step of make test: long ayoayo games, checked whole
		games = 2
	}
	rep, err := Check(v, games, 1)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%s", rep)
}

// TestMancalaDescriptorFields: descriptors written inline for the engine's rules that no
// catalogue script of this file shows (per-house directions, kept pairs, one row)
// compile to the Rules of their Go constructors.
func TestMancalaDescriptorFields(t *testing.T) {
	oneRow := mancala.Rules{Board: mancala.OneRow(3, 2), Sowing: mancala.Sowing{Relay: mancala.RelayOwnSide},
		Captures: []mancala.Capture{{Side: mancala.OpponentSide, Counts: []int{2, 3}, Take: mancala.TakePit, Chain: mancala.ChainBackward}},
		End:      mancala.End{When: mancala.MoverCannotMove, MaxPlies: 1000}}
	tests := []struct {
		name, src string
		want      mancala.Rules
	}{
		{"um el-tuweisat", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 3, seeds = 3 },
  sowing = { stores = "none", min_seeds = 2, house_directions = { "clockwise", "chosen", "anticlockwise" } },
  captures = { { side = "opponent", counts = { 2 }, take = "pit", chain = "backward" } },
  moves = { pass = true },
  ending = { when = "cannot_move", repeats = 3, on_repeat = "split" },
}`, mancala.UmElTuweisat(1000)},
		{"layli goobalay", `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 6, seeds = 4 },
  sowing = { stores = "none", relay = "occupied" },
  captures = {
    { side = "own", empty_before = true, take = "opposite", opposite_counts = { 3 }, effect = "keep_pair" },
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  ending = { when = "cannot_move", repeats = 3, on_repeat = "split" },
}`, mancala.LayliGoobalay(1000)},
		{"one row", `return variant {
  extends = "mancala",
  board = { rows = 1, houses = 3, seeds = 2 },
  sowing = { relay = "own_side" },
  captures = { { side = "opponent", counts = { 2, 3 }, take = "pit", chain = "backward" } },
  ending = { when = "cannot_move" },
}`, oneRow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := Lookup(writeScript(t, t.TempDir(), "g.lua", tc.src), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			assert.Equal(t, tc.want, g.(*mancala.Game).Rules())
			rep, err := Check(v, 20, 1)
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%s", rep)
		})
	}
}

// TestMancalaKnobs: a parametric descriptor takes houses and seeds (a 2x3 Oware); a board
// that lists its pits has fixed houses.
func TestMancalaKnobs(t *testing.T) {
	v, err := Lookup("oware", Options{})
	require.NoError(t, err)
	small, err := v.With(map[string]any{"houses": 3, "seeds": 2})
	require.NoError(t, err)
	g, err := small.NewGame()
	require.NoError(t, err)
	assert.Equal(t, "2,2,2,[0],2,2,2,[0] s", g.NewState().String())
	_, err = v.With(map[string]any{"housez": 3})
	require.ErrorContains(t, err, `did you mean "houses"`)

	// Ranges in h follow the houses knob: Hus's start, Owela's deal, Dabuda's opening
	// (clipped to the board); the rounds refill with the seeds knob.
	for _, tc := range []struct {
		name  string
		knobs map[string]any
		start string
		legal string
	}{
		{"mancala/hus", map[string]any{"houses": 4}, "2,2,0,0,2,2,2,2,2,2,0,0,2,2,2,2,[0],[0] s", ""},
		{"mancala/owela", map[string]any{"houses": 4}, "2,0,0,0,2,2,2,2,2,0,0,0,2,2,2,2,[0],[0] s", ""}, // 3h-2 = 10: five holes of two
		{"mancala/kiela", map[string]any{"houses": 2, "seeds": 1}, "0,0,1,1,0,0,1,1,[0],[0] s setup=6,6 ply=0", ""},
		{"mancala/dabuda", map[string]any{"houses": 3, "seeds": 1}, "1,1,1,[0],1,1,1,[0] s ply=0", "1 2 3"},
		{"mancala/dabuda", map[string]any{"houses": 5}, "", "2 3 4 5"},
		{"mancala/pallanguzhi", map[string]any{"houses": 3, "seeds": 2}, "2,2,2,2,2,2,[0],[0] s round=1 ply=0", ""},
	} {
		v, err := Lookup(tc.name, Options{})
		require.NoError(t, err)
		small, err := v.With(tc.knobs)
		require.NoError(t, err, tc.name)
		g, err := small.NewGame()
		require.NoError(t, err)
		s := g.NewState()
		if tc.start != "" {
			assert.Equal(t, tc.start, s.String(), tc.name)
		}
		if tc.legal != "" {
			assert.Equal(t, tc.legal, core.MovesString(s, s.LegalMoves(nil)), tc.name)
		}
		if tc.name == "mancala/pallanguzhi" {
			assert.Equal(t, mancala.Rounds{Seeds: 2, Max: 6}, g.(*mancala.Game).Rules().Rounds, "rounds refill with the seeds knob")
		}
	}

	src := `return variant {
  extends = "mancala",
  board = { rows = 2, houses = 1,
    pits = {
      { owner = 1, row = 2, col = 1, seeds = 3 }, { owner = 1, store = true, row = 2, col = 2 },
      { owner = 2, row = 1, col = 1 }, { owner = 2, store = true, row = 1, col = 0 },
    },
    tracks = { { 1, 2, 3 }, { 3, 4, 1 } } },
  examples = { { want = "3,[0],4,[0] s" } },
}`
	file := writeScript(t, t.TempDir(), "one.lua", src)
	lv, err := Lookup(file, Options{})
	require.NoError(t, err)
	g, err = lv.NewGame()
	require.NoError(t, err)
	assert.Equal(t, "3,[0],4,[0] s", g.NewState().String(), "a pit without seeds takes the seeds knob")
	_, err = lv.With(map[string]any{"houses": 2})
	require.ErrorContains(t, err, "one.lua:3: board.houses: the board lists its pits for 1 houses a row; the houses knob (2) cannot change it")
	_, err = lv.With(map[string]any{"seeds": 1})
	require.NoError(t, err)
}

// TestMancalaLayering: a script that extends a descriptor variant replaces only the
// tables it sets.
func TestMancalaLayering(t *testing.T) {
	src := `return variant {
  extends = "oware",
  region = "Somewhere",
  captures = {},
  examples = { { from = "0,0,0,0,1,2,[0],1,2,4,0,0,0,[0] s", play = "6",
                 want = "0,0,0,0,1,0,[0],2,3,4,0,0,0,[0] n" } },
}`
	file := writeScript(t, t.TempDir(), "nocap.lua", src)
	v, err := Lookup(file, Options{})
	require.NoError(t, err)
	assert.Equal(t, "mancala", v.Family, "the family is the parent's")
	assert.Equal(t, "Somewhere", v.Region)
	g, err := v.NewGame()
	require.NoError(t, err)
	r := g.(*mancala.Game).Rules()
	want := mancala.Oware(1000)
	want.Captures = []mancala.Capture{}
	assert.Equal(t, want, r)
	require.NoError(t, RunExample(g, v.Examples[0]))
	// The base game alone is Kalah on the engine.
	b, err := Lookup("mancala", Options{})
	require.NoError(t, err)
	bg, err := b.NewGame()
	require.NoError(t, err)
	assert.Equal(t, "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", bg.NewState().String())
}

// TestRequireUserModules: require finds the user's helper modules next to the script
// and in the scripts directory (lib/ too), sandboxed: no paths, a clear error.
func TestRequireUserModules(t *testing.T) {
	root := t.TempDir()
	writeScript(t, root, "lib/helpers/sweep.lua", `local M = {}
function M.sweep(b, p)
  local store = b:store(p)
  for h = 1, b:house_count(p) do b:add(store, b:take(b:pit(p, h))) end
end
return M`)
	writeScript(t, root, "rules/near.lua", `return { two = 2 }`)
	file := writeScript(t, root, "rules/sweeping.lua", `local sweep = require "helpers.sweep"
local near = require "near"
local mancala = require "mancala"
return variant {
  extends = "oware",
  params = { seeds = near.two },
  hooks = {
    after_sow = function(b, mv)
      if mancala.other(mv.player) == 2 and b:seeds(2) == 0 then sweep.sweep(b, 1) end
    end,
  },
}`)
	v, err := Lookup(file, Options{ScriptsDir: root})
	require.NoError(t, err)
	assert.Equal(t, 2, v.Params.Int("seeds"))
	g, err := v.NewGame()
	require.NoError(t, err)
	rep, err := Check(v, 20, 1)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%s", rep)
	_ = g

	for _, tc := range []struct{ req, want string }{
		{"../secret", `a module name is lower-case letters, digits and _ separated by dots, as in "mancala" or "my.helpers" (no paths)`},
		{"/etc/passwd", `a module name is lower-case letters`},
		{"nosuch", `require "nosuch": only the script library can be required (want one of ludo, mancala), or a module of yours: ` + filepath.Join(root, "rules", "NAME.lua")},
	} {
		bad := writeScript(t, root, "rules/bad.lua", `local x = require "`+tc.req+`"
return variant { extends = "mancala" }`)
		_, err := Lookup(bad, Options{ScriptsDir: root})
		require.Error(t, err, tc.req)
		assert.Contains(t, err.Error(), tc.want)
		assert.Contains(t, err.Error(), "bad.lua:1")
	}
	// A module that links out of its folder is refused.
	outside := writeScript(t, t.TempDir(), "evil.lua", `return {}`)
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "lib", "evil.lua")))
	bad := writeScript(t, root, "rules/bad.lua", `local x = require "evil"
return variant { extends = "mancala" }`)
	_, err = Lookup(bad, Options{ScriptsDir: root})
	require.ErrorContains(t, err, "links outside")
	// Built-in scripts require only the library.
	_, err = Lookup("mancala/mangala", Options{ScriptsDir: root})
	require.NoError(t, err)
}

// TestMancalaFamiliesListed: the catalogue is listed with its family and region.
func TestMancalaFamiliesListed(t *testing.T) {
	vs, err := Catalog(Options{})
	require.NoError(t, err)
	regions := map[string]string{}
	for _, v := range vs {
		if v.Family == "mancala" {
			regions[v.Name] = v.Region
		}
		assert.NotEmpty(t, v.Family, v.Name)
	}
	assert.Equal(t, "West Africa", regions["oware"])
	assert.Equal(t, "Central Asia", regions["mancala/toguz-kumalak"])
	assert.Contains(t, regions, "mancala")
}

// BenchmarkMancalaDescriptor: a descriptor-only variant is the core/mancala game, so its
// playouts run as fast as the Go descriptor's (compare the two lines).
func BenchmarkMancalaDescriptor(b *testing.B) {
	v, err := Lookup("oware", Options{})
	require.NoError(b, err)
	lg, err := v.NewGame()
	require.NoError(b, err)
	ng, err := mancala.New("oware", mancala.Oware(1000))
	require.NoError(b, err)
	for _, c := range []struct {
		name string
		g    core.Game
	}{{"lua-descriptor", lg}, {"go-descriptor", ng}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			var buf []core.Move
			plies := 0
			for i := 0; i < b.N; i++ {
				s := c.g.NewState()
				for s.ToMove() != core.Terminal {
					buf = s.LegalMoves(buf[:0])
					s.(core.Applier).Apply(buf[rng.IntN(len(buf))])
					plies++
				}
			}
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// TestMancalaReadmeExample: the worked hook example of scripts/README.md loads, passes
// its example and keeps the contract.
func TestMancalaReadmeExample(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "```lua\nreturn variant {\n  extends = \"oware\",\n  name    = \"my/fours\"")
	require.GreaterOrEqual(t, start, 0, "the worked example is in the README")
	src := text[start+len("```lua\n"):]
	src = src[:strings.Index(src, "```")]
	file := writeScript(t, t.TempDir(), "fours.lua", src)
	v, err := Lookup(file, Options{})
	require.NoError(t, err)
	require.Len(t, v.Examples, 1)
	rep, err := Check(v, 20, 1)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%s", rep)
}
