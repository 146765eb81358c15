package mancala

import "fmt"

// Limits of a board.
const (
	MaxRows   = 6                     // rows of houses
	MaxHouses = 64                    // houses a row
	MaxPits   = MaxRows*MaxHouses + 2 // houses and the two stores
	MaxSeeds  = 65535                 // seeds in all (counts are 16-bit)
	// MaxCount is the largest count a capture rule lists (Capture.Counts,
	// Capture.OppositeCounts): the counts are kept as a 64-bit set.
	MaxCount = 63
)

// Pit is one hole of a board: a house, or a player's store.
type Pit struct {
	// Owner is the seat that owns the pit: 0 (South, the first player) or 1 (North).
	Owner int
	// Store marks a player's store; the other pits are houses.
	Store bool
	// Row and Col place the pit in the board drawing and define what is "opposite":
	// rows count from 0 at the top, columns from 0 at the left. A store sits at Col -1
	// (left of the houses) or Col Houses (right of them), on any row.
	Row, Col int
	// Seeds is the pit's count at the start.
	Seeds int
}

// Board is the geometry of a game as data: the pits, who owns them, and the order in
// which each player sows. A pit is named by its index in Pits; the position string lists
// the pits in that order.
type Board struct {
	// Rows of houses (1..MaxRows) and houses a row (1..MaxHouses).
	Rows, Houses int
	// Pits lists every house and the two stores (exactly one store per player), or the
	// houses alone: a board without stores keeps each player's captures off the board,
	// in a store the engine adds after the listed pits (it shows in the position string
	// as the last two pits, South's then North's, and sits beside the bottom and top
	// rows in drawings).
	Pits []Pit
	// Tracks[p] is player p's lap, the pits p sows into in anticlockwise order (the
	// default direction; Clockwise sowing walks it backwards). It lists every house p
	// owns, and may list opponent houses and stores; Sowing.Stores says which of the
	// listed stores receive seeds. A player's houses are numbered 1, 2, ... in the order
	// their track lists them: that is the move notation.
	Tracks [2][]int
}

// TwoRows returns the common board: two rows of houses with seeds each, South's row
// at the bottom sown left to right into South's store at the right, North's at the top
// sown right to left into North's store at the left. Pits: South's houses 0..h-1,
// South's store h, North's houses h+1..2h, North's store 2h+1 (the layout of
// core/kalah). The house opposite house i is 2h-i.
func TwoRows(houses, seeds int) Board {
	h := houses
	b := Board{Rows: 2, Houses: h}
	for k := 0; k < h; k++ {
		b.Pits = append(b.Pits, Pit{Owner: 0, Row: 1, Col: k, Seeds: seeds})
	}
	b.Pits = append(b.Pits, Pit{Owner: 0, Store: true, Row: 1, Col: h})
	for k := 0; k < h; k++ {
		b.Pits = append(b.Pits, Pit{Owner: 1, Row: 0, Col: h - 1 - k, Seeds: seeds})
	}
	b.Pits = append(b.Pits, Pit{Owner: 1, Store: true, Row: 0, Col: -1})
	n := len(b.Pits)
	for side := 0; side < 2; side++ {
		for k := 0; k < n; k++ {
			b.Tracks[side] = append(b.Tracks[side], (side*(h+1)+k)%n)
		}
	}
	return b
}

// TwoRowsLeft returns the two-row board with each player's store at their left, the
// layout of rule books that sow clockwise (Congkak): South's row at the bottom with
// South's store at the left end, North's row at the top with North's store at the
// right end (North's left, as North sits). The pits are numbered as [TwoRows] numbers
// them, only the stores change ends: South's houses 0..h-1 from South's left (pit 0
// next to South's store), South's store h, North's houses h+1..2h from North's left
// (pit h+1 next to North's store), North's store 2h+1; the house opposite house i is
// 2h-i. Each track lists the player's lap anticlockwise from their house next to
// their store, their own store last: South's 0..h-1, North's store, h+1..2h, South's
// store. A player's houses are numbered 1..h from their store outwards, so house 1 is
// next to it; clockwise sowing (which walks the track backwards) goes from house k
// through houses k-1 .. 1 into the own store and then along the opponent's row, and
// anticlockwise sowing reaches the own store only after the opponent's row.
func TwoRowsLeft(houses, seeds int) Board {
	h := houses
	b := TwoRows(h, seeds)
	if h < 1 {
		return b // Validate names the bad size
	}
	b.Pits[h].Col = -1
	b.Pits[2*h+1].Col = h
	for side := 0; side < 2; side++ {
		own, opp := side*(h+1), (1-side)*(h+1)
		tr := make([]int, 0, 2*h+2)
		for k := 0; k < h; k++ {
			tr = append(tr, own+k)
		}
		tr = append(tr, opp+h)
		for k := 0; k < h; k++ {
			tr = append(tr, opp+k)
		}
		b.Tracks[side] = append(tr, own+h)
	}
	return b
}

// FourRows returns a board of four rows of houses with seeds each, where each player
// sows around their own two rows and their own store only (core/kalah's four-row
// layout). South's track in pit order: the inner row (row 2) from right to left (pits
// 0..h-1), the outer row (row 3) left to right (h..2h-1), the store at the right (2h).
// North's is the same turned half round: its inner row (row 1) left to right
// (2h+1..3h), its outer row (row 0) right to left (3h+1..4h), its store at the left.
func FourRows(houses, seeds int) Board {
	h := houses
	b := Board{Rows: 4, Houses: h}
	add := func(p Pit) { b.Pits = append(b.Pits, p) }
	for k := 0; k < h; k++ {
		add(Pit{Owner: 0, Row: 2, Col: h - 1 - k, Seeds: seeds})
	}
	for k := 0; k < h; k++ {
		add(Pit{Owner: 0, Row: 3, Col: k, Seeds: seeds})
	}
	add(Pit{Owner: 0, Store: true, Row: 3, Col: h})
	for k := 0; k < h; k++ {
		add(Pit{Owner: 1, Row: 1, Col: k, Seeds: seeds})
	}
	for k := 0; k < h; k++ {
		add(Pit{Owner: 1, Row: 0, Col: h - 1 - k, Seeds: seeds})
	}
	add(Pit{Owner: 1, Store: true, Row: 0, Col: -1})
	for side := 0; side < 2; side++ {
		for k := 0; k <= 2*h; k++ {
			b.Tracks[side] = append(b.Tracks[side], side*(2*h+1)+k)
		}
	}
	return b
}

// Validate checks the board; the error names the field at fault. It checks the size,
// then each pit in order, then what the pits add up to (a store and houses each, the
// seeds in all), then each track.
func (b *Board) Validate() error {
	switch {
	case b.Rows < 1 || b.Rows > MaxRows:
		return fmt.Errorf("board.rows %d: want 1..%d", b.Rows, MaxRows)
	case b.Houses < 1 || b.Houses > MaxHouses:
		return fmt.Errorf("board.houses %d: want 1..%d", b.Houses, MaxHouses)
	case len(b.Pits) > MaxPits:
		return fmt.Errorf("board.pits: %d pits; at most %d", len(b.Pits), MaxPits)
	}
	cell := map[[2]int]int{}
	for i, p := range b.Pits {
		if err := b.validatePit(fmt.Sprintf("board.pits[%d]", i), p); err != nil {
			return err
		}
		if p.Store {
			continue
		}
		if j, dup := cell[[2]int{p.Row, p.Col}]; dup {
			return fmt.Errorf("board.pits[%d]: row %d col %d is also pit %d", i, p.Row, p.Col, j)
		}
		cell[[2]int{p.Row, p.Col}] = i
	}
	if err := b.validateOwners(); err != nil {
		return err
	}
	for side, tr := range b.Tracks {
		if err := b.validateTrack(side, tr); err != nil {
			return err
		}
	}
	return nil
}

// validatePit checks one pit on its own (field names it): its owner, row, seeds, and
// column (a store's at either end of the rows).
func (b *Board) validatePit(field string, p Pit) error {
	switch {
	case p.Owner != 0 && p.Owner != 1:
		return fmt.Errorf("%s.owner %d: want 0 (South) or 1 (North)", field, p.Owner)
	case p.Row < 0 || p.Row >= b.Rows:
		return fmt.Errorf("%s.row %d: want 0..%d", field, p.Row, b.Rows-1)
	case p.Seeds < 0 || p.Seeds > MaxSeeds:
		return fmt.Errorf("%s.seeds %d: want 0..%d", field, p.Seeds, MaxSeeds)
	case p.Store && p.Col != -1 && p.Col != b.Houses:
		return fmt.Errorf("%s.col %d: a store sits at col -1 or %d", field, p.Col, b.Houses)
	case !p.Store && (p.Col < 0 || p.Col >= b.Houses):
		return fmt.Errorf("%s.col %d: want 0..%d", field, p.Col, b.Houses-1)
	}
	return nil
}

// validateOwners checks what the pits add up to: one store a player (or none on the
// board), a house or more a player, and at most MaxSeeds seeds.
func (b *Board) validateOwners() error {
	var stores [2]int
	total := 0
	for _, p := range b.Pits {
		total += p.Seeds
		if p.Store {
			stores[p.Owner]++
		}
	}
	houses := b.housesOwned()
	for side := 0; side < 2; side++ {
		if stores[side] != 1 && stores != [2]int{} {
			return fmt.Errorf("board.pits: player %d has %d stores; want exactly 1 each, or none on the board", side, stores[side])
		}
		if houses[side] == 0 {
			return fmt.Errorf("board.pits: player %d owns no house", side)
		}
	}
	if total > MaxSeeds {
		return fmt.Errorf("board.pits: %d seeds in all; at most %d", total, MaxSeeds)
	}
	return nil
}

// validateTrack checks side's track: existing pits, each once, and every house the
// side owns.
func (b *Board) validateTrack(side int, tr []int) error {
	field := fmt.Sprintf("board.tracks[%d]", side)
	seen := make(map[int]int, len(tr))
	for i, p := range tr {
		if p < 0 || p >= len(b.Pits) {
			return fmt.Errorf("%s[%d]: pit %d does not exist (0..%d)", field, i, p, len(b.Pits)-1)
		}
		if j, dup := seen[p]; dup {
			return fmt.Errorf("%s: pit %d is listed twice (at %d and %d)", field, p, j, i)
		}
		seen[p] = i
	}
	for p, pit := range b.Pits {
		if pit.Owner != side || pit.Store {
			continue
		}
		if _, ok := seen[p]; !ok {
			return fmt.Errorf("%s misses pit %d, a house player %d owns", field, p, side)
		}
	}
	return nil
}

// housesOwned counts the houses each player owns.
func (b *Board) housesOwned() [2]int {
	nh := [2]int{}
	for _, p := range b.Pits {
		if !p.Store {
			nh[p.Owner]++
		}
	}
	return nh
}

// OneRow returns a board of a single row of 2*houses houses with seeds each: South owns
// the left half (pits 0..houses-1, numbered 1.. from the left), North the right half
// (pits houses..2*houses-1, numbered 1.. from the left of their half); South's store is
// at the right end of the row, North's at the left. Both sow left to right along the
// whole row and wrap round; each player's lap ends in their own store, after the last
// house of the row for South and after the last house before their own half for North.
// Nothing is opposite on one row: captures take the pit itself, the next pits or a
// chosen one.
func OneRow(houses, seeds int) Board {
	h := houses
	b := Board{Rows: 1, Houses: 2 * h}
	for k := 0; k < 2*h; k++ {
		b.Pits = append(b.Pits, Pit{Owner: k / h, Row: 0, Col: k, Seeds: seeds})
	}
	b.Pits = append(b.Pits, Pit{Owner: 0, Store: true, Row: 0, Col: 2 * h})
	b.Pits = append(b.Pits, Pit{Owner: 1, Store: true, Row: 0, Col: -1})
	for k := 0; k < 2*h; k++ {
		b.Tracks[0] = append(b.Tracks[0], k)
		b.Tracks[1] = append(b.Tracks[1], (h+k)%(2*h))
	}
	b.Tracks[0] = append(b.Tracks[0], 2*h)
	b.Tracks[1] = append(b.Tracks[1], 2*h+1)
	return b
}

// WithoutStores returns b without its stores (pit indices above them shift down, the
// tracks follow): the engine keeps the captures in stores of its own after the houses
// (see Board.Pits). With TwoRows the pits are then South's houses 0..h-1 and North's
// h..2h-1, the traditional numbering of store-less games.
func WithoutStores(b Board) Board {
	out := Board{Rows: b.Rows, Houses: b.Houses}
	index := make([]int, len(b.Pits))
	for p, pit := range b.Pits {
		index[p] = -1
		if !pit.Store {
			index[p] = len(out.Pits)
			out.Pits = append(out.Pits, pit)
		}
	}
	for side, tr := range b.Tracks {
		for _, p := range tr {
			if p >= 0 && p < len(index) && index[p] >= 0 {
				out.Tracks[side] = append(out.Tracks[side], index[p])
			}
		}
	}
	return out
}

// WithSeeds returns b with each house's start count set by seeds(side, k, pit): k is
// the house number along its owner's track, 0-based (for uneven starts: Hus, Owela).
// The stores keep their counts.
func WithSeeds(b Board, seeds func(side, k int, pit Pit) int) Board {
	out := b
	out.Pits = append([]Pit(nil), b.Pits...)
	for side, tr := range b.Tracks {
		k := 0
		for _, p := range tr {
			if p < 0 || p >= len(out.Pits) || out.Pits[p].Store || out.Pits[p].Owner != side {
				continue
			}
			out.Pits[p].Seeds = seeds(side, k, out.Pits[p])
			k++
		}
	}
	return out
}
