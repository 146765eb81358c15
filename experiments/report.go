package experiments

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
)

// The report files of an output directory, by format.
var reportFiles = map[string]string{
	"table": "table.txt",
	"csv":   "results.csv",
	"json":  "results.json",
	"html":  "report.html",
}

// ReportFile is the file name a format is written to.
func ReportFile(format string) string { return reportFiles[format] }

// WriteReports writes the report in each format into dir and returns the paths written.
func WriteReports(rep *Report, dir string, formats []string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range formats {
		name, ok := reportFiles[f]
		if !ok {
			return paths, fmt.Errorf("format %q unknown (want table, csv, json, html)", f)
		}
		var buf bytes.Buffer
		if err := Render(&buf, rep, f); err != nil {
			return paths, err
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// Render writes the report in one format: table, csv, json or html.
func Render(w io.Writer, rep *Report, format string) error {
	switch format {
	case "table":
		return WriteTable(w, rep)
	case "csv":
		return WriteCSV(w, rep)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case "html":
		return WriteHTML(w, rep)
	}
	return fmt.Errorf("format %q unknown (want table, csv, json, html)", format)
}

// WriteTable writes the terminal table: one line per cell, then the comparisons and
// notes on failures and timeouts.
func WriteTable(w io.Writer, rep *Report) error {
	h := rep.Header
	fmt.Fprintf(w, "%s: %d cells, %d games each, seed %d (kalahlab %s, %s)\n", h.Experiment, len(rep.Cells), h.Games, h.Seed, h.Version, h.Date)
	rot := ""
	if h.RotateSeats && len(h.Agents) > 1 {
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
	fmt.Fprintf(w, "agents: %s%s\n", strings.Join(h.Agents, " | "), rot)
	if h.RandomOpening > 0 || h.Epsilon > 0 {
		fmt.Fprintf(w, "random opening moves: %d, random move probability: %g\n", h.RandomOpening, h.Epsilon)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	maxSeats := 0
	for _, c := range rep.Cells {
		maxSeats = max(maxSeats, c.Seats)
	}
	other := "SEAT 2 WINS"
	if maxSeats > 2 {
		other = "OTHER SEATS WIN"
	}
	fmt.Fprintf(tw, "CELL\tGAMES\tSEAT 1 WINS (95%% CI)\tDRAWS\t%s\tADVANTAGE\tBALANCE\tPLIES\tSWAPS\tP(FAIR)\tPERFECT PLAY\n", other)
	stopped := false
	for _, c := range rep.Cells {
		games := strconv.FormatInt(c.Games, 10)
		if c.Stopped {
			games += "*"
			stopped = true
		}
		var others []string
		for _, s := range c.BySeat[1:] {
			if c.Seats > 2 {
				others = append(others, fmt.Sprintf("%s %s", strings.TrimPrefix(s.Name, "seat "), pct(s.Win.Value)))
			} else {
				others = append(others, pct(s.Win.Value))
			}
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
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Label, games, ciPct(c.BySeat[0].Win),
			pct(c.Metrics["drawishness"].Value), strings.Join(others, " "), advText, num(c.Metrics["balance"].Value, 3),
			num(c.Duration.Mean, 1), swaps, pValue(c.FairnessP), solutionText(c.Solution))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if stopped {
		fmt.Fprintf(w, "* stopped early: the first seat's 95%% interval got narrower than %g\n", h.TargetCI)
	}
	if len(rep.Comparisons) > 0 {
		fmt.Fprintln(w, "\nfirst seat's win rate against the baseline (difference, Newcombe 95% CI, two-proportion z-test):")
		tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		for _, cmp := range rep.Comparisons {
			d := cmp.Diff
			diff := "-"
			if !math.IsNaN(d.Value) {
				diff = fmt.Sprintf("%+.1f pts [%+.1f, %+.1f]", 100*d.Value, 100*d.Lo, 100*d.Hi)
			}
			sig := ""
			if cmp.P < 0.05 {
				sig = "\tsignificant at 5%"
			}
			fmt.Fprintf(tw, "  %s vs %s\t%s\tz %s\tp %s%s\n", cmp.Label, cmp.BaselineLabel, diff, num(cmp.Z, 2), pValue(cmp.P), sig)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	var notes []string
	for _, c := range rep.Cells {
		if c.Failed > 0 {
			var why []string
			for i, e := range c.Errors {
				if i == 3 {
					why = append(why, fmt.Sprintf("and %d more kinds", len(c.Errors)-3))
					break
				}
				why = append(why, fmt.Sprintf("%d× %s", e.Count, firstLine(e.Error)))
			}
			notes = append(notes, fmt.Sprintf("  %s: %d of %d trials failed (not counted): %s", c.Label, c.Failed, c.Trials, strings.Join(why, "; ")))
		}
		if s := c.Solution; s != nil && s.Failed {
			notes = append(notes, fmt.Sprintf("  %s: no perfect-play value: %s", c.Label, s.Unsolved))
		}
		if c.TimedOut > 0 {
			notes = append(notes, fmt.Sprintf("  %s: %d games stopped at max_plies %d (counted as draws)", c.Label, c.TimedOut, h.MaxPlies))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nnotes:")
		for _, n := range notes {
			fmt.Fprintln(w, n)
		}
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// WriteCSV writes one row per cell (tidy: one column per variable) for pandas or R.
// Missing values are empty.
func WriteCSV(w io.Writer, rep *Report) error {
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
	header = append(header, "seats", "trials", "games", "failed", "timed_out", "stopped_early")
	for _, m := range Metrics {
		header = append(header, m.Name, m.Name+"_lo", m.Name+"_hi")
	}
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
		row = append(row, strconv.Itoa(c.Seats), i64(c.Trials), i64(c.Games), i64(c.Failed), i64(c.TimedOut), strconv.FormatBool(c.Stopped))
		for _, m := range Metrics {
			e := c.Metrics[m.Name]
			row = append(row, f(e.Value), f(e.Lo), f(e.Hi))
		}
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
		h := rep.Header
		row = append(row, h.Experiment, h.File, h.FileSHA256, strconv.FormatUint(h.Seed, 10), h.Version, h.Date)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
