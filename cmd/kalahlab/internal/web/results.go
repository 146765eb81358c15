package web

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/experiments"
)

// maxListed bounds the games the games page lists (the log is read until it has them).
const maxListed = 100

// resultsDir is a results directory as the Results page lists it.
type resultsDir struct {
	I          int
	Dir, Name  string
	Cells      int
	Games      int
	Err        string
	Unfinished bool
}

// dirOf returns results directory i of the query's r (0 when absent).
func (s *Server) dirOf(q url.Values) (int, string, error) {
	if len(s.cfg.Results) == 0 {
		return 0, "", badRequest{errors.New("no results directories: start the server with --results DIR")}
	}
	i := 0
	if t := q.Get("r"); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n >= len(s.cfg.Results) {
			return 0, "", badRequest{fmt.Errorf("results directory %q: want 0..%d", t, len(s.cfg.Results)-1)}
		}
		i = n
	}
	return i, s.cfg.Results[i], nil
}

// resultsPage lists the results directories and shows the chosen one: the games
// behind its first moves and histograms, and its report.
func (s *Server) resultsPage(w http.ResponseWriter, r *http.Request) {
	data := map[string]any{}
	var dirs []resultsDir
	for i, d := range s.cfg.Results {
		rd := resultsDir{I: i, Dir: d, Name: filepath.Base(d)}
		if m, err := experiments.LoadPlan(d); err != nil {
			rd.Err = err.Error()
		} else {
			rd.Name, rd.Cells, rd.Games, rd.Unfinished = m.Plan.Name, len(m.Plan.Cells), m.Plan.Games, !m.Complete
		}
		dirs = append(dirs, rd)
	}
	data["Dirs"] = dirs
	if len(dirs) == 0 {
		s.render(w, http.StatusOK, "results", "Results", data)
		return
	}
	i, dir, err := s.dirOf(r.URL.Query())
	if err != nil {
		s.failErr(w, err)
		return
	}
	data["R"] = i
	data["Dir"] = dir
	res, err := experiments.Load(dir)
	if err != nil {
		data["Err"] = err.Error()
		s.render(w, http.StatusOK, "results", "Results", data)
		return
	}
	rep := experiments.Summarize(res)
	data["Header"] = rep.Header
	var cells []cellView
	for _, c := range rep.Cells {
		cells = append(cells, cellViewOf(i, c))
	}
	data["Cells"] = cells
	s.render(w, http.StatusOK, "results", "Results: "+rep.Header.Experiment, data)
}

// cellView is a cell's games behind its report: its first moves and histograms, each
// linked to the games page.
type cellView struct {
	Cell     int
	Label    string
	Games    int64
	Openings []openingView
	Plies    template.HTML
	Margin   template.HTML
}

type openingView struct {
	Move, Link         string
	Games, Wins, Draws int64
	Score              string
}

func cellViewOf(r int, c *experiments.CellSummary) cellView {
	cv := cellView{Cell: c.Cell, Label: c.Label, Games: c.Games}
	base := fmt.Sprintf("/results/games?r=%d&cell=%d", r, c.Cell)
	for _, o := range c.Openings {
		cv.Openings = append(cv.Openings, openingView{Move: o.Name, Games: o.Games, Wins: o.Wins, Draws: o.Draws,
			Score: fmt.Sprintf("%.1f%%", 100*o.Score), Link: base + "&opening=" + url.QueryEscape(o.Name)})
	}
	cv.Plies = histLinks("Game length (plies)", c.Duration, base+"&plies=")
	if c.Margin != nil {
		cv.Margin = histLinks("First seat's final margin", *c.Margin, base+"&margin=")
	}
	return cv
}

// histLinks draws a distribution as at most 24 bars, each a link to the games whose
// value falls in its range (link + "lo..hi").
func histLinks(title string, d experiments.Distribution, link string) template.HTML {
	if len(d.Hist) == 0 || math.IsNaN(d.Min) {
		return ""
	}
	lo, hi := math.Floor(d.Min), math.Ceil(d.Max)
	width := math.Max(1, math.Ceil((hi-lo+1)/24))
	n := int((hi-lo)/width) + 1
	counts := make([]float64, n)
	for _, vc := range d.Hist {
		k := int((vc[0] - lo) / width)
		counts[min(max(k, 0), n-1)] += vc[1]
	}
	most := 0.0
	for _, c := range counts {
		most = math.Max(most, c)
	}
	const W, H, top, bottom = 480.0, 150.0, 22.0, 22.0
	bw := W / float64(n)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg class="hist" viewBox="0 0 %g %g" width="%g" height="%g" role="img"><title>%s</title>`, W, H, W, H, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="0" y="14" font-size="13">%s — click a bar for its games</text>`, html.EscapeString(title))
	for k, c := range counts {
		if c == 0 {
			continue
		}
		a := lo + float64(k)*width
		z := a + width - 1
		h := (H - top - bottom) * c / most
		rng := strconv.FormatFloat(a, 'f', -1, 64) + ".." + strconv.FormatFloat(z, 'f', -1, 64)
		label := rng
		if width == 1 {
			label = strconv.FormatFloat(a, 'f', -1, 64)
		}
		fmt.Fprintf(&b, `<a href="%s" class="bar" data-range="%s"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#0072B2"><title>%s: %g games</title></rect></a>`,
			html.EscapeString(link+url.QueryEscape(rng)), html.EscapeString(rng), float64(k)*bw+1, H-bottom-h, math.Max(bw-2, 1), h, html.EscapeString(label), c)
	}
	fmt.Fprintf(&b, `<text x="0" y="%g" font-size="11">%g</text><text x="%g" y="%g" font-size="11" text-anchor="end">%g</text></svg>`, H-6, lo, W, H-6, hi)
	return template.HTML(b.String())
}

// reportHTML serves the study's HTML report as `experiment report` writes it, computed
// from the directory now, its first moves and histogram bars linked to the games page.
func (s *Server) reportHTML(w http.ResponseWriter, r *http.Request) {
	i, dir, err := s.dirOf(r.URL.Query())
	if err != nil {
		s.failErr(w, err)
		return
	}
	res, err := experiments.Load(dir)
	if err != nil {
		s.fail(w, http.StatusNotFound, err)
		return
	}
	var b bytes.Buffer
	rep := experiments.Summarize(res)
	// The first moves and histogram bars link to the games page (no trial log read here:
	// that page reads it).
	rep.Games = &experiments.GameLinks{Dir: dir, GamesURL: "/results/games?r=" + strconv.Itoa(i)}
	if err := experiments.WriteHTML(&b, rep); err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	// The report is self-contained: its own styles and its chart check inline, nothing else.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

// span is a closed range of values from a query ("10..20", or "7").
type span struct {
	lo, hi float64
	set    bool
}

func parseSpan(name, text string) (span, error) {
	if text == "" {
		return span{}, nil
	}
	a, b, ok := strings.Cut(text, "..")
	if !ok {
		b = a
	}
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err1 != nil || err2 != nil || lo > hi {
		return span{}, badRequest{fmt.Errorf("%s %q: want a value or a range such as 10..20", name, text)}
	}
	return span{lo, hi, true}, nil
}

func (sp span) has(x float64) bool { return !sp.set || x >= sp.lo && x <= sp.hi }

// gameRow is one game of the games page.
type gameRow struct {
	Trial, Index, Plies int
	Seats, Opening      string
	Result, Scores      string
}

// gamesPage lists the games of a cell with a first move, a length or a margin: the
// games behind a row of the first-move table or a bar of a histogram.
func (s *Server) gamesPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	i, dir, err := s.dirOf(q)
	if err != nil {
		s.failErr(w, err)
		return
	}
	m, err := experiments.LoadPlan(dir)
	if err != nil {
		s.fail(w, http.StatusNotFound, err)
		return
	}
	plan := &m.Plan
	cell := -1
	if t := q.Get("cell"); t != "" {
		if cell, err = strconv.Atoi(t); err != nil || cell < 0 || cell >= len(plan.Cells) {
			s.fail(w, http.StatusBadRequest, fmt.Errorf("cell %q: want 0..%d", t, len(plan.Cells)-1))
			return
		}
	}
	plies, err := parseSpan("plies", q.Get("plies"))
	if err != nil {
		s.failErr(w, err)
		return
	}
	margin, err := parseSpan("margin", q.Get("margin"))
	if err != nil {
		s.failErr(w, err)
		return
	}
	opening := q.Get("opening")
	var rows []gameRow
	matched := 0
	stop := errors.New("enough")
	err = experiments.ReadTrials(dir, func(rec *experiments.Record) error {
		if err := r.Context().Err(); err != nil {
			return err
		}
		if cell >= 0 && rec.Cell != cell || opening != "" && rec.Opening != opening || !plies.has(float64(rec.Plies)) {
			return nil
		}
		if margin.set {
			if len(rec.Scores) < 2 || rec.TimedOut || rec.Error != "" || !margin.has(marginOf(rec.Scores)) {
				return nil
			}
		}
		matched++
		if len(rows) >= maxListed {
			return stop
		}
		rows = append(rows, gameRowOf(plan, rec))
		return nil
	})
	if err != nil && !errors.Is(err, stop) {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	var what []string
	if cell >= 0 {
		what = append(what, "cell "+plan.Cells[cell].Label)
	}
	if opening != "" {
		what = append(what, "first move "+opening)
	}
	if plies.set {
		what = append(what, "length "+q.Get("plies")+" plies")
	}
	if margin.set {
		what = append(what, "first seat's margin "+q.Get("margin"))
	}
	s.render(w, http.StatusOK, "games", "Games", map[string]any{
		"R": i, "Name": plan.Name, "What": strings.Join(what, ", "), "Rows": rows, "More": errors.Is(err, stop), "Max": maxListed,
	})
}

// marginOf is the first seat's score minus the best other (as the report counts it).
func marginOf(scores []float64) float64 {
	best := math.Inf(-1)
	for _, x := range scores[1:] {
		best = math.Max(best, x)
	}
	return scores[0] - best
}

func gameRowOf(plan *experiments.Plan, rec *experiments.Record) gameRow {
	row := gameRow{Trial: rec.Trial, Index: rec.Index, Plies: rec.Plies, Opening: rec.Opening}
	var seats []string
	for _, a := range rec.Seats {
		if a >= 0 && a < len(plan.Agents) {
			seats = append(seats, plan.Agents[a].String())
		}
	}
	row.Seats = strings.Join(seats, " vs ")
	row.Result = resultText(rec)
	if len(rec.Scores) > 0 {
		var parts []string
		for _, x := range rec.Scores {
			parts = append(parts, strconv.FormatFloat(x, 'f', -1, 64))
		}
		row.Scores = strings.Join(parts, "–")
	}
	return row
}

func resultText(rec *experiments.Record) string {
	switch {
	case rec.Error != "":
		return "failed: " + rec.Error
	case rec.TimedOut:
		return "timed out (a draw)"
	}
	w := core.Winners(rec.Returns)
	if len(w) == 1 {
		return fmt.Sprintf("%v wins", w[0])
	}
	return "a draw"
}

// replayMem is the trial a session replayed last, kept for stepping through it.
type replayMem struct {
	r, trial int
	rec      *experiments.Record
	plan     *experiments.Plan
	start    core.State
	steps    []experiments.Step
}

// replayPage shows one trial of a results directory at one ply, with every move.
func (s *Server) replayPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	i, dir, err := s.dirOf(q)
	if err != nil {
		s.failErr(w, err)
		return
	}
	trial, err := strconv.Atoi(q.Get("trial"))
	if err != nil || trial < 0 {
		s.fail(w, http.StatusBadRequest, fmt.Errorf("trial %q: want a trial number (the report's games pages link them)", q.Get("trial")))
		return
	}
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	rm := sess.rep
	if rm == nil || rm.r != i || rm.trial != trial {
		if rm, err = loadReplay(i, dir, trial); err != nil {
			s.fail(w, http.StatusNotFound, err)
			return
		}
		sess.rep = rm
	}
	n := len(rm.steps)
	ply := 0 // a replay opens at the start, so that "next" shows the first move
	if t := q.Get("ply"); t != "" {
		if ply, err = strconv.Atoi(t); err != nil {
			s.fail(w, http.StatusBadRequest, fmt.Errorf("ply %q: want 0..%d", t, n))
			return
		}
		ply = min(max(ply, 0), n)
	}
	st, opt := rm.start, draw.Options{}
	if ply > 0 {
		st = rm.steps[ply-1].State()
		prev := rm.start
		if ply > 1 {
			prev = rm.steps[ply-2].State()
		}
		if m, err := prev.ParseMove(rm.steps[ply-1].Move); err == nil {
			opt.Prev, opt.Last = prev, m
		}
	}
	svg, err := boardSVG(st, opt, 720)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	cp := rm.plan.Cells[rm.rec.Cell]
	var seats []string
	for s, a := range rm.rec.Seats {
		if a >= 0 && a < len(rm.plan.Agents) {
			seats = append(seats, fmt.Sprintf("%v: %s", core.Player(s), rm.plan.Agents[a]))
		}
	}
	type stepRow struct {
		Ply                        int
		Who, Move, Words, Position string
		Current                    bool
	}
	rows := []stepRow{{Ply: 0, Who: "", Move: "start", Position: rm.start.String(), Current: ply == 0}}
	words, said := "", false // said: some move is said in words (the game traces its moves)
	prev := rm.start
	for _, stp := range rm.steps {
		who := "dice"
		if stp.Player >= 0 {
			who = stp.Player.String()
		}
		row := stepRow{Ply: stp.Ply, Who: who, Move: stp.Move, Position: stp.Position, Current: stp.Ply == ply}
		if m, err := prev.ParseMove(stp.Move); err == nil && prev.ToMove() != core.Terminal {
			row.Words = strings.TrimPrefix(moveWords(prev, m), stp.Move+": ")
		}
		if row.Current {
			words = row.Words
		}
		said = said || row.Words != ""
		rows = append(rows, row)
		prev = stp.State()
	}
	s.render(w, http.StatusOK, "replay", fmt.Sprintf("Replay: trial %d", trial), map[string]any{
		"R": i, "Trial": trial, "Name": rm.plan.Name, "Cell": cp.Label, "Seed": rm.rec.Seed, "Seats": seats,
		"Ply": ply, "N": n, "Board": svg, "Position": st.String(), "Rows": rows, "Words": words, "Said": said,
		"Result": resultText(rm.rec), "Plies": rm.rec.Plies,
	})
}

// loadReplay reads trial t of dir and plays it again.
func loadReplay(i int, dir string, t int) (*replayMem, error) {
	m, err := experiments.LoadPlan(dir)
	if err != nil {
		return nil, err
	}
	study, err := experiments.FromPlan(m.Plan)
	if err != nil {
		return nil, err
	}
	rec, err := experiments.FindTrial(dir, t)
	if err != nil {
		return nil, err
	}
	start, steps, err := experiments.Replay(study, rec)
	if err != nil {
		return nil, err
	}
	return &replayMem{r: i, trial: t, rec: rec, plan: &study.Plan, start: start, steps: steps}, nil
}
