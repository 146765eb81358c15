package run

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

func TestDecisiveness(t *testing.T) {
	for _, tc := range []struct {
		name   string
		evals  []int
		winner int
		want   int
	}{
		{"no plies", nil, 0, 0},
		{"led throughout", []int{1, 2, 3, 4}, 0, 1000},
		{"took the lead after the first ply", []int{-1, 2, 3, 4}, 0, 750},
		{"took the lead at the last ply", []int{-1, -2, -3, 4}, 0, 250},
		{"never led at the end", []int{1, 2, 3, -4}, 0, 0},
		{"a level ply breaks the lead", []int{1, 0, 1}, 0, 333},
		{"a lost lead counts only the last stretch", []int{1, -2, 1}, 0, 333},
		{"the second seat led throughout", []int{-1, -2, -3}, 1, 1000},
		{"the second seat, two thirds", []int{5, -1, -1}, 1, 667},
		{"one ply of eight", []int{-1, -1, -1, -1, -1, -1, -1, 1}, 0, 125},
		{"one of six rounds half up", []int{0, 0, 0, 0, 0, 9}, 0, 167},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, decisiveness(tc.evals, tc.winner))
		})
	}
}

func TestDrama(t *testing.T) {
	for _, tc := range []struct {
		name   string
		evals  []int
		winner int
		want   int
	}{
		{"no plies", nil, 0, 0},
		{"never behind", []int{100, 200}, 0, 0},
		{"level is not behind", []int{0, 0, 5}, 0, 0},
		{"behind twice", []int{-100, -300, 500, 1000}, 0, 200},
		{"a half rounds up", []int{-1, -2, 1000}, 0, 2},
		{"the second seat", []int{400, -200, 100, -1000}, 1, 250},
		{"all the way behind until the end", []int{-1000, -1000, 1000}, 0, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, drama(tc.evals, tc.winner))
		})
	}
}

func TestEvalAfter(t *testing.T) {
	v, err := variants.Lookup("kalah", variants.Options{})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	st := g.NewState()
	st.Play(st.LegalMoves(nil)[2]) // 3 seeds sown from the third house: the last in the store
	static := quantizeUnits(int64(st.(core.Evaluator).Evaluate(0)), 24)
	require.NotZero(t, static)

	for _, tc := range []struct {
		name     string
		who      core.Player
		ag       ai.Agent
		want     int
		wantFrom byte
	}{
		{"no agent: the game's evaluation", 0, nil, static, evalStatic},
		{"an agent without evaluations", 0, ai.NewRandom(1), static, evalStatic},
		{"an evaluation not known", 0, &evaluatedAgent{ok: false}, static, evalStatic},
		{"a search value: still the game's evaluation (one evaluator a game)", 0, &evaluatedAgent{ai.Evaluation{Value: 24}, true}, static, evalStatic},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, from := evalAfter(st, tc.who, tc.ag, 24)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, string(tc.wantFrom), string(from))
		})
	}

	// A game without an evaluation or a score: the agents' search values.
	bare := plainState{st}
	for _, tc := range []struct {
		name     string
		who      core.Player
		ag       ai.Agent
		want     int
		wantFrom byte
	}{
		{"no agent: nothing", 0, nil, 0, evalNone},
		{"the first seat's search value", 0, &evaluatedAgent{ai.Evaluation{Value: 24}, true}, 500, evalAgent},
		{"the second seat's is negated", 1, &evaluatedAgent{ai.Evaluation{Value: 24}, true}, -500, evalAgent},
		{"a proven win", 1, &evaluatedAgent{ai.Evaluation{Value: core.WinScore + 2}, true}, -1000, evalAgent},
		{"a mean return", 0, &evaluatedAgent{ai.Evaluation{Value: 0.25, Units: ai.MeanReturn}, true}, 250, evalAgent},
		{"the second seat's mean return", 1, &evaluatedAgent{ai.Evaluation{Value: 0.25, Units: ai.MeanReturn}, true}, -250, evalAgent},
		{"a fractional value rounds first", 0, &evaluatedAgent{ai.Evaluation{Value: 23.6}, true}, 500, evalAgent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, from := evalAfter(bare, tc.who, tc.ag, 24)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, string(tc.wantFrom), string(from))
		})
	}

	// A finished game: its result.
	end, err := g.ParseState(finishedKalah(t, g))
	require.NoError(t, err)
	require.Equal(t, core.Terminal, end.ToMove())
	got, from := evalAfter(end, 0, nil, 24)
	ret := end.Returns(nil)
	assert.Equal(t, string(rune(evalResult)), string(from))
	switch {
	case ret[0] > ret[1]:
		assert.Equal(t, 1000, got)
	case ret[0] < ret[1]:
		assert.Equal(t, -1000, got)
	default:
		assert.Zero(t, got)
	}
}

func TestLeadChanges(t *testing.T) {
	for _, tc := range []struct {
		name  string
		evals []int
		want  int
	}{
		{"no plies", nil, 0},
		{"nobody ever leads", []int{0, 0, 0}, 0},
		{"one leader throughout", []int{5, 10, 3}, 0},
		{"there and back", []int{5, -3, 7}, 2},
		{"level plies are skipped", []int{5, 0, -3, 0, 0, 7, 8, -1}, 3},
		{"a level start", []int{0, -1, -2, 0, 3}, 1},
		{"a return to the same leader is no change", []int{-4, 0, -4, 0, -1000}, 0},
		{"every ply", []int{1, -1, 1, -1, 1}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, leadChanges(tc.evals))
		})
	}
}

func TestQuantize(t *testing.T) {
	for _, tc := range []struct {
		v, scale int64
		want     int
	}{
		{0, 24, 0},
		{24, 24, 500},
		{-24, 24, -500},
		{8, 24, 250},
		{1, 24, 40},
		{1, 8, 111},
		{3, 13, 188}, // 187.5: half away from zero
		{-3, 13, -188},
		{1, 0, 500}, // a scale below 1 is 1
		{core.WinScore / 2, 24, 1000},
		{core.WinScore + 3, 24, 1000},
		{-core.WinScore - 5, 200, -1000},
		{core.WinScore/2 - 1, 24, 1000},
		{-5000, 200, -962},
	} {
		assert.Equal(t, tc.want, quantizeUnits(tc.v, tc.scale), "quantizeUnits(%d, %d)", tc.v, tc.scale)
	}
	for _, tc := range []struct {
		x    float64
		want int
	}{
		{0, 0}, {1, 1000}, {-1, -1000}, {0.5, 500}, {2, 1000}, {-3, -1000}, {math.NaN(), 0}, {0.1234, 123},
	} {
		assert.Equal(t, tc.want, quantizeReturn(tc.x), "quantizeReturn(%g)", tc.x)
	}
	assert.Equal(t, int64(24), evalScale("kalah"))
	assert.Equal(t, int64(defaultEvalScale), evalScale("something-new"))
}

// plainState hides a state's evaluation and score: a game with neither.
type plainState struct{ core.State }

// evaluatedAgent is an agent with a fixed LastEvaluation.
type evaluatedAgent struct {
	e  ai.Evaluation
	ok bool
}

func (a *evaluatedAgent) SelectMove(context.Context, core.State) (core.Move, error) { return 0, nil }
func (a *evaluatedAgent) LastEvaluation() (ai.Evaluation, bool)                     { return a.e, a.ok }

// finishedKalah plays a game of g to its end and returns the final position.
func finishedKalah(t *testing.T, g core.Game) string {
	st := g.NewState()
	for i := 0; st.ToMove() != core.Terminal; i++ {
		moves := st.LegalMoves(nil)
		st.Play(moves[i%len(moves)])
	}
	return st.String()
}
