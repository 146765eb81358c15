package ludo

import "fmt"

// The methods in this file are the view of the position that hooks use (the Lua bridge
// wraps them, numbering players, tokens and track squares from 1). Players, tokens and
// track squares are 0-based here; a place (progress) is as in the package doc: 0 yard,
// 1..TrackLength()-1 the common track, then the home column, Goal() the goal. They check
// their arguments and return errors (or -1), never panic.

// Players is the number of players.
func (s *State) Players() int { return s.g.n }

// Tokens is the number of tokens per player.
func (s *State) Tokens() int { return s.g.tokens }

// DieSides is the number of faces of the die.
func (s *State) DieSides() int { return s.g.sides }

// TrackLength is the number of squares of the common track.
func (s *State) TrackLength() int { return s.g.track }

// HomeLength is the number of squares of each home column.
func (s *State) HomeLength() int { return s.g.r.HomeLength }

// Goal is the place of the goal (TrackLength()+HomeLength()).
func (s *State) Goal() int { return s.g.goal }

// Mover is the player whose turn it is (during OnLand: the player that moved).
func (s *State) Mover() int { return int(s.p.turn) }

// Roll is the roll to play at a decision node (during OnLand: the roll played), 0 when a
// roll is due.
func (s *State) Roll() int { return int(s.p.roll) }

// CheckToken returns an error unless player and token exist.
func (s *State) CheckToken(player, token int) error {
	switch {
	case player < 0 || player >= s.g.n:
		return fmt.Errorf("player %d out of range 1..%d", player+1, s.g.n)
	case token < 0 || token >= s.g.tokens:
		return fmt.Errorf("token %d out of range 1..%d", token+1, s.g.tokens)
	}
	return nil
}

// Progress is the place of player's token (-1 for arguments out of range).
func (s *State) Progress(player, token int) int {
	if s.CheckToken(player, token) != nil {
		return -1
	}
	return int(s.p.prog[player][token])
}

// Square is the track square of player's token, or -1 when it is not on the common
// track (yard, home column, goal) or the arguments are out of range.
func (s *State) Square(player, token int) int {
	return s.SquareOf(player, s.Progress(player, token))
}

// SquareOf is the track square where player's tokens stand at place x, or -1 when x is
// not on the common track.
func (s *State) SquareOf(player, x int) int {
	if player < 0 || player >= s.g.n || x < 1 || x >= s.g.track {
		return -1
	}
	return int(s.g.absOf[player][x])
}

// Start is player's start square (-1 for a player out of range).
func (s *State) Start(player int) int {
	if player < 0 || player >= s.g.n {
		return -1
	}
	return int(s.g.start[player])
}

// Count is the number of player's tokens on track square sq.
func (s *State) Count(sq, player int) int {
	if sq < 0 || sq >= s.g.track || player < 0 || player >= s.g.n {
		return 0
	}
	return int(s.p.occ[sq]>>(4*player)) & 0xf
}

// FieldAt is the kind of the field on track square sq, or "".
func (s *State) FieldAt(sq int) string {
	if sq < 0 || sq >= s.g.track || s.g.field[sq] < 0 {
		return ""
	}
	return s.g.r.Fields[s.g.field[sq]].Kind
}

// Protected reports whether player's tokens cannot be captured on track square sq.
func (s *State) Protected(sq, player int) bool {
	if sq < 0 || sq >= s.g.track || player < 0 || player >= s.g.n {
		return false
	}
	return s.g.protect[sq]&(1<<player) != 0
}

// SendHome sends player's token, on the track or in its home column, back to its yard.
func (s *State) SendHome(player, token int) error {
	if err := s.movable("send_home", player, token); err != nil {
		return err
	}
	s.g.lift(&s.p, player, token)
	s.p.prog[player][token] = 0
	return nil
}

// MoveBy moves player's token, on the track or in its home column, n squares along its
// way (back for n < 0), stopping at its start square or at the goal. The landing rules
// apply where it stops (own tokens, captures), but not jumps or hooks.
func (s *State) MoveBy(player, token, n int) error {
	if err := s.movable("move_by", player, token); err != nil {
		return err
	}
	to := min(max(int(s.p.prog[player][token])+n, 1), s.g.goal)
	s.g.settle(&s.p, player, token, to)
	return nil
}

// movable checks that a hook may move the token: it exists and is in play.
func (s *State) movable(op string, player, token int) error {
	if err := s.CheckToken(player, token); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	switch x := int(s.p.prog[player][token]); x {
	case 0:
		return fmt.Errorf("%s: token %d of player %d is in its yard", op, token+1, player+1)
	case s.g.goal:
		return fmt.Errorf("%s: token %d of player %d is at the goal", op, token+1, player+1)
	}
	return nil
}

// check is the test after every hook: each token has a place, the square counts match
// the places, and players share only squares where the rules allow it.
func (s *State) check(hook string) error {
	g, p := s.g, &s.p
	var occ [MaxTrack]uint16
	var done [MaxPlayers]uint8
	for q := 0; q < g.n; q++ {
		for k := 0; k < g.tokens; k++ {
			switch x := int(p.prog[q][k]); {
			case x > g.goal:
				return fmt.Errorf("%s: token %d of player %d at place %d beyond the goal %d", hook, k+1, q+1, x, g.goal)
			case x == g.goal:
				done[q]++
			case x > 0 && x < g.track:
				occ[g.absOf[q][x]] += 1 << (4 * q)
			}
		}
	}
	if occ != p.occ || done != p.done {
		return fmt.Errorf("%s: the board's counts do not match the tokens' places", hook)
	}
	if err := s.checkBoard(); err != nil {
		return fmt.Errorf("%s: %w", hook, err)
	}
	return nil
}

// checkBoard checks that tokens of different players share a track square only where
// the rules allow it: on safe squares, or after capture_one took one of two tokens.
func (s *State) checkBoard() error {
	g, p := s.g, &s.p
	if g.r.OwnToken == Stack && g.r.DoubledEnemy == CaptureOne {
		return nil
	}
	for c := 0; c < g.track; c++ {
		o := p.occ[c]
		if o&(o-1) == 0 || g.safe[c] { // at most one bit: one token
			continue
		}
		players := 0
		for q := 0; q < g.n; q++ {
			if o>>(4*q)&0xf != 0 {
				players++
			}
		}
		if players > 1 {
			return fmt.Errorf("track square %d (cell %d) holds tokens of %d players but is not safe", c, c+1, players)
		}
	}
	return nil
}
