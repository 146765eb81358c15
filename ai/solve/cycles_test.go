package solve

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// bruteMarginPlies is bruteMargin for games whose positions repeat: memoised on the
// position and the plies played (max_plies ends such games, so both decide the value).
func bruteMarginPlies(s *kalah.State, memo map[string]int) int {
	return bruteSearch(s, memo, func(s *kalah.State) string { return s.String() + "@" + strconv.Itoa(s.Ply()) })
}

// cyclicCases are tiny Kalah boards without store sowing, where seeds circle and games
// end by max_plies; the first two failed: a value of -4 (exactly 0), and "no move keeps
// the value".
func cyclicCases() []core.Params {
	cases := []core.Params{
		{"houses": 3, "seeds": 1, "end_rule": "mover_cannot_move", "pie_rule": true, "max_plies": 30},
		{"houses": 2, "seeds": 3, "end_rule": "mover_cannot_move", "max_plies": 30},
	}
	for _, size := range [][2]int{{1, 3}, {2, 1}, {2, 2}, {3, 1}} {
		for _, plies := range []int{1, 2, 5, 12, 25} {
			for _, end := range []string{"either_side_empty", "mover_cannot_move"} {
				p := core.Params{"houses": size[0], "seeds": size[1], "max_plies": plies, "end_rule": end}
				switch plies {
				case 5:
					p["pie_rule"] = true
				case 12:
					p["remaining"] = "discard"
				case 25:
					p["empty_capture"] = false
				}
				cases = append(cases, p)
			}
		}
	}
	for _, p := range cases {
		p["store_sowing"] = false
	}
	return cases
}

// TestSolveCyclicKalah: with store_sowing=false, the Kalah solver and the generic one
// (reached by hiding the Kalah type, as Lua variants do) give the brute force's exact
// value, and the principal variation plays out to it.
func TestSolveCyclicKalah(t *testing.T) {
	for _, p := range cyclicCases() {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			g, err := kalah.Def.New("kalah", p)
			require.NoError(t, err)
			want := bruteMarginPlies(g.NewState().(*kalah.State), map[string]int{})
			for _, solver := range []struct {
				name  string
				state core.State
			}{{"kalah", g.NewState()}, {"generic", kalahHidden{g.NewState().(*kalah.State)}}} {
				sol, err := Solve(context.Background(), solver.state, Options{TTMB: 4})
				require.NoError(t, err, solver.name)
				assert.Equal(t, want, sol.Value, solver.name)
				c := g.NewState()
				for _, m := range sol.PV {
					c.Play(m)
				}
				require.Equal(t, core.Terminal, c.ToMove(), "%s: the principal variation ends the game", solver.name)
				sc := c.(core.Scorer).Scores(nil)
				assert.Equal(t, want, int(sc[0]-sc[1]), "%s: the principal variation ends with the value", solver.name)
			}
		})
	}
}

// TestSolveCyclicMidgame: positions reached after some plies have fewer plies left, and
// the solve counts from the position's own ply.
func TestSolveCyclicMidgame(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 2, "seeds": 2, "store_sowing": false, "max_plies": 16})
	require.NoError(t, err)
	s := g.NewState().(*kalah.State)
	for i := 0; s.ToMove() != core.Terminal && i < 10; i++ {
		want := bruteMarginPlies(s, map[string]int{})
		if s.ToMove() == 1 {
			want = -want
		}
		sol, err := Solve(context.Background(), s, Options{TTMB: 1})
		require.NoError(t, err, "%s after %d plies", s, s.Ply())
		assert.Equal(t, want, sol.Value, "%s after %d plies", s, s.Ply())
		moves := s.LegalMoves(nil)
		s.Play(moves[i%len(moves)])
	}
}

// TestSolveCyclicNoLimit: with max_plies 0, a board whose positions repeat has no
// finite value: the solve says so (it once overflowed the stack, a fatal error). A board
// whose games all end is solved.
func TestSolveCyclicNoLimit(t *testing.T) {
	for _, p := range []core.Params{
		{"houses": 1, "seeds": 3}, {"houses": 2, "seeds": 3, "end_rule": "mover_cannot_move"},
		{"houses": 3, "seeds": 2, "end_rule": "mover_cannot_move"},
	} {
		p["store_sowing"], p["max_plies"] = false, 0
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		for _, s := range []core.State{g.NewState(), kalahHidden{g.NewState().(*kalah.State)}} {
			sol, err := Solve(context.Background(), s, Options{TTMB: 1})
			require.ErrorIs(t, err, ErrRepeats, "%v", p)
			assert.Nil(t, sol)
			assert.Contains(t, err.Error(), "max_plies is 0: the game may never end")
		}
	}
	g, err := kalah.Def.New("kalah", core.Params{"houses": 1, "seeds": 1, "store_sowing": false, "max_plies": 0})
	require.NoError(t, err)
	sol, err := Solve(context.Background(), g.NewState(), Options{TTMB: 1})
	require.NoError(t, err)
	assert.Equal(t, aitest.BruteMargin(g.NewState(), map[string]int{}), sol.Value)
}

// TestSolveCyclicHooked: a Lua-hooked Kalah (here hooks in Go) without store sowing goes
// to the generic solver, which counts the plies left too.
func TestSolveCyclicHooked(t *testing.T) {
	for _, plies := range []int{6, 20} {
		r := kalah.DefaultRules()
		r.Houses, r.Seeds, r.StoreSowing, r.EndRule, r.MaxPlies = 2, 3, false, kalah.MoverCannotMove, plies
		r.Hooks.IsOver = func(*kalah.State) (bool, bool, error) { return false, false, nil }
		g, err := kalah.New("hooked", r)
		require.NoError(t, err)
		want := bruteMarginPlies(g.Start(), map[string]int{})
		sol, err := Solve(context.Background(), g.Start(), Options{TTMB: 1})
		require.NoError(t, err)
		assert.Equal(t, want, sol.Value, "max_plies %d", plies)
	}
	r := kalah.DefaultRules()
	r.Houses, r.Seeds, r.StoreSowing, r.MaxPlies = 1, 3, false, 0
	r.Hooks.IsOver = func(*kalah.State) (bool, bool, error) { return false, false, nil }
	g, err := kalah.New("hooked", r)
	require.NoError(t, err)
	_, err = Solve(context.Background(), g.Start(), Options{TTMB: 1})
	require.ErrorIs(t, err, ErrRepeats)
	assert.Contains(t, err.Error(), "in this variant")
}

// TestSolveTooDeep: a search deeper than maxSolvePly stops with ErrTooDeep instead of
// overflowing the stack: a Kalah board whose seeds circle with a huge max_plies (both
// solvers), and a generic game of more plies.
func TestSolveTooDeep(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 1, "seeds": 3, "store_sowing": false, "max_plies": 1_000_000})
	require.NoError(t, err)
	for _, s := range []core.State{g.NewState(), kalahHidden{g.NewState().(*kalah.State)}} {
		_, err = Solve(context.Background(), s, Options{TTMB: 1})
		require.ErrorIs(t, err, ErrTooDeep)
		assert.Contains(t, err.Error(), "lower max_plies")
	}
	long := &aitest.PlyGame{Plies: 2 * maxSolvePly}
	_, err = Solve(context.Background(), long.NewState(), Options{TTMB: 1})
	require.ErrorIs(t, err, ErrTooDeep)
}
