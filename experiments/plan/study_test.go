package plan

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTrialSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for c := 0; c < 10; c++ {
		for i := 0; i < 1000; i++ {
			s := TrialSeed(1, c, i)
			assert.False(t, seen[s], "cell %d trial %d", c, i)
			seen[s] = true
		}
	}
	assert.NotEqual(t, TrialSeed(1, 0, 0), TrialSeed(2, 0, 0))
	p := Plan{Agents: make([]AgentSpec, 2), RotateSeats: true}
	assert.Equal(t, []int{0, 1}, p.Seating(0, 4, 2, nil))
	assert.Equal(t, []int{1, 0}, p.Seating(0, 5, 2, nil))
	assert.Equal(t, []int{1, 0, 1, 0}, p.Seating(0, 1, 4, nil))
	p.RotateSeats = false
	assert.Equal(t, []int{0, 1}, p.Seating(0, 5, 2, nil))
}
