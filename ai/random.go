package ai

import (
	"context"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// Random plays a uniformly random legal move from its own seeded generator.
type Random struct {
	src   *rand.PCG
	rng   *rand.Rand
	moves []core.Move
}

const randomStream = 0x72616e646f6d

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random {
	src := rand.NewPCG(seed, randomStream)
	return &Random{src: src, rng: rand.New(src)}
}

// Reset reseeds the agent for a new game, as NewRandom(seed) would build it.
func (r *Random) Reset(seed uint64) { r.src.Seed(seed, randomStream) }

func newRandom(_ Options, seed uint64) (Agent, error) { return NewRandom(seed), nil }

// SelectMove returns a random legal move.
func (r *Random) SelectMove(_ context.Context, s core.State) (core.Move, error) {
	r.moves = s.LegalMoves(r.moves[:0])
	if len(r.moves) == 0 {
		return 0, ErrNoMoves
	}
	return r.moves[r.rng.IntN(len(r.moves))], nil
}
