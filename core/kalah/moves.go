package kalah

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// Pie-rule phases.
const (
	pieFirst uint8 = iota // the first player's first turn: the offer is still to come
	pieOffer              // the second player's first move: swap is legal
	pieDone               // no swap any more (or no pie rule)
)

// position is everything a move changes; a copy of it is an undo record.
type position struct {
	pits    [pitsLen]uint8 // MaxPits, then slack for word loads
	side    uint8          // side to move: 0 South, 1 North
	over    bool
	swapped bool // seats have exchanged sides: seat 0 plays North
	pie     uint8
	score   [2]int16 // final scores by side, once over
	err     error    // why a hook stopped the game
}

// State is a Kalah position. It implements core.State, core.Undoer, core.Hasher and
// core.Scorer.
type State struct {
	g     *Game
	p     position
	ply   int
	total int // seeds in all, conserved by every move
	hist  []position
}

// Reset returns s to the initial position, keeping its memory.
func (s *State) Reset() {
	g := s.g
	s.p = position{}
	for side := 0; side < 2; side++ {
		for k := 0; k < g.n; k++ {
			s.p.pits[side*(g.n+1)+k] = uint8(g.r.Seeds)
		}
	}
	s.p.pie = pieDone
	if g.r.PieRule {
		s.p.pie = pieFirst
	}
	s.ply = 0
	s.total = g.total
	s.hist = s.hist[:0]
}

// Game returns the game of s.
func (s *State) Game() *Game { return s.g }

// ToMove is the seat to move, or core.Terminal.
func (s *State) ToMove() core.Player {
	if s.p.over {
		return core.Terminal
	}
	return core.Player(s.p.side ^ b2u(s.p.swapped))
}

// Side is the side to move (0 South, 1 North).
func (s *State) Side() int { return int(s.p.side) }

// Swapped reports whether the seats have exchanged sides under the pie rule.
func (s *State) Swapped() bool { return s.p.swapped }

// Ply is the number of moves played since the start (or since the position was parsed).
func (s *State) Ply() int { return s.ply }

// LegalMoves appends the mover's playable houses (0-based along the side) and, when the
// pie rule offers it, Swap.
func (s *State) LegalMoves(dst []core.Move) []core.Move {
	if s.p.over {
		return dst
	}
	g := s.g
	if g.n <= 8 && g.r.Hooks.CanPlay == nil {
		for nz := nonZeroBytes(s.sideWord(int(s.p.side))); nz != 0; nz &= nz - 1 {
			dst = append(dst, core.Move(bits.TrailingZeros64(nz)>>3))
		}
		if s.p.pie == pieOffer {
			dst = append(dst, Swap)
		}
		return dst
	}
	n0 := len(dst)
	base := int(s.p.side) * (g.n + 1)
	for k := 0; k < g.n; k++ {
		if s.p.pits[base+k] == 0 {
			continue
		}
		if g.r.Hooks.CanPlay != nil {
			ok, err := g.r.Hooks.CanPlay(s, k)
			if err == nil {
				err = s.checkConserved("can_play")
			}
			if err != nil {
				s.stop(err)
				return dst[:n0]
			}
			if !ok {
				continue
			}
		}
		dst = append(dst, core.Move(k))
	}
	if s.p.pie == pieOffer {
		dst = append(dst, Swap)
	}
	return dst
}

// ChanceOutcomes appends nothing: Kalah has no chance.
func (s *State) ChanceOutcomes(dst []core.Outcome) []core.Outcome { return dst }

// Play applies a legal move, recording an undo record.
func (s *State) Play(m core.Move) {
	s.hist = append(s.hist, s.p)
	s.play(m)
}

// Undo takes back the last move.
func (s *State) Undo() bool {
	if len(s.hist) == 0 {
		return false
	}
	s.p = s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.ply--
	return true
}

// PlayRandom plays the game out with uniformly random legal moves, without undo records:
// the fast path for playouts. It returns the number of plies played.
func (s *State) PlayRandom(r *rand.Rand) int {
	if s.g.hooked || s.g.n > 8 {
		return s.playRandomGeneric(func(n int) int { return r.IntN(n) })
	}
	return s.playRandomFast(nil, r)
}

// PlayRandomPCG is PlayRandom drawing straight from src (core.RandIndex): the fastest
// path, used by MCTS rollouts.
func (s *State) PlayRandomPCG(src *rand.PCG) int {
	if s.g.hooked || s.g.n > 8 {
		return s.playRandomGeneric(func(n int) int { return core.RandIndex(src, n) })
	}
	return s.playRandomFast(src, nil)
}

// playRandomFast plays random moves through play until the two-word loops can take
// over (the pie offer settled), then hands the rest of the game to them. Exactly one of
// src and r is set. Every path draws the same index for the same ply, so a seeded
// playout is the same game whichever path plays it.
func (s *State) playRandomFast(src *rand.PCG, r *rand.Rand) int {
	plies := 0
	for !s.p.over {
		if s.wordsReady() {
			if src != nil {
				return plies + s.playWordsPCG(src)
			}
			return plies + s.playWordsRand(r)
		}
		nz, houses, cnt := s.randomChoices()
		s.play(pickMove(nz, houses, drawIndex(src, r, cnt)))
		plies++
	}
	return plies
}

// drawIndex draws from src when set, else from r.
func drawIndex(src *rand.PCG, r *rand.Rand, n int) int {
	if src != nil {
		return core.RandIndex(src, n)
	}
	return r.IntN(n)
}

// randomChoices returns one bit per non-empty house of the mover (bit 8k+7 for house
// k), their count, and the count of legal moves (the houses, and swap when offered).
func (s *State) randomChoices() (nz uint64, houses, moves int) {
	nz = nonZeroBytes(s.sideWord(int(s.p.side)))
	houses = bits.OnesCount64(nz)
	moves = houses
	if s.p.pie == pieOffer {
		moves++
	}
	return nz, houses, moves
}

// pickMove returns the k-th legal move (houses in order, then swap).
func pickMove(nz uint64, houses, k int) core.Move {
	if k >= houses {
		return Swap
	}
	for ; k > 0; k-- {
		nz &= nz - 1
	}
	return core.Move(bits.TrailingZeros64(nz) >> 3)
}

func (s *State) playRandomGeneric(pick func(n int) int) int {
	var buf [MaxPits + 1]core.Move
	plies := 0
	for !s.p.over {
		moves := s.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		s.play(moves[pick(len(moves))])
		plies++
	}
	return plies
}

// play applies m without an undo record.
func (s *State) play(m core.Move) {
	g := s.g
	s.ply++
	side := int(s.p.side)
	if m == Swap {
		s.p.swapped = !s.p.swapped
		s.p.pie = pieDone
		s.endCheck()
		return
	}
	if s.p.pie == pieOffer {
		s.p.pie = pieDone
	}
	from := side*(g.n+1) + int(m)
	last := s.sow(side, from)
	extra := last == int(g.stores[side]) // only reachable with store sowing
	if !g.isStore(last) {
		if g.r.Hooks.Capture != nil {
			err := g.r.Hooks.Capture(s, last)
			if err == nil {
				err = s.checkConserved("capture")
			}
			if err != nil {
				s.stop(err)
				return
			}
		} else if g.capt[last] && s.p.pits[last] == 1 && g.sideOf(last) == side {
			s.capture(side, last)
		}
	}
	if g.r.Hooks.ExtraTurn != nil {
		var err error
		extra, err = g.r.Hooks.ExtraTurn(s, last)
		if err == nil {
			err = s.checkConserved("extra_turn")
		}
		if err != nil {
			s.stop(err)
			return
		}
	}
	if !extra {
		s.p.side ^= 1
		if s.p.pie == pieFirst {
			s.p.pie = pieOffer
		}
	}
	if g.fastEnd {
		// No hooks, either_side_empty, at most 8 houses a side: two loads decide.
		if s.sideWord(0) == 0 || s.sideWord(1) == 0 || (g.r.MaxPlies > 0 && s.ply >= g.r.MaxPlies) {
			s.finish()
		}
		return
	}
	s.endCheck()
}

// sow empties house from and sows its seeds along side's track; it returns the last pit.
func (s *State) sow(side, from int) int {
	g := s.g
	seeds := int(s.p.pits[from])
	s.p.pits[from] = 0
	lap := g.cycLen[side]
	cyc := &g.cyc[side]
	if g.r.OriginSkip {
		lap-- // the origin takes no seed
	}
	if seeds > lap {
		// Whole laps in bulk: every pit of the track but the origin (when skipped)
		// gains the same number.
		q := (seeds - 1) / lap
		for i := 0; i < g.cycLen[side]; i++ {
			s.p.pits[cyc[i]] += uint8(q)
		}
		if g.r.OriginSkip {
			s.p.pits[from] -= uint8(q)
		}
		seeds -= q * lap
	}
	if !g.r.OriginSkip {
		// Runs of consecutive pits get their seeds a word at a time.
		pos := int(g.at[side][from]) + 1
		for seeds > 0 {
			run := min(int(g.run[side][pos]), seeds)
			addOnes(&s.p.pits, int(cyc[pos]), run)
			pos += run
			seeds -= run
		}
		return int(cyc[pos-1])
	}
	i := int(g.at[side][from])
	p := from
	for seeds > 0 {
		i++
		p = int(cyc[i])
		if p == from {
			continue
		}
		s.p.pits[p]++
		seeds--
	}
	return p
}

// addOnes adds one seed to each of the n pits from p on (no pit can overflow: there
// are at most 255 seeds in all). The pits array has 8 bytes of slack for the loads.
func addOnes(pits *[pitsLen]uint8, p, n int) {
	for n >= 8 {
		w := binary.LittleEndian.Uint64(pits[p:])
		binary.LittleEndian.PutUint64(pits[p:], w+onesLow[8])
		p += 8
		n -= 8
	}
	if n > 0 {
		w := binary.LittleEndian.Uint64(pits[p:])
		binary.LittleEndian.PutUint64(pits[p:], w+onesLow[n])
	}
}

// capture applies the built-in capture of a last seed in empty house last of side.
func (s *State) capture(side, last int) {
	g := s.g
	o1, o2 := int(g.opp[last]), int(g.opp2[last])
	taken := int(s.p.pits[o1])
	if g.r.Rows == 4 {
		taken += int(s.p.pits[o2])
	}
	if taken == 0 && !g.r.EmptyCapture {
		return
	}
	st := g.store(side)
	s.p.pits[st] += uint8(taken + 1)
	s.p.pits[last] = 0
	s.p.pits[o1] = 0
	if g.r.Rows == 4 {
		s.p.pits[o2] = 0
	}
}

// endCheck ends the game when the rules say so.
func (s *State) endCheck() {
	g := s.g
	over, decided := false, false
	if g.r.Hooks.IsOver != nil {
		v, ok, err := g.r.Hooks.IsOver(s)
		if err == nil {
			err = s.checkConserved("is_over")
		}
		if err != nil {
			s.stop(err)
			return
		}
		over, decided = v, ok
	}
	if !decided {
		switch {
		case g.n <= 8 && g.r.EndRule == EitherSideEmpty:
			over = s.sideWord(0) == 0 || s.sideWord(1) == 0
		case g.r.EndRule == EitherSideEmpty:
			over = s.sideSeeds(0) == 0 || s.sideSeeds(1) == 0
		default: // MoverCannotMove
			over = s.sideSeeds(int(s.p.side)) == 0 && s.p.pie != pieOffer
		}
	}
	if !over && g.r.MaxPlies > 0 && s.ply >= g.r.MaxPlies {
		over = true
	}
	if !over && (g.r.Hooks.CanPlay != nil || decided) && !s.hasMove() {
		over = true // no legal move ends the game, whatever a hook says
	}
	if over {
		s.finish()
	}
}

// hasMove reports whether the side to move has a legal move.
func (s *State) hasMove() bool {
	var buf [MaxPits + 1]core.Move
	return len(s.LegalMoves(buf[:0])) > 0 || s.p.over
}

// finish ends the game and counts the scores. A pending pie offer lapses: a finished
// game has no pie phase (its position string shows none).
func (s *State) finish() {
	g := s.g
	s.p.over = true
	s.p.pie = pieDone
	if g.r.Hooks.FinalScores != nil {
		south, north, ok, err := g.r.Hooks.FinalScores(s)
		if err == nil {
			err = s.checkConserved("final_scores")
		}
		if err != nil {
			s.stop(err)
			return
		}
		if ok {
			s.p.score = [2]int16{int16(south), int16(north)}
			return
		}
	}
	for side := 0; side < 2; side++ {
		st := g.store(side)
		if g.r.Remaining == Owner {
			base := side * (g.n + 1)
			for k := 0; k < g.n; k++ {
				s.p.pits[st] += s.p.pits[base+k]
				s.p.pits[base+k] = 0
			}
		}
		s.p.score[side] = int16(s.p.pits[st])
	}
}

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.p.over = true
	s.p.pie = pieDone
	s.p.err = err
}

// sideSeeds counts the seeds in side's houses.
func (s *State) sideSeeds(side int) int {
	g := s.g
	base := side * (g.n + 1)
	t := 0
	for k := 0; k < g.n; k++ {
		t += int(s.p.pits[base+k])
	}
	return t
}

// checkConserved is the check after every hook: no seed created or lost.
func (s *State) checkConserved(hook string) error {
	t := 0
	for p := 0; p < s.g.pits; p++ {
		t += int(s.p.pits[p])
	}
	if t != s.total {
		return fmt.Errorf("%s: seeds not conserved: %d on the board, want %d", hook, t, s.total)
	}
	return nil
}

// Returns appends 1 for the winning seat, -1 for the loser, 0 each for a draw (and 0
// each for a game stopped by an error or not over).
func (s *State) Returns(dst []float64) []float64 {
	var r [2]float64
	if s.p.over && s.p.err == nil {
		d := s.p.score[0] - s.p.score[1]
		switch {
		case d > 0:
			r = [2]float64{1, -1}
		case d < 0:
			r = [2]float64{-1, 1}
		}
		if s.p.swapped {
			r[0], r[1] = r[1], r[0]
		}
	}
	return append(dst, r[0], r[1])
}

// Scores appends each seat's score: the final score once over, the seeds in the seat's
// store before.
func (s *State) Scores(dst []float64) []float64 {
	var sc [2]float64
	for side := 0; side < 2; side++ {
		if s.p.over {
			sc[side] = float64(s.p.score[side])
		} else {
			sc[side] = float64(s.p.pits[s.g.store(side)])
		}
	}
	if s.p.swapped {
		sc[0], sc[1] = sc[1], sc[0]
	}
	return append(dst, sc[0], sc[1])
}

// Margin is the first seat's final score minus the second's (0 before the end).
func (s *State) Margin() int {
	if !s.p.over {
		return 0
	}
	d := int(s.p.score[0] - s.p.score[1])
	if s.p.swapped {
		d = -d
	}
	return d
}

// Clone returns an independent copy (without the undo records).
func (s *State) Clone() core.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := &State{g: s.g, p: s.p, ply: s.ply, total: s.total}
	return c
}

// CopyFrom makes s equal to src (a Kalah state) without allocating; undo records are
// dropped.
func (s *State) CopyFrom(src core.State) {
	o := src.(*State)
	s.g, s.p, s.ply, s.total = o.g, o.p, o.ply, o.total
	s.hist = s.hist[:0]
}

// Err is the error of a hook that stopped the game.
func (s *State) Err() error { return s.p.err }

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
