package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/tournament"
)

// Rung ratings: a ladder's rungs placed by measured strength. A skill ladder lists its
// agents weakest first, but how far apart they are is a measurement: the Bradley–Terry
// ratings of a tournament between them (kalahlab tournament --agents RUNG,RUNG,...).
// Given one (experiment report DIR --ladder-ratings TOURNAMENT), the ladder charts
// draw the advantage and the balance against the rungs' ratings instead of their
// order, perfect play's value above the strongest rung, and the verdict says how far
// apart in Elo the rungs are over which its conclusions hold or change.

// RungRatings are the ratings of a ladder's rungs, from a tournament's standings.
type RungRatings struct {
	Source  string              `json:"source"`  // the standings file read
	Variant string              `json:"variant"` // the tournament's variant
	Elo     map[string]Estimate `json:"elo"`     // by rung agent (spec), with 95% intervals
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
	s := fmt.Sprintf("Measured by a tournament on %s, the rungs span %s Elo (%s %s to %s %s)",
		rep.RungRatings.Variant, eloSpan(hi.Elo.Value-lo.Elo.Value), lo.Agent, eloSigned(lo.Elo.Value), hi.Agent, eloSigned(hi.Elo.Value))
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
