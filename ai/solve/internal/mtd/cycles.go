package mtd

import "fmt"

// Games whose positions can repeat.
//
// The solvers' tables hold a value per position, which is right when a position's value
// depends on the position alone. In Kalah without store sowing (store_sowing=false,
// Oware and other Lua variants) seeds can circle for ever: a game may only end by its
// max_plies, and a position's value then depends on the plies left too. So for those
// rules the solvers make the plies left part of the position (its table key), which
// keeps the values exact at the price of the transpositions between different plies
// (feasible on small boards). With max_plies 0 such a game may never end: the solvers
// then watch the search path, and a position met again while it is being searched
// stops the solve with ErrRepeats: the game has no finite value.
//
// Every search also stops with ErrTooDeep past MaxPly plies rather than run out of
// stack (a Go stack overflow is fatal, not a panic).

// MaxPly is the deepest a solve searches: a line of a game this long is more than any
// solve could finish, and each ply costs a few hundred bytes of stack.
const MaxPly = 100_000

// CycleGuard is what a solver needs for a game whose positions can repeat.
type CycleGuard struct {
	MaxPlies int      // the game ends after this many plies; 0: no limit
	What     string   // why positions repeat, for the error: "on this board (...)"
	path     []uint64 // with no limit: the keys of the positions on the search path, by ply
}

// Key is the table key of a position whose own key is k, reached after plies plies
// of the game, ply plies below the search's root: k with the plies left when the game
// has a limit; else k, after checking that k is not on the search path already.
func (g *CycleGuard) Key(pos fmt.Stringer, k uint64, plies, ply int) (uint64, error) {
	if ply >= MaxPly {
		return 0, fmt.Errorf("%w: %d plies at %s (lower max_plies)", ErrTooDeep, ply, pos)
	}
	if g.MaxPlies > 0 {
		return k ^ PliesKey(g.MaxPlies-plies), nil
	}
	for len(g.path) <= ply {
		g.path = append(g.path, 0)
	}
	for _, a := range g.path[:ply] {
		if a == k {
			return 0, fmt.Errorf("%w %s (%s comes back while it is being searched), and max_plies is 0: "+
				"the game may never end, so it has no finite value; set max_plies to end it", ErrRepeats, g.What, pos)
		}
	}
	g.path[ply] = k
	return k, nil
}

// PliesKey mixes a count of plies left into a position's key (splitmix64's finaliser).
func PliesKey(left int) uint64 {
	z := uint64(left+1) * 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
