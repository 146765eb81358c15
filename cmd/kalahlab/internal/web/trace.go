package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
)

// The Play page's sowing animation: the move shown is traced (core.Tracer) and the page
// gets the board before it (drawn without clickable moves), the trace's steps and where
// each pit sits on that drawing; static/app.js plays the steps seed by seed on it, then
// shows the board after the move. A game that does not trace its moves is shown as
// before, at once.

// traceView is what the animation needs, as JSON in the page.
type traceView struct {
	Words  string     `json:"words"`
	Before []int      `json:"before"`
	After  []int      `json:"after"`
	Steps  []stepView `json:"steps"`
	Pits   []pitPlace `json:"pits"`
}

// stepView is a core.Step for the script.
type stepView struct {
	Kind  string          `json:"kind"`
	Pit   int             `json:"pit"`
	To    int             `json:"to"`
	Seeds int             `json:"seeds"`
	Moves []core.SeedMove `json:"moves,omitempty"`
}

// pitPlace is where a pit is drawn (board units, the SVG's viewBox): its centre, and
// its radius (a house) or size (a store). OK is false for a pit the drawing lacks.
type pitPlace struct {
	X  float64 `json:"x"`
	Y  float64 `json:"y"`
	R  float64 `json:"r"`
	W  float64 `json:"w"`
	H  float64 `json:"h"`
	OK bool    `json:"ok"`
}

// moveWords says what m, legal in st, does: the trace's words where the game traces
// its moves, else "" (the notation alone says it).
func moveWords(st core.State, m core.Move) string {
	if tr, ok := st.(core.Tracer); ok {
		return core.TraceWords(tr.Trace(m))
	}
	return ""
}

// traceOf traces m from prev and draws prev for the animation: the board before the
// move (no clickable moves) and the trace with the pits' places. ok is false when the
// game does not trace its moves.
func traceOf(prev core.State, m core.Move, maxWidth float64) (template.HTML, *traceView, error) {
	tr, ok := prev.(core.Tracer)
	if !ok {
		return "", nil, nil
	}
	t := tr.Trace(m)
	d, err := draw.Draw(prev, draw.Options{})
	if err != nil {
		return "", nil, err
	}
	if d.Width > 0 {
		d.Scale = min(1.3, maxWidth/d.Width)
	}
	var b strings.Builder
	d.WriteSVG(&b)
	v := &traceView{Words: core.TraceWords(t), Before: t.Before, After: t.After, Pits: pitPlaces(d, t)}
	for _, s := range t.Steps {
		v.Steps = append(v.Steps, stepView{Kind: s.Kind.String(), Pit: s.Pit, To: s.To, Seeds: s.Seeds, Moves: s.Moves})
	}
	return template.HTML(b.String()), v, nil
}

// pitPlaces finds each pit of t on the drawing d by the tooltip the drawing gives its
// outline ("South's house 3: ...", "North's store: ...").
func pitPlaces(d *draw.Drawing, t core.Trace) []pitPlace {
	out := make([]pitPlace, len(t.Pits))
	for p, pi := range t.Pits {
		want := fmt.Sprintf("%s's house %d:", pi.Side, pi.House)
		if pi.Store {
			want = pi.Side + "'s store:"
		}
		for _, sh := range d.Shapes {
			if !strings.HasPrefix(sh.Tip, want) {
				continue
			}
			switch sh.Kind {
			case draw.Circle:
				out[p] = pitPlace{X: sh.X, Y: sh.Y, R: sh.R, OK: true}
			case draw.Rect:
				out[p] = pitPlace{X: sh.X + sh.W/2, Y: sh.Y + sh.H/2, W: sh.W, H: sh.H, OK: true}
			}
			break
		}
	}
	return out
}
