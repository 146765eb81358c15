// Package ludo implements Ludo for 2 to 4 players, with the rule knobs that Ludo
// variants turn and special fields (stars, globes, custom kinds with a hook).
//
// # Rules (the defaults, variant "ludo")
//
// Each player has tokens [4] that start in the player's yard. Players take turns
// clockwise, seat 1 first; a turn starts with a roll of one die [6 sides]. Every roll is
// a chance node, so a game replays exactly from its seed and search can reason about
// rolls. With the roll the player moves one token:
//
//   - a token in the yard leaves it onto the player's start square on a roll in enter_on
//     [6]; the whole roll is used up;
//   - a token on the board moves forward by the roll along the common track (52 squares
//     around the board) and then up the player's own home column (5 squares) to the goal.
//     A token visits 51 squares of the common track (its start square to the square of
//     the track where its home column branches off) before it turns into its home column.
//     It reaches the goal only with the exact roll [finish: exact];
//   - landing on a square held by a single token of an opponent sends that token back to
//     its yard, unless the square is safe (a globe). Tokens of the same player stack
//     [own_token: stack]; landing on two or more tokens of one opponent captures one of
//     them [doubled_enemy: capture_one];
//   - landing on a star (a field with a jump) moves the token on to the next star along
//     its way (the jump does not chain into another jump; a jump never takes a token past
//     its own part of the track);
//   - a roll in extra_roll_on [6] gives the player another roll (also when the roll could
//     not be used);
//   - a player who cannot use the roll passes, and must move when any move is legal.
//
// The first player with all tokens at the goal wins. The default board carries the
// stars and globes of DefaultFields.
//
// # Parameters (knobs), defaults in brackets
//
//   - players [4]: 2..4. Two players sit on opposite corners (colours red and yellow),
//     three on red, green and yellow.
//   - tokens [4]: tokens per player, 1..6.
//   - die_sides [6]: the die has faces 1..die_sides, 2..6.
//   - enter_on [6]: the faces that bring a token out of the yard, written as the digits
//     of one number so that it reads the same in YAML, Lua and --set: 6 is "on a six",
//     56 is "on a five or a six", 123456 is "on any roll". Each digit is a face 1..die_sides.
//   - six_must_enter [false]: true: a roll in enter_on must bring a token out of the yard
//     when one can come out.
//   - extra_roll_on [6]: the faces that give another roll, as digits like enter_on; 0 is
//     none.
//   - three_sixes_forfeit [false]: true: the third roll in extra_roll_on in a row within
//     one turn is forfeit: it is not played, and the turn passes to the next player.
//   - yard_tries [1]: rolls a player may make per turn while none of its tokens is on the
//     track or in its home column (all are in the yard or at the goal), 1..6; a roll that
//     can be used ends the tries.
//   - track_length [52]: squares of the common track, 8..80.
//   - home_length [5]: squares of each home column, 0..12 (0: a token goes from the last
//     square of its track straight to the goal).
//   - finish [exact]: exact needs the exact roll to reach the goal; bounce lets a token
//     move on with a larger roll, coming back from the goal by the excess pips.
//   - own_token [stack]: what landing on one's own token does. stack: the tokens share
//     the square. next_square: the token goes on to the next square along its way not
//     held by one of its own tokens (the goal always has room). block: the tokens share
//     the square, and two or more tokens of one player on a track square form a wall that
//     opponents can neither pass nor land on (a jump passes over walls; a jump onto a wall
//     does not happen and the token stays on its star).
//   - doubled_enemy [capture_one]: landing on two or more tokens of one opponent on a
//     square that is not safe for them: capture_one sends one of them to its yard;
//     sends_mover_home sends the moving token to its own yard instead.
//   - play_to_end [false]: true: the game goes on after the first player finishes, until
//     every player but one has finished; the returns then reflect the ranks.
//   - max_plies [0]: the game ends after this many plies (0: no limit); for boards and
//     hooks under which a game might never end. Unfinished players then share the
//     remaining places (see Returns).
//
// # Special fields
//
// Rules.Fields lists kinds of special squares (Field): a kind name and its track cells,
// counted 1..track_length from player 1's start square (cell 1) in the direction of
// play, with its behaviour as data: Jump ("next_star", or "goal_after_last", the Danish
// star: like next_star, but the last star of a player's way jumps to the goal) and Safe
// (no capture on it; SafeExceptOthersStart: the Danish globe, safe except that a token
// standing on another player's start square can be captured there). A kind with neither
// is a custom kind: Hooks.OnLand is called when a token lands on it and decides what
// happens (a trap, say), through the view methods of State (see view.go).
//
// DefaultFields is the layout of the default board (cells for track_length 52): a globe
// on each player's start square (cells 1, 14, 27, 40) and on the eighth square after it
// (9, 22, 35, 48); stars on the fifth square after each start, the last square of an arm
// before the track turns (5, 18, 31, 44), and on the tip of each arm, where a home column
// branches off (12, 25, 38, 51). Its stars jump to the next star; DanishFields has the
// Danish behaviour (the last star before a player's home
// column jumps to the goal; globes do not protect on other players' start squares).
// RulesFrom scales the same layout to other track lengths (DefaultFieldsFor).
//
// # Board and indexing
//
// A token's place is its progress along its own way: 0 is the yard, 1 is its start
// square, 1..track_length-1 the common track, track_length..track_length+home_length-1
// its home column, and track_length+home_length the goal. Track squares are indexed
// 0..track_length-1 in the direction of play from player 1's start square (Lua and the
// fields count them from 1); player i's start square is square i*track_length/4 of the
// four seats of the board (players 2: seats 1 and 3 of the board).
//
// The drawing (Board) is data a variant may replace: a grid, its excluded cells, the
// track's cells as grid coordinates, each seat's start square, home column, goal and yard
// cells. The default is the standard cross-shaped 15x15 board (CrossBoard); other track
// lengths of the form 8a+4 get a cross of arm length a, and anything else is drawn as a
// list.
//
// # Moves and notation
//
// At a chance node the moves are the die faces: Move(f) for face f, written "6" (ParseMove
// also reads "roll 6" and "r6"). At a player's decision the moves are the mover's tokens:
// Token(k) = TokenBase+k, written with the token's letter "a", "b", ... (any case). The
// codes of the two kinds are disjoint, so a move reads and writes the same in any
// position. A player who cannot use a roll passes without a decision node: the next node
// is the next roll (of the same player after an extra roll or a yard try). Tokens of one
// player with the same progress are interchangeable: only the first of them (in letter
// order) is offered, so equal positions are not reached twice.
//
// The position string lists each player's colour letter (R, G, Y, B) and the progress of
// its tokens, then the player to move followed by "?" when a roll is due or by the
// pending roll when a token must be chosen ("-" once over), then optional fields: sixes=N
// (with three_sixes_forfeit: rolls in extra_roll_on so far this turn), tries=N (failed
// yard tries so far this turn), ranks=G,R (the finishing order, with play_to_end or when
// a hook finished several players at once), ply=N (with max_plies):
//
//	R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?
//	R:1,0,0,0 Y:30,57,0,12 Y6
//	R:57,57,57,57 G:57,57,57,57 Y:10,0,0,0 B:3,20,0,0 B? ranks=G,R
//
// # Returns
//
// Without play_to_end the winner gets 1 and each other player -1/(players-1) (the
// returns sum to zero). With play_to_end the k-th placed player (k = 0 first) gets
// 1 - 2k/(players-1): 1 for the first, -1 for the last. A game ended by max_plies gives
// the finished players their places and the unfinished ones the mean of the places left
// (0 each without play_to_end). A game stopped by a hook error returns 0 for everyone.
package ludo

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// Limits of the rules.
const (
	MaxPlayers = 4  // seats
	maxTokens  = 6  // tokens per player
	maxDie     = 6  // die sides
	MaxTrack   = 80 // squares of the common track
	minTrack   = 8
	maxHome    = 12 // squares of a home column
	maxProg    = MaxTrack + maxHome
	maxPlies   = 1_000_000
)

// TokenBase is the code of the first token's move: token k moves with Move(TokenBase+k).
// Die faces are Move(1)..Move(die_sides).
const TokenBase core.Move = 16

// Roll returns the chance move of die face f.
func Roll(face int) core.Move { return core.Move(face) }

// Token returns the move of the mover's token k (0-based).
func Token(k int) core.Move { return TokenBase + core.Move(k) }

// Faces is a set of die faces: bit f is set for face f.
type Faces uint16

// FacesOf returns the set of the given faces.
func FacesOf(faces ...int) Faces {
	var f Faces
	for _, x := range faces {
		if x >= 1 && x <= 15 {
			f |= 1 << x
		}
	}
	return f
}

// Has reports whether face is in the set.
func (f Faces) Has(face int) bool { return face >= 0 && face < 16 && f&(1<<face) != 0 }

// Digits writes the set as the knob value: the faces as the digits of one number,
// ascending (0 for the empty set).
func (f Faces) Digits() int {
	n := 0
	for x := 1; x <= 9; x++ {
		if f.Has(x) {
			n = 10*n + x
		}
	}
	return n
}

// String writes the faces as a comma list ("5,6"), or "none".
func (f Faces) String() string {
	var parts []string
	for x := 1; x < 16; x++ {
		if f.Has(x) {
			parts = append(parts, strconv.Itoa(x))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// facesFromDigits reads a knob value: each decimal digit of n is a face 1..sides, each
// at most once (0 is the empty set).
func facesFromDigits(n, sides int) (Faces, error) {
	if n < 0 {
		return 0, fmt.Errorf("%d: want the faces as digits, e.g. 6 or 56", n)
	}
	var f Faces
	for m := n; m > 0; m /= 10 {
		d := m % 10
		switch {
		case d == 0 || d > sides:
			return 0, fmt.Errorf("%d: digit %d is not a face of a %d-sided die (write the faces as digits, e.g. 6 or 56)", n, d, sides)
		case f.Has(d):
			return 0, fmt.Errorf("%d: face %d twice", n, d)
		}
		f |= 1 << d
	}
	return f, nil
}

// Finish says how a token reaches the goal.
type Finish uint8

// The finish rules.
const (
	Exact  Finish = iota // only the exact roll reaches the goal
	Bounce               // excess pips bounce back from the goal
)

// OwnToken says what landing on one's own token does.
type OwnToken uint8

// The own-token rules.
const (
	Stack      OwnToken = iota // the tokens share the square
	NextSquare                 // the token goes on to the next square free of own tokens
	Block                      // the tokens share the square and form a wall
)

// DoubledEnemy says what landing on two or more tokens of one opponent does.
type DoubledEnemy uint8

// The doubled-enemy rules.
const (
	CaptureOne     DoubledEnemy = iota // one of them goes to its yard
	SendsMoverHome                     // the moving token goes to its yard
)

var (
	finishNames   = []string{"exact", "bounce"}
	ownTokenNames = []string{"stack", "next_square", "block"}
	doubledNames  = []string{"capture_one", "sends_mover_home"}
)

// String names the rule as the knob does.
func (f Finish) String() string { return nameOf(finishNames, int(f)) }

// String names the rule as the knob does.
func (o OwnToken) String() string { return nameOf(ownTokenNames, int(o)) }

// String names the rule as the knob does.
func (d DoubledEnemy) String() string { return nameOf(doubledNames, int(d)) }

func nameOf(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return strconv.Itoa(i)
}

// Rules holds every knob of the game, the special fields, the board drawing and the
// hooks. Use DefaultRules or RulesFrom, then New.
type Rules struct {
	Players           int          // players
	Tokens            int          // tokens
	DieSides          int          // die_sides
	EnterOn           Faces        // enter_on
	SixMustEnter      bool         // six_must_enter
	ExtraRollOn       Faces        // extra_roll_on
	ThreeSixesForfeit bool         // three_sixes_forfeit
	YardTries         int          // yard_tries
	TrackLength       int          // track_length
	HomeLength        int          // home_length
	Finish            Finish       // finish
	OwnToken          OwnToken     // own_token
	DoubledEnemy      DoubledEnemy // doubled_enemy
	PlayToEnd         bool         // play_to_end
	MaxPlies          int          // max_plies (0: no limit)
	// Fields are the special squares (nil or empty: none).
	Fields []Field
	// Board is the drawing; nil derives it from the track and home lengths (see
	// CrossBoard). A board also places the start squares.
	Board *Board
	// Hooks change the rules where data cannot; nil keeps the built-in rule. The variants
	// package fills them with Lua functions: core never knows.
	Hooks Hooks
}

// Hooks are the points where a variant adds behaviour. Tokens, seats and cells are 0-based
// in Go (Lua sees them from 1). A hook may change the position only through the view
// methods of State (SendHome, MoveBy); afterwards the engine checks the position (every
// token accounted for, no two players' tokens on a square that is not safe). A hook error
// stops the game (State.Err).
type Hooks struct {
	// OnLand is called when token (of the mover, State.Mover) ends a move on a track
	// square of a custom field kind (one with no jump and not safe); cell is the track
	// square (0-based; the field lists it as cell+1) and kind the field's kind. It runs
	// after the move's captures and before the turn goes on. State.Roll is the roll
	// played.
	OnLand func(s *State, token, cell int, kind string) error
}

// Any reports whether any hook is set.
func (h Hooks) Any() bool { return h.OnLand != nil }

// DefaultRules returns the rules of the base game "ludo": standard Ludo with the stars
// and globes of DefaultFields.
func DefaultRules() Rules {
	return Rules{
		Players: 4, Tokens: 4, DieSides: 6,
		EnterOn: FacesOf(6), ExtraRollOn: FacesOf(6), YardTries: 1,
		TrackLength: 52, HomeLength: 5,
		Fields: DefaultFields(),
	}
}

// specs describes the knobs for validation, docs and `variants show`.
func specs() []core.ParamSpec {
	d := DefaultRules()
	return []core.ParamSpec{
		{Name: "players", Kind: core.Int, Default: d.Players, Min: 2, Max: MaxPlayers, Doc: "number of players"},
		{Name: "tokens", Kind: core.Int, Default: d.Tokens, Min: 1, Max: maxTokens, Doc: "tokens per player"},
		{Name: "die_sides", Kind: core.Int, Default: d.DieSides, Min: 2, Max: maxDie, Doc: "faces of the die"},
		{Name: "enter_on", Kind: core.Int, Default: d.EnterOn.Digits(), Min: 1, Max: 123456, Doc: "faces that bring a token out of the yard, as digits: 6, or 56 for a five or a six"},
		{Name: "six_must_enter", Kind: core.Bool, Default: d.SixMustEnter, Doc: "a roll in enter_on must bring a token out when one can come out"},
		{Name: "extra_roll_on", Kind: core.Int, Default: d.ExtraRollOn.Digits(), Min: 0, Max: 123456, Doc: "faces that give another roll, as digits (0: none)"},
		{Name: "three_sixes_forfeit", Kind: core.Bool, Default: d.ThreeSixesForfeit, Doc: "the third extra-roll face in a row in one turn is forfeit and ends the turn"},
		{Name: "yard_tries", Kind: core.Int, Default: d.YardTries, Min: 1, Max: 6, Doc: "rolls per turn while no token is on the board"},
		{Name: "track_length", Kind: core.Int, Default: d.TrackLength, Min: minTrack, Max: MaxTrack, Doc: "squares of the common track"},
		{Name: "home_length", Kind: core.Int, Default: d.HomeLength, Min: 0, Max: maxHome, Doc: "squares of each home column"},
		{Name: "finish", Kind: core.Enum, Default: d.Finish.String(), Choices: finishNames, Doc: "exact: the exact roll reaches the goal; bounce: excess pips bounce back"},
		{Name: "own_token", Kind: core.Enum, Default: d.OwnToken.String(), Choices: ownTokenNames, Doc: "landing on one's own token: stack, go on to the next free square, or stack into a wall"},
		{Name: "doubled_enemy", Kind: core.Enum, Default: d.DoubledEnemy.String(), Choices: doubledNames, Doc: "landing on two tokens of one opponent: capture one, or the mover goes home"},
		{Name: "play_to_end", Kind: core.Bool, Default: d.PlayToEnd, Doc: "play on until every player is ranked"},
		{Name: "max_plies", Kind: core.Int, Default: d.MaxPlies, Min: 0, Max: maxPlies, Doc: "the game ends after this many plies (0: no limit)"},
	}
}

// Params returns the knob values of r.
func (r Rules) Params() core.Params {
	return core.Params{
		"players": r.Players, "tokens": r.Tokens, "die_sides": r.DieSides,
		"enter_on": r.EnterOn.Digits(), "six_must_enter": r.SixMustEnter,
		"extra_roll_on": r.ExtraRollOn.Digits(), "three_sixes_forfeit": r.ThreeSixesForfeit,
		"yard_tries": r.YardTries, "track_length": r.TrackLength, "home_length": r.HomeLength,
		"finish": r.Finish.String(), "own_token": r.OwnToken.String(),
		"doubled_enemy": r.DoubledEnemy.String(), "play_to_end": r.PlayToEnd,
		"max_plies": r.MaxPlies,
	}
}

// RulesFrom builds rules from knob values; missing knobs keep their defaults. The fields
// are the default layout scaled to the track length (DefaultFieldsFor).
func RulesFrom(p core.Params) (Rules, error) {
	full, err := core.Apply(specs(), core.Defaults(specs()), p)
	if err != nil {
		return Rules{}, fmt.Errorf("ludo: %w", err)
	}
	r := Rules{
		Players:           full.Int("players"),
		Tokens:            full.Int("tokens"),
		DieSides:          full.Int("die_sides"),
		SixMustEnter:      full.Bool("six_must_enter"),
		ThreeSixesForfeit: full.Bool("three_sixes_forfeit"),
		YardTries:         full.Int("yard_tries"),
		TrackLength:       full.Int("track_length"),
		HomeLength:        full.Int("home_length"),
		PlayToEnd:         full.Bool("play_to_end"),
		MaxPlies:          full.Int("max_plies"),
	}
	if r.EnterOn, err = facesFromDigits(full.Int("enter_on"), r.DieSides); err != nil {
		return Rules{}, fmt.Errorf("ludo: param %q: %w", "enter_on", err)
	}
	if r.ExtraRollOn, err = facesFromDigits(full.Int("extra_roll_on"), r.DieSides); err != nil {
		return Rules{}, fmt.Errorf("ludo: param %q: %w", "extra_roll_on", err)
	}
	r.Finish = Finish(indexOf(finishNames, full.String("finish")))
	r.OwnToken = OwnToken(indexOf(ownTokenNames, full.String("own_token")))
	r.DoubledEnemy = DoubledEnemy(indexOf(doubledNames, full.String("doubled_enemy")))
	r.Fields = DefaultFieldsFor(r.TrackLength)
	return r, r.Validate()
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return 0
}

// Validate checks the knobs, fields and board together.
func (r Rules) Validate() error {
	switch {
	case r.Players < 2 || r.Players > MaxPlayers:
		return fmt.Errorf("ludo: players %d out of range 2..%d", r.Players, MaxPlayers)
	case r.Tokens < 1 || r.Tokens > maxTokens:
		return fmt.Errorf("ludo: tokens %d out of range 1..%d", r.Tokens, maxTokens)
	case r.DieSides < 2 || r.DieSides > maxDie:
		return fmt.Errorf("ludo: die_sides %d out of range 2..%d", r.DieSides, maxDie)
	case r.EnterOn == 0:
		return fmt.Errorf("ludo: enter_on is empty: no token could leave the yard")
	case r.EnterOn>>(r.DieSides+1) != 0 || r.EnterOn&1 != 0:
		return fmt.Errorf("ludo: enter_on %s: faces must be 1..%d", r.EnterOn, r.DieSides)
	case r.ExtraRollOn>>(r.DieSides+1) != 0 || r.ExtraRollOn&1 != 0:
		return fmt.Errorf("ludo: extra_roll_on %s: faces must be 1..%d", r.ExtraRollOn, r.DieSides)
	case bits.OnesCount16(uint16(r.ExtraRollOn)) == r.DieSides && !r.ThreeSixesForfeit:
		return fmt.Errorf("ludo: extra_roll_on %s is every face: a turn would never end", r.ExtraRollOn)
	case r.YardTries < 1 || r.YardTries > 6:
		return fmt.Errorf("ludo: yard_tries %d out of range 1..6", r.YardTries)
	case r.TrackLength < minTrack || r.TrackLength > MaxTrack:
		return fmt.Errorf("ludo: track_length %d out of range %d..%d", r.TrackLength, minTrack, MaxTrack)
	case r.HomeLength < 0 || r.HomeLength > maxHome:
		return fmt.Errorf("ludo: home_length %d out of range 0..%d", r.HomeLength, maxHome)
	case r.TrackLength+r.HomeLength < 2*r.DieSides:
		return fmt.Errorf("ludo: track_length %d + home_length %d: want at least twice die_sides (%d)", r.TrackLength, r.HomeLength, 2*r.DieSides)
	case r.Finish > Bounce:
		return fmt.Errorf("ludo: finish %d unknown (want exact or bounce)", r.Finish)
	case r.OwnToken > Block:
		return fmt.Errorf("ludo: own_token %d unknown (want stack, next_square or block)", r.OwnToken)
	case r.DoubledEnemy > SendsMoverHome:
		return fmt.Errorf("ludo: doubled_enemy %d unknown (want capture_one or sends_mover_home)", r.DoubledEnemy)
	case r.MaxPlies < 0 || r.MaxPlies > maxPlies:
		return fmt.Errorf("ludo: max_plies %d out of range 0..%d (0: no limit)", r.MaxPlies, maxPlies)
	}
	if err := validateFields(r.Fields, r.TrackLength, r.Hooks.OnLand != nil); err != nil {
		return fmt.Errorf("ludo: %w", err)
	}
	if r.Board != nil {
		if err := r.Board.validate(r); err != nil {
			return fmt.Errorf("ludo: board: %w", err)
		}
	}
	return nil
}

// Def registers Ludo as a base game.
var Def = core.Def{
	Name:    "ludo",
	Summary: "Ludo: 2-4 players, four tokens each, a six to come out and roll again, captures, stars and globes",
	Params:  specs(),
	New:     core.Constructor(RulesFrom, New),
}

// Game is Ludo with a fixed set of rules. It is immutable; when its hooks are bound to a
// Lua state it belongs to that state's goroutine.
type Game struct {
	name    string
	r       Rules
	n       int // players
	tokens  int
	sides   int
	track   int // L
	goal    int // L + H: the goal's progress
	board   *Board
	slots   int               // seats of the board (colours)
	slotOf  [MaxPlayers]uint8 // board seat (colour) of each player
	enter   uint16            // enter_on as a face mask
	extra   uint16            // extra_roll_on as a face mask
	start   [MaxPlayers]uint8 // each player's start square
	startOf [MaxTrack]int8    // the player whose start square a track square is, or -1
	absOf   [MaxPlayers][MaxTrack]uint8
	// jumpTo[p][rel] is where a token of player p landing on progress rel ends after the
	// square's jump (rel when there is none).
	jumpTo    [MaxPlayers][MaxTrack]uint8
	hasJump   bool
	protect   [MaxTrack]uint8 // bit p: player p's tokens cannot be captured on the square
	safe      [MaxTrack]bool  // the square belongs to a safe field
	field     [MaxTrack]int8  // index into r.Fields, or -1
	custom    [MaxTrack]bool  // the square's field has no built-in behaviour
	hasCustom bool
	block     bool
	nextSq    bool
	hooked    bool
	startPos  position
}

// New returns the game for r, named name.
func New(name string, r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{name: name, r: r, n: r.Players, tokens: r.Tokens, sides: r.DieSides,
		track: r.TrackLength, goal: r.TrackLength + r.HomeLength,
		enter: uint16(r.EnterOn), extra: uint16(r.ExtraRollOn),
		block: r.OwnToken == Block, nextSq: r.OwnToken == NextSquare, hooked: r.Hooks.Any()}
	g.board = r.Board
	if g.board == nil {
		g.board, _ = CrossBoard(r.TrackLength, r.HomeLength)
	}
	starts := []int{0, r.TrackLength / 4, r.TrackLength / 2, 3 * r.TrackLength / 4}
	if g.board != nil {
		starts = g.board.Starts
	}
	g.slots = len(starts)
	for p := 0; p < g.n; p++ {
		g.slotOf[p] = uint8(p)
		if g.n == 2 && g.slots == 4 {
			g.slotOf[p] = uint8(2 * p)
		}
	}
	// Track squares count from player 1's start square.
	base := starts[0]
	for c := range g.startOf {
		g.startOf[c] = -1
	}
	for p := 0; p < g.n; p++ {
		st := (starts[g.slotOf[p]] - base + g.track) % g.track
		g.start[p] = uint8(st)
		g.startOf[st] = int8(p)
		for rel := 1; rel < g.track; rel++ {
			g.absOf[p][rel] = uint8((st + rel - 1) % g.track)
		}
	}
	for c := range g.field {
		g.field[c] = -1
	}
	for i, f := range r.Fields {
		for _, cell := range f.Cells {
			c := cell - 1
			g.field[c] = int8(i)
			switch {
			case f.Safe || f.SafeExceptOthersStart:
				g.safe[c] = true
				for p := 0; p < g.n; p++ {
					if !f.SafeExceptOthersStart || g.startOf[c] < 0 || int(g.startOf[c]) == p {
						g.protect[c] |= 1 << p
					}
				}
			case f.Jump == "":
				g.custom[c] = true
				g.hasCustom = true
			}
		}
	}
	for p := 0; p < g.n; p++ {
		for rel := 1; rel < g.track; rel++ {
			g.jumpTo[p][rel] = uint8(rel)
			fi := g.field[g.absOf[p][rel]]
			if fi < 0 || r.Fields[fi].Jump == "" {
				continue
			}
			g.hasJump = true
			to := rel
			for next := rel + 1; next < g.track; next++ {
				if g.field[g.absOf[p][next]] == fi {
					to = next
					break
				}
			}
			if to == rel && r.Fields[fi].Jump == JumpGoalAfterLast {
				to = g.goal
			}
			g.jumpTo[p][rel] = uint8(to)
		}
	}
	s := &State{g: g}
	s.p.turn = 0
	g.startPos = s.p
	return g, nil
}

// Name is the variant name.
func (g *Game) Name() string { return g.name }

// NumPlayers is the number of players.
func (g *Game) NumPlayers() int { return g.n }

// Rules returns the rules (fields, board and hooks included).
func (g *Game) Rules() Rules { return g.r }

// Board returns the drawing of the board, or nil when the game is drawn as a list.
func (g *Game) Board() *Board { return g.board }

// NewState returns the initial position: every token in its yard, seat 1 to roll.
func (g *Game) NewState() core.State { return g.Start() }

// Start is NewState with the concrete type.
func (g *Game) Start() *State {
	s := &State{g: g}
	s.Reset()
	return s
}

// ParseState reads a position string (see the package doc).
func (g *Game) ParseState(text string) (core.State, error) { return g.Parse(text) }

// colour letters of the board's seats
const colourLetters = "RGYB"

// Letter is player p's colour letter (R, G, Y, B).
func (g *Game) Letter(p int) byte { return colourLetters[g.slotOf[p]] }
