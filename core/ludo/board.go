package ludo

import "fmt"

// Cell is a square of the board's grid: row 0 at the top, column 0 at the left.
type Cell struct{ Row, Col int }

// Board is the drawing of a Ludo board as data: a grid with excluded cells, the track's
// squares as grid cells, and for each seat of the board (colour, at most four: red,
// green, yellow, blue in the order of play) its start square, home column, goal cell and
// yard cells. A variant may replace it; the rules read only the start squares from it.
// With two players the board's seats 1 and 3 play when it has four.
type Board struct {
	Rows, Cols int
	// Excluded cells are not part of the board (drawn blank).
	Excluded []Cell
	// Track lists the common track's squares in the direction of play.
	Track []Cell
	// Starts is each seat's start square, an index into Track.
	Starts []int
	// Homes is each seat's home column, from the square after the track to the one
	// before the goal (home_length cells).
	Homes [][]Cell
	// Goals is the cell where each seat's finished tokens are drawn.
	Goals []Cell
	// Yards are the cells where each seat's tokens in the yard are drawn (at least tokens
	// cells).
	Yards [][]Cell
}

// CrossBoard returns the standard cross-shaped board for a track of the given length and
// home columns of the given length: arms of length a = (track-4)/8 and three squares wide
// around a 3x3 centre, on a (2a+3)x(2a+3) grid (a = 6 gives the 15x15 board of 52 track
// squares). ok is false when the track is not 8a+4 squares with a >= 3, or the home
// columns are longer than a-1. Seat 1 (red) has the bottom-left yard and starts on the
// second square of the bottom arm's left column, moving up; play goes clockwise. Each
// seat's home column is the middle of the arm it starts on: a token turns into it from
// the arm's tip and runs towards the centre.
func CrossBoard(track, home int) (*Board, bool) {
	if track%8 != 4 || (track-4)/8 < 3 || home > (track-4)/8-1 || home < 0 {
		return nil, false
	}
	a := (track - 4) / 8
	n := 2*a + 3
	last := n - 1
	lo, mid, hi := a, a+1, a+2 // the three middle rows or columns
	b := &Board{Rows: n, Cols: n}
	add := func(r, c int) { b.Track = append(b.Track, Cell{r, c}) }
	for r := last - 1; r >= a+3; r-- { // bottom arm, left column, upwards
		add(r, lo)
	}
	for c := a - 1; c >= 0; c-- { // left arm, bottom row, leftwards
		add(hi, c)
	}
	// left tip
	add(mid, 0)
	for c := 0; c < a; c++ { // left arm, top row, rightwards
		add(lo, c)
	}
	for r := a - 1; r >= 0; r-- { // top arm, left column, upwards
		add(r, lo)
	}
	// top tip
	add(0, mid)
	for r := 0; r < a; r++ { // top arm, right column, downwards
		add(r, hi)
	}
	for c := a + 3; c <= last; c++ { // right arm, top row, rightwards
		add(lo, c)
	}
	// right tip
	add(mid, last)
	for c := last; c >= a+3; c-- { // right arm, bottom row, leftwards
		add(hi, c)
	}
	for r := a + 3; r <= last; r++ { // bottom arm, right column, downwards
		add(r, hi)
	}
	add(last, mid) // bottom tip
	add(last, lo)  // the square before red's start
	q := 2*a + 1
	b.Starts = []int{0, q, 2 * q, 3 * q}
	b.Homes = make([][]Cell, 4)
	for i := 0; i < home; i++ {
		b.Homes[0] = append(b.Homes[0], Cell{last - 1 - i, mid}) // red: up the bottom arm
		b.Homes[1] = append(b.Homes[1], Cell{mid, 1 + i})        // green: right along the left arm
		b.Homes[2] = append(b.Homes[2], Cell{1 + i, mid})        // yellow: down the top arm
		b.Homes[3] = append(b.Homes[3], Cell{mid, last - 1 - i}) // blue: left along the right arm
	}
	b.Goals = []Cell{{hi, mid}, {mid, lo}, {lo, mid}, {mid, hi}}
	// Yards: the corner squares, red bottom-left, green top-left, yellow top-right, blue
	// bottom-right; tokens drawn in two rows of three near the middle of each.
	corners := []Cell{{a + 3, 0}, {0, 0}, {0, a + 3}, {a + 3, a + 3}}
	for _, k := range corners {
		var cells []Cell
		r0, c0 := k.Row+a/2-1, k.Col+(a-3)/2
		for i := 0; i < maxTokens; i++ {
			cells = append(cells, Cell{r0 + i/3, c0 + i%3})
		}
		b.Yards = append(b.Yards, cells)
	}
	// The centre's corner cells are not squares of the board.
	b.Excluded = []Cell{{lo, lo}, {lo, hi}, {hi, lo}, {hi, hi}}
	return b, true
}

// validate checks the board against the rules: sizes, cells in the grid, no cell used
// twice.
func (b *Board) validate(r Rules) error {
	if err := b.checkCounts(r); err != nil {
		return err
	}
	cells := cellClaims{b: b, owner: map[Cell]string{}}
	for i, c := range b.Track {
		if err := cells.claim(c, fmt.Sprintf("track square %d", i+1)); err != nil {
			return err
		}
	}
	starts := map[int]bool{}
	for i := range b.Starts {
		if err := b.checkSeat(r, i, starts, cells); err != nil {
			return err
		}
	}
	for _, c := range b.Excluded {
		if err := cells.claim(c, "excluded"); err != nil {
			return err
		}
	}
	return nil
}

// checkCounts checks the grid's size and that there are as many track cells as the
// track is long, and a start, home, goal and yard for each seat.
func (b *Board) checkCounts(r Rules) error {
	switch {
	case b.Rows < 1 || b.Cols < 1 || b.Rows > 64 || b.Cols > 64:
		return fmt.Errorf("grid %dx%d: want 1..64 rows and columns", b.Rows, b.Cols)
	case len(b.Track) != r.TrackLength:
		return fmt.Errorf("%d track cells for track_length %d", len(b.Track), r.TrackLength)
	case len(b.Starts) < r.Players || len(b.Starts) > MaxPlayers:
		return fmt.Errorf("%d seats for %d players (want %d..%d start squares)", len(b.Starts), r.Players, r.Players, MaxPlayers)
	case len(b.Homes) != len(b.Starts) || len(b.Goals) != len(b.Starts) || len(b.Yards) != len(b.Starts):
		return fmt.Errorf("%d starts, %d homes, %d goals, %d yards: want one each per seat", len(b.Starts), len(b.Homes), len(b.Goals), len(b.Yards))
	}
	return nil
}

// checkSeat checks seat i: a start square of its own on the track, a home column of
// home_length cells, a goal, and a yard cell for each token, all on cells of their own.
// starts holds the start squares of the seats before.
func (b *Board) checkSeat(r Rules, i int, starts map[int]bool, cells cellClaims) error {
	st := b.Starts[i]
	switch {
	case st < 0 || st >= r.TrackLength:
		return fmt.Errorf("seat %d: start square %d out of range 0..%d", i+1, st, r.TrackLength-1)
	case starts[st]:
		return fmt.Errorf("seat %d: start square %d taken by another seat", i+1, st)
	case len(b.Homes[i]) != r.HomeLength:
		return fmt.Errorf("seat %d: %d home cells for home_length %d", i+1, len(b.Homes[i]), r.HomeLength)
	case len(b.Yards[i]) < r.Tokens:
		return fmt.Errorf("seat %d: %d yard cells for %d tokens", i+1, len(b.Yards[i]), r.Tokens)
	}
	starts[st] = true
	for j, c := range b.Homes[i] {
		if err := cells.claim(c, fmt.Sprintf("seat %d home square %d", i+1, j+1)); err != nil {
			return err
		}
	}
	if err := cells.claim(b.Goals[i], fmt.Sprintf("seat %d goal", i+1)); err != nil {
		return err
	}
	for j, c := range b.Yards[i][:r.Tokens] {
		if err := cells.claim(c, fmt.Sprintf("seat %d yard cell %d", i+1, j+1)); err != nil {
			return err
		}
	}
	return nil
}

// cellClaims records what each cell of a board's grid is, so that no cell is used twice.
type cellClaims struct {
	b     *Board
	owner map[Cell]string
}

// claim marks cell c as what, which it must not already be, inside the grid.
func (u cellClaims) claim(c Cell, what string) error {
	if c.Row < 0 || c.Row >= u.b.Rows || c.Col < 0 || c.Col >= u.b.Cols {
		return fmt.Errorf("%s: cell (%d,%d) outside the %dx%d grid", what, c.Row, c.Col, u.b.Rows, u.b.Cols)
	}
	if other, ok := u.owner[c]; ok {
		return fmt.Errorf("%s: cell (%d,%d) is already %s", what, c.Row, c.Col, other)
	}
	u.owner[c] = what
	return nil
}
