package report

import (
	_ "embed"
	"fmt"
	"html"
	"html/template"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/experiments/internal/chart"
)

// palette colours the variants in charts (colour-blind safe, Okabe-Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

//go:embed templates/report.html.tmpl
var reportTemplateText string

// reportTemplate is the HTML report's page; the charts are drawn in Go.
var reportTemplate = template.Must(template.New("report").Parse(reportTemplateText))

// htmlView is what the report's template renders: the report's values, formatted.
type htmlView struct {
	H           Header
	Rotated     bool
	Cells       []htmlCell
	WinChart    template.HTML
	DiffChart   template.HTML
	DiffRung    string // a ladder study's chart shows this rung's comparisons only
	CurvesRung  string // and its curves over the knobs this rung's
	Comparisons []htmlComparison
	Perfect     []htmlPerfect // the comparisons under perfect play
	Family      string        // the family of tests adjusted together (Holm)
	Verdict     []string      // the report's verdict in words (verdict.go)
	Curves      []htmlCurves
	MultiKnob   bool
	Metrics     []htmlMetric
	Flow        []flowRow      // game-flow metrics per cell, nil when not recorded
	Standings   *htmlStandings // a tournament's (tournament_report.go)
	Ladder      *htmlLadder    // the skill ladders (ladder.go)
	// Links: the first moves and histogram bars name their games (rep.Games);
	// LinksServed: and link to the server's list of them.
	Links, LinksServed bool
}

type htmlCell struct {
	C                                                   *CellSummary
	Colour                                              template.CSS
	FirstWins, Draws, Others, Advantage, Balance, Plies string
	Swaps, FairP, Perfect, Branching                    string
	Failed                                              string // "3 (1.5%)"; C.Failing marks a failing cell
	Rates, Openings                                     []htmlRate
	Hists                                               []template.HTML
	Boards                                              *htmlBoards // nil: not drawn
}

// htmlBoards are a cell's board drawings (boards.go): SVG made in Go, every text in it
// escaped.
type htmlBoards struct {
	Start, Final template.HTML
	FinalNote    string
}

type htmlRate struct {
	R                Rate
	Win, Draw, Score string
	Games            run.GamesRef // a first move's games (gamelinks.go)
}

type htmlComparison struct {
	Label, Baseline, Balance, BalanceP, Holm, Verdict, Diff, Z, P string
}

type htmlPerfect struct {
	Label, Baseline, Result, BaselineResult, Balance, BaselineBalance, Diff, Verdict string
}

type htmlCurves struct {
	Knob   string
	Charts []template.HTML
}

type htmlMetric struct{ Name, Description, Min, Max string }

// WriteHTML writes a self-contained HTML report: no network, no scripts from elsewhere,
// every chart an inline SVG. It opens in any browser and prints. A study with a sweep
// gets its metrics drawn against each swept knob (sweepCurves).
func WriteHTML(w io.Writer, rep *Report) error {
	h := rep.Header
	colour := variantColours(rep)
	v := htmlView{H: h, Rotated: h.RotateSeats && len(h.Agents) > 1, Links: rep.Games != nil, LinksServed: rep.Games != nil && rep.Games.GamesURL != "",
		WinChart: template.HTML(winRateChart(rep, colour)), Standings: standingsView(rep.Standings)}
	for _, c := range rep.Cells {
		v.Cells = append(v.Cells, cellView(rep, c, colour))
	}
	if len(rep.Comparisons) > 0 {
		cmps, rung, _ := headlineComparisons(rep)
		v.DiffChart, v.DiffRung = template.HTML(diffChart(rep, cmps, stripRung(rep, rung), colour)), rung
		v.Comparisons = comparisonsView(rep.Comparisons)
	}
	for _, pc := range rep.PerfectComparisons {
		v.Perfect = append(v.Perfect, htmlPerfect{Label: pc.Label, Baseline: pc.BaselineLabel, Result: pc.Result,
			BaselineResult: pc.BaselineResult, Balance: num(pc.Balance, 3), BaselineBalance: num(pc.BaselineBalance, 3),
			Diff: fmt.Sprintf("%+.3f", pc.Difference), Verdict: perfectVerdict(pc.Difference)})
	}
	v.Family = familyText(rep.Family)
	v.Verdict = Verdict(rep)
	v.Curves = curvesView(rep)
	v.MultiKnob = len(v.Curves) > 1
	_, v.CurvesRung = strongestRung(rep)
	v.Ladder = ladderView(rep)
	v.Flow = flowRows(rep)
	for _, m := range reportMetrics(rep) {
		v.Metrics = append(v.Metrics, htmlMetric{Name: m.Name, Description: m.Description, Min: rangeText(m.Min), Max: rangeText(m.Max)})
	}
	if err := reportTemplate.Execute(w, v); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

// cellView is a cell's section of the report: its row of the table, its rates by seat
// and by agent, its openings, its histograms and its boards.
func cellView(rep *Report, c *CellSummary, colour map[string]string) htmlCell {
	hc := htmlCell{C: c, Colour: template.CSS(colour[c.Variant])}
	hc.setColumns(c)
	hc.Rates = ratesView(c)
	for _, o := range c.Openings {
		hc.Openings = append(hc.Openings, htmlRate{R: o, Win: ciPct(o.Win), Draw: pct(o.Draw.Value), Games: rep.Games.Opening(c.Cell, o.Name)})
	}
	hc.Hists = append(hc.Hists, template.HTML(histChart(fmt.Sprintf("Game length (plies): mean %s, sd %s, median %s",
		num(c.Duration.Mean, 1), num(c.Duration.SD, 1), num(c.Duration.Median, 1)), c.Duration.hist(), colour[c.Variant], "plies", rep.Games.Bar(c.Cell, "plies"))))
	if c.Margin != nil {
		hc.Hists = append(hc.Hists, template.HTML(histChart(fmt.Sprintf("First seat's final margin: mean %s, sd %s, median %s",
			num(c.Margin.Mean, 2), num(c.Margin.SD, 2), num(c.Margin.Median, 1)), c.Margin.hist(), colour[c.Variant], "margin", rep.Games.Bar(c.Cell, "margin"))))
	}
	for _, b := range rep.Boards {
		if b.Cell == c.Cell && (b.Start != "" || b.Final != "") {
			hc.Boards = &htmlBoards{Start: template.HTML(b.Start), Final: template.HTML(b.Final), FinalNote: b.FinalNote}
		}
	}
	return hc
}

// setColumns writes the cell's columns of the table ("-" for the rates of a failing
// cell: they would come from the games that happened to miss the failure).
func (hc *htmlCell) setColumns(c *CellSummary) {
	hc.FirstWins = ciPct(c.BySeat[0].Win)
	hc.Draws = pct(c.Metrics["drawishness"].Value)
	var others []string
	for _, s := range c.BySeat[1:] {
		others = append(others, pct(s.Win.Value))
	}
	hc.Others = strings.Join(others, " ")
	hc.Advantage = "-"
	if adv := c.Metrics["first_seat_advantage"]; !math.IsNaN(adv.Value) {
		hc.Advantage = fmt.Sprintf("%+.1f%%", 100*adv.Value)
	}
	hc.Balance = balanceText(c.Metrics["balance"])
	hc.Plies = num(c.Duration.Mean, 1)
	hc.Swaps = "-"
	if c.SwapOffered > 0 {
		hc.Swaps = ciPct(c.Metrics["swap_rate"])
	}
	hc.FairP = pValue(c.SeatsEqualHolm)
	if c.SeatsEqual.Method != "none" && c.SeatsEqual.Method != "" && !math.IsNaN(c.SeatsEqual.P) {
		hc.FairP += " (" + c.SeatsEqual.Method + ")"
	}
	hc.Failed = failedText(c)
	if c.Failing {
		hc.FirstWins, hc.Draws, hc.Others, hc.Advantage, hc.Balance, hc.Plies, hc.Swaps = "-", "-", "-", "-", "-", "-", "-"
	}
	hc.Perfect = perfectCellText(c)
	hc.Branching = num(c.Branching, 2)
}

// ratesView is a cell's rates by seat, then by agent when more than one agent played
// in it (a cell that names its agents, a ladder's rung, plays only those).
func ratesView(c *CellSummary) []htmlRate {
	rate := func(r Rate) htmlRate {
		return htmlRate{R: r, Win: ciPct(r.Win), Draw: ciPct(r.Draw), Score: pct(r.Score)}
	}
	var rates []htmlRate
	for _, r := range c.BySeat {
		rates = append(rates, rate(r))
	}
	var played []Rate
	for _, r := range c.ByAgent {
		if r.Games > 0 {
			played = append(played, r)
		}
	}
	if len(played) > 1 {
		for _, r := range played {
			rates = append(rates, rate(r))
		}
	}
	return rates
}

// comparisonsView is the table of every comparison with the baseline.
func comparisonsView(cmps []Comparison) []htmlComparison {
	var out []htmlComparison
	for _, cmp := range cmps {
		out = append(out, htmlComparison{Label: cmp.Label, Baseline: cmp.BaselineLabel,
			Balance: intervalText(cmp.Balance, "%+.3f", 1, ""), BalanceP: pValue(cmp.BalanceP), Holm: pValue(cmp.BalancePHolm),
			Verdict: cmp.Verdict, Diff: pointsText(cmp.Diff), Z: num(cmp.Z, 2), P: pValue(cmp.P)})
	}
	return out
}

// curvesView groups the sweep's curves (sweepCurves) by knob, as SVG.
func curvesView(rep *Report) []htmlCurves {
	var curves []htmlCurves
	for _, ch := range sweepCurves(rep) {
		knob := ch.XLabel
		if n := len(curves); n == 0 || curves[n-1].Knob != knob {
			curves = append(curves, htmlCurves{Knob: knob})
		}
		g := &curves[len(curves)-1]
		g.Charts = append(g.Charts, template.HTML(ch.SVG()))
	}
	return curves
}

func rangeText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return "−∞"
	}
	return fmt.Sprintf("%g", x)
}

// winRateChart draws the first seat's win rate with its interval, one row per cell.
func winRateChart(rep *Report, colour map[string]string) string {
	const left, right, rowH, top = 230, 30, 22, 30
	width := 860
	n := len(rep.Cells)
	height := top + n*rowH + 40
	lo, hi := math.Inf(1), math.Inf(-1)
	maxSeats := 2
	for _, c := range rep.Cells {
		for _, x := range []float64{c.BySeat[0].Win.Lo, c.BySeat[0].Win.Hi, c.BySeat[len(c.BySeat)-1].Win.Value} {
			if c.Failing {
				break
			}
			if !math.IsNaN(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
		maxSeats = max(maxSeats, c.Seats)
	}
	fair := 1 / float64(maxSeats)
	lo, hi = math.Min(lo, fair), math.Max(hi, fair)
	if math.IsInf(lo, 0) {
		lo, hi = 0, 1
	}
	lo, hi, step := chart.Axis(lo-0.02, hi+0.02, 0, 1)
	x := func(v float64) float64 { return left + (v-lo)/(hi-lo)*float64(width-left-right) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>First seat's win rate per cell with 95%% intervals</title>\n", width, height, width, height)
	for t := lo; t <= hi+1e-9; t += step {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f%%</text>\n",
			x(t), top-8, x(t), top+n*rowH, x(t), height-18, 100*t)
	}
	fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n", x(fair), top-12, x(fair), top+n*rowH)
	fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">fair %.0f%%</text>\n", x(fair), top-16, 100*fair)
	for i, c := range rep.Cells {
		y := top + i*rowH + rowH/2
		col := colour[c.Variant]
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n", left-10, y, html.EscapeString(c.Label))
		w := c.BySeat[0].Win
		if c.Failing { // no rate from the games that happened to miss the failure
			fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\" fill=\"#a00\">failing: no rate</text>\n", left+6, y)
			continue
		}
		if math.IsNaN(w.Value) {
			continue
		}
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(w.Lo), y, x(w.Hi), y, col)
		for _, e := range []float64{w.Lo, w.Hi} {
			fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(e), y-5, x(e), y+5, col)
		}
		fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"%s\"><title>%s: %s</title></circle>\n", x(w.Value), y, col, html.EscapeString(c.Label), ciPct(w))
		if len(c.BySeat) > 1 && !math.IsNaN(c.BySeat[1].Win.Value) {
			fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3.5\" fill=\"none\" stroke=\"%s\"><title>second seat: %s</title></circle>\n", x(c.BySeat[1].Win.Value), y, col, ciPct(c.BySeat[1].Win))
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// diffChart draws each comparison of cmps (of rep) as a forest plot: the difference in
// balance (above 0: the variant is fairer) with its 95% interval around zero, a filled
// square when it is significant after Holm's adjustment, a hollow one when not; strip,
// when not "", is a suffix (" @ RUNG") the labels drop. The left margin fits the
// longest label.
func diffChart(rep *Report, cmps []Comparison, strip string, colour map[string]string) string {
	const right, rowH, top, plotW = 30, 22, 20, 530
	labels := make([]string, len(cmps))
	longest := 0
	for i, c := range cmps {
		label, base := c.Label, c.BaselineLabel
		if strip != "" {
			label, base = strings.TrimSuffix(label, strip), strings.TrimSuffix(base, strip)
		}
		labels[i] = label + " vs " + base
		longest = max(longest, utf8.RuneCountInString(labels[i]))
	}
	left := 20 + int(math.Ceil(6.6*float64(longest))) // 11px text: at most 6.6px a character
	width := left + plotW + right
	n := len(cmps)
	height := top + n*rowH + 40
	lo, hi := 0.0, 0.0
	for _, c := range cmps {
		if !math.IsNaN(c.Balance.Lo) {
			lo, hi = math.Min(lo, c.Balance.Lo), math.Max(hi, c.Balance.Hi)
		}
	}
	lo, hi, step := chart.Axis(lo-0.01, hi+0.01, -1, 1)
	x := func(v float64) float64 { return float64(left) + (v-lo)/(hi-lo)*float64(plotW) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>Difference in balance against the baseline (above 0: fairer), with 95%% intervals</title>\n", width, height, width, height)
	for t := lo; t <= hi+1e-9; t += step {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+.2f</text>\n",
			x(t), top-6, x(t), top+n*rowH, x(t), height-18, t)
	}
	fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n", x(0), top-6, x(0), top+n*rowH)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">difference in balance (variant − baseline; above 0: fairer; filled: significant after Holm)</text>\n", left+plotW/2, height-4)
	for i, c := range cmps {
		y := top + i*rowH + rowH/2
		col := colour[rep.Cells[c.Cell].Variant]
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n", left-10, y, html.EscapeString(labels[i]))
		if math.IsNaN(c.Balance.Value) {
			continue
		}
		fill := col
		if c.Verdict == verdictUnshown {
			fill = "#fff"
		}
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(c.Balance.Lo), y, x(c.Balance.Hi), y, col)
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%d\" width=\"8\" height=\"8\" fill=\"%s\" stroke=\"%s\"><title>%s, Holm p %s: %s</title></rect>\n",
			x(c.Balance.Value)-4, y-4, fill, col, html.EscapeString(intervalText(c.Balance, "%+.3f", 1, "")), pValue(c.BalancePHolm), c.Verdict)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// histChart draws a histogram (at most 40 bars). With games, each bar names the games
// behind it: replay commands in its tooltip, and a link when served.
func histChart(title string, h run.Hist, col, unit string, games func(lo, hi float64) run.GamesRef) string {
	const width, height, left, bottom, top = 400, 170, 40, 30, 24
	lo, bw, counts := h.Bins(40)
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>%s</title>\n", width, height, width, height, html.EscapeString(title))
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"14\">%s</text>\n", left, html.EscapeString(title))
	var peak int64
	for _, c := range counts {
		peak = max(peak, c)
	}
	plotW, plotH := float64(width-left-10), float64(height-top-bottom)
	fmt.Fprintf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>\n", left, height-bottom, width-10, height-bottom)
	if peak == 0 {
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\">no games</text>\n</svg>\n", left+10, top+20)
		return b.String()
	}
	barW := plotW / float64(len(counts))
	for i, c := range counts {
		bh := float64(c) / float64(peak) * plotH
		from := lo + float64(i)*bw
		label := fmt.Sprintf("%g", from)
		if bw > 1 {
			label = fmt.Sprintf("%g..%g", from, from+bw-1)
		}
		var g run.GamesRef
		if games != nil && c > 0 {
			g = games(from, from+bw-1)
		}
		if g.URL != "" {
			fmt.Fprintf(&b, "<a href=\"%s\" target=\"_top\">", html.EscapeString(g.URL))
		}
		tip := fmt.Sprintf("%s %s: %d games", unit, label, c)
		if len(g.Commands) > 0 {
			tip += "\nreplay one:\n" + strings.Join(g.Commands, "\n")
		}
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.8\"><title>%s</title></rect>",
			float64(left)+float64(i)*barW+0.5, float64(height-bottom)-bh, math.Max(barW-1, 0.5), bh, col, html.EscapeString(tip))
		if g.URL != "" {
			b.WriteString("</a>")
		}
		b.WriteByte('\n')
	}
	last := lo + float64(len(counts)-1)*bw
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\">%g</text>\n", left, height-bottom+14, lo)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%g</text>\n", width-10, height-bottom+14, last+bw-1)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", left-4, top+4, peak)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", left-4, height-bottom)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">%s</text>\n", left+int(plotW/2), height-4, unit)
	b.WriteString("</svg>\n")
	return b.String()
}
