package seat

import (
	"fmt"
	"strings"

	"github.com/kalahlab/kalahlab/ai"
	_ "github.com/kalahlab/kalahlab/ai/solve" // the perfect preset's agent
	"github.com/kalahlab/kalahlab/core"
)

// Preset is a strength a person picks for an agent instead of writing its spec: what it
// stands for depends on the game (alpha-beta where it can play, expectiminimax with
// dice, MCTS for more than two players).
type Preset struct {
	Name string
	Doc  string
}

// Presets are the strengths, weakest first.
var Presets = []Preset{
	{"easy", "one move ahead (greedy): for a first game"},
	{"medium", "a short search (alpha-beta to depth 4; expectiminimax to 2 with dice; MCTS 2,000 iterations for 3+ players)"},
	{"hard", "a deep search, up to 2 s a move (alpha-beta to depth 12; expectiminimax to 3 with dice; MCTS 20,000 iterations for 3+ players)"},
	{"perfect", "the exact solver's move, which no other betters (two-player games without dice, on boards it proves: Kalah(6,3), Kalah(4,4), tic-tac-toe, small mancala boards; on a bigger one its move is an error that says so)"},
}

// PresetNames lists the presets' names, weakest first.
func PresetNames() []string {
	out := make([]string, len(Presets))
	for i, p := range Presets {
		out[i] = p.Name
	}
	return out
}

// IsPreset reports whether name is a preset's name.
func IsPreset(name string) bool {
	for _, p := range Presets {
		if p.Name == name {
			return true
		}
	}
	return false
}

// Expand returns the agent spec a preset stands for on g, or spec itself when it names
// no preset. A preset takes no options; "perfect" with options (perfect:nodes=500M) is
// the solver's agent, which the preset stands for.
func Expand(spec ai.Spec, g core.Game) (ai.Spec, error) {
	if !IsPreset(spec.Agent) || (spec.Agent == "perfect" && len(spec.Options) > 0) {
		return spec, nil // perfect with options is the solver's agent itself
	}
	if len(spec.Options) > 0 {
		return ai.Spec{}, fmt.Errorf("preset %s takes no options (write an agent spec such as alphabeta:depth=6 instead)", spec.Agent)
	}
	chance := ai.HasChance(g)
	two := g.NumPlayers() == 2
	o := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	switch {
	case spec.Agent == "perfect" && (!two || chance):
		return ai.Spec{}, fmt.Errorf("preset perfect: the solver proves two-player games without dice, and %s is not one (hard is the strongest agent here)", g.Name())
	case spec.Agent == "perfect":
		return ai.Spec{Agent: "perfect", Options: o()}, nil
	case spec.Agent == "easy":
		return ai.Spec{Agent: "greedy", Options: o()}, nil
	case two && !chance && spec.Agent == "medium":
		return ai.Spec{Agent: "alphabeta", Options: o("depth", "4")}, nil
	case two && !chance:
		return ai.Spec{Agent: "alphabeta", Options: o("depth", "12", "time", "2s")}, nil
	case two && spec.Agent == "medium":
		return ai.Spec{Agent: "expectiminimax", Options: o("depth", "2")}, nil
	case two:
		return ai.Spec{Agent: "expectiminimax", Options: o("depth", "3", "time", "2s")}, nil
	case spec.Agent == "medium":
		return ai.Spec{Agent: "mcts", Options: o("iterations", "2000")}, nil
	default:
		return ai.Spec{Agent: "mcts", Options: o("iterations", "20000", "time", "2s")}, nil
	}
}

// PresetHelp is one line naming the presets, for help texts and prompts.
func PresetHelp() string {
	return strings.Join(PresetNames(), ", ")
}
