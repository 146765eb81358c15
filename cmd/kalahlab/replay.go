package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/experiments"
)

func newReplayCmd(a *app) *cobra.Command {
	var trial, cell int
	cmd := &cobra.Command{
		Use:   "replay DIR --trial N",
		Short: "Replay one game of a study move by move, from its trial log",
		Long: `Replay one game of a study run: its moves are read from the trial log
(DIR/trials.jsonl.zst or DIR/trials.jsonl, or the shards' logs under DIR), played
again through the cell's variant, and each position is drawn. --trial is the
study-wide trial number (the "trial" field of the log); with --cell it is the index
within that cell.`,
		Example: `  kalahlab replay results/ --trial 1234
  kalahlab replay results/ --cell 2 --trial 17 --color never
  kalahlab replay results/ --trial 1234 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			color, err := a.useColor()
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("trial") {
				return fmt.Errorf("--trial N: which game to replay")
			}
			m, err := experiments.LoadPlan(args[0])
			if err != nil {
				return err
			}
			study, err := experiments.FromPlan(m.Plan)
			if err != nil {
				return err
			}
			plan := &study.Plan
			id := trial
			if cmd.Flags().Changed("cell") {
				if cell < 0 || cell >= len(plan.Cells) || trial < 0 || trial >= plan.Games {
					return fmt.Errorf("--cell %d --trial %d: want a cell 0..%d and a trial 0..%d", cell, trial, len(plan.Cells)-1, plan.Games-1)
				}
				id = cell*plan.Games + trial
			}
			rec, err := experiments.FindTrial(args[0], id)
			if err != nil {
				return err
			}
			start, steps, err := experiments.Replay(study, rec)
			if err != nil {
				return err
			}
			cp := plan.Cells[rec.Cell]
			seats := make([]string, len(rec.Seats))
			for s, ag := range rec.Seats {
				seats[s] = plan.Agents[ag].String()
			}
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]any{
					"experiment": plan.Name, "trial": rec.Trial, "cell": rec.Cell, "index": rec.Index,
					"label": cp.Label, "variant": cp.Name, "seed": rec.Seed, "seats": seats,
					"start": start.String(), "steps": steps, "returns": rec.Returns, "scores": rec.Scores,
					"plies": rec.Plies, "timed_out": rec.TimedOut, "error": rec.Error,
				})
			}
			fmt.Fprintf(a.out, "%s, trial %d: cell %d (%s), game %d, seed %d\n", plan.Name, rec.Trial, rec.Cell, cp.Label, rec.Index, rec.Seed)
			for s, name := range seats {
				fmt.Fprintf(a.out, "  %v: %s\n", core.Player(s), name)
			}
			fmt.Fprintf(a.out, "\n%s\n", start.Render(color))
			for _, st := range steps {
				who := "chance"
				if st.Player >= 0 {
					who = fmt.Sprintf("%v (%s)", st.Player, seats[st.Player])
				}
				fmt.Fprintf(a.out, "ply %d: %s plays %s\n%s\n", st.Ply, who, st.Move, st.State().Render(color))
			}
			switch {
			case rec.Error != "":
				fmt.Fprintf(a.out, "the game failed: %s\n", rec.Error)
			case rec.TimedOut:
				fmt.Fprintf(a.out, "stopped after %d plies (max_plies): a timeout, counted as a draw\n", rec.Plies)
			default:
				w := core.Winners(rec.Returns)
				result := "a draw"
				if len(w) == 1 {
					result = fmt.Sprintf("%v wins", w[0])
				}
				scores := ""
				if len(rec.Scores) > 0 {
					scores = fmt.Sprintf(", scores %v", rec.Scores)
				}
				fmt.Fprintf(a.out, "%s after %d plies%s\n", result, rec.Plies, scores)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&trial, "trial", 0, "the trial `N` to replay (study-wide, or within --cell)")
	cmd.Flags().IntVar(&cell, "cell", 0, "count --trial within this `CELL`")
	return cmd
}
