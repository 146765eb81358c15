// Package pdn reads and writes checkers games in PDN, Portable Draughts Notation: the
// text format other draughts programs exchange games in (the PDN 3.0 standard,
// https://pdn.fmjd.org). A PDN file holds games, each a list of tag pairs and then the
// moves:
//
//	[Event "Club match"]
//	[White "Ann"]
//	[Black "Bob"]
//	[Result "1-0"]
//	[GameType "21"]
//
//	1. 11-15 23-19 2. 8-11 22-17 3. 4-8 {the Old Fourteenth} 17-13
//	4. 15-18 24-20 5. 11-15 28-24 ... 1-0
//
// # Rule sets
//
// The GameType tag says which rules a game follows; this package reads and writes the
// ones core/checkers plays with its knobs:
//
//   - 21 English draughts (American checkers): the default, size 8, Black moves first.
//   - 20 International draughts: size 10, man_rows 4, flying_kings,
//     men_capture_backwards, max_capture; White moves first.
//   - 25 Russian draughts: size 8, flying_kings, men_capture_backwards,
//     promotion_ends_move false; White first; algebraic squares (c3-d4, c3:e5).
//   - 26 Brazilian draughts: the International rules on 8x8; White first; algebraic.
//   - 27 Canadian draughts: the International rules on 12x12 (man_rows 5); White first.
//
// The other GameTypes of the standard (Italian 22, pool checkers 23, Spanish 24,
// Portuguese 28, Czech 29, Turkish 30, Thai 31, Frisian 40, ...) are refused by name. A
// GameType may carry the standard's attributes ("20,W,10,10,N2,0"); they must be the
// type's own. The engine ends a capture where a man reaches the far row
// (promotion_ends_move); under International, Brazilian and Canadian rules a man that can
// go on capturing from there passes through uncrowned, so the rare game with such a
// capture reads as illegal.
//
// # Squares and colours
//
// English draughts numbers the squares as core/checkers does: Black, the first mover, on
// 1-12. In the White-first types PDN's first mover is White and starts on the high
// numbers (International: 31-50) or on ranks 1-3 (a1 at its left): PDN's board is the
// engine's turned half a turn, and PDN's White is the engine's Black (seat 1). The
// package maps squares and colours both ways; Game.Moves and Game.Start are in the
// engine's notation, what a game record holds.
//
// # Reading
//
// Tags are [Name "value"] (\" and \\ escape a quote and a backslash). Movetext may hold
// move numbers (12. and 12...), moves ("11-15"; captures with every landing square,
// "9x18x27", or their start and end, "9x27", when only one capture fits), move
// annotations (!, ?, !?), NAGs ($3), comments ({...} and ; to the end of the line),
// variations (( ... ), skipped), escape lines (% in column 1) and a result token (1-0,
// 0-1, 1/2-1/2, *, or International 2-0, 0-2, 1-1), which must agree with the Result
// tag. A FEN tag sets the start position ("W:W18,24,K10:B12,K22", ranges such as
// W31-50 allowed). Every move is played through the rules: an illegal move, an unknown
// tag value, a bad FEN is an *Error with the line and column.
//
// # Writing
//
// Marshal writes the seven tags of PDN's roster (Event, Site, Date, Round, White, Black,
// Result), GameType, SetUp and FEN for a set-up start, then any other tags, then the
// numbered moves, captures as start and end unless two captures share them.
package pdn

import (
	"github.com/kalahlab/kalahlab/core/checkers"
)

// Game is one PDN game.
type Game struct {
	// Tags are the game's tag pairs in order (GameType, FEN and Result included).
	Tags []Tag
	// Type is the rule set (the GameType tag; English draughts without one).
	Type *Type
	// Rules are the checkers knobs the game is played with: the type's, and a game
	// record's draw_moves when written from one.
	Rules checkers.Rules
	// Start is the start position (the FEN tag) as the engine's position string; empty
	// for the usual start.
	Start string
	// Moves are the moves in the engine's notation (square numbers as core/checkers
	// numbers them, captures with every landing square).
	Moves []string
	// Result is "1-0" (White won), "0-1" (Black won), "1/2-1/2" or "*".
	Result string
	// Final is the position after the moves (engine position string); set by Parse.
	Final string
	// Line is where the game starts in the text read; set by Parse.
	Line int
}

// Tag is a tag pair.
type Tag struct {
	Name, Value string
}

// Tag returns the value of the named tag, or "".
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag's value, adding the tag when missing.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// NewGame returns the checkers game the PDN game is played under.
func (g *Game) NewGame() (*checkers.Game, error) {
	return checkers.New("checkers", g.Rules)
}

// StartState returns the game's start position.
func (g *Game) StartState(game *checkers.Game) (*checkers.State, error) {
	if g.Start == "" {
		return game.Start(), nil
	}
	return game.Parse(g.Start)
}
