package checkers

import "github.com/kalahlab/kalahlab/core"

// Evaluation weights, in hundredths of a man.
const (
	valueMan     = 100
	valueKing    = 160
	valueAdvance = 3 // per row a man has advanced towards crowning
)

// Evaluate is the heuristic search agents use, for seat p (0 Black, 1 White): material
// (a king worth 1.6 men), plus a little for each row a man has advanced. It reads only
// the board, so it works for every size and knob setting.
func (s *State) Evaluate(p core.Player) int {
	var score [2]int
	last := s.g.n - 1
	for sq := 0; sq < s.g.squares; sq++ {
		c, king, ok := s.Piece(sq)
		if !ok {
			continue
		}
		if king {
			score[c] += valueKing
			continue
		}
		row, _ := s.g.rowCol(sq)
		adv := row // Black starts at row 0 and crowns on the last row
		if c == 1 {
			adv = last - row
		}
		score[c] += valueMan + valueAdvance*adv
	}
	return score[p] - score[1-p]
}
