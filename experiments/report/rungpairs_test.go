package report

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rungPairsStudy rates its three rungs with 41 games a pair (rounded up to 42: each
// rung on each seat 21 times) on the base variant, kalah at the first sweep point.
const rungPairsStudy = `
name: rung-pairs
variants: [kalah, { variant: kalah/pie, label: pie }]
sweep: { houses: [3], seeds: [3, 2] }
ladder: [{ agent: random }, { agent: greedy }, { agent: alphabeta, depth: 2, tt: 1 }]
games: 60
rung_ratings: 41
epsilon: 0.2
seed: 5
solve: 0
`

// TestStudyRatesItsRungs: with rung_ratings the plan adds a cell per pair of adjacent
// rungs after the study's cells (both seats, the base variant at the first point); the
// reports leave them out of the cells and fit Bradley–Terry ratings from them, which
// give the ladders their x axis and the verdict its Elo, the same for any number of
// workers and any sharding.
func TestStudyRatesItsRungs(t *testing.T) {
	s := study(t, rungPairsStudy)
	p := &s.Plan
	require.Len(t, p.Cells, 12+2)
	assert.Equal(t, 12, p.StudyCells())
	assert.Equal(t, 42, p.RungRatings)
	for k, c := range p.Cells[12:] {
		assert.Equal(t, []int{k, k + 1}, c.RungPair)
		assert.Equal(t, 42, c.Games)
		assert.Equal(t, "kalah houses=3 seeds=3", c.Variant+" "+plan.SweepString(c.Sweep))
		assert.Equal(t, []int{p.Ladder[k], p.Ladder[k+1]}, p.Seating(12+k, 0, 2, nil), "the weaker on the first seat")
		assert.Equal(t, []int{p.Ladder[k+1], p.Ladder[k]}, p.Seating(12+k, 1, 2, nil), "then on the second")
	}
	assert.Equal(t, "kalah houses=3 seeds=3 rung ratings: random vs greedy", p.Cells[12].Label)

	one, err := run.Run(context.Background(), s, run.Options{Workers: 1})
	require.NoError(t, err)
	two, err := run.Run(context.Background(), s, run.Options{Workers: 2, Chunk: 3})
	require.NoError(t, err)
	for c := 12; c < 14; c++ {
		assert.Equal(t, int64(42), one.Cells[c].Stats.Trials)
		st := one.Cells[c].Stats
		assert.Equal(t, st.Agents[p.Ladder[c-12]].Games(), st.Agents[p.Ladder[c-11]].Games(), "both rungs play every game")
	}
	out := t.TempDir()
	runShards(t, s, out, 3)
	merged, err := mergeAll(out)
	require.NoError(t, err)

	rep := Summarize(one)
	assert.Len(t, rep.Cells, 12, "the rung pairs are not the study's cells")
	rr := rep.RungRatings
	require.NotNil(t, rr)
	for _, r := range []*run.Result{two, merged} {
		assert.Equal(t, ratingsJSON(t, rr), ratingsJSON(t, Summarize(r).RungRatings), "1 worker, 2 workers and 3 shards merged")
	}
	assert.Equal(t, "rung_ratings: 42", rr.Source)
	assert.Equal(t, "kalah houses=3 seeds=3", rr.Variant)
	for _, l := range rep.Ladders {
		for _, r := range l.Rungs {
			require.NotNil(t, r.Elo, "%s %s", l.Label, r.Agent)
			assert.Equal(t, rr.Elo[r.Agent], *r.Elo)
		}
	}
	assert.Contains(t, Verdict(rep), ratingsVerdict(rep))
	assert.Contains(t, ratingsVerdict(rep), "Measured by the study's own games between adjacent rungs (rung_ratings: 42) on kalah houses=3 seeds=3")

	// By hand: on a chain of pairs the Bradley–Terry fit (with the rating package's
	// one virtual draw a pair) puts each stronger rung 400·log10((S+½)/(L+½)) above the
	// weaker, S and L the points each scored in the pair; the ratings' mean is 0.
	elo := []float64{0}
	for k, pr := range rr.Pairs {
		c := one.Cells[12+k].Stats
		w := c.Agents[p.Ladder[k+1]]
		assert.Equal(t, w.Wins, pr.Wins)
		assert.Equal(t, w.Losses, pr.Losses)
		assert.Equal(t, int64(42)-c.Failed, pr.Wins+pr.Draws+pr.Losses, "every game of the pair, both seats")
		stronger := float64(pr.Wins) + float64(pr.Draws)/2
		weaker := float64(pr.Losses) + float64(pr.Draws)/2
		gap := 400 * math.Log10((stronger+0.5)/(weaker+0.5))
		assert.InDelta(t, gap, pr.Gap.Value, 1e-3, "pair %d", k)
		assert.Less(t, pr.Gap.Lo, pr.Gap.Value)
		assert.Greater(t, pr.Gap.Hi, pr.Gap.Value)
		elo = append(elo, elo[k]+gap)
	}
	mean := (elo[0] + elo[1] + elo[2]) / 3
	for k, a := range []string{"random", "greedy", "alphabeta:depth=2,tt=1"} {
		assert.InDelta(t, elo[k]-mean, rr.Elo[a].Value, 1e-3, a)
		assert.Less(t, rr.Elo[a].Lo, rr.Elo[a].Value)
	}

	// The ratings reach every format: results.json, the HTML ladder charts' x axis.
	dir := t.TempDir()
	_, err = WriteReports(rep, dir, []string{"json", "html"})
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"source": "rung_ratings: 42"`)
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(page), "the rung&#39;s rating (Bradley–Terry Elo, the study&#39;s own games between adjacent rungs (rung_ratings: 42) on kalah houses=3 seeds=3)")
}

// TestRungRatingsAtMostGames: the rung pairs play at most the study's games, in whole
// pairs of games (so that --games 12 makes a quick run of a study that rates its rungs).
func TestRungRatingsAtMostGames(t *testing.T) {
	for _, tc := range []struct{ games, ratings, want int }{
		{10, 20, 10}, {11, 20, 10}, {11, 5, 6}, {1, 400, 1}, {2, 3, 2}, {100, 1, 2},
	} {
		s := study(t, fmt.Sprintf("name: e\nvariants: [kalah]\nladder: [{ agent: random }, { agent: greedy }]\ngames: %d\nrung_ratings: %d\nsolve: 0\n", tc.games, tc.ratings))
		assert.Equal(t, tc.want, s.Plan.RungRatings, "games %d, rung_ratings %d", tc.games, tc.ratings)
		assert.Equal(t, tc.want, s.Plan.Cells[len(s.Plan.Cells)-1].Games)
	}
}

func ratingsJSON(t *testing.T, rr *RungRatings) string {
	t.Helper()
	require.NotNil(t, rr)
	data, err := json.Marshal(rr)
	require.NoError(t, err)
	return string(data)
}

// TestRungRatingsErrors: rung pairs need a two-seat base variant.
func TestRungRatingsErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"a four-seat base", "name: e\nvariants: [ludo]\nladder: [{ agent: random }, { agent: greedy }]\ngames: 10\nrung_ratings: 10\nsolve: 0\n",
			"experiment e: rung_ratings plays the rungs against each other on the base variant ludo, a game of 4 seats; rung ratings need a two-seat game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "study.yaml")
			require.NoError(t, os.WriteFile(path, []byte(tc.text), 0o644))
			cfg, err := config.LoadExperiment(viper.New(), path)
			require.NoError(t, err)
			_, err = plan.New(cfg)
			assert.EqualError(t, err, tc.want)
		})
	}
}
