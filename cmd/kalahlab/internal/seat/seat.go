// Package seat seats the players of a game that people play, in the terminal (kalahlab
// play) and in the browser (kalahlab serve's Play page): a person or an agent on each
// seat, the agents built from their specs (ai.Spec) and checked against the game; undo
// and redo, which take moves back to a person's turn and play them again; and the agent
// that answers a person's request for a hint.
//
// Where the specs come from (flags, a config file, a game record, a web form), how the
// agents' seeds derive from the game's, and how moves are kept stay with the callers.
package seat

import (
	"fmt"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
)

// Player is who plays one seat: a person (Agent nil) or an agent.
type Player struct {
	Spec  ai.Spec
	Agent ai.Agent
}

// Human reports whether a person plays the seat.
func (p Player) Human() bool { return p.Agent == nil }

// AllAgents reports whether no person plays.
func AllAgents(players []Player) bool {
	for _, p := range players {
		if p.Human() {
			return false
		}
	}
	return true
}

// Build seats the players that specs name on g, one spec a seat: a person for ai.Human,
// otherwise the agent ai.New makes with seed(i) for seat i (from 0); a preset (easy,
// medium, hard) is first expanded to the spec it stands for on g, which Player.Spec holds. Every agent must be
// able to play g (ai.Supports; g is probed for dice once). An error names the seat, from
// 1: "seat 2: ..." for a spec that makes no agent (checked first, for every seat),
// "seat 2 (alphabeta): agent alphabeta cannot play ludo (dice): ..." for an agent that
// cannot play the game.
func Build(g core.Game, specs []ai.Spec, seed func(i int) uint64) ([]Player, error) {
	players := make([]Player, len(specs))
	var agents []ai.Spec
	for i, spec := range specs {
		spec, err := Expand(spec, g)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		players[i].Spec = spec
		if spec.Agent == ai.Human {
			continue
		}
		ag, err := ai.New(spec, seed(i))
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		players[i].Agent = ag
		agents = append(agents, spec)
	}
	err := ai.SupportsAll(agents, g)
	if err == nil {
		return players, nil
	}
	for i, p := range players { // which seat
		if p.Human() {
			continue
		}
		if err := ai.Supports(p.Spec, g); err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", i+1, p.Spec, err)
		}
	}
	return nil, err // not reached: ai.SupportsAll checks each spec as ai.Supports does
}

// HintSpec is the agent that answers a hint: alpha-beta for two-player games without
// chance, MCTS otherwise; each searches for at most a second.
func HintSpec(g core.Game) ai.Spec {
	if g.NumPlayers() == 2 && !ai.HasChance(g) {
		return ai.Spec{Agent: "alphabeta", Options: map[string]string{"depth": "12", "time": "1s"}}
	}
	return ai.Spec{Agent: "mcts", Options: map[string]string{"iterations": "20000", "time": "1s"}}
}

// Undo takes back played moves, the last first, onto the redo stack until personToMove,
// asked with the move just taken back, says a person is to move again (so against an
// agent it also takes back the agent's replies and the dice). It reports false when
// there was no move to take back.
func Undo[M any](played, redo *[]M, personToMove func(undone M) bool) bool {
	if len(*played) == 0 {
		return false
	}
	for len(*played) > 0 {
		last := (*played)[len(*played)-1]
		*played = (*played)[:len(*played)-1]
		*redo = append(*redo, last)
		if personToMove(last) {
			break
		}
	}
	return true
}

// Redo plays taken-back moves again, the last taken back first, until play (which plays
// one and keeps it among the played moves) says a person is to move. It reports false
// when there was no move to play again.
func Redo[M any](redo *[]M, play func(M) (personToMove bool)) bool {
	if len(*redo) == 0 {
		return false
	}
	for len(*redo) > 0 {
		next := (*redo)[len(*redo)-1]
		*redo = (*redo)[:len(*redo)-1]
		if play(next) {
			break
		}
	}
	return true
}
