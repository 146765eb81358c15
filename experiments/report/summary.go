package report

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/kalahlab/kalahlab/experiments/tournament"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// metric is one balance measure, in the manner of Ludii's metrics: a name, a one-line
// description, the range of its values, and how a cell's counts give it (with a 95%
// interval where it has a sampling distribution). Everything is computed in floats.
type metric struct {
	Name        string
	Description string
	Min, Max    float64 // the range; ±Inf when open
	Of          func(c *CellSummary) Estimate
}

// allMetrics are the measures every report gives per cell, in report order; the game-flow
// metrics (flow.go) come last, reported when the study records evaluations.
var allMetrics = append([]metric{
	{"first_seat_win_rate", "share of games the first seat wins (95% Wilson interval)", 0, 1,
		func(c *CellSummary) Estimate { return c.BySeat[0].Win }},
	{"first_seat_advantage", "the first seat's score rate (wins + draws/2) minus a fair share (1/seats); 0 is fair (95% interval: Newcombe's score method on the Wilson bounds of its win and loss rates)", -1, 1,
		func(c *CellSummary) Estimate { return c.advantage }},
	{"balance", "1 minus the largest gap between the seats' score rates (draws as half); 1 is perfectly balanced (95% interval: for two seats the advantage's, folded; for more, Bonferroni over the seats' score-rate intervals)", 0, 1,
		func(c *CellSummary) Estimate { return c.balance }},
	{"drawishness", "share of games drawn, timeouts included (95% Wilson interval)", 0, 1,
		func(c *CellSummary) Estimate { return stats.Wilson(c.draws, c.Games) }},
	{"timeouts", "share of games stopped at max_plies (95% Wilson interval)", 0, 1,
		func(c *CellSummary) Estimate { return stats.Wilson(c.TimedOut, c.Games) }},
	{"failures", "share of trials that failed: hook, agent or engine errors (95% Wilson interval)", 0, 1,
		func(c *CellSummary) Estimate { return stats.Wilson(c.Failed, c.Trials) }},
	{"duration", "mean game length in plies (95% normal interval)", 0, math.Inf(1),
		func(c *CellSummary) Estimate { return stats.MeanCI(c.Duration.N, c.Duration.Mean, c.Duration.SD) }},
	{"margin", "the first seat's mean final score margin over the best other seat (95% normal interval)", math.Inf(-1), math.Inf(1),
		func(c *CellSummary) Estimate {
			if c.Margin == nil {
				return stats.None()
			}
			return stats.MeanCI(c.Margin.N, c.Margin.Mean, c.Margin.SD)
		}},
	{"branching", "mean number of legal moves at a player's decision", 1, math.Inf(1),
		func(c *CellSummary) Estimate { return stats.Point(c.Branching) }},
	{"swap_rate", "share of pie-rule offers taken (95% Wilson interval)", 0, 1,
		func(c *CellSummary) Estimate { return stats.Wilson(c.Swapped, c.SwapOffered) }},
	{"seats_equal_p", "p-value of 'every seat wins equally often' over the games with a single winner: the sign test for two seats, chi-square (exact multinomial for small counts) for more; small values mean the seats differ", 0, 1,
		func(c *CellSummary) Estimate { return stats.Point(c.SeatsEqual.P) }},
}, flowMetrics...)

// Report is what every output format renders: the header and a summary per cell.
type Report struct {
	Header      Header         `json:"header"`
	Cells       []*CellSummary `json:"cells"`
	Comparisons []Comparison   `json:"comparisons"`
	// PerfectComparisons compare the variants' balance under perfect play, where the
	// solver proved both (ladder studies).
	PerfectComparisons []PerfectComparison `json:"perfect_play_comparisons,omitempty"`
	// Family is the family of tests whose p-values are adjusted together (Holm).
	Family *Family `json:"multiple_comparisons,omitempty"`
	// RungRatings are the ladder's rungs' measured ratings (ApplyRungRatings; nil
	// without them).
	RungRatings *RungRatings `json:"rung_ratings,omitempty"`
	// Standings are a tournament's ratings and win matrix (nil for a study).
	Standings *tournament.Standings `json:"standings,omitempty"`
	// Ladders are the study's skill ladders, one per variant and sweep point (nil
	// without a ladder).
	Ladders []*Ladder `json:"ladders,omitempty"`
	// Boards are the cells' board drawings for the HTML report (drawBoards; nil: none).
	Boards []CellBoards `json:"-"`
	// Games link the HTML report's first moves and histogram bars to their games
	// (indexGames; nil: no links).
	Games *run.GameLinks `json:"-"`
}

// Header records what produced the results.
type Header struct {
	Experiment     string        `json:"experiment"`
	Description    string        `json:"description,omitempty"`
	File           string        `json:"file"`
	FileSHA256     string        `json:"file_sha256"`
	Seed           uint64        `json:"seed"`
	Version        string        `json:"version"`
	Date           string        `json:"date"`
	Fingerprint    string        `json:"fingerprint"`
	Shard          string        `json:"shard,omitempty"`
	MergedFrom     int           `json:"merged_from,omitempty"`
	Variants       []VariantInfo `json:"variants"`
	Agents         []string      `json:"agents"`
	Games          int           `json:"games"`
	TargetCI       float64       `json:"target_ci"`
	MaxPlies       int           `json:"max_plies"`
	RandomOpening  int           `json:"random_opening"`
	Epsilon        float64       `json:"epsilon"`
	RotateSeats    bool          `json:"rotate_seats"`
	Seconds        float64       `json:"seconds"`
	GamesPerSecond float64       `json:"games_per_second"`
	Workers        int           `json:"workers,omitempty"`
	// Runs is the number of processes that played the run (the first and each
	// --resume); Seconds is their time summed, GamesPerSecond the last one's speed.
	Runs int `json:"runs,omitempty"`
	// MaxFailures is the study's max_failures ("0", "5" or "1%"): a cell with more
	// failed trials is failing (CellSummary.Failing).
	MaxFailures string `json:"max_failures"`
	// Ladder lists the skill ladder's rungs, weakest first, as indices into Agents.
	Ladder []int `json:"ladder,omitempty"`
}

// VariantInfo names a variant of the study with its source and script hash.
type VariantInfo struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Hash   string `json:"hash,omitempty"`
}

// CellSummary is the summary of one cell.
type CellSummary struct {
	Cell        int                 `json:"cell"`
	Label       string              `json:"label"`
	Variant     string              `json:"variant"`
	VariantName string              `json:"variant_name"`
	Hash        string              `json:"hash,omitempty"`
	Sweep       []plan.Knob         `json:"sweep,omitempty"`
	Seats       int                 `json:"seats"`
	Trials      int64               `json:"trials"`
	Games       int64               `json:"games"`
	Failed      int64               `json:"failed"`
	TimedOut    int64               `json:"timed_out"`
	Stopped     bool                `json:"stopped_early"`
	Metrics     map[string]Estimate `json:"metrics"`
	BySeat      []Rate              `json:"by_seat"`
	ByAgent     []Rate              `json:"by_agent"`
	Duration    Distribution        `json:"duration"`
	Margin      *Distribution       `json:"margin,omitempty"`
	Flow        *FlowSummary        `json:"flow,omitempty"` // game-flow metrics (record: evaluations)
	Openings    []Rate              `json:"openings"`
	SwapOffered int64               `json:"swap_offered"`
	Swapped     int64               `json:"swapped"`
	Branching   float64             `json:"branching"`
	Errors      []run.ErrorCount    `json:"errors,omitempty"`
	Solution    *run.Solution       `json:"solution,omitempty"`
	// SeatsEqual tests whether every seat wins equally often (JSON: seats_equal_p,
	// seats_equal_method, seats_equal_stat, seats_equal_df). Its P is NaN in a failing
	// cell.
	SeatsEqual SeatTest `json:"-"`
	// SeatsEqualHolm is SeatsEqual.P adjusted over the report's family (Report.Family;
	// JSON: seats_equal_p_holm).
	SeatsEqualHolm float64 `json:"-"`
	// Failing reports more failed trials than the study's max_failures allows: the
	// cell has no balance, advantage or seat test, and is in no comparison.
	Failing bool `json:"failing"`
	// Rung is the cell's rung in the study's ladder (nil outside it) and RungAgent
	// the rung's agent; Disagrees reports that the cell's first-seat advantage
	// contradicts its perfect-play value (see [Ladder]).
	Rung      *int   `json:"rung,omitempty"`
	RungAgent string `json:"rung_agent,omitempty"`
	Disagrees bool   `json:"disagrees_with_perfect_play,omitempty"`

	draws              int64
	advantage, balance Estimate
}

// Rate is the wins, draws and losses of a seat, an agent or an opening (for the seat
// that played it: the first seat), with 95% Wilson intervals and the score rate
// (draws as half).
type Rate struct {
	Name  string   `json:"name"`
	Wins  int64    `json:"wins"`
	Draws int64    `json:"draws"`
	Loss  int64    `json:"losses"`
	Games int64    `json:"games"`
	Win   Estimate `json:"win_rate"`
	Draw  Estimate `json:"draw_rate"`
	Lose  Estimate `json:"loss_rate"`
	Score float64  `json:"score_rate"`
}

func rateOf(name string, w run.WDL) Rate {
	n := w.Games()
	r := Rate{Name: name, Wins: w.Wins, Draws: w.Draws, Loss: w.Losses, Games: n,
		Win: stats.Wilson(w.Wins, n), Draw: stats.Wilson(w.Draws, n), Lose: stats.Wilson(w.Losses, n), Score: math.NaN()}
	if n > 0 {
		r.Score = (float64(w.Wins) + float64(w.Draws)/2) / float64(n)
	}
	return r
}

// Distribution summarises a histogram.
type Distribution struct {
	N      int64        `json:"n"`
	Mean   float64      `json:"mean"`
	SD     float64      `json:"sd"`
	Median float64      `json:"median"`
	Min    float64      `json:"min"`
	Max    float64      `json:"max"`
	Hist   [][2]float64 `json:"histogram"` // [value, count] in value order
}

func distributionOf(h run.Hist) Distribution {
	d := Distribution{N: h.N(), Mean: math.NaN(), SD: math.NaN(), Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	keys := h.Values()
	if len(keys) == 0 {
		return d
	}
	d.Mean, d.SD = h.Moments()
	d.Median = h.Quantile(0.5)
	d.Min, d.Max = keys[0], keys[len(keys)-1]
	for _, k := range keys {
		d.Hist = append(d.Hist, [2]float64{k, float64(h[k])})
	}
	return d
}

// hist rebuilds the histogram.
func (d Distribution) hist() run.Hist {
	h := run.Hist{}
	for _, p := range d.Hist {
		h[p[0]] += int64(p[1])
	}
	return h
}

// Comparison answers "is the cell fairer than its baseline?": the difference in
// balance (the cell's minus the baseline's; positive: the cell is fairer) with its 95%
// MOVER interval and the p-value that inverts it (stats/fairness.go), that p-value adjusted
// by Holm's method over the report's family of tests (Report.Family), and the verdict
// it gives. The difference in the first seat's win rate, with Newcombe's 95% interval
// and a two-proportion z-test, is kept as a secondary measure (its p is unadjusted
// and outside the family: it says which seat the change favours, not whether it is
// fairer).
type Comparison struct {
	Cell          int      `json:"cell"`
	Label         string   `json:"label"`
	Baseline      int      `json:"baseline"`
	BaselineLabel string   `json:"baseline_label"`
	Balance       Estimate `json:"balance_difference"`
	BalanceP      float64  `json:"balance_p"`
	BalancePHolm  float64  `json:"balance_p_holm"`
	// Verdict is "fairer", "less fair" (the adjusted p below 0.05) or "not shown
	// different".
	Verdict string   `json:"verdict"`
	Diff    Estimate `json:"difference"` // the first seat's win rate, cell − baseline
	Z       float64  `json:"z"`
	P       float64  `json:"p"`
}

// PerfectComparison compares the balance of two variants under perfect play, where
// the solver proved both: exact values, no interval and no test.
type PerfectComparison struct {
	Label           string  `json:"label"`
	BaselineLabel   string  `json:"baseline_label"`
	Result          string  `json:"result"`          // "win +2", "draw"
	BaselineResult  string  `json:"baseline_result"` // the baseline's
	Balance         float64 `json:"balance"`
	BaselineBalance float64 `json:"baseline_balance"`
	Difference      float64 `json:"difference"` // positive: the variant is fairer
}

// Verdicts of a comparison.
const (
	verdictFairer    = "fairer"
	verdictLessFair  = "less fair"
	verdictUnshown   = "not shown different"
	significantLevel = 0.05
)

// verdictOf is a comparison's verdict from its balance difference and adjusted p.
func verdictOf(d Estimate, pHolm float64) string {
	switch {
	case math.IsNaN(pHolm) || pHolm >= significantLevel:
		return verdictUnshown
	case d.Value > 0:
		return verdictFairer
	}
	return verdictLessFair
}

// Summarize derives the report from a finished result.
func Summarize(r *run.Result) *Report {
	p := r.Plan()
	m := r.Manifest
	rep := &Report{Header: Header{
		Experiment: p.Name, Description: p.Description, File: p.File, FileSHA256: p.FileSHA256,
		Seed: p.Seed, Version: m.Version, Date: m.Date, Fingerprint: m.Fingerprint, Shard: m.Shard,
		MergedFrom: m.MergedFrom, Games: p.Games, TargetCI: p.TargetCI, MaxPlies: p.MaxPlies,
		RandomOpening: p.RandomOpening, Epsilon: p.Epsilon, RotateSeats: p.RotateSeats,
		Seconds: m.Seconds, GamesPerSecond: m.GamesPerSecond, Workers: m.Workers,
		Runs: m.Runs, MaxFailures: p.MaxFailures.String(),
	}, Games: r.Links}
	seen := map[string]bool{}
	for _, c := range p.Cells {
		key := c.Name + "\x00" + c.Hash
		if !seen[key] {
			seen[key] = true
			rep.Header.Variants = append(rep.Header.Variants, VariantInfo{Name: c.Name, Source: c.Source, Hash: c.Hash})
		}
	}
	for _, a := range p.Agents {
		rep.Header.Agents = append(rep.Header.Agents, a.String())
	}
	for i := range p.StudyCells() { // the rung pairs, after them, rate the rungs instead
		// An interrupted run may hold fewer cells than its plan (or none): the missing
		// ones are summarised as cells without games, never read past the end.
		var cr *run.CellResult
		if i < len(r.Cells) {
			cr = r.Cells[i]
		}
		if cr == nil {
			cr = &run.CellResult{Stats: run.NewStats(p.Cells[i].Seats, len(p.Agents))}
		}
		rep.Cells = append(rep.Cells, summarizeCell(p, i, cr))
	}
	rep.Header.Ladder = p.Ladder
	rep.Ladders = buildLadders(p, rep.Cells)
	// A tournament's cells are pairings, not variants against a baseline.
	if rep.Standings = tournament.StandingsOf(r); rep.Standings == nil {
		rep.Comparisons = compare(p, rep.Cells)
		rep.PerfectComparisons = comparePerfect(rep.Ladders)
		if len(rep.Ladders) == 0 {
			rep.PerfectComparisons = comparePerfectCells(rep.Comparisons, rep.Cells)
		}
	}
	if rr := measuredRungRatings(r); rr != nil {
		_ = rep.ApplyRungRatings(rr) // every rung of the plan is rated: no rung is missing
	}
	adjustFamily(rep)
	return rep
}

func summarizeCell(p *plan.Plan, i int, cr *run.CellResult) *CellSummary {
	cp := p.Cells[i]
	st := cr.Stats
	if st == nil { // an unmerged shard with a stopping rule: its blocks, summed
		st = run.NewStats(cp.Seats, len(p.Agents))
		for _, b := range cr.Blocks {
			st.Merge(b.Stats)
		}
	}
	c := &CellSummary{
		Cell: i, Label: cp.Label, Variant: cp.Variant, VariantName: cp.Name, Hash: cp.Hash, Sweep: cp.Sweep,
		Seats: cp.Seats, Trials: st.Trials, Games: st.Games(), Failed: st.Failed, TimedOut: st.TimedOut,
		Stopped: cr.Stopped, SwapOffered: st.SwapOffered, Swapped: st.Swapped, Errors: st.ErrorList(),
		Solution: cr.Solution, Branching: math.NaN(), Failing: p.MaxFailures.Exceeded(st.Failed, st.Trials),
	}
	for s := 0; s < cp.Seats; s++ {
		w := run.WDL{}
		if s < len(st.Seats) {
			w = st.Seats[s]
		}
		c.BySeat = append(c.BySeat, rateOf(fmt.Sprintf("seat %d", s+1), w))
	}
	for a, spec := range p.Agents {
		w := run.WDL{}
		if a < len(st.Agents) {
			w = st.Agents[a]
		}
		c.ByAgent = append(c.ByAgent, rateOf(fmt.Sprintf("%d: %s", a+1, spec.String()), w))
	}
	c.draws = st.Drawn
	c.Duration = distributionOf(st.Plies)
	if len(st.Margin) > 0 {
		d := distributionOf(st.Margin)
		c.Margin = &d
	}
	c.Flow = flowOf(st)
	var moves []string
	for k := range st.Openings {
		moves = append(moves, k)
	}
	sort.Slice(moves, func(a, b int) bool {
		ga, gb := st.Openings[moves[a]].Games(), st.Openings[moves[b]].Games()
		if ga != gb {
			return ga > gb
		}
		return moves[a] < moves[b]
	})
	for _, mv := range moves {
		c.Openings = append(c.Openings, rateOf(mv, *st.Openings[mv]))
	}
	if st.Decisions > 0 {
		c.Branching = float64(st.Legal) / float64(st.Decisions)
	}
	wins := make([]int64, len(c.BySeat))
	for s, r := range c.BySeat {
		wins[s] = r.Wins
	}
	c.SeatsEqual, c.SeatsEqualHolm = stats.SeatsEqual(wins), math.NaN()
	c.advantage, c.balance = stats.None(), stats.None()
	if c.Failing {
		// The games that did not fail are those that happened to miss the failure: no
		// balance measure is drawn from them.
		c.SeatsEqual = SeatTest{P: math.NaN(), Method: "none", Stat: math.NaN()}
	}
	if c.Games > 0 && len(c.BySeat) > 0 && !c.Failing {
		// Score rates from the seats' wins, draws and losses (stats/fairness.go).
		c.advantage, c.balance = advantageOf(c.BySeat), balanceOf(c.BySeat, stats.Z95)
	}
	c.Metrics = map[string]Estimate{}
	for _, m := range allMetrics {
		c.Metrics[m.Name] = m.Of(c)
	}
	if c.Failing {
		// Its headline rate too: charts and tables show a gap, not a biased value. The
		// counts stay in by_seat, by_agent and openings, for a post-mortem.
		c.Metrics["first_seat_win_rate"] = stats.None()
	}
	return c
}

// compare pairs each cell with its baseline: the first variant's cell at the same
// sweep point, or with a single variant, the first cell; in both cases among the
// cells with the same agents (a ladder's rung is compared with the same rung).
func compare(p *plan.Plan, cells []*CellSummary) []Comparison {
	var out []Comparison
	first := map[string]int{}   // agents and sweep point -> first cell there
	firstBy := map[string]int{} // agents -> first cell
	groups := map[string]bool{}
	agentsKey := func(c plan.CellPlan) string { return fmt.Sprint(c.Agents) }
	for i, c := range p.Cells[:len(cells)] {
		groups[c.Variant] = true
		key := agentsKey(c) + plan.SweepString(c.Sweep)
		if _, ok := first[key]; !ok {
			first[key] = i
		}
		if _, ok := firstBy[agentsKey(c)]; !ok {
			firstBy[agentsKey(c)] = i
		}
	}
	for i, c := range p.Cells[:len(cells)] {
		base := firstBy[agentsKey(c)]
		if len(groups) > 1 {
			base = first[agentsKey(c)+plan.SweepString(c.Sweep)]
		}
		if base == i || cells[i].Failing || cells[base].Failing {
			continue // a failing cell is compared with nothing
		}
		a, b := cells[i].BySeat[0], cells[base].BySeat[0]
		z, pv := stats.TwoProportionZ(a.Wins, a.Games, b.Wins, b.Games)
		bd, bp := balanceDiff(cells[i].BySeat, cells[base].BySeat)
		out = append(out, Comparison{
			Cell: i, Label: c.Label, Baseline: base, BaselineLabel: p.Cells[base].Label,
			Balance: bd, BalanceP: bp, BalancePHolm: math.NaN(),
			Diff: stats.NewcombeDiff(a.Wins, a.Games, b.Wins, b.Games), Z: z, P: pv,
		})
	}
	return out
}

// comparePerfectCells compares, for a study without a ladder, each compared cell's
// perfect-play balance with its baseline's, where both are proved.
func comparePerfectCells(cmps []Comparison, cells []*CellSummary) []PerfectComparison {
	var out []PerfectComparison
	for _, cmp := range cmps {
		c, b := cells[cmp.Cell], cells[cmp.Baseline]
		bc, okc := perfectBalance(c.Solution, c.Seats)
		bb, okb := perfectBalance(b.Solution, b.Seats)
		if !okc || !okb {
			continue
		}
		out = append(out, PerfectComparison{
			Label: c.Label, BaselineLabel: b.Label, Result: solutionText(c.Solution),
			BaselineResult: solutionText(b.Solution), Balance: bc, BaselineBalance: bb, Difference: bc - bb,
		})
	}
	return out
}

// comparePerfect compares each ladder's perfect-play balance with its baseline's
// (the first variant's ladder at the same sweep point), where both are proved.
func comparePerfect(ladders []*Ladder) []PerfectComparison {
	var out []PerfectComparison
	first := map[string]*Ladder{}
	for _, l := range ladders {
		if _, ok := first[plan.SweepString(l.Sweep)]; !ok {
			first[plan.SweepString(l.Sweep)] = l
		}
	}
	for _, l := range ladders {
		base := first[plan.SweepString(l.Sweep)]
		if base == l || l.PerfectBalance == nil || base.PerfectBalance == nil {
			continue
		}
		out = append(out, PerfectComparison{
			Label: l.Label, BaselineLabel: base.Label, Result: solutionText(l.Solution),
			BaselineResult: solutionText(base.Solution), Balance: *l.PerfectBalance,
			BaselineBalance: *base.PerfectBalance, Difference: *l.PerfectBalance - *base.PerfectBalance,
		})
	}
	return out
}

// MarshalJSON writes NaN fields as null.
func (d Distribution) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"n": d.N, "mean": stats.JSONNum(d.Mean), "sd": stats.JSONNum(d.SD),
		"median": stats.JSONNum(d.Median), "min": stats.JSONNum(d.Min), "max": stats.JSONNum(d.Max), "histogram": d.Hist})
}

// MarshalJSON writes NaN fields as null.
func (c CellSummary) MarshalJSON() ([]byte, error) {
	type plain CellSummary
	return json.Marshal(struct {
		plain
		Branching    any    `json:"branching"`
		SeatsEqualP  any    `json:"seats_equal_p"`
		SeatsHolm    any    `json:"seats_equal_p_holm"`
		SeatsMethod  string `json:"seats_equal_method"`
		SeatsEqualX2 any    `json:"seats_equal_stat"`
		SeatsEqualDF int    `json:"seats_equal_df,omitempty"`
	}{plain(c), stats.JSONNum(c.Branching), stats.JSONNum(c.SeatsEqual.P), stats.JSONNum(c.SeatsEqualHolm), c.SeatsEqual.Method,
		stats.JSONNum(c.SeatsEqual.Stat), c.SeatsEqual.DF})
}

// FailingCells returns the cells with more failed trials than max_failures allows.
func (r *Report) FailingCells() []*CellSummary {
	var out []*CellSummary
	for _, c := range r.Cells {
		if c.Failing {
			out = append(out, c)
		}
	}
	return out
}

// MarshalJSON writes a NaN score rate as null.
func (r Rate) MarshalJSON() ([]byte, error) {
	type plain Rate
	return json.Marshal(struct {
		plain
		Score any `json:"score_rate"`
	}{plain(r), stats.JSONNum(r.Score)})
}

// MarshalJSON writes NaN as null.
func (c Comparison) MarshalJSON() ([]byte, error) {
	type plain Comparison
	return json.Marshal(struct {
		plain
		Z  any `json:"z"`
		P  any `json:"p"`
		BP any `json:"balance_p"`
		BH any `json:"balance_p_holm"`
	}{plain(c), stats.JSONNum(c.Z), stats.JSONNum(c.P), stats.JSONNum(c.BalanceP), stats.JSONNum(c.BalancePHolm)})
}

// pct writes a proportion as a percentage with one decimal, "-" when missing.
func pct(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// ciPct writes "53.2% [50.1, 56.3]".
func ciPct(e Estimate) string { return intervalText(e, "%.1f", 100, "%") }

// num writes a number with the given decimals, "-" when missing.
func num(x float64, dec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.*f", dec, x)
}

// pValue writes a p-value.
func pValue(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p < 0.001:
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

// solutionText writes a perfect-play value: "win +2", or "-".
func solutionText(s *run.Solution) string {
	if s == nil || s.Unsolved != "" {
		return "-"
	}
	if s.Value == 0 {
		return s.Result
	}
	return fmt.Sprintf("%s %+d", s.Result, s.Value)
}
