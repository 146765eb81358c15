package kalahsolve

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// TestEndgameLevelsMatchLazy builds databases and checks every configuration against
// the solver's lazily filled database (full-width exact values from the moves).
func TestEndgameLevelsMatchLazy(t *testing.T) {
	for _, tc := range []struct {
		houses, maxK int
		empty        bool
		remaining    string
	}{
		{1, 9, false, "owner"},
		{2, 10, false, "owner"},
		{3, 10, true, "owner"},
		{3, 10, false, "owner"},
		{4, 9, false, "discard"},
		{4, 9, true, "owner"},
		{6, 6, false, "owner"},
	} {
		t.Run(fmt.Sprintf("h%d-k%d-empty=%v-%s", tc.houses, tc.maxK, tc.empty, tc.remaining), func(t *testing.T) {
			g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": 4, "empty_capture": tc.empty, "remaining": tc.remaining})
			require.NoError(t, err)
			kg := g.(*kalah.Game)
			sw := kg.Sower()
			levels, free, err := endgame.Open("", sw, tc.maxK, nil, nil)
			require.NoError(t, err)
			defer free()
			solver := newKalahSolver(context.Background(), time.Time{}, kg, 1, 64, 120, tc.maxK, true)
			defer solver.free()
			require.Equal(t, tc.maxK, solver.dbMax)
			checked := 0
			for k := 1; k <= tc.maxK; k++ {
				require.Len(t, levels[k], solver.wordRanker.Size(k))
				aitest.ForConfigs(2*tc.houses, k, func(h []uint8) {
					mine, theirs := aitest.Words(h, tc.houses)
					idx := solver.wordRanker.Rank(mine, theirs, k)
					if mine == 0 || theirs == 0 {
						assert.Equal(t, uint8(endgame.Empty), levels[k][idx])
						return
					}
					want, err := solver.compactDB(mine, theirs, k, 0)
					require.NoError(t, err)
					require.Equal(t, want, endgame.Decode(levels[k][idx]), "houses %v", h)
					checked++
				})
			}
			assert.Positive(t, checked)
		})
	}
}

// TestSolveWithEndgame solves with complete databases of several sizes, kept on disk,
// and checks the values against the solver without one.
func TestSolveWithEndgame(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		houses, seeds int
		empty         bool
	}{{4, 3, false}, {4, 3, true}, {5, 2, false}, {3, 4, true}} {
		g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": tc.seeds, "empty_capture": tc.empty})
		require.NoError(t, err)
		plain, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 16, EndgameSeeds: -1})
		require.NoError(t, err)
		ks := []int{1, 6, 12}
		if tc.houses <= 3 {
			ks = append(ks, 2*tc.houses*tc.seeds) // every position of the game
		}
		for _, k := range ks {
			t.Run(fmt.Sprintf("h%d-s%d-empty=%v-k%d", tc.houses, tc.seeds, tc.empty, k), func(t *testing.T) {
				sol, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 16, EndgameDir: dir, EndgameSeeds: k})
				require.NoError(t, err)
				assert.Equal(t, plain.Value, sol.Value)
				assert.Equal(t, min(k, 2*tc.houses*tc.seeds), sol.EndgameSeeds)
				assert.Equal(t, plain.PV[0], sol.PV[0])
			})
		}
	}
	// Automatic: no directory or few seeds in play mean no database.
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	sol, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 16, EndgameDir: dir})
	require.NoError(t, err)
	assert.Zero(t, sol.EndgameSeeds)
	_, err = solvePos(context.Background(), g.NewState(), Config{TTMB: 16, EndgameSeeds: 500})
	require.NoError(t, err, "a request beyond the seeds in play is capped")
	g, err = kalah.Def.New("kalah", core.Params{"houses": 8, "seeds": 6})
	require.NoError(t, err)
	_, err = solvePos(context.Background(), g.NewState(), Config{TTMB: 16, EndgameSeeds: 40})
	assert.ErrorContains(t, err, "at most 19 seeds fit")
}

// TestEndgameSeedsAuto pins the automatic choice.
func TestEndgameSeedsAuto(t *testing.T) {
	for _, tc := range []struct{ houses, seeds, want int }{{6, 4, 20}, {6, 3, 0}, {5, 5, 26}, {7, 4, 17}} {
		g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": tc.seeds})
		require.NoError(t, err)
		got, err := endgameSeeds(Config{EndgameDir: "x"}, g.NewState().(*kalah.State))
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "Kalah(%d,%d)", tc.houses, tc.seeds)
	}
}

// TestSolveThreadsAgree solves positions with one to four threads sharing the table
// (and the lazily filled database, or a complete one) and wants the same values; under
// the race detector (make test runs it so) it also checks the shared accesses.
func TestSolveThreadsAgree(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []core.Params{
		{"houses": 4, "seeds": 3}, {"houses": 5, "seeds": 2, "empty_capture": false},
		{"houses": 3, "seeds": 4, "remaining": "discard"}, {"houses": 6, "seeds": 2},
	} {
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		positions := append([]core.State{g.NewState()}, aitest.RandomPositions(g, 4, 6)...)
		for _, s := range positions {
			one, err := solvePos(context.Background(), s, Config{TTMB: 4, Threads: 1})
			require.NoError(t, err)
			for _, opt := range []Config{
				{TTMB: 4, Threads: 2}, {TTMB: 1, Threads: 4, DBSeeds: 12},
				{TTMB: 4, Threads: 3, EndgameDir: dir, EndgameSeeds: 9},
			} {
				got, err := solvePos(context.Background(), s, opt)
				require.NoError(t, err)
				require.Equal(t, one.Value, got.Value, "%v at %s with %+v", p, s, opt)
				require.NotEmpty(t, got.PV)
			}
		}
	}
}

// TestSolveReportsPasses: a Kalah solve writes each MTD(f) pass's bound to Log.
func TestSolveReportsPasses(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	var log bytes.Buffer
	sol, err := solvePos(context.Background(), g.NewState(), Config{TTMB: 4, Log: &log, logAfter: time.Nanosecond})
	require.NoError(t, err)
	assert.Contains(t, log.String(), "solve: pass 1: the margin of the player to move is")
	assert.Contains(t, log.String(), fmt.Sprintf("is at least %+d", sol.Value))
	assert.Contains(t, log.String(), fmt.Sprintf("is at most %+d", sol.Value))
}

// TestSolveEndgameDirIsFile: a database directory that is a file is an error before
// any work, through Solve as kalahlab solve --endgame-dir FILE does (ai/endgame's
// TestEndgameDirProblems checks the other troubles).
func TestSolveEndgameDirIsFile(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "egdb")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	_, err = solvePos(context.Background(), g.NewState(), Config{TTMB: 4, EndgameSeeds: 6, EndgameDir: file})
	assert.ErrorContains(t, err, "is a file; want a directory")
}
