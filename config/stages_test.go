package config

import (
	"strings"
	"testing"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryStageInOneRun: a file with an unknown variant, a knob out of range and a
// float knob reports all three in one load, in line order; the knobs are checked against
// the closest variant, and the messages say so.
func TestEveryStageInOneRun(t *testing.T) {
	clearEnv(t)
	tests := []struct {
		name, text string
		want       []string
	}{
		{"unknown variant and bad knobs", "variant: kalha\nparams:\n  houses: 50\n  seeds: 3.5\n", []string{
			`g.yaml:1: variant "kalha" unknown, did you mean "kalah"? (also close: "mancala/kalah"`,
			`g.yaml:3: params.houses: value 50 not allowed (want an integer 1..16) (checked against kalah, the closest name)`,
			`g.yaml:4: params.seeds: 3.5 is a float, want an integer 1..32 (checked against kalah, the closest name)`,
		}},
		{"unknown knob of the closest variant", "params:\n  housez: 4\nvariant: kalha\n", []string{
			`g.yaml:2: params.housez: unknown, did you mean "houses"?`,
			`g.yaml:3: variant "kalha" unknown, did you mean "kalah"?`,
		}},
		{"nothing close: the knobs wait for a known variant", "variant: zzqqxx\nparams:\n  houses: 50\n", []string{
			`g.yaml:1: variant "zzqqxx" unknown (` + "`kalahlab variants list`",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _ := loadErrors(t, tc.text)
			lines := strings.Split(text, "\n")
			require.Len(t, lines, len(tc.want), text)
			for i, w := range tc.want {
				assert.Contains(t, lines[i], w, "line %d", i+1)
			}
		})
	}
}

// TestAgentAsCommandLineSpec: a player's agent may be written as on the command line
// ("alphabeta:depth=3"), the same as the mapping form; an option given both ways, and
// a bad spec, are errors at their lines.
func TestAgentAsCommandLineSpec(t *testing.T) {
	clearEnv(t)
	spec := writeConfig(t, "players:\n  - { agent: \"alphabeta:depth=3\" }\n  - agent: \"mcts:iterations=50,c=1.2\"\n")
	mapping := writeConfig(t, "players:\n  - { agent: alphabeta, depth: 3 }\n  - { agent: mcts, iterations: 50, c: 1.2 }\n")
	a, err := LoadGame(viper.New(), spec)
	require.NoError(t, err)
	b, err := LoadGame(viper.New(), mapping)
	require.NoError(t, err)
	assert.Equal(t, b.Players, a.Players)

	tests := []struct{ name, text, want string }{
		{"option twice", "players:\n  - agent: \"alphabeta:depth=3\"\n    depth: 4\n  - { agent: random }\n",
			`g.yaml:3: players[1].depth: option depth is also set in agent "alphabeta:depth=3": give it once`},
		{"unknown option in the spec", "players:\n  - { agent: \"mcts:iteratons=5\" }\n  - { agent: random }\n",
			`did you mean "iterations"?`},
		{"malformed spec", "players:\n  - { agent: \"alphabeta:depth\" }\n  - { agent: random }\n",
			`g.yaml:2: players[1].agent:`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, _ := loadErrors(t, tc.text)
			assert.Contains(t, text, tc.want)
		})
	}
}
