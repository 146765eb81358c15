package run

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHist(t *testing.T) {
	h := Hist{}
	for _, v := range []float64{3, 1, 2, 2, 10} {
		h[v]++
	}
	assert.Equal(t, int64(5), h.N())
	mean, sd := h.Moments()
	assert.InDelta(t, 3.6, mean, 1e-12)
	assert.InDelta(t, math.Sqrt((2.6*2.6+1.6*1.6*2+0.6*0.6+6.4*6.4)/4), sd, 1e-12)
	assert.Equal(t, 2.0, h.Quantile(0.5))
	assert.Equal(t, 1.0, h.Quantile(0))
	assert.Equal(t, 10.0, h.Quantile(1))
	h[4]++ // six values: the median is between 2 and 3
	assert.Equal(t, 2.5, h.Quantile(0.5))
	lo, w, counts := h.Bins(5)
	assert.Equal(t, 1.0, lo)
	assert.Equal(t, 2.0, w)
	assert.Equal(t, []int64{3, 2, 0, 0, 1}, counts)

	data, err := json.Marshal(h)
	require.NoError(t, err)
	assert.Equal(t, `[[1,1],[2,2],[3,1],[4,1],[10,1]]`, string(data))
	var back Hist
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, h, back)
	assert.True(t, math.IsNaN(Hist{}.Quantile(0.5)))
}

func TestSeatOutcome(t *testing.T) {
	tests := []struct {
		returns []float64
		want    []int8
	}{
		{[]float64{1, -1}, []int8{1, -1}},
		{[]float64{0, 0}, []int8{0, 0}},
		{[]float64{-1, 1}, []int8{-1, 1}},
		{[]float64{1, 0, -1, -1}, []int8{1, -1, -1, -1}}, // four players: one winner
		{[]float64{1, 1, -1, -1}, []int8{0, 0, -1, -1}},  // two tied at the top: a draw for them
		{[]float64{3, 2, 1, 0}, []int8{1, -1, -1, -1}},   // ranks
		{[]float64{0, 0, 0, 0}, []int8{0, 0, 0, 0}},      // a timeout
	}
	for _, tc := range tests {
		for seat, want := range tc.want {
			assert.Equal(t, want, SeatOutcome(tc.returns, seat), "%v seat %d", tc.returns, seat)
		}
	}
}

func TestStatsMergeEqualsAdding(t *testing.T) {
	recs := []Record{
		{Seats: []int{0, 1}, Returns: []float64{1, -1}, Scores: []float64{30, 18}, Plies: 40, Decisions: 40, Legal: 200, Opening: "3"},
		{Seats: []int{1, 0}, Returns: []float64{-1, 1}, Scores: []float64{20, 28}, Plies: 35, Decisions: 35, Legal: 150, Opening: "1", SwapOffered: true, Swapped: true},
		{Seats: []int{0, 1}, Returns: []float64{0, 0}, Plies: 1000, TimedOut: true, Decisions: 1000, Legal: 3000},
		{Seats: []int{1, 0}, Returns: []float64{0, 0}, Error: "x.lua:3: capture: boom", Plies: 7},
		{Seats: []int{0, 1}, Returns: []float64{0, 0}, Scores: []float64{24, 24}, Plies: 50, Opening: "3", SwapOffered: true},
	}
	all := NewStats(2, 2)
	a, b := NewStats(2, 2), NewStats(2, 2)
	for i := range recs {
		all.Add(&recs[i])
		if i%2 == 0 {
			a.Add(&recs[i])
		} else {
			b.Add(&recs[i])
		}
	}
	b.Merge(a)
	ja, _ := json.Marshal(all)
	jb, _ := json.Marshal(b)
	assert.JSONEq(t, string(ja), string(jb))

	assert.Equal(t, int64(5), all.Trials)
	assert.Equal(t, int64(1), all.Failed)
	assert.Equal(t, int64(1), all.TimedOut)
	assert.Equal(t, int64(2), all.Drawn, "a timeout and an equal score")
	assert.Equal(t, WDL{Wins: 1, Draws: 2, Losses: 1}, all.Seats[0])
	assert.Equal(t, WDL{Wins: 2, Draws: 2, Losses: 0}, all.Agents[0], "agent 0 won both its decisive games")
	assert.Equal(t, Hist{12: 1, -8: 1, 0: 1}, all.Margin, "margins of finished games with scores")
	assert.Equal(t, int64(2), all.SwapOffered)
	assert.Equal(t, int64(1), all.Swapped)
	assert.Equal(t, WDL{Wins: 1, Draws: 1}, *all.Openings["3"])
	assert.Equal(t, map[string]int64{"x.lua:3: capture: boom": 1}, all.Errors)
}

func TestParseShard(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	sh, err := ParseShard("3/64", getenv)
	require.NoError(t, err)
	assert.Equal(t, Shard{3, 64}, sh)
	assert.Equal(t, "shard-3-of-64", sh.Dir())
	assert.True(t, sh.Owns(3) && sh.Owns(67) && !sh.Owns(4))
	sh, err = ParseShard("", getenv)
	require.NoError(t, err)
	assert.True(t, sh.Whole())
	assert.True(t, sh.Owns(12345))

	env[envK8sIndex] = "5"
	sh, err = ParseShard("8", getenv)
	require.NoError(t, err)
	assert.Equal(t, Shard{5, 8}, sh)
	delete(env, envK8sIndex)
	env[envSlurmIndex] = "8"
	env[envSlurmMin] = "1"
	sh, err = ParseShard("8", getenv)
	require.NoError(t, err)
	assert.Equal(t, Shard{7, 8}, sh, "a 1-based Slurm array")

	for text, want := range map[string]string{
		"8/8": "index 8 out of range 0..7", "x/8": `the index "x" is not a number`, "3/0": "want i/n",
		"-1/4": "out of range", "a": "want i/n",
	} {
		_, err := ParseShard(text, getenv)
		assert.ErrorContains(t, err, want, text)
	}
	delete(env, envSlurmIndex)
	_, err = ParseShard("4", getenv)
	assert.ErrorContains(t, err, "no shard index")
}
