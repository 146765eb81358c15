package variants

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// The kalah base game's hooks on mancala games: kalah scripts' hook bodies ported to
// `extends = "mancala/kalah"` play as the kalah versions do. (Oware's hooks, which
// played the kalah-based oware, are the reference of TestOwareReference.)

// strictOnMancala is scripts/kalah/strict-capture.lua's hook body on mancala/kalah.
const strictOnMancala = `return variant {
  name = "test/strict-on-mancala",
  extends = "mancala/kalah",
  captures = {},
  hooks = {
    capture = function(b, mv)
      local last = mv.last
      if b:count(last) ~= 1 then return end
      local me = b:mover()
      if b:owner(last) ~= me then return end
      local opp = b:opposite(last)
      local far = nil
      if b:rows() == 4 then
        if not b:behind(last) then return end
        far = b:behind(opp)
      end
      local taken = b:count(opp) + (far and b:count(far) or 0)
      if taken == 0 then return end
      local store = b:store(me)
      b:add(store, b:take(last) + b:take(opp))
      if far then b:add(store, b:take(far)) end
    end,
  },
}`

// TestMancalaKalahHookPorts: each ported script plays its kalah version's games on
// random games: the same legal moves and position at every ply, the same scores.
func TestMancalaKalahHookPorts(t *testing.T) {
	cases := []struct{ name, kalah, src string }{
		{"strict capture", "kalah/strict-capture", strictOnMancala},
	}
	games := 150
	if testing.Short() {
		games = 40
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kv, err := Lookup(c.kalah, Options{})
			require.NoError(t, err)
			kg, err := kv.NewGame()
			require.NoError(t, err)
			mv, err := Lookup(writeScript(t, t.TempDir(), "port.lua", c.src), Options{})
			require.NoError(t, err)
			mg, err := mv.NewGame()
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(uint64(i), 24))
			plies := 0
			for n := 0; n < games; n++ {
				ks, ms := kg.NewState(), mg.NewState()
				for ks.ToMove() != core.Terminal {
					require.Equal(t, ks.String(), ms.String(), "game %d", n)
					lm := ks.LegalMoves(nil)
					require.Equal(t, lm, ms.LegalMoves(nil), "game %d at %s", n, ks)
					m := lm[rng.IntN(len(lm))]
					ks.Play(m)
					ms.Play(m)
					plies++
				}
				require.Equal(t, core.Terminal, ms.ToMove(), "game %d", n)
				require.Equal(t, ks.String(), ms.String(), "game %d", n)
				require.Equal(t, ks.Returns(nil), ms.Returns(nil), "game %d", n)
				assert.Equal(t, ks.(core.Scorer).Scores(nil), ms.(core.Scorer).Scores(nil), "game %d", n)
			}
			t.Logf("%d games, %d plies alike", games, plies)
		})
	}
}

// TestMancalaKalahHookRules: each of the kalah-contract hooks does what it says, by
// examples its parent plays differently.
func TestMancalaKalahHookRules(t *testing.T) {
	tests := []struct{ name, hooks, examples string }{
		{"extra_turn: a single seed moved plays again", `extra_turn = function(b, last, mv) return mv.seeds == 1 end,`,
			`{ from = "1,1,0,0,0,2,[0],1,1,1,1,1,1,[0] s", play = "1", want = "0,2,0,0,0,2,[0],1,1,1,1,1,1,[0] s" },
			 { name = "and a last seed in the store no longer does", from = "0,0,0,0,2,0,[0],1,1,1,1,1,1,[0] s", play = "5", want = "0,0,0,0,0,1,[1],1,1,1,1,1,1,[0] n" }`},
		{"extra_turn: nil keeps the rules", `extra_turn = function(b, last) return nil end,`,
			`{ from = "1,0,0,0,0,1,[0],1,1,1,1,1,1,[0] s", play = "6", want = "1,0,0,0,0,0,[1],1,1,1,1,1,1,[0] s" }`},
		{"can_play: only even houses", `can_play = function(b, house, direction)
        assert(direction == "anticlockwise")
        return house % 2 == 0
      end,`, `{ legal = "2 4 6" }, { from = "1,0,1,0,1,0,[0],1,1,1,1,1,1,[0] s", want = "0,0,0,0,0,0,[3],0,0,0,0,0,0,[6] -" }`},
		{"can_play: b:mover is the side listed", `can_play = function(b, house) return b:mover() == 1 or house == 6 end,`,
			`{ play = "1", legal = "6" }`},
		{"is_over: two in South's store ends the game", `is_over = function(b)
        if b:count(b:store(1)) >= 2 then return true end
      end,`, `{ from = "1,0,0,0,0,2,[1],1,1,1,1,1,1,[0] s", play = "6", want = "0,0,0,0,0,0,[3],0,0,0,0,0,0,[7] -" },
			 { name = "nil keeps the rules", from = "1,0,0,0,0,2,[0],1,1,1,1,1,1,[0] s", play = "6", want = "1,0,0,0,0,0,[1],2,1,1,1,1,1,[0] n" }`},
		{"is_over: false overrides the empty side", `is_over = function(b) return false end,`,
			`{ from = "0,0,0,0,0,2,[0],1,1,1,1,1,1,[0] s", play = "6,1", want = "0,0,0,0,0,0,[1],0,0,0,0,0,0,[7] -" }`},
		{"final_scores: the seeds left count for nobody", `final_scores = function(b)
        return b:count(b:store(1)), b:count(b:store(2))
      end,`, `{ from = "0,0,0,0,0,1,[3],1,1,1,1,1,1,[0] s", play = "6", want = "0,0,0,0,0,0,[4],1,1,1,1,1,1,[0] -" }`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"mancala/kalah\",\n  hooks = {\n      " + tc.hooks + "\n  },\n  examples = {\n" + tc.examples + "\n  },\n}\n"
			v, err := Lookup(writeScript(t, t.TempDir(), "rule.lua", src), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			require.NotEmpty(t, v.Examples)
			for _, ex := range v.Examples {
				assert.NoError(t, RunExample(g, ex), ex.Name)
			}
			if strings.HasPrefix(tc.name, "final_scores") {
				s, err := g.ParseState("0,0,0,0,0,1,[3],1,1,1,1,1,1,[0] s")
				require.NoError(t, err)
				s.Play(5)
				assert.Equal(t, []float64{4, 0}, s.(core.Scorer).Scores(nil), "the hook's scores, not the stores after the sweep")
			}
		})
	}
}

// TestMancalaKalahHookErrors: a kalah-contract hook that fails, changes a read-only
// board or returns the wrong thing stops the game with an error naming it.
func TestMancalaKalahHookErrors(t *testing.T) {
	tests := []struct{ name, hooks, want string }{
		{"can_play changing the board", `can_play = function(b, house) b:take(1) return true end,`,
			`can_play: the board is read-only in can_play (b:take)`},
		{"can_play returning nil", `can_play = function(b, house) end,`, `can_play: returned nil, want true or false`},
		{"is_over sowing", `is_over = function(b) b:sow(1) end,`, `is_over: the board is read-only in is_over (b:sow)`},
		{"is_over returning a number", `is_over = function(b) return 1 end,`, `is_over: returned a number, want true, false or nil`},
		{"extra_turn returning a string", `extra_turn = function(b) return "yes" end,`, `extra_turn: returned a string, want true`},
		{"final_scores returning one score", `final_scores = function(b) return 3 end,`, `final_scores: returned one score`},
		{"final_scores creating seeds", `final_scores = function(b) b:add(1, 1) end,`, `final_scores: seeds not conserved`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"mancala/kalah\",\n  hooks = {\n    " + tc.hooks + "\n  },\n}\n"
			v, err := Lookup(writeScript(t, t.TempDir(), "bad.lua", src), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s, err := g.ParseState("0,0,0,0,0,1,[20],0,0,0,1,0,0,[26] s")
			require.NoError(t, err)
			if s.ToMove() != core.Terminal {
				s.Play(s.LegalMoves(nil)[0])
			}
			e, ok := s.(interface{ Err() error })
			require.True(t, ok)
			require.Error(t, e.Err())
			assert.Contains(t, e.Err().Error(), tc.want)
			assert.Contains(t, e.Err().Error(), "bad.lua:")
			assert.Equal(t, core.Terminal, s.ToMove(), "the error ends the game")
		})
	}
}
