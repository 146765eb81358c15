package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/variants"
)

// The board editor (/edit): set up a position of a variant by clicking its pits (a
// mancala game) or by typing its position string (any game), see the string and the
// game's own reading of it live, play a game from it, or turn it into an example for
// the variant's script (from, play, want). The page is a form that works without
// JavaScript (the string is checked and drawn by the server on each submit);
// static/editor.js draws the clickable board and asks /edit/check as the position
// changes.

// maxPositionLen bounds a position string sent to the editor (the longest board, 386
// pits of five digits and the fields after them, is well under it).
const maxPositionLen = 8192

// maxExampleMoves bounds the moves of an example the editor plays.
const maxExampleMoves = 200

// editPit is one pit of the clickable board, in the position string's order.
type editPit struct {
	Owner  int  `json:"owner"`
	Store  bool `json:"store"`
	Row    int  `json:"row"`
	Col    int  `json:"col"`
	Number int  `json:"number"` // the house number in its owner's notation (0 for a store)
	Seeds  int  `json:"seeds"`
}

// editModel is what editor.js needs to draw a clickable board: the board's rows and
// columns, its pits with their counts, and the position string's fields after the pits
// (the side to move first). Pits is nil for a game whose position is typed.
type editModel struct {
	Rows   int       `json:"rows"`
	Houses int       `json:"houses"`
	Pits   []editPit `json:"pits,omitempty"`
	Side   string    `json:"side"`
	Extra  string    `json:"extra"`
}

// editResult is the game's reading of a position: the position string it writes back,
// who is to move, the legal moves and its drawing; or the error of its parser. Example
// is the script snippet of the example asked for (ExampleErr why there is none).
type editResult struct {
	OK         bool          `json:"ok"`
	Error      string        `json:"error,omitempty"`
	Position   string        `json:"position,omitempty"`
	ToMove     string        `json:"to_move,omitempty"`
	Legal      []string      `json:"legal,omitempty"`
	SVG        template.HTML `json:"svg,omitempty"`
	Example    string        `json:"example,omitempty"`
	ExampleErr string        `json:"example_error,omitempty"`
	// Next are the legal moves after the example's moves (what may be added to them).
	Next []string `json:"next,omitempty"`
}

// editRequest is an editor request read from its query: the variant with its knobs,
// the position typed (the start when empty) and, for an example, its moves and name.
type editRequest struct {
	v           *variants.Variant
	lookup      string
	over        map[string]any // the knobs the query sets
	pos         string
	play, name  string
	wantExample bool
}

// readEdit reads an editor request; the error is the user's (a 400).
func (s *Server) readEdit(q url.Values) (*editRequest, error) {
	name := strings.TrimSpace(q.Get("variant"))
	if name == "" {
		name = "kalah"
	}
	if strings.HasSuffix(name, ".lua") || strings.HasPrefix(name, triedPrefix) {
		return nil, fmt.Errorf("variant %q: the editor sets up positions of variants by name (see the Variants page)", name)
	}
	v, err := variants.Lookup(name, s.opt)
	if err != nil {
		return nil, err
	}
	asked, err := knobsFrom(v, name, q)
	if err != nil {
		return nil, err
	}
	over := map[string]any{} // the knobs that differ from the variant's own
	for k, val := range asked {
		if fmt.Sprint(v.Params[k]) != fmt.Sprint(val) {
			over[k] = val
		}
	}
	if v, err = v.With(over); err != nil {
		return nil, err
	}
	req := &editRequest{v: v, lookup: name, over: over, pos: strings.TrimSpace(q.Get("pos")),
		play: strings.TrimSpace(q.Get("play")), name: strings.TrimSpace(q.Get("name")), wantExample: q.Has("example")}
	switch {
	case len(req.pos) > maxPositionLen:
		return nil, fmt.Errorf("pos: %d characters, more than the %d a position string can have", len(req.pos), maxPositionLen)
	case strings.ContainsAny(req.pos, "\n\r"):
		return nil, fmt.Errorf("pos: a position string is one line")
	case len(req.play) > maxPositionLen || len(req.name) > 300:
		return nil, fmt.Errorf("play or name: too long")
	}
	return req, nil
}

// check reads the request's position with the game's own parser and, when asked, plays
// the example's moves from it. g is the variant's game.
func (req *editRequest) check(g core.Game, width float64) (editResult, core.State) {
	st := g.NewState()
	if req.pos != "" {
		var err error
		if st, err = g.ParseState(req.pos); err != nil {
			return editResult{Error: err.Error()}, nil
		}
	}
	res := editResult{OK: true, Position: st.String(), ToMove: toMoveWords(st)}
	if err := st.Err(); err != nil {
		return editResult{Error: "the position stops the game: " + err.Error()}, nil
	}
	if st.ToMove() != core.Terminal {
		res.Legal = strings.Fields(core.MovesString(st, st.LegalMoves(nil)))
	}
	if svg, err := boardSVG(st, draw.Options{}, width); err == nil {
		res.SVG = svg
	}
	if req.wantExample || req.play != "" {
		var after core.State
		res.Example, after, res.ExampleErr = req.example(st)
		if after != nil && after.ToMove() != core.Terminal {
			res.Next = strings.Fields(core.MovesString(after, after.LegalMoves(nil)))
		}
	}
	return res, st
}

// toMoveWords says who is to move in a position.
func toMoveWords(st core.State) string {
	switch p := st.ToMove(); p {
	case core.Terminal:
		return "the game is over"
	case core.Chance:
		return "a die roll is due"
	default:
		return fmt.Sprintf("%v to move", p)
	}
}

// example plays the request's moves from start and writes the example in the syntax of
// a script's examples (scripts/README.md): from, play and want (or legal, with no
// moves), with set for knobs that differ from the variant's own; it returns the
// position after the moves too.
func (req *editRequest) example(start core.State) (string, core.State, string) {
	moves := splitMoves(req.play)
	if len(moves) > maxExampleMoves {
		return "", nil, fmt.Sprintf("play: %d moves, at most %d", len(moves), maxExampleMoves)
	}
	st := start.Clone()
	for i, text := range moves {
		m, err := core.ParsePlay(st, text)
		if err != nil {
			return "", nil, fmt.Sprintf("play: move %d (%q): %v", i+1, text, err)
		}
		st.Play(m)
		if err := st.Err(); err != nil {
			return "", nil, fmt.Sprintf("play: move %d (%q) stops the game: %v", i+1, text, err)
		}
	}
	name := req.name
	if name == "" {
		name = "a position set up in the editor"
		if len(moves) > 0 {
			name += ", after " + strings.Join(moves, ", ")
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{ name = %s,\n", luaString(name))
	if set := luaSet(req.over); set != "" {
		fmt.Fprintf(&b, "  set = %s,\n", set)
	}
	fmt.Fprintf(&b, "  from = %s,\n", luaString(start.String()))
	if len(moves) > 0 {
		fmt.Fprintf(&b, "  play = %s,\n  want = %s },", luaString(strings.Join(moves, ",")), luaString(st.String()))
	} else {
		fmt.Fprintf(&b, "  legal = %s },", luaString(core.MovesString(st, st.LegalMoves(nil))))
	}
	return b.String(), st, ""
}

// splitMoves splits moves written with commas or spaces ("3,1", "3 1 swap").
func splitMoves(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// luaString writes s as a Lua string literal.
func luaString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`)
	return `"` + r.Replace(s) + `"`
}

// luaSet writes knob overrides as an example's set table ({ houses = 4 }), in name
// order; "" for none.
func luaSet(over map[string]any) string {
	if len(over) == 0 {
		return ""
	}
	names := make([]string, 0, len(over))
	for k := range over {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		val := over[k]
		if str, ok := val.(string); ok {
			parts[i] = k + " = " + luaString(str)
		} else {
			parts[i] = fmt.Sprintf("%s = %v", k, val)
		}
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// modelOf is the clickable board of a position of a mancala game (core/mancala or
// core/kalah); ok false for the other games, whose positions are typed.
func modelOf(st core.State) (editModel, bool) {
	for range 8 {
		u, ok := st.(interface{ Unwrap() core.State })
		if !ok || u.Unwrap() == nil {
			break
		}
		st = u.Unwrap()
	}
	var m editModel
	switch s := st.(type) {
	case *mancala.State:
		g := s.Game()
		b := g.Board()
		m.Rows, m.Houses = b.Rows, b.Houses
		number := make([]int, len(b.Pits))
		for side := 0; side < 2; side++ {
			for k, p := range g.Houses(side) {
				number[p] = k + 1
			}
		}
		for p, pit := range b.Pits {
			m.Pits = append(m.Pits, editPit{Owner: pit.Owner, Store: pit.Store, Row: pit.Row, Col: pit.Col, Number: number[p], Seeds: s.Count(p)})
		}
	case *kalah.State:
		n := s.HousesPerSide()
		geo := mancala.TwoRows(n, 0)
		if s.Rows() == 4 {
			geo = mancala.FourRows(n/2, 0)
		}
		if len(geo.Pits) != s.Pits() {
			return m, false
		}
		m.Rows, m.Houses = geo.Rows, geo.Houses
		for p, pit := range geo.Pits {
			num := 0
			if !pit.Store {
				num = p - pit.Owner*(n+1) + 1
			}
			m.Pits = append(m.Pits, editPit{Owner: pit.Owner, Store: pit.Store, Row: pit.Row, Col: pit.Col, Number: num, Seeds: s.Count(p)})
		}
	default:
		return m, false
	}
	fields := strings.Fields(st.String())
	if len(fields) > 1 {
		m.Side = fields[1]
		m.Extra = strings.Join(fields[2:], " ")
	}
	return m, true
}

// editView is the editor page.
type editView struct {
	V        *variants.Variant
	Lookup   string
	Knobs    []knobView
	Pos      string // the position string as typed (the start's when none was)
	Result   editResult
	Model    template.JS // the clickable board as JSON ("" for a typed position)
	Seats    []seatView
	Presets  []seat.Preset
	Play     string
	Name     string
	Rules    core.RulesText
	KnobsSet string            // the knob.NAME=VALUE query of the knobs set, for editor.js
	Over     map[string]string // the knobs set, for the forms' hidden fields
}

// editPage shows the editor for the variant, knobs and position the query names.
func (s *Server) editPage(w http.ResponseWriter, r *http.Request) {
	req, err := s.readEdit(r.URL.Query())
	if err != nil {
		s.fail(w, http.StatusBadRequest, badEdit(err))
		return
	}
	g, err := req.v.NewGameContext(r.Context())
	if err != nil {
		s.fail(w, http.StatusUnprocessableEntity, err)
		return
	}
	res, st := req.check(g, 640)
	ev := editView{V: req.v, Lookup: req.lookup, Knobs: knobViews(req.v), Pos: req.pos, Result: res,
		Presets: seat.Presets, Play: req.play, Name: req.name, KnobsSet: knobQuery(req.over), Over: map[string]string{}}
	for k, v := range req.over {
		ev.Over[k] = fmt.Sprint(v)
	}
	if ev.Pos == "" {
		ev.Pos = res.Position
	}
	if st == nil { // the typed position does not read: the board starts from the start
		st = g.NewState()
	}
	if m, ok := modelOf(st); ok {
		data, err := json.Marshal(m)
		if err != nil {
			s.fail(w, http.StatusInternalServerError, err)
			return
		}
		ev.Model = template.JS(data)
	}
	for i := range g.NumPlayers() {
		spec := "random"
		if i == 0 {
			spec = "human"
		}
		ev.Seats = append(ev.Seats, seatView{Spec: spec})
	}
	if rules, err := req.v.RulesText(); err == nil {
		ev.Rules = rules
	}
	code := http.StatusOK
	if !res.OK {
		code = http.StatusUnprocessableEntity
	}
	s.render(w, code, "edit", "Set up a position", ev)
}

// editCheck answers editor.js: the game's reading of a position (and the example asked
// for), as JSON. A position the game cannot read is an answer too (ok false, 200); a
// bad request (an unknown variant, a bad knob) is a 400 with the error.
func (s *Server) editCheck(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	req, err := s.readEdit(r.URL.Query())
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(editResult{Error: err.Error()})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MoveTimeout)
	defer cancel()
	g, err := req.v.NewGameContext(ctx)
	if err != nil {
		w.WriteHeader(http.StatusUnprocessableEntity)
		_ = json.NewEncoder(w).Encode(editResult{Error: err.Error()})
		return
	}
	res, _ := req.check(g, 520)
	_ = json.NewEncoder(w).Encode(res)
}

// badEdit says where to go on from a bad editor request.
func badEdit(err error) error {
	return errors.New(err.Error() + " (the editor's address is /edit?variant=NAME, with pos=POSITION and knob.NAME=VALUE if wanted)")
}

// knobQuery writes knob overrides as a query (knob.houses=4&...), in name order.
func knobQuery(over map[string]any) string {
	q := url.Values{}
	for k, v := range over {
		q.Set("knob."+k, fmt.Sprint(v))
	}
	return q.Encode()
}

// editLink is the editor's address for the session game's position, with the knobs
// the game changed from its variant's; "" for a tried rule (the editor takes variants
// by name).
func (s *Server) editLink(gm *game, position string) string {
	if gm.script != nil {
		return ""
	}
	q := url.Values{"variant": {gm.lookup}, "pos": {position}}
	if v, err := variants.Lookup(gm.lookup, s.opt); err == nil {
		for k, val := range gm.variant.Params {
			if fmt.Sprint(v.Params[k]) != fmt.Sprint(val) {
				q.Set("knob."+k, fmt.Sprint(val))
			}
		}
	}
	return "/edit?" + q.Encode()
}
