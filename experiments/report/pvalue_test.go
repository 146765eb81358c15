package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// TestTinyPValuesStored: a p-value far below the display's "<0.001" is stored as its
// value, not 0, in the JSON and the CSV.
func TestTinyPValuesStored(t *testing.T) {
	rep := &Report{Cells: []*CellSummary{tinyCell()}}
	var js bytes.Buffer
	require.NoError(t, Render(&js, rep, "json"))
	var back struct {
		Cells []struct {
			P float64 `json:"seats_equal_p"`
		} `json:"cells"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	want := stats.SignTest(1500, 500)
	assert.Greater(t, want, 0.0)
	assert.InEpsilon(t, want, back.Cells[0].P, 1e-12)
	var cs bytes.Buffer
	require.NoError(t, Render(&cs, rep, "csv"))
	table, err := csv.NewReader(&cs).ReadAll()
	require.NoError(t, err)
	col := -1
	for j, h := range table[0] {
		if h == "seats_equal_p" {
			col = j
		}
	}
	require.GreaterOrEqual(t, col, 0)
	got, err := strconv.ParseFloat(table[1][col], 64)
	require.NoError(t, err)
	assert.InEpsilon(t, want, got, 1e-9)
}

// tinyCell is a two-seat cell whose first seat won 1500 of 2000 games.
func tinyCell() *CellSummary {
	p := &plan.Plan{Games: 2000, Agents: []plan.AgentSpec{{Agent: "random"}}, Cells: []plan.CellPlan{{Label: "x", Seats: 2, Agents: []int{0, 0}}}}
	st := run.NewStats(2, 1)
	st.Trials = 2000
	st.Seats[0] = run.WDL{Wins: 1500, Losses: 500}
	st.Seats[1] = run.WDL{Wins: 500, Losses: 1500}
	return summarizeCell(p, 0, &run.CellResult{Stats: st})
}
