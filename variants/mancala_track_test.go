package variants

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// trackCheck is an after_sow hook checking the track helpers against the move just
// sown: the i-th seed of the first lap fell in b:walk(origin, i); b:next and b:prev
// step along it; { houses = true } and a skip predicate passing stores over agree; a
// house's column holds it and its opposite.
const trackCheck = `
    after_sow = function(b, mv)
      local o, dir = mv.origin, { direction = mv.direction }
      assert(b:next(o, dir) == mv.drops[1], "b:next")
      assert(b:prev(mv.drops[1], dir) == o, "b:prev")
      local houses, h = {}, 0
      for i = 1, mv.seeds do
        local d = mv.drops[i]
        assert(b:walk(o, i, dir) == d, "b:walk " .. i)
        assert(b:walk(d, -i, dir) == o, "b:walk back " .. i)
        assert(b:in_play(d), "b:in_play")
        if not b:is_store(d) then h = h + 1; houses[h] = d end
      end
      for i = 1, h do
        assert(b:walk(o, i, { direction = mv.direction, houses = true }) == houses[i], "houses")
        assert(b:walk(o, i, { direction = mv.direction, skip = function(p) return b:is_store(p) end }) == houses[i], "skip")
      end
      local col, opp, seen = b:column(o), b:opposite(o), {}
      for _, p in ipairs(col) do seen[p] = true end
      assert(seen[o], "column holds the pit")
      assert(opp == nil or seen[opp], "column holds the opposite")
      assert(b:column(b:store(1)) == nil, "a store has no column")
    end,`

// TestMancalaTrackHelpers: on two rows, four rows, one row, stores at the left,
// clockwise sowing and relays, at the script's size and under --set houses=3, the
// track helpers agree with the engine's sowing on random games.
func TestMancalaTrackHelpers(t *testing.T) {
	boards := []struct{ name, extends, desc string }{
		{"two rows (mancala/kalah)", "mancala/kalah", ""},
		{"four rows (mancala/hus)", "mancala/hus", ""},
		{"stores left, clockwise (congkak-left)", "../config/examples/mancala/congkak-left.lua", ""},
		{"clockwise, no stores (mancala/vai-lung-thlan)", "mancala/vai-lung-thlan", ""},
		{"one row", "mancala", `board = { rows = 1, houses = 4, seeds = 3 },`},
		{"chosen direction (mancala/sungka)", "mancala/sungka", ""},
	}
	for i, bd := range boards {
		for _, houses := range []int{0, 3} {
			name := bd.name
			if houses > 0 {
				name += fmt.Sprintf(" --set houses=%d", houses)
			}
			t.Run(name, func(t *testing.T) {
				ext, dir := bd.extends, t.TempDir()
				if ext[0] == '.' {
					body, err := os.ReadFile(ext)
					require.NoError(t, err)
					ext = filepath.Base(ext)
					writeScript(t, dir, ext, string(body))
				}
				src := fmt.Sprintf("return variant {\n  extends = %q,\n  %s\n  hooks = {%s\n  },\n}\n", ext, bd.desc, trackCheck)
				v, err := Lookup(writeScript(t, dir, "track.lua", src), Options{})
				require.NoError(t, err)
				if houses > 0 {
					v, err = v.With(map[string]any{"houses": houses})
					require.NoError(t, err)
				}
				g, err := v.NewGame()
				require.NoError(t, err)
				rng := rand.New(rand.NewPCG(uint64(i), 7))
				plies := 0
				for n := 0; n < 20; n++ {
					s := g.NewState()
					for s.ToMove() != core.Terminal && plies < 4000 {
						lm := s.LegalMoves(nil)
						s.Play(lm[rng.IntN(len(lm))])
						plies++
					}
					require.NoError(t, s.(interface{ Err() error }).Err())
				}
				assert.Positive(t, plies)
			})
		}
	}
}

// TestMancalaTrackHelperErrors: bad options are errors naming the method and what is
// allowed.
func TestMancalaTrackHelperErrors(t *testing.T) {
	tests := []struct{ call, want string }{
		{`b:next(1, { player = 3 })`, `b:next: player is 3, want 1 or 2`},
		{`b:prev(1, { direction = "left" })`, `b:prev: direction is "left", want "anticlockwise" or "clockwise"`},
		{`b:next(1, { skip = function() end })`, `b:next: option skip is b:walk's`},
		{`b:walk(1, 2, { skip = 3 })`, `b:walk: skip is 3, want a function(pit)`},
		{`b:walk(1, 2, { skip = function() return 1 end })`, `b:walk: skip returned 1, want true`},
		{`b:walk(1, 2, { housse = true })`, `b:walk: option "housse" unknown (want player, direction, houses, skip)`},
		{`b:walk(1, 2, 3)`, `b:walk: options are a number`},
		{`b:column(99)`, `pit 99 out of range 1..14 (b:column)`},
	}
	for _, tc := range tests {
		t.Run(tc.call, func(t *testing.T) {
			src := "return variant {\n  extends = \"mancala/kalah\",\n  hooks = {\n    after_sow = function(b, mv) " + tc.call + " end,\n  },\n}\n"
			v, err := Lookup(writeScript(t, t.TempDir(), "bad.lua", src), Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s := g.NewState()
			s.Play(s.LegalMoves(nil)[0])
			err = s.(interface{ Err() error }).Err()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
