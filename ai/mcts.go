package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/kalahlab/kalahlab/core"
)

// MCTS is Monte Carlo tree search with UCT selection. It handles any number of players
// (the player choosing at a node maximises their own reward) and chance nodes (outcomes
// are sampled by their probabilities, not selected). Rollouts are uniformly random (the
// game's own fast path when it has one) or heuristic (epsilon-greedy on the game's
// evaluation).
//
// The tree is bounded: it holds at most MaxNodes nodes (the memory option, in MB, of
// 32-byte nodes; DefaultMCTSMemory when not given). Once it is full it stops growing and
// the search goes on within it: an iteration that reaches a leaf it cannot expand runs
// its rollout from there. So the iterations or the time asked for are spent whole and a
// search reproduces under its seed; the statistics that choose the move, near the root,
// keep sharpening, as they do in engines that cap their tree (Pachi's max_tree_size,
// Fuego's max_nodes) rather than stop searching (Leela's RamLimitMb), which would
// make iterations=N mean fewer on a smaller budget.
type MCTS struct {
	budget    Budget
	maxNodes  int // the tree's bound
	c         float64
	heuristic bool
	src       *rand.PCG
	rng       *rand.Rand
	nodes     []mctsNode
	path      []mctsStep
	scratch   core.State
	moves     []core.Move
	outs      []core.Outcome
	ret       []float64
	gain      [8]float64 // this iteration's reward per seat in [0, 1]; gain[mctsNoSeat] stays 0
	sqrtLogs  *[mctsSqrtLogLen]float32
	last      Info
	lastMean  float64 // the chosen move's mean return in [-1, 1] (LastEvaluation)
}

// mctsNode is a node of the tree, kept to 32 bytes: selection reads every child of
// every node on the path, so the tree's size in cache lines is the cost that counts.
// Only the parent's mover ever reads a node's reward (to pick among siblings, or as the
// chosen move's value at the root), so a node sums that one seat's rewards, and keeps
// the two terms of its UCT score ready (float32 is plenty to rank children):
// back-propagation updates a node once an iteration, where selection would otherwise
// divide and take a root for each child.
type mctsNode struct {
	q, u float32 // w/visits and 1/sqrt(visits): score q + c·sqrt(ln N)·u
	// w sums the rewards (each game's return mapped to [0, 1]) of the parent's mover.
	// Under a chance node, whose outcomes nobody chooses, it is the outcome's
	// probability instead: back-propagation adds gain[mctsNoSeat], 0, to it.
	w      float64
	visits uint32
	move   core.Move // the move from the parent
	first  int32     // first child (children are consecutive), -1 before expansion
	n      int32     // children
}

// mctsStep is a node on the path of an iteration, with the seat whose reward it sums.
type mctsStep struct {
	node int32
	seat uint8
}

// mctsNoSeat is the seat of the root and of chance outcomes, which no mover chooses.
const mctsNoSeat = 7

// DefaultMCTSIterations is MCTS's iterations a move when the spec gives neither
// iterations nor time.
const DefaultMCTSIterations = 10000

// mctsSeats is the most players MCTS handles.
const mctsSeats = 4

// NewMCTS returns the agent. c is the exploration constant (rewards lie in [0, 1]).
func NewMCTS(b Budget, c float64, heuristic bool, seed uint64) *MCTS {
	if b.Iterations == 0 && b.Time == 0 {
		b.Iterations = DefaultMCTSIterations
	}
	src := rand.NewPCG(seed, mctsStream)
	a := &MCTS{budget: b, c: c, heuristic: heuristic, src: src, rng: rand.New(src),
		sqrtLogs: mctsSqrtLogTable()}
	a.SetMemory(DefaultMCTSMemory)
	return a
}

const mctsStream = 0x6d637473

// DefaultMCTSMemory is the MCTS tree's bound in MB when the spec gives none (the
// memory option): 4,194,304 nodes, which a search of Kalah(6,4) fills in about six
// seconds of one core. The process holds up to about twice that while the tree grows
// (the slice is copied as it grows, and Go's collector lets the heap reach twice what
// is live): measured, 149 MB of RSS at memory=64 and 543 MB at 256, where the tree
// without a bound grew by 23 MB a second. A fixed figure rather than a share of the
// machine's memory, so that a study gives the same games on every machine; a playtest
// server or a tournament of many MCTS agents lowers it with memory=MB.
const DefaultMCTSMemory = 128

// mctsNodeBytes is the size of a tree node (mctsNode).
const mctsNodeBytes = 32

// mctsMinNodes is the smallest tree: the root and its children always fit.
const mctsMinNodes = 1024

// SetMemory bounds the tree to mb MB (of 32-byte nodes; at least 1024 nodes, at most
// 2^31-1, the tree's int32 indices).
func (a *MCTS) SetMemory(mb int) {
	a.maxNodes = int(min(max(int64(mb)<<20/mctsNodeBytes, mctsMinNodes), math.MaxInt32))
}

// MaxNodes is the most nodes the tree holds.
func (a *MCTS) MaxNodes() int { return a.maxNodes }

// TreeNodes is the nodes of the last search's tree.
func (a *MCTS) TreeNodes() int { return len(a.nodes) }

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
	mb, err := o.Int("memory", DefaultMCTSMemory, 1, math.MaxInt32/(1<<20/mctsNodeBytes))
	if err != nil {
		return nil, fmt.Errorf("%w (the tree's bound in MB: once full, the search goes on within it)", err)
	}
	a := NewMCTS(Budget{Iterations: iters, Time: t}, c, heuristic, seed)
	a.SetMemory(mb)
	return a, nil
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
	if n := len(s.Returns(a.ret[:0])); n > mctsSeats {
		return 0, fmt.Errorf("mcts: %w: %d players (at most %d)", ErrDomain, n, mctsSeats)
	}
	a.nodes = append(a.nodes[:0], mctsNode{first: -1})
	a.gain = [8]float64{}
	// The state's optional abilities are found once here, not once a ply.
	copier, canCopy := s.Clone().(core.Copier)
	var w mctsWalker
	if canCopy {
		a.scratch = copier.(core.State)
		w = a.walker(a.scratch)
	}
	var deadline time.Time
	if a.budget.Time > 0 {
		deadline = time.Now().Add(a.budget.Time)
	}
	// Visit counts are 32 bits: a search stops after 2^32-1 iterations (over an hour).
	limit := uint64(math.MaxUint32)
	if a.budget.Iterations != 0 {
		limit = min(limit, uint64(max(a.budget.Iterations, 0)))
	}
	// Cancellation is polled every iteration (a receive that does not block, a few
	// nanoseconds against the microseconds of an iteration): the rollout of a game
	// with a slow Lua hook can take a third of a second, and with a check every 256
	// iterations a cancelled search took 86 s to stop. The clock is read every 16.
	done := ctx.Done()
	iters := 0
iterations:
	for ; uint64(iters) < limit; iters++ {
		if iters > 0 {
			select {
			case <-done:
				break iterations
			default:
			}
			if iters&15 == 0 && !deadline.IsZero() && time.Now().After(deadline) {
				break
			}
		}
		if canCopy {
			copier.CopyFrom(s)
		} else {
			w = a.walker(s.Clone())
		}
		a.iterate(&w)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	root := &a.nodes[0]
	best, bestVisits := int32(-1), -1
	for i := root.first; i < root.first+root.n; i++ {
		if v := int(a.nodes[i].visits); v > bestVisits {
			best, bestVisits = i, v
		}
	}
	if best < 0 {
		return 0, ErrNoMoves
	}
	bn := &a.nodes[best]
	a.last = Info{Nodes: int64(iters), Value: int(1000 * bn.w / float64(max(bn.visits, 1)))}
	a.lastMean = 2*bn.w/float64(max(bn.visits, 1)) - 1
	return bn.move, nil
}

// mctsWalker is a state with its optional abilities resolved (nil when it lacks one).
type mctsWalker struct {
	st  core.State
	ap  core.Applier
	pcg core.PCGPlayer
	rp  core.RandomPlayer
}

// walker resolves st's abilities; rollouts take the game's fast paths only when random.
func (a *MCTS) walker(st core.State) mctsWalker {
	w := mctsWalker{st: st}
	w.ap, _ = st.(core.Applier)
	if !a.heuristic {
		w.pcg, _ = st.(core.PCGPlayer)
		w.rp, _ = st.(core.RandomPlayer)
	}
	return w
}

// iterate runs one selection, expansion, rollout and back-propagation from w.st (a
// copy of the root position).
func (a *MCTS) iterate(w *mctsWalker) {
	st := w.st
	a.path = append(a.path[:0], mctsStep{node: 0, seat: mctsNoSeat})
	node := int32(0)
	for {
		p := st.ToMove()
		nd := &a.nodes[node]
		if nd.first < 0 {
			if !a.expand(node, st) {
				break // the tree is full: the rollout runs from this leaf
			}
			nd = &a.nodes[node] // expand may have moved the nodes
		}
		if nd.n == 0 {
			break // terminal
		}
		// Children are tried once each, in order, before UCT compares them: a node
		// other than the root had its first visit as a leaf, so it has tried
		// visits-1 of them.
		tried := int64(nd.visits)
		if node != 0 {
			tried--
		}
		var child int32
		fresh := tried < int64(nd.n)
		seat := uint8(p)
		switch {
		case p == core.Chance:
			child = a.sample(nd)
			fresh = a.nodes[child].visits == 0
			seat = mctsNoSeat
		case fresh:
			child = nd.first + int32(tried)
		default:
			child = a.pick(nd)
		}
		a.path = append(a.path, mctsStep{node: child, seat: seat})
		if w.ap != nil {
			w.ap.Apply(a.nodes[child].move)
		} else {
			st.Play(a.nodes[child].move)
		}
		node = child
		if fresh {
			break
		}
	}
	a.rollout(w)
	a.ret = st.Returns(a.ret[:0])
	for p, r := range a.ret {
		a.gain[p] = (r + 1) / 2
	}
	for _, step := range a.path {
		nd := &a.nodes[step.node]
		nd.visits++
		nd.w += a.gain[step.seat&7] // &7: no bounds check
		// A division and a root here, once a node, spare pick one of each a child.
		// In float32, as the terms are kept, which is cheaper.
		inv := 1 / float32(nd.visits)
		nd.q, nd.u = float32(nd.w)*inv, float32(math.Sqrt(float64(inv)))
	}
}

// expand adds the children of node: its legal moves, or its chance outcomes. It
// returns false, adding none, when they would take the tree past maxNodes (the root
// is always expanded).
func (a *MCTS) expand(node int32, st core.State) bool {
	first := int32(len(a.nodes))
	chance := st.ToMove() == core.Chance
	k := 0
	if chance {
		a.outs = st.ChanceOutcomes(a.outs[:0])
		k = len(a.outs)
	} else {
		a.moves = st.LegalMoves(a.moves[:0])
		k = len(a.moves)
	}
	need := len(a.nodes) + k
	if need > a.maxNodes && node != 0 {
		return false
	}
	if need > cap(a.nodes) {
		// Grown by hand, to at most maxNodes: append would double past the bound.
		grown := make([]mctsNode, len(a.nodes), max(min(2*cap(a.nodes), a.maxNodes), need, 64))
		copy(grown, a.nodes)
		a.nodes = grown
	}
	if chance {
		for _, o := range a.outs {
			a.nodes = append(a.nodes, mctsNode{move: o.Move, first: -1, w: o.Prob})
		}
	} else {
		for _, m := range a.moves {
			a.nodes = append(a.nodes, mctsNode{move: m, first: -1})
		}
	}
	a.nodes[node].first = first
	a.nodes[node].n = int32(len(a.nodes)) - first
	return true
}

// sample draws a chance node's outcome by its probability.
func (a *MCTS) sample(nd *mctsNode) int32 {
	lo, hi := nd.first, nd.first+nd.n
	x := a.rng.Float64()
	for i := lo; i < hi; i++ {
		if x -= a.nodes[i].w; x < 0 {
			return i
		}
	}
	return hi - 1
}

// pick chooses the child with the best UCT score for the player choosing at nd, once
// every child has been visited: w/visits + c·sqrt(ln N / visits), N the visits of nd;
// the first among equals.
//
// The comparisons are on integer keys, which the compiler turns into conditional moves:
// which child scores best is data, not a pattern a branch predictor can learn.
func (a *MCTS) pick(nd *mctsNode) int32 {
	k := float32(a.c) * a.sqrtLog(nd.visits)
	kids := a.nodes[nd.first : nd.first+nd.n]
	best := uint64(0)
	for i := range kids {
		// The score's bits made to order as the floats do (negative ones reversed),
		// above the complement of the index, so that ties go to the first child.
		b := math.Float32bits(kids[i].q + k*kids[i].u)
		b ^= uint32(int32(b)>>31) | 1<<31
		best = max(best, uint64(b)<<32|uint64(^uint32(i)))
	}
	return nd.first + int32(^uint32(best))
}

// mctsSqrtLogLen bounds the visit counts whose sqrt(ln N) comes from a table.
const mctsSqrtLogLen = 1 << 16

// mctsSqrtLogTable holds sqrt(ln N), as float32 like the scores, for the visit counts
// of all but the busiest nodes (built once, in a millisecond or two): math.Log would
// otherwise be the dearest step of a selection.
var mctsSqrtLogTable = sync.OnceValue(func() *[mctsSqrtLogLen]float32 {
	var t [mctsSqrtLogLen]float32
	for n := 1; n < len(t); n++ {
		t[n] = float32(math.Sqrt(math.Log(float64(n))))
	}
	return &t
})

// sqrtLog is sqrt(ln n) for a visit count n >= 1.
func (a *MCTS) sqrtLog(n uint32) float32 {
	if n < mctsSqrtLogLen {
		return a.sqrtLogs[n]
	}
	return mctsSqrtLogSlow(n)
}

// mctsSqrtLogSlow is sqrt(ln n) computed, apart so that sqrtLog inlines.
//
//go:noinline
func mctsSqrtLogSlow(n uint32) float32 { return float32(math.Sqrt(math.Log(float64(n)))) }

// rollout plays w.st to the end.
func (a *MCTS) rollout(w *mctsWalker) {
	st := w.st
	if w.pcg != nil {
		w.pcg.PlayRandomPCG(a.src)
		return
	}
	if w.rp != nil {
		w.rp.PlayRandom(a.rng)
		return
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
