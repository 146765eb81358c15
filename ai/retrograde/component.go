package retrograde

import "slices"

// component is one strongly connected component with cycles, being valued: every move
// leaving it leads to a valued position, and an endless play inside it scores cycle.
type component struct {
	a     *analysis
	nodes []int32
	local map[int32]int32 // position -> index in nodes
	cycle int32
	// preds lists, per node, the nodes with a move to it (once per move).
	preds [][]int32
	in    []bool  // in the attractor being built
	count []int32 // moves of a node not yet known to lead into the attractor
	queue []int32
	rank  []int32
}

func newComponent(a *analysis, nodes []int32, cycle int32) *component {
	c := &component{a: a, nodes: nodes, local: make(map[int32]int32, len(nodes)), cycle: cycle}
	for k, i := range nodes {
		c.local[i] = int32(k)
		a.cval[i] = cycle
	}
	c.preds = make([][]int32, len(nodes))
	gr := a.g
	for k, i := range nodes {
		lo, hi := gr.edges(i)
		for e := lo; e < hi; e++ {
			if l, ok := c.local[gr.to[e]]; ok {
				c.preds[l] = append(c.preds[l], int32(k))
			}
		}
	}
	c.in = make([]bool, len(nodes))
	c.count = make([]int32, len(nodes))
	c.rank = make([]int32, len(nodes))
	return c
}

// solve values the component: for each candidate value t from the lowest, the
// positions where the first seat gets t or more; a position's value is the largest.
func (c *component) solve() {
	a, gr := c.a, c.a.g
	cands := []int32{c.cycle}
	for _, i := range c.nodes {
		lo, hi := gr.edges(i)
		for e := lo; e < hi; e++ {
			if _, inside := c.local[gr.to[e]]; !inside {
				cands = append(cands, a.val[gr.to[e]])
			}
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	for k, t := range cands {
		if k == 0 {
			for _, i := range c.nodes {
				a.val[i] = t // everyone gets at least the lowest value there is
			}
			continue
		}
		if t <= c.cycle {
			// The first seat gets t unless the second can force a way out below t.
			c.attract(1, func(v int32) bool { return v < t })
			for l, i := range c.nodes {
				if !c.in[l] {
					a.val[i] = t
				} else if a.rankMin[i] == noRank {
					a.rankMin[i] = c.rank[l] // first pass it is in: its value is below t
				}
			}
			continue
		}
		// The first seat must force its way out at t or more.
		c.attract(0, func(v int32) bool { return v >= t })
		for l, i := range c.nodes {
			if c.in[l] {
				a.val[i] = t
				a.rankMax[i] = c.rank[l]
			}
		}
	}
}

// attract builds the attractor of seat p (0: the first seat) to the moves leaving the
// component with a value good for it: a position of p's is in when one of its moves
// leads in or out to a good value, a position of the other seat's when all of them
// do. c.rank gets the layer each position joined at (leaving is layer 0).
func (c *component) attract(p int8, good func(int32) bool) {
	a, gr := c.a, c.a.g
	c.queue = c.queue[:0]
	for l, i := range c.nodes {
		c.in[l], c.count[l], c.rank[l] = false, 0, noRank
		lo, hi := gr.edges(i)
		mine := gr.mover[i] == p
		anyGood, allGood := false, true
		for e := lo; e < hi; e++ {
			j := gr.to[e]
			if _, inside := c.local[j]; inside {
				c.count[l]++
				allGood = false
				continue
			}
			if good(a.val[j]) {
				anyGood = true
			} else {
				allGood = false
				if !mine {
					c.count[l] = -1 << 30 // a bad way out: never in
				}
			}
		}
		if (mine && anyGood) || (!mine && allGood) {
			c.in[l], c.rank[l] = true, 1
			c.queue = append(c.queue, int32(l))
		}
	}
	for h := 0; h < len(c.queue); h++ {
		x := c.queue[h]
		for _, q := range c.preds[x] {
			if c.in[q] {
				continue
			}
			if gr.mover[c.nodes[q]] == p {
				c.in[q], c.rank[q] = true, c.rank[x]+1
				c.queue = append(c.queue, q)
				continue
			}
			c.count[q]--
			if c.count[q] == 0 {
				c.in[q], c.rank[q] = true, c.rank[x]+1
				c.queue = append(c.queue, q)
			}
		}
	}
}

// sccs calls f with the strongly connected components of the graph's positions that
// are not over, each after every component it leads to (Tarjan's order); f returns
// false to stop.
func sccs(gr *graph, f func([]int32) bool) {
	n := int32(len(gr.keys))
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack, comp []int32
	type frame struct{ v, e int32 }
	var calls []frame
	next := int32(0)
	for root := int32(0); root < n; root++ {
		if index[root] >= 0 || gr.mover[root] < 0 {
			continue
		}
		calls = append(calls[:0], frame{root, gr.start[root]})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			fr := &calls[len(calls)-1]
			v := fr.v
			if fr.e < gr.start[v+1] {
				w := gr.to[fr.e]
				fr.e++
				switch {
				case gr.mover[w] < 0:
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, gr.start[w]})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			comp = comp[:0]
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			if !f(comp) {
				return
			}
		}
	}
}
