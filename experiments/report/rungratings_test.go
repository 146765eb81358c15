package report

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/kalahlab/kalahlab/experiments/tournament"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// standingsFile writes a tournament's standings.json rating the agents given.
func standingsFile(t *testing.T, elo map[string][3]float64) string {
	t.Helper()
	s := tournament.Standings{Variant: "kalah houses=4 seeds=3", Seats: 2}
	for a, e := range elo {
		s.Entrants = append(s.Entrants, a)
		s.Ranking = append(s.Ranking, tournament.Standing{Agent: a, Elo: e[0], Lo: e[1], Hi: e[2]})
	}
	data, err := json.Marshal(s)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "standings.json"), data, 0o644))
	return dir
}

// TestRungRatings: a tournament's ratings place the ladder's rungs on the charts' x
// axis (numeric, perfect play above the strongest rung), the verdict gives their span,
// and a rung the tournament did not rate is an error naming it.
func TestRungRatings(t *testing.T) {
	text := strings.Replace(ladderStudy, "games: 120", "games: 40", 1)
	res, err := run.Run(context.Background(), study(t, text), run.Options{Workers: 2})
	require.NoError(t, err)

	rep := Summarize(res)
	rr, err := LoadRungRatings(standingsFile(t, map[string][3]float64{"random": {-250, -280, -220}, "greedy": {250, 220, 280}}))
	require.NoError(t, err)
	require.NoError(t, rep.ApplyRungRatings(rr))
	for _, ch := range ladderCurves(rep) {
		assert.Nil(t, ch.Categories, "a numeric axis of ratings")
		assert.Contains(t, ch.XLabel, "Bradley–Terry Elo")
		for _, s := range ch.Series {
			require.Len(t, s.Points, 3, "two rungs and perfect play")
			assert.Equal(t, -250.0, s.Points[0].X)
			assert.Equal(t, 250.0, s.Points[1].X)
			assert.Equal(t, 250.0, s.Points[2].X, "perfect play above the strongest rung")
			assert.False(t, math.IsNaN(s.Points[2].Ref), "its value")
		}
	}
	verdict := strings.Join(Verdict(rep), "\n")
	assert.Contains(t, verdict, "Measured by a tournament on kalah houses=4 seeds=3, the rungs span 500 Elo (random -250 to greedy +250)")
	var js, page strings.Builder
	require.NoError(t, Render(&js, rep, "json"))
	assert.Contains(t, js.String(), `"rung_ratings"`)
	require.NoError(t, WriteHTML(&page, rep))
	assert.Contains(t, page.String(), "Their x axis is the rungs' measured strength")

	rep = Summarize(res)
	rr, err = LoadRungRatings(standingsFile(t, map[string][3]float64{"random": {-250, -280, -220}, "mcts": {250, 220, 280}}))
	require.NoError(t, err)
	err = rep.ApplyRungRatings(rr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no rating for the rungs greedy (the tournament rated mcts, random)")

	_, err = LoadRungRatings(t.TempDir())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no standings.json there")
}
