package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/core"
)

// The solver as an agent: "perfect" proves the position's value at every move and plays
// the first move of the principal variation, a move no other can better. It plays two-player
// games without dice that the solver proves within its budget (small boards: Kalah(6,3),
// Kalah(4,4), tic-tac-toe, small mancala games); past the budget a move is an error that
// says so, never a guess.

// PerfectBudget is the perfect agent's default budget a move, in positions visited.
const PerfectBudget = 50_000_000

func init() {
	ai.Register("perfect", "plays a move the exact solver proves best (boards the solver proves within its budget)",
		perfectOptions, ai.Limits{MaxPlayers: 2}, newPerfect)
}

var perfectOptions = []ai.Option{
	{Name: "nodes", Doc: "the proof's budget a move, in positions, e.g. 50M [50M]; past it the move is an error"},
	{Name: "time", Doc: "give up a move's proof after this long, e.g. 10s [no limit]"},
	{Name: "tt", Doc: "the solver's table size in MB [64]"},
	{Name: "endgame", Doc: "cache (Kalah's endgame databases read from, and built into, the user cache) or none [cache]"},
}

// perfect is the solver's agent.
type perfect struct{ opt Options }

func newPerfect(o ai.Options, _ uint64) (ai.Agent, error) {
	nodes, err := o.Count("nodes", PerfectBudget)
	if err != nil {
		return nil, err
	}
	limit, err := o.Duration("time", 0)
	if err != nil {
		return nil, err
	}
	tt, err := o.Int("tt", 64, 1, 1<<16)
	if err != nil {
		return nil, err
	}
	opt := Options{Nodes: nodes, Time: limit, TTMB: tt, Threads: 1}
	switch db := o.Text("endgame", "cache"); db {
	case "cache":
		opt.EndgameDir = endgame.DefaultDir()
	case "none":
		opt.EndgameSeeds, opt.DBMB = -1, -1
	default:
		return nil, fmt.Errorf("agent perfect: option endgame=%q: want cache or none", db)
	}
	return &perfect{opt: opt}, nil
}

// SelectMove proves s's value and returns the principal variation's first move. One
// thread searches, so the move is the same on every run.
func (p *perfect) SelectMove(ctx context.Context, s core.State) (core.Move, error) {
	if s.ToMove() == core.Terminal {
		return 0, ai.ErrNoMoves
	}
	sol, err := Solve(ctx, s, p.opt)
	switch {
	case errors.Is(err, ErrGaveUp):
		return 0, fmt.Errorf("perfect: the position is not proved within %s: %w; a smaller board, a bigger budget (perfect:nodes=500M), or a search agent (the hard preset) plays it", p.budget(), err)
	case err != nil:
		return 0, fmt.Errorf("perfect: %w", err)
	case !slices.Contains(s.LegalMoves(nil), sol.BestMove):
		return 0, fmt.Errorf("perfect: the solver's move %v is not legal here (a bug: please report it)", sol.BestMove)
	}
	return sol.BestMove, nil
}

// budget says the agent's budget in words.
func (p *perfect) budget() string {
	out := ai.FormatCount(p.opt.Nodes) + " positions"
	if p.opt.Time > 0 {
		out += " or " + p.opt.Time.String()
	}
	return out
}
