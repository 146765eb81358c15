package core

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
