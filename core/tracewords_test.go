package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kalahlab/kalahlab/core"
)

// TestTraceWords says hand-made traces: the words of each kind of step, from the
// mover's side (pits 0..2 the mover's houses, 3 their store, 4..6 the opponent's, 7
// the opponent's store).
func TestTraceWords(t *testing.T) {
	pits := []core.PitInfo{{Own: true, House: 1}, {Own: true, House: 2}, {Own: true, House: 3}, {Own: true, Store: true},
		{House: 1}, {House: 2}, {House: 3}, {Store: true}}
	drop := func(p int) core.Step { return core.Step{Kind: core.StepDrop, Pit: p, To: p} }
	lift := func(p, n int) core.Step { return core.Step{Kind: core.StepLift, Pit: p, To: -1, Seeds: n} }
	for _, tc := range []struct {
		name  string
		move  string
		steps []core.Step
		want  string
	}{
		{"extra turn", "2", []core.Step{lift(1, 2), drop(2), drop(3), {Kind: core.StepExtraTurn}},
			"2: 2 seeds from house 2, last in your store: extra turn"},
		{"round the board", "1", []core.Step{lift(0, 9), drop(1), drop(2), drop(3), drop(4), drop(5), drop(6), drop(0), drop(1), drop(2)},
			"1: 9 seeds from house 1, round the board, 1 in your store, last in your house 3"},
		{"relay and capture", "3", []core.Step{lift(2, 2), drop(3), drop(4), {Kind: core.StepRelay, Pit: 4, Seeds: 2}, drop(5), drop(6),
			{Kind: core.StepCapture, Pit: 6, Seeds: 5, Why: "(making 2 or 3)", Moves: []core.SeedMove{{From: 5, To: 3, Seeds: 2}, {From: 6, To: 3, Seeds: 3}}}},
			"3: 2 seeds from house 3, 1 in your store, last in their house 1; relay: lifted 2 from their house 1, last in their house 3: captured 5 from their houses 2, 3 (making 2 or 3)"},
		{"with the capturing seed", "1", []core.Step{lift(0, 1), drop(1),
			{Kind: core.StepCapture, Pit: 1, Seeds: 5, Why: "opposite", EmptyBefore: true, Moves: []core.SeedMove{{From: 5, To: 3, Seeds: 4}, {From: 1, To: 3, Seeds: 1}}}},
			"1: 1 seed from house 1, last in your empty house 2: captured 4 opposite, with the capturing seed"},
		{"a last seed taken", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepTake, Pit: 1, Seeds: 4, Last: true, Moves: []core.SeedMove{{From: 1, To: 3, Seeds: 4}}}},
			"1: 1 seed from house 1, the last made 4 in your house 2: took them"},
		{"resow", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepCapture, Pit: 1, Seeds: 3, Why: "from the column opposite (to sow on)",
			Moves: []core.SeedMove{{From: 5, To: -1, Seeds: 3}}}, {Kind: core.StepResow, Pit: 1, Seeds: 3}, drop(2), drop(3), drop(4)},
			"1: 1 seed from house 1, last in your house 2: captured 3 from the column opposite (to sow on); sowed the 3 on, 1 in your store, last in their house 1"},
		{"grand slam", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepNoCapture, Pit: 1, Why: "a grand slam captures nothing"}},
			"1: 1 seed from house 1, last in your house 2: a grand slam captures nothing"},
		{"tuzdik", "1", []core.Step{lift(0, 1), drop(4), {Kind: core.StepMark, Pit: 4, To: -1, Moves: []core.SeedMove{{From: 4, To: 3, Seeds: 3}}}},
			"1: 1 seed from house 1, last in their house 1: captured 3, and their house 1 is yours for good (what falls in it goes to your store)"},
		{"kept pair", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepMark, Pit: 1, To: 5}},
			"1: 1 seed from house 1, last in your house 2: your house 2 and their house 2 are kept for good"},
		{"sweep", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepSweep, Moves: []core.SeedMove{{From: 1, To: 3, Seeds: 1}, {From: 5, To: 7, Seeds: 2}}}},
			"1: 1 seed from house 1, last in your house 2; game over: 1 to your store, 2 to their store"},
		{"round", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepRound, Moves: []core.SeedMove{{From: 3, To: 0, Seeds: 4}}}},
			"1: 1 seed from house 1, last in your house 2; round over: the houses are refilled from the stores"},
		{"a hook's seeds", "1", []core.Step{lift(0, 1), drop(1), {Kind: core.StepOther, Why: "the after_sow hook", Moves: []core.SeedMove{{From: 5, To: 3, Seeds: 2}}}},
			"1: 1 seed from house 1, last in your house 2; the after_sow hook moved 2 seeds"},
		{"swap", "swap", []core.Step{{Kind: core.StepSwap}}, "swap: the seats exchange sides (you now play South)"},
		{"pass", "pass", []core.Step{{Kind: core.StepPass}}, "pass: no house can be sown"},
		{"setup", "1>3", []core.Step{{Kind: core.StepSetup, Pit: 0, To: 2}}, "1>3: setup: a seed from your house 1 to your house 3"},
		{"nothing", "done", nil, "done"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := core.Trace{Move: tc.move, Side: "South", Pits: pits, Steps: tc.steps}
			assert.Equal(t, tc.want, core.TraceWords(tr))
		})
	}
}

// TestTraceReplay applies steps to counts: lifts into the hand, drops, seed moves
// (into and out of the hand), setup moves.
func TestTraceReplay(t *testing.T) {
	tr := core.Trace{Steps: []core.Step{
		{Kind: core.StepLift, Pit: 0, Seeds: 2}, {Kind: core.StepDrop, Pit: 1, To: 1}, {Kind: core.StepDrop, Pit: 2, To: 3},
		{Kind: core.StepCapture, Moves: []core.SeedMove{{From: 1, To: -1, Seeds: 2}}},
		{Kind: core.StepOther, Moves: []core.SeedMove{{From: -1, To: 2, Seeds: 2}}},
		{Kind: core.StepSetup, Pit: 3, To: 0},
	}}
	assert.Equal(t, []int{1, 0, 3, 0}, tr.Replay([]int{2, 1, 1, 0}))
	assert.Equal(t, "capture", core.StepCapture.String())
	assert.Equal(t, "step(99)", core.StepKind(99).String())
}
