package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/experiments"
)

func newRenderCmd(a *app) *cobra.Command {
	var position, moves, format, title, out string
	var showMoves bool
	var width, scale float64
	cmd := &cobra.Command{
		Use:   "render",
		Short: "Draw a position as an SVG (or PNG) image",
		Long: `Draw a position of any game as a self-contained SVG image (or a PNG) on stdout,
or into --out FILE: the start position, or --position POSITION (the position string
"play" prints), after --moves (comma-separated, in the game's notation; dice rolls of
Ludo are moves too). The last of --moves is marked on the board.

The drawing is the one the HTML report uses: mancala boards of every layout (stores,
seed counts and dots, house numbers, marked pits), checkers (movable pieces ringed),
m,n,k grids (gravity columns, the last mark, a finished line) and the Ludo board
(stars, globes, tokens, the die). --show-moves also draws the legal moves: checkers
paths (captures in vermilion), m,n,k target dots, where Ludo tokens would go. Every
legal move's region carries data-move="MOVE" for a browser to click.

PNG is drawn in Go with the Go fonts (no browser needed), --scale times the size
(2 by default, sharp on paper); it is binary, so it is not written to a terminal.
With --json the SVG comes inside a JSON object with the position and the legal moves.`,
		Example: `  kalahlab render > kalah.svg
  kalahlab render --variant oware --moves 3,5,1 > oware.svg
  kalahlab render --variant kalah --set rows=4 --set houses=4 --format png --out kalah4.png
  kalahlab render --variant checkers --position "B:W14,15,22,23,K30:B9,10,K27" --show-moves > captures.svg
  kalahlab render --variant tictactoe --set rows=6 --set cols=7 --set k=4 --set gravity=true --moves d,d,c > c4.svg
  kalahlab render --variant ludo --position "R:1,9,0,57 G:3,0,0,0 Y:22,0,0,0 B:0,0,0,0 R6" --show-moves > ludo.svg`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "svg" && format != "png" {
				return fmt.Errorf("--format %q: want svg or png", format)
			}
			if a.json && format == "png" {
				return fmt.Errorf("--json writes the SVG inside JSON: use it with --format svg")
			}
			if width < 0 {
				return fmt.Errorf("--width %g: want 0 (natural size) or more", width)
			}
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			start := res.game.NewState()
			if position != "" {
				if start, err = res.game.ParseState(position); err != nil {
					return fmt.Errorf("--position: %w", err)
				}
			}
			st := start.Clone()
			opt := draw.Options{Width: width, ShowMoves: showMoves, Title: title}
			if moves != "" {
				played, err := applyMoves(st, moves, nil)
				if err != nil {
					return err
				}
				prev := start.Clone()
				for _, m := range played[:len(played)-1] {
					prev.Play(m)
				}
				opt.Prev, opt.Last = prev, played[len(played)-1]
			}
			d, err := draw.Draw(st, opt)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			switch {
			case format == "png":
				if err := experiments.BoardPNG(&buf, d, scale*d.Scale); err != nil {
					return err
				}
				if out == "" && isTerminal(a.out) {
					return fmt.Errorf("a PNG is binary: redirect it (> board.png) or use --out FILE")
				}
			case a.json:
				var svg bytes.Buffer
				d.WriteSVG(&svg)
				var legal []string
				if st.ToMove() != core.Terminal {
					for _, m := range st.LegalMoves(nil) {
						legal = append(legal, st.MoveString(m))
					}
				}
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(map[string]any{
					"variant": res.variant.Name, "position": st.String(), "to_move": st.ToMove().String(),
					"legal": legal, "title": d.Title, "description": d.Desc, "svg": svg.String(),
				}); err != nil {
					return err
				}
			default:
				d.WriteSVG(&buf)
			}
			if out != "" {
				if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
				fmt.Fprintf(a.errOut, "wrote %s\n", out)
				return nil
			}
			_, err = a.out.Write(buf.Bytes())
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&position, "position", "", "draw this position string instead of the start")
	f.StringVar(&moves, "moves", "", "play these moves first, comma-separated (e.g. 3,1,4); the last is marked")
	f.StringVar(&format, "format", "svg", "svg or png")
	f.BoolVar(&showMoves, "show-moves", false, "draw the legal moves (paths, targets)")
	f.Float64Var(&width, "width", 0, "the image's width in pixels (0: the natural size)")
	f.Float64Var(&scale, "scale", 2, "PNG only: pixels per SVG pixel")
	f.StringVar(&title, "title", "", "the image's title (default: the game and who is to move)")
	f.StringVarP(&out, "out", "o", "", "write to `FILE` instead of stdout")
	return cmd
}
