package seat

import (
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/kalahlab/kalahlab/ai"
)

// Limits bound what one agent may take on a server that strangers use: the memory of
// its tables or tree, and the time of one move.
type Limits struct {
	MemoryMB int           // at most this many MB for alpha-beta's tt and MCTS's memory
	MoveTime time.Duration // at most this long a move; a search given no time gets this
	// NoDatabases keeps agents from building endgame databases (the perfect agent's
	// endgame=cache): a server does not spend minutes and gigabytes on a stranger's game.
	NoDatabases bool
}

// ServerLimits are the bounds of kalahlab serve's Play page.
var ServerLimits = Limits{MemoryMB: 256, MoveTime: 10 * time.Second, NoDatabases: true}

// Bound returns spec within lim: an agent asking for more memory or a longer move is
// refused, saying the bound; a search agent given no time (only a depth, nodes or
// iterations) gets lim.MoveTime as well, so that no move runs longer (MCTS keeps its
// 10,000 iterations when it was given none); with lim.NoDatabases the solver's agent
// reads and builds no endgame database. Other agents are returned as they are.
func Bound(spec ai.Spec, lim Limits) (ai.Spec, error) {
	_, opts, ok := ai.Describe(spec.Agent)
	if !ok {
		return spec, nil // ai.New says what is wrong
	}
	out := ai.Spec{Agent: spec.Agent, Options: maps.Clone(spec.Options)}
	if out.Options == nil {
		out.Options = map[string]string{}
	}
	takesTime := false
	for _, o := range opts {
		v, set := out.Options[o.Name]
		switch o.Name {
		case "tt", "memory":
			if n, err := strconv.Atoi(v); set && err == nil && n > lim.MemoryMB {
				return ai.Spec{}, fmt.Errorf("agent %s: %s=%d is over this server's bound of %d MB an agent", spec.Agent, o.Name, n, lim.MemoryMB)
			}
		case "endgame":
			if lim.NoDatabases && set && v != "none" {
				return ai.Spec{}, fmt.Errorf("agent %s: endgame=%s: this server builds no endgame databases (endgame=none)", spec.Agent, v)
			}
			if lim.NoDatabases {
				out.Options["endgame"] = "none"
			}
		case "time":
			takesTime = true
			if d, err := time.ParseDuration(v); set && err == nil && d > lim.MoveTime {
				return ai.Spec{}, fmt.Errorf("agent %s: time=%s is over this server's bound of %v a move", spec.Agent, v, lim.MoveTime)
			}
		}
	}
	if _, set := out.Options["time"]; takesTime && !set {
		if _, iters := out.Options["iterations"]; spec.Agent == "mcts" && !iters {
			out.Options["iterations"] = strconv.Itoa(ai.DefaultMCTSIterations)
		}
		out.Options["time"] = lim.MoveTime.String()
	}
	return out, nil
}
