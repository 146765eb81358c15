package report

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdictStudy has no ladder: its cells are solved, and the pie rule compared with
// plain Kalah at two board sizes.
const verdictStudy = `
name: verdict
variants: [kalah, { variant: kalah/pie, label: pie }]
sweep: { houses: [3], seeds: [2, 3] }
agents: { agent: random }
games: 60
seed: 1
solve: 20M nodes
`

// TestVerdictWithoutLadder: a study without a ladder gets a verdict from perfect play
// (each pair of proved cells: what the variant does to the baseline's balance) and from
// its agents' comparisons (fairer, less fair, or not shown different, on the adjusted
// p), printed under the table and first in the HTML report.
func TestVerdictWithoutLadder(t *testing.T) {
	res, err := run.Run(context.Background(), study(t, verdictStudy), run.Options{Workers: 2})
	require.NoError(t, err)
	rep := Summarize(res)
	require.Len(t, rep.PerfectComparisons, 2)
	v := strings.Join(Verdict(rep), "\n")
	// The solver proves Kalah(3,2) a first-player win by 4 and a draw with the pie rule,
	// Kalah(3,3) a win by 2 and with the pie rule a loss by 2.
	assert.Contains(t, v, "Under perfect play kalah houses=3 seeds=2 is a win for the first seat by 4 and pie houses=3 seeds=2 a draw: pie houses=3 seeds=2 makes it fair (balance 0.000 → 1.000).")
	assert.Contains(t, v, "Under perfect play kalah houses=3 seeds=3 is a win for the first seat by 2 and pie houses=3 seeds=3 a loss for the first seat by 2: pie houses=3 seeds=3 leaves it as unbalanced (balance 0.000), the result now a loss for the first seat by 2.")
	assert.Contains(t, v, "pie houses=3 seeds=2 is not shown fairer or less fair than kalah houses=3 seeds=2 (balance ")
	assert.Contains(t, v, "of the report's 6 tests")
	var table, page bytes.Buffer
	require.NoError(t, WriteTable(&table, rep))
	assert.Contains(t, table.String(), "\nverdict:\n  Under perfect play kalah houses=3 seeds=2")
	require.NoError(t, WriteHTML(&page, rep))
	html := page.String()
	assert.Less(t, strings.Index(html, "<h2>Verdict</h2>"), strings.Index(html, "<h2>Summary</h2>"), "the verdict comes first")
}
