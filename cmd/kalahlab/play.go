package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/record"
)

func newPlayCmd(a *app) *cobra.Command {
	var players [4]string
	var moves, load, save string
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a variant in the terminal: a person or an agent on each seat",
		Long: `Play a variant in the terminal.

Each seat (--p1 .. --p4) is played by a person ("human") or an agent: random, greedy,
minimax, negamax, alphabeta, negascout, expectiminimax or mcts, with options as in
alphabeta:depth=8,time=2s (see the agent table in docs/variants.md). An agent that cannot play
the game (alpha-beta with dice or more than two players, say) is refused at start-up.
A search is bounded per move by depth, nodes or time (the alpha-beta family) and
iterations or time (mcts), and MCTS's tree by memory (MB, 128 unless given: once full,
the tree stops growing and the search goes on within it), as in
mcts:iterations=2000000,memory=64.
Without flags the seats come from the config: a person against the random agent.

A person types a move in the game's notation (Kalah: a house number 1..n counted from
their left, or swap under the pie rule; checkers: 11-15, or 15x24 for a capture;
tic-tac-toe: b2; Ludo: the letter of a token) or one of the commands:

  moves       list the legal moves
  undo        take back your last move (and the agents' replies since)
  redo        play a taken-back move again
  board       draw the board again
  hint        what an agent would play here, and its evaluation
  replay      step through the game from the start (Enter: next move, q: stop)
  draw        offer a draw (games that allow one, such as checkers)
  save FILE   write the game record to FILE (JSON; PDN for a checkers FILE.pdn);
              play --load FILE continues it
  help        list the commands
  quit        leave the game

Input lines longer than 4096 bytes are refused (the game goes on); the game ends when
the input does.

With --moves the moves are applied without asking and the position is printed (as
JSON with --json). With agents on every seat the game is played out and printed move
by move (only the final position with --json). --save FILE writes the game record
(JSON: the variant, its knobs, the seed, the players and every move, dice included)
when the game ends, as the save command does at any time; --load FILE restores a saved
game and continues it (--pN and --seed override the record's, --moves adds moves after
its own); the scripts a record names must be built-in or inside --scripts DIR (a game of
--variant ./my.lua continues with --scripts .). A FILE ending in .pdn is PDN (Portable Draughts Notation), the format other
draughts programs read: checkers under English, International, Russian, Brazilian or
Canadian rules, set-up positions (FEN) included; its player tags seat the agents they
name (alphabeta:depth=8) and people otherwise. kalahlab replay FILE steps through a
saved game. Run in a terminal with no variant, config or --set, play first offers a
short setup: pick the variant, adjust its knobs, pick the players.

A game stopped by an error in a variant's script (a failing hook) prints the error
(script, line, hook) and exits with status 3.`,
		Example: `  kalahlab play
  kalahlab play --p1 human --p2 alphabeta:depth=8 --set houses=4 --set seeds=3
  kalahlab play --variant kalah --set houses=4 --set seeds=3 --moves 2,1,4 --json
  kalahlab play -c config/examples/kalah-4x3.yaml
  kalahlab play --p1 random --p2 random --seed 7
  kalahlab play --variant checkers --p2 alphabeta:time=2s
  kalahlab play --variant ludo --p1 human --p2 mcts --p3 greedy --p4 random
  kalahlab play --p1 alphabeta --p2 mcts --save game.json
  kalahlab play --load game.json
  kalahlab play --load game.json --p2 mcts:iterations=5000
  kalahlab play --variant checkers --p2 alphabeta --save game.pdn
  kalahlab play --load game.pdn`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			color, err := a.useColor()
			if err != nil {
				return err
			}
			var res *resolved
			var rec *record.Game
			if load != "" {
				if a.configPath != "" || cmd.Flags().Changed("variant") || len(a.sets) > 0 {
					return fmt.Errorf("--load takes the variant and its knobs from the record: drop --variant, --config and --set")
				}
				if res, rec, err = a.loadRecord(cmd, load); err != nil {
					return err
				}
			} else {
				if moves == "" && !a.variantGiven(cmd) && isTerminal(a.in) && isTerminal(a.out) {
					if err := a.setupWizard(cmd, &players); err != nil {
						return err
					}
				}
				if res, err = a.loadGame(); err != nil {
					return err
				}
			}
			seats, err := a.seats(res, players)
			if err != nil {
				return err
			}
			st := res.newState()
			var history []core.Move
			if rec != nil {
				if st, history, err = rec.Replay(res.game); err != nil {
					return fmt.Errorf("%s: %w", load, err)
				}
			}
			if moves != "" {
				if history, err = applyMoves(st, moves, history); err != nil {
					return err
				}
				if err := a.printPosition(res, st, len(history), color); err != nil {
					return err
				}
				if save != "" {
					if err := a.saveRecord(save, res, seats, history, st); err != nil {
						return err
					}
				}
				return stopped(st)
			}
			sess := &session{
				a: a, res: res, seats: seats, state: st, color: color, history: history, loaded: load, saveTo: save,
				rng: rand.New(rand.NewPCG(res.cfg.Seed, 0x6469636521+uint64(len(history)))),
			}
			return sess.run(cmd.Context())
		},
	}
	f := cmd.Flags()
	for i := range players {
		f.StringVar(&players[i], fmt.Sprintf("p%d", i+1), "",
			fmt.Sprintf("who plays seat %d: human, a strength (easy, medium, hard, perfect), or an agent `SPEC` such as random or alphabeta:depth=8 (default from the config: human, random)", i+1))
		_ = cmd.RegisterFlagCompletionFunc(fmt.Sprintf("p%d", i+1), completeAgents)
	}
	f.StringVar(&moves, "moves", "", "apply these moves, comma-separated (e.g. 3,1,swap), and print the position")
	f.StringVar(&load, "load", "", "restore the game record `FILE` (written by save; PDN for .pdn) and continue it")
	f.StringVar(&save, "save", "", "write the game record to `FILE` when the game ends (over, quit or end of input); PDN for .pdn")
	return cmd
}

// stopped is the error of a game stopped by an error (a failing Lua hook): it ends the
// command with exitFailed. nil for a game going on or ended by its rules.
func stopped(st core.State) error {
	if err := st.Err(); err != nil {
		return withCode(exitFailed, fmt.Errorf("game stopped: %w", err))
	}
	return nil
}

func completeAgents(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return append(append([]string{ai.Human}, seat.PresetNames()...), ai.Names()...), cobra.ShellCompDirectiveNoFileComp
}

// seats builds each seat's player: the config's players, overridden by --pN flags,
// missing seats filled with the random agent. An agent that cannot play the game is an
// error naming the seat, the agent and why (see seat.Build).
func (a *app) seats(res *resolved, flags [4]string) ([]seat.Player, error) {
	n := res.game.NumPlayers()
	specs := make([]ai.Spec, n)
	for i := range specs {
		specs[i] = ai.Spec{Agent: "random"}
		if i < len(res.cfg.Players) {
			specs[i] = res.cfg.Players[i]
		}
	}
	if len(res.cfg.Players) > n {
		return nil, fmt.Errorf("%d players configured, but %s has %d seats", len(res.cfg.Players), res.variant.Name, n)
	}
	for i, text := range flags {
		if text == "" {
			continue
		}
		if i >= n {
			return nil, fmt.Errorf("--p%d: %s has only %d seats", i+1, res.variant.Name, n)
		}
		spec, err := ai.ParseSpec(text)
		if err != nil {
			return nil, fmt.Errorf("--p%d: %w", i+1, err)
		}
		specs[i] = spec
	}
	return seat.Build(res.game, specs, func(i int) uint64 { return res.cfg.Seed + uint64(i)*0x9e3779b97f4a7c15 })
}

// splitMoves reads a comma-separated move list; spaces around moves are allowed.
func splitMoves(list string) []string {
	var out []string
	for _, m := range strings.Split(list, ",") {
		out = append(out, strings.TrimSpace(m))
	}
	return out
}

// applyMoves plays a comma-separated list, appending the moves to played; an illegal
// move is an error naming its index (from 1) and the legal moves.
func applyMoves(st core.State, list string, played []core.Move) ([]core.Move, error) {
	for i, text := range splitMoves(list) {
		if text == "" {
			return nil, fmt.Errorf("--moves: move %d is empty (want moves separated by commas, e.g. 3,1,4)", i+1)
		}
		m, err := core.ParsePlay(st, text)
		if e := st.Err(); e != nil {
			return nil, withCode(exitFailed, fmt.Errorf("--moves: move %d: the game was stopped: %w", i+1, e))
		}
		if err != nil {
			return nil, fmt.Errorf("--moves: move %d: %w", i+1, err)
		}
		st.Play(m)
		played = append(played, m)
		if err := st.Err(); err != nil {
			return nil, withCode(exitFailed, fmt.Errorf("--moves: move %d stopped the game: %w", i+1, err))
		}
	}
	return played, nil
}

// positionJSON is what play --json prints.
type positionJSON struct {
	Variant  string    `json:"variant"`
	Position string    `json:"position"`
	ToMove   *int      `json:"to_move"` // seat from 1; null once over
	Over     bool      `json:"over"`
	Scores   []float64 `json:"scores"` // per seat
	Winner   *int      `json:"winner"` // seat from 1, 0 for a draw; null until over
	Plies    int       `json:"plies"`
	Error    string    `json:"error,omitempty"`
}

func describe(name string, st core.State, plies int) positionJSON {
	out := positionJSON{Variant: name, Position: st.String(), Plies: plies}
	if p := st.ToMove(); p >= 0 {
		toMove := int(p) + 1
		out.ToMove = &toMove
	}
	out.Over = st.ToMove() == core.Terminal
	if sc, ok := st.(core.Scorer); ok {
		out.Scores = sc.Scores(nil)
	} else if out.Over {
		out.Scores = st.Returns(nil)
	}
	if out.Over {
		w := 0
		if win := core.Winners(st.Returns(nil)); len(win) == 1 {
			w = int(win[0]) + 1
		}
		out.Winner = &w
	}
	if err := st.Err(); err != nil {
		out.Error = err.Error()
	}
	return out
}

func (a *app) printPosition(res *resolved, st core.State, plies int, color bool) error {
	settle(st)
	if a.json {
		enc := json.NewEncoder(a.out)
		return enc.Encode(describe(res.variant.Name, st, plies))
	}
	fmt.Fprint(a.out, st.Render(color))
	fmt.Fprintf(a.out, "position: %s\n", st)
	fmt.Fprintln(a.out, statusLine(st))
	return nil
}

// settle asks for the legal moves once, so that a hook that fails on them (can_play)
// stops the game now, with its error in st.Err, rather than leaving a seat to move with
// no moves.
func settle(st core.State) {
	if st.ToMove() >= 0 {
		st.LegalMoves(nil)
	}
}

// statusLine says whose turn it is or how the game ended.
func statusLine(st core.State) string {
	if err := st.Err(); err != nil {
		return "game stopped: " + err.Error()
	}
	switch p := st.ToMove(); p {
	case core.Terminal:
		win := core.Winners(st.Returns(nil))
		if len(win) == 1 {
			return fmt.Sprintf("game over: %v wins", win[0])
		}
		return "game over: a draw"
	case core.Chance:
		return "a die roll is due"
	default:
		return fmt.Sprintf("%v to move; legal: %s", p, core.MovesString(st, st.LegalMoves(nil)))
	}
}
