package tictactoe

// The methods in this file are the board view that hooks use (the Lua bridge wraps them,
// numbering cells, rows and columns from 1). Cells are indices row*cols+col as in the
// package doc; seats are 0 (X) and 1 (O). They never panic.

// Rows is the number of rows.
func (s *State) Rows() int { return s.g.r.Rows }

// Cols is the number of columns.
func (s *State) Cols() int { return s.g.r.Cols }

// K is the length of a line.
func (s *State) K() int { return s.g.r.K }

// Cells is the number of cells.
func (s *State) Cells() int { return s.g.cells }

// Filled is the number of marks on the board.
func (s *State) Filled() int { return s.filled }

// Mover is the seat to move (during a hook: the seat that made the move).
func (s *State) Mover() int { return int(s.side) }

// Last is the cell marked last, or -1.
func (s *State) Last() int { return s.last }

// Cell returns the index of row, col, or -1 off the board.
func (s *State) Cell(row, col int) int {
	if row < 0 || row >= s.g.r.Rows || col < 0 || col >= s.g.r.Cols {
		return -1
	}
	return row*s.g.r.Cols + col
}

// Mark returns the seat whose mark is on cell c: 0 (X), 1 (O), or -1 for an empty cell
// or one off the board.
func (s *State) Mark(c int) int {
	if c < 0 || c >= s.g.cells {
		return -1
	}
	for p := 0; p < 2; p++ {
		if s.m[p].has(c) {
			return p
		}
	}
	return -1
}

// Run returns the length of the line of equal marks through cell c in direction dir:
// 0 along the row, 1 along the column, 2 the diagonal rising to the right, 3 the one
// rising to the left. It is 0 for an empty cell.
func (s *State) Run(c, dir int) int {
	p := s.Mark(c)
	if p < 0 || dir < 0 || dir > 3 {
		return 0
	}
	cols := s.g.r.Cols
	row, col := c/cols, c%cols
	d := lineDirs[dir]
	n := 1
	for sign := -1; sign <= 1; sign += 2 {
		for i := 1; ; i++ {
			t := s.Cell(row+sign*i*d[0], col+sign*i*d[1])
			if t < 0 || !s.m[p].has(t) {
				break
			}
			n++
		}
	}
	return n
}
