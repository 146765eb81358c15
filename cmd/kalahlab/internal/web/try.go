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
// the script's (a syntax error, a time-out, the memory budget), for the page. Loading
// has the sandbox's own time limit, so it is waited for even when the request goes
// away: the request's slot is given back only once the script's Lua code has stopped.
func (s *Server) loadTried(file, source string) (*tried, error) {
	dir, err := s.tmp.newDir()
	if err != nil {
		return nil, err
	}
	t := &tried{file: file, source: source, dir: dir, path: filepath.Join(dir, file)}
	if err := os.WriteFile(t.path, []byte(source), 0o600); err != nil {
		t.remove()
		return nil, err
	}
	// The server's own copy of the pasted text: its extends and require stay confined.
	own := s.opt
	own.Confined = false
	v, err := variants.Lookup(t.path, own)
	if err != nil {
		t.remove()
		return nil, badRequest{cleanPath(err, dir)}
	}
	t.variant = v
	return t, nil
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
	sess.holds.Store(true)
}

// tryJob is a Try request that admission let in: its form, its session and the
// function that gives its slot back.
type tryJob struct {
	v       tryView
	sess    *session
	release func()
}

// beginTry reads the form of a Try request and waits for one of slots (a check's or a
// study's: see admit.go). When it cannot, it writes the page with the reason (and a
// Retry-After when the server or the session is busy) and returns false.
func (s *Server) beginTry(w http.ResponseWriter, r *http.Request, slots chan struct{}) (*tryJob, bool) {
	sess := s.sessions.get(w, r)
	v, err := s.readTry(r)
	if err != nil {
		v.Err = err.Error()
		s.render(w, http.StatusBadRequest, "try", "Try a rule", v)
		return nil, false
	}
	release, err := s.jobs.admit(r.Context(), sess.id, slots)
	if err != nil {
		code := http.StatusServiceUnavailable
		var ref *refusal
		if errors.As(err, &ref) {
			writeRetry(w, ref)
			code = ref.code
		}
		v.Err = err.Error()
		s.render(w, code, "try", "Try a rule", v)
		return nil, false
	}
	return &tryJob{v: v, sess: sess, release: release}, true
}

// startTry loads the job's script as the session's tried rule. When it cannot, it
// writes the page with the error and returns false.
func (s *Server) startTry(w http.ResponseWriter, job *tryJob) (*tried, bool) {
	t, err := s.loadTried(job.v.File, job.v.Source)
	if err != nil {
		job.v.Err = err.Error()
		job.v.ErrLines = errLines(job.v.Err, job.v.File)
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", job.v)
		return nil, false
	}
	t.given = job.v.Given
	s.keep(job.sess, t)
	job.v.Variant, job.v.Parent = t.variant, parentOf(t.variant)
	return t, true
}

// stopped is the error of a check or study that failed with err, when the server's
// time limit (ctx, of Config.MaxStudyTime) stopped it: in words that name the script
// and the hooks its games were running, say how far it got (done) and what to change
// (fewer, what a study may ask for besides fewer games). It is nil when the time limit
// did not stop it.
func (s *Server) stopped(ctx context.Context, err error, t *tried, what, done, fewer string) error {
	if err == nil || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil
	}
	while := "while playing them (it has no hooks: the games themselves took that long)"
	remedy := "ask for " + fewer
	if h := t.variant.Hooks; len(h) > 0 {
		hook := "hook"
		if len(h) > 1 {
			hook = "hooks"
		}
		while = fmt.Sprintf("while playing them with its %s %s", hook, strings.Join(h, ", "))
		remedy += ", or make the " + hook + " faster"
	}
	return fmt.Errorf("the %s of %s (%s) was stopped at the server's time limit of %v, %s, %s: %s",
		what, t.file, t.variant.Name, s.cfg.MaxStudyTime, done, while, remedy)
}

// tryCheck loads a pasted script and runs `variants check` on it: its examples and
// random games under the contract suite, bounded in games and time.
func (s *Server) tryCheck(w http.ResponseWriter, r *http.Request) {
	job, ok := s.beginTry(w, r, s.jobs.checks)
	if !ok {
		return
	}
	defer job.release()
	t, ok := s.startTry(w, job)
	if !ok {
		return
	}
	v := job.v
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxStudyTime)
	defer cancel()
	rep, err := variants.CheckContext(ctx, t.variant, v.CheckGames, 1)
	if err != nil && rep == nil {
		v.Err = "check: " + cleanPath(err, t.dir).Error()
		if e := s.stopped(ctx, err, t, "check", "before its first game", "fewer games"); e != nil {
			v.Err = e.Error()
		}
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
		if e := s.stopped(ctx, err, t, "check", checkProgress(rep, t.variant, v.CheckGames), "fewer games"); e != nil {
			v.Err = e.Error()
		}
	}
	code := http.StatusOK
	if !v.CheckOK {
		code = http.StatusUnprocessableEntity
	}
	s.render(w, code, "try", "Try a rule", v)
}

// checkProgress says how far a stopped check got.
func checkProgress(rep *variants.CheckReport, v *variants.Variant, games int) string {
	if rep.Games == 0 && len(rep.Examples) < len(v.Examples) {
		return fmt.Sprintf("in its examples (%d done), before its random games", len(rep.Examples))
	}
	return fmt.Sprintf("after %d of %d random games", rep.Games, games)
}

// tryStudy loads a pasted script and plays it against its parent: a small study with
// the chosen agent on every seat, bounded in games and time, cancelled with the request.
func (s *Server) tryStudy(w http.ResponseWriter, r *http.Request) {
	job, ok := s.beginTry(w, r, s.jobs.studies)
	if !ok {
		return
	}
	defer job.release()
	t, ok := s.startTry(w, job)
	if !ok {
		return
	}
	v := job.v
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxStudyTime)
	defer cancel()
	// A rule that breaks its check would only fail its games: check it first.
	rep, err := variants.CheckContext(ctx, t.variant, min(20, v.CheckGames), 1)
	if err != nil || !rep.OK() {
		v.Check, v.CheckText = rep, checkText(rep, t)
		v.Err = "the study needs a rule that passes its check: fix what the check found first"
		if err != nil {
			v.Err = "check: " + cleanPath(err, t.dir).Error()
			done := "before its first game"
			if rep != nil {
				done = checkProgress(rep, t.variant, min(20, v.CheckGames))
			}
			if e := s.stopped(ctx, err, t, "check before the study", done, "fewer check games"); e != nil {
				v.Err = e.Error()
			}
		}
		s.render(w, http.StatusUnprocessableEntity, "try", "Try a rule", v)
		return
	}
	sv, err := s.runStudy(ctx, t, v)
	if err != nil {
		v.Err = "study: " + cleanPath(err, t.dir).Error()
		done := fmt.Sprintf("with %d games a variant against %s and the agent %s (%s)", v.Games, parentOf(t.variant), v.Agent, cleanPath(err, t.dir))
		if e := s.stopped(ctx, err, t, "study", done, "fewer games or a faster agent"); e != nil {
			v.Err = e.Error()
		}
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
		return nil, err // an interrupted run keeps no counts: tryStudy says what to change
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
