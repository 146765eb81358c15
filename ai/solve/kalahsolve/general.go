package kalahsolve

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/kalahlab/kalahlab/ai/internal/mem"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// The general search's moves (kalah.go's value and dbValue), for the rules the compact
// search does not cover: Lua-hooked Kalah, four rows, origin skipping, no store sowing.
// A node plays each of its moves once, up front, and orders them as the compact search
// does (compact.go's expand): the table's move, extra turns nearest the store first,
// moves that end the game by gain, then the rest by immediate gain (captures), on ties
// those that give the opponent fewer seeds (without store sowing, where seeds circle,
// the house nearest the store first, back). Playing every move before searching any
// costs the moves a cut-off would have skipped, and finds the cut-off move first; in
// hooked Kalah a node plays its table's move alone first, the others only when that
// one does not cut it off. On kalah/strict-capture (a Lua capture hook) Kalah(6,3) went
// from unfinished in 300 s to 18.1 M nodes, 2.8x the compact search's 6.5 M for the
// same rule as a knob (TestHookedSolveNodes, in package ai/solve). The hooks' memo
// (kalah.Hooks.Memo, turned on by Solve) then runs a hook call once for each thing it
// can see and replays it everywhere else (Kalah(5,3): 219 Lua calls for 518,798
// capture checks): the same nodes, Kalah(6,3)'s CPU time from 60.6 s to 21-24 s.
//
// Lua-hooked Kalah is searched store-free like the rest (kalahSolver's doc) only while
// that is sound (StoreBlind): the hooks never look at the stores or the ply
// (kalah.Hooks.SawStores), no hook counts the final scores, and every move searched
// moves seeds towards the stores: it lowers the seeds in houses, or keeps them and
// raises their potential (the sum of seeds times their house's place along the
// owner's track), with no store losing seeds and no game reaching max_plies. Then, as
// in Kalah without hooks, captured seeds never return, positions never repeat, and a
// position's value is its store difference plus a function of its houses. A move that
// breaks this stops the search with ErrNotStoreFree, and package ai/solve solves the
// game by its generic search instead.

// ErrNotStoreFree is the error of a solve of a Lua-hooked Kalah whose hooks turned out
// not to leave the value a function of the houses (a hook read a store, say): package
// ai/solve then proves the value by its generic search, which assumes nothing.
var ErrNotStoreFree = errors.New("the hooks do not leave the value a function of the houses")

// StoreBlind reports whether the store-free search may take g, a Lua-hooked Kalah, as
// far as can be told before searching: its hooks report what they look at and have not
// looked at the stores yet, none counts the final scores, and seeds are sown into the
// stores. The search itself checks the rest (ErrNotStoreFree).
func StoreBlind(g *kalah.Game) bool {
	r := g.Rules()
	return r.Hooks.Any() && r.Hooks.SawStores != nil && !r.Hooks.SawStores() && r.Hooks.FinalScores == nil && r.StoreSowing
}

// stateKid is a move of the general search played at expansion: the position after it
// and the mover's gain (the store difference's change, or the final margin's over the
// store difference before when the move ends the game).
type stateKid struct {
	after kalah.Snapshot
	gain  int
	key   uint64 // the table key of after (hooked Kalah only: etc)
	move  core.Move
	next  int8 // kidOver, kidAgain or kidOther
	score int  // the ordering's key, highest first
}

// expandState plays the legal moves of s into the ply's buffer of kids, ordered as the
// package doc above says, first (the table's move, or -1) first. With only, it plays
// first alone when that is legal (one kid, and partial true): in hooked Kalah, where a
// move costs a Lua call, a node cut off by its table's move then pays for that move
// only; expandRest plays the others. s is left as it was. A hook error or, in hooked
// Kalah, a move that breaks the store-free search's assumptions is the error.
func (solver *kalahSolver) expandState(s *kalah.State, ply int, first core.Move, only bool) (kids []stateKid, partial bool, err error) {
	for len(solver.moves) <= ply {
		solver.moves = append(solver.moves, make([]core.Move, 0, 2*kalah.MaxHouses))
		solver.kids = append(solver.kids, make([]stateKid, 0, 2*kalah.MaxHouses))
	}
	moves := s.LegalMoves(solver.moves[ply][:0])
	solver.moves[ply] = moves
	if len(moves) == 0 {
		if err := s.Err(); err != nil {
			return nil, false, fmt.Errorf("%w at %s: %w", core.ErrGameStopped, s, err)
		}
		return nil, false, fmt.Errorf("solve: no legal moves at %s, which is not over", s)
	}
	if only && first >= 0 && slices.Contains(moves, first) {
		kids, err = solver.playKids(s, ply, moves, first, playFirst)
		return kids, true, err
	}
	kids, err = solver.playKids(s, ply, moves, first, playAll)
	return kids, false, err
}

// expandRest plays the moves of s that expandState left out (all but first).
func (solver *kalahSolver) expandRest(s *kalah.State, ply int, first core.Move) ([]stateKid, error) {
	return solver.playKids(s, ply, solver.moves[ply], first, playRest)
}

// Which of a node's moves playKids plays.
const (
	playAll   = iota // every move, first first
	playFirst        // first alone
	playRest         // all but first
)

// playKids plays moves of s (which: playAll, playFirst or playRest) into the ply's
// buffer of kids, in order.
func (solver *kalahSolver) playKids(s *kalah.State, ply int, moves []core.Move, first core.Move, which int) ([]stateKid, error) {
	me := s.Side()
	snap := s.Save()
	before := s.StoreDiff(me)
	given0 := sideSum(s.HouseCounts(1 - me))
	var from progress
	if solver.hooked {
		from = progressOf(s)
	}
	kids := solver.kids[ply][:0]
	for _, m := range moves {
		if (which == playFirst && m != first) || (which == playRest && m == first) {
			continue
		}
		s.Apply(m)
		if solver.hooked {
			if err := solver.checkMove(s, snap, m, from); err != nil {
				s.Restore(snap)
				return nil, err
			}
		}
		k := stateKid{move: m, next: kidOther}
		switch {
		case s.Over():
			k.next, k.gain = kidOver, s.FinalDiff(me)-before
			k.score = 500 + k.gain
		case s.Side() == me:
			k.next, k.gain = kidAgain, s.StoreDiff(me)-before
			k.score = 1000 + int(m)
		default:
			k.gain = s.StoreDiff(me) - before
			k.score = 16*k.gain - (sideSum(s.HouseCounts(1-me)) - given0)
		}
		if solver.cyclic {
			// Seeds can circle (no store sowing): the house nearest the store first,
			// back to the farthest, the order in which the search meets a repetition
			// on its path (ErrRepeats) rather than cut it off unseen.
			k.score = int(m)
		}
		if m == first {
			k.score = 1 << 20
		}
		k.after = s.Save()
		if solver.hooked && k.next != kidOver {
			k.key = s.HouseKey()
			mem.Prefetch(unsafe.Pointer(&solver.table[k.key&solver.tableMask&^(stateWays-1)]))
		}
		s.Restore(snap)
		j := len(kids)
		kids = append(kids, k)
		for j > 0 && kids[j-1].score < kids[j].score {
			kids[j-1], kids[j] = kids[j], kids[j-1]
			j--
		}
	}
	solver.kids[ply] = kids
	return kids, nil
}

// visitState is the value for the mover of s of the kid k, searched within
// (alpha, beta): its gain plus (or minus, when the mover changes) the child's own
// value, with the window shifted accordingly. s is restored to snap, its position.
func (solver *kalahSolver) visitState(s *kalah.State, snap kalah.Snapshot, k *stateKid, alpha, beta, ply int, exact bool) (int, error) {
	if k.next == kidOver {
		return k.gain, nil
	}
	s.Restore(k.after)
	var v int
	var err error
	if k.next == kidAgain {
		var cv int
		cv, err = solver.value(s, alpha-k.gain, beta-k.gain, ply+1, exact)
		v = k.gain + cv
	} else {
		var cv int
		cv, err = solver.value(s, k.gain-beta, k.gain-alpha, ply+1, exact)
		v = k.gain - cv
	}
	s.Restore(snap)
	return v, err
}

// sideSum is the seeds in a side's houses.
func sideSum(houses []uint8) int {
	t := 0
	for _, c := range houses {
		t += int(c)
	}
	return t
}

// progress is what a move of hooked Kalah must advance for the store-free search: the
// stores, the seeds in houses and their potential.
type progress struct {
	stores    [2]int
	seeds     int
	potential int
}

func progressOf(s *kalah.State) progress {
	var p progress
	for side := range 2 {
		p.stores[side] = s.Count(s.Store(side))
		seeds, potential := 0, 0
		for i, c := range s.HouseCounts(side) {
			seeds += int(c)
			potential += i * int(c)
		}
		p.seeds += seeds
		p.potential += potential
	}
	return p
}

// checkMove checks the move m, just played from the position snap (whose progress is
// from) to s, of hooked Kalah: no hook error, no store losing seeds, the seeds in
// houses fewer or their potential higher, and no game ended by max_plies.
func (solver *kalahSolver) checkMove(s *kalah.State, snap kalah.Snapshot, m core.Move, from progress) error {
	if err := s.Err(); err != nil {
		at := s.Copy()
		at.Restore(snap)
		return fmt.Errorf("%w playing %s at %s: %w", core.ErrGameStopped, at.MoveString(m), at, err)
	}
	to := progressOf(s)
	advanced := to.seeds < from.seeds || (to.seeds == from.seeds && to.potential > from.potential)
	if to.stores[0] < from.stores[0] || to.stores[1] < from.stores[1] || !advanced {
		return fmt.Errorf("%w: a move took seeds from a store, or moved seeds away from the stores", ErrNotStoreFree)
	}
	if limit := solver.maxPlies; limit > 0 && s.Ply() >= limit {
		return fmt.Errorf("%w: a game reached max_plies %d", ErrNotStoreFree, limit)
	}
	return nil
}

// etc is the enhanced transposition cut-off of hooked Kalah: before searching any kid,
// it looks each one up in the table, and a kid already proved good enough (its value
// for the mover at least beta) cuts the node off. The kids are played already, so it
// costs a table probe a kid, where a Lua hook costs a microsecond a move: on
// kalah/strict-capture Kalah(6,3) it cut the nodes from 24.7 M to 17.4 M (a 64 MB
// table). It returns the value and move of the cut-off, ok false for none.
func (solver *kalahSolver) etc(kids []stateKid, beta int) (int, core.Move, bool) {
	for i := range kids {
		k := &kids[i]
		v, known := k.gain, k.next == kidOver
		if !known {
			e, found := solver.stateSlot(k.key)
			switch {
			case !found:
			case k.next == kidAgain:
				v, known = k.gain+int(e.lower), true
			default:
				v, known = k.gain-int(e.upper), true
			}
		}
		if known && v >= beta {
			return v, k.move, true
		}
	}
	return 0, -1, false
}
