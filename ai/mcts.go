package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/kalahlab/kalahlab/core"
)

// MCTS is Monte Carlo tree search with UCT selection. It handles any number of players
// (each node keeps one reward sum per seat, and the player choosing at a node maximises
// their own) and chance nodes (outcomes are sampled by their probabilities, not
// selected). Rollouts are uniformly random (the game's own fast path when it has one)
// or heuristic (epsilon-greedy on the game's evaluation).
type MCTS struct {
	budget    Budget
	c         float64
	heuristic bool
	src       *rand.PCG
	rng       *rand.Rand
	nodes     []mctsNode
	scratch   core.State
	moves     []core.Move
	outs      []core.Outcome
	ret       []float64
	last      Info
}

type mctsNode struct {
	move   core.Move
	parent int32
	first  int32 // first child, -1 before expansion
	n      int32 // children
	visits float64
	reward [4]float64 // per seat, each game's return mapped to [0, 1]
	prob   float64    // outcome probability, for the children of a chance node
	toMove int8       // core.Player at this node
}

// NewMCTS returns the agent. c is the exploration constant (rewards lie in [0, 1]).
func NewMCTS(b Budget, c float64, heuristic bool, seed uint64) *MCTS {
	if b.Iterations == 0 && b.Time == 0 {
		b.Iterations = 10000
	}
	src := rand.NewPCG(seed, mctsStream)
	return &MCTS{budget: b, c: c, heuristic: heuristic, src: src, rng: rand.New(src)}
}

const mctsStream = 0x6d637473

// Reset reseeds the agent for a new game, as NewMCTS would build it (the tree's memory
// is kept for reuse).
func (a *MCTS) Reset(seed uint64) {
	a.src.Seed(seed, mctsStream)
	a.last = Info{}
}

func newMCTS(o Options, seed uint64) (Agent, error) {
	iters, err := o.Int("iterations", 0, 1, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	t, err := o.Duration("time", 0)
	if err != nil {
		return nil, err
	}
	c := math.Sqrt2
	if v, ok := o.spec.Options["c"]; ok {
		if c, err = strconv.ParseFloat(v, 64); err != nil || c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("agent mcts: option c=%q: want a number >= 0", v)
		}
	}
	heuristic := false
	switch r := o.spec.Options["rollout"]; r {
	case "", "random":
	case "heuristic":
		heuristic = true
	default:
		return nil, fmt.Errorf("agent mcts: option rollout=%q: want random or heuristic", r)
	}
	return NewMCTS(Budget{Iterations: iters, Time: t}, c, heuristic, seed), nil
}

// LastSearch reports the iterations of the last search (as Nodes) and the chosen move's
// mean reward in thousandths (as Value).
func (a *MCTS) LastSearch() Info { return a.last }

// SelectMove runs the search within the budget and plays the most visited move.
func (a *MCTS) SelectMove(ctx context.Context, s core.State) (core.Move, error) {
	me := s.ToMove()
	if me == core.Terminal {
		return 0, ErrNoMoves
	}
	if me == core.Chance {
		return 0, fmt.Errorf("mcts: a chance node is the dice's move, not an agent's")
	}
	if n := len(s.Returns(a.ret[:0])); n > len(mctsNode{}.reward) {
		return 0, fmt.Errorf("mcts: %w: %d players (at most %d)", ErrDomain, n, len(mctsNode{}.reward))
	}
	a.nodes = append(a.nodes[:0], mctsNode{parent: -1, first: -1, toMove: int8(me)})
	copier, canCopy := s.Clone().(core.Copier)
	if canCopy {
		a.scratch = copier.(core.State)
	}
	var deadline time.Time
	if a.budget.Time > 0 {
		deadline = time.Now().Add(a.budget.Time)
	}
	iters := 0
	for ; a.budget.Iterations == 0 || iters < a.budget.Iterations; iters++ {
		if iters&255 == 0 && iters > 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
				break
			}
		}
		st := a.scratch
		if canCopy {
			copier.CopyFrom(s)
		} else {
			st = s.Clone()
		}
		a.iterate(st)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	root := &a.nodes[0]
	best, bestVisits := int32(-1), -1.0
	for i := root.first; i < root.first+root.n; i++ {
		if a.nodes[i].visits > bestVisits {
			best, bestVisits = i, a.nodes[i].visits
		}
	}
	if best < 0 {
		return 0, ErrNoMoves
	}
	bn := &a.nodes[best]
	a.last = Info{Nodes: int64(iters), Value: int(1000 * bn.reward[me] / max(bn.visits, 1))}
	return bn.move, nil
}

// iterate runs one selection, expansion, rollout and back-propagation from st (a copy
// of the root position).
func (a *MCTS) iterate(st core.State) {
	node := int32(0)
	for {
		if a.nodes[node].first < 0 {
			a.expand(node, st)
		}
		nd := &a.nodes[node]
		if nd.n == 0 {
			break // terminal
		}
		child := a.pick(node)
		if ap, ok := st.(core.Applier); ok {
			ap.Apply(a.nodes[child].move)
		} else {
			st.Play(a.nodes[child].move)
		}
		node = child
		if a.nodes[child].visits == 0 {
			break
		}
	}
	a.rollout(st)
	a.ret = st.Returns(a.ret[:0])
	for node >= 0 {
		nd := &a.nodes[node]
		nd.visits++
		for p, r := range a.ret {
			nd.reward[p] += (r + 1) / 2
		}
		node = nd.parent
	}
}

// expand adds the children of node: its legal moves, or its chance outcomes.
func (a *MCTS) expand(node int32, st core.State) {
	first := int32(len(a.nodes))
	p := st.ToMove()
	a.nodes[node].toMove = int8(p)
	if p == core.Chance {
		a.outs = st.ChanceOutcomes(a.outs[:0])
		for _, o := range a.outs {
			a.nodes = append(a.nodes, mctsNode{move: o.Move, parent: node, first: -1, prob: o.Prob})
		}
	} else {
		a.moves = st.LegalMoves(a.moves[:0])
		for _, m := range a.moves {
			a.nodes = append(a.nodes, mctsNode{move: m, parent: node, first: -1})
		}
	}
	a.nodes[node].first = first
	a.nodes[node].n = int32(len(a.nodes)) - first
}

// pick chooses a child: an outcome by its probability at a chance node; else the first
// unvisited child, or the one with the best UCT score for the player choosing.
func (a *MCTS) pick(node int32) int32 {
	nd := &a.nodes[node]
	lo, hi := nd.first, nd.first+nd.n
	if core.Player(nd.toMove) == core.Chance {
		x := a.rng.Float64()
		for i := lo; i < hi; i++ {
			if x -= a.nodes[i].prob; x < 0 {
				return i
			}
		}
		return hi - 1
	}
	p := nd.toMove
	logN := math.Log(nd.visits)
	best, bestScore := lo, math.Inf(-1)
	for i := lo; i < hi; i++ {
		c := &a.nodes[i]
		if c.visits == 0 {
			return i
		}
		// reward/visits + c·sqrt(logN/visits) with one division and one root.
		score := (c.reward[p] + a.c*math.Sqrt(logN*c.visits)) / c.visits
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// rollout plays st to the end.
func (a *MCTS) rollout(st core.State) {
	if !a.heuristic {
		if pp, ok := st.(core.PCGPlayer); ok {
			pp.PlayRandomPCG(a.src)
			return
		}
		if rp, ok := st.(core.RandomPlayer); ok {
			rp.PlayRandom(a.rng)
			return
		}
	}
	for {
		p := st.ToMove()
		switch p {
		case core.Terminal:
			return
		case core.Chance:
			a.outs = st.ChanceOutcomes(a.outs[:0])
			st.Play(core.SampleOutcome(a.rng, a.outs))
			continue
		}
		a.moves = st.LegalMoves(a.moves[:0])
		m := a.moves[a.rng.IntN(len(a.moves))]
		if a.heuristic && a.rng.IntN(10) != 0 {
			m = bestByEval(st, p, a.moves)
		}
		st.Play(m)
	}
}

// bestByEval is the move with the best one-ply evaluation for p (first among equals).
func bestByEval(st core.State, p core.Player, moves []core.Move) core.Move {
	best, bestV := moves[0], -infinity
	for _, m := range moves {
		c := st.Clone()
		c.Play(m)
		if v := leaf(c, p); v > bestV {
			best, bestV = m, v
		}
	}
	return best
}
