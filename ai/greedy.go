package ai

import (
	"context"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// Greedy looks one ply ahead with the game's evaluation (a won game beats every
// evaluation) and breaks ties with its seeded generator. Games may offer their own
// greedy policy (core.GreedyChooser), as Ludo's rule-based one.
type Greedy struct {
	src   *rand.PCG
	rng   *rand.Rand
	moves []core.Move
	ties  []core.Move
}

// GreedyChooser is a State with its own greedy policy.
type GreedyChooser interface {
	Greedy(moves []core.Move, r *rand.Rand) core.Move
}

// NewGreedy returns a greedy agent seeded with seed.
func NewGreedy(seed uint64) *Greedy {
	src := rand.NewPCG(seed, greedyStream)
	return &Greedy{src: src, rng: rand.New(src)}
}

const greedyStream = 0x677265656479

// Reset reseeds the agent for a new game, as NewGreedy(seed) would build it.
func (g *Greedy) Reset(seed uint64) { g.src.Seed(seed, greedyStream) }

func newGreedy(_ Options, seed uint64) (Agent, error) { return NewGreedy(seed), nil }

// SelectMove plays the move with the best evaluation after it.
func (g *Greedy) SelectMove(_ context.Context, s core.State) (core.Move, error) {
	me := s.ToMove()
	g.moves = s.LegalMoves(g.moves[:0])
	if len(g.moves) == 0 || me < 0 {
		return 0, ErrNoMoves
	}
	if gc, ok := s.(GreedyChooser); ok {
		return gc.Greedy(g.moves, g.rng), nil
	}
	best := -infinity
	g.ties = g.ties[:0]
	for _, m := range g.moves {
		c := s.Clone()
		c.Play(m)
		v := leaf(c, me)
		switch {
		case v > best:
			best = v
			g.ties = append(g.ties[:0], m)
		case v == best:
			g.ties = append(g.ties, m)
		}
	}
	return g.ties[g.rng.IntN(len(g.ties))], nil
}
