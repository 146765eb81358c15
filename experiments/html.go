package experiments

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// palette colours the variants in charts (colour-blind safe, Okabe-Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

// WriteHTML writes a self-contained HTML report: no network, no scripts from elsewhere,
// every chart an inline SVG. It opens in any browser and prints.
func WriteHTML(w io.Writer, rep *Report) error {
	var b strings.Builder
	h := rep.Header
	esc := html.EscapeString
	colour := map[string]string{}
	for _, c := range rep.Cells {
		if _, ok := colour[c.Variant]; !ok {
			colour[c.Variant] = palette[len(colour)%len(palette)]
		}
	}
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kalahlab ` + esc(h.Version) + `">
<title>` + esc(h.Experiment) + ` — kalahlab report</title>
<style>
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
table { border-collapse: collapse; margin: .5em 0; font-variant-numeric: tabular-nums; }
th, td { padding: .25em .6em; border-bottom: 1px solid #e5e5e5; text-align: right; vertical-align: top; }
th { background: #f5f5f5; font-weight: 600; }
td.l, th.l { text-align: left; }
.meta td { text-align: left; }
.meta td:first-child { color: #555; white-space: nowrap; }
code, .hash { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
.hash { word-break: break-all; }
.muted { color: #666; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .3em; vertical-align: baseline; }
.cell { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.5em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
svg.chart { background: #fff; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
.err { color: #a00; }
@media print { body { margin: 0; max-width: none; font-size: 11px; } h2 { break-after: avoid; } a { color: inherit; text-decoration: none; } }
</style>
</head>
<body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(h.Experiment))
	if h.Description != "" {
		fmt.Fprintf(&b, "<p>%s</p>\n", esc(h.Description))
	}
	b.WriteString("<table class=\"meta\">\n")
	row := func(k, v string) { fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td></tr>\n", esc(k), v) }
	row("experiment file", fmt.Sprintf("<code>%s</code> <span class=\"hash\">sha256 %s</span>", esc(h.File), esc(h.FileSHA256)))
	row("seed", fmt.Sprint(h.Seed))
	row("program", "kalahlab "+esc(h.Version))
	row("date", esc(h.Date))
	row("fingerprint", "<span class=\"hash\">"+esc(h.Fingerprint)+"</span>")
	if h.MergedFrom > 0 {
		row("merged from", fmt.Sprintf("%d shards", h.MergedFrom))
	}
	if h.Shard != "" {
		row("shard", esc(h.Shard)+" (a slice: merge the shards for the study's result)")
	}
	var agents []string
	for _, a := range h.Agents {
		agents = append(agents, "<code>"+esc(a)+"</code>")
	}
	rot := ""
	if h.RotateSeats && len(h.Agents) > 1 {
		rot = " (rotated over the seats)"
	}
	row("agents", strings.Join(agents, ", ")+rot)
	games := fmt.Sprintf("%d per cell", h.Games)
	if h.TargetCI > 0 {
		games += fmt.Sprintf(", stopping once the first seat's 95%% interval is narrower than %g", h.TargetCI)
	}
	row("games", games)
	row("rules of play", fmt.Sprintf("max %d plies per game; %d random opening moves; random move probability %g", h.MaxPlies, h.RandomOpening, h.Epsilon))
	if h.Seconds > 0 {
		row("run time", fmt.Sprintf("%.1f s, %.0f games/s", h.Seconds, h.GamesPerSecond))
	}
	b.WriteString("</table>\n<h3>Variants</h3>\n<table>\n<tr><th class=\"l\">variant</th><th class=\"l\">source</th><th class=\"l\">script hash (sha256)</th></tr>\n")
	for _, v := range h.Variants {
		hash := v.Hash
		if hash == "" {
			hash = "built-in (no script)"
		}
		fmt.Fprintf(&b, "<tr><td class=\"l\">%s</td><td class=\"l\"><code>%s</code></td><td class=\"l hash\">%s</td></tr>\n", esc(v.Name), esc(v.Source), esc(hash))
	}
	b.WriteString("</table>\n")

	// The summary table.
	b.WriteString("<h2>Summary</h2>\n<table>\n<tr><th class=\"l\">cell</th><th>games</th><th>first seat wins (95% CI)</th><th>draws</th><th>other seats win</th><th>advantage</th><th>balance</th><th>plies (mean)</th><th>swaps</th><th>p (fair)</th><th>perfect play</th><th>failed</th></tr>\n")
	for _, c := range rep.Cells {
		var others []string
		for _, s := range c.BySeat[1:] {
			others = append(others, pct(s.Win.Value))
		}
		adv := c.Metrics["first_seat_advantage"]
		advText := "-"
		if !math.IsNaN(adv.Value) {
			advText = fmt.Sprintf("%+.1f%%", 100*adv.Value)
		}
		swaps := "-"
		if c.SwapOffered > 0 {
			swaps = ciPct(c.Metrics["swap_rate"])
		}
		stopped := ""
		if c.Stopped {
			stopped = "*"
		}
		fmt.Fprintf(&b, "<tr><td class=\"l\"><span class=\"swatch\" style=\"background:%s\"></span><a href=\"#cell-%d\">%s</a></td><td>%d%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td></tr>\n",
			colour[c.Variant], c.Cell, esc(c.Label), c.Games, stopped, ciPct(c.BySeat[0].Win), pct(c.Metrics["drawishness"].Value),
			strings.Join(others, " "), advText, num(c.Metrics["balance"].Value, 3), num(c.Duration.Mean, 1), swaps,
			pValue(c.FairnessP), esc(solutionText(c.Solution)), c.Failed)
	}
	b.WriteString("</table>\n")
	if h.TargetCI > 0 {
		b.WriteString("<p class=\"muted\">* stopped early by the target interval width.</p>\n")
	}

	b.WriteString("<h2>First seat's win rate</h2>\n<p class=\"muted\">Dots are the first seat's win rate in each cell, bars its 95% Wilson interval; the dashed line is a fair share. Hollow dots are the second seat's win rate.</p>\n")
	b.WriteString(winRateChart(rep, colour))

	if len(rep.Comparisons) > 0 {
		b.WriteString("<h2>Comparisons</h2>\n<p class=\"muted\">The difference in the first seat's win rate between a cell and its baseline (the first variant at the same sweep point), with Newcombe's 95% hybrid score interval and a two-proportion z-test.</p>\n")
		b.WriteString(diffChart(rep, colour))
		b.WriteString("<table>\n<tr><th class=\"l\">cell</th><th class=\"l\">baseline</th><th>difference (95% CI)</th><th>z</th><th>p</th></tr>\n")
		for _, cmp := range rep.Comparisons {
			d := cmp.Diff
			diff := "-"
			if !math.IsNaN(d.Value) {
				diff = fmt.Sprintf("%+.1f pts [%+.1f, %+.1f]", 100*d.Value, 100*d.Lo, 100*d.Hi)
			}
			fmt.Fprintf(&b, "<tr><td class=\"l\">%s</td><td class=\"l\">%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", esc(cmp.Label), esc(cmp.BaselineLabel), diff, num(cmp.Z, 2), pValue(cmp.P))
		}
		b.WriteString("</table>\n")
	}

	b.WriteString("<h2>Cells</h2>\n")
	for _, c := range rep.Cells {
		fmt.Fprintf(&b, "<div class=\"cell\" id=\"cell-%d\">\n<h3><span class=\"swatch\" style=\"background:%s\"></span>%s</h3>\n", c.Cell, colour[c.Variant], esc(c.Label))
		fmt.Fprintf(&b, "<p class=\"muted\">variant %s, %d seats, %d trials, %d games counted, %d failed, %d timeouts; branching factor %s.</p>\n",
			esc(c.VariantName), c.Seats, c.Trials, c.Games, c.Failed, c.TimedOut, num(c.Branching, 2))
		b.WriteString("<table>\n<tr><th class=\"l\"></th><th>wins</th><th>draws</th><th>losses</th><th>win rate (95% CI)</th><th>draw rate (95% CI)</th><th>score rate</th></tr>\n")
		rates := func(rs []Rate) {
			for _, r := range rs {
				fmt.Fprintf(&b, "<tr><td class=\"l\">%s</td><td>%d</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
					esc(r.Name), r.Wins, r.Draws, r.Loss, ciPct(r.Win), ciPct(r.Draw), pct(r.Score))
			}
		}
		rates(c.BySeat)
		if len(c.ByAgent) > 1 {
			rates(c.ByAgent)
		}
		b.WriteString("</table>\n<div class=\"charts\">\n")
		b.WriteString(histChart(fmt.Sprintf("Game length (plies): mean %s, sd %s, median %s", num(c.Duration.Mean, 1), num(c.Duration.SD, 1), num(c.Duration.Median, 1)),
			c.Duration.hist(), colour[c.Variant], "plies"))
		if c.Margin != nil {
			b.WriteString(histChart(fmt.Sprintf("First seat's final margin: mean %s, sd %s, median %s", num(c.Margin.Mean, 2), num(c.Margin.SD, 2), num(c.Margin.Median, 1)),
				c.Margin.hist(), colour[c.Variant], "margin"))
		}
		b.WriteString("</div>\n")
		if len(c.Openings) > 0 {
			b.WriteString("<table>\n<tr><th class=\"l\">first move</th><th>games</th><th>first seat wins (95% CI)</th><th>draws</th></tr>\n")
			for _, o := range c.Openings {
				fmt.Fprintf(&b, "<tr><td class=\"l\"><code>%s</code></td><td>%d</td><td>%s</td><td>%s</td></tr>\n", esc(o.Name), o.Games, ciPct(o.Win), pct(o.Draw.Value))
			}
			b.WriteString("</table>\n")
		}
		if c.Solution != nil {
			if c.Solution.Unsolved != "" {
				fmt.Fprintf(&b, "<p class=\"muted\">Perfect play: %s.</p>\n", esc(c.Solution.Unsolved))
			} else {
				fmt.Fprintf(&b, "<p>Perfect play: a <b>%s</b> for the first seat, value %+d (best first move <code>%s</code>).</p>\n", esc(c.Solution.Result), c.Solution.Value, esc(c.Solution.BestMove))
			}
		}
		if len(c.Errors) > 0 {
			b.WriteString("<p class=\"err\">Failed trials (not counted):</p>\n<table>\n<tr><th>count</th><th class=\"l\">error</th></tr>\n")
			for _, e := range c.Errors {
				fmt.Fprintf(&b, "<tr><td>%d</td><td class=\"l\"><code>%s</code></td></tr>\n", e.Count, esc(e.Error))
			}
			b.WriteString("</table>\n")
		}
		b.WriteString("</div>\n")
	}

	b.WriteString("<h2>Metrics</h2>\n<table>\n<tr><th class=\"l\">metric</th><th class=\"l\">meaning</th><th class=\"l\">range</th></tr>\n")
	for _, m := range Metrics {
		fmt.Fprintf(&b, "<tr><td class=\"l\"><code>%s</code></td><td class=\"l\">%s</td><td class=\"l\">%s .. %s</td></tr>\n", esc(m.Name), esc(m.Description), rangeText(m.Min), rangeText(m.Max))
	}
	b.WriteString(`</table>
<p class="muted">Every number here is in results.json and results.csv next to this file; rebuild this page with <code>kalahlab experiment report DIR --format html</code>.</p>
<script>
// Marks how many charts the browser laid out (read by the end-to-end test).
(function () {
  var charts = document.querySelectorAll("svg.chart"), drawn = 0;
  charts.forEach(function (s) {
    var box = s.getBBox();
    if (box.width > 0 && box.height > 0 && s.querySelectorAll("rect, circle, line, path").length > 0) drawn++;
  });
  document.body.setAttribute("data-charts", charts.length);
  document.body.setAttribute("data-charts-drawn", drawn);
})();
</script>
</body>
</html>
`)
	_, err := io.WriteString(w, b.String())
	return err
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

// axis picks a range [lo, hi] covering the values, on a grid of step, and the step.
func axis(lo, hi float64, clampLo, clampHi float64) (float64, float64, float64) {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return clampLo, clampHi, (clampHi - clampLo) / 4
	}
	span := hi - lo
	step := niceStep(span / 5)
	lo = math.Max(clampLo, math.Floor(lo/step)*step)
	hi = math.Min(clampHi, math.Ceil(hi/step)*step)
	if hi <= lo {
		hi = lo + step
	}
	return lo, hi, step
}

func niceStep(x float64) float64 {
	if x <= 0 || math.IsNaN(x) {
		return 0.1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
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
	lo, hi, step := axis(lo-0.02, hi+0.02, 0, 1)
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

// diffChart draws each comparison's difference with its interval around zero.
func diffChart(rep *Report, colour map[string]string) string {
	const left, right, rowH, top = 330, 30, 22, 20
	width := 860
	n := len(rep.Comparisons)
	height := top + n*rowH + 40
	lo, hi := 0.0, 0.0
	for _, c := range rep.Comparisons {
		if !math.IsNaN(c.Diff.Lo) {
			lo, hi = math.Min(lo, c.Diff.Lo), math.Max(hi, c.Diff.Hi)
		}
	}
	lo, hi, step := axis(lo-0.01, hi+0.01, -1, 1)
	x := func(v float64) float64 { return left + (v-lo)/(hi-lo)*float64(width-left-right) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>Difference in the first seat's win rate against the baseline, with 95%% intervals</title>\n", width, height, width, height)
	for t := lo; t <= hi+1e-9; t += step {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%+.0f</text>\n",
			x(t), top-6, x(t), top+n*rowH, x(t), height-18, 100*t)
	}
	fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n", x(0), top-6, x(0), top+n*rowH)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">percentage points</text>\n", (left+width-right)/2, height-4)
	for i, c := range rep.Comparisons {
		y := top + i*rowH + rowH/2
		col := colour[rep.Cells[c.Cell].Variant]
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%s vs %s</text>\n", left-10, y, html.EscapeString(c.Label), html.EscapeString(c.BaselineLabel))
		if math.IsNaN(c.Diff.Value) {
			continue
		}
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(c.Diff.Lo), y, x(c.Diff.Hi), y, col)
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%d\" width=\"8\" height=\"8\" fill=\"%s\"><title>%+.1f points, p %s</title></rect>\n", x(c.Diff.Value)-4, y-4, col, 100*c.Diff.Value, pValue(c.P))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// histChart draws a histogram (at most 40 bars).
func histChart(title string, h Hist, col, unit string) string {
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
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.8\"><title>%s %s: %d games</title></rect>\n",
			float64(left)+float64(i)*barW+0.5, float64(height-bottom)-bh, math.Max(barW-1, 0.5), bh, col, unit, label, c)
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
