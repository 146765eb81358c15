// Package core is the game model every other kalahlab package speaks.
//
// A game is a [Game] (the rules, fixed for a variant) and its [State]s (positions,
// mutated in place). Moves are small integer codes ([Move]) appended into a buffer the
// caller owns, so that move generation allocates nothing. Dice and other randomness are
// explicit chance nodes: when [State.ToMove] returns [Chance], the next move is drawn from
// [State.ChanceOutcomes]. Nothing in the model assumes that turns alternate: a Kalah extra
// turn or a Ludo six gives the same player several moves in a row, so callers always
// branch on [State.ToMove].
//
// Optional abilities are small interfaces found by type assertion: [Undoer] (take back the
// last move), [Hasher] (Zobrist-style position hash), [Scorer] (game score per seat, such
// as seeds in a Kalah store), [Tracer] (what a move does, step by step, said in words by
// [TraceWords]).
//
// core imports the standard library only; Lua, configuration and the CLI live elsewhere.
package core

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Player is a seat, counting from 0 (seat 0 is the first player). Negative values mark
// special nodes.
type Player int

const (
	// Chance marks a chance node: the next move is drawn from State.ChanceOutcomes.
	Chance Player = -1
	// Terminal marks a finished game.
	Terminal Player = -2
)

// String returns "seat N" (1-based, as people count), "chance" or "terminal".
func (p Player) String() string {
	switch {
	case p == Chance:
		return "chance"
	case p == Terminal:
		return "terminal"
	case p >= 0:
		return fmt.Sprintf("seat %d", int(p)+1)
	}
	return fmt.Sprintf("player(%d)", int(p))
}

// Move is a game-specific integer code; only the game that made it reads it.
type Move int32

// Outcome is one result of a chance node with its probability.
type Outcome struct {
	Move Move
	Prob float64
}

// Game is a set of rules: a base game with its parameters (and, for Lua variants, its
// hooks) fixed. A Game is immutable and may be shared by goroutines unless its
// documentation says otherwise (a Game bound to a Lua state belongs to one goroutine).
type Game interface {
	// Name is the variant name, such as "kalah" or "kalah/pie".
	Name() string
	// NumPlayers is the number of seats.
	NumPlayers() int
	// NewState returns the initial position.
	NewState() State
	// ParseState reads a position string as printed by State.String.
	ParseState(s string) (State, error)
}

// State is a position of a game together with whatever the rules need to go on from it.
type State interface {
	// ToMove is the seat to move, Chance at a chance node, or Terminal once over.
	ToMove() Player
	// LegalMoves appends the legal moves to dst in ascending order and returns it.
	// The list is empty if and only if the game is over. At a chance node the legal
	// moves are the outcomes' moves.
	LegalMoves(dst []Move) []Move
	// ChanceOutcomes appends the outcomes of a chance node to dst (their probabilities
	// sum to 1); it appends nothing elsewhere.
	ChanceOutcomes(dst []Outcome) []Outcome
	// Play applies a legal move in place. Playing an illegal move is a programming
	// error; user input goes through ParsePlay first.
	Play(m Move)
	// Returns appends one value per seat to dst once the game is over (win 1, draw 0,
	// loss -1 in two-player games; see the game's documentation for more players).
	Returns(dst []float64) []float64
	// Clone returns an independent copy.
	Clone() State
	// String is the one-line position string, readable by Game.ParseState.
	String() string
	// MoveString writes a move in the notation players of the game know.
	MoveString(m Move) string
	// ParseMove reads a move in that notation. It checks the syntax and the range,
	// not legality: see ParsePlay.
	ParseMove(s string) (Move, error)
	// Render draws the position for a terminal, with ANSI colour when color is true.
	Render(color bool) string
	// Err reports why a game was stopped by an error (a failing Lua hook, say); such a
	// game is Terminal. It is nil for a game that ended by its rules.
	Err() error
}

// Undoer is a State that can take back its last move cheaply.
type Undoer interface {
	// Undo takes back the last Play. It returns false when there is nothing to undo.
	Undo() bool
}

// Hasher is a State with a Zobrist-style hash: equal positions hash equal.
type Hasher interface {
	Hash() uint64
}

// Scorer is a State whose game keeps a score per seat (seeds in a Kalah store, say).
type Scorer interface {
	// Scores appends one score per seat to dst.
	Scores(dst []float64) []float64
}

// ParsePlay reads a move in the game's notation and checks that it is legal in s. The
// error names the move and lists the legal moves.
func ParsePlay(s State, text string) (Move, error) {
	text = strings.TrimSpace(text)
	if s.ToMove() == Terminal {
		return 0, fmt.Errorf("move %q: the game is over", text)
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return 0, err
	}
	var buf [64]Move
	legal := s.LegalMoves(buf[:0])
	for _, l := range legal {
		if l == m {
			return m, nil
		}
	}
	return 0, fmt.Errorf("move %q is illegal here (legal: %s)", text, MovesString(s, legal))
}

// MovesString writes moves in the notation of s, separated by spaces.
func MovesString(s State, moves []Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.MoveString(m))
	}
	return b.String()
}

// Winners returns the seats with the highest return of a finished game (one seat for a
// win, all tied seats for a draw).
func Winners(returns []float64) []Player {
	var best []Player
	for i, r := range returns {
		switch {
		case len(best) == 0 || r > returns[best[0]]:
			best = append(best[:0], Player(i))
		case r == returns[best[0]]:
			best = append(best, Player(i))
		}
	}
	return best
}

// WinScore is the value search gives a won game (a lost one is -WinScore, plus the score
// margin where the game keeps one). Heuristic evaluations stay well inside ±WinScore/2.
const WinScore = 1 << 20

// Evaluator is a State with a heuristic evaluation for search agents: the value of the
// position for seat p, in the game's own units (Kalah: seeds), |v| < WinScore/2. It is
// only asked about positions that are not over.
type Evaluator interface {
	Evaluate(p Player) int
}

// Copier is a State that can become a copy of another state of the same game without
// allocating (search and playouts reuse one scratch state).
type Copier interface {
	CopyFrom(src State)
}

// RandomPlayer is a State with its own fast path for playing the game out with
// uniformly random legal moves; it returns the plies played.
type RandomPlayer interface {
	PlayRandom(r *rand.Rand) int
}

// PCGPlayer is a RandomPlayer whose fast path draws straight from a PCG generator
// (no interface call per draw): each move is the legal move at index RandIndex(src, n).
// MCTS rollouts prefer it.
type PCGPlayer interface {
	PlayRandomPCG(src *rand.PCG) int
}

// RandIndex draws an index in [0, n) from src by Lemire's multiply-shift (the bias is
// below n/2^64: nil for game move counts).
func RandIndex(src *rand.PCG, n int) int {
	hi, _ := bits.Mul64(src.Uint64(), uint64(n))
	return int(hi)
}

// TerminalValue is the value of a finished game for seat p, as search sees it: WinScore times the
// return, plus the score margin over the best other seat where the game keeps scores.
func TerminalValue(s State, p Player) int {
	var buf [8]float64
	ret := s.Returns(buf[:0])
	v := int(ret[p] * WinScore)
	if sc, ok := s.(Scorer); ok {
		var sb [8]float64
		scores := sc.Scores(sb[:0])
		best := math.Inf(-1)
		for i, x := range scores {
			if Player(i) != p && x > best {
				best = x
			}
		}
		v += int(scores[p] - best)
	}
	return v
}

// MarginBounder is a State that can bound the final score margin of seat p (its score
// minus the other seat's) from here on, whatever is played: Kalah's stores never lose
// seeds. Exact solvers prune with it. ok is false when no bound is known.
type MarginBounder interface {
	MarginBounds(p Player) (lo, hi int, ok bool)
}

// Applier is a State that can play a move without keeping what Undo needs: playouts
// and tree searches that never take moves back use it.
type Applier interface {
	Apply(m Move)
}

// SampleOutcome draws a chance outcome by its probability with r.
func SampleOutcome(r *rand.Rand, outs []Outcome) Move {
	x := r.Float64()
	for _, o := range outs {
		if x -= o.Prob; x < 0 {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}
