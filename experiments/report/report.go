package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kalahlab/kalahlab/experiments/run"
)

// The report files of an output directory, by format. The parquet format writes
// cells.parquet, and trials.parquet when the run kept a trial log.
var reportFiles = map[string]string{
	"table":   "table.txt",
	"csv":     "results.csv",
	"json":    "results.json",
	"html":    "report.html",
	"parquet": CellsParquetFile,
}

// WriteReports writes the report in each format into dir, the run's directory, and
// returns the paths written.
func WriteReports(rep *Report, dir string, formats []string) ([]string, error) {
	return WriteReportsFrom(rep, dir, dir, formats)
}

// WriteReportsFrom writes the report of the run in runDir in each format into outDir
// and returns the paths written. The parquet format writes cells.parquet and, from
// runDir's trial log when there is one, trials.parquet.
func WriteReportsFrom(rep *Report, runDir, outDir string, formats []string) ([]string, error) {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	if slices.Contains(formats, "html") && rep.Games == nil {
		rep.Games, _ = run.IndexGames(runDir) // nil without a trial log: no links
	}
	if slices.Contains(formats, "html") && rep.Boards == nil && rep.Standings == nil {
		// The boards are an extra: a run whose plan no longer resolves still gets its
		// report, without them.
		rep.Boards, _ = drawBoardsFrom(runDir, rep.Games)
	}
	for _, f := range formats {
		name, ok := reportFiles[f]
		if !ok {
			return paths, fmt.Errorf("format %q unknown (want table, csv, json, html, parquet)", f)
		}
		if f == "parquet" {
			written, err := writeParquet(rep, runDir, outDir)
			paths = append(paths, written...)
			if err != nil {
				return paths, err
			}
			continue
		}
		var buf bytes.Buffer
		if err := Render(&buf, rep, f); err != nil {
			return paths, err
		}
		path := filepath.Join(outDir, name)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	more, err := writeStandingsFiles(rep, outDir, formats) // a tournament's ranking and win matrix
	return append(paths, more...), err
}

// Render writes the report in one format: table, csv, json, html or parquet (the
// cells: cells.parquet).
func Render(w io.Writer, rep *Report, format string) error {
	switch format {
	case "table":
		return WriteTable(w, rep)
	case "csv":
		return writeCSV(w, rep)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case "html":
		return WriteHTML(w, rep)
	case "parquet":
		return writeCellsParquet(w, rep)
	}
	return fmt.Errorf("format %q unknown (want table, csv, json, html, parquet)", format)
}

// strongestRung is the index and agent of the strongest rung of the report's ladder
// (-1 and "" without one).
func strongestRung(rep *Report) (int, string) {
	top, agent := -1, ""
	for _, c := range rep.Cells {
		if c.Rung != nil && *c.Rung > top {
			top, agent = *c.Rung, c.RungAgent
		}
	}
	return top, agent
}

// stripRung is the suffix (" @ RUNG") that the headline comparisons' labels may drop
// when a heading names the rung: "" without a ladder, or when the study's own agents'
// cells are compared too (their labels would then read the same).
func stripRung(rep *Report, rung string) string {
	if rung == "" || slices.ContainsFunc(rep.Cells, func(c *CellSummary) bool { return c.Rung == nil }) {
		return ""
	}
	return " @ " + rung
}

// headlineComparisons are the comparisons that answer a study's question at a glance.
// Without a ladder they are all of them (rung ""). With one, each rung is compared with
// the same rung of the baseline variant, variants × points × rungs lines; the headline
// is the strongest rung's (and those of cells outside the ladder, played by the study's
// agents): rung names that rung's agent, and hidden counts the comparisons left out,
// which results.json and the HTML report's table keep.
func headlineComparisons(rep *Report) (cmps []Comparison, rung string, hidden int) {
	top, rung := strongestRung(rep)
	if top < 0 {
		return rep.Comparisons, "", 0
	}
	for _, cmp := range rep.Comparisons {
		if cmp.Cell < 0 || cmp.Cell >= len(rep.Cells) {
			continue
		}
		if r := rep.Cells[cmp.Cell].Rung; r == nil || *r == top {
			cmps = append(cmps, cmp)
			continue
		}
		hidden++
	}
	return cmps, rung, hidden
}

// WriteTable writes the terminal table: one line per cell, then the comparisons (of a
// ladder study, the strongest rung's: headlineComparisons) and notes on failures and
// timeouts.
func WriteTable(w io.Writer, rep *Report) error {
	writeTableHeader(w, rep.Header, len(rep.Cells))
	if rep.Standings != nil { // a tournament: its ranking first, then its pairings
		if err := writeStandings(w, rep.Standings); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	marks, err := writeCellTable(w, rep)
	if err != nil {
		return err
	}
	writeLegends(w, rep, marks)
	if err := writeComparisons(w, rep); err != nil {
		return err
	}
	if err := writeFlowTable(w, rep); err != nil {
		return err
	}
	writeRungRatings(w, rep)
	writeNotes(w, rep)
	writeVerdict(w, rep)
	return nil
}

// writeTableHeader writes what the study is: its name and size, its file, variants,
// agents, ladder and random moves, then an empty line.
func writeTableHeader(w io.Writer, h Header, cells int) {
	fmt.Fprintf(w, "%s: %d cells, %d games each, seed %d (kalahlab %s, %s)\n", h.Experiment, cells, h.Games, h.Seed, h.Version, h.Date)
	agents, ladder := splitLadder(h)
	rot := ""
	if h.RotateSeats && len(agents) > 1 {
		rot = ", rotated over the seats"
	}
	fmt.Fprintf(w, "file: %s (sha256 %.12s)\n", h.File, h.FileSHA256)
	var vs []string
	for _, v := range h.Variants {
		hash := "built-in"
		if v.Hash != "" {
			hash = fmt.Sprintf("script %.12s", v.Hash)
		}
		vs = append(vs, fmt.Sprintf("%s (%s)", v.Name, hash))
	}
	fmt.Fprintf(w, "variants: %s\n", strings.Join(vs, ", "))
	if len(agents) > 0 {
		fmt.Fprintf(w, "agents: %s%s\n", strings.Join(agents, " | "), rot)
	}
	if len(ladder) > 0 {
		fmt.Fprintf(w, "ladder: %s (each rung's agent on every seat)\n", strings.Join(ladder, " < "))
	}
	if h.RandomOpening > 0 || h.Epsilon > 0 {
		fmt.Fprintf(w, "random opening moves: %d, random move probability: %g\n", h.RandomOpening, h.Epsilon)
	}
	fmt.Fprintln(w)
}

// tableMarks are the marks the cell table used, whose legends follow it.
type tableMarks struct {
	stopped, failing, flagged bool
}

// writeCellTable writes the table of cells (tableRows), its lines trimmed: a ladder's
// headings are padded to every column.
func writeCellTable(w io.Writer, rep *Report) (tableMarks, error) {
	var marks tableMarks
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "CELL\tGAMES\tFAILED\tSEAT 1 WINS (95%% CI)\tDRAWS\tWINS BY SEAT %%\tADVANTAGE\tBALANCE\tPLIES\tSWAPS\tP(SEATS EQUAL)\tPERFECT PLAY\n")
	for _, tr := range tableRows(rep) {
		fmt.Fprintln(tw, strings.Join(tr.columns(&marks), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return marks, err
	}
	for line := range strings.Lines(table.String()) {
		if _, err := io.WriteString(w, strings.TrimRight(line, " \n")+"\n"); err != nil {
			return marks, err
		}
	}
	return marks, nil
}

// columns are the row's columns in the cell table, noting the marks it uses.
func (r tableRow) columns(marks *tableMarks) []string {
	switch {
	case r.perfect:
		return r.perfectRow()
	case r.cell == nil: // a ladder's heading
		return []string{r.label + strings.Repeat("\t", 11)}
	}
	c := r.cell
	marks.flagged = marks.flagged || c.Disagrees
	games := strconv.FormatInt(c.Games, 10)
	if c.Stopped {
		games += "*"
		marks.stopped = true
	}
	row := []string{r.label, games, failedText(c), "-", "-", "-", "-", "-", "-", "-", "-", r.perfectColumn()}
	if c.Failing {
		marks.failing = true
		return row
	}
	adv := c.Metrics["first_seat_advantage"].Value
	advText := "-"
	if !math.IsNaN(adv) {
		advText = fmt.Sprintf("%+.1f%%", 100*adv)
	}
	swaps := "-"
	if c.SwapOffered > 0 {
		swaps = pct(c.Metrics["swap_rate"].Value)
	}
	copy(row[3:], []string{ciPct(c.BySeat[0].Win), pct(c.Metrics["drawishness"].Value), seatWinsText(c), advText,
		balanceText(c.Metrics["balance"]), num(c.Duration.Mean, 1), swaps, pValue(c.SeatsEqualHolm)})
	return row
}

// writeLegends explains the marks the cell table used and its columns.
func writeLegends(w io.Writer, rep *Report, marks tableMarks) {
	if marks.stopped {
		fmt.Fprintf(w, "* stopped early: the first seat's 95%% interval got narrower than %g\n", rep.Header.TargetCI)
	}
	if marks.failing {
		fmt.Fprintf(w, "! failing: more failed trials than max_failures (%s) allows: no rates, balance, seat test or comparison (see the notes)\n", maxFailuresText(rep.Header))
	}
	fmt.Fprintln(w, SeatWinsLegend)
	fmt.Fprintln(w, BalanceLegend)
	fmt.Fprintln(w, seatsEqualLegend(rep.Family))
	if len(rep.Ladders) > 0 {
		fmt.Fprintln(w, ladderLegend)
	}
	if marks.flagged {
		fmt.Fprintln(w, disagreeLegend)
	}
}

// writeComparisons writes whether each variant is fairer than its baseline: under
// perfect play where both are proved, then the headline comparisons (of a ladder
// study, the strongest rung's, their labels without the rung's suffix, and a line per
// variant and point on how the rungs agree).
func writeComparisons(w io.Writer, rep *Report) error {
	cmps, rung, hidden := headlineComparisons(rep)
	if len(cmps) == 0 && len(rep.PerfectComparisons) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, wrapText(fmt.Sprintf("is the variant fairer than the baseline? BALANCE DIFFERENCE: the variant's balance minus the baseline's (above 0: fairer) with its 95%% interval (MOVER on the two balances' intervals); P (HOLM): its p-value adjusted by %s; \"fairer\" or \"less fair\" only when that is below 0.05. FIRST SEAT WINS: the first seat's win rate, variant minus baseline (Newcombe 95%% CI): which seat a change favours, not whether it is fairer.", familyText(rep.Family)), 120, "", ""))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	if len(rep.PerfectComparisons) > 0 {
		fmt.Fprintln(tw, "under perfect play (proved: exact values)\tBALANCE DIFFERENCE\tP (HOLM)\tVERDICT\tFIRST SEAT WINS")
		for _, pc := range rep.PerfectComparisons {
			fmt.Fprintf(tw, "  %s vs %s\t%+.3f (%.3f against %.3f)\t-\t%s\t%s against %s\n", pc.Label, pc.BaselineLabel,
				pc.Difference, pc.Balance, pc.BaselineBalance, perfectVerdict(pc.Difference), pc.Result, pc.BaselineResult)
		}
	}
	if len(cmps) > 0 {
		head := "with the study's agents"
		if rung != "" {
			head = "at the strongest rung, " + rung
		}
		fmt.Fprintf(tw, "%s\tBALANCE DIFFERENCE\tP (HOLM)\tVERDICT\tFIRST SEAT WINS\n", head)
	}
	strip := stripRung(rep, rung)
	for _, cmp := range cmps {
		label, base := cmp.Label, cmp.BaselineLabel
		if strip != "" {
			label, base = strings.TrimSuffix(label, strip), strings.TrimSuffix(base, strip)
		}
		fmt.Fprintf(tw, "  %s vs %s\t%s\t%s\t%s\t%s\n", label, base, intervalText(cmp.Balance, "%+.3f", 1, ""),
			pValue(cmp.BalancePHolm), cmp.Verdict, pointsText(cmp.Diff))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if lines := rungAgreement(rep); len(lines) > 0 {
		fmt.Fprintf(w, "across the rungs (all %d comparisons: results.json, report.html):\n", hidden+len(cmps))
		for _, l := range lines {
			fmt.Fprintln(w, wrapText(l, 120, "  ", "    "))
		}
	}
	return nil
}

// familyText names the family of tests, for a legend.
func familyText(f *Family) string {
	if f == nil {
		return "Holm"
	}
	return f.String()
}

// perfectVerdict is a perfect-play comparison's verdict.
func perfectVerdict(d float64) string {
	switch {
	case d > 1e-12:
		return verdictFairer
	case d < -1e-12:
		return verdictLessFair
	}
	return "as fair"
}

// pointsText writes a difference of rates in points: "+39.2 pts [+35.8, +42.4]".
func pointsText(d Estimate) string {
	if math.IsNaN(d.Value) {
		return "-"
	}
	return fmt.Sprintf("%+.1f pts [%+.1f, %+.1f]", 100*d.Value, 100*d.Lo, 100*d.Hi)
}

// writeNotes writes the notes: each cell's failed trials (the first three kinds of
// error), failed solves and timeouts, then the disagreements with perfect play.
func writeNotes(w io.Writer, rep *Report) {
	var notes []string
	hinted := map[string]bool{}
	for _, c := range rep.Cells {
		notes = append(notes, cellNotes(c, rep.Header)...)
		if s := c.Solution; s != nil && !s.Failed && s.Hint != "" && !hinted[s.Hint] {
			// Once a game (a ladder's rungs share its solve), without the rung.
			hinted[s.Hint] = true
			game, _, _ := strings.Cut(c.Label, " @ ")
			notes = append(notes, fmt.Sprintf("  %s: %s; to solve it: %s", game, s.Unsolved, s.Hint))
		}
	}
	for _, n := range disagreementNotes(rep) {
		notes = append(notes, "  "+n)
	}
	if len(notes) == 0 {
		return
	}
	fmt.Fprintln(w, "\nnotes:")
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
}

// cellNotes are the notes on a cell: its failed trials, a failed solve, timeouts.
func cellNotes(c *CellSummary, h Header) []string {
	var notes []string
	if c.Failed > 0 {
		var why []string
		for i, e := range c.Errors {
			if i == 3 {
				why = append(why, fmt.Sprintf("and %d more kinds", len(c.Errors)-3))
				break
			}
			why = append(why, fmt.Sprintf("%d× %s", e.Count, firstLine(e.Error)))
		}
		what := ""
		if c.Failing {
			what = fmt.Sprintf("; FAILING, more than max_failures %s allows", maxFailuresText(h))
		}
		notes = append(notes, fmt.Sprintf("  %s: %d of %d trials failed (not counted)%s: %s", c.Label, c.Failed, c.Trials, what, strings.Join(why, "; ")))
	}
	if s := c.Solution; s != nil && s.Failed {
		notes = append(notes, fmt.Sprintf("  %s: no perfect-play value: %s", c.Label, s.Unsolved))
	}
	if c.TimedOut > 0 {
		notes = append(notes, fmt.Sprintf("  %s: %d games stopped at max_plies %d (counted as draws)", c.Label, c.TimedOut, h.MaxPlies))
	}
	return notes
}

// The legends printed under the terminal table (and in experiment run --help).
const (
	SeatWinsLegend   = "WINS BY SEAT: each seat's win rate in %, ± the widest half of their 95% Wilson intervals"
	SeatsEqualLegend = `P(SEATS EQUAL): p-value of "every seat wins equally often" (sign test for 2 seats, else chi-square or exact multinomial), Holm-adjusted over the report's tests; below 0.05 they differ`
	BalanceLegend    = "BALANCE: 1 − the largest gap between the seats' score rates (1 is fair), with its 95% interval (two seats: the advantage's, folded)"
)

// seatsEqualLegend is SeatsEqualLegend naming the report's family of tests.
func seatsEqualLegend(f *Family) string {
	if f == nil {
		return SeatsEqualLegend
	}
	return fmt.Sprintf(`P(SEATS EQUAL): p-value of "every seat wins equally often" (sign test for 2 seats, else chi-square or exact multinomial), adjusted by %s; below 0.05 they differ`, f)
}

// balanceText writes a balance with its interval: "0.591 [0.546, 0.636]".
func balanceText(e Estimate) string { return intervalText(e, "%.3f", 1, "") }

// failedText writes a cell's failed trials: "0", "3 (1.5%)", or "188 (94.0%) !" when
// they fail the cell.
func failedText(c *CellSummary) string {
	if c.Failed == 0 {
		return "0"
	}
	t := fmt.Sprintf("%d (%s)", c.Failed, pct(float64(c.Failed)/float64(c.Trials)))
	if c.Failing {
		t += " !"
	}
	return t
}

// seatWinsText writes every seat's win rate in percent and the widest half-interval:
// "25.9 25.8 24.0 24.3 ±0.9".
func seatWinsText(c *CellSummary) string {
	if c.Games == 0 || len(c.BySeat) == 0 {
		return "-"
	}
	parts := make([]string, 0, len(c.BySeat)+1)
	half := 0.0
	for _, s := range c.BySeat {
		parts = append(parts, num(100*s.Win.Value, 1))
		if !math.IsNaN(s.Win.Lo) {
			half = math.Max(half, math.Max(s.Win.Value-s.Win.Lo, s.Win.Hi-s.Win.Value))
		}
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" ±%.1f", 100*half)
}

// maxFailuresText writes the study's max_failures ("0" in a report from before it).
func maxFailuresText(h Header) string {
	if h.MaxFailures == "" {
		return "0"
	}
	return h.MaxFailures
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// writeCSV writes one row per cell (tidy: one column per variable) for pandas or R.
// Missing values are empty.
func writeCSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	var knobs []string
	seen := map[string]bool{}
	maxSeats := 0
	for _, c := range rep.Cells {
		maxSeats = max(maxSeats, c.Seats)
		for _, k := range c.Sweep {
			if !seen[k.Name] {
				seen[k.Name] = true
				knobs = append(knobs, k.Name)
			}
		}
	}
	header := []string{"cell", "label", "variant", "variant_name", "hash"}
	header = append(header, knobs...)
	header = append(header, "seats", "trials", "games", "failed", "failing", "timed_out", "stopped_early")
	for _, m := range reportMetrics(rep) {
		header = append(header, m.Name, m.Name+"_lo", m.Name+"_hi")
	}
	header = append(header, "seats_equal_method", "seats_equal_stat", "seats_equal_df", "seats_equal_p_holm")
	for s := 1; s <= maxSeats; s++ {
		p := fmt.Sprintf("seat%d_", s)
		header = append(header, p+"wins", p+"draws", p+"losses", p+"win_rate", p+"win_lo", p+"win_hi", p+"score_rate")
	}
	nAgents := len(rep.Header.Agents)
	for a := 1; a <= nAgents; a++ {
		p := fmt.Sprintf("agent%d_", a)
		header = append(header, p+"wins", p+"draws", p+"losses", p+"win_rate", p+"win_lo", p+"win_hi")
	}
	header = append(header, "duration_median", "duration_sd", "margin_median", "margin_sd",
		"swap_offered", "swapped", "solve_result", "solve_value", "solve_best_move",
		"perfect_advantage", "disagrees_with_perfect_play", "rung", "rung_agent",
		"experiment", "file", "file_sha256", "seed", "version", "date")
	if err := cw.Write(header); err != nil {
		return err
	}
	f := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 10, 64)
	}
	i64 := func(x int64) string { return strconv.FormatInt(x, 10) }
	for _, c := range rep.Cells {
		row := []string{strconv.Itoa(c.Cell), c.Label, c.Variant, c.VariantName, c.Hash}
		for _, k := range knobs {
			v := ""
			for _, kv := range c.Sweep {
				if kv.Name == k {
					v = fmt.Sprint(kv.Value)
				}
			}
			row = append(row, v)
		}
		row = append(row, strconv.Itoa(c.Seats), i64(c.Trials), i64(c.Games), i64(c.Failed), strconv.FormatBool(c.Failing),
			i64(c.TimedOut), strconv.FormatBool(c.Stopped))
		for _, m := range reportMetrics(rep) {
			e := c.Metrics[m.Name]
			row = append(row, f(e.Value), f(e.Lo), f(e.Hi))
		}
		df := ""
		if c.SeatsEqual.DF > 0 {
			df = strconv.Itoa(c.SeatsEqual.DF)
		}
		row = append(row, c.SeatsEqual.Method, f(c.SeatsEqual.Stat), df, f(c.SeatsEqualHolm))
		for s := 0; s < maxSeats; s++ {
			if s >= len(c.BySeat) {
				row = append(row, "", "", "", "", "", "", "")
				continue
			}
			r := c.BySeat[s]
			row = append(row, i64(r.Wins), i64(r.Draws), i64(r.Loss), f(r.Win.Value), f(r.Win.Lo), f(r.Win.Hi), f(r.Score))
		}
		for a := 0; a < nAgents; a++ {
			if a >= len(c.ByAgent) {
				row = append(row, "", "", "", "", "", "")
				continue
			}
			r := c.ByAgent[a]
			row = append(row, i64(r.Wins), i64(r.Draws), i64(r.Loss), f(r.Win.Value), f(r.Win.Lo), f(r.Win.Hi))
		}
		mm, msd := math.NaN(), math.NaN()
		if c.Margin != nil {
			mm, msd = c.Margin.Median, c.Margin.SD
		}
		row = append(row, f(c.Duration.Median), f(c.Duration.SD), f(mm), f(msd), i64(c.SwapOffered), i64(c.Swapped))
		if s := c.Solution; s != nil && s.Unsolved == "" {
			row = append(row, s.Result, strconv.Itoa(s.Value), s.BestMove)
		} else {
			row = append(row, "", "", "")
		}
		row = append(row, ladderCSV(c)...)
		h := rep.Header
		row = append(row, h.Experiment, h.File, h.FileSHA256, strconv.FormatUint(h.Seed, 10), h.Version, h.Date)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
