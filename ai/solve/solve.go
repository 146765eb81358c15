// Package solve proves the value of positions of two-player deterministic games
// (core.Game without dice): Solve finds the first seat's final margin (or win, draw
// or loss) under perfect play and a principal variation. Any game is solved by MTD(f)
// over a null-window negamax with a table of value bounds (this package); Kalah without
// Lua hooks goes to its own store-free solver (package ai/solve/kalahsolve, with a
// compact threaded search and complete endgame databases), and mancala games whose
// repetition rule scores every endless cycle alike to retrograde analysis (package
// ai/retrograde, retrograde.go). What the solvers share (MTD(f)'s driver, the guard
// for games whose positions repeat, the errors) is in ai/solve/internal/mtd.
package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/ai/solve/internal/mtd"
	"github.com/kalahlab/kalahlab/ai/solve/kalahsolve"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// Solution is the game-theoretic value of a position.
type Solution struct {
	// Value is the first seat's final margin under perfect play when the game keeps
	// scores (Kalah: store difference, both players maximising their own margin), else
	// +1 (first seat wins), 0 (draw) or -1.
	Value int
	// Margin is Value as a float64 (a retrograde analysis counts in halves of a seed;
	// margins stay whole, as the seeds left split evenly give each seat as much).
	Margin   float64
	Result   string // "win", "draw" or "loss" for the first seat
	BestMove core.Move
	PV       []core.Move // a principal variation from the position
	Nodes    int64
	Seconds  float64
	// EndgameSeeds is the level up to which a complete Kalah endgame database
	// answered (0: none).
	EndgameSeeds int
	// Method is how the value was proved: "search" (MTD(f)), "kalah" (the Kalah
	// solver) or "retrograde" (retrograde analysis of every position: Nodes counts
	// them).
	Method string
	// Notes says what a reader of the value should know (a ply limit set aside, say).
	Notes []string
}

// Options tune Solve.
type Options struct {
	TTMB int // transposition table size in MB [256]
	DBMB int // Kalah endgame database size in MB [512]; <0 for none
	// DBSeeds caps the seeds in houses of the positions the Kalah endgame database
	// holds [0: automatic].
	DBSeeds int
	// EndgameDir keeps complete Kalah endgame databases between runs (ai/endgame):
	// the solver reads the levels it needs from there and builds and saves the
	// missing ones. "" builds none unless EndgameSeeds asks for one (then it lives in
	// memory for this solve only).
	EndgameDir string
	// EndgameSeeds is the most seeds in houses the complete database covers: 0 picks
	// automatically (with EndgameDir set and 44 or more seeds in houses, the largest
	// database of at most 256 MB: 20 seeds for 6 houses a side), <0 uses none.
	EndgameSeeds int
	// Threads searching at once, sharing the table [0: one per core]. Only the compact
	// Kalah search uses more than one; with more than one, node counts (and which of
	// several equally good moves the principal variation shows) vary between runs.
	Threads int
	// Log receives progress lines of long steps (building a database, the passes of a
	// Kalah solve once it has run a second); nil is quiet.
	Log   io.Writer
	noETC bool          // tests: no enhanced transposition cut-offs
	Time  time.Duration // give up after this long (0: no limit)
	// Nodes gives up after about this many positions visited (0: no limit): within a
	// few thousand in the Kalah search, which checks every 4096 nodes. Unlike Time it
	// does not depend on the machine or its load, so with Threads 1 whether a solve
	// succeeds is the same on every run (with more threads each counts its own).
	Nodes int64
	PVLen int // longest principal variation to report [60]
	// Method picks how to prove the value: "" or "auto" (retrograde analysis for a
	// mancala game whose repetition rule gives every endless cycle one score, when its
	// positions fit; else the search), "search" or "retrograde" (see retrograde.go).
	Method string
	// MaxPositions bounds a retrograde analysis [5,000,000, about 1 GB; Nodes when
	// smaller]: beyond it, "auto" searches instead and "retrograde" fails.
	MaxPositions int
}

// infinity bounds every search value (terminal values are within ±2*WinScore).
const infinity = mtd.Infinity

// genericSolver is MTD(f) over a null-window negamax with a table of value bounds, for
// any game.
type genericSolver struct {
	search.Core
	tt     *boundTable
	scores bool
	useETC bool // enhanced transposition cut-offs (etc)
	// Lua-hooked Kalah: hooks may let seeds circle, so positions can repeat
	// (cycles.go): the plies left are part of the key, or with no ply limit a
	// repetition on the search path stops the solve.
	cyclic bool
	cycles mtd.CycleGuard
}

// historyKeyer is a state whose value depends on the positions played through, not on
// the position alone (core/mancala's repetition rule: mancala.State.HistoryKey); the
// solver mixes that key into its table's keys so that it never takes one history's
// value for another's.
type historyKeyer interface{ HistoryKey() uint64 }

// plyCounter is a state that counts the plies played (kalah.State.Ply).
type plyCounter interface{ Ply() int }

// Solve proves the value of s, a position of a two-player deterministic game, for the
// first seat. It uses MTD(f): a sequence of null-window searches converging on the
// value, each cutting off with the table's lower and upper bounds, with the game's
// margin bounds (core.MarginBounder) pruning lines that cannot matter.
//
// A game stopped by an error during the search (State.Err: a failing Lua hook) stops
// the solve at once with that error, naming the position and move; running out of
// opt.Time or opt.Nodes is ErrGaveUp; a cancelled ctx returns ctx's error.
//
// In Kalah without store sowing, and in Lua-hooked Kalah, positions can repeat: the
// value then counts the plies left before max_plies, and with max_plies 0 a position
// repeating on the search path is ErrRepeats (cycles.go). A search deeper than
// 100,000 plies is ErrTooDeep.
func Solve(ctx context.Context, s core.State, opt Options) (*Solution, error) {
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("solve: the position is over: %w", stoppedAt(s, err))
	}
	if s.ToMove() == core.Terminal {
		return over(s), nil
	}
	if err := search.CheckTwoPlayerDeterministic("solve", s); err != nil {
		if errors.Is(err, ErrDomain) {
			return nil, fmt.Errorf("solve: %w: the solver proves two-player games without dice (use an experiment to measure the others)", ErrDomain)
		}
		return nil, err
	}
	if opt.TTMB == 0 {
		opt.TTMB = 256
	}
	if opt.PVLen == 0 {
		opt.PVLen = 60
	}
	if opt.DBMB == 0 {
		opt.DBMB = 512
	}
	t0 := time.Now()
	if sol, err, done := solveRetrograde(ctx, s, opt, t0); done {
		return sol, err
	}
	var notes []string
	if k, ok := s.(*kalah.State); ok && (!k.Hooked() || kalahsolve.StoreBlind(k.Game())) {
		sol, err := solveKalah(ctx, k, opt, t0)
		if !errors.Is(err, kalahsolve.ErrNotStoreFree) {
			return sol, err
		}
		// The hooks looked at the stores after all: the generic search assumes nothing.
		notes = append(notes, fmt.Sprintf("searched position by position: %v", errors.Unwrap(err)))
	}
	_, scores := s.(core.Scorer)
	_, isKalah := s.(*kalah.State) // only hooked Kalah reaches here: its moves are dear
	solver := &genericSolver{tt: newBoundTable(opt.TTMB), scores: scores, useETC: !isKalah && !opt.noETC}
	solver.Start(ctx, opt.Time, opt.Nodes)
	root := s.Clone()
	if k, ok := root.(interface{ Game() *kalah.Game }); ok {
		if _, ok := root.(plyCounter); ok {
			solver.cyclic, solver.cycles = true, mtd.CycleGuard{MaxPlies: k.Game().Rules().MaxPlies, What: "in this variant (its rules let seeds circle)"}
		}
	}
	me := root.ToMove()
	v, err := solver.mtdf(root, 0)
	if err != nil {
		return nil, solver.failed(ctx, opt, err)
	}
	sol := &Solution{Nodes: solver.Nodes}
	sol.PV, err = solver.pv(root, v, opt.PVLen)
	if err != nil {
		return nil, solver.failed(ctx, opt, err)
	}
	if len(sol.PV) > 0 {
		sol.BestMove = sol.PV[0]
	}
	if me != 0 {
		v = -v
	}
	sol.Value, sol.Margin = v, float64(v)
	sol.Method = MethodSearch
	sol.Notes = notes
	sol.Result = mtd.Result(v)
	sol.Nodes = solver.Nodes
	sol.Seconds = time.Since(t0).Seconds()
	return sol, nil
}

// over is the solution of a position that is over: its final value, no moves.
func over(s core.State) *Solution {
	var buf [2]float64
	v := 0
	if sc, ok := s.(core.Scorer); ok {
		r := sc.Scores(buf[:0])
		v = int(r[0] - r[1])
	} else if len(s.Returns(buf[:0])) == 2 {
		v = int(buf[0])
	}
	return &Solution{Value: v, Margin: float64(v), Result: mtd.Result(v), Method: MethodSearch, Notes: []string{"the position is over"}}
}

// ErrDomain is in the error of a solve of a game outside the solver's domain: more
// than two players, or dice. It is ai.ErrDomain, which the agents return too.
var ErrDomain = search.ErrDomain

// ErrGaveUp is the error of a solve that ran out of its time or nodes (Options.Time,
// Options.Nodes). It is the one value of every solver here (kalahsolve.ErrGaveUp too).
var ErrGaveUp = mtd.ErrGaveUp

// failed is the error of a solve that stopped: the context's error once it is done (a
// hook interrupted by the cancellation fails too), ErrGaveUp when the budget ran out,
// else err (a hook error: see stoppedAt).
func (solver *genericSolver) failed(ctx context.Context, opt Options, err error) error {
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, search.ErrStop):
		return fmt.Errorf("solve: %w after %d nodes (budget %s)", ErrGaveUp, solver.Nodes, mtd.Budget(opt.Time, opt.Nodes))
	}
	return fmt.Errorf("solve: %w", err)
}

// ErrGameStopped is in the error of a solve that met a game stopped by an error
// (State.Err: a failing Lua hook), together with that error. It is core.ErrGameStopped,
// which perft reports too.
var ErrGameStopped = core.ErrGameStopped

// stoppedAt is the error of a game stopped by an error during a search, err being
// State.Err. The solve stops on the first one: a value proved over games that end by an
// error would mean nothing. pos is the position where it happened (the one whose legal
// moves failed, say).
func stoppedAt(pos core.State, err error) error {
	return fmt.Errorf("%w at %s: %w", ErrGameStopped, pos, err)
}

// stoppedAfter is stoppedAt for the move m played at pos.
func stoppedAfter(pos core.State, m core.Move, err error) error {
	return fmt.Errorf("%w playing %s at %s: %w", ErrGameStopped, pos.MoveString(m), pos, err)
}

// noMoves is the error of a position whose legal moves came out empty although it is
// not over: a hook failed listing them (State.Err), or the game broke its contract.
func noMoves(s core.State) error {
	if err := s.Err(); err != nil {
		return stoppedAt(s, err)
	}
	return fmt.Errorf("no legal moves at %s, which is not over", s)
}

// terminal is the value of a finished game for seat p.
func (solver *genericSolver) terminal(s core.State, p core.Player) int {
	if solver.scores {
		var buf [2]float64
		sc := s.(core.Scorer).Scores(buf[:0])
		return int(sc[p] - sc[1-p]) // halves cancel: the seeds left split evenly give each seat as much
	}
	var buf [2]float64
	return int(s.Returns(buf[:0])[p])
}

// mtdf converges on the value of s for its mover from a first guess.
func (solver *genericSolver) mtdf(s core.State, guess int) (int, error) {
	return mtd.MTDF(guess, func(beta int) (int, error) { return solver.search(s, beta-1, beta, 0) })
}

// search is fail-soft negamax alpha-beta to the end of the game; the value is for the
// player to move in s.
func (solver *genericSolver) search(s core.State, alpha, beta, ply int) (int, error) {
	if err := solver.Tick(); err != nil {
		return 0, err
	}
	if ply >= maxSolvePly {
		// A game this long cannot be solved anyway; deeper, the stack would overflow.
		hint := ""
		if solver.cyclic {
			hint = " (lower max_plies)"
		}
		return 0, fmt.Errorf("%w: %d plies at %s%s", ErrTooDeep, ply, s, hint)
	}
	me := s.ToMove()
	if mb, ok := s.(core.MarginBounder); ok {
		if lo, hi, ok := mb.MarginBounds(me); ok {
			if lo >= beta {
				return lo, nil
			}
			if hi <= alpha {
				return hi, nil
			}
		}
	}
	h, hashed := s.(core.Hasher)
	var key uint64
	hashMove := core.Move(-1)
	if hashed {
		key = h.Hash()
		if hk, ok := s.(historyKeyer); ok {
			key ^= hk.HistoryKey()
		}
		if solver.cyclic {
			var err error
			if key, err = solver.cycles.Key(s, key, s.(plyCounter).Ply(), ply); err != nil {
				return 0, err
			}
		}
		if e := solver.tt.probe(key); e != nil {
			hashMove = e.move
			v, cut := 0, false
			if v, cut, alpha, beta = mtd.Window(int(e.lower), int(e.upper), alpha, beta); cut {
				return v, nil
			}
		}
	}
	alphaOrig, betaOrig := alpha, beta
	moves := solver.Order(solver.Moves(s, ply), ply, hashMove)
	if len(moves) == 0 {
		return 0, noMoves(s)
	}
	if hashed && solver.useETC {
		v, m, ok, err := solver.etc(s, me, moves, beta)
		if err != nil {
			return 0, err
		}
		if ok {
			solver.tt.store(key, v, infinity, m)
			return v, nil
		}
	}
	best, bestMove := -infinity, core.Move(-1)
	for _, m := range moves {
		c := search.Child(s, m)
		var v int
		var err error
		switch next := c.ToMove(); {
		case next == core.Terminal:
			// A hook error ends a game (State.Err): only a finished child can carry
			// one, so the unhooked games pay nothing more.
			if e := c.Err(); e != nil {
				search.Back(s, c)
				return 0, stoppedAfter(s, m, e)
			}
			v = solver.terminal(c, me)
		case next == me:
			v, err = solver.search(c, alpha, beta, ply+1)
		default:
			v, err = solver.search(c, -beta, -alpha, ply+1)
			v = -v
		}
		search.Back(s, c)
		if err != nil {
			return 0, err
		}
		if v > best {
			best, bestMove = v, m
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			solver.Cutoff(ply, 1, m)
			break
		}
	}
	if hashed {
		lo, hi := mtd.Bounds(best, alphaOrig, betaOrig, -infinity, infinity)
		solver.tt.store(key, lo, hi, bestMove)
	}
	return best, nil
}

// etc is the enhanced transposition cut-off: before searching any move, it looks each
// child up in the table (and plays out moves that end the game); a child whose bound
// already reaches beta cuts the node off with no search. Board games with many move
// orders to one position reach most positions this way: on m,n,k 4x5x4 it cut the
// nodes from 48 M to 18 M and the time by 8%, on Connect Four 5x5 the nodes by half,
// on a Lua-hooked 4x4 tic-tac-toe the nodes 5x. Each child is played once more,
// though, and on Lua-hooked Kalah and Oware, whose moves are dear and transpose less,
// it cost 35% more time: there it is off (genericSolver.useETC).
func (solver *genericSolver) etc(s core.State, me core.Player, moves []core.Move, beta int) (int, core.Move, bool, error) {
	for _, m := range moves {
		c := search.Child(s, m)
		v, known := 0, false
		switch next := c.ToMove(); {
		case next == core.Terminal:
			if err := c.Err(); err != nil {
				search.Back(s, c)
				return 0, -1, false, stoppedAfter(s, m, err)
			}
			v, known = solver.terminal(c, me), true
		default:
			if h, ok := c.(core.Hasher); ok {
				key := h.Hash()
				if hk, ok := c.(historyKeyer); ok {
					key ^= hk.HistoryKey()
				}
				if solver.cyclic && solver.cycles.MaxPlies > 0 {
					key ^= mtd.PliesKey(solver.cycles.MaxPlies - c.(plyCounter).Ply())
				}
				if e := solver.tt.probe(key); e != nil {
					if next == me {
						v, known = int(e.lower), e.lower > -infinity
					} else {
						v, known = -int(e.upper), e.upper < infinity
					}
				}
			}
		}
		search.Back(s, c)
		if known && v >= beta {
			return v, m, true, nil
		}
	}
	return 0, -1, false, nil
}

// pv walks a principal variation: at each position a move whose exact value equals the
// position's value (re-proved with null windows on the warm table).
func (solver *genericSolver) pv(s core.State, value, maxLen int) ([]core.Move, error) {
	var line []core.Move
	s = s.Clone()
	for len(line) < maxLen && s.ToMove() != core.Terminal {
		me := s.ToMove()
		found := false
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			return nil, noMoves(s)
		}
		for _, m := range moves {
			c := s.Clone()
			c.Play(m)
			var v int
			switch next := c.ToMove(); {
			case next == core.Terminal:
				if err := c.Err(); err != nil {
					return nil, stoppedAfter(s, m, err)
				}
				v = solver.terminal(c, me)
			default:
				cv, err := solver.mtdf(c, value)
				if err != nil {
					return nil, err
				}
				if next != me {
					cv = -cv
				}
				v = cv
			}
			if v == value {
				line = append(line, m)
				if c.ToMove() != me && c.ToMove() != core.Terminal {
					value = -value
				}
				s = c
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("no move keeps the value %d at %s", value, s)
		}
	}
	return line, nil
}

// boundTable keeps a lower and an upper bound of each position's exact value.
type boundTable struct {
	entries []boundEntry
	mask    uint64
}

type boundEntry struct {
	key          uint64
	lower, upper int32
	move         core.Move
	used         bool // a zero hash is a real position (an empty board)
}

func newBoundTable(mb int) *boundTable {
	n := uint64(1)
	for n*2*24 <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &boundTable{entries: make([]boundEntry, n), mask: n - 1}
}

func (t *boundTable) probe(key uint64) *boundEntry {
	e := &t.entries[key&t.mask]
	if e.key != key || !e.used {
		return nil
	}
	return e
}

// store records bounds; for the same position they tighten the old ones.
func (t *boundTable) store(key uint64, lo, hi int, move core.Move) {
	e := &t.entries[key&t.mask]
	if e.key == key && e.used {
		lo = max(lo, int(e.lower))
		hi = min(hi, int(e.upper))
		if move < 0 {
			move = e.move
		}
	}
	*e = boundEntry{key: key, lower: int32(lo), upper: int32(hi), move: move, used: true}
}
