package pdn

import (
	"fmt"
	"maps"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/record"
)

// Variant is the variant name a game record read from PDN names: the base game, its
// knobs set to the GameType's rules.
const Variant = "checkers"

// Record turns a PDN game into a game record of the checkers base game: its knobs are
// the GameType's rules, its moves and start the game's, its players the White and Black
// tags in seat order (the engine's first mover is seat 1), or "human" where players
// says nothing better (see ToRecord). The result is the position's when the moves end
// the game, else the PDN result (a resignation, an agreed draw); "*" leaves it open.
func (g *Game) Record() (*record.Game, error) {
	return g.ToRecord(nil)
}

// ToRecord is Record with players deciding each seat's player from its tag's name (the
// CLI turns an agent spec such as "alphabeta:depth=8" into that agent, anything else
// into "human"); nil makes every seat "human".
func (g *Game) ToRecord(players func(name string) string) (*record.Game, error) {
	game, err := g.NewGame()
	if err != nil {
		return nil, fmt.Errorf("pdn: %w", err)
	}
	st, err := g.StartState(game)
	if err != nil {
		return nil, fmt.Errorf("pdn: start: %w", err)
	}
	b := newBoard(g.Type, g.Rules.Size)
	rec := &record.Game{
		Variant: Variant, Name: Variant, Knobs: map[string]any(g.Rules.Params()),
		Start: g.Start, Moves: append([]string{}, g.Moves...),
	}
	for c := range 2 {
		p := "human"
		if players != nil {
			p = players(g.Tag(colourName(b.colour(c))))
		}
		rec.Players = append(rec.Players, p)
	}
	var s core.State = st
	for i, text := range g.Moves {
		m, err := core.ParsePlay(s, text)
		if err != nil {
			return nil, fmt.Errorf("pdn: move %d: %w", i+1, err)
		}
		s.Play(m)
	}
	rec.Position = s.String()
	rec.Result = record.ResultOf(s)
	if rec.Result == nil && g.Result != "*" {
		rec.Result = &record.Result{Returns: []float64{0, 0}}
		if g.Result != "1/2-1/2" {
			won := byte('W')
			if g.Result == "0-1" {
				won = 'B'
			}
			c := b.engineColour(won)
			rec.Result.Returns[c], rec.Result.Returns[1-c] = 1, -1
			rec.Result.Winner = c + 1
		}
	}
	return rec, nil
}

// FromRecord turns a game record of checkers into a PDN game: its knobs must be the
// rules of a supported GameType, and its rules must come from no Lua script (PDN cannot
// name them). The players become the White and Black tags, the result the Result tag.
func FromRecord(rec *record.Game) (*Game, error) {
	if rec.Hash != "" || rec.Script != nil || len(rec.HouseRules) > 0 {
		return nil, fmt.Errorf("pdn: %s is defined by Lua scripts, whose rules PDN cannot name: save the game as JSON", variantName(rec))
	}
	r, err := checkers.RulesFrom(core.Params(maps.Clone(rec.Knobs)))
	if err != nil {
		return nil, fmt.Errorf("pdn: %s is not a checkers game (PDN records draughts): %w", variantName(rec), err)
	}
	if len(rec.Players) != 2 {
		return nil, fmt.Errorf("pdn: %d players: checkers has 2", len(rec.Players))
	}
	t, err := TypeOf(r)
	if err != nil {
		return nil, fmt.Errorf("pdn: %w", err)
	}
	g := &Game{Type: t, Rules: r, Start: rec.Start, Moves: append([]string{}, rec.Moves...), Result: "*"}
	b := newBoard(t, r.Size)
	g.SetTag("Event", "kalahlab game")
	for c, p := range rec.Players {
		g.SetTag(colourName(b.colour(c)), p)
	}
	if res := rec.Result; res != nil && res.Error == "" {
		switch {
		case res.Winner == 0:
			g.Result = "1/2-1/2"
		case b.colour(res.Winner-1) == 'W':
			g.Result = "1-0"
		default:
			g.Result = "0-1"
		}
	}
	return g, nil
}

func variantName(rec *record.Game) string {
	if rec.Name != "" {
		return rec.Name
	}
	return rec.Variant
}
