package mancala_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// allGames is every descriptor of the package's tests: the classic loop's games and
// the extended loop's (rounds, setup phases, re-sown captures, per-seed takes, ...).
func allGames(t testing.TB) map[string]*mancala.Game {
	all := games(t)
	maps.Copy(all, extGames(t))
	maps.Copy(all, moreGames(t))
	maps.Copy(all, geometryGames(t))
	return all
}

// rulesHooks are hooks that do what the rules do: Capture applies the descriptor's
// captures (ApplyCaptures) and AfterSow keeps the rules' extra turn. They count their
// calls.
func rulesHooks(captures, afters *int) mancala.Hooks {
	return mancala.Hooks{
		Capture: func(s *mancala.State, mv *mancala.Sown) (bool, error) {
			*captures++
			return s.ApplyCaptures()
		},
		AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
			*afters++
			return false, false, nil
		},
	}
}

// TestHooksAtTheRulesPoints: hooks that apply the descriptor's captures where they are
// called play every game exactly as the descriptor alone, move by move (the same
// positions and legal moves): the Capture hook is called at every point where the
// rules try captures, in the extended loop too (every lap's end, re-sown captures,
// rounds, setup phases), and AfterSow once a sowing move.
func TestHooksAtTheRulesPoints(t *testing.T) {
	all := allGames(t)
	for _, name := range slices.Sorted(maps.Keys(all)) {
		g := all[name]
		t.Run(name, func(t *testing.T) {
			var captures, afters int
			hooked := g.WithHooks(rulesHooks(&captures, &afters))
			require.True(t, hooked.Hooked())
			rng := rand.New(rand.NewPCG(14, uint64(len(name))))
			sowings := 0
			for i := 0; i < 10; i++ {
				plain, s := g.Start(), hooked.Start()
				for plain.ToMove() != core.Terminal {
					require.Equal(t, plain.String(), s.String())
					lm := plain.LegalMoves(nil)
					require.Equal(t, lm, s.LegalMoves(nil), "at %s", plain)
					m := lm[rng.IntN(len(lm))]
					if m != mancala.Swap && m != mancala.Pass && !plain.InSetup() {
						sowings++
					}
					plain.Play(m)
					s.Play(m)
					require.NoError(t, s.Err())
				}
				require.Equal(t, plain.String(), s.String())
				require.Equal(t, plain.Returns(nil), s.Returns(nil))
			}
			assert.Equal(t, sowings, afters, "after_sow once a sowing move")
			assert.Positive(t, captures)
		})
	}
}

// TestHooksContract: the hooked games keep the core.State contract (undo, copies,
// hashes, position strings) and conserve the seeds.
func TestHooksContract(t *testing.T) {
	ext := extGames(t)
	for _, name := range []string{"pallanguzhi", "ba-awa", "omweso", "bao", "hus", "tshuba", "kiela", "gabata-shoa"} {
		t.Run(name, func(t *testing.T) {
			var captures, afters int
			g := ext[name].WithHooks(rulesHooks(&captures, &afters))
			coretest.RandomSim(t, g, coretest.Options{Games: 5, Invariant: conserved, MaxPlies: 20000})
		})
	}
}

// traceOf writes a hook's view of the move: the pit judged (1-based), laps, re-sowings,
// lifts and drops (1-based), and the board.
func traceOf(hook string, s *mancala.State, mv *mancala.Sown) string {
	one := func(ps []int) string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = fmt.Sprint(p + 1)
		}
		return strings.Join(out, ",")
	}
	return fmt.Sprintf("%s last=%d empty=%t laps=%d resows=%d lifts=%s drops=%s target=%d | %s",
		hook, mv.Last+1, mv.EmptyBefore, mv.Laps, mv.Resows, one(mv.Lifts), one(mv.Drops), mv.Target+1, s)
}

// TestHooksTrace pins what the hooks see in the extended loop: a Capture call at each
// lap's end with the move so far, re-sown laps, take_at drops, out-of-play pits skipped,
// a round's end seen before the refill, no call during a setup phase.
func TestHooksTrace(t *testing.T) {
	ext := extGames(t)
	tests := []struct {
		name, game, from, play string
		want                   []string // the traces of the last move's hook calls
		after                  string   // the position after the moves
	}{
		{"take-at: two fours taken on the way, the last seed in an empty house", "pallanguzhi",
			"3,3,3,0,5,0,0,0,0,0,1,0,0,0,[0],[0] s round=1", "1", []string{
				"capture last=4 empty=true laps=1 resows=0 lifts=1 drops=2,3,4 target=0 | 0,0,0,1,5,0,0,0,0,0,1,0,0,0,[8],[0] s round=1 ply=1 played=0",
				"after_sow last=4 empty=true laps=1 resows=0 lifts=1 drops=2,3,4 target=0 | 0,0,0,1,0,0,0,0,0,0,1,0,0,0,[13],[0] s round=1 ply=1 played=0",
			}, "0,0,0,1,0,0,0,0,0,0,1,0,0,0,[13],[0] n round=1 ply=1"},
		{"rounds: round 2, a relay around the out-of-play pit 7", "pallanguzhi",
			"6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", "7", []string{
				"capture last=6 empty=false laps=1 resows=0 lifts=14 drops=1,2,3,4,5,6 target=0 | 7,7,7,7,7,7,0,6,6,6,6,6,6,0,[4],[2] n out=7 round=2 ply=2 played=0",
				"capture last=14 empty=true laps=2 resows=0 lifts=14,6 drops=1,2,3,4,5,6,8,9,10,11,12,13,14 target=0 | 7,7,7,7,7,0,0,7,7,7,7,7,7,1,[4],[2] n out=7 round=2 ply=2 played=0",
				"after_sow last=14 empty=true laps=2 resows=0 lifts=14,6 drops=1,2,3,4,5,6,8,9,10,11,12,13,14 target=0 | 0,7,7,7,7,0,0,7,7,7,7,7,7,1,[4],[9] n out=7 round=2 ply=2 played=0",
			}, "0,7,7,7,7,0,0,7,7,7,7,7,7,1,[4],[9] s out=7 round=2 ply=2 played=1"},
		{"rounds: after_sow sees the round's last board, before the refill", "pallanguzhi",
			"0,0,0,0,0,0,1,2,0,0,0,0,0,0,[40],[41] s round=1", "7", []string{
				"capture last=8 empty=false laps=1 resows=0 lifts=7 drops=8 target=0 | 0,0,0,0,0,0,0,3,0,0,0,0,0,0,[40],[41] s round=1 ply=1 played=0",
				"capture last=11 empty=true laps=2 resows=0 lifts=7,8 drops=8,9,10,11 target=0 | 0,0,0,0,0,0,0,0,1,1,1,0,0,0,[40],[41] s round=1 ply=1 played=0",
				"after_sow last=11 empty=true laps=2 resows=0 lifts=7,8 drops=8,9,10,11 target=0 | 0,0,0,0,0,0,0,0,1,1,1,0,0,0,[40],[41] s round=1 ply=1 played=0",
			}, "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0"},
		{"re-sown capture: Hus's column sown on after the last pit", "hus",
			"1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", "15", []string{
				"capture last=1 empty=false laps=1 resows=0 lifts=15 drops=16,1 target=0 | 2,0,0,0,0,0,0,0,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s",
				"capture last=8 empty=true laps=2 resows=1 lifts=15,1 drops=16,1,2,3,4,5,6,7,8 target=0 | 2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] s",
				"after_sow last=8 empty=true laps=2 resows=1 lifts=15,1 drops=16,1,2,3,4,5,6,7,8 target=0 | 2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] s",
			}, "2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] n"},
		{"setup phase: no hook for setup moves, then the first sowing's laps", "omweso",
			"", "1>2 done done 3", nil, "4,0,1,6,6,5,1,3,3,3,0,3,3,0,5,5,2,0,2,0,2,2,0,0,0,0,2,2,0,2,0,2,[0],[0] n ply=4 played=1"},
		{"chosen target: the move's choice is in the context", "tshuba",
			"0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", "12>3", []string{
				"capture last=1 empty=true laps=1 resows=0 lifts=12 drops=1 target=3 | 1,0,0,2,0,0,0,0,0,0,0,0,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s",
				"after_sow last=1 empty=true laps=1 resows=0 lifts=12 drops=1 target=3 | 1,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,[9],[0] s",
			}, "1,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,[9],[0] n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			g := ext[tc.game].WithHooks(mancala.Hooks{
				Capture: func(s *mancala.State, mv *mancala.Sown) (bool, error) {
					got = append(got, traceOf("capture", s, mv))
					return s.ApplyCaptures()
				},
				AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
					got = append(got, traceOf("after_sow", s, mv))
					return false, false, nil
				},
			})
			s := g.Start()
			if tc.from != "" {
				var err error
				s, err = g.Parse(tc.from)
				require.NoError(t, err)
			}
			moves := strings.Fields(tc.play)
			for i, text := range moves {
				if i == len(moves)-1 {
					got = nil
				} else if s.InSetup() {
					require.Empty(t, got, "no hook during the setup phase")
				}
				m, err := core.ParsePlay(s, text)
				require.NoError(t, err)
				s.Play(m)
				require.NoError(t, s.Err())
			}
			if tc.want != nil {
				assert.Equal(t, tc.want, got)
			} else {
				require.NotEmpty(t, got)
				assert.Contains(t, got[0], "capture last=5 empty=false laps=1 resows=0 lifts=3 drops=4,5 ")
				assert.True(t, strings.HasPrefix(got[len(got)-1], "after_sow "))
			}
			assert.Equal(t, tc.after, s.String())
		})
	}
}

// TestHooksCaptureResult: in the extended loop the Capture hook's result decides
// whether the move ends (a capture) or goes on as the rules say (the relay).
func TestHooksCaptureResult(t *testing.T) {
	pallanguzhi := extGames(t)["pallanguzhi"]
	// South's 1 seed makes North's house 1 (pit 8) three: the rules relay (9, 10, 11)
	// and take the house after the empty 11 (pit 12: 3 seeds).
	const from = "2,0,0,0,0,0,1,2,0,5,0,3,0,0,[40],[31] s round=1"
	tests := []struct {
		name    string
		capture func(s *mancala.State, mv *mancala.Sown) (bool, error)
		want    string
	}{
		{"the rules", func(s *mancala.State, mv *mancala.Sown) (bool, error) { return s.ApplyCaptures() },
			"2,0,0,0,0,0,0,0,1,6,1,0,0,0,[43],[31] n round=1 ply=1"},
		{"no capture: the relay goes on, and no capture at the end", func(s *mancala.State, mv *mancala.Sown) (bool, error) { return false, nil },
			"2,0,0,0,0,0,0,0,1,6,1,3,0,0,[40],[31] n round=1 ply=1"},
		{"a capture at the first lap's end stops the relay", func(s *mancala.State, mv *mancala.Sown) (bool, error) { return true, nil },
			"2,0,0,0,0,0,0,3,0,5,0,3,0,0,[40],[31] n round=1 ply=1"},
		{"the hook takes the last pit itself", func(s *mancala.State, mv *mancala.Sown) (bool, error) {
			n, err := s.Take(mv.Last)
			if err != nil {
				return false, err
			}
			return true, s.Add(s.Game().Store(mv.Side), n)
		}, "2,0,0,0,0,0,0,0,0,5,0,3,0,0,[43],[31] n round=1 ply=1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := pallanguzhi.WithHooks(mancala.Hooks{Capture: tc.capture})
			s, err := g.Parse(from)
			require.NoError(t, err)
			s.Play(6)
			require.NoError(t, s.Err())
			assert.Equal(t, tc.want, s.String())
			require.NoError(t, conserved(s))
		})
	}
}

// TestHooksSkipped: no hook runs for setup moves, passes and swaps, nor for the moves
// the move rules try ahead (must feed, no-starve, Must, chosen targets), which play the
// descriptor alone.
func TestHooksSkipped(t *testing.T) {
	all := allGames(t)
	tests := []struct{ game, from, play string }{
		{"omweso", "", "1>2 3>4 done 2>1 done"},
		{"awari", "1,0,0,0,0,2,[21],1,1,0,0,0,0,[22] s", ""},
		{"oware", "0,0,0,0,0,0,[20],0,0,0,0,1,3,[24] n", ""},
		{"dabuda", "1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=2", ""},
		{"tshuba", "0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", ""},
		{"halusa", "1,0,0,0,0,1,[10],0,0,0,0,0,0,[10] n", ""},
		{"own-side-relay-pie", "", "1"},
	}
	specials := 0
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			calls := 0
			fail := func(*mancala.State, *mancala.Sown) (bool, error) { calls++; return false, nil }
			g := all[tc.game].WithHooks(mancala.Hooks{Capture: fail,
				AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) { calls++; return false, false, nil }})
			s := g.Start()
			if tc.from != "" {
				var err error
				s, err = g.Parse(tc.from)
				require.NoError(t, err)
			}
			for _, text := range strings.Fields(tc.play) {
				m, err := core.ParsePlay(s, text)
				require.NoError(t, err)
				setup, before := s.InSetup(), calls
				s.Play(m)
				if setup {
					assert.Equal(t, before, calls, "no hook for the setup move %s", text)
				}
			}
			calls = 0 // the sowings played called them
			lm := s.LegalMoves(nil)
			require.NotEmpty(t, lm)
			assert.Zero(t, calls, "no hook while listing %s", core.MovesString(s, lm))
			for _, special := range []core.Move{mancala.Swap, mancala.Pass} {
				if slices.Contains(lm, special) {
					s.Play(special)
					assert.Zero(t, calls, "no hook for special move %d", special)
					specials++
				}
			}
		})
	}
	assert.Equal(t, 2, specials, "a swap and a pass were played")
}

// TestHooksErrors: a misused hook method or a failing hook stops the game with an error,
// the seeds conserved (seeds in hand go to the mover's store).
func TestHooksErrors(t *testing.T) {
	ext, more := extGames(t), moreGames(t)
	errHook := errors.New("hook failed")
	tests := []struct {
		name, game, from string
		move             core.Move
		hooks            mancala.Hooks
		want             string
	}{
		{"captures outside the capture hook", "pallanguzhi", "", 0, mancala.Hooks{
			AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				_, err := s.ApplyCaptures()
				return false, false, err
			}}, "the descriptor's captures apply only during a capture hook call"},
		{"captures applied twice", "hus", "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", 14, mancala.Hooks{
			Capture: func(s *mancala.State, mv *mancala.Sown) (bool, error) {
				if ok, err := s.ApplyCaptures(); !ok || err != nil {
					return ok, err
				}
				return s.ApplyCaptures()
			}}, "a capture has applied at pit 1 already"},
		{"a failure with seeds in hand", "hus", "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", 14, mancala.Hooks{
			Capture: func(s *mancala.State, mv *mancala.Sown) (bool, error) {
				if _, err := s.ApplyCaptures(); err != nil {
					return false, err
				}
				if s.InHand() != 7 {
					return false, fmt.Errorf("in hand: %d", s.InHand())
				}
				return false, errHook
			}}, "hook failed"},
		{"seeds created", "bao", "", 2, mancala.Hooks{
			Capture: func(s *mancala.State, mv *mancala.Sown) (bool, error) {
				return false, s.Add(mv.Last, 1)
			}}, "capture: seeds not conserved: 65 on the board, want 64"},
		{"sowing an out-of-play pit", "pallanguzhi", "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", 0, mancala.Hooks{
			AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				_, err := s.Sow(0, 6, false, true)
				return false, false, err
			}}, "sow: pit 7 is out of play this round"},
		{"adding to an out-of-play pit", "pallanguzhi", "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", 0, mancala.Hooks{
			AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				return false, false, s.Add(6, 0)
			}}, "add: pit 7 is out of play this round"},
	}
	all := map[string]*mancala.Game{}
	maps.Copy(all, ext)
	maps.Copy(all, more)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := all[tc.game].WithHooks(tc.hooks)
			s := g.Start()
			if tc.from != "" {
				var err error
				s, err = g.Parse(tc.from)
				require.NoError(t, err)
			}
			s.Play(tc.move)
			require.Error(t, s.Err())
			assert.Contains(t, s.Err().Error(), tc.want)
			assert.Equal(t, core.Terminal, s.ToMove(), "the error ends the game")
			if !strings.Contains(tc.name, "created") {
				require.NoError(t, conserved(s))
			}
		})
	}
}

// TestHooksBoardMethods: the hook methods in the extended loop: Sow sows as a move does
// (per-seed takes, captures at each lap's end), and Add into a kept pit keeps the seeds.
func TestHooksBoardMethods(t *testing.T) {
	ext, more := extGames(t), moreGames(t)
	tests := []struct {
		name, from string
		game       *mancala.Game
		move       core.Move
		after      func(s *mancala.State) error
		want       string
	}{
		// South's 7 sows one seed into North's empty house 1 (the next, empty, taken);
		// then the hook sows South's house 1 as the example move of Pallanguzhi: two
		// fours taken (8), the last in empty pit 4 taking pit 5 (5).
		{"sow with captures", "3,3,3,0,5,0,1,0,0,0,1,0,0,0,[0],[0] s round=1", ext["pallanguzhi"], 6,
			func(s *mancala.State) error {
				last, err := s.Sow(0, 0, false, true)
				if err == nil && last != 3 {
					err = fmt.Errorf("last %d", last)
				}
				return err
			}, "0,0,0,1,0,0,0,1,0,0,1,0,0,0,[13],[0] n round=1 ply=1"},
		{"sow without captures", "3,3,3,0,5,0,1,0,0,0,1,0,0,0,[0],[0] s round=1", ext["pallanguzhi"], 6,
			func(s *mancala.State) error {
				_, err := s.Sow(0, 0, false, false)
				return err
			}, "0,0,0,1,5,0,0,1,0,0,1,0,0,0,[8],[0] n round=1 ply=1"},
		{"add to a kept pit", "", more["layli-goobalay"], 0,
			func(s *mancala.State) error {
				if s.Kept(0) >= 0 {
					return errors.New("pit 1 kept")
				}
				return nil
			}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game.WithHooks(mancala.Hooks{AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
				return false, false, tc.after(s)
			}})
			s := g.Start()
			if tc.from != "" {
				var err error
				s, err = g.Parse(tc.from)
				require.NoError(t, err)
			}
			s.Play(tc.move)
			require.NoError(t, s.Err())
			if tc.want != "" {
				assert.Equal(t, tc.want, s.String())
			}
		})
	}
	// Kept pits (Layli Goobalay's uur) keep what a hook adds, as they keep sown seeds.
	g := more["layli-goobalay"].WithHooks(mancala.Hooks{AfterSow: func(s *mancala.State, mv *mancala.Sown) (bool, bool, error) {
		for p := 0; p < s.Game().Pits(); p++ {
			if s.Kept(p) >= 0 {
				n, err := s.Take(s.Game().Store(mv.Side))
				if err != nil {
					return false, false, err
				}
				before := s.Count(p)
				if err := s.Add(p, n); err != nil {
					return false, false, err
				}
				if s.Count(p) != before+n {
					return false, false, fmt.Errorf("kept pit %d: %d, want %d", p+1, s.Count(p), before+n)
				}
				return false, false, nil
			}
		}
		return false, false, nil
	}})
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20; i++ {
		s := g.Start()
		for s.ToMove() != core.Terminal {
			lm := s.LegalMoves(nil)
			s.Play(lm[rng.IntN(len(lm))])
		}
		require.NoError(t, s.Err())
		require.NoError(t, conserved(s))
	}
}
