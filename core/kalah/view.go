package kalah

import "fmt"

// The methods in this file are the board view that hooks use (the Lua bridge wraps them,
// numbering pits from 1). Pits are indices 0..Pits()-1 as in the package doc; sides are
// 0 (South) and 1 (North). They check their arguments and return errors, never panic.

// Pits is the number of pits (houses and stores).
func (s *State) Pits() int { return s.g.pits }

// HousesPerSide is the number of houses each side owns (houses x rows/2).
func (s *State) HousesPerSide() int { return s.g.n }

// Rows is 2 or 4.
func (s *State) Rows() int { return s.g.r.Rows }

// CheckPit returns an error unless pit is on the board.
func (s *State) CheckPit(pit int) error {
	if pit < 0 || pit >= s.g.pits {
		return fmt.Errorf("pit %d out of range 1..%d", pit+1, s.g.pits)
	}
	return nil
}

// Count returns the seeds in pit (0 for a pit off the board).
func (s *State) Count(pit int) int {
	if pit < 0 || pit >= s.g.pits {
		return 0
	}
	return int(s.p.pits[pit])
}

// Owner returns the side owning pit.
func (s *State) Owner(pit int) int { return s.g.sideOf(pit) }

// IsStore reports whether pit is a store.
func (s *State) IsStore(pit int) bool { return s.g.isStore(pit) }

// Opposite returns the opponent's house facing pit (with four rows: in the same column
// and the matching row), or -1 for a store.
func (s *State) Opposite(pit int) int {
	if s.g.isStore(pit) {
		return -1
	}
	return s.g.mirror(pit)
}

// Behind returns, with four rows, the outer-row house in the same column as inner-row
// house pit (of the same side), or -1.
func (s *State) Behind(pit int) int {
	if s.g.r.Rows != 4 || s.g.isStore(pit) || pit%(s.g.n+1) >= s.g.h {
		return -1
	}
	return s.g.outerOf(pit)
}

// Store returns the store of side.
func (s *State) Store(side int) int { return s.g.store(side) }

// HouseRange returns side's first and last house.
func (s *State) HouseRange(side int) (first, last int) {
	base := side * (s.g.n + 1)
	return base, base + s.g.n - 1
}

// Mover is the side that moves (during a hook: the side that made the move).
func (s *State) Mover() int { return int(s.p.side) }

// Take empties pit and returns its seeds.
func (s *State) Take(pit int) (int, error) {
	if err := s.CheckPit(pit); err != nil {
		return 0, err
	}
	n := int(s.p.pits[pit])
	s.p.pits[pit] = 0
	return n, nil
}

// Add puts n seeds (n >= 0) into pit.
func (s *State) Add(pit, n int) error {
	if err := s.CheckPit(pit); err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("add: %d seeds: want 0 or more", n)
	}
	if int(s.p.pits[pit])+n > MaxSeeds {
		return fmt.Errorf("add: pit %d would hold %d seeds; at most %d", pit+1, int(s.p.pits[pit])+n, MaxSeeds)
	}
	s.p.pits[pit] += uint8(n)
	return nil
}

// Total is the number of seeds in play (conserved by every move).
func (s *State) Total() int { return s.total }
