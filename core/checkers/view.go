package checkers

import "fmt"

// The methods in this file are the board view that hooks use (the Lua bridge wraps them,
// numbering squares from 1). Squares are indices 0..Squares()-1 as in the package doc;
// colours are 0 (Black) and 1 (White). They check their arguments and return errors,
// never panic.

// Squares is the number of dark squares.
func (s *State) Squares() int { return s.g.squares }

// Size is the board side.
func (s *State) Size() int { return s.g.n }

// CheckSquare returns an error unless sq is a square of the board.
func (s *State) CheckSquare(sq int) error {
	if sq < 0 || sq >= s.g.squares {
		return fmt.Errorf("square %d out of range 1..%d", sq+1, s.g.squares)
	}
	return nil
}

// Piece returns the colour of the piece on sq and whether it is a king; ok is false for
// an empty square or one off the board.
func (s *State) Piece(sq int) (colour int, king, ok bool) {
	if sq < 0 || sq >= s.g.squares {
		return 0, false, false
	}
	i := s.g.cell(sq)
	for c := 0; c < 2; c++ {
		if s.p.pcs[c].has(i) {
			return c, s.p.kings.has(i), true
		}
	}
	return 0, false, false
}

// Mover is the colour to move (during OnPromote: the colour that made the move).
func (s *State) Mover() int { return int(s.p.side) }

// Count returns colour's men and kings on the board.
func (s *State) Count(colour int) (men, kings int) {
	if colour != 0 && colour != 1 {
		return 0, 0
	}
	all := s.p.pcs[colour].count()
	kings = set{s.p.pcs[colour].lo & s.p.kings.lo, s.p.pcs[colour].hi & s.p.kings.hi}.count()
	return all - kings, kings
}

// RowCol returns the row (0 at Black's side) and column (0 at the left) of sq, or -1, -1.
func (s *State) RowCol(sq int) (row, col int) {
	if sq < 0 || sq >= s.g.squares {
		return -1, -1
	}
	return s.g.rowCol(sq)
}

// Neighbour returns the square next to sq in direction dir (0 up-left, 1 up-right, 2
// down-left, 3 down-right; up is towards Black's side, row 0), or -1.
func (s *State) Neighbour(sq, dir int) int {
	if sq < 0 || sq >= s.g.squares || dir < 0 || dir > 3 {
		return -1
	}
	return int(s.g.nb[sq][dir])
}

// Remove takes the piece off sq.
func (s *State) Remove(sq int) error {
	c, king, ok := s.Piece(sq)
	if !ok {
		if err := s.CheckSquare(sq); err != nil {
			return fmt.Errorf("remove: %w", err)
		}
		return fmt.Errorf("remove: square %d is empty", sq+1)
	}
	i := s.g.cell(sq)
	s.p.hash ^= zob[kind(c, king)][i]
	s.p.pcs[c].del(i)
	s.p.kings.del(i)
	return nil
}

// Crown makes the piece on sq a king (a king stays one).
func (s *State) Crown(sq int) error { return s.setKing("crown", sq, true) }

// Uncrown makes the piece on sq a man (a man stays one).
func (s *State) Uncrown(sq int) error { return s.setKing("uncrown", sq, false) }

func (s *State) setKing(op string, sq int, king bool) error {
	c, was, ok := s.Piece(sq)
	if !ok {
		if err := s.CheckSquare(sq); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		return fmt.Errorf("%s: square %d is empty", op, sq+1)
	}
	if was == king {
		return nil
	}
	i := s.g.cell(sq)
	s.p.hash ^= zob[kind(c, was)][i] ^ zob[kind(c, king)][i]
	if king {
		s.p.kings.add(i)
	} else {
		s.p.kings.del(i)
	}
	return nil
}

// kind is the Zobrist piece kind.
func kind(colour int, king bool) int {
	if king {
		return colour + 2
	}
	return colour
}
