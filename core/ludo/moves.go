package ludo

import (
	"math/bits"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// position is everything a move changes; a copy of it is an undo record.
type position struct {
	prog  [MaxPlayers][maxTokens]uint8 // each token's progress (0 yard .. goal)
	occ   [MaxTrack]uint16             // tokens on each track square, 4 bits per player
	done  [MaxPlayers]uint8            // tokens at the goal
	order [MaxPlayers]uint8            // players in finishing order (the first nfin)
	nfin  uint8
	turn  uint8 // the player whose turn it is
	roll  uint8 // the roll to play at a decision node; 0 when a roll is due
	legal uint8 // at a decision node, bit k: token k may move
	sixes uint8 // rolls in extra_roll_on so far this turn (counted with three_sixes_forfeit)
	tries uint8 // yard tries used this turn
	over  bool
	ply   int32
	err   error // why a hook stopped the game
}

// State is a Ludo position. It implements core.State, core.Undoer, core.Hasher,
// core.Copier, core.RandomPlayer and core.Evaluator, and ai.GreedyChooser.
type State struct {
	g    *Game
	p    position
	hist []position
}

// Reset returns s to the initial position, keeping its memory.
func (s *State) Reset() {
	s.p = s.g.startPos
	s.hist = s.hist[:0]
}

// Game returns the game of s.
func (s *State) Game() *Game { return s.g }

// ToMove is the player to choose a token, core.Chance when a roll is due, or
// core.Terminal.
func (s *State) ToMove() core.Player {
	switch {
	case s.p.over:
		return core.Terminal
	case s.p.roll == 0:
		return core.Chance
	}
	return core.Player(s.p.turn)
}

// LegalMoves appends the die faces at a chance node, the movable tokens' moves at a
// decision node.
func (s *State) LegalMoves(dst []core.Move) []core.Move {
	if s.p.over {
		return dst
	}
	if s.p.roll == 0 {
		for f := 1; f <= s.g.sides; f++ {
			dst = append(dst, core.Move(f))
		}
		return dst
	}
	for m := s.p.legal; m != 0; m &= m - 1 {
		dst = append(dst, TokenBase+core.Move(bits.TrailingZeros8(m)))
	}
	return dst
}

// ChanceOutcomes appends the die faces, each with probability 1/die_sides, at a chance
// node.
func (s *State) ChanceOutcomes(dst []core.Outcome) []core.Outcome {
	if s.p.over || s.p.roll != 0 {
		return dst
	}
	pr := 1 / float64(s.g.sides)
	for f := 1; f <= s.g.sides; f++ {
		dst = append(dst, core.Outcome{Move: core.Move(f), Prob: pr})
	}
	return dst
}

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
	return true
}

// PlayRandom plays the game out with uniformly random legal moves and rolls, without
// undo records: the fast path for playouts. It draws exactly as LegalMoves and Play with
// r.IntN(len(moves)) at every node would, so both give the same game. It returns the
// plies played.
func (s *State) PlayRandom(r *rand.Rand) int {
	plies := 0
	sides := s.g.sides
	for !s.p.over {
		if s.p.roll == 0 {
			s.rolled(r.IntN(sides) + 1)
		} else {
			m := s.p.legal
			for i := r.IntN(bits.OnesCount8(m)); i > 0; i-- {
				m &= m - 1
			}
			s.moved(bits.TrailingZeros8(m))
		}
		plies++
	}
	return plies
}

// play applies m without an undo record.
func (s *State) play(m core.Move) {
	if s.p.roll == 0 {
		s.rolled(int(m))
	} else {
		s.moved(int(m - TokenBase))
	}
}

// rolled plays die face f for the player whose turn it is.
func (s *State) rolled(f int) {
	g, p := s.g, &s.p
	p.ply++
	pl := int(p.turn)
	isExtra := g.extra&(1<<f) != 0
	switch {
	case isExtra && p.sixes >= 2 && g.r.ThreeSixesForfeit:
		s.nextTurn()
	default:
		if m := g.legalMask(p, pl, f); m != 0 {
			p.roll, p.legal, p.tries = uint8(f), m, 0
			break
		}
		switch {
		case isExtra:
			if g.r.ThreeSixesForfeit {
				p.sixes++
			}
		case g.r.YardTries > 1 && int(p.tries)+1 < g.r.YardTries && g.noneInPlay(p, pl):
			p.tries++
		default:
			s.nextTurn()
		}
	}
	if g.r.MaxPlies > 0 && int(p.ply) >= g.r.MaxPlies {
		s.capped()
	}
}

// moved moves token k of the player to move with the pending roll.
func (s *State) moved(k int) {
	g, p := s.g, &s.p
	p.ply++
	pl, f := int(p.turn), int(p.roll)
	cell := g.apply(p, pl, k, f)
	if cell >= 0 && g.custom[cell] && g.r.Hooks.OnLand != nil {
		err := g.r.Hooks.OnLand(s, k, cell, g.r.Fields[g.field[cell]].Kind)
		if err == nil {
			err = s.check("on_land")
		}
		if err != nil {
			s.stop(err)
			return
		}
	}
	p.roll, p.legal = 0, 0
	if p.done[pl] == uint8(g.tokens) || (g.hooked && s.anyFinished()) {
		s.rank(pl)
		if p.over {
			return
		}
	}
	switch {
	case p.done[pl] != uint8(g.tokens) && g.extra&(1<<f) != 0:
		if g.r.ThreeSixesForfeit {
			p.sixes++
		}
	default:
		s.nextTurn()
	}
	if g.r.MaxPlies > 0 && int(p.ply) >= g.r.MaxPlies {
		s.capped()
	}
}

// anyFinished reports whether a player has all tokens at the goal but no place yet (a
// hook may finish another player's tokens).
func (s *State) anyFinished() bool {
	for q := 0; q < s.g.n; q++ {
		if s.p.done[q] == uint8(s.g.tokens) && !s.ranked(q) {
			return true
		}
	}
	return false
}

func (s *State) ranked(q int) bool {
	for i := 0; i < int(s.p.nfin); i++ {
		if int(s.p.order[i]) == q {
			return true
		}
	}
	return false
}

// rank gives places to the players that have just finished, the mover first, and ends
// the game when the rules say so.
func (s *State) rank(mover int) {
	g, p := s.g, &s.p
	for i := 0; i < g.n; i++ {
		q := (mover + i) % g.n
		if p.done[q] != uint8(g.tokens) || s.ranked(q) {
			continue
		}
		p.order[p.nfin] = uint8(q)
		p.nfin++
	}
	if !g.r.PlayToEnd {
		p.over, p.sixes, p.tries = true, 0, 0
		return
	}
	if int(p.nfin) >= g.n-1 {
		for q := 0; q < g.n && int(p.nfin) < g.n; q++ {
			if !s.ranked(q) {
				p.order[p.nfin] = uint8(q)
				p.nfin++
			}
		}
		p.over, p.sixes, p.tries = true, 0, 0
	}
}

// nextTurn passes the turn to the next player that has not finished.
func (s *State) nextTurn() {
	g, p := s.g, &s.p
	p.sixes, p.tries = 0, 0
	t := int(p.turn)
	for i := 0; i < g.n; i++ {
		t++
		if t == g.n {
			t = 0
		}
		if p.done[t] != uint8(g.tokens) {
			break
		}
	}
	p.turn = uint8(t)
}

// noneInPlay reports whether none of pl's tokens is on the track or in its home column.
func (g *Game) noneInPlay(p *position, pl int) bool {
	for k := 0; k < g.tokens; k++ {
		if x := int(p.prog[pl][k]); x != 0 && x != g.goal {
			return false
		}
	}
	return true
}

const wallBits = 0x6666 // a count nibble >= 2 has bit 1 or 2 set (counts are <= 6)

// wall reports whether a player other than pl has two or more tokens on track square c.
func (p *position) wall(c, pl int) bool {
	return p.occ[c]&wallBits&^(0xf<<(4*pl)) != 0
}

// legalMask returns the tokens of pl that may move with roll f, one per progress value.
func (g *Game) legalMask(p *position, pl, f int) uint8 {
	if g.block || g.goal >= 64 {
		return g.legalMaskBlock(p, pl, f)
	}
	// Branch-free over the tokens: places are < 64, so one word marks those seen.
	limit := uint(g.goal - f) // the furthest place that can move with f (exact finish)
	if g.r.Finish == Bounce {
		limit = uint(g.goal - 1)
	}
	enter := uint64(g.enter>>f) & 1
	var seen, m uint64
	for k, x8 := range p.prog[pl][:g.tokens] {
		x := uint(x8)
		dup := seen >> x & 1
		seen |= 1 << x
		var ok uint64
		if x <= limit {
			ok = 1
		}
		if x == 0 {
			ok = enter
		}
		m |= (ok &^ dup) << k
	}
	if g.r.SixMustEnter && enter != 0 && seen&1 != 0 {
		for k, x8 := range p.prog[pl][:g.tokens] {
			if x8 == 0 {
				return 1 << k
			}
		}
	}
	return uint8(m)
}

// legalMaskBlock is legalMask with walls (a token may neither pass nor land on a square
// where an opponent has two or more tokens), and for places of 64 and more.
func (g *Game) legalMaskBlock(p *position, pl, f int) uint8 {
	var m, entry uint8
	var seen [2]uint64
	goal := g.goal
	canEnter := g.enter&(1<<f) != 0
tokens:
	for k, x8 := range p.prog[pl][:g.tokens] {
		x := int(x8)
		bit := uint64(1) << (x & 63)
		if x == goal || seen[x>>6&1]&bit != 0 {
			continue
		}
		seen[x>>6&1] |= bit
		if x == 0 {
			if canEnter && !p.wall(int(g.start[pl]), pl) {
				entry = 1 << k
				m |= entry
			}
			continue
		}
		if x+f > goal && g.r.Finish == Exact {
			continue
		}
		for i := 1; i <= f; i++ {
			r := x + i
			if r > goal {
				r = 2*goal - r
			}
			if r < g.track && p.wall(int(g.absOf[pl][r]), pl) {
				continue tokens
			}
		}
		m |= 1 << k
	}
	if entry != 0 && g.r.SixMustEnter {
		return entry
	}
	return m
}

// apply moves token k of player pl by roll f (a legal move): out of the yard, along its
// way, over a jump, then the landing rules. It returns the track square where the token
// ends, or -1 (yard, home column or goal).
func (g *Game) apply(p *position, pl, k, f int) int {
	x := int(p.prog[pl][k])
	to := 1
	if x != 0 {
		to = x + f
		if to > g.goal {
			to = 2*g.goal - to
		}
	}
	if g.hasJump && to < g.track {
		if j := int(g.jumpTo[pl][to]); j != to && !(g.block && j < g.track && p.wall(int(g.absOf[pl][j]), pl)) {
			to = j
		}
	}
	return g.settle(p, pl, k, to)
}

// settle puts token k of pl on progress to (1..goal) under the landing rules: the
// own-token rule, then captures. It returns the track square where the token ends, or -1.
func (g *Game) settle(p *position, pl, k, to int) int {
	g.lift(p, pl, k)
	if g.nextSq {
		for to < g.goal && g.ownAt(p, pl, k, to) {
			to++
		}
	}
	if to >= g.track {
		p.prog[pl][k] = uint8(to)
		if to == g.goal {
			p.done[pl]++
		}
		return -1
	}
	c := int(g.absOf[pl][to])
	if o := p.occ[c] &^ (0xf << (4 * pl)); o != 0 {
		for q := 0; q < g.n; q++ {
			cnt := int(o>>(4*q)) & 0xf
			if cnt == 0 || g.protect[c]&(1<<q) != 0 {
				continue
			}
			if cnt > 1 && g.r.DoubledEnemy == SendsMoverHome {
				p.prog[pl][k] = 0
				return -1
			}
			g.capture(p, q, c)
		}
	}
	p.prog[pl][k] = uint8(to)
	p.occ[c] += 1 << (4 * pl)
	return c
}

// capture sends one token of player q on track square c to its yard.
func (g *Game) capture(p *position, q, c int) {
	rel := uint8((c-int(g.start[q])+g.track)%g.track + 1)
	for t := 0; t < g.tokens; t++ {
		if p.prog[q][t] == rel {
			p.prog[q][t] = 0
			p.occ[c] -= 1 << (4 * q)
			return
		}
	}
}

// lift takes token k of pl off the board's counts (its progress is left as it was).
func (g *Game) lift(p *position, pl, k int) {
	x := int(p.prog[pl][k])
	switch {
	case x == 0:
	case x < g.track:
		p.occ[g.absOf[pl][x]] -= 1 << (4 * pl)
	case x == g.goal:
		p.done[pl]--
	}
}

// ownAt reports whether a token of pl other than k has progress x.
func (g *Game) ownAt(p *position, pl, k, x int) bool {
	for t := 0; t < g.tokens; t++ {
		if t != k && int(p.prog[pl][t]) == x {
			return true
		}
	}
	return false
}

// capped ends the game at max_plies.
func (s *State) capped() {
	s.p.over = true
	s.p.roll, s.p.legal, s.p.sixes, s.p.tries = 0, 0, 0, 0
}

// stop ends the game because of an error.
func (s *State) stop(err error) {
	s.p.over = true
	s.p.err = err
	s.p.roll, s.p.legal, s.p.sixes, s.p.tries = 0, 0, 0, 0
}

// Returns appends one value per player once the game is over (see the package doc).
func (s *State) Returns(dst []float64) []float64 {
	g, p := s.g, &s.p
	n := g.n
	var r [MaxPlayers]float64
	if p.over && p.err == nil {
		if !g.r.PlayToEnd {
			if p.nfin > 0 {
				for q := 0; q < n; q++ {
					r[q] = -1 / float64(n-1)
				}
				r[p.order[0]] = 1
			}
		} else {
			val := func(place int) float64 { return 1 - 2*float64(place)/float64(n-1) }
			rest := 0.0
			for place := int(p.nfin); place < n; place++ {
				rest += val(place)
			}
			if int(p.nfin) < n {
				rest /= float64(n - int(p.nfin))
			}
			for q := 0; q < n; q++ {
				r[q] = rest
			}
			for place := 0; place < int(p.nfin); place++ {
				r[p.order[place]] = val(place)
			}
		}
	}
	return append(dst, r[:n]...)
}

// Clone returns an independent copy (without the undo records).
func (s *State) Clone() core.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State { return &State{g: s.g, p: s.p} }

// CopyFrom makes s equal to src (a Ludo state) without allocating; undo records are
// dropped.
func (s *State) CopyFrom(src core.State) {
	o := src.(*State)
	s.g, s.p = o.g, o.p
	s.hist = s.hist[:0]
}

// Err is the error of a hook that stopped the game.
func (s *State) Err() error { return s.p.err }
