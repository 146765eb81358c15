package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/plan"
)

// The verdict: the report's answer in words, generated from its results — what perfect
// play proves, whether each variant is fairer than its baseline there and with the
// agents, which conclusions hold at every rung of a ladder and which depend on the
// agents' strength, and the caveats (unsolved cells, failing cells, the tests'
// adjustment). The terminal table ends with it and the HTML report starts with it.

// Verdict returns the report's verdict as sentences (none for a tournament, which
// ranks agents instead).
func Verdict(rep *Report) []string {
	if rep.Standings != nil {
		return nil
	}
	var out []string
	if len(rep.Ladders) > 0 {
		out = append(out, perfectPlayVerdict(rep)...)
		out = append(out, seatVerdicts(rep)...)
		out = append(out, agentsVerdict(rep)...)
		if v := ratingsVerdict(rep); v != "" {
			out = append(out, v)
		}
	} else {
		out = append(out, perfectCellsVerdict(rep)...)
		out = append(out, comparisonsVerdict(rep.Comparisons)...)
	}
	out = append(out, caveats(rep)...)
	return out
}

// ladderPoints groups the ladders by sweep point, in report order.
func ladderPoints(rep *Report) (points []string, by map[string][]*Ladder) {
	by = map[string][]*Ladder{}
	for _, l := range rep.Ladders {
		k := plan.SweepString(l.Sweep)
		if _, ok := by[k]; !ok {
			points = append(points, k)
		}
		by[k] = append(by[k], l)
	}
	return points, by
}

// perfectPlayVerdict says, per sweep point, what the solver proved and how each
// variant's balance compares with the baseline's under perfect play, then which rungs
// misjudge the proved games.
func perfectPlayVerdict(rep *Report) []string {
	var out, wrong []string
	points, by := ladderPoints(rep)
	for _, pt := range points {
		var proved []string
		for _, l := range by[pt] {
			if l.PerfectAdvantage != nil {
				is := " is "
				if len(proved) > 0 {
					is = " "
				}
				proved = append(proved, l.Variant+is+perfectPlayText(l.Solution))
				if m := misjudged(l); m != "" {
					wrong = append(wrong, m)
				}
			}
		}
		if len(proved) == 0 {
			continue
		}
		s := "Under perfect play"
		if pt != "" {
			s += " at " + pt
		}
		s += ", " + joinAnd(proved)
		var effects []string
		for _, pc := range rep.PerfectComparisons {
			if l := ladderLabelled(by[pt], pc.Label); l != nil {
				effects = append(effects, perfectEffect(l.Variant, pc))
			}
		}
		if len(effects) > 0 {
			s += ": " + strings.Join(effects, "; ")
		}
		out = append(out, s+".")
	}
	if len(wrong) > 0 {
		out = append(out, "The agents misjudge the proved games (their first-seat advantage is on the wrong side of 0): "+strings.Join(wrong, "; ")+". Their rates there describe the agents, not the game.")
	}
	return out
}

// ladderLabelled is the ladder of ls with the label, nil if none.
func ladderLabelled(ls []*Ladder, label string) *Ladder {
	for _, l := range ls {
		if l.Label == label {
			return l
		}
	}
	return nil
}

// perfectEffect says what variant v does to its baseline's balance under perfect play.
func perfectEffect(v string, pc PerfectComparison) string {
	switch {
	case pc.Difference > 1e-12 && pc.Balance >= 1-1e-12:
		return fmt.Sprintf("%s makes it fair (balance %.3f → %.3f)", v, pc.BaselineBalance, pc.Balance)
	case pc.Difference > 1e-12:
		return fmt.Sprintf("%s makes it fairer (balance %.3f → %.3f)", v, pc.BaselineBalance, pc.Balance)
	case pc.Difference < -1e-12:
		return fmt.Sprintf("%s makes it less fair (balance %.3f → %.3f)", v, pc.BaselineBalance, pc.Balance)
	}
	if pc.Result != pc.BaselineResult {
		return fmt.Sprintf("%s leaves it as unbalanced (balance %.3f), the result now %s", v, pc.Balance, resultWords(pc.Result))
	}
	return fmt.Sprintf("%s leaves its balance as it is (%.3f)", v, pc.Balance)
}

// misjudged says which rungs of a solved ladder contradict perfect play ("" when
// none does): "kalah seeds=3 at 2 of 5 rungs (greedy, alphabeta:depth=6: the
// strongest)".
func misjudged(l *Ladder) string {
	var wrong []string
	for _, r := range l.Rungs {
		if r.Disagrees {
			wrong = append(wrong, r.Agent)
		}
	}
	if len(wrong) == 0 {
		return ""
	}
	strongest := ""
	if l.Disagrees {
		strongest = ", the strongest among them"
	}
	return fmt.Sprintf("%s at %d of %d rungs (%s%s)", l.Label, len(wrong), len(l.Rungs), strings.Join(wrong, ", "), strongest)
}

// rungVerdicts groups a ladder study's comparisons by variant and point: for each, the
// rungs' verdicts, weakest first.
type rungVerdicts struct {
	label, base string
	verdicts    []string // per rung
	agents      []string
	point       string
}

func groupRungComparisons(rep *Report) []*rungVerdicts {
	var out []*rungVerdicts
	by := map[string]*rungVerdicts{}
	for _, cmp := range rep.Comparisons {
		if cmp.Cell < 0 || cmp.Cell >= len(rep.Cells) || cmp.Baseline < 0 || cmp.Baseline >= len(rep.Cells) {
			continue
		}
		c, b := rep.Cells[cmp.Cell], rep.Cells[cmp.Baseline]
		if c.Rung == nil {
			continue
		}
		pt := plan.SweepString(c.Sweep)
		label, base := strings.TrimSpace(c.Variant+" "+pt), strings.TrimSpace(b.Variant+" "+pt)
		g := by[label+"\x00"+base]
		if g == nil {
			g = &rungVerdicts{label: label, base: base, point: pt}
			by[label+"\x00"+base] = g
			out = append(out, g)
		}
		g.verdicts = append(g.verdicts, cmp.Verdict)
		g.agents = append(g.agents, c.RungAgent)
	}
	return out
}

// summary says how the rungs agree: "fairer at every rung", or "fairer at 1 of 5 rungs
// (greedy), less fair at 2 (...) and not shown different at 2: depends on the agents'
// strength"; holds reports one verdict at every rung.
func (g *rungVerdicts) summary() (text string, holds bool) {
	counts := map[string][]string{}
	for i, v := range g.verdicts {
		counts[v] = append(counts[v], g.agents[i])
	}
	n := len(g.verdicts)
	if len(counts) == 1 {
		v := g.verdicts[0]
		if v == verdictUnshown {
			return fmt.Sprintf("%s vs %s: not shown different at any of the %d rungs", g.label, g.base, n), true
		}
		return fmt.Sprintf("%s vs %s: %s at every rung (%d of %d)", g.label, g.base, v, n, n), true
	}
	var parts []string
	for _, v := range []string{verdictFairer, verdictLessFair, verdictUnshown} {
		a := counts[v]
		switch {
		case len(a) == 0:
		case len(parts) == 0:
			parts = append(parts, fmt.Sprintf("%s at %d of %d rungs (%s)", v, len(a), n, strings.Join(a, ", ")))
		case v == verdictUnshown:
			parts = append(parts, fmt.Sprintf("%s at %d", v, len(a)))
		default:
			parts = append(parts, fmt.Sprintf("%s at %d (%s)", v, len(a), strings.Join(a, ", ")))
		}
	}
	text = fmt.Sprintf("%s vs %s: %s", g.label, g.base, joinAnd(parts))
	if len(counts[verdictFairer]) > 0 && len(counts[verdictLessFair]) > 0 {
		return text + ": depends on the agents' strength", false
	}
	return text, false
}

// rungAgreement is a line per variant and point of a ladder study: how its rungs'
// comparisons with the baseline agree.
func rungAgreement(rep *Report) []string {
	var out []string
	for _, g := range groupRungComparisons(rep) {
		t, _ := g.summary()
		out = append(out, t)
	}
	return out
}

// agentsVerdict says, for the points that perfect play does not settle, what the
// agents' comparisons show across the rungs (which conclusion holds at every rung,
// which depends on the agents), and how often the first seat's advantage changes sign
// with the agents' strength.
func agentsVerdict(rep *Report) []string {
	var out []string
	points, by := ladderPoints(rep)
	groups := groupRungComparisons(rep)
	for _, pt := range points {
		var unsolved []string
		for _, l := range by[pt] {
			if l.PerfectAdvantage == nil {
				unsolved = append(unsolved, l.Variant)
			}
		}
		if len(unsolved) == 0 {
			continue
		}
		why := unsolvedText(by[pt][0].Solution)
		if why == "-" {
			why = "no solve"
		}
		at := ""
		if pt != "" {
			at = " at " + pt
		}
		s := fmt.Sprintf("Perfect play%s is unknown for %s (%s), so only the agents speak there", at, joinAnd(unsolved), why)
		var lines []string
		allHold := true
		for _, g := range groups {
			if g.point == pt && ladderLabelled(by[pt], g.label) != nil {
				t, holds := g.summary()
				lines = append(lines, t)
				allHold = allHold && holds
			}
		}
		if len(lines) > 0 {
			s += ": " + strings.Join(lines, "; ")
			if allHold {
				s += ". Each of these holds at every rung"
			} else {
				s += ". No agent-based verdict there holds at every rung"
			}
		}
		out = append(out, s+".")
	}
	flips := 0
	for _, l := range rep.Ladders {
		above, below := false, false
		for _, r := range l.Rungs {
			above = above || r.Advantage.Lo > 0
			below = below || r.Advantage.Hi < 0
		}
		if above && below {
			flips++
		}
	}
	if flips > 0 {
		out = append(out, fmt.Sprintf("In %d of %d ladders the first seat's advantage changes sign between rungs (its interval wholly above 0 at one, wholly below at another): which seat the agents favour depends on their strength, so only perfect play settles it.", flips, len(rep.Ladders)))
	}
	return out
}

// perfectCellsVerdict says, for a study without a ladder, what perfect play proves of
// each compared pair of cells, and which cells' agents contradict it.
func perfectCellsVerdict(rep *Report) []string {
	var out []string
	for _, pc := range rep.PerfectComparisons {
		out = append(out, fmt.Sprintf("Under perfect play %s is %s and %s %s: %s.", pc.BaselineLabel,
			resultWords(pc.BaselineResult), pc.Label, resultWords(pc.Result), perfectEffect(pc.Label, pc)))
	}
	var wrong []string
	for _, c := range rep.Cells {
		if c.Disagrees {
			wrong = append(wrong, c.Label)
		}
	}
	if len(wrong) > 0 {
		out = append(out, fmt.Sprintf("The agents misjudge %s (the first seat's advantage on the wrong side of 0 from perfect play): there the rates describe the agents, not the game.", joinAnd(wrong)))
	}
	return out
}

// resultWords writes a perfect-play result ("win +2", "draw") in words.
func resultWords(r string) string {
	kind, value, _ := strings.Cut(r, " ")
	switch {
	case kind == "draw":
		return "a draw"
	case value == "" || value == "+1" || value == "-1":
		return fmt.Sprintf("a %s for the first seat", kind)
	}
	return fmt.Sprintf("a %s for the first seat by %s", kind, strings.TrimLeft(value, "+-"))
}

// comparisonsVerdict says, for a study without a ladder, which variants are fairer than
// their baselines.
func comparisonsVerdict(cmps []Comparison) []string {
	var out []string
	for _, c := range cmps {
		d := intervalText(c.Balance, "%+.3f", 1, "")
		switch c.Verdict {
		case verdictFairer, verdictLessFair:
			out = append(out, fmt.Sprintf("%s is %s than %s (balance %s, Holm p %s).", c.Label, c.Verdict, c.BaselineLabel, d, pValue(c.BalancePHolm)))
		default:
			out = append(out, fmt.Sprintf("%s is not shown fairer or less fair than %s (balance %s, Holm p %s).", c.Label, c.BaselineLabel, d, pValue(c.BalancePHolm)))
		}
	}
	return out
}

// caveats are the limits of the verdict: failing cells, and the tests' adjustment.
func caveats(rep *Report) []string {
	var out []string
	if n := len(rep.FailingCells()); n > 0 {
		out = append(out, fmt.Sprintf("%d cells failed (more failed trials than max_failures allows) and are left out of every comparison.", n))
	}
	if f := rep.Family; f != nil && f.Tests > 0 {
		out = append(out, fmt.Sprintf("%d of the report's %s significant at 5%% after Holm's adjustment (%d before it); \"fairer\" and \"less fair\" are said only after it.", f.Significant, plural(f.Tests, "test")+" "+isAre(f.Significant), f.Unadjusted))
	}
	return out
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// writeVerdict writes the verdict under the table, wrapped.
func writeVerdict(w io.Writer, rep *Report) {
	lines := Verdict(rep)
	if len(lines) == 0 {
		return
	}
	fmt.Fprintln(w, "\nverdict:")
	for _, l := range lines {
		fmt.Fprintln(w, wrapText(l, 100, "  ", "    "))
	}
}

// wrapText wraps s at width columns, the first line after first, the others after
// rest.
func wrapText(s string, width int, first, rest string) string {
	var b strings.Builder
	line := first
	for _, word := range strings.Fields(s) {
		if len(line)+1+len(word) > width && strings.TrimSpace(line) != "" {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = rest
		}
		if strings.TrimSpace(line) != "" {
			line += " "
		}
		line += word
	}
	b.WriteString(line)
	return b.String()
}
