package core

import "fmt"

// Tracer is a State that can say what a move does, step by step: the seeds lifted, each
// seed sown in order, relays, captures with what was taken and why, an extra turn, a
// swap, the sweep at the end. Nothing is recorded unless Trace is called: the game's
// Play keeps its speed.
type Tracer interface {
	// Trace returns the steps of the legal move m from this position, which it does not
	// change. The trace's After is the position Play(m) leaves.
	Trace(m Move) Trace
}

// StepKind is what a Step of a Trace does.
type StepKind uint8

// The kinds of steps.
const (
	// StepLift: Seeds lifted from Pit, the house moved, to be sown.
	StepLift StepKind = iota
	// StepRelay: the sowing goes on: Seeds lifted again from Pit (the pit of the last
	// seed, or the house after it, as the rules say).
	StepRelay
	// StepResow: Seeds just captured are sown on, starting after Pit.
	StepResow
	// StepDrop: a seed sown into Pit; To is where it stays (a marked pit sends it to
	// its owner's store), else To is Pit.
	StepDrop
	// StepTake: a seed brought Pit to the count the rules take at once; Moves says
	// where its seeds went.
	StepTake
	// StepCapture: the last seed of a lap, in Pit, captured: Moves are the seeds taken
	// and where they went (To -1: into the hand, sown on by the StepResow that follows),
	// Why the rule.
	StepCapture
	// StepNoCapture: a capture's conditions held at Pit but it took nothing (Why: a
	// grand slam captures nothing, say).
	StepNoCapture
	// StepMark: Pit became the mover's for good (a tuzdik: what is sown into it goes to
	// the mover's store), or, with To >= 0, Pit and To became kept pits.
	StepMark
	// StepExtraTurn: the mover moves again (the last seed fell in their store).
	StepExtraTurn
	// StepSwap: the pie rule's swap: the seats exchange sides.
	StepSwap
	// StepPass: the mover could not sow and passed.
	StepPass
	// StepSetup: a setup move: one seed from Pit to To.
	StepSetup
	// StepSweep: the game is over and the seeds left go as the rules say (Moves).
	StepSweep
	// StepRound: a round is over: the seeds left go as the rules say and the houses are
	// refilled from the stores (Moves).
	StepRound
	// StepOther: seeds moved by a variant's hook (Moves); Why names it.
	StepOther
)

var stepKindNames = [...]string{"lift", "relay", "resow", "drop", "take", "capture", "no capture",
	"mark", "extra turn", "swap", "pass", "setup", "sweep", "round", "other"}

func (k StepKind) String() string {
	if int(k) < len(stepKindNames) {
		return stepKindNames[k]
	}
	return fmt.Sprintf("step(%d)", int(k))
}

// SeedMove is Seeds moved from pit From to pit To; -1 is the sower's hand (seeds
// captured to be sown on, or a hook's).
type SeedMove struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Seeds int `json:"seeds"`
}

// Step is one thing a move did. Pits are the game's pit indices, in the order of its
// position string.
type Step struct {
	Kind  StepKind
	Pit   int // the pit the step is about, or -1
	To    int // see the kinds; -1 when unused
	Seeds int // the seeds lifted (lift, relay, resow) or taken in all (take, capture)
	// Moves are the seeds moved by a take, a capture, a sweep, a round's end or a hook.
	Moves []SeedMove
	// Why says which rule made a capture (or kept it from taking anything), in words
	// that follow "captured N ..." ("4 in the last house", "a grand slam captures
	// nothing"), or names the hook of a StepOther; may be empty.
	Why string
	// EmptyBefore: the last seed of the lap ending here fell in an empty house (set on
	// a capture, whose words say so).
	EmptyBefore bool
	// Last: a take made by the lap's last seed (the lap ends there).
	Last bool
}

// PitInfo says what a pit is, seen from the mover: theirs or their opponent's, a store
// or a house and its number in its owner's notation.
type PitInfo struct {
	Own   bool
	Store bool
	// Side names the side owning it ("South", "North"), when the game has sides.
	Side string
	// House is the house number its owner's moves name it by (1..), 0 for a store.
	House int
}

// Trace is what a move did.
type Trace struct {
	Mover Player // the seat that moved
	Move  string // the move, in the game's notation
	// Side is the mover's side of the board ("South", "North"), when the game has sides.
	Side   string
	Pits   []PitInfo // every pit, from the mover's side
	Before []int     // the counts before the move, per pit
	After  []int     // the counts after it
	Steps  []Step
	// Over: the move ended the game.
	Over bool
}

// Replay applies the steps' seed counts to counts (Before of the trace, for a check or
// an animation) and returns it: lifts take from a pit into the hand, drops put one
// seed where it stays, and every Moves entry moves seeds between pits or into the
// hand. A correct trace turns Before into After.
func (t *Trace) Replay(counts []int) []int {
	for _, st := range t.Steps {
		switch st.Kind {
		case StepLift, StepRelay:
			counts[st.Pit] -= st.Seeds
		case StepDrop:
			counts[st.To]++
		case StepSetup:
			counts[st.Pit]--
			counts[st.To]++
		}
		for _, m := range st.Moves {
			if m.From >= 0 {
				counts[m.From] -= m.Seeds
			}
			if m.To >= 0 {
				counts[m.To] += m.Seeds
			}
		}
	}
	return counts
}
