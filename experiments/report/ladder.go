package report

import (
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/experiments/internal/chart"
)

// A skill ladder (the study's ladder: key) plays every variant at every sweep point
// with agents of rising strength: one cell per rung, the rung's agent on every seat.
// Its rates say how much a verdict on the game depends on who plays it: on Kalah(6,3)
// equal alpha-beta agents give the first seat anything from a quarter to four fifths of
// the games depending on their depth, while the solver proves it a first-player win.
// Where the solver proves the game's value within the study's solve budget, that
// value tops the ladder: perfect play, the strongest rung of all.
//
// The flag: a cell disagrees with perfect play when its first seat's advantage (the
// score rate minus a fair share) has a 95% interval wholly on the other side of 0 from
// perfect play's: below 0 for a game the first seat wins, above 0 for one it loses,
// away from 0 either way for a draw. An interval that straddles 0 is no evidence
// against perfect play, and is not flagged. A ladder disagrees when its strongest rung
// (the last with an advantage) does.

// disagreeMark flags, in the terminal table and the reports, a cell whose agents
// disagree with perfect play.
const disagreeMark = "≠"

// disagreeLegend is printed under the terminal table when a cell is flagged.
const disagreeLegend = disagreeMark + " disagrees with perfect play: the first seat's advantage has its 95% interval wholly on the other side of 0 (away from 0, for a draw)"

// Ladder is one skill ladder of a report: the rungs' cells of a variant at a sweep
// point, weakest first, and the perfect-play value on top where the solver proved it.
type Ladder struct {
	Label   string      `json:"label"`   // "kalah seeds=3": the variant at the sweep point
	Variant string      `json:"variant"` // the variant's label
	Sweep   []plan.Knob `json:"sweep,omitempty"`
	// Cell is the agents' cell at the same variant and point (the study's agents:),
	// -1 when the study gives only a ladder.
	Cell  int          `json:"cell"`
	Rungs []LadderRung `json:"rungs"` // weakest first
	// Solution is perfect play, when solved; PerfectAdvantage and PerfectBalance are
	// the first seat's advantage and the balance under it (nil when unsolved).
	Solution         *run.Solution `json:"solution,omitempty"`
	PerfectAdvantage *float64      `json:"perfect_advantage,omitempty"`
	PerfectBalance   *float64      `json:"perfect_balance,omitempty"`
	// Strongest is the index in Rungs of the strongest rung with an advantage (-1 for
	// none); Disagrees reports that it disagrees with perfect play.
	Strongest int  `json:"strongest"`
	Disagrees bool `json:"disagrees"`
}

// LadderRung is one rung of a ladder: its agent's cell, summarised.
type LadderRung struct {
	Rung  int    `json:"rung"`  // the index in the plan's ladder, 0 the weakest
	Agent string `json:"agent"` // the rung's agent, as a spec
	Cell  int    `json:"cell"`
	Games int64  `json:"games"`
	// FirstSeatWin, Advantage and Balance are the cell's metrics with 95% intervals.
	FirstSeatWin Estimate `json:"first_seat_win_rate"`
	Advantage    Estimate `json:"first_seat_advantage"`
	Balance      Estimate `json:"balance"`
	Disagrees    bool     `json:"disagrees"`
	// Elo is the rung's measured rating (RungRatings; nil without one).
	Elo *Estimate `json:"elo,omitempty"`
}

// perfectFirstScore is the first seat's score (1, 1/2 or 0) under perfect play.
func perfectFirstScore(s *run.Solution) (float64, bool) {
	if s == nil || s.Unsolved != "" {
		return 0, false
	}
	switch s.Result {
	case "win":
		return 1, true
	case "draw":
		return 0.5, true
	case "loss":
		return 0, true
	}
	return 0, false
}

// perfectAdvantage is the first seat's advantage under perfect play: its score minus
// a fair share.
func perfectAdvantage(s *run.Solution, seats int) (float64, bool) {
	score, ok := perfectFirstScore(s)
	if !ok || seats < 1 {
		return 0, false
	}
	return score - 1/float64(seats), true
}

// perfectBalance is the balance under perfect play, for two seats: 1 - 2|advantage|
// (1 for a draw, 0 for a win or a loss).
func perfectBalance(s *run.Solution, seats int) (float64, bool) {
	adv, ok := perfectAdvantage(s, seats)
	if !ok || seats != 2 {
		return 0, false
	}
	return 1 - 2*math.Abs(adv), true
}

// disagrees reports whether an advantage's interval lies wholly on the other side of
// 0 from perfect play's advantage (for a draw: wholly away from 0).
func disagrees(perfect float64, adv Estimate) bool {
	if math.IsNaN(adv.Lo) || math.IsNaN(adv.Hi) {
		return false
	}
	above, below := adv.Lo > 0, adv.Hi < 0
	switch {
	case perfect > 1e-12:
		return below
	case perfect < -1e-12:
		return above
	}
	return above || below
}

// cellDisagrees reports whether a cell's agents disagree with its perfect-play value.
func cellDisagrees(c *CellSummary) bool {
	p, ok := perfectAdvantage(c.Solution, c.Seats)
	return ok && disagrees(p, c.Metrics["first_seat_advantage"])
}

// ladderKey groups the cells of one variant at one sweep point.
func ladderKey(variant string, sweep []plan.Knob) string {
	return variant + "\x00" + plan.SweepString(sweep)
}

// buildLadders groups the rungs' cells into ladders, in the order of their first cell,
// and marks the cells that disagree with perfect play.
func buildLadders(p *plan.Plan, cells []*CellSummary) []*Ladder {
	for i, c := range cells {
		if i < len(p.Cells) && p.Cells[i].Rung != nil {
			r := *p.Cells[i].Rung
			c.Rung = &r
			if r >= 0 && r < len(p.Ladder) && p.Ladder[r] < len(p.Agents) {
				c.RungAgent = p.Agents[p.Ladder[r]].String()
			}
		}
		c.Disagrees = cellDisagrees(c)
	}
	if len(p.Ladder) == 0 {
		return nil
	}
	var out []*Ladder
	byKey := map[string]*Ladder{}
	agentsCell := map[string]int{}
	for i, c := range cells {
		key := ladderKey(c.Variant, c.Sweep)
		if c.Rung == nil {
			if _, ok := agentsCell[key]; !ok {
				agentsCell[key] = i
			}
			continue
		}
		l := byKey[key]
		if l == nil {
			label := c.Variant
			if s := plan.SweepString(c.Sweep); s != "" {
				label += " " + s
			}
			l = &Ladder{Label: label, Variant: c.Variant, Sweep: c.Sweep, Cell: -1, Strongest: -1}
			byKey[key] = l
			out = append(out, l)
		}
		if l.Solution == nil || l.Solution.Unsolved != "" {
			l.Solution = c.Solution
		}
		l.Rungs = append(l.Rungs, LadderRung{
			Rung: *c.Rung, Agent: c.RungAgent, Cell: i, Games: c.Games,
			FirstSeatWin: c.Metrics["first_seat_win_rate"], Advantage: c.Metrics["first_seat_advantage"],
			Balance: c.Metrics["balance"], Disagrees: c.Disagrees,
		})
	}
	for key, l := range byKey {
		if i, ok := agentsCell[key]; ok {
			l.Cell = i
		}
		// Weakest first, as the plan lists the rungs.
		for a := 1; a < len(l.Rungs); a++ {
			for b := a; b > 0 && l.Rungs[b].Rung < l.Rungs[b-1].Rung; b-- {
				l.Rungs[b], l.Rungs[b-1] = l.Rungs[b-1], l.Rungs[b]
			}
		}
		seats := cells[l.Rungs[0].Cell].Seats
		if adv, ok := perfectAdvantage(l.Solution, seats); ok {
			l.PerfectAdvantage = &adv
		}
		if bal, ok := perfectBalance(l.Solution, seats); ok {
			l.PerfectBalance = &bal
		}
		for k := len(l.Rungs) - 1; k >= 0; k-- {
			if !math.IsNaN(l.Rungs[k].Advantage.Value) {
				l.Strongest = k
				break
			}
		}
		if l.Strongest >= 0 && l.PerfectAdvantage != nil {
			l.Disagrees = disagrees(*l.PerfectAdvantage, l.Rungs[l.Strongest].Advantage)
		}
	}
	return out
}

// perfectPlayText writes perfect play in words: "a win for the first seat by 2".
func perfectPlayText(s *run.Solution) string {
	switch {
	case s == nil || s.Unsolved != "":
		return "unsolved"
	case s.Result == "draw":
		return "a draw"
	case s.Value == 0 || s.Value == 1 || s.Value == -1:
		return fmt.Sprintf("a %s for the first seat", s.Result)
	}
	return fmt.Sprintf("a %s for the first seat by %d", s.Result, absInt(s.Value))
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// advantageText writes an advantage with its interval: "-26.0% [-28.1, -23.9]".
func advantageText(e Estimate) string { return intervalText(e, "%+.1f", 100, "%") }

// disagreementNotes are the notes on the cells and ladders that disagree with perfect
// play: a ladder by its strongest rung, any other cell by its own agents.
func disagreementNotes(rep *Report) []string {
	var notes []string
	for _, l := range rep.Ladders {
		if !l.Disagrees {
			continue
		}
		r := l.Rungs[l.Strongest]
		notes = append(notes, fmt.Sprintf("%s %s: perfect play is %s, but at the strongest rung, %s, the first seat's advantage is %s: these rates describe the agents, not the game",
			disagreeMark, l.Label, perfectPlayText(l.Solution), r.Agent, advantageText(r.Advantage)))
	}
	for _, c := range rep.Cells {
		if c.Rung != nil || !c.Disagrees {
			continue
		}
		notes = append(notes, fmt.Sprintf("%s %s: perfect play is %s, but with its agents the first seat's advantage is %s: these rates describe the agents, not the game",
			disagreeMark, c.Label, perfectPlayText(c.Solution), advantageText(c.Metrics["first_seat_advantage"])))
	}
	return notes
}

// tableRow is a row of the terminal table: a cell, a ladder's heading (no cell, no
// perfect play) or a ladder's perfect-play row (perfect set).
type tableRow struct {
	label   string
	cell    *CellSummary
	ladder  *Ladder
	perfect bool
}

// tableRows orders the terminal table: cells in plan order, except that the cells of
// a ladder come together, under the agents' cell at their variant and point (or a
// heading): perfect play on top, then the rungs, strongest first.
func tableRows(rep *Report) []tableRow {
	if len(rep.Ladders) == 0 {
		rows := make([]tableRow, len(rep.Cells))
		for i, c := range rep.Cells {
			rows[i] = tableRow{label: c.Label, cell: c}
		}
		return rows
	}
	ladderOf := map[int]*Ladder{}
	for _, l := range rep.Ladders {
		if l.Cell >= 0 {
			ladderOf[l.Cell] = l
		}
		for _, r := range l.Rungs {
			ladderOf[r.Cell] = l
		}
	}
	var rows []tableRow
	done := map[*Ladder]bool{}
	for i, c := range rep.Cells {
		l := ladderOf[i]
		if l == nil {
			rows = append(rows, tableRow{label: c.Label, cell: c})
			continue
		}
		if done[l] {
			continue
		}
		done[l] = true
		if l.Cell >= 0 && l.Cell < len(rep.Cells) {
			rows = append(rows, tableRow{label: rep.Cells[l.Cell].Label, cell: rep.Cells[l.Cell]})
		} else {
			rows = append(rows, tableRow{label: l.Label, ladder: l})
		}
		if l.Solution != nil { // solved, or tried
			rows = append(rows, tableRow{label: "  = perfect play", ladder: l, perfect: true})
		}
		for k := len(l.Rungs) - 1; k >= 0; k-- {
			r := l.Rungs[k]
			if r.Cell < len(rep.Cells) {
				rows = append(rows, tableRow{label: "  @ " + r.Agent, cell: rep.Cells[r.Cell], ladder: l})
			}
		}
	}
	return rows
}

// perfectColumn is the PERFECT PLAY column of a cell's row: the value (a rung's row
// leaves it to its ladder's perfect-play row), and the mark when the cell disagrees.
func (r tableRow) perfectColumn() string {
	text := solutionText(r.cell.Solution)
	if r.cell.Rung != nil && r.ladder != nil {
		text = ""
	}
	if r.cell.Disagrees {
		text = strings.TrimSpace(text + " " + disagreeMark)
	}
	return text
}

// perfectRow is the columns of a ladder's perfect-play row, in the table's order:
// CELL GAMES FAILED SEAT-1-WINS DRAWS WINS-BY-SEAT ADVANTAGE BALANCE PLIES SWAPS
// P(SEATS EQUAL) PERFECT-PLAY.
func (r tableRow) perfectRow() []string {
	l := r.ladder
	if l.PerfectAdvantage == nil {
		return []string{r.label, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", unsolvedText(l.Solution)}
	}
	score, _ := perfectFirstScore(l.Solution)
	wins, draws := "0.0%", "0.0%"
	switch {
	case score == 1:
		wins = "100.0%"
	case score == 0.5:
		draws = "100.0%"
	}
	bal := "-"
	if l.PerfectBalance != nil {
		bal = num(*l.PerfectBalance, 3)
	}
	return []string{r.label, "-", "-", wins, draws, "-", fmt.Sprintf("%+.1f%%", 100**l.PerfectAdvantage), bal, "-", "-", "-", solutionText(l.Solution)}
}

// unsolvedText says in a few words why a ladder has no perfect-play value.
func unsolvedText(s *run.Solution) string {
	switch {
	case s == nil:
		return "-"
	case s.Failed:
		return "failed (see the notes)"
	case strings.HasPrefix(s.Unsolved, "not solved within "):
		return "not solved in " + strings.TrimPrefix(s.Unsolved, "not solved within ")
	}
	return s.Unsolved
}

// ladderCurves draws the study's skill ladders: the first seat's advantage and the
// balance (y, with 95% intervals as whiskers) against the rungs (x, weakest first),
// a curve per ladder (the variant's colour, a dash per sweep point), and perfect play
// as a hollow diamond on a last category above the strongest rung. A ladder that
// disagrees with perfect play is marked in the legend. nil without a ladder.
func ladderCurves(rep *Report) []*chart.Chart {
	if len(rep.Ladders) == 0 {
		return nil
	}
	colour := variantColours(rep)
	var cats []string
	for _, r := range rep.Ladders[0].Rungs {
		cats = append(cats, r.Agent)
	}
	for _, l := range rep.Ladders[1:] { // every ladder has the plan's rungs; be safe
		for _, r := range l.Rungs {
			if !slices.Contains(cats, r.Agent) {
				cats = append(cats, r.Agent)
			}
		}
	}
	top := float64(len(cats))
	short, axisText := rungLabels(cats)
	cats = append(cats, "perfect play")
	short = append(short, "perfect play")
	dash := dashOrder{} // by sweep point
	type ladderMetric struct {
		id, title, yLabel string
		percent           bool
		guide             *chart.Guide
		of                func(LadderRung) Estimate
		perfect           func(*Ladder) *float64
	}
	metrics := []ladderMetric{
		{"ladder-first_seat_advantage", "First seat's advantage by agent strength", "score rate minus a fair share", true, &chart.Guide{Y: 0, Label: "fair"},
			func(r LadderRung) Estimate { return r.Advantage }, func(l *Ladder) *float64 { return l.PerfectAdvantage }},
		{"ladder-balance", "Balance by agent strength", "1 − largest score-rate gap", false, nil,
			func(r LadderRung) Estimate { return r.Balance }, func(l *Ladder) *float64 { return l.PerfectBalance }},
	}
	rated := ratedRungs(rep)
	var charts []*chart.Chart
	for _, m := range metrics {
		name := strings.TrimPrefix(m.id, "ladder-")
		lo, hi := metricRange(name)
		ch := &chart.Chart{ID: m.id, Title: m.title, XLabel: axisText, YLabel: m.yLabel,
			Categories: short, Percent: m.percent, YMin: lo, YMax: hi, RefName: "perfect play"}
		if rated {
			// A numeric axis of measured strength; perfect play above the strongest rung.
			ch.Categories = nil
			ch.XLabel = fmt.Sprintf("the rung's rating (Bradley–Terry Elo, %s)", rep.RungRatings.origin())
			ch.Title = strings.Replace(ch.Title, "agent strength", "rating", 1)
		}
		if m.guide != nil {
			ch.Guides = append(ch.Guides, *m.guide)
		}
		for _, l := range rep.Ladders {
			cv := chart.Curve{Name: l.Label, Colour: colour[l.Variant], Dash: dash.of(plan.SweepString(l.Sweep))}
			if l.Disagrees {
				cv.Name += " " + disagreeMark + " perfect play"
			}
			for _, r := range l.Rungs {
				e := m.of(r)
				x := float64(slices.Index(cats, r.Agent))
				if rated {
					x = r.Elo.Value
				}
				label := fmt.Sprintf("%s @ %s: %s", l.Label, r.Agent, estimateText(e, m.percent))
				if rated {
					label += fmt.Sprintf(" (rated %s Elo)", eloSigned(r.Elo.Value))
				}
				if r.Disagrees {
					label += " (" + disagreeMark + " perfect play)"
				}
				cv.Points = append(cv.Points, chart.Point{X: x, Y: e.Value, Lo: e.Lo, Hi: e.Hi, Ref: math.NaN(), Label: label})
			}
			if v := m.perfect(l); v != nil {
				x := top
				if rated {
					x = l.Rungs[len(l.Rungs)-1].Elo.Value // above the strongest rung
				}
				cv.Points = append(cv.Points, chart.Point{X: x, Y: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Ref: *v,
					RefLabel: perfectRefLabel(l.Label, *v, m.percent, l.Solution)})
			}
			ch.Series = append(ch.Series, cv)
		}
		charts = append(charts, ch)
	}
	return charts
}

// ladderLegend is printed under the terminal table of a study with a ladder.
const ladderLegend = "LADDER: under each variant and point, perfect play (when solved within the solve budget) on top, then the rungs (@ AGENT on every seat), strongest first"

// splitLadder returns the header's agents outside the ladder (those of the study's
// agents key) and the ladder's rungs, weakest first.
func splitLadder(h Header) (agents, ladder []string) {
	rung := map[int]bool{}
	for _, a := range h.Ladder {
		rung[a] = true
		if a >= 0 && a < len(h.Agents) {
			ladder = append(ladder, h.Agents[a])
		}
	}
	for i, a := range h.Agents {
		if !rung[i] {
			agents = append(agents, a)
		}
	}
	return agents, ladder
}

// ladderCSV is a cell's ladder columns of the CSV report: perfect_advantage,
// disagrees_with_perfect_play, rung, rung_agent (empty where they do not apply).
func ladderCSV(c *CellSummary) []string {
	out := []string{"", strconv.FormatBool(c.Disagrees), "", c.RungAgent}
	if adv, ok := perfectAdvantage(c.Solution, c.Seats); ok {
		out[0] = strconv.FormatFloat(adv, 'g', 10, 64)
	}
	if c.Rung != nil {
		out[2] = strconv.Itoa(*c.Rung)
	}
	return out
}

// htmlLadder is the HTML report's skill-ladder section: a row per ladder, a column per
// rung with the first seat's advantage, perfect play last; the charts; the notes.
type htmlLadder struct {
	Rated  string // the ratings' source, when the charts' x axis is the rungs' ratings
	Rungs  []string
	Rows   []htmlLadderRow
	Charts []template.HTML
	Notes  []string
}

type htmlLadderRow struct {
	Label   string
	Colour  template.CSS
	Rungs   []htmlLadderCell
	Perfect string
	Flag    bool
}

type htmlLadderCell struct {
	Text string
	Cell int
	Flag bool
}

// ladderView is the skill-ladder section of the HTML report (nil without a ladder).
func ladderView(rep *Report) *htmlLadder {
	if len(rep.Ladders) == 0 {
		return nil
	}
	colour := variantColours(rep)
	v := &htmlLadder{}
	if ratedRungs(rep) {
		v.Rated = fmt.Sprintf("%s, from %s", rep.RungRatings.origin(), rep.RungRatings.Source)
	}
	_, v.Rungs = splitLadder(rep.Header)
	for _, l := range rep.Ladders {
		row := htmlLadderRow{Label: l.Label, Colour: template.CSS(colour[l.Variant]), Flag: l.Disagrees, Perfect: "-"}
		for _, name := range v.Rungs {
			cell := htmlLadderCell{Text: "-", Cell: -1}
			for _, r := range l.Rungs {
				if r.Agent == name {
					cell = htmlLadderCell{Text: advantageText(r.Advantage), Cell: r.Cell, Flag: r.Disagrees}
				}
			}
			row.Rungs = append(row.Rungs, cell)
		}
		if l.PerfectAdvantage != nil {
			row.Perfect = fmt.Sprintf("%+.1f%% (%s)", 100**l.PerfectAdvantage, solutionText(l.Solution))
		} else if l.Solution != nil {
			row.Perfect = unsolvedText(l.Solution)
		}
		v.Rows = append(v.Rows, row)
	}
	for _, ch := range ladderCurves(rep) {
		v.Charts = append(v.Charts, template.HTML(ch.SVG()))
	}
	v.Notes = disagreementNotes(rep)
	return v
}

// perfectCellText is a cell's perfect play in the HTML summary, marked when the cell
// disagrees with it.
func perfectCellText(c *CellSummary) string {
	if c.Disagrees {
		return solutionText(c.Solution) + " " + disagreeMark
	}
	return solutionText(c.Solution)
}

// rungLabels shortens the rungs' specs for a chart's categories: a rung whose agent is
// alone in the ladder is named by its agent, the rungs of an agent that climbs (alpha-beta
// at depth 2, 4, 6) by the options that change ("depth=4"). axis says the rest: "rung,
// weakest first: random, greedy, alphabeta:tt=1 by depth".
func rungLabels(specs []string) (labels []string, axis string) {
	parsed := make([]ai.Spec, len(specs))
	byAgent := map[string][]int{}
	var order []string
	for i, text := range specs {
		s, err := ai.ParseSpec(text)
		if err != nil {
			s = ai.Spec{Agent: text}
		}
		parsed[i] = s
		if _, ok := byAgent[s.Agent]; !ok {
			order = append(order, s.Agent)
		}
		byAgent[s.Agent] = append(byAgent[s.Agent], i)
	}
	labels = make([]string, len(specs))
	var parts []string
	for _, name := range order {
		idx := byAgent[name]
		if len(idx) == 1 {
			labels[idx[0]] = name
			parts = append(parts, specs[idx[0]])
			continue
		}
		// The options every rung of this agent shares, and those that change.
		keys := map[string]bool{}
		for _, i := range idx {
			for k := range parsed[i].Options {
				keys[k] = true
			}
		}
		common := ai.Spec{Agent: name, Options: map[string]string{}}
		var varying []string
		for _, k := range sortedSet(keys) {
			v, same := parsed[idx[0]].Options[k]
			for _, i := range idx[1:] {
				if w, ok := parsed[i].Options[k]; !ok || w != v {
					same = false
				}
			}
			if same {
				common.Options[k] = v
			} else {
				varying = append(varying, k)
			}
		}
		for _, i := range idx {
			var kv []string
			for _, k := range varying {
				if v, ok := parsed[i].Options[k]; ok {
					kv = append(kv, k+"="+v)
				}
			}
			labels[i] = strings.Join(kv, ",")
			if labels[i] == "" {
				labels[i] = name
			}
		}
		parts = append(parts, common.String()+" by "+strings.Join(varying, ", "))
	}
	return labels, "rung, weakest first: " + strings.Join(parts, ", ")
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
