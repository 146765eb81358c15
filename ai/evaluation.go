package ai

// EvalUnits says what an Evaluation's value is measured in.
type EvalUnits uint8

const (
	// GameUnits are the game's own evaluation units, those of core.Evaluator (Kalah:
	// four per seed banked; checkers: hundredths of a man). A value of
	// ±core.WinScore/2 or beyond is a proven win or loss (core.TerminalValue).
	GameUnits EvalUnits = iota
	// MeanReturn is an estimate of the game's return in [-1, 1] (a win 1, a loss -1):
	// MCTS's mean playout return of the move it chose.
	MeanReturn
)

// String returns "game units" or "mean return".
func (u EvalUnits) String() string {
	if u == MeanReturn {
		return "mean return"
	}
	return "game units"
}

// Evaluation is what an agent's last search found the position it moved from to be
// worth, for the seat that moved: the value its search returned, as it returned it.
type Evaluation struct {
	Value float64
	Units EvalUnits
}

// Evaluated is an agent that can tell how it evaluated its last move (the
// experiments' flow metrics read it; see experiments.Record's Evals). The search
// agents implement it: minimax, negamax, alphabeta and negascout (the root value of
// the last completed depth), expectiminimax (the same, chance included) and mcts (the
// chosen move's mean return). ok is false when there is none: before the first move,
// or when not even the first depth of a search completed. The value was computed by
// the search anyway: asking costs nothing.
type Evaluated interface {
	LastEvaluation() (e Evaluation, ok bool)
}

// LastEvaluation is the root value of the last completed depth of the last search,
// for the player who moved, in game units.
func (a *Searcher) LastEvaluation() (Evaluation, bool) {
	return Evaluation{Value: float64(a.last.Value), Units: GameUnits}, a.last.Depth > 0
}

// LastEvaluation is the root value (an expectation over the dice) of the last
// completed depth of the last search, for the player who moved, in game units.
func (a *Expectiminimax) LastEvaluation() (Evaluation, bool) {
	return Evaluation{Value: a.lastValue, Units: GameUnits}, a.last.Depth > 0
}

// LastEvaluation is the mean return, in [-1, 1], of the playouts through the move the
// last search chose, for the player who moved.
func (a *MCTS) LastEvaluation() (Evaluation, bool) {
	return Evaluation{Value: a.lastMean, Units: MeanReturn}, a.last.Nodes > 0
}

var (
	_ Evaluated = (*Searcher)(nil)
	_ Evaluated = (*Expectiminimax)(nil)
	_ Evaluated = (*MCTS)(nil)
)
