package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/experiments"
)

func newReplayCmd(a *app) *cobra.Command {
	var trial, cell int
	var save string
	cmd := &cobra.Command{
		Use:   "replay DIR --trial N | replay GAME-FILE",
		Short: "Replay a game move by move: a trial of a study, or a saved game",
		Long: `Replay one game move by move, each position drawn.

With a results directory, the game is a trial of the study: its moves are read from the
trial log (DIR/trials.jsonl.zst or DIR/trials.jsonl, or the shards' logs under DIR) and
played again through the cell's variant. --trial is the study-wide trial number (the
"trial" field of the log); with --cell it is the index within that cell. --save FILE
writes the trial as a game record instead (JSON; PDN for FILE.pdn and a checkers
game), which play --load continues and replay FILE steps through.

With a file, the game is a saved game: a game record (JSON, as play's save writes it)
or a PDN file of one checkers game (.pdn). Its variant is looked up as play --load
does. --save FILE writes it again, converting between JSON and PDN by FILE's extension.

--json prints the replay as one JSON object: the start position and every step (ply,
player, move, position).`,
		Example: `  kalahlab replay results/ --trial 1234
  kalahlab replay results/ --cell 2 --trial 17 --color never
  kalahlab replay results/ --trial 1234 --json
  kalahlab replay results/ --trial 1234 --save game.json
  kalahlab replay game.json
  kalahlab replay game.pdn --json
  kalahlab replay game.json --save game.pdn`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			color, err := a.useColor()
			if err != nil {
				return err
			}
			info, err := os.Stat(args[0])
			switch {
			case err != nil:
				return fmt.Errorf("replay: %w (want a results directory, a game record or a .pdn file)", err)
			case !info.IsDir():
				if cmd.Flags().Changed("trial") || cmd.Flags().Changed("cell") {
					return fmt.Errorf("%s is a game file: --trial and --cell pick a game of a results directory", args[0])
				}
				return a.replayFile(cmd, args[0], save, color)
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
			if save != "" {
				game, err := trialRecord(plan, rec, seats, start, steps)
				if err != nil {
					return err
				}
				if err := writeGameFile(save, game); err != nil {
					return err
				}
				fmt.Fprintf(a.out, "wrote trial %d (cell %d, %s) to %s: `kalahlab replay %s` steps through it, `kalahlab play --load %s` continues it\n",
					rec.Trial, rec.Cell, cp.Label, save, shellWord(save), shellWord(save))
				return nil
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
			plays := make([]replayStep, len(steps))
			for i, st := range steps {
				plays[i] = replayStep{Ply: st.Ply, Player: st.Player, Move: st.Move, state: st.State()}
			}
			printSteps(a, seats, start, plays, color)
			switch {
			case rec.Error != "":
				fmt.Fprintf(a.out, "the game failed: %s\n", rec.Error)
			case rec.TimedOut:
				fmt.Fprintf(a.out, "stopped after %d plies (max_plies): a timeout, counted as a draw\n", rec.Plies)
			default:
				fmt.Fprintf(a.out, "%s after %d plies%s\n", resultWords(rec.Returns), rec.Plies, scoresText(rec.Scores))
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&trial, "trial", 0, "the trial `N` to replay (study-wide, or within --cell)")
	cmd.Flags().IntVar(&cell, "cell", 0, "count --trial within this `CELL`")
	cmd.Flags().StringVar(&save, "save", "", "write the game as a game record `FILE` (JSON; PDN for .pdn) instead of replaying it")
	return cmd
}

// replayStep is one ply of a replayed game, as replay prints it (the same JSON as
// experiments.Step).
type replayStep struct {
	Ply      int         `json:"ply"`
	Player   core.Player `json:"player"` // the seat, or -1 for a chance outcome
	Move     string      `json:"move"`
	Position string      `json:"position"`
	state    core.State
}

// printSteps draws the seats, the start and every step.
func printSteps(a *app, seats []string, start core.State, steps []replayStep, color bool) {
	for s, name := range seats {
		fmt.Fprintf(a.out, "  %v: %s\n", core.Player(s), name)
	}
	fmt.Fprintf(a.out, "\n%s\n", start.Render(color))
	prev := start
	for _, st := range steps {
		who := "chance"
		if st.Player >= 0 && int(st.Player) < len(seats) {
			who = fmt.Sprintf("%v (%s)", st.Player, seats[st.Player])
		}
		move := st.Move
		if m, err := prev.ParseMove(st.Move); err == nil && prev.ToMove() != core.Terminal {
			move = moveWords(prev, m) // what the move did, where the game says it
		}
		fmt.Fprintf(a.out, "ply %d: %s plays %s\n%s\n", st.Ply, who, move, st.state.Render(color))
		prev = st.state
	}
}

// resultWords says who won by a game's returns.
func resultWords(returns []float64) string {
	if w := core.Winners(returns); len(w) == 1 {
		return fmt.Sprintf("%v wins", w[0])
	}
	return "a draw"
}

func scoresText(scores []float64) string {
	if len(scores) == 0 {
		return ""
	}
	return fmt.Sprintf(", scores %v", scores)
}

// replayFile steps through a saved game (a game record or a PDN file), or with save
// writes it to another file.
func (a *app) replayFile(cmd *cobra.Command, path, save string, color bool) error {
	res, rec, err := a.loadRecord(cmd, path)
	if err != nil {
		return err
	}
	st := res.newState()
	start := st.Clone()
	steps := make([]replayStep, 0, len(rec.Moves))
	for i, text := range rec.Moves {
		who := st.ToMove()
		if who == core.Terminal {
			return fmt.Errorf("%s: %w", path, &record.MoveError{Index: i + 1, Move: text, Err: fmt.Errorf("the game is already over")})
		}
		m, err := core.ParsePlay(st, text)
		if err != nil {
			return fmt.Errorf("%s: %w", path, &record.MoveError{Index: i + 1, Move: text, Err: err})
		}
		move := st.MoveString(m)
		st.Play(m)
		steps = append(steps, replayStep{Ply: i + 1, Player: who, Move: move, Position: st.String(), state: st.Clone()})
	}
	if rec.Position != "" && st.Err() == nil && st.String() != rec.Position {
		fmt.Fprintf(a.errOut, "kalahlab: warning: %s: the moves lead to %q, but the record says %q (the rules changed?)\n", path, st.String(), rec.Position)
	}
	if save != "" {
		if err := writeGameFile(save, rec); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "wrote %s (%d moves) to %s\n", path, len(rec.Moves), save)
		return nil
	}
	result := rec.Result
	if r := record.ResultOf(st); r != nil {
		result = r
	}
	if a.json {
		var returns, scores []float64
		if result != nil {
			returns, scores = result.Returns, result.Scores
		}
		return json.NewEncoder(a.out).Encode(map[string]any{
			"record": path, "variant": res.variant.Name, "knobs": maps.Clone(rec.Knobs), "seed": rec.Seed,
			"seats": rec.Players, "start": start.String(), "steps": steps, "returns": returns, "scores": scores,
			"plies": len(steps), "over": st.ToMove() == core.Terminal, "result": result,
		})
	}
	fmt.Fprintf(a.out, "%s, game record %s: %d moves, seed %d\n", res.variant.Name, path, len(steps), rec.Seed)
	if rec.Start != "" {
		fmt.Fprintf(a.out, "  set up from %s\n", rec.Start)
	}
	printSteps(a, rec.Players, start, steps, color)
	switch {
	case st.Err() != nil:
		fmt.Fprintf(a.out, "the game failed: %v\n", st.Err())
	case st.ToMove() == core.Terminal:
		var scores []float64
		if sc, ok := st.(core.Scorer); ok {
			scores = sc.Scores(nil)
		}
		fmt.Fprintf(a.out, "%s after %d plies%s\n", resultWords(st.Returns(nil)), len(steps), scoresText(scores))
	case result != nil && result.Error != "":
		fmt.Fprintf(a.out, "the game failed: %s\n", result.Error)
	case result != nil:
		fmt.Fprintf(a.out, "%s after %d plies, by the record (a resignation or an agreed draw: the rules had not ended the game)\n", resultWords(result.Returns), len(steps))
	default:
		fmt.Fprintf(a.out, "unfinished after %d plies: %s\n", len(steps), statusLine(st))
	}
	return nil
}

// trialRecord describes a trial of a study as a game record: the cell's variant, knobs
// and house rules, the trial's seed and seats, its moves in notation.
func trialRecord(plan *experiments.Plan, tr *experiments.Record, seats []string, start core.State, steps []experiments.Step) (*record.Game, error) {
	cp := plan.Cells[tr.Cell]
	rec := &record.Game{
		Variant: cp.Lookup, Name: cp.Name, HouseRules: cp.HouseRules, Hash: cp.Hash,
		Knobs: maps.Clone(cp.Knobs), Seed: tr.Seed, Players: seats, Moves: []string{},
		Position: start.String(), Result: record.ResultOf(start),
	}
	for _, st := range steps {
		rec.Moves = append(rec.Moves, st.Move)
		rec.Position, rec.Result = st.Position, record.ResultOf(st.State())
	}
	if path, ok := userScript(cp.Source); ok {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("trial %d: reading the variant's script: %w", tr.Trial, err)
		}
		rec.Script = &record.Script{Path: path, SHA256: record.SHA256(string(src)), Source: string(src)}
	}
	return rec, nil
}

// shellWord quotes a word for a shell command line when it needs it.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./-:=,+", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	if s == "" {
		return "''"
	}
	return s
}
