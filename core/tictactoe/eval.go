package tictactoe

import "github.com/kalahlab/kalahlab/core"

// Evaluate is the heuristic search agents use, for seat p: every line of k cells that
// holds marks of one player only counts for that player, more the fuller it is (the
// square of its marks). Under misère the signs turn. It reads only the board.
func (s *State) Evaluate(p core.Player) int {
	r := s.g.r
	steps := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	var score [2]int
	for row := 0; row < r.Rows; row++ {
		for col := 0; col < r.Cols; col++ {
			for _, d := range steps {
				endR, endC := row+d[0]*(r.K-1), col+d[1]*(r.K-1)
				if endR < 0 || endR >= r.Rows || endC < 0 || endC >= r.Cols {
					continue
				}
				var n [2]int
				for i := 0; i < r.K; i++ {
					if m := s.Mark(s.Cell(row+d[0]*i, col+d[1]*i)); m >= 0 {
						n[m]++
					}
				}
				switch {
				case n[0] > 0 && n[1] == 0:
					score[0] += n[0] * n[0]
				case n[1] > 0 && n[0] == 0:
					score[1] += n[1] * n[1]
				}
			}
		}
	}
	v := score[p] - score[1-p]
	if r.Misere {
		v = -v
	}
	return v
}
