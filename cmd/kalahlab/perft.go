package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/core"
)

func newPerftCmd(a *app) *cobra.Command {
	var depth int
	var divide bool
	var from string
	cmd := &cobra.Command{
		Use:   "perft",
		Short: "Count the positions reached after each number of moves (a move-generator check)",
		Long: `Count the positions reached after exactly 1..depth moves from the start (or from
--from POSITION). Games that end earlier add nothing. --divide prints the count
below each first move, to compare with another engine and find a bug. Each depth is a
count of its own (checkers on the 8x8 board without hooks: on bare bitboards, the last
ply's moves counted without being played, no game-over check but the draw rules).

In a variant with Lua hooks, a game stopped by an error in its script (a failing hook,
listing the moves or playing one before the last ply, whose moves are counted without
being played) ends the count with that error (script, line, hook) and exit status 3,
instead of counting as a finished game.`,
		Example: `  kalahlab perft --variant kalah --depth 8
  kalahlab perft --variant kalah --depth 6 --divide
  kalahlab perft --set houses=4 --set seeds=3 --depth 10 --json
  kalahlab perft --from "1,0,0,0,0,1,[0],2,0,0,0,3,0,[0] s" --depth 3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if depth < 1 || depth > 64 {
				return fmt.Errorf("--depth %d: want 1..64", depth)
			}
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			st := res.game.NewState()
			if from != "" {
				if st, err = res.game.ParseState(from); err != nil {
					return fmt.Errorf("--from: %w", err)
				}
			}
			ctx := cmd.Context()
			type result struct {
				nodes  uint64
				splits []core.Split
				secs   float64
				err    error
			}
			// Only a hook can stop a game with an error: games without one keep the
			// game's own perft (checkers, tic-tac-toe) and no checks.
			checked := len(res.variant.Hooks) > 0
			stop := func() error { return ctx.Err() }
			count := func(d int, split bool) (result, error) {
				done := make(chan result, 1)
				go func() {
					t0 := time.Now()
					var r result
					switch {
					case split && checked:
						r.splits, r.err = core.DivideChecked(st.Clone(), d, stop)
					case split:
						r.splits = core.Divide(st.Clone(), d)
					case checked:
						r.nodes, r.err = core.PerftChecked(st.Clone(), d, stop)
					default:
						r.nodes = core.Perft(st.Clone(), d)
					}
					for _, s := range r.splits {
						r.nodes += s.Nodes
					}
					r.secs = time.Since(t0).Seconds()
					done <- r
				}()
				select {
				case r := <-done:
					switch {
					case ctx.Err() != nil:
						return result{}, ctx.Err() // a hook interrupted by the cancellation fails too
					case errors.Is(r.err, core.ErrGameStopped):
						return result{}, withCode(exitFailed, fmt.Errorf("perft: depth %d: %w", d, r.err))
					case r.err != nil:
						return result{}, fmt.Errorf("perft: depth %d: %w", d, r.err)
					}
					return r, nil
				case <-ctx.Done():
					return result{}, ctx.Err()
				}
			}
			if divide {
				r, err := count(depth, true)
				if err != nil {
					return err
				}
				if a.json {
					return json.NewEncoder(a.out).Encode(map[string]any{
						"variant": res.variant.Name, "depth": depth, "nodes": r.nodes, "seconds": r.secs, "divide": r.splits,
					})
				}
				for _, s := range r.splits {
					fmt.Fprintf(a.out, "%s: %d\n", s.Move, s.Nodes)
				}
				fmt.Fprintf(a.out, "total: %d nodes at depth %d (%.3f s)\n", r.nodes, depth, r.secs)
				return nil
			}
			var last result
			for d := 1; d <= depth; d++ {
				if last, err = count(d, false); err != nil {
					return err
				}
				if !a.json {
					rate := ""
					if last.secs > 0.01 {
						rate = fmt.Sprintf("  %.1f M nodes/s", float64(last.nodes)/last.secs/1e6)
					}
					fmt.Fprintf(a.out, "depth %2d: %14d nodes  %8.3f s%s\n", d, last.nodes, last.secs, rate)
				}
			}
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]any{
					"variant": res.variant.Name, "depth": depth, "nodes": last.nodes, "seconds": last.secs,
				})
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&depth, "depth", 6, "how many moves deep to count")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each first move")
	cmd.Flags().StringVar(&from, "from", "", "start from this position string instead of the initial position")
	return cmd
}
