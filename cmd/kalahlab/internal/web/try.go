package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"html/template"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments"
	"github.com/kalahlab/kalahlab/variants"
)

// maxScript bounds a pasted or uploaded script.
const maxScript = 256 << 10

// tried is the rule a session is trying: its script, written to a directory of its own
// (so that a study can look it up by path), and the variant it defines.
type tried struct {
	file    string // the script's file name, as the user gave it or as scriptFile made it
	given   string // the file name the user typed ("" for none)
	source  string
	dir     string // the temporary directory holding it
	path    string // dir/file
	variant *variants.Variant
}

func (t *tried) remove() {
	if t.dir != "" {
		_ = os.RemoveAll(t.dir)
	}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

var (
	nameField   = regexp.MustCompile(`(?m)^\s*name\s*=\s*["']([^"'\n]+)["']`)
	commentLine = regexp.MustCompile(`^\s*--+\s*(.*)$`)
)

// scriptFile names a script the user did not name: after its name field ("my/pie"
// gives my-pie.lua), or else its first line when that is a comment, or else "rule".
func scriptFile(given, source string) string {
	if strings.TrimSpace(given) != "" {
		return scriptName(given)
	}
	if m := nameField.FindStringSubmatch(source); m != nil {
		return scriptName(strings.ReplaceAll(m[1], "/", "-"))
	}
	first, _, _ := strings.Cut(strings.TrimLeft(source, "\r\n\t "), "\n")
	if m := commentLine.FindStringSubmatch(first); m != nil {
		words := strings.FieldsFunc(strings.ToLower(m[1]), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		return scriptName(strings.Join(words[:min(6, len(words))], "-"))
	}
	return scriptName("")
}

// scriptName makes a file name for a script from what the user called it.
func scriptName(name string) string {
	name = strings.TrimSuffix(filepath.Base(strings.ReplaceAll(name, `\`, "/")), ".lua")
	name = strings.Trim(unsafeName.ReplaceAllString(name, "-"), "-.")
	if name == "" {
		name = "rule"
	}
	if len(name) > 60 {
		name = name[:60]
	}
	return name + ".lua"
}

// tryView is what the Try page shows.
type tryView struct {
	Source, File string
	Given        string // the file name the user typed ("" to name it from the script)
	ErrLines     []int  // the script's lines the error names, for the editor's marks
	Ladder       string // the default study's ladder, as the agent field's help says it
	Games        int    // the study's
	CheckGames   int
	Agent        string
	MaxGames     int
	MaxCheck     int
	MaxSeconds   int
	Agents       []string

	Variant   *variants.Variant
	Parent    string
	Err       string // loading the script failed: why
	Check     *variants.CheckReport
	CheckText string // the report as `variants check` prints it
	CheckOK   bool
	Study     *studyView
}

// studyView is a quick study's outcome: a table, a chart and the full report.
type studyView struct {
	Rows        []studyRow
	Comparisons []cmpRow
	Chart       template.HTML
	Report      string // the HTML report, for an iframe's srcdoc
	Seconds     string
}

// cmpRow is a cell's first-seat win rate against its baseline's.
type cmpRow struct{ Label, Baseline, Diff, P string }

type studyRow struct {
	Label, Games, FirstWins, Draws, Others, Advantage, Plies, Failed string
	Errors                                                           []string
}

func (s *Server) tryDefaults() tryView {
	return tryView{Games: min(500, s.cfg.MaxStudyGames), CheckGames: min(100, s.cfg.MaxCheckGames), Agent: ladderAgent,
		MaxGames: s.cfg.MaxStudyGames, MaxCheck: s.cfg.MaxCheckGames, MaxSeconds: int(s.cfg.MaxStudyTime / time.Second),
		Agents: append([]string{ladderAgent}, ai.Names()...), Source: exampleRule, File: scriptFile("", exampleRule), Ladder: ladderText()}
}

// exampleRule is the script the Try page starts with.
const exampleRule = `-- A house rule: Kalah with three seeds a house and no capture of an empty house.
-- Edit it, then "Check" runs its examples and random games, and "Study"
-- plays it against its parent.
return variant {
  name    = "my/three-seeds",
  extends = "kalah",
  summary = "Kalah(6,3) without empty captures",
  params  = { seeds = 3, empty_capture = false },
}
`

func (s *Server) tryPage(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	v := s.tryDefaults()
	if t := sess.tried; t != nil {
		v.Source, v.File, v.Given, v.Variant = t.source, t.file, t.given, t.variant
		if t.variant != nil {
			v.Parent = parentOf(t.variant)
		}
	}
	sess.mu.Unlock()
	s.render(w, http.StatusOK, "try", "Try a rule", v)
}

// parentOf is what a variant extends, as a study looks it up.
func parentOf(v *variants.Variant) string {
	if len(v.Extends) > 0 {
		return v.Extends[0]
	}
	return v.Base
}

// readTry reads the Try form: the script (uploaded or pasted) and the numbers.
func (s *Server) readTry(r *http.Request) (tryView, error) {
	v := s.tryDefaults()
	data, err := formFile(r, "script", "source", maxScript)
	if err != nil {
		return v, err
	}
	v.Source = string(data)
	v.Given = strings.TrimSpace(r.FormValue("file"))
	v.File = scriptFile(v.Given, v.Source)
	if r.MultipartForm != nil {
		if fh := r.MultipartForm.File["script"]; len(fh) > 0 && fh[0].Size > 0 {
			v.File = scriptName(fh[0].Filename)
		}
	}
	num := func(field string, def, most int) (int, error) {
		t := strings.TrimSpace(r.FormValue(field))
		if t == "" {
			return def, nil
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || n > most {
			return 0, badRequest{fmt.Errorf("%s %q: want a whole number 1..%d", field, t, most)}
		}
		return n, nil
	}
	if v.Games, err = num("games", v.Games, s.cfg.MaxStudyGames); err != nil {
		return v, err
	}
	if v.CheckGames, err = num("check_games", v.CheckGames, s.cfg.MaxCheckGames); err != nil {
		return v, err
	}
	if a := strings.TrimSpace(r.FormValue("agent")); a != "" && a != ladderAgent {
		if _, err := ai.ParseSpec(a); err != nil {
			return v, badRequest{err}
		}
		v.Agent = a
	}
	return v, nil
}

// loadTried writes the script into a directory of its own and loads it. The error is
// the script's (a syntax error, a time-out, the memory budget), for the page.
func (s *Server) loadTried(ctx context.Context, file, source string) (*tried, error) {
	dir, err := os.MkdirTemp("", "kalahlab-try-")
	if err != nil {
		return nil, err
	}
	t := &tried{file: file, source: source, dir: dir, path: filepath.Join(dir, file)}
	if err := os.WriteFile(t.path, []byte(source), 0o600); err != nil {
		t.remove()
		return nil, err
	}
	type result struct {
		v   *variants.Variant
		err error
	}
	ch := make(chan result, 1)
	// The server's own copy of the pasted text: its extends and require stay confined.
	own := s.opt
	own.Confined = false
	go func() { // the loader has its own time limit; ctx only stops the wait
		v, err := variants.Lookup(t.path, own)
		ch <- result{v, err}
	}()
	select {
	case res := <-ch:
		if res.err != nil {
			t.remove()
			return nil, badRequest{cleanPath(res.err, dir)}
		}
		t.variant = res.v
		return t, nil
	case <-ctx.Done():
		go func() { <-ch; t.remove() }()
		return nil, ctx.Err()
	}
}

// cleanPath drops the temporary directory from a script's error messages.
func cleanPath(err error, dir string) error {
	return errors.New(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

// checkText is a check report as the command prints it, without the temporary
// directory in its messages.
func checkText(rep *variants.CheckReport, t *tried) string {
	if rep == nil {
		return ""
	}
	return strings.ReplaceAll(rep.String(), t.dir+string(filepath.Separator), "")
}

// keep makes t the session's tried rule (dropping the one before).
func (s *Server) keep(sess *session, t *tried) {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if old := sess.tried; old != nil && old != t {
		old.remove()
	}
	sess.tried = t
}

// startTry reads the form of a try request and loads its script as the session's tried
// rule, under ctx. When it cannot, it writes the page with the error and returns false.
func (s *Server) startTry(ctx context.Context, w http.ResponseWriter, r *http.Request) (tryView, *tried, bool) {
	sess := s.sessions.get(w, r)
	v, err := s.readTry(r)
	if err != nil {
		v.Err = err.Error()
		s.render(w, http.StatusBadRequest, "try", "Try a rule", v)
		return v, nil, false
	}
	t, err := s.loadTried(ctx, v.File, v.Source)
	if err != nil {
		v.Err = err.Error()
		v.ErrLines = errLines(v.Err, v.File)
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", v)
		return v, nil, false
	}
	t.given = v.Given
	s.keep(sess, t)
	v.Variant, v.Parent = t.variant, parentOf(t.variant)
	return v, t, true
}

// tryCheck loads a pasted script and runs `variants check` on it: its examples and
// random games under the contract suite, bounded in games and time.
func (s *Server) tryCheck(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxStudyTime)
	defer cancel()
	v, t, ok := s.startTry(ctx, w, r)
	if !ok {
		return
	}
	rep, err := variants.CheckContext(ctx, t.variant, v.CheckGames, 1)
	if err != nil && rep == nil {
		v.Err = "check: " + cleanPath(err, t.dir).Error()
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", v)
		return
	}
	v.Check, v.CheckText = rep, checkText(rep, t)
	v.CheckOK = err == nil && rep.OK()
	if !v.CheckOK {
		v.ErrLines = errLines(v.CheckText, v.File)
	}
	if err != nil {
		v.Err = fmt.Sprintf("check stopped after %d games: %v", rep.Games, err)
	}
	code := http.StatusOK
	if !v.CheckOK {
		code = http.StatusUnprocessableEntity
	}
	s.render(w, code, "try", "Try a rule", v)
}

// studySlots bounds the studies running at once (the machine's cores are few).
var studySlots = make(chan struct{}, 2)

// tryStudy loads a pasted script and plays it against its parent: a small study with
// the chosen agent on every seat, bounded in games and time, cancelled with the request.
func (s *Server) tryStudy(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxStudyTime)
	defer cancel()
	v, t, ok := s.startTry(ctx, w, r)
	if !ok {
		return
	}
	// A rule that breaks its check would only fail its games: check it first.
	rep, err := variants.CheckContext(ctx, t.variant, min(20, v.CheckGames), 1)
	if err != nil || !rep.OK() {
		v.Check, v.CheckText = rep, checkText(rep, t)
		v.Err = "the study needs a rule that passes its check: fix what the check found first"
		if err != nil {
			v.Err = "check: " + cleanPath(err, t.dir).Error()
		}
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", v)
		return
	}
	select {
	case studySlots <- struct{}{}:
		defer func() { <-studySlots }()
	case <-ctx.Done():
		v.Err = "the server is busy with other studies: try again in a moment"
		s.render(w, http.StatusServiceUnavailable, "try", "Try a rule", v)
		return
	}
	sv, err := s.runStudy(ctx, t, v)
	if err != nil {
		v.Err = "study: " + cleanPath(err, t.dir).Error()
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", v)
		return
	}
	v.Study = sv
	s.render(w, http.StatusOK, "try", "Try a rule", v)
}

// runStudy plays the tried rule against its parent.
func (s *Server) runStudy(ctx context.Context, t *tried, v tryView) (*studyView, error) {
	var agents, ladder []ai.Spec
	epsilon := 0.0
	if v.Agent == ladderAgent {
		def, err := defaultStudy()
		if err != nil {
			return nil, err
		}
		ladder, epsilon = def.Ladder, def.Epsilon
	} else {
		spec, err := ai.ParseSpec(v.Agent)
		if err != nil {
			return nil, err
		}
		agents = []ai.Spec{spec}
	}
	parent := parentOf(t.variant)
	label := t.variant.Name
	if label == parent {
		label += " (tried)"
	}
	cfg := &config.Experiment{
		Name: "try " + t.variant.Name, Description: "a quick study from the Try a rule page",
		Variants: []config.VariantEntry{{Variant: parent, Label: parent}, {Variant: t.path, Label: label}},
		Agents:   agents, Ladder: ladder, Epsilon: epsilon, Games: v.Games, CheckEvery: 100, MaxPlies: 5000, Seed: 1,
		RotateSeats: true, Scripts: s.cfg.Scripts, MaxFailures: config.FailureLimit{Percent: 100, Share: true},
		File: t.file, Text: []byte(t.source),
	}
	study, err := experiments.New(cfg)
	if err != nil {
		return nil, err
	}
	began := time.Now()
	res, err := experiments.Run(ctx, study, experiments.Options{Workers: s.cfg.Workers, Version: s.cfg.Version})
	if err != nil {
		// An interrupted run keeps no counts: say what to change.
		if errors.Is(err, experiments.ErrInterrupted) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("the study did not finish within %v (%w): ask for fewer games or a faster agent", s.cfg.MaxStudyTime, err)
		}
		return nil, err
	}
	sv := &studyView{Seconds: fmt.Sprintf("%.2f", time.Since(began).Seconds())}
	rep := experiments.Summarize(res)
	for _, c := range rep.Cells {
		row := studyRow{Label: c.Label, Games: strconv.FormatInt(c.Games, 10), Failed: strconv.FormatInt(c.Failed, 10)}
		if len(c.BySeat) > 0 {
			e := c.BySeat[0].Win
			row.FirstWins = fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*e.Value, 100*e.Lo, 100*e.Hi)
			var others []string
			for _, b := range c.BySeat[1:] {
				others = append(others, fmt.Sprintf("%.1f%%", 100*b.Win.Value))
			}
			row.Others = strings.Join(others, " ")
		}
		row.Draws = pctOf(c.Metrics["drawishness"].Value)
		if a := c.Metrics["first_seat_advantage"]; !math.IsNaN(a.Value) {
			row.Advantage = fmt.Sprintf("%+.1f%%", 100*a.Value)
		} else {
			row.Advantage = "-"
		}
		row.Plies = fmt.Sprintf("%.1f", c.Duration.Mean)
		for _, e := range c.Errors {
			row.Errors = append(row.Errors, fmt.Sprintf("%d× %s", e.Count, cleanPath(errors.New(e.Error), t.dir)))
		}
		sv.Rows = append(sv.Rows, row)
	}
	for _, c := range rep.Comparisons {
		row := cmpRow{Label: c.Label, Baseline: c.BaselineLabel, Diff: "-", P: "-"}
		if d := c.Diff; !math.IsNaN(d.Value) {
			row.Diff = fmt.Sprintf("%+.1f points [%+.1f, %+.1f]", 100*d.Value, 100*d.Lo, 100*d.Hi)
		}
		if !math.IsNaN(c.P) {
			row.P = fmt.Sprintf("%.3g", c.P)
		}
		sv.Comparisons = append(sv.Comparisons, row)
	}
	sv.Chart = winChart(rep)
	var b bytes.Buffer
	if err := experiments.WriteHTML(&b, rep); err == nil {
		sv.Report = b.String()
	}
	return sv, nil
}

func pctOf(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// winChart draws each cell's first-seat win rate with its 95% interval, with a line at
// an even share (1/seats).
func winChart(rep *experiments.Report) template.HTML {
	const row, right = 34.0, 20.0
	left := 190.0 // room for the longest label (a ladder's "variant @ agent" ones are long)
	for _, c := range rep.Cells {
		left = max(left, 6.8*float64(len([]rune(c.Label)))+16)
	}
	W := left + 370
	H := row*float64(len(rep.Cells)) + 40
	x := func(p float64) float64 { return left + (W-left-right)*p }
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg class="winchart" viewBox="0 0 %g %g" width="%g" height="%g" role="img"><title>First seat's win rate, with 95%% intervals</title>`, W, H, W, H)
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="4" x2="%.1f" y2="%.1f" stroke="#ddd"/><text x="%.1f" y="%.1f" font-size="11" text-anchor="middle">%g%%</text>`, x(t), x(t), H-22, x(t), H-8, 100*t)
	}
	for i, c := range rep.Cells {
		y := 4 + row*float64(i) + row/2
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="12" text-anchor="end">%s</text>`, left-8, y+4, html.EscapeString(c.Label))
		if len(c.BySeat) == 0 || math.IsNaN(c.BySeat[0].Win.Value) {
			continue
		}
		if c.Seats > 0 {
			even := 1 / float64(c.Seats)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999" stroke-dasharray="3 3"/>`, x(even), y-row/2+3, x(even), y+row/2-3)
		}
		e := c.BySeat[0].Win
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#0072B2" stroke-width="3"/><circle cx="%.1f" cy="%.1f" r="6" fill="#D55E00"><title>%s: %.1f%% [%.1f, %.1f]</title></circle>`,
			x(e.Lo), y, x(e.Hi), y, x(e.Value), y, html.EscapeString(c.Label), 100*e.Value, 100*e.Lo, 100*e.Hi)
	}
	b.WriteString("</svg>")
	return template.HTML(b.String())
}
