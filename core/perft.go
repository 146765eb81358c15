package core

import (
	"errors"
	"fmt"
)

// Perfter is a State with its own fast perft (bulk counting, say). Perft uses it.
type Perfter interface {
	Perft(depth int) uint64
}

// Perft counts the positions reached after exactly depth moves (plies; chance outcomes
// count as moves). Games that end earlier contribute nothing. s is left as it was.
func Perft(s State, depth int) uint64 {
	if p, ok := s.(Perfter); ok {
		return p.Perft(depth)
	}
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 32)
	}
	return perft(s, depth, bufs)
}

func perft(s State, depth int, bufs [][]Move) uint64 {
	moves := s.LegalMoves(bufs[depth][:0])
	bufs[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	if u, ok := s.(Undoer); ok {
		for _, m := range moves {
			s.Play(m)
			n += perft(s, depth-1, bufs)
			u.Undo()
		}
		return n
	}
	for _, m := range moves {
		c := s.Clone()
		c.Play(m)
		n += perft(c, depth-1, bufs)
	}
	return n
}

// Split is one line of Divide: a first move and the perft count below it.
type Split struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// Divide returns perft(depth-1) below each legal move of s, in move order, to bisect a
// move-generation bug against another engine's counts.
func Divide(s State, depth int) []Split {
	var out []Split
	if depth < 1 {
		return out
	}
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Play(m)
		out = append(out, Split{Move: s.MoveString(m), Nodes: Perft(c, depth-1)})
	}
	return out
}

// ErrGameStopped is in the error of a count or search that met a game stopped by an
// error (State.Err: a failing Lua hook), together with that error.
var ErrGameStopped = errors.New("game stopped by an error")

// PerftChecked is Perft for games whose moves can fail (Lua hooks: State.Err): it stops
// at the first game stopped by an error, listing a position's moves or playing one,
// with that error (ErrGameStopped), naming the position and the move, where Perft
// would count such a game as a finished one. Like Perft it counts the moves of the last
// ply without playing them (a hook failing only there shows one ply deeper), but it
// does not take a game's own Perfter. stop, when not nil, is asked every few thousand
// moves and ends the count with its error.
func PerftChecked(s State, depth int, stop func() error) (uint64, error) {
	if err := s.Err(); err != nil {
		return 0, fmt.Errorf("%w at %s: %w", ErrGameStopped, s, err)
	}
	if depth <= 0 {
		return 1, nil
	}
	c := &checkedPerft{bufs: make([][]Move, depth+1), stop: stop}
	for i := range c.bufs {
		c.bufs[i] = make([]Move, 0, 32)
	}
	return c.count(s, depth)
}

// DivideChecked is Divide with PerftChecked's checks.
func DivideChecked(s State, depth int, stop func() error) ([]Split, error) {
	var out []Split
	if depth < 1 {
		return out, nil
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("%w at %s: %w", ErrGameStopped, s, err)
	}
	moves := s.LegalMoves(nil)
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("%w at %s: %w", ErrGameStopped, s, err)
	}
	for _, m := range moves {
		c := s.Clone()
		c.Play(m)
		if err := c.Err(); err != nil {
			return nil, fmt.Errorf("%w playing %s at %s: %w", ErrGameStopped, s.MoveString(m), s, err)
		}
		n, err := PerftChecked(c, depth-1, stop)
		if err != nil {
			return nil, err
		}
		out = append(out, Split{Move: s.MoveString(m), Nodes: n})
	}
	return out, nil
}

type checkedPerft struct {
	bufs  [][]Move
	stop  func() error
	moves uint64
}

func (c *checkedPerft) count(s State, depth int) (uint64, error) {
	moves := s.LegalMoves(c.bufs[depth][:0])
	c.bufs[depth] = moves
	if err := s.Err(); err != nil {
		return 0, fmt.Errorf("%w at %s: %w", ErrGameStopped, s, err)
	}
	if depth == 1 || len(moves) == 0 {
		return uint64(len(moves)), nil
	}
	u, undo := s.(Undoer)
	var n uint64
	for _, m := range moves {
		if c.moves++; c.stop != nil && c.moves&4095 == 0 {
			if err := c.stop(); err != nil {
				return 0, err
			}
		}
		ch := s
		if undo {
			s.Play(m)
		} else {
			ch = s.Clone()
			ch.Play(m)
		}
		var sub uint64
		err := ch.Err()
		stopped := err != nil
		if !stopped {
			sub, err = c.count(ch, depth-1)
		}
		if undo {
			u.Undo()
		}
		if stopped { // named at the position before the move
			err = fmt.Errorf("%w playing %s at %s: %w", ErrGameStopped, s.MoveString(m), s, err)
		}
		if err != nil {
			return 0, err
		}
		n += sub
	}
	return n, nil
}
