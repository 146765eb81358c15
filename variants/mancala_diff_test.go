package variants_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/variants"
)

// TestMancalaOwareMatchesScript holds the mancala engine's Oware descriptor equal to
// scripts/oware.lua (Kalah's engine with Lua hooks), move by move along random games:
// the same positions, legal moves, scores and ends. The script has no repetition rule,
// so the descriptor's is turned off here; both stop at 1,000 plies.
func TestMancalaOwareMatchesScript(t *testing.T) {
	v, err := variants.Lookup("oware", variants.Options{})
	require.NoError(t, err)
	lua, err := v.NewGame()
	require.NoError(t, err)
	r := mancala.Oware(1000)
	r.End.Repeats = 0
	eng, err := mancala.New("oware", r)
	require.NoError(t, err)

	rng := rand.New(rand.NewPCG(14, 1))
	games := 500
	if testing.Short() {
		games = 50
	}
	plies := 0
	for i := 0; i < games; i++ {
		ls, es := lua.NewState(), eng.NewState()
		for ply := 0; ; ply++ {
			where := fmt.Sprintf("game %d ply %d at %s", i, ply, ls)
			require.Equal(t, ls.String(), es.String(), where)
			require.Equal(t, ls.ToMove(), es.ToMove(), where)
			lm := ls.LegalMoves(nil)
			require.Equal(t, lm, es.LegalMoves(nil), where)
			require.Equal(t, ls.(core.Scorer).Scores(nil), es.(core.Scorer).Scores(nil), where)
			require.Equal(t, ls.Returns(nil), es.Returns(nil), where)
			require.NoError(t, ls.Err(), where)
			if ls.ToMove() == core.Terminal {
				break
			}
			m := lm[rng.IntN(len(lm))]
			ls.Play(m)
			es.Play(m)
			plies++
		}
	}
	t.Logf("%d games, %d plies compared", games, plies)
}
