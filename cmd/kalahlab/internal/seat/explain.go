package seat

import (
	"fmt"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// Units names a game's evaluation units.
func Units(base string) string {
	if base == "kalah" || base == "mancala" {
		return "seeds"
	}
	return "points"
}

// Explain puts a search's result in words, for the player p it searched for.
func Explain(info ai.Info, agent string, p core.Player, unit string) string {
	v := info.Value
	if agent == "mcts" {
		r := float64(v)/500 - 1
		return fmt.Sprintf("After %d playouts, %v's expected result is %+.2f (−1 a sure loss, 0 even, +1 a sure win): %s.", info.Nodes, p, r, leaning(r))
	}
	depth := fmt.Sprintf("looking %d moves ahead", info.Depth)
	switch {
	case v >= core.WinScore/2:
		by := ""
		if m := v - core.WinScore; m > 0 {
			by = fmt.Sprintf(" by %d %s", m, unit)
		}
		return fmt.Sprintf("%v can force a win%s (%s).", p, by, depth)
	case v <= -core.WinScore/2:
		return fmt.Sprintf("%v loses against best play (%s).", p, depth)
	case v == 0:
		return fmt.Sprintf("The position is level by this search (%s).", depth)
	case v > 0:
		return fmt.Sprintf("%v is %d %s ahead by this search (%s).", p, v, unit, depth)
	default:
		return fmt.Sprintf("%v is %d %s behind by this search (%s).", p, -v, unit, depth)
	}
}

func leaning(r float64) string {
	switch {
	case r > 0.5:
		return "clearly better"
	case r > 0.1:
		return "somewhat better"
	case r < -0.5:
		return "clearly worse"
	case r < -0.1:
		return "somewhat worse"
	}
	return "about even"
}
