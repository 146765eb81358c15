package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// seat is who plays one seat: a person (agent nil) or an agent.
type seat struct {
	spec  ai.Spec
	agent ai.Agent
}

func (s seat) human() bool { return s.agent == nil }

func newPlayCmd(a *app) *cobra.Command {
	var players [4]string
	var moves string
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a variant in the terminal: a person or an agent on each seat",
		Long: `Play a variant in the terminal.

Each seat is played by a person (human) or an agent (random; more with the AI
work). A person types moves in the game's notation (Kalah: a house number 1..n
counted from their left, or swap), or one of the commands: help, moves, undo,
redo, save FILE, board, quit.

With --moves the moves are applied without asking and the position is printed
(as JSON with --json). With agents on every seat the game is played out and
printed move by move. Run in a terminal with no variant, config or --set, play
first offers a short setup: pick the variant, adjust its knobs, pick the players.`,
		Example: `  kalahlab play
  kalahlab play --p1 human --p2 random --set houses=4 --set seeds=3
  kalahlab play --variant kalah --set houses=4 --set seeds=3 --moves 2,1,4 --json
  kalahlab play -c config/examples/kalah-4x3.yaml
  kalahlab play --p1 random --p2 random --seed 7`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			color, err := a.useColor()
			if err != nil {
				return err
			}
			if moves == "" && !a.variantGiven(cmd) && isTerminal(a.in) && isTerminal(a.out) {
				if err := a.setupWizard(cmd, &players); err != nil {
					return err
				}
			}
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			seats, err := a.seats(cmd, res, players)
			if err != nil {
				return err
			}
			st := res.game.NewState()
			if moves != "" {
				if err := applyMoves(st, moves); err != nil {
					return err
				}
				return a.printPosition(res, st, len(splitMoves(moves)), color)
			}
			sess := &session{
				a: a, res: res, seats: seats, state: st, color: color,
				rng: rand.New(rand.NewPCG(res.cfg.Seed, 0x6469636521)),
			}
			return sess.run(cmd.Context())
		},
	}
	f := cmd.Flags()
	for i := range players {
		f.StringVar(&players[i], fmt.Sprintf("p%d", i+1), "",
			fmt.Sprintf("who plays seat %d: human or an agent spec such as random (default from the config: human, random)", i+1))
		_ = cmd.RegisterFlagCompletionFunc(fmt.Sprintf("p%d", i+1), completeAgents)
	}
	f.StringVar(&moves, "moves", "", "apply these moves, comma-separated (e.g. 3,1,swap), and print the position")
	return cmd
}

func completeAgents(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return append([]string{ai.Human}, ai.Names()...), cobra.ShellCompDirectiveNoFileComp
}

// seats builds each seat's player: the config's players, overridden by --pN flags,
// missing seats filled with the random agent.
func (a *app) seats(cmd *cobra.Command, res *resolved, flags [4]string) ([]seat, error) {
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
	seats := make([]seat, n)
	for i, spec := range specs {
		seats[i].spec = spec
		if spec.Agent == ai.Human {
			continue
		}
		ag, err := ai.New(spec, res.cfg.Seed+uint64(i)*0x9e3779b97f4a7c15)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		seats[i].agent = ag
	}
	return seats, nil
}

// splitMoves reads a comma-separated move list; spaces around moves are allowed.
func splitMoves(list string) []string {
	var out []string
	for _, m := range strings.Split(list, ",") {
		out = append(out, strings.TrimSpace(m))
	}
	return out
}

// applyMoves plays a comma-separated list; an illegal move is an error naming its index
// (from 1) and the legal moves.
func applyMoves(st core.State, list string) error {
	for i, text := range splitMoves(list) {
		if text == "" {
			return fmt.Errorf("--moves: move %d is empty (want moves separated by commas, e.g. 3,1,4)", i+1)
		}
		m, err := core.ParsePlay(st, text)
		if err != nil {
			return fmt.Errorf("--moves: move %d: %w", i+1, err)
		}
		st.Play(m)
		if err := st.Err(); err != nil {
			return fmt.Errorf("--moves: move %d stopped the game: %w", i+1, err)
		}
	}
	return nil
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
		seat := int(p) + 1
		out.ToMove = &seat
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
	if a.json {
		enc := json.NewEncoder(a.out)
		return enc.Encode(describe(res.variant.Name, st, plies))
	}
	fmt.Fprint(a.out, st.Render(color))
	fmt.Fprintf(a.out, "position: %s\n", st)
	fmt.Fprintln(a.out, statusLine(st))
	return nil
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
