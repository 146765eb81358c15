package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/variants"
)

// game is a game on the Play page: the variant, the seats, the moves so far with a
// redo stack, and what the page says about it (the last hint, the last message).
type game struct {
	variant *variants.Variant
	lookup  string         // what the variant was found by, as a record stores it
	script  *record.Script // the script of a tried rule (nil for a registry variant)
	g       core.Game
	state   core.State
	prev    core.State // the position before the last move (nil at the start)
	seats   []seat.Player
	players []string // the seats' specs as the form gave them ("hard", "human", ...), for the next game's form
	seed    uint64
	rng     *rand.Rand // chance outcomes
	// start is the position the game started from when it was set up (the editor's
	// "play from here", a record's start), "" for the game's own start; startState
	// is its reading.
	start      string
	startState core.State

	history []ply
	redo    []ply

	paused bool
	paceMS int
	hint   string
	msg    string // the last thing that went wrong (shown once)
}

// ply is one move played: who played it (Chance for a roll) and its notation.
type ply struct {
	m     core.Move
	who   core.Player
	text  string
	words string // what the move did, where the game traces its moves ("" else)
}

// newGame starts a game of v on players (one spec per seat), seeded with seed. ctx
// interrupts the game's Lua code (the session's).
func newGame(ctx context.Context, v *variants.Variant, lookup string, players []string, seed uint64) (*game, error) {
	g, err := v.NewGameContext(ctx)
	if err != nil {
		return nil, err
	}
	n := g.NumPlayers()
	if len(players) != n {
		return nil, badRequest{fmt.Errorf("%s has %d seats, but %d players were given", v.Name, n, len(players))}
	}
	gm := &game{variant: v, lookup: lookup, g: g, state: g.NewState(), seed: seed, paceMS: 500, players: players,
		rng: rand.New(rand.NewPCG(seed, 0x6b616c6168))}
	specs := make([]ai.Spec, n)
	for i, text := range players {
		if specs[i], err = ai.ParseSpec(text); err != nil {
			return nil, badRequest{fmt.Errorf("seat %d: %w", i+1, err)}
		}
		if specs[i], err = seat.Expand(specs[i], g); err == nil { // a strangers' server: bounded agents
			specs[i], err = seat.Bound(specs[i], seat.ServerLimits)
		}
		if err != nil {
			return nil, badRequest{fmt.Errorf("seat %d: %w", i+1, err)}
		}
	}
	if gm.seats, err = seat.Build(g, specs, func(i int) uint64 { return seed + uint64(i) }); err != nil {
		return nil, badRequest{err}
	}
	return gm, nil
}

// toMove is the player to move once the state has settled.
func (gm *game) toMove() core.Player {
	if gm.state.ToMove() >= 0 {
		gm.state.LegalMoves(nil) // a Lua game may end in its legal-move hook
	}
	return gm.state.ToMove()
}

// humanToMove reports whether a person is to move.
func (gm *game) humanToMove() bool {
	p := gm.toMove()
	return p >= 0 && gm.seats[p].Human()
}

// auto reports whether the page should let the next move happen by itself: an agent
// or the dice are to move and the game is not paused.
func (gm *game) auto() bool {
	p := gm.toMove()
	return !gm.paused && (p == core.Chance || p >= 0 && !gm.seats[p].Human())
}

// play plays m (legal) for the player to move and keeps it in the history.
func (gm *game) play(m core.Move) {
	who := gm.state.ToMove()
	text, words := gm.state.MoveString(m), moveWords(gm.state, m)
	gm.prev = gm.state.Clone()
	gm.state.Play(m)
	gm.history = append(gm.history, ply{m: m, who: who, text: text, words: words})
	gm.hint = ""
}

// move plays a person's move given in the game's notation.
func (gm *game) move(text string) error {
	p := gm.toMove()
	switch {
	case p == core.Terminal:
		return errors.New("the game is over: start a new one, or undo")
	case p == core.Chance:
		return errors.New("a die roll is due: let the dice roll first")
	case !gm.seats[p].Human():
		return fmt.Errorf("it is %v's turn, played by %s", p, gm.seats[p].Spec)
	}
	m, err := core.ParsePlay(gm.state, text)
	if err != nil {
		return err
	}
	gm.redo = gm.redo[:0]
	gm.play(m)
	return nil
}

// step lets the dice or the agent to move play one move; it does nothing when a person
// is to move or the game is over. ctx bounds the agent's search.
func (gm *game) step(ctx context.Context) error {
	p := gm.toMove()
	switch {
	case p == core.Terminal:
		return nil
	case p == core.Chance:
		gm.redo = gm.redo[:0]
		gm.play(core.SampleOutcome(gm.rng, gm.state.ChanceOutcomes(nil)))
		return nil
	case gm.seats[p].Human():
		return nil
	}
	m, err := gm.seats[p].Agent.SelectMove(ctx, gm.state)
	if err != nil {
		if e := gm.state.Err(); e != nil {
			return fmt.Errorf("the game was stopped by an error: %w", e)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%v (%s) ran out of time: %w", p, gm.seats[p].Spec, ctx.Err())
		}
		return fmt.Errorf("%v (%s): %w", p, gm.seats[p].Spec, err)
	}
	gm.redo = gm.redo[:0]
	gm.play(m)
	return nil
}

// allAgents reports whether no person plays.
func (gm *game) allAgents() bool { return seat.AllAgents(gm.seats) }

// undo takes back moves until a person is to move again (so against an agent it also
// takes back the agent's reply and the dice); with agents only, one move. It pauses the
// game, so that agents do not play straight on.
func (gm *game) undo() bool {
	personToMove := func(undone ply) bool {
		return gm.allAgents() || undone.who >= 0 && gm.seats[undone.who].Human()
	}
	if !seat.Undo(&gm.history, &gm.redo, personToMove) {
		return false
	}
	gm.rebuild()
	if gm.allAgents() {
		gm.paused = true
	}
	return true
}

// redoMove plays taken-back moves again until a person is to move (one move with
// agents only).
func (gm *game) redoMove() bool {
	return seat.Redo(&gm.redo, func(next ply) bool {
		gm.play(next.m)
		return gm.allAgents() || gm.humanToMove()
	})
}

// setStart makes the game start from a set-up position, read by the game's own
// parser; it is called before any move.
func (gm *game) setStart(pos string) error {
	st, err := gm.g.ParseState(pos)
	if err != nil {
		return badRequest{fmt.Errorf("the start position: %w", err)}
	}
	if err := st.Err(); err != nil {
		return badRequest{fmt.Errorf("the start position stops the game: %w", err)}
	}
	gm.start, gm.startState, gm.state = st.String(), st, st.Clone()
	return nil
}

// newStart is a fresh copy of the position the game starts from.
func (gm *game) newStart() core.State {
	if gm.startState != nil {
		return gm.startState.Clone()
	}
	return gm.g.NewState()
}

// rebuild replays the history from the start (after an undo).
func (gm *game) rebuild() {
	st := gm.newStart()
	gm.prev = nil
	for i, h := range gm.history {
		if i == len(gm.history)-1 {
			gm.prev = st.Clone()
		}
		st.Play(h.m)
	}
	gm.state = st
	gm.hint = ""
}

// stateAt is the position after the first n moves (0: the start) and the position
// before it (nil at the start).
func (gm *game) stateAt(n int) (st, prev core.State) {
	st = gm.newStart()
	for _, h := range gm.history[:n] {
		prev = st.Clone()
		st.Play(h.m)
	}
	return st, prev
}

// last is the last move played (ok false at the start).
func (gm *game) last() (core.Move, bool) {
	if len(gm.history) == 0 {
		return 0, false
	}
	return gm.history[len(gm.history)-1].m, true
}

// status says whose turn it is or how the game ended.
func (gm *game) status() string {
	if err := gm.state.Err(); err != nil {
		return "Game stopped by an error: " + err.Error()
	}
	switch p := gm.toMove(); p {
	case core.Terminal:
		ret := gm.state.Returns(nil)
		w := core.Winners(ret)
		res := "a draw"
		if len(w) == 1 {
			res = fmt.Sprintf("%v (%s) wins", w[0], gm.seats[w[0]].Spec)
		}
		if sc, ok := gm.state.(core.Scorer); ok {
			var parts []string
			for _, x := range sc.Scores(nil) {
				parts = append(parts, fmt.Sprint(x))
			}
			res += " (score " + strings.Join(parts, "–") + ")"
		}
		return "Game over: " + res + "."
	case core.Chance:
		who := ""
		if mv, ok := gm.state.(interface{ Mover() int }); ok {
			who = fmt.Sprintf("seat %d ", mv.Mover()+1)
		}
		return "A die roll is due: " + who + "rolls next."
	default:
		if gm.seats[p].Human() {
			return fmt.Sprintf("%v to move (you): click a highlighted move.", p)
		}
		return fmt.Sprintf("%v to move (%s).", p, gm.seats[p].Spec)
	}
}

// hintFor asks an agent what it would play and explains its evaluation in words.
func (gm *game) hintFor(ctx context.Context) (string, error) {
	p := gm.toMove()
	if p < 0 {
		return "", errors.New("a hint is for a player to move: the game is over or the dice are due")
	}
	spec := seat.HintSpec(gm.g)
	ag, err := ai.New(spec, gm.seed)
	if err != nil {
		return "", err
	}
	m, err := ag.SelectMove(ctx, gm.state.Clone())
	if err != nil {
		return "", fmt.Errorf("hint: %w", err)
	}
	msg := fmt.Sprintf("Hint for %v: play %s (%s).", p, gm.state.MoveString(m), spec)
	if ex, ok := ag.(ai.Explainer); ok {
		msg += " " + seat.Explain(ex.LastSearch(), spec.Agent, p, seat.Units(gm.variant.Base))
	}
	return msg, nil
}

// record describes the game as a game record (core/record).
func (gm *game) record() (*record.Game, error) {
	v := gm.variant
	rec := &record.Game{
		Variant: gm.lookup, Name: v.Name, Hash: v.Hash, Knobs: map[string]any{}, Seed: gm.seed,
		Position: gm.state.String(), Result: record.ResultOf(gm.state), Script: gm.script,
		Start: gm.start,
	}
	for k, val := range v.Params {
		rec.Knobs[k] = val
	}
	for _, s := range gm.seats {
		rec.Players = append(rec.Players, s.Spec.String())
	}
	for _, h := range gm.history {
		rec.Moves = append(rec.Moves, h.text)
	}
	return rec, nil
}

// restore plays a record's moves in gm (a new game of the record's variant).
func (gm *game) restore(rec *record.Game) error {
	if rec.Start != "" {
		if err := gm.setStart(rec.Start); err != nil {
			return err
		}
	}
	_, moves, err := rec.Replay(gm.g)
	if err != nil {
		return badRequest{err}
	}
	for _, m := range moves {
		gm.play(m)
	}
	return nil
}
