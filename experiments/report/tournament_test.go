package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/kalahlab/kalahlab/experiments/tournament"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments/rating"
)

func specs(t testing.TB, texts ...string) []ai.Spec {
	t.Helper()
	var out []ai.Spec
	for _, s := range texts {
		sp, err := ai.ParseSpec(s)
		require.NoError(t, err)
		out = append(out, sp)
	}
	return out
}

// smallTournament is a quick round robin on Kalah(3,3).
func smallTournament(t testing.TB, games int, agents ...string) *plan.Study {
	t.Helper()
	t.Setenv("KALAHLAB_SCRIPTS", "")
	s, err := tournament.NewTournament(tournament.TournamentConfig{
		Variant: "kalah", Params: map[string]any{"houses": 3, "seeds": 3},
		Agents: specs(t, agents...), Games: games, Seed: 9,
	})
	require.NoError(t, err)
	return s
}

func TestTournamentPlan(t *testing.T) {
	s := smallTournament(t, 5, "random", "greedy", "alphabeta:depth=2", "greedy")
	p := &s.Plan
	require.NotNil(t, p.Tournament)
	assert.Equal(t, []string{"random", "greedy", "alphabeta:depth=2", "greedy#2"}, p.Tournament.Entrants)
	assert.Equal(t, "kalah houses=3 seeds=3", p.Tournament.Variant)
	assert.Equal(t, "tournament on kalah houses=3 seeds=3", p.Name)
	assert.Equal(t, 6, p.Games, "5 games rounded up to whole rotations of 2 seats")
	assert.True(t, p.RotateSeats)
	assert.Equal(t, "0s", p.Solve)
	var labels [][]int
	for _, c := range p.Cells {
		labels = append(labels, c.Agents)
		assert.Equal(t, 2, c.Seats)
		assert.Equal(t, "kalah houses=3 seeds=3", c.Variant)
	}
	assert.Equal(t, [][]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, labels)
	assert.Equal(t, "random vs greedy", p.Cells[0].Label)
	assert.Equal(t, "alphabeta:depth=2 vs greedy#2", p.Cells[5].Label)
	// Seats rotate: trial i of pairing (a, b) seats a first for even i, b for odd.
	for i, want := range [][]int{{1, 3}, {3, 1}, {1, 3}, {3, 1}} {
		assert.Equal(t, want, p.Seating(4, i, 2, nil), "trial %d", i)
	}
	// The plan survives the manifest's JSON: a resumed or merged run is a tournament.
	data, err := json.Marshal(p)
	require.NoError(t, err)
	var back plan.Plan
	require.NoError(t, json.Unmarshal(data, &back))
	again, err := plan.FromPlan(back)
	require.NoError(t, err)
	assert.Equal(t, p.Fingerprint(), again.Plan.Fingerprint())
	assert.Equal(t, p.Tournament, again.Plan.Tournament)
}

func TestTournamentManySeats(t *testing.T) {
	t.Setenv("KALAHLAB_SCRIPTS", "")
	s, err := tournament.NewTournament(tournament.TournamentConfig{
		Variant: "ludo", Agents: specs(t, "random", "greedy", "random", "greedy", "random"), Games: 10,
	})
	require.NoError(t, err)
	p := &s.Plan
	assert.Equal(t, 12, p.Games, "10 games rounded up to whole rotations of 4 seats")
	require.Len(t, p.Cells, 5, "C(5,4) meetings")
	assert.Equal(t, []int{0, 1, 2, 3}, p.Cells[0].Agents)
	assert.Equal(t, []int{1, 2, 3, 4}, p.Cells[4].Agents)
	assert.Equal(t, "random vs greedy vs random#2 vs greedy#2", p.Cells[0].Label)
	assert.Equal(t, []int{2, 3, 4, 1}, p.Seating(4, 1, 4, nil))
}

func TestTournamentBadInput(t *testing.T) {
	t.Setenv("KALAHLAB_SCRIPTS", "")
	for _, tc := range []struct {
		name string
		cfg  tournament.TournamentConfig
		want string
	}{
		{"one agent", tournament.TournamentConfig{Agents: []ai.Spec{{Agent: "random"}}}, "at least two"},
		{"no agents", tournament.TournamentConfig{}, "at least two"},
		{"unknown agent", tournament.TournamentConfig{Agents: []ai.Spec{{Agent: "random"}, {Agent: "deepblue"}}}, "agent 2 (deepblue)"},
		{"bad option", tournament.TournamentConfig{Agents: []ai.Spec{{Agent: "random"}, {Agent: "alphabeta", Options: map[string]string{"depth": "x"}}}}, "depth"},
		{"human", tournament.TournamentConfig{Agents: []ai.Spec{{Agent: "random"}, {Agent: "human"}}}, "no human players"},
		{"unknown variant", tournament.TournamentConfig{Variant: "kalha", Agents: specs(t, "random", "greedy")}, "kalha"},
		{"bad knob", tournament.TournamentConfig{Params: map[string]any{"houses": 0}, Agents: specs(t, "random", "greedy")}, "houses"},
		{"negative games", tournament.TournamentConfig{Games: -3, Agents: specs(t, "random", "greedy")}, "games -3"},
		{"max plies", tournament.TournamentConfig{MaxPlies: -1, Agents: specs(t, "random", "greedy")}, "max_plies"},
		{"epsilon", tournament.TournamentConfig{Epsilon: 2, Agents: specs(t, "random", "greedy")}, "epsilon"},
		{"cannot play dice", tournament.TournamentConfig{Variant: "ludo", Agents: specs(t, "random", "greedy", "random", "alphabeta:depth=2")}, "alphabeta cannot play"},
		{"fewer agents than seats", tournament.TournamentConfig{Variant: "ludo", Agents: specs(t, "random", "greedy", "random")}, "at least 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tournament.NewTournament(tc.cfg)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// syntheticResult is a finished tournament with the given per-agent counts per cell.
func syntheticResult(seats int, entrants []string, cells [][]int, agents [][]run.WDL, drawn []int64) *run.Result {
	p := plan.Plan{Name: "t", Games: 1, Tournament: &plan.Tournament{Entrants: entrants, Variant: "v"}}
	for range entrants {
		p.Agents = append(p.Agents, plan.AgentSpec{Agent: "random"})
	}
	r := &run.Result{}
	for c, who := range cells {
		var names []string
		for _, a := range who {
			names = append(names, entrants[a])
		}
		p.Cells = append(p.Cells, plan.CellPlan{Label: strings.Join(names, " vs "), Seats: seats, Agents: who})
		st := run.NewStats(seats, len(entrants))
		for i, a := range who {
			st.Agents[a] = agents[c][i]
		}
		st.Drawn = drawn[c]
		st.Trials = agents[c][0].Games()
		r.Cells = append(r.Cells, &run.CellResult{Stats: st})
	}
	r.Manifest.Plan = p
	return r
}

func TestStandingsTwoSeats(t *testing.T) {
	// A beat B 30-10 with 0 draws, A against C 20-10-10, B against C 25-5-10.
	r := syntheticResult(2, []string{"A", "B", "C"}, [][]int{{0, 1}, {0, 2}, {1, 2}},
		[][]run.WDL{
			{{Wins: 30, Draws: 0, Losses: 10}, {Wins: 10, Draws: 0, Losses: 30}},
			{{Wins: 20, Draws: 10, Losses: 10}, {Wins: 10, Draws: 10, Losses: 20}},
			{{Wins: 25, Draws: 5, Losses: 10}, {Wins: 10, Draws: 5, Losses: 25}},
		}, []int64{0, 10, 5})
	s := tournament.StandingsOf(r)
	require.NotNil(t, s)
	require.Empty(t, s.Error)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var back tournament.Standings
	require.NoError(t, json.Unmarshal(data, &back))
	again, err := json.Marshal(&back)
	require.NoError(t, err)
	assert.JSONEq(t, string(data), string(again), "the standings survive JSON")
	assert.Equal(t, s.Ranking[1].Lo, back.Ranking[1].Lo)
	// Points by hand: A 30 + 25 = 55 of 80; B 10 + 27.5 = 37.5 of 80; C 15 + 12.5 = 27.5 of 80.
	want := map[string][2]float64{"A": {55, 80}, "B": {37.5, 80}, "C": {27.5, 80}}
	var order []string
	for _, st := range s.Ranking {
		order = append(order, st.Agent)
		assert.Equal(t, want[st.Agent][0], st.Points, st.Agent)
		assert.Equal(t, int64(want[st.Agent][1]), st.Pairwise, st.Agent)
		assert.Equal(t, int64(80), st.Games, st.Agent)
		assert.InDelta(t, want[st.Agent][0]/80, st.Score, 1e-12)
		assert.Less(t, st.Lo, st.Elo)
		assert.Greater(t, st.Hi, st.Elo)
	}
	assert.Equal(t, []string{"A", "B", "C"}, order)
	assert.Equal(t, []int{1, 2, 3}, []int{s.Ranking[0].Rank, s.Ranking[1].Rank, s.Ranking[2].Rank})
	// The matrix, in ranking order: A against C is 20-10-10, 25 of 40.
	assert.Equal(t, tournament.PairScore{Wins: 20, Draws: 10, Losses: 10, Games: 40, Points: 25, Score: 0.625}, s.Matrix[0][2])
	assert.Equal(t, tournament.PairScore{Wins: 10, Draws: 10, Losses: 20, Games: 40, Points: 15, Score: 0.375}, s.Matrix[2][0])
	assert.Equal(t, tournament.PairScore{Wins: 10, Draws: 0, Losses: 30, Games: 40, Points: 10, Score: 0.25}, s.Matrix[1][0])
	assert.True(t, math.IsNaN(s.Matrix[1][1].Score))
	// The ratings are rating.Fit's on those points.
	fit, err := rating.Fit([]string{"A", "B", "C"},
		[][]float64{{0, 30, 25}, {10, 0, 27.5}, {15, 12.5, 0}},
		[][]float64{{0, 40, 40}, {40, 0, 40}, {40, 40, 0}}, rating.Options{})
	require.NoError(t, err)
	for i, f := range fit {
		assert.InDelta(t, f.Elo, s.Ranking[i].Elo, 1e-9)
		assert.InDelta(t, f.Lo, s.Ranking[i].Lo, 1e-9)
	}
}

func TestStandingsTwoAgentsByHand(t *testing.T) {
	// 30-0-10: with the prior's virtual draw A scores 30.5 of 41, so the gap is
	// 400·log10(30.5/10.5) = 185.2 Elo, centred at ±92.6.
	r := syntheticResult(2, []string{"A", "B"}, [][]int{{0, 1}}, [][]run.WDL{{{Wins: 30, Draws: 0, Losses: 10}, {Wins: 10, Draws: 0, Losses: 30}}}, []int64{0})
	s := tournament.StandingsOf(r)
	require.Len(t, s.Ranking, 2)
	gap := 400 * math.Log10(30.5/10.5)
	assert.InDelta(t, 185.2, gap, 0.05)
	assert.InDelta(t, gap/2, s.Ranking[0].Elo, 1e-3)
	assert.InDelta(t, -gap/2, s.Ranking[1].Elo, 1e-3)
}

func TestStandingsManySeats(t *testing.T) {
	// One meeting of three: A won 5, B 3, C 2 and 2 were drawn by all three.
	r := syntheticResult(3, []string{"A", "B", "C"}, [][]int{{0, 1, 2}},
		[][]run.WDL{{{Wins: 5, Draws: 2, Losses: 5}, {Wins: 3, Draws: 2, Losses: 7}, {Wins: 2, Draws: 2, Losses: 8}}}, []int64{2})
	s := tournament.StandingsOf(r)
	require.Empty(t, s.Notes)
	assert.Equal(t, []string{"A", "B", "C"}, []string{s.Ranking[0].Agent, s.Ranking[1].Agent, s.Ranking[2].Agent})
	// A against B: A's 5 wins, the 2 shared draws, B's 3 wins.
	assert.Equal(t, tournament.PairScore{Wins: 5, Draws: 2, Losses: 3, Games: 10, Points: 6, Score: 0.6}, s.Matrix[0][1])
	assert.Equal(t, tournament.PairScore{Wins: 3, Draws: 2, Losses: 2, Games: 7, Points: 4, Score: 4.0 / 7}, s.Matrix[1][2])
	assert.Equal(t, int64(12), s.Ranking[0].Games)
	assert.Contains(t, s.Method, "first place")

	// A tie for first between two of three: the pairwise split is estimated, and said so.
	r = syntheticResult(3, []string{"A", "B", "C"}, [][]int{{0, 1, 2}},
		[][]run.WDL{{{Wins: 5, Draws: 3, Losses: 4}, {Wins: 3, Draws: 2, Losses: 7}, {Wins: 2, Draws: 1, Losses: 9}}}, []int64{3})
	s = tournament.StandingsOf(r)
	require.Len(t, s.Notes, 1)
	assert.Contains(t, s.Notes[0], "estimated")
}

func TestStandingsWithoutRatings(t *testing.T) {
	// B never played (every game failed): no ratings, the ranking by score.
	r := syntheticResult(2, []string{"A", "B", "C"}, [][]int{{0, 1}, {0, 2}, {1, 2}},
		[][]run.WDL{{{}, {}}, {{Wins: 3, Draws: 0, Losses: 1}, {Wins: 1, Draws: 0, Losses: 3}}, {{}, {}}}, []int64{0, 0, 0})
	r.Cells[0].Stats.Trials, r.Cells[0].Stats.Failed = 4, 4
	s := tournament.StandingsOf(r)
	assert.Contains(t, s.Error, "do not all meet")
	assert.Equal(t, "A", s.Ranking[0].Agent)
	assert.True(t, math.IsNaN(s.Ranking[0].Elo))
	require.Len(t, s.Notes, 1)
	assert.Equal(t, "left out, with more failed games than max_failures 0 allows: A vs B (4 of 4 failed)", s.Notes[0])
	r.Manifest.Plan.MaxFailures = config.FailureLimit{Count: 5}
	s = tournament.StandingsOf(r)
	require.Len(t, s.Notes, 1)
	assert.Equal(t, "4 failed games are not counted (see the pairings)", s.Notes[0])
	var buf bytes.Buffer
	require.NoError(t, writeStandings(&buf, s))
	assert.Contains(t, buf.String(), "no ratings")
	data, err := json.Marshal(s)
	require.NoError(t, err, "NaN is written as null")
	var back tournament.Standings
	require.NoError(t, json.Unmarshal(data, &back))
	assert.True(t, math.IsNaN(back.Ranking[0].Elo))
}

func TestNotATournament(t *testing.T) {
	s := study(t, `variants: [kalah]
sweep: { houses: [3] }
games: 4
solve: 0`)
	r, err := run.Run(context.Background(), s, run.Options{Workers: 1})
	require.NoError(t, err)
	rep := Summarize(r)
	assert.Nil(t, rep.Standings)
	var buf bytes.Buffer
	require.NoError(t, WriteTable(&buf, rep))
	assert.NotContains(t, buf.String(), "standings")
}

// standingsJSON is the standings of a result as JSON.
func standingsJSON(t *testing.T, r *run.Result) string {
	t.Helper()
	data, err := json.Marshal(Summarize(r).Standings)
	require.NoError(t, err)
	return string(data)
}

func TestTournamentDeterministicShardedAndReported(t *testing.T) {
	s := smallTournament(t, 24, "random", "greedy", "alphabeta:depth=3,tt=1")
	var whole []string
	var first *run.Result
	for _, w := range []int{1, 2} {
		r, err := run.Run(context.Background(), s, run.Options{Workers: w, Chunk: 3})
		require.NoError(t, err)
		whole = append(whole, standingsJSON(t, r))
		first = r
	}
	assert.Equal(t, whole[0], whole[1], "1 and 2 workers give the same standings")

	out := t.TempDir()
	runShards(t, s, out, 3)
	merged, err := mergeAll(out)
	require.NoError(t, err)
	assert.Equal(t, whole[0], standingsJSON(t, merged), "three shards merged give the whole run's standings")
	loaded, err := run.Load(out)
	require.NoError(t, err)
	assert.Equal(t, whole[0], standingsJSON(t, loaded), "the merged directory reports the standings")

	rep := Summarize(first)
	st := rep.Standings
	require.NotNil(t, st)
	assert.Empty(t, rep.Comparisons, "pairings are not compared against a baseline")
	for _, r := range st.Ranking {
		assert.Equal(t, int64(48), r.Games, "two pairings of 24 games each")
	}
	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	for _, want := range []string{"standings: 3 agents on kalah houses=3 seeds=3 (24 games per pairing, seats rotated)",
		"RANK  AGENT", "win matrix", "(each score over 24 games)", "random vs greedy", "SEAT 1 WINS"} {
		assert.Contains(t, table.String(), want)
	}
	dir := t.TempDir()
	paths, err := WriteReports(rep, dir, []string{"table", "csv", "json", "html"})
	require.NoError(t, err)
	for _, f := range []string{"table.txt", "results.csv", "results.json", "report.html", "standings.csv", "pairings.csv", "standings.json"} {
		assert.Contains(t, paths, filepath.Join(dir, f))
	}
	csvText, err := os.ReadFile(filepath.Join(dir, "standings.csv"))
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(csvText)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	assert.Equal(t, []string{"rank", "agent", "index", "elo", "elo_lo", "elo_hi", "score_rate"}, rows[0][:7])
	assert.Equal(t, []string{"1", st.Ranking[0].Agent}, rows[1][:2])
	pairs, err := os.ReadFile(filepath.Join(dir, "pairings.csv"))
	require.NoError(t, err)
	assert.Len(t, strings.Split(strings.TrimSpace(string(pairs)), "\n"), 7, "a header and 3·2 ordered pairs")
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	require.NoError(t, err)
	for _, want := range []string{`<h2 id="standings">Standings</h2>`, `<table class="winmatrix">`, "Ratings (Elo scale) with 95% intervals", "<code>alphabeta:depth=3,tt=1</code>"} {
		assert.Contains(t, string(page), want)
	}
	var back struct{ Standings tournament.Standings }
	results, err := os.ReadFile(filepath.Join(dir, "results.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(results, &back))
	assert.Equal(t, st.Ranking[0].Agent, back.Standings.Ranking[0].Agent)
}

// expectedOrder plays a tournament and checks that the ranking is the agents' order
// (weakest first) with every pair of neighbours' intervals apart.
func expectedOrder(t *testing.T, cfg tournament.TournamentConfig) {
	t.Helper()
	t.Setenv("KALAHLAB_SCRIPTS", "")
	s, err := tournament.NewTournament(cfg)
	require.NoError(t, err)
	r, err := run.Run(context.Background(), s, run.Options{})
	require.NoError(t, err)
	st := Summarize(r).Standings
	var buf bytes.Buffer
	require.NoError(t, writeStandings(&buf, st))
	t.Log("\n" + buf.String())
	labels := tournament.EntrantLabels(cfg.Agents)
	for i, r := range st.Ranking {
		assert.Equal(t, labels[len(labels)-1-i], r.Agent, "rank %d", i+1)
		if i > 0 {
			assert.Less(t, r.Hi, st.Ranking[i-1].Lo, "%s and %s: intervals overlap", r.Agent, st.Ranking[i-1].Agent)
		}
	}
}

func TestTournamentExpectedOrder(t *testing.T) {
	expectedOrder(t, tournament.TournamentConfig{
		Variant: "kalah", Params: map[string]any{"houses": 4, "seeds": 3}, Seed: 1, Games: 60,
		Agents: specs(t, "random", "greedy", "alphabeta:depth=4,tt=1", "mcts:iterations=400"),
	})
}

func TestTournamentExpectedOrderKalah64(t *testing.T) {
	if os.Getenv("KALAHLAB_DEEP") == "" {
		t.Skip("KALAHLAB_DEEP=1 (make test-deep) plays the four-agent tournament on Kalah(6,4)")
	}
	expectedOrder(t, tournament.TournamentConfig{
		Variant: "kalah", Seed: 1, Games: 300,
		Agents: specs(t, "random", "greedy", "alphabeta:depth=4,tt=1", "mcts:iterations=2000"),
	})
}

func TestTournamentResumesFromItsManifest(t *testing.T) {
	s := smallTournament(t, 60, "random", "greedy", "alphabeta:depth=2")
	whole, err := run.Run(context.Background(), s, run.Options{Workers: 2})
	require.NoError(t, err)

	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = run.Run(ctx, s, run.Options{Workers: 2, Dir: dir, Trials: true, Chunk: 5, Progress: &cancelAfter{n: 4, cancel: cancel}, LineEvery: 1})
	require.ErrorIs(t, err, run.ErrInterrupted)

	// As `kalahlab tournament --out DIR --resume` does: the plan from the manifest.
	m, err := run.LoadPlan(dir)
	require.NoError(t, err)
	require.NotNil(t, m.Plan.Tournament, "the manifest marks the tournament")
	again, err := plan.FromPlan(m.Plan)
	require.NoError(t, err)
	resumed, err := run.Run(context.Background(), again, run.Options{Workers: 1, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
	assert.Less(t, resumed.Manifest.TrialsRun, int64(3*60), "only the missing games were played")
	assert.Equal(t, standingsJSON(t, whole), standingsJSON(t, resumed))
}

// TestTournamentFitAndSeatTerm: a tournament reports the model's fit, every pair's
// rating difference and the first-move term; the term's data (who scored what moving
// first), split from the meetings' counts, equal those counted game by game from the
// trial log, and the term equals a fit to those.
func TestTournamentFitAndSeatTerm(t *testing.T) {
	s := smallTournament(t, 80, "random", "greedy", "alphabeta:depth=2")
	dir := t.TempDir()
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	st := Summarize(res).Standings
	require.NotNil(t, st.Fit)
	assert.Equal(t, 3-2, st.Fit.DF, "3 pairings, 2 free ratings")
	require.Len(t, st.Differences, 3)
	for _, d := range st.Differences {
		assert.GreaterOrEqual(t, d.Elo, 0.0, "the better ranked first")
		assert.Less(t, d.Lo, d.Elo)
	}
	require.NotNil(t, st.Seat)
	n := len(s.Plan.Agents)
	first, games := make([][]float64, n), make([][]float64, n)
	for i := range first {
		first[i], games[i] = make([]float64, n), make([]float64, n)
	}
	require.NoError(t, run.ReadTrials(dir, func(r *run.Record) error {
		a, b := r.Seats[0], r.Seats[1]
		games[a][b]++
		switch run.SeatOutcome(r.Returns, 0) {
		case 1:
			first[a][b]++
		case 0:
			first[a][b] += 0.5
		}
		return nil
	}))
	want, err := rating.FitSeat(st.Entrants, first, games, rating.Options{})
	require.NoError(t, err)
	assert.InDelta(t, want.Elo, st.Seat.Elo, 1e-9)
	assert.InDelta(t, want.Lo, st.Seat.Lo, 1e-9)
	assert.InDelta(t, want.Fit.X2, st.Seat.Fit.X2, 1e-9)
	assert.Equal(t, 6-3, st.Seat.Fit.DF)

	var table bytes.Buffer
	require.NoError(t, WriteTable(&table, Summarize(res)))
	for _, w := range []string{"ELO: Bradley–Terry ratings on the Elo scale", "neighbours' differences (95% CI", "fit: Bradley–Terry against the pairings: chi-square", "first move: "} {
		assert.Contains(t, table.String(), w)
	}
}
