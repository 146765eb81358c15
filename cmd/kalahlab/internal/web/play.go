package web

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/variants"
)

// triedPrefix marks the session's tried rule in the Play page's variant list.
const triedPrefix = "try:"

// paces are the delays between agent moves the Play page offers, in milliseconds.
var paces = []int{0, 250, 500, 1000, 2000}

// knobView is one knob in a form.
type knobView struct {
	Name, Doc, Allowed, Value, Default string
	Kind                               string // int, bool or enum
	Choices                            []string
	Min, Max                           int
}

// setupView is the form that starts a game.
type setupView struct {
	Variants []*variants.Variant
	Tried    string // the session's tried rule, "" for none
	Variant  string
	Summary  string
	Knobs    []knobView
	Seats    []seatView
	Agents   []agentView
	Presets  []seat.Preset // the strengths a seat's list offers beside its spec
	Seed     uint64
	Pace     int
	Paces    []int
	Err      string
	Open     bool // shown unfolded: no game yet, or the user asked for a new one
}

// seatView is one seat of the new-game form: its spec, and whether the spec is a
// person or a strength preset (the seat's list shows it) or an agent spec of its own.
type seatView struct {
	Spec   string
	Custom bool
}

// agentView is an agent the seat fields suggest.
type agentView struct{ Spec, Doc string }

// gameView is a game as the Play page shows it.
type gameView struct {
	Title, Status, Position string
	Board                   template.HTML
	Legal                   []string
	History                 []historyRow
	Seats                   []string
	CanUndo, CanRedo        bool
	Human, Auto, Paused     bool
	AllAgents, Over         bool
	Pace                    int
	Paces                   []int
	Hint, Msg               string
	// At is the move whose position the board shows, when it is not the game's
	// latest (Viewing): the move list's links show earlier positions.
	At      int
	Viewing bool
	Plies   int // the moves played
	// Words say what the move shown did; Trace and BoardBefore are its steps and the
	// board before it, for the sowing animation (nil and "" for a game that does not
	// trace its moves, or at the start).
	Words       string
	Trace       *traceView
	BoardBefore template.HTML
	Traces      bool // the game traces its moves: the page offers the sowing's speed
}

// historyRow is one move of the move list.
type historyRow struct {
	N         int
	Who, Move string
	Words     string // what it did ("" where the game does not say)
	Current   bool   // the board shows the position after it
}

// knobViews describes a variant's knobs with their values.
func knobViews(v *variants.Variant) []knobView {
	var out []knobView
	for _, sp := range v.Specs {
		k := knobView{Name: sp.Name, Doc: sp.Doc, Allowed: sp.Allowed(), Value: fmt.Sprint(v.Params[sp.Name]), Default: fmt.Sprint(sp.Default), Min: sp.Min, Max: sp.Max}
		switch sp.Kind {
		case core.Bool:
			k.Kind = "bool"
		case core.Enum:
			k.Kind, k.Choices = "enum", sp.Choices
		default:
			k.Kind = "int"
			for _, n := range sp.OneOf {
				k.Choices = append(k.Choices, strconv.Itoa(n))
			}
			if len(k.Choices) > 0 {
				k.Kind = "enum"
			}
		}
		out = append(out, k)
	}
	return out
}

// knobsFrom reads the knob.NAME fields of a form as overrides of v's knobs. A checkbox
// form sends knob.NAME only when checked: boolean knobs named in knobs.present are false
// when absent.
//
// The knobs are those of the variant the form showed (knobs.of): after a change of
// variant they are left out.
func knobsFrom(v *variants.Variant, lookup string, form map[string][]string) (map[string]any, error) {
	if of, ok := form["knobs.of"]; ok && first(of) != lookup {
		return nil, nil
	}
	var sets []string
	present := map[string]bool{}
	for _, name := range strings.Split(first(form["knobs.present"]), ",") {
		present[strings.TrimSpace(name)] = true
	}
	for _, sp := range v.Specs {
		vals, ok := form["knob."+sp.Name]
		switch {
		case ok && len(vals) > 0:
			val := strings.TrimSpace(vals[len(vals)-1]) // a checkbox after its hidden false
			if val == "" {
				continue
			}
			sets = append(sets, sp.Name+"="+val)
		case sp.Kind == core.Bool && present[sp.Name]:
			sets = append(sets, sp.Name+"=false")
		}
	}
	over, err := core.ParseAssignments(v.Specs, sets)
	if err != nil {
		return nil, badRequest{fmt.Errorf("variant %s: %w", v.Name, err)}
	}
	return over, nil
}

func first(vals []string) string {
	if len(vals) == 0 {
		return ""
	}
	return vals[0]
}

// findVariant looks a variant up by name, or the session's tried rule by triedPrefix.
func (s *Server) findVariant(sess *session, name string) (*variants.Variant, string, *record.Script, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = "kalah"
	}
	if strings.HasPrefix(name, triedPrefix) {
		if sess.tried == nil || sess.tried.variant == nil {
			return nil, "", nil, badRequest{fmt.Errorf("no rule is being tried in this session: paste one on the Try a rule page first")}
		}
		t := sess.tried
		return t.variant, t.file, &record.Script{Path: t.file, SHA256: record.SHA256(t.source), Source: t.source}, nil
	}
	if strings.HasSuffix(name, ".lua") {
		return nil, "", nil, badRequest{fmt.Errorf("variant %q: the browser plays variants by name; paste a script on the Try a rule page", name)}
	}
	v, err := variants.Lookup(name, s.opt)
	if err != nil {
		return nil, "", nil, badRequest{err}
	}
	return v, name, nil, nil
}

// setup builds the new-game form for the variant and knobs a query names.
func (s *Server) setup(sess *session, q map[string][]string) setupView {
	sv := setupView{Variants: variants.List(s.opt), Variant: first(q["variant"]), Seed: 1, Pace: 500, Paces: paces,
		Presets: seat.Presets, Open: sess.game == nil || len(q["variant"]) > 0}
	if sess.tried != nil && sess.tried.variant != nil {
		sv.Tried = sess.tried.variant.Name
	}
	if sv.Variant == "" {
		sv.Variant = "kalah"
		if sess.game != nil {
			sv.Variant = sess.game.lookup
			if sess.game.script != nil {
				sv.Variant = triedPrefix + sess.game.variant.Name
			}
		}
	}
	for _, p := range seat.Presets {
		sv.Agents = append(sv.Agents, agentView{Spec: p.Name, Doc: p.Doc})
	}
	for _, name := range ai.Names() {
		doc, _, _ := ai.Describe(name)
		sv.Agents = append(sv.Agents, agentView{Spec: name, Doc: doc})
	}
	sv.Agents = append(sv.Agents,
		agentView{"alphabeta:depth=4", "alpha-beta, 4 moves ahead (quick)"},
		agentView{"mcts:iterations=2000", "Monte Carlo tree search, 2000 playouts a move"},
		agentView{ai.Human, "a person: you click the moves"})
	v, _, _, err := s.findVariant(sess, sv.Variant)
	if err != nil {
		sv.Err = err.Error()
		return sv
	}
	sv.Summary = v.Summary
	// The form remembers the session's game: its seats, seed, pace and knobs, until the
	// user picks another variant.
	gm := sess.game
	if gm != nil && (gm.lookup != sv.Variant && (gm.script == nil || triedPrefix+gm.variant.Name != sv.Variant)) {
		gm = nil
	}
	if _, ok := q["knobs.of"]; !ok && gm != nil {
		v = gm.variant
	}
	if over, err := knobsFrom(v, sv.Variant, q); err != nil {
		sv.Err = err.Error()
	} else if w, err := v.With(over); err != nil {
		sv.Err = err.Error()
	} else {
		v = w
	}
	sv.Knobs = knobViews(v)
	n := 2
	if g, err := v.NewGameContext(sess.ctx); err == nil {
		n = g.NumPlayers()
	} else {
		sv.Err = err.Error()
	}
	for i := range n {
		spec := first(q["seat."+strconv.Itoa(i+1)])
		if spec == "" && gm != nil && i < len(gm.players) {
			spec = gm.players[i]
		}
		if spec == "" {
			spec = "random"
			if i == 0 {
				spec = ai.Human
			}
		}
		sv.Seats = append(sv.Seats, seatView{Spec: spec, Custom: spec != ai.Human && !seat.IsPreset(spec)})
	}
	if gm != nil {
		sv.Seed, sv.Pace = gm.seed, gm.paceMS
	}
	if seed, err := strconv.ParseUint(first(q["seed"]), 10, 64); err == nil {
		sv.Seed = seed
	}
	if p, err := strconv.Atoi(first(q["pace"])); err == nil && slices.Contains(paces, p) {
		sv.Pace = p
	}
	return sv
}

// view draws the game for the page, at the position after move at (the latest when
// at is out of range).
func (gm *game) view(at int) (gameView, error) {
	p := gm.toMove()
	viewing := at >= 0 && at < len(gm.history)
	st, opt := gm.state, draw.Options{ShowMoves: gm.humanToMove()}
	if m, ok := gm.last(); ok && gm.prev != nil {
		opt.Prev, opt.Last = gm.prev, m
	}
	if viewing {
		var prev core.State
		st, prev = gm.stateAt(at)
		opt = draw.Options{}
		if at > 0 {
			opt.Prev, opt.Last = prev, gm.history[at-1].m
		}
	} else {
		at = len(gm.history)
	}
	svg, err := boardSVG(st, opt, 720)
	if err != nil {
		return gameView{}, err
	}
	var before template.HTML
	var trace *traceView
	if opt.Prev != nil {
		if before, trace, err = traceOf(opt.Prev, opt.Last, 720); err != nil {
			return gameView{}, err
		}
	}
	v := gameView{
		Title: gm.variant.Name, Status: gm.status(), Position: st.String(), Board: svg,
		CanUndo: len(gm.history) > 0, CanRedo: len(gm.redo) > 0, Human: gm.humanToMove() && !viewing,
		Auto: gm.auto() && !viewing, Paused: gm.paused, AllAgents: gm.allAgents(), Over: p == core.Terminal,
		Pace: gm.paceMS, Paces: paces, Hint: gm.hint, Msg: gm.msg,
		At: at, Viewing: viewing, Plies: len(gm.history), Trace: trace, BoardBefore: before,
	}
	_, v.Traces = gm.state.(core.Tracer)
	if at > 0 {
		v.Words = gm.history[at-1].words
	}
	if v.Human {
		v.Legal = strings.Fields(core.MovesString(gm.state, gm.state.LegalMoves(nil)))
	}
	for i, st := range gm.seats {
		who := st.Spec.String()
		if i < len(gm.players) && gm.players[i] != who {
			who = gm.players[i] + " (" + who + ")"
		}
		v.Seats = append(v.Seats, fmt.Sprintf("%v: %s", core.Player(i), who))
	}
	for i, h := range gm.history {
		who := "dice"
		if h.who >= 0 {
			who = fmt.Sprintf("%v (%s)", h.who, gm.seats[h.who].Spec)
		}
		v.History = append(v.History, historyRow{N: i + 1, Who: who, Move: h.text, Words: strings.TrimPrefix(h.words, h.text+": "), Current: i+1 == at})
	}
	return v, nil
}

// playPage shows the game of the session and the form for a new one.
func (s *Server) playPage(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	data := map[string]any{"Setup": s.setup(sess, r.URL.Query())}
	if gm := sess.game; gm != nil {
		at := -1
		if t := r.URL.Query().Get("at"); t != "" {
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n > len(gm.history) {
				s.fail(w, http.StatusBadRequest, fmt.Errorf("at %q: want a move number 0..%d (the moves played)", t, len(gm.history)))
				return
			}
			at = n
		}
		gv, err := gm.view(at)
		if err != nil {
			s.fail(w, http.StatusInternalServerError, err)
			return
		}
		gm.msg = ""
		data["Game"] = gv
		if rules, err := gm.variant.RulesText(); err == nil {
			data["Rules"], data["RulesOf"] = rules, gm.variant
		}
		data["Edit"] = s.editLink(gm, gv.Position)
	}
	s.render(w, http.StatusOK, "play", "Play", data)
}

// playNew starts a game from the setup form.
func (s *Server) playNew(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if err := r.ParseForm(); err != nil {
		s.fail(w, http.StatusBadRequest, err)
		return
	}
	gm, err := s.startGame(sess, r.PostForm)
	if err != nil {
		sv := s.setup(sess, r.PostForm)
		sv.Err = err.Error()
		data := map[string]any{"Setup": sv}
		code := http.StatusBadRequest
		if _, ok := err.(badRequest); !ok {
			code = http.StatusUnprocessableEntity
		}
		s.render(w, code, "play", "Play", data)
		return
	}
	sess.game = gm
	sess.holds.Store(true)
	http.Redirect(w, r, "/play", http.StatusSeeOther)
}

// startGame makes the game a setup form describes; a start field (the editor's "play
// from here") is the position it starts from.
func (s *Server) startGame(sess *session, form map[string][]string) (*game, error) {
	v, lookup, script, err := s.findVariant(sess, first(form["variant"]))
	if err != nil {
		return nil, err
	}
	over, err := knobsFrom(v, first(form["variant"]), form)
	if err != nil {
		return nil, err
	}
	if v, err = v.With(over); err != nil {
		return nil, badRequest{err}
	}
	seed := uint64(1)
	if t := strings.TrimSpace(first(form["seed"])); t != "" {
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return nil, badRequest{fmt.Errorf("seed %q: want a whole number 0 or more", t)}
		}
	}
	g, err := v.NewGameContext(sess.ctx)
	if err != nil {
		return nil, err
	}
	var players []string
	for i := range g.NumPlayers() {
		spec := strings.TrimSpace(first(form["seat."+strconv.Itoa(i+1)]))
		if spec == "" {
			spec = "random"
		}
		players = append(players, spec)
	}
	gm, err := newGame(sess.ctx, v, lookup, players, seed)
	if err != nil {
		return nil, err
	}
	gm.script = script
	if start := strings.TrimSpace(first(form["start"])); start != "" {
		if err := gm.setStart(start); err != nil {
			return nil, err
		}
	}
	if p, err := strconv.Atoi(first(form["pace"])); err == nil && slices.Contains(paces, p) {
		gm.paceMS = p
	}
	return gm, nil
}

// withGame runs an action on the session's game and goes back to the Play page; an
// error is shown there once.
func (s *Server) withGame(w http.ResponseWriter, r *http.Request, act func(ctx context.Context, gm *game) error) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if err := r.ParseForm(); err != nil {
		s.fail(w, http.StatusBadRequest, err)
		return
	}
	gm := sess.game
	if gm == nil {
		s.fail(w, http.StatusConflict, fmt.Errorf("no game in this session (it may have expired): start one on the Play page"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MoveTimeout)
	defer cancel()
	if err := act(ctx, gm); err != nil {
		gm.msg = err.Error()
	}
	http.Redirect(w, r, "/play", http.StatusSeeOther)
}

func (s *Server) playMove(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(_ context.Context, gm *game) error {
		return gm.move(r.PostForm.Get("move"))
	})
}

func (s *Server) playStep(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(ctx context.Context, gm *game) error {
		if r.PostForm.Get("resume") != "" {
			gm.paused = false
		}
		return gm.step(ctx)
	})
}

func (s *Server) playUndo(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(_ context.Context, gm *game) error {
		if !gm.undo() {
			return fmt.Errorf("nothing to undo")
		}
		return nil
	})
}

func (s *Server) playRedo(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(_ context.Context, gm *game) error {
		if !gm.redoMove() {
			return fmt.Errorf("nothing to redo")
		}
		return nil
	})
}

func (s *Server) playHint(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(ctx context.Context, gm *game) error {
		h, err := gm.hintFor(ctx)
		if err != nil {
			return err
		}
		gm.hint = h
		return nil
	})
}

// playPause pauses or resumes the agents, and sets their pace.
func (s *Server) playPause(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, func(_ context.Context, gm *game) error {
		if p, err := strconv.Atoi(r.PostForm.Get("pace")); err == nil && slices.Contains(paces, p) {
			gm.paceMS = p
		}
		switch r.PostForm.Get("paused") {
		case "1", "true", "on":
			gm.paused = true
		case "0", "false":
			gm.paused = false
		}
		return nil
	})
}

// playSave sends the game record (JSON) of the session's game.
func (s *Server) playSave(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.game == nil {
		s.fail(w, http.StatusConflict, fmt.Errorf("no game to save: start one on the Play page"))
		return
	}
	rec, err := sess.game.record()
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	data, err := record.Marshal(rec)
	if err != nil {
		s.fail(w, http.StatusInternalServerError, err)
		return
	}
	name := strings.NewReplacer("/", "-", "+", "-", " ", "-").Replace(sess.game.variant.Name) + "-" + time.Now().Format("20060102-150405") + ".json"
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	_, _ = w.Write(data)
}

// playLoad continues a game from an uploaded (or pasted) game record.
func (s *Server) playLoad(w http.ResponseWriter, r *http.Request) {
	sess := s.sessions.get(w, r)
	sess.mu.Lock()
	defer sess.mu.Unlock()
	data, err := formFile(r, "record", "record_text", record.MaxSize)
	if err == nil {
		var gm *game
		if gm, err = s.loadRecord(sess, data); err == nil {
			sess.game = gm
			sess.holds.Store(true)
			http.Redirect(w, r, "/play", http.StatusSeeOther)
			return
		}
	}
	sv := s.setup(sess, nil)
	sv.Err = "Loading the game record: " + err.Error()
	s.render(w, http.StatusBadRequest, "play", "Play", map[string]any{"Setup": sv})
}

// loadRecord makes the game a record describes, with its moves played.
func (s *Server) loadRecord(sess *session, data []byte) (*game, error) {
	rec, err := record.Parse(data)
	if err != nil {
		return nil, badRequest{err}
	}
	var v *variants.Variant
	var script *record.Script
	switch {
	case rec.Script != nil:
		v, err = variants.LoadScript(rec.Script.Path, []byte(rec.Script.Source), s.opt)
		script = rec.Script
	case strings.HasSuffix(rec.Variant, ".lua"):
		err = fmt.Errorf("the record names the script %s but does not hold its text (script.source); play it with `kalahlab play --load`", rec.Variant)
	default:
		v, err = variants.Lookup(rec.Variant, s.opt)
	}
	if err != nil {
		return nil, badRequest{err}
	}
	if len(rec.HouseRules) > 0 {
		if v, err = v.WithHouseRules(rec.HouseRules, s.opt); err != nil {
			return nil, badRequest{err}
		}
	}
	if v, err = v.With(rec.Knobs); err != nil {
		return nil, badRequest{err}
	}
	gm, err := newGame(sess.ctx, v, rec.Variant, rec.Players, rec.Seed)
	if err != nil {
		return nil, err
	}
	gm.script = script
	if err := gm.restore(rec); err != nil {
		return nil, err
	}
	gm.paused = gm.allAgents() // a finished or all-agent game waits for the user
	return gm, nil
}
