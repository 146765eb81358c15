package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadExperimentLadder(t *testing.T) {
	clearExperimentEnv(t)
	specs := func(e *Experiment) (agents, ladder []string) {
		for _, s := range e.Agents {
			agents = append(agents, s.String())
		}
		for _, s := range e.Ladder {
			ladder = append(ladder, s.String())
		}
		return agents, ladder
	}
	tests := []struct {
		name         string
		yaml         string
		agents, rung []string
	}{
		{"ladder only: no agents' cell", "variants: [kalah]\nladder:\n  - { agent: random }\n  - { agent: greedy }\n  - { agent: alphabeta, depth: 2 }\n",
			nil, []string{"random", "greedy", "alphabeta:depth=2"}},
		{"ladder and agents", "variants: [kalah]\nagents:\n  - { agent: alphabeta, depth: 3 }\n  - { agent: random }\nladder:\n  - { agent: random }\n  - { agent: mcts, iterations: 100 }\n",
			[]string{"alphabeta:depth=3", "random"}, []string{"random", "mcts:iterations=100"}},
		{"a one-rung ladder", "variants: [kalah]\nladder: [{ agent: greedy }]\n", nil, []string{"greedy"}},
		{"neither: the random agent", "variants: [kalah]\n", []string{"random"}, nil},
		{"an empty ladder value is no ladder", "variants: [kalah]\nladder:\n", []string{"random"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := LoadExperiment(viper.New(), writeStudy(t, tc.yaml))
			require.NoError(t, err)
			agents, ladder := specs(e)
			assert.Equal(t, tc.agents, agents)
			assert.Equal(t, tc.rung, ladder)
		})
	}
}

func TestLoadExperimentLadderErrors(t *testing.T) {
	clearExperimentEnv(t)
	tests := []struct {
		name string
		yaml string
		want string // the message after the file name
	}{
		{"unknown agent", "variants: [kalah]\nladder:\n  - { agent: random }\n  - { agent: alphabta, depth: 2 }\n",
			`:4: ladder[2].agent: agent "alphabta" unknown, did you mean "alphabeta"?`},
		{"unknown option", "variants: [kalah]\nladder:\n  - { agent: alphabeta, dept: 2 }\n",
			`:3: ladder[1].dept: unknown option of agent alphabeta (did you mean "depth"?`},
		{"bad option value", "variants: [kalah]\nladder:\n  - { agent: random }\n  - agent: alphabeta\n    depth: deep\n",
			`:5: ladder[2].depth:`},
		{"human", "variants: [kalah]\nladder:\n  - { agent: human }\n",
			`:3: ladder[1]: an experiment has no human players`},
		{"no agent key", "variants: [kalah]\nladder:\n  - { depth: 4 }\n",
			`:3: ladder[1]: no agent key, want { agent: NAME, option: value, ... }`},
		{"a rung twice", "variants: [kalah]\nladder:\n  - { agent: greedy }\n  - { agent: alphabeta, depth: 4 }\n  - { depth: 4, agent: alphabeta }\n",
			`:5: ladder[3]: alphabeta:depth=4 is ladder[2] again: each rung of a ladder must be a different agent`},
		{"a mapping, not a list", "variants: [kalah]\nladder: { agent: random }\n",
			`:2: ladder: a mapping, want a list of agents of rising strength such as [{ agent: random }, { agent: alphabeta, depth: 4 }]`},
		{"an empty list", "variants: [kalah]\nladder: []\n", `:2: ladder: an empty list, want at least one rung such as { agent: random }`},
		{"a name, not a mapping", "variants: [kalah]\nladder: [random]\n", `:2: ladder[1]:`},
		{"rung ratings without a ladder", "variants: [kalah]\nrung_ratings: 100\n",
			`:2: rung_ratings: 100 games rate the rungs of a ladder against each other, and the study's ladder has 0: give it two rungs or more, or leave rung_ratings out`},
		{"rung ratings of one rung", "variants: [kalah]\nladder: [{ agent: greedy }]\nrung_ratings: 100\n",
			`:3: rung_ratings: 100 games rate the rungs of a ladder against each other, and the study's ladder has 1`},
		{"negative rung ratings", "variants: [kalah]\nladder: [{ agent: greedy }, { agent: random }]\nrung_ratings: -2\n",
			`:3: rung_ratings: -2 is out of range, want a number of games 0..1048576 (0: none)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeStudy(t, tc.yaml)
			_, err := LoadExperiment(viper.New(), path)
			require.Error(t, err)
			var cerr *Error
			require.ErrorAs(t, err, &cerr)
			assert.Contains(t, err.Error(), path+tc.want)
		})
	}
}

// TestDefaultStudyLadder: the default study (make run) plays a skill ladder and
// solves: the report's perfect-play column is no longer always empty.
func TestDefaultStudyLadder(t *testing.T) {
	clearExperimentEnv(t)
	e, err := LoadExperiment(viper.New(), "")
	require.NoError(t, err)
	assert.Empty(t, e.Agents, "the ladder plays every cell")
	require.GreaterOrEqual(t, len(e.Ladder), 3)
	assert.Equal(t, "random", e.Ladder[0].String(), "weakest first")
	assert.Positive(t, e.Solve.Nodes, "perfect play tops the ladder")
	assert.False(t, e.Solve.LoadDependent(), "a node budget: the same cells solve on every machine")
}

func FuzzLoadExperimentLadder(f *testing.F) {
	f.Add("variants: [kalah]\nladder:\n  - { agent: random }\n  - { agent: alphabeta, depth: 2 }\n")
	f.Add("variants: [kalah]\nagents: { agent: greedy }\nladder: [{ agent: greedy }, { agent: greedy }]\n")
	f.Add("variants: [kalah]\nladder: [{ agent: alphabta }, { agent: random }, { agent: random }]\n")
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Skip()
		}
		e, err := LoadExperiment(viper.New(), path)
		if err != nil {
			return
		}
		if len(e.Agents) == 0 && len(e.Ladder) == 0 {
			t.Fatal("a study loaded with neither agents nor a ladder")
		}
		seen := map[string]bool{}
		for _, s := range e.Ladder {
			if seen[s.String()] {
				t.Fatalf("rung %s twice", s)
			}
			seen[s.String()] = true
		}
	})
}
