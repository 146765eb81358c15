package run

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"strconv"
	"unicode/utf8"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// Record is one finished trial, as the trial log (trials.jsonl) holds it: enough to
// count it again (resume, merge) and to replay its game move by move.
type Record struct {
	Trial       int       `json:"trial"` // cell*games + index: unique in the study
	Cell        int       `json:"cell"`
	Index       int       `json:"index"` // within the cell
	Seed        uint64    `json:"seed"`
	Seats       []int     `json:"seats"`                // the agent (index into the plan's agents) on each seat
	Moves       []int     `json:"move_codes,omitempty"` // the game's move codes (not notation), chance outcomes included
	Returns     []float64 `json:"returns"`              // per seat; all 0 for a timeout or a failure
	Scores      []float64 `json:"scores,omitempty"`
	Plies       int       `json:"plies"`
	TimedOut    bool      `json:"timed_out"`
	Error       string    `json:"error,omitempty"`
	Opening     string    `json:"opening,omitempty"` // the first decision, in notation
	SwapOffered bool      `json:"swap_offered,omitempty"`
	Swapped     bool      `json:"swapped,omitempty"`
	Decisions   int       `json:"decisions"` // plies chosen by players (not chance)
	Legal       int       `json:"legal"`     // legal moves summed over the decisions
	// Evals is the evaluation after each ply, from the first seat's view, in
	// thousandths of a sure win (-1000..1000), and EvalFrom where each came from, a
	// letter a ply (a agent, e evaluator, s score, r result, n none): record:
	// evaluations, two-seat games only (flow.go).
	Evals    []int  `json:"evals,omitempty"`
	EvalFrom string `json:"eval_from,omitempty"`
}

// resettableAgent is an agent that can be reused for a new game: Reset forgets everything from
// earlier games and reseeds it, leaving it as ai.New(spec, seed) would build it. Agents
// without it are built afresh for every trial, so that no game depends on the ones a
// worker played before.
type resettableAgent interface {
	Reset(seed uint64)
}

// cellRunner is what one worker keeps for one cell: its own game (one Lua state for a
// Lua variant, never shared) and agents to reuse where they can be reset.
type cellRunner struct {
	cell   int
	game   core.Game
	seats  int
	evals  bool             // keep the evaluation after each ply (record: evaluations)
	scale  int64            // the game's evaluation scale (evalScale)
	agents map[int]ai.Agent // by agent index, Resetters only
	state  core.State       // reused from game to game when it can be reset
	reset  resetter
	// openings and swaps remember the notation of moves: small move codes in the
	// arrays (swaps: 0 not known yet, 1 no, 2 yes), others in the maps.
	openings  map[core.Move]string
	swaps     map[core.Move]bool
	openingsA [smallMoves]string
	swapsA    [smallMoves]uint8
}

// smallMoves is the number of move codes remembered in arrays.
const smallMoves = 64

// resetter is a state that can go back to the start keeping its memory (every base
// game's State has Reset); a runner reuses one state per game that way.
type resetter interface{ Reset() }

// newState returns the start position: the runner's state reset, when the game's
// states reset to exactly the start, or a new state.
func (r *cellRunner) newState() core.State {
	if r.reset != nil {
		r.reset.Reset()
		return r.state
	}
	return r.game.NewState()
}

// checkReset decides whether states of the game can be reused: Reset must give back
// the start position after a move.
func (r *cellRunner) checkReset() {
	st := r.game.NewState()
	rs, ok := st.(resetter)
	if !ok || st.ToMove() == core.Terminal {
		return
	}
	start := st.String()
	var buf [64]core.Move
	var outs [64]core.Outcome
	if st.ToMove() == core.Chance {
		st.Play(st.ChanceOutcomes(outs[:0])[0].Move)
	} else if legal := st.LegalMoves(buf[:0]); len(legal) > 0 {
		st.Play(legal[0])
	}
	rs.Reset()
	if st.String() == start && st.Err() == nil {
		r.state, r.reset = st, rs
	}
}

// player plays trials; each worker goroutine has one.
type player struct {
	ctx    context.Context
	done   <-chan struct{}
	study  *plan.Study
	log    bool // keep the moves
	cells  map[int]*cellRunner
	legal  []core.Move
	outs   []core.Outcome
	seats  []int
	agents []ai.Agent
	fast   []*rand.PCG  // per seat: the built-in random agent's generator, nil for others
	fastR  []*rand.Rand // the same, as rand.Rand
	from   []byte       // the sources of the evaluations of the trial (Record.EvalFrom)
	// sawSecond is set once the second seat made its first decision in the trial (the
	// pie rule's swap is offered there).
	sawSecond bool
	rng       *rand.Rand
	pcg       *rand.PCG
}

func newPlayer(ctx context.Context, s *plan.Study, log bool) *player {
	pcg := rand.NewPCG(0, 0)
	return &player{ctx: ctx, done: ctx.Done(), study: s, log: log, cells: map[int]*cellRunner{}, pcg: pcg, rng: rand.New(pcg)}
}

// runner returns the worker's game for cell c, building it on first use. Only the last
// few cells are kept (cells are run mostly in order). The game's Lua code (its hooks,
// and its script while it loads) stops with an error once the run's context is done,
// so that Ctrl-C is not held up by a slow hook; the trial it stops is not recorded.
func (p *player) runner(c int) (*cellRunner, error) {
	if r, ok := p.cells[c]; ok {
		return r, nil
	}
	g, err := p.study.Variants[c].NewGameContext(p.ctx)
	if err != nil {
		return nil, err
	}
	if len(p.cells) >= 4 {
		for k := range p.cells {
			if k != c {
				delete(p.cells, k)
				break
			}
		}
	}
	r := &cellRunner{cell: c, game: g, seats: g.NumPlayers(), agents: map[int]ai.Agent{},
		openings: map[core.Move]string{}, swaps: map[core.Move]bool{},
		evals: p.study.Plan.RecordsEvaluations(c), scale: evalScale(p.study.Plan.Cells[c].Base)}
	r.checkReset()
	p.cells[c] = r
	return r, nil
}

// errStopped marks a trial cut short by the run's context: it is not recorded.
var errStopped = errors.New("run stopped")

// reuse empties rec for another trial, keeping its slices' memory.
func (rec *Record) reuse() {
	*rec = Record{Seats: rec.Seats[:0], Moves: rec.Moves[:0], Returns: rec.Returns[:0], Scores: rec.Scores[:0],
		Evals: rec.Evals[:0]}
}

// zeros sets rec's returns to n zeros (a failed or timed-out game).
func (rec *Record) zeros(n int) {
	rec.Returns = rec.Returns[:0]
	for i := 0; i < n; i++ {
		rec.Returns = append(rec.Returns, 0)
	}
	rec.Scores = rec.Scores[:0]
}

// play runs trial index of cell c into rec (emptied first). A failing game (a hook
// error, an agent error, a panic) is a record with Error set; only a cancelled run
// returns an error.
func (p *player) play(c, index int, rec *Record) (err error) {
	pl := &p.study.Plan
	seed := plan.TrialSeed(pl.Seed, c, index)
	rec.reuse()
	rec.Trial, rec.Cell, rec.Index, rec.Seed = c*pl.Games+index, c, index, seed
	r, err := p.runner(c)
	if err != nil {
		if p.stopped() {
			return errStopped // a script interrupted while it loaded
		}
		rec.Error = err.Error()
		return nil
	}
	defer p.recoverTrial(r, rec, &err)
	if !p.seatAgents(r, index, seed, rec) {
		return nil
	}
	p.pcg.Seed(seed, 0x6b616c61686c6162)
	st := r.newState()
	if err := p.playOut(r, st, rec); err != nil {
		return err
	}
	return p.score(r, st, rec)
}

// recoverTrial, deferred by play, turns a panic (in a hook or an agent) into the
// failure of this game only, or into errStopped when the run was cancelled. The game
// may be left in a bad state (a Lua state mid-call): it is built afresh next time.
func (p *player) recoverTrial(r *cellRunner, rec *Record, err *error) {
	x := recover()
	if x == nil {
		return
	}
	delete(p.cells, r.cell)
	if p.stopped() {
		*err = errStopped
		return
	}
	rec.Error = fmt.Sprintf("panic: %v", x)
	if debugPanics {
		rec.Error += "\n" + string(debug.Stack())
	}
	rec.zeros(r.seats)
	*err = nil
}

// seatAgents seats the trial's agents (p.seats, p.agents; nil for the built-in random
// agent, whose generator is seeded here). False when an agent could not be built: the
// game fails (rec.Error).
func (p *player) seatAgents(r *cellRunner, index int, seed uint64, rec *Record) bool {
	p.seats = p.study.Plan.Seating(r.cell, index, r.seats, p.seats[:0])
	rec.Seats = append(rec.Seats, p.seats...)
	p.agents = p.agents[:0]
	for len(p.fast) < r.seats {
		pcg := rand.NewPCG(0, 0)
		p.fast = append(p.fast, pcg)
		p.fastR = append(p.fastR, rand.New(pcg))
	}
	for s, a := range p.seats {
		if p.study.FastRandom[a] {
			// The random agent, built in: a uniformly random legal move from the
			// seat's own generator, without a second move generation.
			p.fast[s].Seed(plan.AgentSeed(seed, s), 0x72616e646f6d)
			p.agents = append(p.agents, nil)
			continue
		}
		ag, err := p.agent(r, a, plan.AgentSeed(seed, s))
		if err != nil {
			rec.Error = err.Error()
			rec.zeros(r.seats)
			return false
		}
		p.agents = append(p.agents, ag)
	}
	return true
}

// errGameEnds tells playOut that the game ends before the ply: it is over, or failed
// (rec.Error says why).
var errGameEnds = errors.New("the game ends")

// playOut plays the game from st to its end, a timeout or a failure, ply by ply; once
// nothing special can happen any more (built-in random agents only, past the random
// Opening and the pie rule's swap), in playRandom's tight loop. Only a cancelled run
// returns an error.
func (p *player) playOut(r *cellRunner, st core.State, rec *Record) error {
	plan := &p.study.Plan
	allRandom := plan.Epsilon == 0 && !r.evals // the tight loop keeps no evaluations
	for _, ag := range p.agents {
		allRandom = allRandom && ag == nil
	}
	p.sawSecond = false
	p.from = p.from[:0]
	for {
		if allRandom && rec.Decisions >= max(1, plan.RandomOpening) && (p.sawSecond || r.seats < 2) {
			p.playRandom(st, rec, plan.MaxPlies)
			break
		}
		who := st.ToMove()
		if who == core.Terminal {
			break
		}
		if rec.Plies >= plan.MaxPlies {
			rec.TimedOut = true
			break
		}
		m, chooser, err := p.nextMove(r, st, who, rec)
		if err != nil {
			if errors.Is(err, errGameEnds) {
				break
			}
			return err
		}
		st.Play(m)
		rec.Plies++
		if p.log {
			rec.Moves = append(rec.Moves, int(m))
		}
		if r.evals {
			p.keepEval(r, st, who, chooser, rec)
		}
	}
	if len(p.from) > 0 {
		rec.EvalFrom = string(p.from)
	}
	return nil
}

// nextMove returns the move of ply rec.Plies, and the agent that chose it (nil for a
// random move or a chance outcome); errGameEnds when there is none. A decision is
// recorded (the decision and the branching, the opening, the pie rule's swap).
func (p *player) nextMove(r *cellRunner, st core.State, who core.Player, rec *Record) (core.Move, ai.Agent, error) {
	if who == core.Chance {
		p.outs = st.ChanceOutcomes(p.outs[:0])
		if len(p.outs) == 0 {
			rec.Error = fmt.Sprintf("ply %d: a chance node without outcomes", rec.Plies)
			return 0, nil, errGameEnds
		}
		return core.SampleOutcome(p.rng, p.outs), nil, nil
	}
	p.legal = st.LegalMoves(p.legal[:0])
	if len(p.legal) == 0 {
		if st.Err() == nil && st.ToMove() != core.Terminal {
			rec.Error = fmt.Sprintf("ply %d: %v to move has no legal move but the game is not over", rec.Plies, who)
		}
		return 0, nil, errGameEnds
	}
	if int(who) >= len(p.agents) {
		rec.Error = fmt.Sprintf("ply %d: %v to move in a game of %d seats", rec.Plies, who, r.seats)
		return 0, nil, errGameEnds
	}
	rec.Decisions++
	rec.Legal += len(p.legal)
	// The second seat's first decision: a pie-rule swap, if offered.
	offered := who == 1 && !p.sawSecond && p.offersSwap(r, st, rec)
	m, chooser, err := p.choose(st, who, offered, rec)
	if err != nil {
		return 0, nil, err
	}
	if rec.Error != "" {
		return 0, nil, errGameEnds
	}
	if rec.Decisions == 1 {
		rec.Opening = r.opening(st, m, rec.Plies == 0)
	}
	if offered {
		rec.Swapped = r.isSwap(st, m)
	}
	return m, chooser, nil
}

// offersSwap notes the second seat's first decision (p.sawSecond) and reports whether
// one of its legal moves is a pie-rule swap (rec.SwapOffered).
func (p *player) offersSwap(r *cellRunner, st core.State, rec *Record) bool {
	p.sawSecond = true
	for _, l := range p.legal {
		if r.isSwap(st, l) {
			rec.SwapOffered = true
			return true
		}
	}
	return false
}

// choose picks seat who's move among p.legal: the agent's when a swap is offered
// (random moves never decide it: the swap rate is the agents'), else a random move in
// the random opening or with probability epsilon, else the agent's (the built-in
// random agent's from its seat's generator).
func (p *player) choose(st core.State, who core.Player, offered bool, rec *Record) (core.Move, ai.Agent, error) {
	plan := &p.study.Plan
	switch {
	case offered && p.agents[who] != nil:
		m, err := p.agentMove(st, who, rec)
		return m, p.agents[who], err
	case rec.Decisions <= plan.RandomOpening:
		return p.legal[p.rng.IntN(len(p.legal))], nil, nil
	case plan.Epsilon > 0 && p.rng.Float64() < plan.Epsilon:
		return p.legal[p.rng.IntN(len(p.legal))], nil, nil
	case p.agents[who] == nil:
		return p.legal[p.fastR[who].IntN(len(p.legal))], nil, nil
	default:
		m, err := p.agentMove(st, who, rec)
		return m, p.agents[who], err
	}
}

// keepEval keeps the evaluation after the ply that seat who played (record:
// evaluations): the chooser's own, or another source's.
func (p *player) keepEval(r *cellRunner, st core.State, who core.Player, chooser ai.Agent, rec *Record) {
	e, from := evalAfter(st, who, chooser, r.scale)
	rec.Evals = append(rec.Evals, e)
	p.from = append(p.from, from)
}

// score writes the finished game's returns and scores into rec: zeros for a failure or
// a timeout. A game cut short by the run's cancellation is errStopped.
func (p *player) score(r *cellRunner, st core.State, rec *Record) error {
	if p.stopped() {
		// Cut short, or stopped by a hook the cancellation interrupted (State.Err):
		// not a result. The trial is left out of the log, so --resume plays it.
		return errStopped
	}
	if err := st.Err(); err != nil && rec.Error == "" {
		rec.Error = err.Error()
	}
	if rec.Error != "" || rec.TimedOut {
		if rec.Error != "" && r.reset != nil {
			r.reset, r.state = nil, nil
			r.checkReset() // a game stopped by an error: start the next from a fresh state
		}
		rec.zeros(r.seats)
		return nil
	}
	rec.Returns = st.Returns(rec.Returns[:0])
	if sc, ok := st.(core.Scorer); ok {
		rec.Scores = sc.Scores(rec.Scores[:0])
	}
	return nil
}

// playRandom plays a game on to its end with every seat's built-in random agent.
func (p *player) playRandom(st core.State, rec *Record, maxPlies int) {
	// Locals, not fields: no write barrier per ply.
	plies, decisions, legal := rec.Plies, rec.Decisions, rec.Legal
	buf, moves, rngs, log := p.legal[:0], rec.Moves, p.fastR, p.log
	for {
		who := st.ToMove()
		if who < 0 {
			if who == core.Terminal {
				break
			}
		}
		if plies >= maxPlies {
			rec.TimedOut = true
			break
		}
		var m core.Move
		if who == core.Chance {
			p.outs = st.ChanceOutcomes(p.outs[:0])
			if len(p.outs) == 0 {
				rec.Error = fmt.Sprintf("ply %d: a chance node without outcomes", plies)
				break
			}
			m = core.SampleOutcome(p.rng, p.outs)
		} else {
			buf = st.LegalMoves(buf[:0])
			n := len(buf)
			if n == 0 || int(who) >= len(rngs) {
				if st.Err() == nil && st.ToMove() != core.Terminal {
					rec.Error = fmt.Sprintf("ply %d: %v to move has no legal move but the game is not over", plies, who)
				}
				break
			}
			decisions++
			legal += n
			m = buf[rngs[who].IntN(n)]
		}
		st.Play(m)
		plies++
		if log {
			moves = append(moves, int(m))
		}
	}
	p.legal, rec.Moves = buf, moves
	rec.Plies, rec.Decisions, rec.Legal = plies, decisions, legal
}

// stopped reports whether the run was cancelled (without the context's lock).
func (p *player) stopped() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// agentMove asks the agent on seat who for its move; an agent error or an illegal
// move fails the game (rec.Error), a cancelled run returns errStopped.
func (p *player) agentMove(st core.State, who core.Player, rec *Record) (core.Move, error) {
	name := p.study.Plan.Agents[p.seats[who]].String()
	m, err := p.agents[who].SelectMove(p.ctx, st)
	switch {
	case err != nil && p.ctx.Err() != nil:
		return 0, errStopped
	case err != nil:
		rec.Error = fmt.Sprintf("ply %d: %s: %v", rec.Plies, name, err)
	case !contains(p.legal, m):
		rec.Error = fmt.Sprintf("ply %d: %s (%v) chose the illegal move %s", rec.Plies, name, who, st.MoveString(m))
	}
	return m, nil
}

// Opening writes the first decision in notation; at the start position (the same in
// every game) the text is kept per move.
func (r *cellRunner) opening(st core.State, m core.Move, atStart bool) string {
	if !atStart {
		return st.MoveString(m)
	}
	if m >= 0 && m < smallMoves {
		if r.openingsA[m] == "" {
			r.openingsA[m] = st.MoveString(m)
		}
		return r.openingsA[m]
	}
	if s, ok := r.openings[m]; ok {
		return s
	}
	s := st.MoveString(m)
	r.openings[m] = s
	return s
}

// isSwap reports whether m is a pie-rule swap (written "swap"), remembered per move.
func (r *cellRunner) isSwap(st core.State, m core.Move) bool {
	if m >= 0 && m < smallMoves {
		if r.swapsA[m] == 0 {
			r.swapsA[m] = 1
			if st.MoveString(m) == "swap" {
				r.swapsA[m] = 2
			}
		}
		return r.swapsA[m] == 2
	}
	if b, ok := r.swaps[m]; ok {
		return b
	}
	b := st.MoveString(m) == "swap"
	r.swaps[m] = b
	return b
}

// debugPanics adds the stack to a panic's record (for debugging the engine).
var debugPanics = false

// agent returns the agent with index a for a seat of the current trial: a reused agent
// that can be reset, or a new one.
func (p *player) agent(r *cellRunner, a int, seed uint64) (ai.Agent, error) {
	if ag, ok := r.agents[a]; ok {
		ag.(resettableAgent).Reset(seed)
		return ag, nil
	}
	ag, err := ai.New(p.study.Agents[a], seed)
	if err != nil {
		return nil, err
	}
	if _, ok := ag.(resettableAgent); ok && !atLeast(p.seats, a, 2) {
		r.agents[a] = ag
	}
	return ag, nil
}

// atLeast reports whether x occurs at least n times in s (an agent playing two seats of
// one game needs two instances).
func atLeast(s []int, x, n int) bool {
	c := 0
	for _, v := range s {
		if v == x {
			c++
		}
	}
	return c >= n
}

func contains(moves []core.Move, m core.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// appendRecord writes rec as one JSON line (without reflection: the log is written at
// the speed of the games).
func appendRecord(b []byte, rec *Record) []byte {
	b = append(b, `{"trial":`...)
	b = strconv.AppendInt(b, int64(rec.Trial), 10)
	b = append(b, `,"cell":`...)
	b = strconv.AppendInt(b, int64(rec.Cell), 10)
	b = append(b, `,"index":`...)
	b = strconv.AppendInt(b, int64(rec.Index), 10)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, rec.Seed, 10)
	b = append(b, `,"seats":`...)
	b = appendInts(b, rec.Seats)
	if len(rec.Moves) > 0 {
		b = append(b, `,"move_codes":`...)
		b = appendInts(b, rec.Moves)
	}
	b = append(b, `,"returns":`...)
	b = appendFloats(b, rec.Returns)
	if len(rec.Scores) > 0 {
		b = append(b, `,"scores":`...)
		b = appendFloats(b, rec.Scores)
	}
	b = append(b, `,"plies":`...)
	b = strconv.AppendInt(b, int64(rec.Plies), 10)
	b = append(b, `,"timed_out":`...)
	b = strconv.AppendBool(b, rec.TimedOut)
	if rec.Error != "" {
		b = append(b, `,"error":`...)
		b = appendString(b, rec.Error)
	}
	if rec.Opening != "" {
		b = append(b, `,"opening":`...)
		b = appendString(b, rec.Opening)
	}
	if rec.SwapOffered {
		b = append(b, `,"swap_offered":true`...)
	}
	if rec.Swapped {
		b = append(b, `,"swapped":true`...)
	}
	if len(rec.Evals) > 0 {
		b = append(b, `,"evals":`...)
		b = appendInts(b, rec.Evals)
		b = append(b, `,"eval_from":`...)
		b = appendString(b, rec.EvalFrom)
	}
	b = append(b, `,"decisions":`...)
	b = strconv.AppendInt(b, int64(rec.Decisions), 10)
	b = append(b, `,"legal":`...)
	b = strconv.AppendInt(b, int64(rec.Legal), 10)
	return append(b, "}\n"...)
}

func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

func appendFloats(b []byte, xs []float64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			b = strconv.AppendInt(b, int64(x), 10) // returns and scores are mostly whole
		} else {
			b = strconv.AppendFloat(b, x, 'g', -1, 64)
		}
	}
	return append(b, ']')
}

// appendString writes s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
		case c == '\n':
			b = append(b, '\\', 'n')
			i++
		case c == '\t':
			b = append(b, '\\', 't')
			i++
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			i++
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, "\\ufffd"...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
		}
	}
	return append(b, '"')
}
