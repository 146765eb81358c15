package variants

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/core/tictactoe"
	"github.com/kalahlab/kalahlab/scripts"
)

// Tests of the checkers and tic-tac-toe bindings (checkers_hooks.go,
// tictactoe_hooks.go): the board views, hook errors, the differential tests against
// the built-in rules, and the rules every script of the library keeps.

// gameScript wraps hook definitions (Lua table fields) in a variant script extending
// base; with an empty prelude the hooks start on line 5.
func gameScript(base, prelude, hooks string) []byte {
	return []byte(prelude + "\nreturn variant {\n  extends = \"" + base + "\",\n  hooks = {\n" + hooks + "\n  },\n}\n")
}

// loadGame loads a script from source and makes its game.
func loadGame(t testing.TB, file string, src []byte) core.Game {
	t.Helper()
	v, err := LoadScript(file, src, Options{})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	return g
}

// playGames plays n seeded random games of g through the core.State contract and
// returns the first error that stops one.
func playGames(g core.Game, n int) error {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []core.Move
	for i := 0; i < n; i++ {
		s := g.NewState()
		for s.ToMove() != core.Terminal {
			buf = s.LegalMoves(buf[:0])
			s.Play(buf[rng.IntN(len(buf))])
		}
		if err := s.Err(); err != nil {
			return err
		}
	}
	return nil
}

// parsePlay reads a position in g (start for "") and plays the moves.
func parsePlay(t *testing.T, g core.Game, from string, moves ...string) core.State {
	t.Helper()
	s := g.NewState()
	if from != "" {
		var err error
		s, err = g.ParseState(from)
		require.NoError(t, err)
		require.NoError(t, s.Err(), "reading %s", from)
	}
	for _, text := range moves {
		m, err := core.ParsePlay(s, text)
		require.NoError(t, err)
		s.Play(m)
		require.NoError(t, s.Err(), "after %s", text)
	}
	return s
}

// TestGameHookErrors pins what happens when a checkers or tic-tac-toe hook misbehaves
// during a game: the game stops with an error naming the script, the line and the hook;
// nothing panics.
func TestGameHookErrors(t *testing.T) {
	cases := []struct {
		name, base, prelude, hooks, want string
	}{
		{"a bad square", "checkers", "", "is_over = function(b)\n  local p = b:piece(33)\nend,", `bad.lua:6: is_over: square 33 out of range 1..32 (b:piece)`},
		{"square 0", "checkers", "", "is_over = function(b)\n  local p = b:is_king(0)\nend,", `bad.lua:6: is_over: square 0 out of range 1..32 (b:is_king)`},
		{"a square that is not a number", "checkers", "", "is_over = function(b)\n  local p = b:piece(\"x\")\nend,", `bad.lua:6: is_over: square missing: got string, want a number (b:piece)`},
		{"a fractional square", "checkers", "", "is_over = function(b)\n  local p = b:row_col(2.5)\nend,", `bad.lua:6: is_over: square 2.5 is not a whole number (b:row_col)`},
		{"a bad player", "checkers", "", "is_over = function(b)\n  local m, k = b:count(3)\nend,", `bad.lua:6: is_over: player 3: want 1 (Black) or 2 (White) (b:count)`},
		{"a bad direction", "checkers", "", "is_over = function(b)\n  local n = b:neighbour(1, 5)\nend,", `bad.lua:6: is_over: direction 5: want 1 (up-left), 2 (up-right), 3 (down-left) or 4 (down-right) (b:neighbour)`},
		{"a dot instead of a colon", "checkers", "", "is_over = function(b)\n  local n = b.ply()\nend,", `bad.lua:6: is_over: b:ply: call it with a colon`},
		{"a method typo", "checkers", "", "is_over = function(b)\n  local n = b:peice(1)\nend,", `bad.lua:6: is_over: the board view has no method "peice", did you mean b:piece?`},
		{"writing to the view", "checkers", "", "is_over = function(b)\n  b.x = 1\nend,", `bad.lua:6: is_over: the board view is read-only`},
		{"is_over may not change the board", "checkers", "", "is_over = function(b)\n  b:crown(b:movable()[1])\nend,", `bad.lua:6: is_over: the board is read-only in is_over (b:crown)`},
		{"is_over returns a string", "checkers", "", "is_over = function(b)\n  return \"yes\"\nend,", `bad.lua:5: is_over: returned a string, want nil (the built-in rule), false (not over), 0 (a draw), 1 or 2 (that player wins)`},
		{"is_over returns true", "checkers", "", "is_over = function(b)\n  return true\nend,", `bad.lua:5: is_over: returned true, want nil`},
		{"is_over returns 3", "checkers", "", "is_over = function(b)\n  return 3\nend,", `bad.lua:5: is_over: returned 3, want nil`},
		{"removing an empty square", "checkers", "", "on_promote = function(b, square)\n  b:remove(square)\n  b:remove(square)\nend,", `bad.lua:7: on_promote: remove: square`},
		{"an endless loop", "checkers", "", "on_promote = function(b, square)\n  while true do end\nend,", `bad.lua:6: on_promote: time limit exceeded`},
		{"an error call", "checkers", "", "is_over = function(b)\n  if b:ply() > 3 then error(\"no more\") end\nend,", `bad.lua:6: is_over: no more`},
		{"a bad cell", "tictactoe", "", "winner = function(b, last)\n  local m = b:mark(10)\nend,", `bad.lua:6: winner: cell 10 out of range 1..9 (b:mark)`},
		{"a bad line direction", "tictactoe", "", "winner = function(b, last)\n  local n = b:run(last, 0)\nend,", `bad.lua:6: winner: direction 0: want 1 (along the row), 2 (along the column), 3 (the diagonal rising to the right) or 4 (the one rising to the left) (b:run)`},
		{"a fractional row", "tictactoe", "", "winner = function(b, last)\n  local c = b:cell(1.5, 1)\nend,", `bad.lua:6: winner: row 1.5 is not a whole number (b:cell)`},
		{"a cell typo", "tictactoe", "", "winner = function(b, last)\n  local c = b:mrk(last)\nend,", `bad.lua:6: winner: the board view has no method "mrk", did you mean b:mark?`},
		{"winner returns a table", "tictactoe", "", "winner = function(b, last)\n  return {}\nend,", `bad.lua:5: winner: returned a table, want nil (the built-in rule), false (not over), 0 (a draw), 1 or 2 (that player wins)`},
		{"winner returns 1.5", "tictactoe", "", "winner = function(b, last)\n  return 1.5\nend,", `bad.lua:5: winner: returned 1.5, want nil`},
		{"an endless tail call", "tictactoe", "local function f() return f() end", "winner = function(b, last)\n  return f()\nend,", `bad.lua:1: winner: time limit exceeded`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, "bad.lua", gameScript(c.base, c.prelude, c.hooks))
			start := time.Now()
			err := playGames(g, 20)
			require.Error(t, err)
			assertStopped(t, time.Since(start), err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.NotEmpty(t, se.Hook)
			assert.NotContains(t, err.Error(), "stack traceback")
		})
	}
}

// TestGameHookLoadErrors: hook names are checked per base game.
func TestGameHookLoadErrors(t *testing.T) {
	_, err := LoadScript("bad.lua", gameScript("checkers", "", "is_ovr = function(b) end,"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `bad.lua:5: checkers hook "is_ovr" unknown, did you mean "is_over"? (want is_over, on_promote)`)
	_, err = LoadScript("bad.lua", gameScript("tictactoe", "", "winer = function(b, last) end,"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tictactoe hook "winer" unknown, did you mean "winner"? (want winner)`)
	_, err = LoadScript("bad.lua", gameScript("tictactoe", "", "capture = function(b, last) end,"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tictactoe hook "capture" unknown`)
}

// TestCheckersView checks every method of the checkers board view against the
// position it sees (asserts inside the hooks stop the game on a mismatch).
func TestCheckersView(t *testing.T) {
	g := loadGame(t, "view.lua", gameScript("checkers", "", `
is_over = function(b)
  local black = b:count(1)
  if b:ply() == 0 and black == 12 then -- the start, read from a string
    assert(b:size() == 8 and b:squares() == 32, "size")
    local p, king = b:piece(1)
    assert(p == 1 and king == false, "piece 1")
    p, king = b:piece(16)
    assert(p == nil and king == false, "piece 16")
    assert(b:piece(32) == 2 and not b:is_king(32), "piece 32")
    local men, kings = b:count(2)
    assert(men == 12 and kings == 0, "count")
    local r, c = b:row_col(29)
    assert(r == 8 and c == 1, "row_col 29")
    r, c = b:row_col(1)
    assert(r == 1 and c == 2, "row_col 1")
    assert(b:square(8, 1) == 29 and b:square(1, 2) == 1 and b:square(1, 8) == 4, "square")
    assert(b:square(1, 1) == nil and b:square(0, 2) == nil and b:square(9, 2) == nil, "no square")
    assert(b:neighbour(1, 3) == 5 and b:neighbour(1, 4) == 6 and b:neighbour(1, 1) == nil, "neighbour")
    local mv = b:movable()
    assert(#mv == 4 and mv[1] == 9 and mv[4] == 12, "movable")
    assert(b:can_move() and b:quiet() == 0, "can_move")
    assert(tostring(b) == "checkers board " .. "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", tostring(b))
  elseif b:ply() == 1 and black == 12 then -- after 9-13
    assert(b:mover() == 2 and b:piece(13) == 1 and b:piece(9) == nil, "after 9-13")
    assert(#b:movable() == 4, "White's movable pieces")
  end
  return nil
end,
on_promote = function(b, square)
  assert(square == 29, "square " .. square)
  assert(b:mover() == 1, "the mover")
  assert(b:is_king(29), "crowned")
  b:uncrown(29)
  assert(not b:is_king(29), "uncrowned")
  b:crown(29)
  b:remove(1)
  assert(b:piece(1) == nil, "removed")
end,`))
	s := parsePlay(t, g, "B:W21-32:B1-12", "9-13")
	assert.Equal(t, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13", s.String())
	s = parsePlay(t, g, "B:W12:B1,25", "25-29")
	assert.Equal(t, "W:W12:BK29", s.String())
	require.True(t, s.(core.Undoer).Undo())
	assert.Equal(t, "B:W12:B1,25", s.String(), "undo restores what the hook changed")
}

// TestTictactoeView checks every method of the tic-tac-toe board view.
func TestTictactoeView(t *testing.T) {
	g := loadGame(t, "view.lua", gameScript("tictactoe", "", `
winner = function(b, last)
  assert(b:rows() == 3 and b:cols() == 3 and b:k() == 3 and b:cells() == 9, "size")
  if last == nil then -- x../oo./xox x, read from a string
    assert(b:last() == nil and b:ply() == 0 and b:filled() == 6, "read")
    assert(b:mover() == 2, "o moved last")
    assert(b:mark(1) == 1 and b:mark(2) == 2 and b:mark(7) == 1 and b:mark(9) == nil, "mark")
    assert(b:cell(3, 3) == 9 and b:cell(1, 2) == 2 and b:cell(4, 1) == nil and b:cell(1, 0) == nil, "cell")
    local r, c = b:row_col(8)
    assert(r == 3 and c == 2, "row_col")
    assert(b:run(1, 2) == 1 and b:run(4, 1) == 2 and b:run(9, 1) == 0, "run")
    -- (during the hook the position shows the mover, o, as the side to move)
    assert(tostring(b) == "tictactoe board x../oo./xox o", tostring(b))
  else -- c3
    assert(last == 9 and b:last() == 9 and b:mover() == 1 and b:ply() == 1 and b:filled() == 7, "played")
    assert(b:run(9, 3) == 1 and b:run(9, 1) == 1 and b:run(1, 3) == 1 and b:run(7, 4) == 1, "run")
  end
  return nil
end,`))
	s := parsePlay(t, g, "x../oo./xox x", "c3")
	assert.Equal(t, "x.x/oo./xox o", s.String())
}

// TestViewOutsideHooks: a board view kept past its hook call refuses to work.
func TestViewOutsideHooks(t *testing.T) {
	m := newVM()
	defer m.L.Close()
	for name, board := range map[string]*lua.LTable{
		"checkers":  newBoardView(m.L, "checkers", &checkersView{}, checkersMethods),
		"tictactoe": newBoardView(m.L, "tictactoe", &tictactoeView{}, tictactoeMethods),
	} {
		fn, err := m.L.LoadString("local b = ... return tostring(b)")
		require.NoError(t, err)
		m.L.Push(fn)
		m.L.Push(board)
		require.NoError(t, m.L.PCall(1, 1, nil))
		assert.Equal(t, name+" board (outside a hook)", m.pop().String())
		fn, err = m.L.LoadString("local b = ... return b:ply()")
		require.NoError(t, err)
		m.L.Push(fn)
		m.L.Push(board)
		err = m.L.PCall(1, 1, nil)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "b:ply: the board view is only valid during a hook call", name)
	}
}

// TestExamplesPinTheirRule: every script's examples show the rule it changes, so at
// least one of them fails in the variant it extends.
func TestExamplesPinTheirRule(t *testing.T) {
	for _, name := range builtinNames() {
		t.Run(name, func(t *testing.T) {
			v, err := Lookup(name, Options{})
			require.NoError(t, err)
			parent, err := Lookup(v.Extends[0], Options{})
			require.NoError(t, err)
			g, err := parent.NewGame()
			require.NoError(t, err)
			if v.Base == "mancala" && len(v.Extends) == 1 && parent.Name == "mancala" {
				// The base game alone is Kalah: mancala/kalah restates it as a descriptor.
				if mg, ok := g.(interface{ Rules() mancala.Rules }); ok {
					vg, err := v.NewGame()
					require.NoError(t, err)
					if reflect.DeepEqual(vg.(interface{ Rules() mancala.Rules }).Rules(), mg.Rules()) {
						return
					}
				}
			}
			differs := false
			for _, ex := range v.Examples {
				if parent.RunExample(context.Background(), g, ex) != nil {
					differs = true
				}
			}
			assert.True(t, differs, "every example of %s also holds in %s", name, parent.Name)
		})
	}
}

// TestGameParamsOnlyHaveNoLua: checkers and tic-tac-toe variants that only set knobs
// build the plain game; those with hooks have them bound.
func TestGameParamsOnlyHaveNoLua(t *testing.T) {
	hooked := map[string]bool{}
	for _, name := range builtinNames() {
		v, err := Lookup(name, Options{})
		require.NoError(t, err)
		g, err := v.NewGame()
		require.NoError(t, err)
		var bound bool
		switch g := g.(type) {
		case *checkers.Game:
			bound = g.Rules().Hooks.Any()
		case *tictactoe.Game:
			bound = g.Rules().Hooks.Any()
		default:
			continue
		}
		assert.Equal(t, len(v.Hooks) > 0, bound, name)
		assert.Equal(t, len(v.layers) > 0, bound, name)
		hooked[name] = bound
	}
	assert.True(t, hooked["checkers/first-king-wins"])
	assert.True(t, hooked["checkers/no-kings"])
	assert.True(t, hooked["tictactoe/corners-win"])
	assert.False(t, hooked["tictactoe/connect-four"])
	assert.False(t, hooked["checkers/flying-kings"])
}

// winnerScript is the built-in k-in-a-row rule written as a winner hook, on top of
// base; notOver is what it returns when nobody has a line: "false" re-implements the
// rule whole (the built-in check is skipped), "nil" leaves the built-in check to run
// after it.
func winnerScript(base, notOver string) []byte {
	return []byte(fmt.Sprintf(`-- k in a row, as the built-in rule does it.
local function line(b, cell)
  local k = b:k()
  for dir = 1, 4 do
    if b:run(cell, dir) >= k then return true end
  end
  return false
end

return variant {
  extends = %q,
  hooks = {
    winner = function(b, last)
      if last == nil then -- a position read from a string
        for cell = 1, b:cells() do
          local p = b:mark(cell)
          if p and line(b, cell) then return p end
        end
        return %s
      end
      if line(b, last) then return b:mover() end
      return %s
    end,
  },
}
`, base, notOver, notOver))
}

// isOverScript is the built-in end rule of checkers ("a player with no piece or no
// move loses") written as an is_over hook on top of base; notOver as for winnerScript
// ("false" also turns the built-in draw rules off).
func isOverScript(base, notOver string) []byte {
	return []byte(fmt.Sprintf(`-- no piece or no move loses, as the built-in rule does it.
return variant {
  extends = %q,
  hooks = {
    is_over = function(b)
      local me = b:mover()
      local men, kings = b:count(me)
      if men + kings == 0 or not b:can_move() then return 3 - me end
      return %s
    end,
  },
}
`, base, notOver))
}

// tictactoePerft is the number of move sequences of tic-tac-toe by depth (255,168
// games in all).
var tictactoePerft = []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}

// gameTree walks the game tree below s to depth plies: nodes[d] is the number of
// move sequences of d plies (perft(d)), and ends counts the games that end within depth
// by their returns. s is left as it was.
func gameTree(s core.State, depth int) (nodes []uint64, ends map[[2]float64]int) {
	nodes, ends = make([]uint64, depth+1), map[[2]float64]int{}
	u := s.(core.Undoer)
	var ret []float64
	var walk func(d int)
	walk = func(d int) {
		nodes[d]++
		if s.ToMove() == core.Terminal {
			ret = s.Returns(ret[:0])
			ends[[2]float64{ret[0], ret[1]}]++
			return
		}
		if d == depth {
			return
		}
		for _, m := range s.LegalMoves(nil) {
			s.Play(m)
			walk(d + 1)
			u.Undo()
		}
	}
	walk(0)
	return nodes, ends
}

// TestWinnerDifferential proves the tic-tac-toe bridge: the k-in-a-row rule written as
// a winner hook (cells, players, b:run, the result values) has the perft counts and the
// results of the Go rule, on 3x3 to the end of every game, on 4x4 with k 3, and on
// Connect Four. The hook replaces misère too: under misere = true it plays the plain game.
func TestWinnerDifferential(t *testing.T) {
	full, big := 9, 5
	if raceEnabled {
		full, big = 7, 4
	}
	four := map[string]any{"rows": 4, "cols": 4}
	c4 := map[string]any{"rows": 6, "cols": 7, "k": 4, "gravity": true}
	misere := map[string]any{"misere": true}
	for _, c := range []struct {
		name           string
		params, native map[string]any
		from           string // "" for the empty board
		depth          int
	}{
		{"3x3", nil, nil, "", full},
		{"4x4x3", four, four, "..../.o../.xo./..x. x", big},
		{"connect four", c4, c4, "......./......./......./......./...o.../..xx.o. x", big + 1},
		{"the hook replaces misère", misere, nil, "", full - 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadScript("k-in-a-row.lua", winnerScript("tictactoe", "false"), Options{})
			require.NoError(t, err)
			v, err = v.With(c.params)
			require.NoError(t, err)
			hooked, err := v.NewGame()
			require.NoError(t, err)
			native := newGame(t, "tictactoe", c.native)
			from := native.NewState().String()
			if c.from != "" {
				from = c.from
			}
			wantNodes, wantEnds := gameTree(parsePlay(t, native, from), c.depth)
			nodes, ends := gameTree(parsePlay(t, hooked, from), c.depth)
			require.Equal(t, wantNodes, nodes, "perft by depth")
			require.Equal(t, wantEnds, ends, "results")
			require.NotEmpty(t, ends, "games end within the depth")
			if c.params == nil {
				require.Equal(t, tictactoePerft[:c.depth+1], nodes, "the published counts")
			}
			if c.params["misere"] == true {
				_, misereEnds := gameTree(newGame(t, "tictactoe", misere).NewState(), c.depth)
				assert.NotEqual(t, misereEnds, ends, "misère play has other results")
			}
		})
	}
}

// TestWinnerPlayouts: the same seeded random games end in the same positions with the
// Lua rule and the Go rule (Connect Four, where lines are long and boards fill up).
func TestWinnerPlayouts(t *testing.T) {
	hooked := loadGame(t, "k-in-a-row.lua", winnerScript("tictactoe/connect-four", "false"))
	native := newGame(t, "tictactoe/connect-four", nil)
	samePlayouts(t, hooked, native, 200)
}

// samePlayouts plays n seeded random games in a and b, move by move, and requires the
// same legal moves, positions and returns.
func samePlayouts(t *testing.T, a, b core.Game, n int) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(n); seed++ {
		sa, sb := a.NewState(), b.NewState()
		rng := rand.New(rand.NewPCG(seed, 0))
		for sa.ToMove() != core.Terminal {
			ma := sa.LegalMoves(nil)
			require.Equal(t, sb.LegalMoves(nil), ma)
			m := ma[rng.IntN(len(ma))]
			sa.Play(m)
			sb.Play(m)
			require.Equal(t, sb.String(), sa.String())
		}
		require.NoError(t, sa.Err())
		require.Equal(t, core.Terminal, sb.ToMove())
		assert.Equal(t, sb.Returns(nil), sa.Returns(nil))
	}
}

// TestIsOverDifferential proves the checkers bridge: the end rule written as an
// is_over hook (squares, players, b:count, b:can_move, the result values) has the perft
// counts and the results of the Go rule from the start (the published counts) and from
// endgames where players run out of pieces or moves, on the 8x8 bitboard engine and on
// the generic one.
func TestIsOverDifferential(t *testing.T) {
	start := 6
	if raceEnabled {
		start = 5
	}
	english := []uint64{1, 7, 49, 302, 1469, 7361, 36768}
	for _, c := range []struct {
		name     string
		params   map[string]any
		from     []string
		depth    int
		wantEnds bool
	}{
		{name: "the start", depth: start, from: []string{"B:W21-32:B1-12"}},
		{name: "endgames", depth: 6, wantEnds: true, from: []string{
			"W:W21:B17,1", "B:W22,25,27,30:B13,18", "W:WK27,K28:B32,24", "B:W14,K23:BK19,3", "W:W9,K30:B5,6,K26",
		}},
		{name: "flying kings", params: map[string]any{"flying_kings": true, "men_capture_backwards": true}, depth: 5, wantEnds: true, from: []string{
			"W:WK29:B1,15", "B:WK32,18:B9,K5", "W:W21,K2:BK27,6",
		}},
		{name: "10x10", params: map[string]any{"size": 10, "man_rows": 4}, depth: 4, from: []string{"B:W31-50:B1-20"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadScript("no-move-loses.lua", isOverScript("checkers", "false"), Options{})
			require.NoError(t, err)
			v, err = v.With(c.params)
			require.NoError(t, err)
			hooked, err := v.NewGame()
			require.NoError(t, err)
			native := newGame(t, "checkers", c.params)
			ends := 0
			for _, from := range c.from {
				ns, err := native.ParseState(from)
				require.NoError(t, err)
				hs, err := hooked.ParseState(from)
				require.NoError(t, err)
				require.Equal(t, ns.String(), hs.String())
				wantNodes, wantEnds := gameTree(ns, c.depth)
				nodes, gotEnds := gameTree(hs, c.depth)
				require.Equal(t, wantNodes, nodes, "%s: perft by depth", from)
				require.Equal(t, wantEnds, gotEnds, "%s: results", from)
				if c.name == "the start" {
					require.Equal(t, english[:c.depth+1], nodes, "the published counts")
				}
				for _, n := range gotEnds {
					ends += n
				}
			}
			if c.wantEnds {
				assert.Positive(t, ends, "some games end within the depth")
			}
		})
	}
}

// TestIsOverPlayouts: an is_over hook that decides only lost games (and returns nil
// otherwise, keeping the draw rules) plays the very games of the Go rules.
func TestIsOverPlayouts(t *testing.T) {
	hooked := loadGame(t, "no-move-loses.lua", isOverScript("checkers/men-capture-backwards", "nil"))
	native := newGame(t, "checkers/men-capture-backwards", nil)
	n := 100
	if raceEnabled {
		n = 20
	}
	samePlayouts(t, hooked, native, n)
}

// TestGameWorkers runs games of hooked checkers and tic-tac-toe variants on several
// goroutines, each with its own game and Lua state; run with -race. Every worker gets
// the same results for the same seeds.
func TestGameWorkers(t *testing.T) {
	for _, name := range []string{"checkers/first-king-wins", "checkers/no-kings", "tictactoe/corners-win"} {
		t.Run(name, func(t *testing.T) {
			v, err := Lookup(name, Options{})
			require.NoError(t, err)
			const workers, games = 3, 20
			results := make([][]string, workers)
			var wg sync.WaitGroup
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g, err := v.NewGame()
					if err != nil {
						results[w] = []string{err.Error()}
						return
					}
					for i := 0; i < games; i++ {
						s := g.NewState()
						rng := rand.New(rand.NewPCG(uint64(i), 9))
						for s.ToMove() != core.Terminal {
							moves := s.LegalMoves(nil)
							s.Play(moves[rng.IntN(len(moves))])
						}
						results[w] = append(results[w], fmt.Sprintf("%s %v", s, s.Err()))
					}
				}()
			}
			wg.Wait()
			require.Len(t, results[0], games)
			for w := 1; w < workers; w++ {
				assert.Equal(t, results[0], results[w], "worker %d", w)
			}
		})
	}
}

// TestGameInvariants: the checkers and tic-tac-toe invariants accept the games of the
// rules and catch the positions they forbid.
func TestGameInvariants(t *testing.T) {
	t.Run("checkers", func(t *testing.T) {
		g := newGame(t, "checkers", nil)
		s := parsePlay(t, g, "", "9-13")
		require.NoError(t, checkersInvariant(s))
		big, err := g.ParseState("B:W13-32:B1-12")
		require.NoError(t, err)
		assert.ErrorContains(t, checkersInvariant(big), "White has 20 pieces, more than the 12 it starts with")
		assert.ErrorContains(t, checkersInvariant(newGame(t, "tictactoe", nil).NewState()), "not a checkers state")
	})
	t.Run("checkers pieces never increase", func(t *testing.T) {
		g := newGame(t, "checkers", nil)
		s := parsePlay(t, g, "W:W21:B17,1").(*checkers.State)
		require.NoError(t, checkersInvariant(s))
		s.Play(s.LegalMoves(nil)[0]) // 21x14
		require.NoError(t, checkersInvariant(s))
		require.True(t, s.Undo())
		require.NoError(t, checkersInvariant(s), "undo is not a move")
		s.Play(s.LegalMoves(nil)[0])
		require.NoError(t, checkersInvariant(s))
		// The same game a ply later with Black's pieces back, as if a hook had made them.
		s.CopyFrom(parsePlay(t, g, "W:W30:B1,2,3", "30-26", "1-5").(*checkers.State))
		assert.ErrorContains(t, checkersInvariant(s), "Black has 3 pieces, had 1 a move before")
	})
	t.Run("tictactoe", func(t *testing.T) {
		g := newGame(t, "tictactoe", nil)
		s := parsePlay(t, g, "", "b2").(*tictactoe.State)
		require.NoError(t, tictactoeInvariant(s))
		require.True(t, s.Undo())
		require.NoError(t, tictactoeInvariant(s))
		s.Play(4)
		require.NoError(t, tictactoeInvariant(s))
		// The same game a ply later without the mark on b2.
		*s = *parsePlay(t, g, "", "a1", "c3").(*tictactoe.State)
		assert.ErrorContains(t, tictactoeInvariant(s), "the mark on cell 5 changed")
		assert.ErrorContains(t, tictactoeInvariant(newGame(t, "checkers", nil).NewState()), "not a tictactoe state")
	})
}

// TestGameReference: scripts/README.md and the editor annotations document every knob,
// hook and board method of the checkers and tic-tac-toe bindings.
func TestGameReference(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	types, err := fs.ReadFile(scripts.FS, "types/kalahlab.d.lua")
	require.NoError(t, err)
	for _, c := range []struct {
		base, title, class string
		methods            []string
	}{
		{"checkers", "Checkers", "Checkers", checkersMethodNames()},
		{"tictactoe", "Tic-tac-toe", "TicTacToe", tictactoeMethodNames()},
	} {
		t.Run(c.base, func(t *testing.T) {
			doc := section(string(readme), "\n## "+c.title+" knobs", "\n## Examples")
			require.NotEmpty(t, doc, "README has a section from ## %s knobs", c.title)
			v, err := Lookup(c.base, Options{})
			require.NoError(t, err)
			params := section(string(types), "---@class "+c.class+"Params", "\n\n")
			for _, s := range v.Specs {
				assert.Contains(t, doc, "| `"+s.Name+"` |", "README documents knob %s", s.Name)
				assert.Contains(t, params, "@field "+s.Name+"?", "annotations declare knob %s", s.Name)
			}
			hooks := section(string(types), "---@class "+c.class+"Hooks", "\n\n")
			for _, h := range HookNames(c.base) {
				assert.Contains(t, doc, "### `"+h+"(", "README documents hook %s", h)
				assert.Contains(t, hooks, "@field "+h+"?", "annotations declare hook %s", h)
			}
			for _, m := range c.methods {
				assert.Contains(t, doc, "| `b:"+m+"(", "README documents b:%s", m)
				assert.Contains(t, string(types), "function "+c.class+"Board:"+m+"(", "annotations declare b:%s", m)
			}
		})
	}
}

// section returns the text of doc from the first from up to the next to after it ("" when
// from is missing).
func section(doc, from, to string) string {
	i := strings.Index(doc, from)
	if i < 0 {
		return ""
	}
	rest := doc[i+len(from):]
	if j := strings.Index(rest, to); j >= 0 {
		rest = rest[:j]
	}
	return from + rest
}
