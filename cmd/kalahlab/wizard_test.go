package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wizard runs the setup wizard on answers, one a line, and returns what it printed, the
// variant chosen and the seats' specs.
func wizard(t *testing.T, answers ...string) (string, string, [4]string, error) {
	t.Helper()
	var out bytes.Buffer
	a := &app{in: strings.NewReader(strings.Join(answers, "\n") + "\n"), out: &out}
	cmd := &cobra.Command{}
	cmd.Flags().String("variant", "kalah", "")
	cmd.Flags().String("scripts", "", "")
	var players [4]string
	err := a.setupWizard(cmd, &players)
	v, _ := cmd.Flags().GetString("variant")
	return out.String(), v, players, err
}

func TestWizard(t *testing.T) {
	t.Run("family, variant, knob, preset and a depth asked for", func(t *testing.T) {
		out, v, players, err := wizard(t, "5", "oware", "seeds=3", "", "", "alphabeta", "5")
		require.NoError(t, err, out)
		assert.Equal(t, "oware", v)
		assert.Equal(t, [4]string{"human", "alphabeta:depth=5"}, players)
		assert.Contains(t, out, "Variants of mancala")
		assert.Contains(t, out, "alphabeta depth")
	})
	t.Run("a name at the first question, presets, bad answers asked again", func(t *testing.T) {
		out, v, players, err := wizard(t, "kalah/pie", "", "hard:depth=2", "easy", "nope", "hard")
		require.NoError(t, err, out)
		assert.Equal(t, "kalah/pie", v)
		assert.Equal(t, [4]string{"easy", "hard"}, players)
		assert.Contains(t, out, "preset hard takes no options")
		assert.Contains(t, out, `agent "nope" unknown`)
	})
	t.Run("back from a family", func(t *testing.T) {
		out, v, _, err := wizard(t, "1", "back", "kalah", "", "", "")
		require.NoError(t, err, out)
		assert.Equal(t, "kalah", v)
	})
	t.Run("every list fits a 24-line terminal", func(t *testing.T) {
		for fam := 1; fam <= 5; fam++ {
			out, _, _, _ := wizard(t, strings.Repeat("x", 0)+string(rune('0'+fam)))
			lines := strings.Split(out, "\n")
			listed := 0
			for _, l := range lines {
				if strings.HasPrefix(l, "  ") {
					listed++
				}
			}
			assert.LessOrEqual(t, listed, 24, "family %d:\n%s", fam, out)
		}
	})
}
