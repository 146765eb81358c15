package ludo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// String is the one-line position string (see the package doc).
func (s *State) String() string {
	g, p := s.g, &s.p
	var b strings.Builder
	for q := 0; q < g.n; q++ {
		b.WriteByte(g.Letter(q))
		b.WriteByte(':')
		for k := 0; k < g.tokens; k++ {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(p.prog[q][k])))
		}
		b.WriteByte(' ')
	}
	switch {
	case p.over:
		b.WriteByte('-')
	case p.roll == 0:
		b.WriteByte(g.Letter(int(p.turn)))
		b.WriteByte('?')
	default:
		b.WriteByte(g.Letter(int(p.turn)))
		b.WriteString(strconv.Itoa(int(p.roll)))
	}
	if p.sixes > 0 {
		fmt.Fprintf(&b, " sixes=%d", p.sixes)
	}
	if p.tries > 0 {
		fmt.Fprintf(&b, " tries=%d", p.tries)
	}
	if p.nfin > 0 && (g.r.PlayToEnd || s.finishedCount() > 1) {
		b.WriteString(" ranks=")
		for i := 0; i < int(p.nfin); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte(g.Letter(int(p.order[i])))
		}
	}
	if g.r.MaxPlies > 0 {
		fmt.Fprintf(&b, " ply=%d", p.ply)
	}
	return b.String()
}

// finishedCount counts the players with every token at the goal.
func (s *State) finishedCount() int {
	n := 0
	for q := 0; q < s.g.n; q++ {
		if s.p.done[q] == uint8(s.g.tokens) {
			n++
		}
	}
	return n
}

// seatOf returns the player with colour letter c, or -1.
func (g *Game) seatOf(c byte) int {
	c = byte(strings.ToUpper(string(c))[0])
	for q := 0; q < g.n; q++ {
		if g.Letter(q) == c {
			return q
		}
	}
	return -1
}

// Parse reads a position string. A position that is over by the rules (a player has
// finished without play_to_end) reads as over.
func (g *Game) Parse(text string) (*State, error) {
	s, err := g.parse(text)
	if err != nil {
		return nil, fmt.Errorf("ludo position %q: %w", text, err)
	}
	return s, nil
}

// parse reads the fields in the order they are written (each player's tokens, the
// turn, then the optional sixes, tries, ply and ranks), then places the finished
// players and checks that the whole is a position the rules can reach.
func (g *Game) parse(text string) (*State, error) {
	fields := strings.Fields(text)
	if len(fields) < g.n+1 {
		return nil, fmt.Errorf("want %d players' tokens, then the player to move, e.g. %q", g.n, g.Start().String())
	}
	s := &State{g: g}
	for q := 0; q < g.n; q++ {
		if err := s.parseTokens(q, fields[q]); err != nil {
			return nil, err
		}
	}
	if err := s.checkBoard(); err != nil {
		return nil, err
	}
	over, err := s.parseTurn(fields[g.n])
	if err != nil {
		return nil, err
	}
	hasRanks := false
	for _, f := range fields[g.n+1:] {
		ranks, err := s.parseOptional(f)
		if err != nil {
			return nil, err
		}
		hasRanks = hasRanks || ranks
	}
	if err := s.placeFinished(hasRanks, over); err != nil {
		return nil, err
	}
	if over {
		return s, s.settleOver()
	}
	return s, s.settleInPlay()
}

// parseTokens reads player q's field, "R:0,12,57,0": the letter, then each token's
// place (0 in the yard, 1..track-1 on the way round, then the home column, goal at the
// end), and puts the tokens on the board.
func (s *State) parseTokens(q int, f string) error {
	g, p := s.g, &s.p
	want := string(g.Letter(q)) + ":"
	if !strings.HasPrefix(f, want) {
		return fmt.Errorf("field %d %q: want %s followed by %d token places", q+1, f, want, g.tokens)
	}
	vals := strings.Split(f[2:], ",")
	if len(vals) != g.tokens {
		return fmt.Errorf("%s: %d token places, want %d", want, len(vals), g.tokens)
	}
	for k, v := range vals {
		x, err := strconv.Atoi(v)
		if err != nil || x < 0 || x > g.goal {
			return fmt.Errorf("%s token %c: %q is not a place 0..%d (0 yard, %d goal)", want, 'a'+k, v, g.goal, g.goal)
		}
		p.prog[q][k] = uint8(x)
		switch {
		case x == 0:
		case x < g.track:
			p.occ[g.absOf[q][x]] += 1 << (4 * q)
		case x == g.goal:
			p.done[q]++
		}
	}
	return nil
}

// parseTurn reads the turn: the mover's letter, then ? while a roll is due or the
// pending roll, or - once the game is over. It reports whether the game is over.
func (s *State) parseTurn(turn string) (over bool, err error) {
	g, p := s.g, &s.p
	if turn == "-" {
		return true, nil
	}
	if len(turn) < 2 || g.seatOf(turn[0]) < 0 || turn[0] != g.Letter(g.seatOf(turn[0])) {
		return false, fmt.Errorf("turn %q: want a player's letter (%s) then ? or the pending roll, or - once over", turn, g.letters())
	}
	p.turn = uint8(g.seatOf(turn[0]))
	if turn[1:] == "?" {
		return false, nil
	}
	f, err := strconv.Atoi(turn[1:])
	if err != nil || f < 1 || f > g.sides {
		return false, fmt.Errorf("turn %q: want the player's letter then ? (a roll is due) or the roll 1..%d", turn, g.sides)
	}
	p.roll = uint8(f)
	return false, nil
}

// parseOptional reads one field after the turn: sixes=N (sixes rolled in a row, with
// three_sixes_forfeit), tries=N (rolls used trying to leave the yard), ply=N (with
// max_plies) or ranks=R,G,... (the finishing order). It reports whether it read ranks.
func (s *State) parseOptional(f string) (ranks bool, err error) {
	g, p := s.g, &s.p
	key, val, ok := strings.Cut(f, "=")
	if !ok {
		return false, fmt.Errorf("field %q: want sixes=N, tries=N, ranks=... or ply=N", f)
	}
	n, nerr := strconv.Atoi(val)
	switch key {
	case "sixes":
		if !g.r.ThreeSixesForfeit || nerr != nil || n < 0 || n > 2 {
			return false, fmt.Errorf("sixes=%s: only with three_sixes_forfeit, 0..2", val)
		}
		p.sixes = uint8(n)
	case "tries":
		if nerr != nil || n < 0 || n >= g.r.YardTries {
			return false, fmt.Errorf("tries=%s: want 0..%d (yard_tries %d)", val, g.r.YardTries-1, g.r.YardTries)
		}
		p.tries = uint8(n)
	case "ply":
		if g.r.MaxPlies == 0 || nerr != nil || n < 0 || n > g.r.MaxPlies {
			return false, fmt.Errorf("ply=%s: only with max_plies, 0..%d", val, g.r.MaxPlies)
		}
		p.ply = int32(n)
	case "ranks":
		return true, s.parseRanks(val)
	default:
		return false, fmt.Errorf("unknown field %q (want sixes, tries, ranks or ply)", key)
	}
	return false, nil
}

// parseRanks reads the finishing order, "R,G": each player at most once.
func (s *State) parseRanks(val string) error {
	g, p := s.g, &s.p
	for _, l := range strings.Split(val, ",") {
		q := -1
		if len(l) == 1 {
			q = g.seatOf(l[0])
		}
		switch {
		case q < 0 || l[0] != g.Letter(q):
			return fmt.Errorf("ranks: %q is not a player (want %s)", l, g.letters())
		case s.ranked(q):
			return fmt.Errorf("ranks: %s twice", l)
		}
		p.order[p.nfin] = uint8(q)
		p.nfin++
	}
	return nil
}

// placeFinished gives every finished player a place: in seat order when the position
// has no ranks field. A ranks field, written only with play_to_end or once several
// players have finished, lists every finished player, and besides them at most the
// last player of a game that is over.
func (s *State) placeFinished(hasRanks, over bool) error {
	g, p := s.g, &s.p
	if !hasRanks {
		for q := 0; q < g.n; q++ {
			if p.done[q] == uint8(g.tokens) {
				p.order[p.nfin] = uint8(q)
				p.nfin++
			}
		}
		return nil
	}
	finished := s.finishedCount()
	unfinished := 0
	for i := 0; i < int(p.nfin); i++ {
		if p.done[p.order[i]] != uint8(g.tokens) {
			unfinished++
		}
	}
	switch {
	case !g.r.PlayToEnd && finished < 2:
		return fmt.Errorf("ranks: only with play_to_end (or when several players have finished)")
	case int(p.nfin)-unfinished != finished:
		return fmt.Errorf("ranks: list every finished player (%d of them)", finished)
	case unfinished > 1 || (unfinished == 1 && (!over || int(p.nfin) != g.n)):
		return fmt.Errorf("ranks: a player is placed without having finished")
	}
	return nil
}

// atMaxPlies reports whether the game has reached max_plies.
func (s *State) atMaxPlies() bool {
	return s.g.r.MaxPlies > 0 && int(s.p.ply) >= s.g.r.MaxPlies
}

// settleOver checks a position written as over: it has no sixes or tries, and it ended
// at max_plies, or because a player finished (all but one with play_to_end, who then
// takes the last place).
func (s *State) settleOver() error {
	g, p := s.g, &s.p
	capped, finished := s.atMaxPlies(), s.finishedCount()
	switch {
	case p.sixes != 0 || p.tries != 0:
		return fmt.Errorf("sixes and tries belong to a game in progress")
	case !capped && finished == 0:
		return fmt.Errorf("the game is over but nobody has finished")
	case !capped && g.r.PlayToEnd && int(p.nfin) < g.n-1:
		return fmt.Errorf("the game is over with %d players still to finish", g.n-int(p.nfin))
	}
	if g.r.PlayToEnd && int(p.nfin) == g.n-1 {
		s.rank(int(p.order[0]))
	}
	p.over = true
	return nil
}

// settleInPlay checks a position written as in progress. One at max_plies, or where a
// player has finished without play_to_end (or all but one have with it), is over by the
// rules and reads as over. Otherwise the mover has not finished, tries count only while
// the mover rolls with no token in play, and a pending roll must have a move.
func (s *State) settleInPlay() error {
	g, p := s.g, &s.p
	finished := s.finishedCount()
	switch {
	case s.atMaxPlies():
		return fmt.Errorf("ply=%d: the game is over at max_plies %d (write -)", p.ply, g.r.MaxPlies)
	case finished > 0 && (!g.r.PlayToEnd || int(p.nfin) >= g.n-1):
		s.rank(int(p.order[0]))
		p.roll, p.sixes, p.tries = 0, 0, 0
	case p.done[p.turn] == uint8(g.tokens):
		return fmt.Errorf("%c has finished and cannot be to move", g.Letter(int(p.turn)))
	case p.tries > 0 && (p.roll != 0 || !g.noneInPlay(p, int(p.turn))):
		return fmt.Errorf("tries=%d: only while %c rolls with no token in play", p.tries, g.Letter(int(p.turn)))
	case p.roll != 0:
		p.legal = g.legalMask(p, int(p.turn), int(p.roll))
		if p.legal == 0 {
			return fmt.Errorf("%c cannot move with %d (a roll that cannot be used passes)", g.Letter(int(p.turn)), p.roll)
		}
	}
	return nil
}

func (g *Game) letters() string {
	l := make([]string, g.n)
	for q := range l {
		l[q] = string(g.Letter(q))
	}
	return strings.Join(l, ", ")
}

// MoveString writes a die face ("6") or a token letter ("a").
func (s *State) MoveString(m core.Move) string {
	switch {
	case m >= 1 && int(m) <= s.g.sides:
		return strconv.Itoa(int(m))
	case m >= TokenBase && int(m-TokenBase) < s.g.tokens:
		return string(rune('a' + m - TokenBase))
	}
	return fmt.Sprintf("move(%d)", int(m))
}

// ParseMove reads a die face ("6", "roll 6", "r6") or a token letter ("a" or "A").
func (s *State) ParseMove(text string) (core.Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' {
		if k := int(t[0] - 'a'); k < s.g.tokens {
			return Token(k), nil
		}
	}
	if rest, ok := strings.CutPrefix(t, "roll"); ok {
		t = strings.TrimSpace(rest)
	} else if rest, ok := strings.CutPrefix(t, "r"); ok {
		t = rest
	}
	if len(t) == 1 && t[0] >= '1' && int(t[0]-'0') <= s.g.sides {
		return Roll(int(t[0] - '0')), nil
	}
	return 0, fmt.Errorf("move %q: want a roll 1..%d or a token a..%c", text, s.g.sides, 'a'+s.g.tokens-1)
}

// Zobrist keys.
var (
	zobTok   [MaxPlayers][maxTokens][maxProg + 1]uint64
	zobTurn  [MaxPlayers]uint64
	zobRoll  [maxDie + 1]uint64
	zobSixes [3]uint64
	zobTries [6]uint64
	zobRank  [MaxPlayers][MaxPlayers]uint64
	zobOver  uint64
)

func init() {
	next := core.NewKeys(0x6c75_646f_6c75_646f).Next // "ludoludo"
	for p := range zobTok {
		for k := range zobTok[p] {
			for x := range zobTok[p][k] {
				zobTok[p][k][x] = next()
			}
		}
	}
	for i := range zobTurn {
		zobTurn[i] = next()
	}
	for i := range zobRoll {
		zobRoll[i] = next()
	}
	for i := range zobSixes {
		zobSixes[i] = next()
	}
	for i := range zobTries {
		zobTries[i] = next()
	}
	for i := range zobRank {
		for j := range zobRank[i] {
			zobRank[i][j] = next()
		}
	}
	zobOver = next()
}

// Hash is a Zobrist hash of the position: token places, player to move, pending roll,
// sixes, tries, places and the end (not the ply count).
func (s *State) Hash() uint64 {
	g, p := s.g, &s.p
	var h uint64
	for q := 0; q < g.n; q++ {
		for k := 0; k < g.tokens; k++ {
			h ^= zobTok[q][k][p.prog[q][k]]
		}
	}
	for i := 0; i < int(p.nfin); i++ {
		h ^= zobRank[i][p.order[i]]
	}
	if p.over {
		return h ^ zobOver
	}
	return h ^ zobTurn[p.turn] ^ zobRoll[p.roll] ^ zobSixes[p.sixes] ^ zobTries[p.tries]
}
