package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/rating"
	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/kalahlab/kalahlab/experiments/tournament"
)

// Rung ratings: a ladder's rungs placed by measured strength. A skill ladder lists its
// agents weakest first, but how far apart they are is a measurement: Bradley–Terry
// ratings, either the study's own (rung_ratings: N, each pair of adjacent rungs playing
// N games on the base variant, seats rotated, measuredRungRatings) or a tournament's
// between them (kalahlab tournament --agents RUNG,RUNG,..., given to experiment report
// DIR --ladder-ratings TOURNAMENT, which replaces the study's own). With them, the
// ladder charts draw the advantage and the balance against the rungs' ratings instead
// of their order, perfect play's value above the strongest rung, and the verdict says
// how far apart in Elo the rungs are over which its conclusions hold or change.

// RungRatings are the ratings of a ladder's rungs, from the study's own rung pairs or a
// tournament's standings.
type RungRatings struct {
	Source  string              `json:"source"`  // the standings file read, or "rung_ratings: N"
	Variant string              `json:"variant"` // the variant the rungs played on
	Elo     map[string]Estimate `json:"elo"`     // by rung agent (spec), with 95% intervals
	// Pairs are the games between adjacent rungs that rated them (the study's own
	// ratings; none from a tournament).
	Pairs []RungPairScore `json:"pairs,omitempty"`
}

// RungPairScore is what a pair of adjacent rungs scored against each other: the
// stronger rung's wins, draws and losses against the weaker, and its rating's lead.
type RungPairScore struct {
	Weaker   string   `json:"weaker"`
	Stronger string   `json:"stronger"`
	Wins     int64    `json:"wins"`   // the stronger rung's
	Draws    int64    `json:"draws"`  // draws
	Losses   int64    `json:"losses"` // the stronger rung's
	Failed   int64    `json:"failed"` // games that failed (not counted)
	Gap      Estimate `json:"gap"`    // stronger − weaker in Elo, with its 95% interval
}

// origin says where the ratings come from: "a tournament on V", or the study's own
// games "between adjacent rungs (rung_ratings: N) on V".
func (rr *RungRatings) origin() string {
	if len(rr.Pairs) > 0 {
		return fmt.Sprintf("the study's own games between adjacent rungs (%s) on %s", rr.Source, rr.Variant)
	}
	return "a tournament on " + rr.Variant
}

// measuredRungRatings fits the rungs' ratings from the study's own rung pairs (nil
// without rung_ratings, or when the pairs have no games to fit): Bradley–Terry on the
// Elo scale, the rungs' mean 0, with 95% intervals (package rating, as tournaments).
func measuredRungRatings(r *run.Result) *RungRatings {
	p := r.Plan()
	if p.RungRatings <= 0 || len(p.Ladder) < 2 {
		return nil
	}
	n := len(p.Ladder)
	names := make([]string, n)
	for k, a := range p.Ladder {
		names[k] = p.Agents[a].String()
	}
	points, games := make([][]float64, n), make([][]float64, n)
	for k := range points {
		points[k], games[k] = make([]float64, n), make([]float64, n)
	}
	rr := &RungRatings{Source: fmt.Sprintf("rung_ratings: %d", p.RungRatings), Elo: map[string]Estimate{}}
	for c := p.StudyCells(); c < len(p.Cells); c++ {
		cp := p.Cells[c]
		if !p.RatesRungs(c) || c >= len(r.Cells) || r.Cells[c] == nil || r.Cells[c].Stats == nil {
			return nil // an interrupted run: not every pair has played
		}
		rr.Variant = strings.TrimSpace(cp.Variant + " " + plan.SweepString(cp.Sweep))
		st := r.Cells[c].Stats
		lo, hi := cp.RungPair[0], cp.RungPair[1]
		w := st.Agents[cp.Agents[1]] // the stronger rung's
		points[hi][lo] = float64(w.Wins) + float64(w.Draws)/2
		points[lo][hi] = float64(w.Losses) + float64(w.Draws)/2
		games[lo][hi], games[hi][lo] = float64(w.Games()), float64(w.Games())
		rr.Pairs = append(rr.Pairs, RungPairScore{Weaker: names[lo], Stronger: names[hi],
			Wins: w.Wins, Draws: w.Draws, Losses: w.Losses, Failed: st.Failed})
	}
	m, err := rating.FitModel(names, points, games, rating.Options{})
	if err != nil {
		return nil
	}
	for _, rt := range m.Ratings {
		rr.Elo[rt.Name] = Estimate{Value: rt.Elo, Lo: rt.Lo, Hi: rt.Hi}
	}
	for k := range rr.Pairs {
		d, lo, hi := m.Difference(k+1, k)
		rr.Pairs[k].Gap = Estimate{Value: d, Lo: lo, Hi: hi}
	}
	return rr
}

// LoadRungRatings reads a tournament's standings.json (path: the file, or the
// tournament's output directory holding it).
func LoadRungRatings(path string) (*RungRatings, error) {
	file := path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		file = filepath.Join(path, "standings.json")
	}
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("--ladder-ratings %s: no standings.json there (a tournament's output directory, written by kalahlab tournament --out DIR)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("--ladder-ratings: %w", err)
	}
	var s tournament.Standings
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("--ladder-ratings %s: not a tournament's standings: %w", file, err)
	}
	rr := &RungRatings{Source: file, Variant: s.Variant, Elo: map[string]Estimate{}}
	for _, r := range s.Ranking {
		if !math.IsNaN(r.Elo) {
			rr.Elo[r.Agent] = Estimate{Value: r.Elo, Lo: r.Lo, Hi: r.Hi}
		}
	}
	if len(rr.Elo) == 0 {
		return nil, fmt.Errorf("--ladder-ratings %s: the tournament has no ratings (%s)", file, s.Error)
	}
	return rr, nil
}

// ApplyRungRatings gives each rung of the report's ladders its rating. Every rung must
// be one of the tournament's entrants (the error names those missing and the entrants).
func (rep *Report) ApplyRungRatings(rr *RungRatings) error {
	if len(rep.Ladders) == 0 {
		return errors.New("--ladder-ratings: the study has no skill ladder")
	}
	var missing []string
	seen := map[string]bool{}
	for _, l := range rep.Ladders {
		for k := range l.Rungs {
			r := &l.Rungs[k]
			e, ok := rr.Elo[r.Agent]
			if !ok {
				if !seen[r.Agent] {
					seen[r.Agent] = true
					missing = append(missing, r.Agent)
				}
				continue
			}
			elo := e
			r.Elo = &elo
		}
	}
	if len(missing) > 0 {
		var have []string
		for a := range rr.Elo {
			have = append(have, a)
		}
		sort.Strings(have)
		return fmt.Errorf("--ladder-ratings %s: no rating for the rungs %s (the tournament rated %s): play a tournament between the ladder's agents",
			rr.Source, strings.Join(missing, ", "), strings.Join(have, ", "))
	}
	rep.RungRatings = rr
	return nil
}

// ratedRungs reports whether every rung of every ladder has a rating.
func ratedRungs(rep *Report) bool {
	if rep.RungRatings == nil {
		return false
	}
	for _, l := range rep.Ladders {
		for _, r := range l.Rungs {
			if r.Elo == nil {
				return false
			}
		}
	}
	return len(rep.Ladders) > 0
}

// ratingsVerdict says how far apart the rungs are in Elo, and over which span the
// first seat's advantage changes sign ("" without ratings).
func ratingsVerdict(rep *Report) string {
	if !ratedRungs(rep) {
		return ""
	}
	rungs := rep.Ladders[0].Rungs
	lo, hi := rungs[0], rungs[len(rungs)-1]
	s := fmt.Sprintf("Measured by %s, the rungs span %s Elo (%s %s to %s %s)",
		rep.RungRatings.origin(), eloSpan(hi.Elo.Value-lo.Elo.Value), lo.Agent, eloSigned(lo.Elo.Value), hi.Agent, eloSigned(hi.Elo.Value))
	// The smallest gap in rating across which a ladder's advantage changes sign.
	best := math.Inf(1)
	for _, l := range rep.Ladders {
		for a, ra := range l.Rungs {
			for _, rb := range l.Rungs[a+1:] {
				flip := (ra.Advantage.Lo > 0 && rb.Advantage.Hi < 0) || (ra.Advantage.Hi < 0 && rb.Advantage.Lo > 0)
				if flip {
					best = math.Min(best, math.Abs(rb.Elo.Value-ra.Elo.Value))
				}
			}
		}
	}
	if !math.IsInf(best, 0) {
		s += fmt.Sprintf("; the first seat's advantage changes sign between rungs as little as %s Elo apart", eloSpan(best))
	}
	return s + "."
}

func eloSpan(x float64) string   { return fmt.Sprintf("%.0f", math.Abs(x)) }
func eloSigned(x float64) string { return fmt.Sprintf("%+.0f", x) }

// writeRungRatings writes the rungs' ratings under the terminal table, when the study
// measured them (rung_ratings): each rung's Elo with its interval, and each pair's
// games and the gap they measure.
func writeRungRatings(w io.Writer, rep *Report) {
	rr := rep.RungRatings
	if rr == nil || len(rr.Pairs) == 0 || !ratedRungs(rep) {
		return
	}
	fmt.Fprintf(w, "\nrung ratings (Bradley–Terry Elo, mean 0, 95%% CI; %s):\n", rr.origin())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  RUNG\tELO (95% CI)\tAGAINST THE RUNG BELOW (W-D-L)\tGAP (95% CI)")
	for k, r := range rep.Ladders[0].Rungs {
		e := *r.Elo
		against, gap := "-", "-"
		if k > 0 && k-1 < len(rr.Pairs) {
			p := rr.Pairs[k-1]
			against = fmt.Sprintf("%d-%d-%d", p.Wins, p.Draws, p.Losses)
			gap = fmt.Sprintf("%s [%s, %s]", eloSigned(p.Gap.Value), eloSigned(p.Gap.Lo), eloSigned(p.Gap.Hi))
		}
		fmt.Fprintf(tw, "  %s\t%s [%s, %s]\t%s\t%s\n", r.Agent, eloSigned(e.Value), eloSigned(e.Lo), eloSigned(e.Hi), against, gap)
	}
	tw.Flush()
}
