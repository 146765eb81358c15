package report

import (
	"fmt"
	"math"
	"strings"
)

// The seat verdict: for each ladder, which seat the agents favour at each rung and
// which perfect play favours, and so which conclusion holds at every rung (and under
// perfect play) and which depends on the agents' strength. A rung favours the first
// seat when its advantage's 95% interval lies wholly above 0, the second when wholly
// below; otherwise the game looks fair there (no seat shown favoured). Perfect play
// favours the seat that wins, and a draw is fair.

// seatLean is a seat leaning: the first seat favoured, the second, or neither shown.
type seatLean int

const (
	leanFair seatLean = iota
	leanFirst
	leanSecond
)

// leanOf says which seat an advantage's interval favours.
func leanOf(adv Estimate) seatLean {
	switch {
	case adv.Lo > 0:
		return leanFirst
	case adv.Hi < 0:
		return leanSecond
	}
	return leanFair
}

// perfectLean is the seat perfect play favours (ok false when the ladder is unsolved).
func perfectLean(l *Ladder) (seatLean, bool) {
	if l.PerfectAdvantage == nil {
		return leanFair, false
	}
	switch adv := *l.PerfectAdvantage; {
	case adv > 1e-12:
		return leanFirst, true
	case adv < -1e-12:
		return leanSecond, true
	}
	return leanFair, true
}

// seatVerdicts is a sentence per ladder: "kalah seeds=3: the first seat is favoured at
// every rung and under perfect play", or which rungs favour which seat, with the rungs'
// ratings when they are measured, and whether the conclusion depends on strength.
func seatVerdicts(rep *Report) []string {
	var out []string
	for _, l := range rep.Ladders {
		if s := seatVerdict(l); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// seatVerdict is a ladder's seat sentence ("" for a ladder without rungs or of more
// than two seats, whose advantage is the first seat's over a fair share of several).
func seatVerdict(l *Ladder) string {
	if len(l.Rungs) == 0 {
		return ""
	}
	groups := map[seatLean][]int{} // lean → rung positions in l.Rungs, weakest first
	for k, r := range l.Rungs {
		if math.IsNaN(r.Advantage.Value) {
			continue // a failing or empty cell says nothing
		}
		groups[leanOf(r.Advantage)] = append(groups[leanOf(r.Advantage)], k)
	}
	pl, solved := perfectLean(l)
	var parts []string
	one := len(groups) == 1
	for _, lean := range []seatLean{leanFirst, leanSecond, leanFair} {
		ks, ok := groups[lean]
		withPerfect := solved && pl == lean
		if !ok && !withPerfect {
			continue
		}
		where := ""
		switch {
		case one && ok && len(ks) == len(l.Rungs):
			where = "at every rung"
		case ok:
			where = rungSpan(l, ks)
		}
		if withPerfect {
			where = withPerfectPlay(where, perfectPlayText(l.Solution))
		}
		parts = append(parts, leanText(lean, where))
	}
	s := l.Label + ": " + strings.Join(parts, "; ")
	switch {
	case len(groups) == 1 && solved && groups[pl] != nil:
		return s + ": this does not depend on the agents' strength."
	case len(groups) == 1 && !solved:
		return s + " (perfect play unknown): this does not depend on the agents' strength here."
	case len(groups) == 1:
		return s + ": every rung agrees, and perfect play says otherwise, so the rates describe the agents."
	}
	return s + ": which seat is favoured depends on the agents' strength."
}

// withPerfectPlay adds perfect play to where a seat is favoured: "at greedy and under
// perfect play (a draw)", "at random and greedy, and under perfect play (...)".
func withPerfectPlay(where, result string) string {
	perfect := "under perfect play (" + result + ")"
	switch {
	case where == "":
		return perfect
	case strings.Contains(where, " and "):
		return where + ", and " + perfect
	}
	return where + " and " + perfect
}

// leanText says where a seat is favoured: "the first seat is favoured at greedy", or
// "at random the game looks fair".
func leanText(lean seatLean, where string) string {
	switch lean {
	case leanFirst:
		return "the first seat is favoured " + where
	case leanSecond:
		return "the second seat is favoured " + where
	}
	if strings.HasPrefix(where, "at ") && !strings.HasPrefix(where, "at every") && !strings.Contains(where, " and ") {
		return where + " the game looks fair"
	}
	return "the game looks fair " + where
}

// rungSpan names rungs (positions in l.Rungs, weakest first): "at every rung from
// greedy up", "at the rungs up to greedy", or "at greedy and alphabeta:depth=6"; with
// ratings, each named rung's Elo.
func rungSpan(l *Ladder, ks []int) string {
	name := func(k int) string {
		r := l.Rungs[k]
		if r.Elo != nil {
			return fmt.Sprintf("%s (%s Elo)", r.Agent, eloSigned(r.Elo.Value))
		}
		return r.Agent
	}
	contiguous := ks[len(ks)-1]-ks[0] == len(ks)-1
	switch {
	case len(ks) == 1:
		return "at " + name(ks[0])
	case contiguous && ks[len(ks)-1] == len(l.Rungs)-1:
		return "at every rung from " + name(ks[0]) + " up"
	case contiguous && ks[0] == 0:
		return "at every rung up to " + name(ks[len(ks)-1])
	}
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = name(k)
	}
	return "at " + joinAnd(names)
}
