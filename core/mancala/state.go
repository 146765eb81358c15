package mancala

import (
	"github.com/kalahlab/kalahlab/core"
)

// Pie-rule phases (as core/kalah).
const (
	pieFirst uint8 = iota // the first player's first turn: the offer is still to come
	pieOffer              // the second player's first move: swap is legal
	pieDone               // no swap any more (or no pie rule)
)

// vars are the game variables beside the pits: everything else a move changes.
type vars struct {
	side     uint8 // side to move: 0 South, 1 North
	over     bool
	swapped  bool // seats have exchanged sides: seat 0 plays North
	pie      uint8
	repeated bool     // the game ended by repetition
	score    [2]int32 // final scores by side in halves of a seed, once over
	// irrev is the index in State.hashes of the first position since the last move
	// that changed a store: repetitions are counted from there.
	irrev int32
	err   error // why a hook stopped the game
	// The extended rules' variables (all zero for the classic games).
	played  int32    // plies of play in this round (setup moves not counted)
	round   uint16   // rounds finished before this one
	starter uint8    // the side that made (or makes) the round's first move
	setup   [2]uint8 // setup moves left a side
	used    [2]uint64
	// seen is a 128-bit Bloom filter of the position hashes since the last change of a
	// store (End.Repeats): a hash whose bit is clear has not occurred, and the record
	// need not be searched.
	seen [2]uint64
	// phash is the pits' part of Hash (pitSum of State.pits), kept as the pits change
	// (setPit, addPit, the sowing loops, resyncHash) so that Hash need not scan them.
	phash uint64
	// mhash is the marks' part of Hash (markSum of State.marks), kept as marks change
	// (setMark, resyncHash) so that Hash need not scan the marks.
	mhash uint64
	// mbits has bit p set for each marked pit p below 64 (kept with setMark and
	// resyncHash): the word sowing finds the marked pits from it.
	mbits uint64
}

// Kinds of marks in State.marks beside 1 + side (MarkPit's): markOut is a pit out of
// play for the round (Rounds); markKeep + side is a kept pit of side (KeepPair).
const (
	markOut  = 3
	markKeep = 4
)

// State is a position. It implements core.State, core.Undoer, core.Hasher, core.Scorer,
// core.Copier and core.Applier.
type State struct {
	g     *Game
	pits  []uint16
	marks []int8 // per pit: 0 none, 1 + the owning side; nil when the rules mark nothing
	v     vars
	ply   int
	total int // seeds in all, conserved by every move
	// Undo records: pits (and marks) of each position before a move, back to back.
	hist  []uint16
	mhist []int8
	vhist []vars
	// whist replaces hist, mhist and vhist on the word board (Game.nwords > 0): one
	// record of fixed size, copied without a call.
	whist []wordUndo
	// hashes holds the raw hash of every position played through, for repetitions (only
	// when End.Repeats is set).
	hashes []uint64
	// scratch plays moves ahead for the must-feed rule.
	scratch *State
	// trace records the sowing for the hooks (when tracing: hooked games only).
	trace   *Sown
	tracing bool
	// rec follows a traced copy's move for Trace (trace.go); nil otherwise.
	rec *recorder
	// What the extended sowing loop saw of the last move (for the move filters): a
	// seed fell in an opponent house; the first lap met Must's ReachOrEmpty; a chosen
	// capture applied.
	reached, firstOK, choseAt bool
	// slam: a capture of the move was refused as a grand slam (GrandSlamNothing; reset
	// by a trial, read by NoGrandSlam's filter).
	slam               bool
	tbuf               []int       // pits a capture takes
	lapFirst, resowPos int         // the first pit of the last lap; where a re-sowing starts
	mbuf               []core.Move // moves listed to test for any

	// lapGoes: the move went on after its first lap (a relay, a re-sowing); lapFed: the
	// opponent's houses held seeds then (Must's LapLeavesSeeds).
	lapGoes, lapFed bool

	// probe: a trial move stops after its first lap (Must's ReachOrEmpty needs no more).
	probe bool
	// legal caches the mover's sowings as the end check listed them (with the slow
	// move rules, before the no-starve and chosen-target filters), until the position
	// changes (legalOK).
	legal   []core.Move
	legalOK bool
	// ne caches nonEmpty for the position (when neOK), for the end check and the move
	// list that follows it.
	ne   uint64
	neOK bool
	// rank holds the no-starve ranks of a listing.
	rank []int8
	// tmoves lists the moves of a listing that make a chosen capture, and tmask their
	// targets, a bit set over them for each opponent house (see targets).
	tmoves []core.Move
	tmask  []uint64
	// The Kalah path's (Game.kal): khist replaces whist (a smaller record), kstep is
	// a move of whole laps (kalahLaps).
	khist []kalahUndo
	kstep kalahStep
}

// Reset returns s to the initial position, keeping its memory.
func (s *State) Reset() {
	g := s.g
	if g.kal != nil {
		s.kalahReset(g.kal)
		return
	}
	for p, pit := range g.pits {
		s.pits[p] = uint16(pit.Seeds)
	}
	clear(s.marks)
	s.v = vars{pie: pieDone}
	s.v.setup = [2]uint8{uint8(g.r.Setup.Moves), uint8(g.r.Setup.Moves)}
	if g.r.PieRule {
		s.v.pie = pieFirst
	}
	s.ply = 0
	s.total = g.total
	s.hist, s.mhist, s.vhist, s.whist, s.khist = s.hist[:0], s.mhist[:0], s.vhist[:0], s.whist[:0], s.khist[:0]
	s.hashes = s.hashes[:0]
	s.changed()
	s.resyncHash()
	if !s.InSetup() {
		s.endCheck() // a start no one can play from (single seeds that may not be sown) is over, as when parsed
	}
	s.startHistory()
}

// startHistory begins the repetition record at the current position.
func (s *State) startHistory() {
	s.hashes = s.hashes[:0]
	s.v.irrev = 0
	s.v.seen = [2]uint64{}
	if s.g.r.End.Repeats > 0 {
		h := s.rawHash()
		s.hashes = append(s.hashes, h)
		s.v.seen[h>>63] |= 1 << (h & 63)
	}
}

// Game returns the game of s.
func (s *State) Game() *Game { return s.g }

// Count returns the seeds in pit p.
func (s *State) Count(p int) int { return int(s.pits[p]) }

// Mark returns the side owning pit p by a MarkPit capture, or -1.
func (s *State) Mark(p int) int {
	if s.marks == nil || s.marks[p] == 0 || s.marks[p] >= markOut {
		return -1
	}
	return int(s.marks[p]) - 1
}

// Kept returns the side owning pit p as a kept pit (Effect KeepPair: Layli Goobalay's
// uur), or -1.
func (s *State) Kept(p int) int {
	if s.marks == nil || s.marks[p] < markKeep {
		return -1
	}
	return int(s.marks[p]) - markKeep
}

// Out reports whether pit p is out of play for the round (a house its owner could not
// refill: Rounds).
func (s *State) Out(p int) bool { return s.marks != nil && s.marks[p] == markOut }

// Round is the round being played, from 1 (Rounds).
func (s *State) Round() int { return int(s.v.round) + 1 }

// Played is the number of plies of play in this round (setup moves aside).
func (s *State) Played() int { return int(s.v.played) }

// InSetup reports whether the setup phase is on (Setup).
func (s *State) InSetup() bool { return s.v.setup != [2]uint8{} }

// Total is the number of seeds in play.
func (s *State) Total() int { return s.total }

// Side is the side to move (0 South, 1 North).
func (s *State) Side() int { return int(s.v.side) }

// Ply is the number of moves played since the start (or since the position was parsed).
func (s *State) Ply() int { return s.ply }

// Over reports whether the game is over.
func (s *State) Over() bool { return s.v.over }

// ToMove is the seat to move, or core.Terminal.
func (s *State) ToMove() core.Player {
	if s.v.over {
		return core.Terminal
	}
	return core.Player(s.v.side ^ b2u(s.v.swapped))
}

// ChanceOutcomes appends nothing: the family has no chance.
func (s *State) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }

// LegalMoves appends the legal moves in ascending order: the mover's houses (sowing
// anticlockwise, then with a chosen direction clockwise), then swap or pass.
func (s *State) LegalMoves(dst []core.Move) []core.Move {
	if s.v.over {
		return dst
	}
	n0 := len(dst)
	if g := s.g; g.quickList && s.neOK && s.v.pie == pieDone && cap(dst)-n0 >= 16 {
		// The common case on the word board, straight from the houses' bits the end
		// check cached: no setup, no pie offer, and must feed not asking for trials.
		if kp := g.kal; kp != nil {
			return s.kalahMoves(kp, dst)
		}
		side := int(s.v.side)
		if !g.feedTrials(s.ne, side) {
			dst = sowableWords(dst, g.houseSet(s.ne, side))
			if len(dst) > n0 || !g.r.Pass {
				return dst
			}
			return append(dst, Pass)
		}
	}
	if s.InSetup() {
		return s.setupMoves(dst, int(s.v.side))
	}
	dst = s.sowings(dst, int(s.v.side))
	if s.v.pie == pieOffer {
		dst = append(dst, Swap)
	}
	if len(dst) == n0 && s.g.r.Pass {
		dst = append(dst, Pass)
	}
	return dst
}

// sowings appends side's legal sowing moves.
func (s *State) sowings(dst []core.Move, side int) []core.Move {
	g := s.g
	if g.slowMoves {
		n0 := len(dst)
		if s.legalOK && int(s.v.side) == side {
			dst = append(dst, s.legal...)
		} else {
			dst = s.baseMoves(dst, side, false)
		}
		return s.finishMoves(dst, n0, side)
	}
	if s.legalOK && int(s.v.side) == side {
		if n := len(dst); len(s.legal) <= 8 && cap(dst)-n >= 8 && cap(s.legal) >= 8 {
			// A copy of fixed size, without a call.
			*(*[8]core.Move)(dst[n : n+8]) = *(*[8]core.Move)(s.legal[:8])
			return dst[:n+len(s.legal)]
		}
		return append(dst, s.legal...)
	}
	return s.listSowings(dst, side)
}

// listSowings appends side's legal sowings (not with the slow move rules).
func (s *State) listSowings(dst []core.Move, side int) []core.Move {
	g := s.g
	n0 := len(dst)
	if g.wordMoves && cap(dst)-n0 >= 16 {
		// The houses holding seeds, both sides' at once (the opponent's for must feed).
		ne := s.nonEmptyCached()
		dst = sowableWords(dst, g.houseSet(ne, side))
		if g.r.Sowing.Direction == Chosen {
			dst = clockwiseToo(dst, n0)
		}
		if len(dst) > n0 && g.feedTrials(ne, side) {
			dst = s.feeding(dst, n0, side)
		}
		return dst
	}
	dst = s.plainSowings(dst, side)
	if g.r.MustFeed && len(dst) > n0 && s.sideEmpty(1-side) {
		dst = s.feeding(dst, n0, side)
	}
	return dst
}

// clockwiseToo appends each move of dst[n0:] sowing clockwise (Direction Chosen).
func clockwiseToo(dst []core.Move, n0 int) []core.Move {
	for _, m := range dst[n0:] {
		dst = append(dst, m|ClockwiseBit)
	}
	return dst
}

// plainSowings appends side's sowings where only the seeds count: every house holding
// Sowing.MinSeeds or more, anticlockwise, then clockwise when the mover chooses.
func (s *State) plainSowings(dst []core.Move, side int) []core.Move {
	g := s.g
	n0 := len(dst)
	min := uint16(g.minSeeds)
	if lo := g.span[side]; lo >= 0 {
		dst = appendSowable(dst, s.pits[lo:lo+len(g.houses[side])], min)
	} else {
		for k, p := range g.houses[side] {
			if s.pits[p] >= min {
				dst = append(dst, core.Move(k))
			}
		}
	}
	if g.r.Sowing.Direction == Chosen {
		dst = clockwiseToo(dst, n0)
	}
	return dst
}

// appendSowable appends the index of each house of counts holding min seeds or more.
// With room for all of them it writes every index and counts only the sowable ones,
// with no branch on the counts (they are random in a playout: a branch on them is
// mispredicted half the time).
func appendSowable(dst []core.Move, counts []uint16, min uint16) []core.Move {
	n := len(dst)
	if cap(dst)-n < len(counts) {
		for k, c := range counts {
			if c >= min {
				dst = append(dst, core.Move(k))
			}
		}
		return dst
	}
	out := dst[n : n+len(counts)]
	j := 0
	for k, c := range counts {
		out[j] = core.Move(k)
		j += int(b2u(c >= min))
	}
	return dst[:n+j]
}

// feeding keeps the moves of dst[n0:] after which the opponent has seeds.
func (s *State) feeding(dst []core.Move, n0, side int) []core.Move {
	c := s.scratchState()
	out := dst[:n0]
	for _, m := range dst[n0:] {
		s.try(c, side, m, false)
		if !c.sideEmpty(1 - side) {
			out = append(out, m)
		}
	}
	return out
}

// hasSowing reports whether side has a legal sowing (LegalMoves' sowings, without
// listing them).
func (s *State) hasSowing(side int) bool {
	g := s.g
	if g.slowMoves {
		if s.legalOK && int(s.v.side) == side {
			return len(s.legal) > 0
		}
		s.mbuf = s.baseMoves(s.mbuf[:0], side, true)
		return len(s.mbuf) > 0
	}
	min := uint16(g.minSeeds)
	feed := g.r.MustFeed && s.sideEmpty(1-side)
	if !feed && min == 1 {
		return !s.sideEmpty(side)
	}
	for _, p := range g.houses[side] {
		if s.pits[p] < min {
			continue
		}
		if !feed {
			return true
		}
		var buf [2]core.Move
		moves := s.feeding(append(buf[:0], core.Move(g.houseNo[p])), 0, side)
		if g.dirs() == 2 && len(moves) == 0 {
			moves = s.feeding(append(buf[:0], core.Move(g.houseNo[p])|ClockwiseBit), 0, side)
		}
		if len(moves) > 0 {
			return true
		}
	}
	return false
}

// Play applies a legal move, recording an undo record.
func (s *State) Play(m core.Move) {
	if kp := s.g.kal; kp != nil { // the Kalah path (kalahpath.go): its record, its move
		u := s.kalahRecord()
		if kp.sows(s, m) {
			s.kalahMove(kp, int(s.v.side), int(m), u)
		} else {
			s.kalahPlain(u, m)
		}
		return
	}
	if s.g.nwords > 0 {
		s.pushWords()
		s.apply(m)
		return
	}
	s.hist = append(s.hist, s.pits...)
	if s.marks != nil {
		s.mhist = append(s.mhist, s.marks...)
	}
	s.vhist = append(s.vhist, s.v)
	s.apply(m)
}

// Apply plays m without an undo record (core.Applier).
func (s *State) Apply(m core.Move) {
	if kp := s.g.kal; kp != nil {
		s.kalahApply(kp, m)
		return
	}
	s.apply(m)
}

// Undo takes back the last Play.
func (s *State) Undo() bool {
	if s.g.kal != nil {
		return s.kalahUndo()
	}
	if s.g.nwords > 0 {
		if !s.popWords() {
			return false
		}
	} else if !s.popHist() {
		return false
	}
	s.changed()
	if s.g.r.End.Repeats > 0 && len(s.hashes) > 1 {
		s.hashes = s.hashes[:len(s.hashes)-1]
	}
	s.ply--
	return true
}

// popHist restores the position before the last Play from hist, mhist and vhist.
func (s *State) popHist() bool {
	if len(s.vhist) == 0 {
		return false
	}
	n := len(s.pits)
	copy(s.pits, s.hist[len(s.hist)-n:])
	s.hist = s.hist[:len(s.hist)-n]
	if s.marks != nil {
		copy(s.marks, s.mhist[len(s.mhist)-n:])
		s.mhist = s.mhist[:len(s.mhist)-n]
	}
	s.v = s.vhist[len(s.vhist)-1]
	s.vhist = s.vhist[:len(s.vhist)-1]
	return true
}

// apply plays m.
func (s *State) apply(m core.Move) {
	g := s.g
	s.changed()
	s.ply++
	stores := s.pits[g.store[0]] + s.pits[g.store[1]]
	if s.InSetup() {
		s.setupMove(m)
		m = -1 // nothing to sow
	}
	switch m {
	case -1:
	case Swap:
		s.v.swapped = !s.v.swapped
		s.v.pie = pieDone
	case Pass:
		s.v.side ^= 1
		s.v.played++
		if s.v.pie == pieFirst {
			s.v.pie = pieOffer
		} else if s.v.pie == pieOffer {
			s.v.pie = pieDone
		}
	default:
		if s.v.pie == pieOffer {
			s.v.pie = pieDone
		}
		side := int(s.v.side)
		var again bool
		switch {
		case g.ext:
			again = s.sowMoveExt(side, m)
		case g.hooked:
			again = s.hookedMove(side, m)
		default:
			again = s.sowMove(side, m)
		}
		s.v.played++
		if g.r.Opening.EachHouse {
			s.v.used[side] |= 1 << uint(m&(ClockwiseBit-1))
		}
		if !again {
			s.v.side ^= 1
			if s.v.pie == pieFirst {
				s.v.pie = pieOffer
			}
		}
	}
	if s.v.err == nil && !s.InSetup() { // a hook's error has ended the game
		s.endCheck()
	}
	if g.r.End.Repeats > 0 {
		s.repetition(stores != s.pits[g.store[0]]+s.pits[g.store[1]])
	}
}

// repetition records the new position and ends the game when it has occurred
// End.Repeats times since the last change of a store.
func (s *State) repetition(irreversible bool) {
	h := s.rawHash()
	// A capture starts the record afresh: with no branch (captures come at random).
	keep := uint64(b2u(irreversible)) - 1 // all ones when the record goes on
	s.v.irrev = int32(uint64(s.v.irrev)&keep | uint64(len(s.hashes))&^keep)
	s.v.seen[0] &= keep
	s.v.seen[1] &= keep
	s.hashes = append(s.hashes, h)
	if s.v.over {
		return
	}
	bit := uint64(1) << (h & 63)
	if s.v.seen[h>>63]&bit == 0 {
		s.v.seen[h>>63] |= bit
		return // not seen since the last change of a store
	}
	seen := 0
	for _, x := range s.hashes[s.v.irrev:] {
		if x == h {
			seen++
		}
	}
	if seen >= s.g.r.End.Repeats {
		s.v.repeated = true
		s.finish(s.g.r.End.OnRepeat)
		s.hashes[len(s.hashes)-1] = s.rawHash()
	}
}

// HistoryKey is what the future of the position owes to its history under the
// repetition rule (End.Repeats): a hash of the positions played through since the last
// change of a store, with their counts but not their order (0 without the rule). Two
// positions of equal Hash and HistoryKey play on alike, so a solver that stores values
// by position mixes it into its keys (core/mancala's values depend on the record).
func (s *State) HistoryKey() uint64 {
	if s.g.r.End.Repeats == 0 {
		return 0
	}
	var k uint64
	for _, h := range s.hashes[s.v.irrev:] {
		k += mix(h + 0x9e3779b97f4a7c15)
	}
	return k
}

// endCheck ends the game when the rules say so.
func (s *State) endCheck() {
	g := s.g
	e := &g.r.End
	if g.hooks.IsOver != nil && s.hookedEnd() {
		return
	}
	if e.Majority && s.majorityHeld() {
		s.majority()
		return
	}
	var over bool
	side := int(s.v.side)
	switch e.When {
	case EitherSideEmpty:
		over = s.eitherEmpty()
	default:
		over = s.v.pie != pieOffer && !s.canMove() && (!g.r.Pass || !s.hasSowing(1-side))
	}
	if !over && e.LeftAtMost|e.EachAtMost != 0 && s.fewLeft(e) {
		over = true
	}
	// The ply limit ends the match even on a ply that also ends a round: the next round
	// would start past the limit, where a parsed copy of the position is already over.
	limit := e.MaxPlies > 0 && s.ply >= e.MaxPlies
	if limit {
		over = true
	}
	if !over && e.When == EitherSideEmpty && (g.minSeeds > 1 || g.r.MustFeed || g.slowMoves) &&
		s.v.pie != pieOffer && !s.canMove() {
		over = true // no legal move ends the game whatever the side counts say
	}
	switch {
	case over && g.rounds && !limit:
		s.nextRound()
	case over:
		s.finish(e.Remaining)
	}
}

// hookedEnd asks the IsOver hook and, when it decides, ends the game as it says (the
// ply limit, End.LeftAtMost, End.EachAtMost and a side to move with no move, unless it may pass, still
// end it) and returns true; undecided, it returns false and endCheck's rules decide. It
// is endCheck's tail for a decided hook, apart so that the games without one keep
// theirs as it was.
func (s *State) hookedEnd() bool {
	over, decided := s.isOver()
	if s.v.err != nil {
		return true
	}
	if !decided {
		return false
	}
	g := s.g
	e := &g.r.End
	if !over && e.LeftAtMost|e.EachAtMost != 0 && s.fewLeft(e) {
		over = true
	}
	limit := e.MaxPlies > 0 && s.ply >= e.MaxPlies
	if !over && !limit && !g.r.Pass && s.v.pie != pieOffer && !s.canMove() {
		over = true
	}
	switch {
	case limit:
		s.finish(e.Remaining)
	case over && g.rounds:
		s.nextRound()
	case over:
		s.finish(e.Remaining)
	}
	return true
}

// fewLeft reports whether End.LeftAtMost or End.EachAtMost ends the round: the houses
// hold LeftAtMost seeds or fewer in all, or none holds more than EachAtMost (marked
// and kept pits aside). It is kept out of endCheck (not inlined) so that the games
// with neither rule pay one test a ply.
//
//go:noinline
func (s *State) fewLeft(e *End) bool {
	if e.LeftAtMost > 0 && s.sideSeeds(0)+s.sideSeeds(1) <= e.LeftAtMost {
		return true
	}
	if e.EachAtMost == 0 {
		return false
	}
	g := s.g
	for p, c := range s.pits {
		if int(c) > e.EachAtMost && g.house[p] && (s.marks == nil || s.marks[p] == 0) {
			return false
		}
	}
	return true
}

// majorityHeld reports whether a store holds more than half of the seeds.
func (s *State) majorityHeld() bool {
	g, t := s.g, int(s.total)
	return 2*int(s.pits[g.store[0]]) > t || 2*int(s.pits[g.store[1]]) > t
}

// majority ends the game won by a majority of the seeds in a store (End.Majority),
// scored by the stores (or the FinalScores hook).
func (s *State) majority() {
	g := s.g
	s.v.over, s.v.pie = true, pieDone
	if g.hooks.FinalScores != nil && s.hookScores() {
		return
	}
	s.v.score = [2]int32{2 * int32(s.pits[g.store[0]]), 2 * int32(s.pits[g.store[1]])}
}

// canMove reports whether the side to move has a legal sowing. It lists them, and
// LegalMoves takes the list from there while the position stands (s.legal): a
// playout or a search lists the moves of every position it ends checks on anyway. On
// the word board (Game.wordMoves) the cached houses' bits answer with no list, but
// when must feed has moves to try.
func (s *State) canMove() bool {
	side := int(s.v.side)
	if g := s.g; g.wordMoves && !s.legalOK {
		// The houses' bits answer, and LegalMoves lists from them, unless must feed
		// asks for trials (the opponent's houses empty).
		ne := s.nonEmptyCached()
		if g.houseSet(ne, side) == 0 {
			return false
		}
		if !g.feedTrials(ne, side) {
			return true
		}
	}
	if !s.legalOK {
		if s.legal == nil {
			s.legal = make([]core.Move, 0, 32) // room for the fixed-size copies
		}
		if s.g.slowMoves {
			s.legal = s.baseMoves(s.legal[:0], side, false)
		} else {
			s.legal = s.listSowings(s.legal[:0], side)
		}
		s.legalOK = true
	}
	return len(s.legal) > 0
}

// finish ends the game, counting the seeds left in houses by rem.
func (s *State) finish(rem Remaining) {
	g := s.g
	s.v.over = true
	s.v.pie = pieDone
	s.changed()
	if g.hooks.FinalScores != nil && s.hookScores() {
		return
	}
	left := s.gather(rem)
	for side := 0; side < 2; side++ {
		s.v.score[side] = 2*int32(s.pits[g.store[side]]) + left
	}
}

// gather moves the seeds left in houses to the stores as rem says; for Split it moves
// nothing and returns the seeds left, which count half to each side.
func (s *State) gather(rem Remaining) int32 {
	g := s.g
	left := int32(0)
	if g.keeps {
		for p, m := range s.marks {
			if m >= markKeep {
				s.addPit(g.store[m-markKeep], s.pits[p])
				s.setPit(p, 0)
			}
		}
	}
	switch rem {
	case ToEmptied, ToStarter:
		e0, e1 := s.sideEmpty(0), s.sideEmpty(1)
		to := -1
		switch {
		case rem == ToStarter:
			to = int(s.v.starter)
		case e0 && !e1:
			to = 0
		case e1 && !e0:
			to = 1
		}
		if to < 0 {
			return s.gather(ToOwner)
		}
		st := g.store[to]
		for p := range s.pits {
			if g.house[p] {
				s.addPit(st, s.pits[p])
				s.setPit(p, 0)
			}
		}
	case ToOwner:
		for side := 0; side < 2; side++ {
			st := g.store[side]
			for _, p := range g.houses[side] {
				s.addPit(st, s.pits[p])
				s.setPit(p, 0)
			}
		}
	case ToOther:
		st := g.store[1-s.v.side]
		for p := range s.pits {
			if g.house[p] {
				s.addPit(st, s.pits[p])
				s.setPit(p, 0)
			}
		}
	case Split:
		for p := range s.pits {
			if g.house[p] {
				left += int32(s.pits[p])
			}
		}
	}
	return left
}

// changed forgets what was cached of the position (the move list, nonEmpty's bits):
// every change of the pits outside a sowing of apply's calls it.
func (s *State) changed() {
	s.legalOK, s.neOK = false, false
}

// eitherEmpty reports whether either side's houses hold no seeds (kept pits aside).
func (s *State) eitherEmpty() bool {
	if g := s.g; g.houseBits[0] != 0 {
		ne := s.nonEmptyCached()
		return ne&g.houseBits[0] == 0 || ne&g.houseBits[1] == 0
	}
	return s.sideEmpty(0) || s.sideEmpty(1)
}

// sideEmpty reports whether side's houses hold no seeds (kept pits aside), as
// sideSeeds(side) == 0 does, stopping at the first seed.
func (s *State) sideEmpty(side int) bool {
	g := s.g
	if g.keeps {
		for _, p := range g.houses[side] {
			if s.marks[p] < markKeep && s.pits[p] != 0 {
				return false
			}
		}
		return true
	}
	if hb := g.houseBits[side]; hb != 0 {
		return s.nonEmpty()&hb == 0 // not the cache: sideEmpty is asked in mid-move too
	}
	if lo := g.span[side]; lo >= 0 {
		for _, c := range s.pits[lo : lo+len(g.houses[side])] {
			if c != 0 {
				return false
			}
		}
		return true
	}
	for _, p := range g.houses[side] {
		if s.pits[p] != 0 {
			return false
		}
	}
	return true
}

// sideSeeds counts the seeds in side's houses (kept pits aside: KeepPair).
func (s *State) sideSeeds(side int) int {
	g := s.g
	t := 0
	if g.keeps {
		for _, p := range g.houses[side] {
			if s.marks[p] < markKeep {
				t += int(s.pits[p])
			}
		}
		return t
	}
	if lo := g.span[side]; lo >= 0 {
		for _, c := range s.pits[lo : lo+len(g.houses[side])] {
			t += int(c)
		}
		return t
	}
	for _, p := range g.houses[side] {
		t += int(s.pits[p])
	}
	return t
}

// Returns appends 1 for the winning seat, -1 for the loser, 0 each for a draw (and 0
// each for a game not over or stopped by a hook's error).
func (s *State) Returns(dst []float64) []float64 {
	var r [2]float64
	if s.v.over && s.v.err == nil {
		d := s.v.score[0] - s.v.score[1]
		switch {
		case d > 0:
			r = [2]float64{1, -1}
		case d < 0:
			r = [2]float64{-1, 1}
		}
		if s.v.swapped {
			r[0], r[1] = r[1], r[0]
		}
	}
	return append(dst, r[0], r[1])
}

// Scores appends each seat's score: the final score once over (halves show as .5),
// the seeds in the seat's store before.
func (s *State) Scores(dst []float64) []float64 {
	var sc [2]float64
	for side := 0; side < 2; side++ {
		if s.v.over {
			sc[side] = float64(s.v.score[side]) / 2
		} else {
			sc[side] = float64(s.pits[s.g.store[side]])
		}
	}
	if s.v.swapped {
		sc[0], sc[1] = sc[1], sc[0]
	}
	return append(dst, sc[0], sc[1])
}

// ScoreHalves returns side's final score in halves of a seed (0 before the end).
func (s *State) ScoreHalves(side int) int {
	if !s.v.over {
		return 0
	}
	return int(s.v.score[side])
}

// Clone returns an independent copy (without the undo records).
func (s *State) Clone() core.State { return s.Copy() }

// Copy is Clone with the concrete type. The repetition record is kept.
func (s *State) Copy() *State {
	c := &State{g: s.g, v: s.v, ply: s.ply, total: s.total}
	c.pits = newPits(len(s.pits))
	copy(c.pits, s.pits)
	if s.marks != nil {
		c.marks = newMarks(len(s.marks))
		copy(c.marks, s.marks)
	}
	c.hashes = append([]uint64(nil), s.hashes...)
	return c
}

// CopyFrom makes s equal to src (a state of the same game) without allocating once
// warm; undo records are dropped.
func (s *State) CopyFrom(src core.State) {
	o := src.(*State)
	if s.g != o.g || len(s.pits) != len(o.pits) {
		*s = *o.Copy()
		return
	}
	copy(s.pits, o.pits)
	copy(s.marks, o.marks)
	s.v, s.ply, s.total = o.v, o.ply, o.total
	s.changed()
	s.hashes = append(s.hashes[:0], o.hashes...)
	s.hist, s.mhist, s.vhist, s.whist, s.khist = s.hist[:0], s.mhist[:0], s.vhist[:0], s.whist[:0], s.khist[:0]
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
