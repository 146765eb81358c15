package report

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/kalahlab/kalahlab/experiments/tournament"

	"github.com/kalahlab/kalahlab/experiments/internal/chart"
	"github.com/kalahlab/kalahlab/experiments/rating"
)

// The files a tournament adds to an output directory, by format: the ranking and the
// win matrix (long form: one row per ordered pair) for csv, the standings for json
// (they are in results.json too).
var standingsFiles = map[string][]string{
	"csv":  {"standings.csv", "pairings.csv"},
	"json": {"standings.json"},
}

// eloText writes a rating: "+123", "-" when missing.
func eloText(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	if math.Round(x) == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// eloCI writes a rating's interval: "[+80, +166]".
func eloCI(s tournament.Standing) string {
	if math.IsNaN(s.Lo) || math.IsNaN(s.Hi) {
		return "-"
	}
	return fmt.Sprintf("[%s, %s]", eloText(s.Lo), eloText(s.Hi))
}

// pairingsNote describes the games behind the win matrix.
func pairingsNote(s *tournament.Standings) string {
	if s.Seats > 2 {
		return fmt.Sprintf("%d games per meeting of %d entrants; a game counts as its first place's wins over the others", s.GamesPerCell, s.Seats)
	}
	return fmt.Sprintf("%d games per pairing, seats rotated", s.GamesPerCell)
}

// EloScaleText says what the ratings' scale means.
const EloScaleText = "ELO: Bradley–Terry ratings on the Elo scale, centred on the entrants' mean: a gap of 100 points is an expected score of 64% (200: 76%, 400: 91%); 95% CI: each rating's own interval (for two entrants, read their difference's interval below)"

// fitLines explain the scale and give the neighbours' rating differences, the model's
// fit and the first-move term.
func fitLines(s *tournament.Standings) []string {
	if s.Fit == nil {
		return nil
	}
	lines := []string{EloScaleText}
	var diffs []string
	for _, d := range s.Differences {
		for k := 0; k+1 < len(s.Ranking); k++ {
			if d.Agent == s.Ranking[k].Agent && d.Other == s.Ranking[k+1].Agent {
				diffs = append(diffs, fmt.Sprintf("%s − %s %s [%s, %s]", d.Agent, d.Other, eloText(d.Elo), eloText(d.Lo), eloText(d.Hi)))
			}
		}
	}
	if len(diffs) > 0 {
		lines = append(lines, "neighbours' differences (95% CI; an interval clear of 0 tells them apart): "+strings.Join(diffs, "; "))
	}
	lines = append(lines, "fit: "+fitText(*s.Fit, "pairings"))
	if st := s.Seat; st != nil {
		lines = append(lines, fmt.Sprintf("first move: %s Elo [%s, %s], p %s (the first seat's advantage, fitted with the strengths); with it, %s",
			eloText(st.Elo), eloText(st.Lo), eloText(st.Hi), pValue(st.P), fitText(st.Fit, "ordered pairings")))
	}
	return lines
}

// fitText writes a goodness-of-fit test in words.
func fitText(f rating.GoodnessOfFit, cells string) string {
	if math.IsNaN(f.P) {
		return fmt.Sprintf("Bradley–Terry has no degree of freedom left to test against the %s", cells)
	}
	verdict := "no evidence against the model"
	if f.P < 0.05 {
		verdict = "the model fits badly: the results are not one strength per agent (look for pairings that break the order in the win matrix), so read the ratings as a summary"
	}
	return fmt.Sprintf("Bradley–Terry against the %s: chi-square %.1f on %d df, p %s: %s", cells, f.X2, f.DF, pValue(f.P), verdict)
}

// writeStandings writes a tournament's ranking table and win matrix for the terminal.
func writeStandings(w io.Writer, s *tournament.Standings) error {
	fmt.Fprintf(w, "standings: %d agents on %s (%s)\n", len(s.Entrants), s.Variant, pairingsNote(s))
	if s.Error != "" {
		fmt.Fprintf(w, "no ratings: %s (ranked by score)\n", s.Error)
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tAGENT\tELO\t95% CI\tSCORE\tW-D-L\tGAMES")
	for _, r := range s.Ranking {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%d-%d-%d\t%d\n", r.Rank, r.Agent, eloText(r.Elo), eloCI(r), pct(r.Score), r.Wins, r.Draws, r.Losses, r.Games)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, line := range fitLines(s) {
		fmt.Fprintln(w, wrapText(line, 100, "", "  "))
	}
	fmt.Fprintln(w, "\nwin matrix: the row's score against the column (wins + draws/2)")
	uniform := true
	var pairGames int64 = -1
	for i, row := range s.Matrix {
		for j, p := range row {
			if i == j {
				continue
			}
			if pairGames < 0 {
				pairGames = p.Games
			}
			uniform = uniform && p.Games == pairGames
		}
	}
	// Rank and agent left-aligned, the scores right-aligned under the ranks.
	rows := [][]string{{"", ""}}
	for i := range s.Ranking {
		rows[0] = append(rows[0], strconv.Itoa(i+1))
	}
	for i, row := range s.Matrix {
		cells := []string{strconv.Itoa(i + 1), s.Ranking[i].Agent}
		for j, p := range row {
			switch {
			case i == j:
				cells = append(cells, "-")
			case uniform:
				cells = append(cells, pct(p.Score))
			default:
				cells = append(cells, fmt.Sprintf("%s (%d)", pct(p.Score), p.Games))
			}
		}
		rows = append(rows, cells)
	}
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for k, c := range r {
			width[k] = max(width[k], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for k, c := range r {
			pad := strings.Repeat(" ", width[k]-utf8.RuneCountInString(c))
			if k < 2 {
				b.WriteString(c + pad + "  ")
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	if uniform && pairGames >= 0 {
		unit := "games"
		if s.Seats > 2 {
			unit = "pairwise results"
		}
		fmt.Fprintf(w, "(each score over %d %s)\n", pairGames, unit)
	}
	for _, n := range s.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// writeStandingsCSV writes the ranking: one row per entrant, best first.
func writeStandingsCSV(w io.Writer, rep *Report) error {
	s := rep.Standings
	cw := csv.NewWriter(w)
	header := []string{"rank", "agent", "index", "elo", "elo_lo", "elo_hi", "score_rate", "points", "pairwise",
		"wins", "draws", "losses", "games", "variant", "experiment", "seed", "version", "date"}
	if err := cw.Write(header); err != nil {
		return err
	}
	h := rep.Header
	for _, r := range s.Ranking {
		row := []string{strconv.Itoa(r.Rank), r.Agent, strconv.Itoa(r.Index), csvNum(r.Elo), csvNum(r.Lo), csvNum(r.Hi),
			csvNum(r.Score), csvNum(r.Points), strconv.FormatInt(r.Pairwise, 10), strconv.FormatInt(r.Wins, 10),
			strconv.FormatInt(r.Draws, 10), strconv.FormatInt(r.Losses, 10), strconv.FormatInt(r.Games, 10),
			s.Variant, h.Experiment, strconv.FormatUint(h.Seed, 10), h.Version, h.Date}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// writePairingsCSV writes the win matrix in long form: one row per ordered pair of
// entrants (agent against opponent), in ranking order.
func writePairingsCSV(w io.Writer, rep *Report) error {
	s := rep.Standings
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"agent", "opponent", "agent_rank", "opponent_rank", "wins", "draws", "losses", "games", "points", "score_rate"}); err != nil {
		return err
	}
	for i, row := range s.Matrix {
		for j, p := range row {
			if i == j {
				continue
			}
			rec := []string{s.Ranking[i].Agent, s.Ranking[j].Agent, strconv.Itoa(i + 1), strconv.Itoa(j + 1),
				strconv.FormatInt(p.Wins, 10), strconv.FormatInt(p.Draws, 10), strconv.FormatInt(p.Losses, 10),
				strconv.FormatInt(p.Games, 10), csvNum(p.Points), csvNum(p.Score)}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvNum writes a number for CSV, empty when missing.
func csvNum(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 10, 64)
}

// writeStandingsFiles writes a tournament's own files for the formats into dir.
func writeStandingsFiles(rep *Report, dir string, formats []string) ([]string, error) {
	if rep.Standings == nil {
		return nil, nil
	}
	var paths []string
	for _, f := range formats {
		for _, name := range standingsFiles[f] {
			var buf bytes.Buffer
			var err error
			switch name {
			case "standings.csv":
				err = writeStandingsCSV(&buf, rep)
			case "pairings.csv":
				err = writePairingsCSV(&buf, rep)
			case "standings.json":
				enc := json.NewEncoder(&buf)
				enc.SetIndent("", "  ")
				err = enc.Encode(rep.Standings)
			}
			if err != nil {
				return paths, err
			}
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				return paths, err
			}
			paths = append(paths, path)
		}
	}
	return paths, nil
}

//go:embed templates/tournament.html.tmpl
var tournamentTemplateText string

// The tournament's section of the HTML report, parsed into the report's template set.
var _ = template.Must(reportTemplate.New("tournament").Parse(tournamentTemplateText))

// htmlStandings is what the tournament section renders.
type htmlStandings struct {
	S      *tournament.Standings
	Note   string
	Rows   []htmlStanding
	Matrix []htmlMatrixRow
	Chart  template.HTML
	Fit    []string // the scale, the neighbours' differences, the fit and the seat term
}

type htmlStanding struct {
	R                   tournament.Standing
	Elo, CI, Score, WDL string
}

type htmlMatrixRow struct {
	Rank  int
	Agent string
	Cells []htmlPair
}

type htmlPair struct {
	Text, Title string
	Shade       template.CSS
	Self        bool
}

// standingsView formats the standings for the template (nil without standings).
func standingsView(s *tournament.Standings) *htmlStandings {
	if s == nil {
		return nil
	}
	v := &htmlStandings{S: s, Note: pairingsNote(s), Chart: template.HTML(ratingChart(s)), Fit: fitLines(s)}
	for _, r := range s.Ranking {
		v.Rows = append(v.Rows, htmlStanding{R: r, Elo: eloText(r.Elo), CI: eloCI(r), Score: pct(r.Score),
			WDL: fmt.Sprintf("%d-%d-%d", r.Wins, r.Draws, r.Losses)})
	}
	for i, row := range s.Matrix {
		mr := htmlMatrixRow{Rank: i + 1, Agent: s.Ranking[i].Agent}
		for j, p := range row {
			if i == j {
				mr.Cells = append(mr.Cells, htmlPair{Text: "—", Self: true})
				continue
			}
			mr.Cells = append(mr.Cells, htmlPair{
				Text:  pct(p.Score),
				Title: fmt.Sprintf("%s against %s: %d-%d-%d in %d", s.Ranking[i].Agent, s.Ranking[j].Agent, p.Wins, p.Draws, p.Losses, p.Games),
				Shade: template.CSS(scoreShade(p.Score)),
			})
		}
		v.Matrix = append(v.Matrix, mr)
	}
	return v
}

// scoreShade colours a score share: orange below one half, blue above, white at it.
func scoreShade(x float64) string {
	if math.IsNaN(x) {
		return "#f5f5f5"
	}
	d := math.Min(1, math.Abs(x-0.5)*2)
	to := [3]float64{0x56, 0xB4, 0xE9} // Okabe-Ito sky blue
	if x < 0.5 {
		to = [3]float64{0xE6, 0x9F, 0x00} // orange
	}
	c := func(k int) int { return int(math.Round(255 + (to[k]-255)*0.75*d)) }
	return fmt.Sprintf("#%02x%02x%02x", c(0), c(1), c(2))
}

// ratingChart draws each entrant's rating with its 95% interval, best on top.
func ratingChart(s *tournament.Standings) string {
	const left, right, rowH, top = 230, 30, 22, 20
	width := 860
	n := len(s.Ranking)
	height := top + n*rowH + 40
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range s.Ranking {
		for _, x := range []float64{r.Lo, r.Hi, r.Elo} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = -100, 100
	}
	lo, hi, step := chart.Axis(math.Min(lo, 0)-10, math.Max(hi, 0)+10, math.Inf(-1), math.Inf(1))
	x := func(v float64) float64 { return left + (v-lo)/(hi-lo)*float64(width-left-right) }
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>Ratings (Elo scale) with 95%% intervals</title>\n", width, height, width, height)
	for t := lo; t <= hi+1e-9; t += step {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			x(t), top-6, x(t), top+n*rowH, x(t), height-18, eloText(t))
	}
	fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n", x(0), top-6, x(0), top+n*rowH)
	fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#666\">Elo (the entrants' mean is 0)</text>\n", (left+width-right)/2, height-4)
	for i, r := range s.Ranking {
		y := top + i*rowH + rowH/2
		col := palette[i%len(palette)]
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%d. %s</text>\n", left-10, y, r.Rank, html.EscapeString(r.Agent))
		if math.IsNaN(r.Elo) {
			continue
		}
		fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(r.Lo), y, x(r.Hi), y, col)
		for _, e := range []float64{r.Lo, r.Hi} {
			fmt.Fprintf(&b, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", x(e), y-5, x(e), y+5, col)
		}
		fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"%s\"><title>%s: %s %s</title></circle>\n", x(r.Elo), y, col, html.EscapeString(r.Agent), eloText(r.Elo), eloCI(r))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
