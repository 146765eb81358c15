package variants

// A hook memo: a memory of hook calls by what they saw, so that a call seeing what an
// earlier one saw repeats that call's changes and result without running Lua.
//
// A hook is a function of its arguments and of what it reads of the board through the
// board view; the static facts (the owner of a pit, the pit opposite, the rows) are the
// same on every state of the game. So a call is determined by the sequence of its
// steps: each read of the state (a count, the mover, seeds taken) with its answer, and
// each change (seeds added). Two calls with the same arguments take the same first
// step; if it answers alike, the same second step; and so on. The memo keeps the steps
// of recorded calls as a tree, one per hook and argument, branching on the answers:
// replaying a call walks the tree on the current board, doing each step (a read
// answers, a take takes, an add adds), until the call's end (a hit: its result) or an
// answer never seen (a miss: the board is put back and the hook runs, recorded).
//
// That a hook is such a function is an assumption: a hook that keeps state of its own
// between calls (a local table it writes, a counter), or that prints, behaves
// differently when it does not run. The exact solver assumes it anyway (it takes a
// position's value to be a function of the position), so it is the one that turns the
// memo on (kalah.Hooks.Memo), and play never does. A call that reads what the memo
// cannot key on (the ply, the board as a string) is not recorded, nor is a call that
// failed. Trees that contradict themselves (one step's answers leading to two
// different next steps: a hook with state of its own) switch the memo off for good.

// memoOp is one step of a hook call: a read of the state (which answers a number; a
// take reads and takes) or a change (which answers 0). The kinds are the bridge's.
type memoOp struct {
	kind uint8
	arg  int16 // a pit or a side
	n    int16 // a change's seeds (0 for reads)
}

// memoStep is a recorded step and its answer.
type memoStep struct {
	op     memoOp
	answer int16
}

// memoNode is a step of the tree: the call's end (with its result), or a step whose
// answers lead on to the next.
type memoNode struct {
	end    bool
	result int8
	op     memoOp
	next   []memoEdge
}

// memoEdge leads from a step, by its answer, to the next.
type memoEdge struct {
	answer int16
	node   *memoNode
}

// memoKey names a tree: the hook (the bridge's index, below memoHooks) and its
// argument (a pit or a house, below memoArgs).
type memoKey struct {
	hook uint8
	arg  int16
}

// The trees a memo can hold: memoHooks hooks of memoArgs arguments each. A call of
// another key is neither replayed nor recorded.
const (
	memoHooks = 4
	memoArgs  = 128
)

// index is the key's tree in hookMemo.trees, -1 for none.
func (k memoKey) index() int {
	if int(k.hook) >= memoHooks || k.arg < 0 || k.arg >= memoArgs {
		return -1
	}
	return int(k.hook)*memoArgs + int(k.arg)
}

// memoMaxNodes bounds a memo's trees (about 64 bytes a node): past it, calls that miss
// are no longer recorded, and replays go on.
const memoMaxNodes = 1 << 20

// hookMemo is the memo of one game's hooks (one goroutine's, as the game is).
type hookMemo struct {
	on    bool        // turned on by the solver (kalah.Hooks.Memo)
	dead  bool        // a tree contradicted itself: off for good
	trees []*memoNode // by memoKey.index
	nodes int
	// Counts, for tests and benchmarks.
	hits, misses int
}

// setOn turns the memo on or off; its trees are dropped when it goes off.
func (m *hookMemo) setOn(on bool) {
	m.on = on
	if !on {
		m.trees, m.nodes = nil, 0
	}
}

// active reports whether calls are replayed and recorded.
func (m *hookMemo) active() bool { return m != nil && m.on && !m.dead }

// replay walks the tree of key, doing each step on the board (step), and returns the
// call's result and true on a hit. On a miss the board is as it was: undo is called
// once at least one step has changed it.
func (m *hookMemo) replay(key memoKey, step func(memoOp) int, undo func()) (int, bool) {
	i := key.index()
	if i < 0 || m.trees == nil {
		m.misses++
		return 0, false
	}
	n := m.trees[i]
	changed := false
	for n != nil && !n.end {
		a := int16(step(n.op))
		changed = changed || n.op.kind&memoChanges != 0
		var nx *memoNode
		for _, e := range n.next {
			if e.answer == a {
				nx = e.node
				break
			}
		}
		n = nx
	}
	if n == nil {
		if changed {
			undo()
		}
		m.misses++
		return 0, false
	}
	m.hits++
	return int(n.result), true
}

// memoChanges marks the kinds of step that change the board (take, add).
const memoChanges = 0x80

// record adds the steps of a call of key that ended with result. A trace that
// contradicts the tree kills the memo.
func (m *hookMemo) record(key memoKey, trace []memoStep, result int) {
	t := key.index()
	if m.nodes >= memoMaxNodes || t < 0 {
		return
	}
	if m.trees == nil {
		m.trees = make([]*memoNode, memoHooks*memoArgs)
	}
	p := &m.trees[t]
	for _, s := range trace {
		if *p == nil {
			*p = &memoNode{op: s.op}
			m.nodes++
		}
		n := *p
		if n.end || n.op != s.op {
			m.dead, m.trees = true, nil
			return
		}
		i := 0
		for i < len(n.next) && n.next[i].answer != s.answer {
			i++
		}
		if i == len(n.next) {
			n.next = append(n.next, memoEdge{answer: s.answer})
		}
		p = &n.next[i].node
	}
	switch {
	case *p == nil:
		*p = &memoNode{end: true, result: int8(result)}
		m.nodes++
	case !(*p).end || int((*p).result) != result:
		m.dead, m.trees = true, nil
	}
}
