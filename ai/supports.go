package ai

import (
	"fmt"
	"math/rand/v2"

	"github.com/kalahlab/kalahlab/core"
)

// Limits says which games an agent can play. Each registered agent declares its limits;
// Supports checks a game against them before the first move, so that a command refuses
// an agent that cannot play at start-up rather than when it first has to move.
type Limits struct {
	MaxPlayers int    // the most seats it handles; 0 for any number
	Chance     bool   // whether it handles chance nodes (dice)
	Use        string // the agent to suggest instead; "" picks one by the game
}

var (
	anyGame                = Limits{Chance: true}
	twoPlayerDeterministic = Limits{MaxPlayers: 2}
)

// String describes the games the limits allow, as error messages show it.
func (l Limits) String() string {
	players := "games of any number of players"
	switch l.MaxPlayers {
	case 0:
	case 1:
		players = "one-player games"
	case 2:
		players = "two-player games"
	default:
		players = fmt.Sprintf("games of up to %d players", l.MaxPlayers)
	}
	if l.Chance {
		return players + ", dice included"
	}
	return players + " without dice (chance nodes)"
}

// LimitsOf returns the limits of a registered agent; false for an unknown name (and for
// human, which plays anything).
func LimitsOf(name string) (Limits, bool) {
	for _, e := range registry {
		if e.name == name {
			return e.limits, true
		}
	}
	return Limits{}, false
}

// ChanceDeclarer is a game that says whether it has chance nodes. HasChance probes the
// games that do not.
type ChanceDeclarer interface {
	HasChance() bool
}

// probeGames and probePlies bound HasChance's probe: a few seeded random playouts.
const (
	probeGames = 8
	probePlies = 200
)

// HasChance reports whether g has chance nodes (dice). A game implementing
// ChanceDeclarer answers itself; otherwise a few seeded random playouts from the start
// look for a chance node (every dice game of kalahlab rolls on its first ply).
func HasChance(g core.Game) bool {
	if d, ok := g.(ChanceDeclarer); ok {
		return d.HasChance()
	}
	r := rand.New(rand.NewPCG(0x6368616e6365, 1))
	var moves []core.Move
	for range probeGames {
		st := g.NewState()
		for range probePlies {
			p := st.ToMove()
			if p == core.Chance {
				return true
			}
			if p == core.Terminal {
				break
			}
			if moves = st.LegalMoves(moves[:0]); len(moves) == 0 {
				break // stopped by an error (a failing hook): nothing more to learn
			}
			st.Play(moves[r.IntN(len(moves))])
		}
	}
	return false
}

// Supports reports whether the agent spec names can play g: nil, or an error saying what
// the agent handles, what the game has, and which agent to use instead. Unknown agents
// (and human) pass: New reports those.
func Supports(spec Spec, g core.Game) error {
	return supports(spec, g, func() bool { return HasChance(g) })
}

// supports is Supports with the dice probe supplied (and asked only when needed).
func supports(spec Spec, g core.Game, chance func() bool) error {
	l, ok := LimitsOf(spec.Agent)
	if !ok {
		return nil
	}
	n := g.NumPlayers()
	tooMany := l.MaxPlayers > 0 && n > l.MaxPlayers
	dice := !l.Chance && chance()
	if !tooMany && !dice {
		return nil
	}
	var has string
	switch {
	case tooMany && dice:
		has = fmt.Sprintf("%d players, dice", n)
	case tooMany:
		has = fmt.Sprintf("%d players", n)
	default:
		has = "dice"
	}
	use := l.Use
	if use == "" {
		switch {
		case n <= 2:
			use = "expectiminimax or mcts"
		case n <= mctsSeats:
			use = "mcts"
		default:
			use = "random or greedy"
		}
	}
	return fmt.Errorf("agent %s cannot play %s (%s): it plays %s; use %s", spec.Agent, g.Name(), has, l, use)
}

// SupportsAll checks every spec against g (as Supports), probing g for dice once.
func SupportsAll(specs []Spec, g core.Game) error {
	probed, dice := false, false
	chance := func() bool {
		if !probed {
			probed, dice = true, HasChance(g)
		}
		return dice
	}
	for _, spec := range specs {
		if err := supports(spec, g, chance); err != nil {
			return err
		}
	}
	return nil
}
