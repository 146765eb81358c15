package run

// Game-flow metrics (record: evaluations), after Browne's measures of a game's flow
// that Ludii reports: who leads, ply by ply, by an evaluation of the position.
//
// # The evaluation after each ply
//
// With record: evaluations, every trial of a two-seat cell keeps one number per ply
// (Record.Evals): the evaluation of the position after that ply, from the first seat's
// point of view, in thousandths on a scale of -1000 (the second seat has won) to 1000
// (the first seat has won). One evaluator speaks for a whole game (a lead must change
// with the position, not with who is asked), the first of these the game has; where
// each value comes from, one letter per ply (Record.EvalFrom):
//
//	r  the result, once the game is over (the last ply)
//	e  the game's heuristic evaluation of the position (core.Evaluator), every ply
//	s  the score difference (core.Scorer), every ply of a game without an evaluation
//	a  for a game with neither: the value the moving agent's search returned
//	   (ai.Evaluated: the alpha-beta family and expectiminimax in game units, mcts a
//	   mean return)
//	n  nothing: 0 (a move no agent evaluated, in a game with neither)
//
// Values in game units v (the first seat's view) are mapped to 1000·v/(|v| + S),
// rounded half away from zero and computed in integers (so every machine gets the same
// numbers): S, the game's evaluation scale, is the value that counts as half-way to a
// sure win (kalah 24 — six seeds banked at four units a seed —, checkers 200 — two men
// —, ludo 64, tictactoe 8, any other base game 16). A proven result (±core.WinScore/2 or
// more) is ±1000. A mean return x in [-1, 1] (mcts) is 1000·x rounded. Seat 2's values
// are negated: both seats' games are zero-sum.
//
// Games of more than two seats record nothing: one number per ply cannot say which of
// three or four seats leads, and a vector per ply would make the log several times
// larger; their cells have no flow metrics.
//
// # The metrics
//
// The leader after a ply is the first seat when its value is above 0, the second
// below 0, and nobody at 0. Per game:
//
//	lead changes   how many times the leader differs from the previous leader, plies
//	               with nobody leading skipped (every game, timeouts included)
//	decisiveness   (n-t)/n for a game of n plies whose winner leads after each of the
//	               last n-t plies but not after ply t: the share of the game, counted
//	               back from its end, in which the winner leads for good. 1: the winner
//	               led from the first ply; near 0: the lead was taken for good at the
//	               end (games with a single winner)
//	drama          the mean of the winner's deficit (the amount the winner's value is
//	               below 0, on the -1..1 scale) over the plies after which the winner
//	               trails, 0 when they never do (games with a single winner)
//
// Each per-game value is an integer count or is rounded to thousandths, and counted in
// a histogram (Stats.LeadChanges, Decisiveness, Drama): sums of integers that merge
// exactly, so the results do not depend on the workers, shards or order of the trials.
// A cell reports their means with normal 95% intervals.

import (
	"math"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// The sources of the evaluations, one letter per ply in Record.EvalFrom.
const (
	evalAgent  = 'a' // the agent's search value (ai.Evaluated)
	evalStatic = 'e' // the game's heuristic evaluation (core.Evaluator)
	evalScore  = 's' // the score difference (core.Scorer)
	evalResult = 'r' // the result of the finished game
	evalNone   = 'n' // nothing known: 0
)

// evalScales are the evaluation scales of the base games: the value, in the game's
// evaluation units, mapped to ±500 thousandths (half-way to a sure win).
var evalScales = map[string]int64{"kalah": 24, "checkers": 200, "ludo": 64, "tictactoe": 8}

// defaultEvalScale is the scale of a base game not in evalScales.
const defaultEvalScale = 16

// evalScale is the evaluation scale of a base game.
func evalScale(base string) int64 {
	if s, ok := evalScales[base]; ok {
		return s
	}
	return defaultEvalScale
}

// evalMax is the largest evaluation: a sure win for the first seat.
const evalMax = 1000

// quantizeUnits maps a value in game units to thousandths: ±evalMax for a proven
// result, else evalMax·v/(|v|+scale) rounded half away from zero (integers only).
func quantizeUnits(v, scale int64) int {
	switch {
	case v >= core.WinScore/2:
		return evalMax
	case v <= -core.WinScore/2:
		return -evalMax
	}
	a := v
	if a < 0 {
		a = -a
	}
	d := a + max(scale, 1)
	q := (2*evalMax*a + d) / (2 * d) // round half up of evalMax·a/d
	if v < 0 {
		return -int(q)
	}
	return int(q)
}

// quantizeReturn maps a mean return in [-1, 1] to thousandths.
func quantizeReturn(x float64) int {
	if math.IsNaN(x) {
		return 0
	}
	return int(math.Round(evalMax * math.Max(-1, math.Min(1, x))))
}

// roundUnits rounds a value in game units to an integer (NaN is 0; the range is far
// beyond any evaluation's).
func roundUnits(x float64) int64 {
	if math.IsNaN(x) {
		return 0
	}
	return int64(math.Round(math.Max(-4*core.WinScore, math.Min(4*core.WinScore, x))))
}

// evalAfter is the evaluation of st, just played by who, for the flow metrics: from the
// first seat's view, in thousandths, with its source. One evaluator speaks for a whole
// game, so that a lead changes with the position and not with who is asked: the result
// once the game is over, else the game's heuristic evaluation (core.Evaluator), else
// its score difference (core.Scorer); only a game with neither takes the value the
// moving agent's search returned (ag, the agent whose move it was; nil for a move it
// did not choose). Mixing the agent's search value with the static heuristic made
// most lead changes happen where the source switched.
func evalAfter(st core.State, who core.Player, ag ai.Agent, scale int64) (int, byte) {
	if st.ToMove() == core.Terminal {
		var buf [8]float64
		ret := st.Returns(buf[:0])
		switch {
		case len(ret) < 2 || ret[0] == ret[1]:
			return 0, evalResult
		case ret[0] > ret[1]:
			return evalMax, evalResult
		}
		return -evalMax, evalResult
	}
	if ev, ok := st.(core.Evaluator); ok {
		return quantizeUnits(int64(ev.Evaluate(0)), scale), evalStatic
	}
	if sc, ok := st.(core.Scorer); ok {
		var buf [8]float64
		if scores := sc.Scores(buf[:0]); len(scores) >= 2 {
			return quantizeUnits(roundUnits(scores[0]-scores[1]), scale), evalScore
		}
	}
	if ag != nil {
		if ea, ok := ag.(ai.Evaluated); ok {
			if e, ok := ea.LastEvaluation(); ok {
				var q int
				if e.Units == ai.MeanReturn {
					q = quantizeReturn(e.Value)
				} else {
					q = quantizeUnits(roundUnits(e.Value), scale)
				}
				if who == 1 {
					q = -q
				}
				return q, evalAgent
			}
		}
	}
	return 0, evalNone
}

// leader is the seat leading by an evaluation (seat 1's view): 0, 1, or -1 for nobody.
func leader(e int) int {
	switch {
	case e > 0:
		return 0
	case e < 0:
		return 1
	}
	return -1
}

// leadChanges is the number of times the leading seat changes in a game, by the
// evaluations after each ply (the first seat's view): plies after which nobody leads
// (an evaluation of 0) are skipped.
func leadChanges(evals []int) int {
	last, n := -1, 0
	for _, e := range evals {
		l := leader(e)
		if l < 0 {
			continue
		}
		if last >= 0 && l != last {
			n++
		}
		last = l
	}
	return n
}

// decisiveness is the share of a game won by seat winner (0 or 1), counted back from its
// last ply, after every ply of which the winner leads, in thousandths (0..1000, rounded
// half up): 1000 when the winner leads after every ply, 0 when not even after the last,
// and 0 for a game without plies.
func decisiveness(evals []int, winner int) int {
	n := len(evals)
	if n == 0 {
		return 0
	}
	t := n
	for t > 0 && leader(evals[t-1]) == winner {
		t--
	}
	return roundDiv(evalMax*(n-t), n)
}

// drama is the mean deficit of seat winner (0 or 1) over the plies after which it
// trails, in thousandths (0..1000, rounded half up): how far behind the eventual winner
// was, on average, while behind. It is 0 when the winner never trails.
func drama(evals []int, winner int) int {
	sum, n := 0, 0
	for _, e := range evals {
		if winner == 1 {
			e = -e
		}
		if e < 0 {
			sum -= e
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return roundDiv(sum, n)
}

// roundDiv is a/b rounded half up, for a >= 0 and b > 0.
func roundDiv(a, b int) int { return (2*a + b) / (2 * b) }

// addFlow counts the flow metrics of a game that did not fail and kept its
// evaluations (one per ply): lead changes for every game, decisiveness and drama for
// games with a single winner.
func (s *Stats) addFlow(r *Record) {
	if len(r.Evals) == 0 || len(r.Evals) != r.Plies {
		return
	}
	if s.LeadChanges == nil {
		s.LeadChanges, s.Decisiveness, s.Drama = Hist{}, Hist{}, Hist{}
	}
	s.LeadChanges[float64(leadChanges(r.Evals))]++
	if r.TimedOut || len(r.Returns) != 2 {
		return
	}
	winner := -1
	for seat := range 2 {
		if SeatOutcome(r.Returns, seat) == 1 {
			winner = seat
		}
	}
	if winner < 0 {
		return
	}
	s.Decisiveness[float64(decisiveness(r.Evals, winner))/evalMax]++
	s.Drama[float64(drama(r.Evals, winner))/evalMax]++
}

// mergeFlow adds o's flow counts to s.
func (s *Stats) mergeFlow(o *Stats) {
	for _, h := range []struct {
		dst *Hist
		src Hist
	}{
		{&s.LeadChanges, o.LeadChanges}, {&s.Decisiveness, o.Decisiveness}, {&s.Drama, o.Drama},
	} {
		if len(h.src) == 0 {
			continue
		}
		if *h.dst == nil {
			*h.dst = Hist{}
		}
		for k, v := range h.src {
			(*h.dst)[k] += v
		}
	}
}
