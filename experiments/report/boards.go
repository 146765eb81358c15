package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/core"
	boards "github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/experiments/internal/chart"
)

// CellBoards are the board drawings of one cell for the HTML report: its start position
// and the final position of one representative game.
type CellBoards struct {
	Cell int
	// Start and Final are SVG documents ("" when not drawn).
	Start, Final string
	// FinalNote says which game Final is ("trial 12: seat 1 wins after 43 plies"), or
	// why there is none.
	FinalNote string
}

// boardWidth is the width of a board in the report, in CSS pixels.
const boardWidth = 380

// drawBoards draws, for each cell of the run in dir, its start position and the final
// position of its lowest-numbered finished game (replayed through the cell's variant; a
// game stopped at max_plies when no game of the cell finished; none when every game
// failed): drawBoardsFrom without the run's links.
func drawBoards(dir string) ([]CellBoards, error) { return drawBoardsFrom(dir, nil) }

// drawBoardsFrom is drawBoards with the games chosen from links (the run's, gathered as
// it played; nil: read from the trial log, only the fields the choice needs), so that
// the same games are drawn whatever the log's order, and only their lines of the log
// are decoded. A run without a trial log gets the start positions alone, the notes
// saying why; a plan that cannot be read or resolved is an error.
func drawBoardsFrom(dir string, links *run.GameLinks) ([]CellBoards, error) {
	m, err := run.LoadPlan(dir)
	if err != nil {
		return nil, err
	}
	study, err := plan.FromPlan(m.Plan)
	if err != nil {
		return nil, err
	}
	n := study.Cells()
	out := make([]CellBoards, n)
	for c := range out {
		out[c].Cell = c
		g, err := study.Variants[c].NewGame()
		if err != nil {
			out[c].FinalNote = fmt.Sprintf("no drawing: %v", err)
			continue
		}
		label := study.Plan.Cells[c].Label
		svg, err := drawSVG(g.NewState(), boards.Options{Width: boardWidth, Title: label + ": the start position"})
		if err != nil {
			out[c].FinalNote = fmt.Sprintf("no drawing: %v", err)
			continue
		}
		out[c].Start = svg
	}
	// The lowest-numbered finished trial of each cell; failing that, its lowest timeout.
	if links == nil || links.Cells == nil {
		links, err = run.IndexGames(dir)
	}
	want := map[int]int{} // trial -> cell
	if err == nil {
		for c := range out {
			if g := links.Cells[c]; g != nil && g.Final() >= 0 {
				want[g.Final()] = c
			}
		}
	}
	found := make([]*run.Record, n)
	if err == nil {
		err = run.FindTrials(dir, want, func(c int, rec *run.Record) { found[c] = rec })
	}
	var noLog *run.NoLogError
	switch {
	case errors.As(err, &noLog):
		for c := range out {
			if out[c].FinalNote == "" {
				out[c].FinalNote = "no final position: the run kept no trial log"
			}
		}
		return out, nil
	case err != nil:
		return out, fmt.Errorf("boards: %w", err)
	}
	for c := range out {
		rec := found[c]
		if rec == nil {
			if out[c].FinalNote == "" {
				out[c].FinalNote = "no final position: no game of this cell finished without an error"
			}
			continue
		}
		out[c].Final, out[c].FinalNote = finalBoard(study, rec)
	}
	return out, nil
}

// finalBoard replays a trial and draws its last position, its last move marked.
func finalBoard(study *plan.Study, rec *run.Record) (svg, note string) {
	start, steps, err := run.Replay(study, rec)
	if err != nil {
		return "", fmt.Sprintf("trial %d could not be replayed: %v", rec.Trial, err)
	}
	final, prev := start, core.State(nil)
	var last core.Move
	if k := len(steps); k > 0 {
		final = steps[k-1].State()
		prev = start
		if k > 1 {
			prev = steps[k-2].State()
		}
		last = core.Move(rec.Moves[k-1])
	}
	label := study.Plan.Cells[rec.Cell].Label
	var agents []string
	for _, a := range rec.Seats {
		if a >= 0 && a < len(study.Plan.Agents) {
			agents = append(agents, study.Plan.Agents[a].String())
		}
	}
	outcome := ""
	switch {
	case rec.TimedOut:
		outcome = fmt.Sprintf("stopped at max_plies after %d plies", rec.Plies)
	default:
		w := core.Winners(rec.Returns)
		switch {
		case len(w) == 1:
			outcome = w[0].String() + " wins"
		case len(w) == len(rec.Returns):
			outcome = "a draw"
		default:
			outcome = "a shared win"
		}
		outcome += " after " + strconv.Itoa(rec.Plies) + " plies"
	}
	note = fmt.Sprintf("trial %d (%s): %s", rec.Trial, strings.Join(agents, " vs "), outcome)
	svg, err = drawSVG(final, boards.Options{Width: boardWidth, Prev: prev, Last: last, Title: label + ": the final position of " + note})
	if err != nil {
		return "", fmt.Sprintf("trial %d: no drawing: %v", rec.Trial, err)
	}
	return svg, note
}

func drawSVG(st core.State, opt boards.Options) (string, error) {
	d, err := boards.Draw(st, opt)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	d.WriteSVG(&b)
	return b.String(), nil
}

// BoardPNG paints a board drawing (core/draw) as a PNG image, scale times its natural
// size, with the rasteriser of the charts (the Go fonts, compiled in): chart.BoardPNG.
// The clickable regions of the moves are invisible in the SVG and left out here.
func BoardPNG(w io.Writer, d *boards.Drawing, scale float64) error {
	return chart.BoardPNG(w, d, scale)
}
