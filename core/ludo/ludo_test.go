package ludo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
)

func newGame(t testing.TB, p core.Params) *Game {
	t.Helper()
	r, err := RulesFrom(p)
	require.NoError(t, err)
	g, err := New("ludo", r)
	require.NoError(t, err)
	return g
}

// gameWith builds a game from knobs, then lets edit change the rules (fields, hooks).
func gameWith(t testing.TB, p core.Params, edit func(*Rules)) *Game {
	t.Helper()
	r, err := RulesFrom(p)
	require.NoError(t, err)
	if edit != nil {
		edit(&r)
	}
	g, err := New("ludo", r)
	require.NoError(t, err)
	return g
}

// invariant is the Ludo invariant: every player's tokens are all accounted for (yard +
// track + home column + goal = tokens), the board's counts match the tokens' places, and
// players share only squares where the rules allow it.
func invariant(st core.State) error {
	s := st.(*State)
	for q := 0; q < s.Players(); q++ {
		yard, track, home, goal := 0, 0, 0, 0
		for k := 0; k < s.Tokens(); k++ {
			switch x := s.Progress(q, k); {
			case x == 0:
				yard++
			case x < s.TrackLength():
				track++
			case x < s.Goal():
				home++
			case x == s.Goal():
				goal++
			}
		}
		if yard+track+home+goal != s.Tokens() {
			return fmt.Errorf("player %d: %d+%d+%d+%d tokens, want %d", q+1, yard, track, home, goal, s.Tokens())
		}
		onTrack := 0
		for sq := 0; sq < s.TrackLength(); sq++ {
			onTrack += s.Count(sq, q)
		}
		if onTrack != track {
			return fmt.Errorf("player %d: %d tokens counted on the track, %d placed there", q+1, onTrack, track)
		}
	}
	return s.check("invariant")
}

// knobGrid lists players 2..4 with every enum value and every boolean knob, and varies
// the other knobs and the fields along the way.
func knobGrid() []core.Params {
	var out []core.Params
	i := 0
	for players := 2; players <= 4; players++ {
		for _, finish := range finishNames {
			for _, own := range ownTokenNames {
				for _, doubled := range doubledNames {
					for bools := 0; bools < 8; bools++ {
						p := core.Params{
							"players": players, "finish": finish, "own_token": own, "doubled_enemy": doubled,
							"six_must_enter":      bools&1 != 0,
							"three_sixes_forfeit": bools&2 != 0,
							"play_to_end":         bools&4 != 0,
							"yard_tries":          1 + 2*(i%2),
							"enter_on":            []int{6, 56, 16}[i%3],
							"extra_roll_on":       []int{6, 0, 56, 6, 1}[i%5],
							"tokens":              []int{4, 2, 4, 6, 1, 4, 3}[i%7],
						}
						if players == 4 && p.Int("tokens") > 4 {
							p["tokens"] = 4 // four players with six tokens each are slow to replay
						}
						out = append(out, p)
						i++
					}
				}
			}
		}
	}
	return out
}

// fieldSets are the special-field layouts the contract runs under.
var fieldSets = []struct {
	name   string
	fields func() []Field
}{
	{"default", DefaultFields},
	{"danish", DanishFields},
	{"none", func() []Field { return nil }},
}

func TestContractGrid(t *testing.T) {
	// One seeded random game per knob combination and field layout, with the contract
	// (chance outcomes summing to 1, replay from the moves, clone, undo, position string
	// and notation round trips) and the invariant checked at every step.
	for i, knobs := range knobGrid() {
		t.Run(fmt.Sprintf("knobs%03d", i), func(t *testing.T) {
			t.Parallel()
			fs := fieldSets[i%len(fieldSets)]
			g := gameWith(t, knobs, func(r *Rules) { r.Fields = fs.fields() })
			if err := coretest.SimOne(g, uint64(i+1), coretest.Options{Invariant: invariant}); err != nil {
				t.Fatalf("%v fields %s: %v", knobs, fs.name, err)
			}
		})
	}
}

func TestContractDefault(t *testing.T) {
	coretest.RandomSim(t, newGame(t, nil), coretest.Options{Games: 30, Invariant: invariant})
}

func TestContractSmallBoards(t *testing.T) {
	// Short tracks, short or no home columns, small dice, boards drawn as a list, and a
	// ply limit (walls can lock a short track for good).
	for i, p := range []core.Params{
		{"track_length": 8, "home_length": 0, "die_sides": 2, "enter_on": 2, "extra_roll_on": 0, "players": 4},
		{"track_length": 12, "home_length": 1, "die_sides": 3, "enter_on": 3, "extra_roll_on": 3, "finish": "bounce", "own_token": "block", "max_plies": 2000},
		{"track_length": 28, "home_length": 2, "die_sides": 4, "enter_on": 4, "extra_roll_on": 4, "own_token": "next_square", "players": 3},
		{"track_length": 40, "home_length": 4, "play_to_end": true, "own_token": "block", "max_plies": 3000},
		{"track_length": 68, "home_length": 7, "enter_on": 5, "extra_roll_on": 0, "tokens": 6},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			coretest.RandomSim(t, newGame(t, p), coretest.Options{Games: 10, Seed: uint64(100 * i), Invariant: invariant})
		})
	}
}

// scenario is one rule pinned on position strings: from, the moves played (die rolls and
// tokens, comma-separated), and the position wanted.
type scenario struct {
	name   string
	rule   string // the rule the case pins, in one sentence
	params core.Params
	fields []Field // nil: no special fields
	edit   func(*Rules)
	from   string
	play   string
	want   string
}

func (sc scenario) game(t *testing.T) *Game {
	return gameWith(t, twoPlayers(sc.params), func(r *Rules) {
		r.Fields = sc.fields
		if sc.edit != nil {
			sc.edit(r)
		}
	})
}

// twoPlayers sets players 2 unless p says otherwise.
func twoPlayers(p core.Params) core.Params {
	out := core.Params{"players": 2}
	for k, v := range p {
		out[k] = v
	}
	return out
}

// Two players: red starts on track square 0, yellow on 26; a yellow token at place y
// stands on square (25+y) mod 52, a red one at place x on square x-1.
var scenarios = []scenario{
	{name: "enter-on-six", rule: "a six brings a token out of the yard onto its start square and gives another roll",
		from: "R:0,0,0,0 Y:0,0,0,0 R?", play: "6,a", want: "R:1,0,0,0 Y:0,0,0,0 R?"},
	{name: "no-entry-on-five", rule: "a roll not in enter_on cannot bring a token out, and with no move the turn passes",
		from: "R:0,0,0,0 Y:0,0,0,0 R?", play: "5", want: "R:0,0,0,0 Y:0,0,0,0 Y?"},
	{name: "enter-on-list", rule: "enter_on 56 brings a token out on a five too (and a five gives no extra roll)",
		params: core.Params{"enter_on": 56},
		from:   "R:0,0,0,0 Y:0,0,0,0 R?", play: "5,a", want: "R:1,0,0,0 Y:0,0,0,0 Y?"},
	{name: "entry-uses-whole-roll", rule: "entering uses the whole roll: the token stops on its start square",
		params: core.Params{"enter_on": 123456},
		from:   "R:0,0,0,0 Y:0,0,0,0 R?", play: "4,a", want: "R:1,0,0,0 Y:0,0,0,0 Y?"},
	{name: "extra-roll", rule: "a roll in extra_roll_on gives another roll after the move",
		from: "R:10,0,0,0 Y:0,0,0,0 R?", play: "6,a", want: "R:16,0,0,0 Y:0,0,0,0 R?"},
	{name: "no-extra-roll", rule: "other rolls pass the turn after the move",
		from: "R:10,0,0,0 Y:0,0,0,0 R?", play: "3,a", want: "R:13,0,0,0 Y:0,0,0,0 Y?"},
	{name: "extra-roll-none", rule: "extra_roll_on 0: a six passes the turn like any roll",
		params: core.Params{"extra_roll_on": 0},
		from:   "R:10,0,0,0 Y:0,0,0,0 R?", play: "6,a", want: "R:16,0,0,0 Y:0,0,0,0 Y?"},
	{name: "extra-roll-unused", rule: "a six that cannot be used still gives another roll",
		params: core.Params{"enter_on": 5},
		from:   "R:0,0,0,0 Y:0,0,0,0 R?", play: "6", want: "R:0,0,0,0 Y:0,0,0,0 R?"},
	{name: "three-sixes-count", rule: "three_sixes_forfeit counts the sixes of the turn",
		params: core.Params{"three_sixes_forfeit": true},
		from:   "R:10,0,0,0 Y:0,0,0,0 R?", play: "6,a,6,a", want: "R:22,0,0,0 Y:0,0,0,0 R? sixes=2"},
	{name: "three-sixes-forfeit", rule: "three_sixes_forfeit: the third six in a row is not played and the turn passes",
		params: core.Params{"three_sixes_forfeit": true},
		from:   "R:22,0,0,0 Y:0,0,0,0 R? sixes=2", play: "6", want: "R:22,0,0,0 Y:0,0,0,0 Y?"},
	{name: "three-sixes-reset", rule: "the sixes count starts afresh each turn",
		params: core.Params{"three_sixes_forfeit": true},
		from:   "R:22,0,0,0 Y:10,0,0,0 R? sixes=2", play: "2,a,6,a", want: "R:24,0,0,0 Y:16,0,0,0 Y? sixes=1"},
	{name: "yard-tries", rule: "yard_tries 3: with no token in play a player rolls up to three times",
		params: core.Params{"yard_tries": 3},
		from:   "R:0,0,0,0 Y:0,0,0,0 R?", play: "2,3", want: "R:0,0,0,0 Y:0,0,0,0 R? tries=2"},
	{name: "yard-tries-used-up", rule: "the third failed try passes the turn",
		params: core.Params{"yard_tries": 3},
		from:   "R:0,0,0,0 Y:0,0,0,0 R? tries=2", play: "4", want: "R:0,0,0,0 Y:0,0,0,0 Y?"},
	{name: "yard-tries-goal", rule: "tokens at the goal do not count as in play for the tries",
		params: core.Params{"yard_tries": 3},
		from:   "R:57,0,0,0 Y:0,0,0,0 R?", play: "2", want: "R:57,0,0,0 Y:0,0,0,0 R? tries=1"},
	{name: "yard-tries-in-play", rule: "a player with a token in play gets one roll",
		params: core.Params{"yard_tries": 3},
		from:   "R:55,0,0,0 Y:0,0,0,0 R?", play: "4", want: "R:55,0,0,0 Y:0,0,0,0 Y?"},
	{name: "capture", rule: "landing on an opponent's single token sends it back to its yard",
		from: "R:3,0,0,0 Y:31,0,0,0 R2", play: "a", want: "R:5,0,0,0 Y:0,0,0,0 Y?"},
	{name: "capture-on-entry", rule: "entering onto a start square that is not safe captures too",
		from: "R:0,0,0,0 Y:27,0,0,0 R6", play: "a", want: "R:1,0,0,0 Y:0,0,0,0 R?"},
	{name: "home-column-private", rule: "tokens in home columns are never captured (each column is its owner's)",
		from: "R:50,0,0,0 Y:53,0,0,0 R3", play: "a", want: "R:53,0,0,0 Y:53,0,0,0 Y?"},
	{name: "safe-globe", rule: "a token on a globe cannot be captured: both stay",
		fields: DefaultFields(),
		from:   "R:7,0,0,0 Y:35,0,0,0 R2", play: "a", want: "R:9,0,0,0 Y:35,0,0,0 Y?"},
	{name: "safe-start", rule: "default globes protect on start squares too",
		fields: DefaultFields(),
		from:   "R:0,0,0,0 Y:27,0,0,0 R6", play: "a", want: "R:1,0,0,0 Y:27,0,0,0 R?"},
	{name: "danish-globe-start", rule: "a Danish globe does not protect a token on another player's start square",
		fields: DanishFields(),
		from:   "R:0,0,0,0 Y:27,0,0,0 R6", play: "a", want: "R:1,0,0,0 Y:0,0,0,0 R?"},
	{name: "danish-globe-own-start", rule: "a Danish globe protects a token on its own start square",
		fields: DanishFields(),
		from:   "R:25,0,0,0 Y:1,0,0,0 R2", play: "a", want: "R:27,0,0,0 Y:1,0,0,0 Y?"},
	{name: "danish-globe", rule: "a Danish globe that is nobody's start square is safe",
		fields: DanishFields(),
		from:   "R:7,0,0,0 Y:35,0,0,0 R2", play: "a", want: "R:9,0,0,0 Y:35,0,0,0 Y?"},
	{name: "star-jump", rule: "landing on a star jumps to the next star (5 to 12), and does not chain on to the star after",
		fields: DefaultFields(),
		from:   "R:3,0,0,0 Y:0,0,0,0 R2", play: "a", want: "R:12,0,0,0 Y:0,0,0,0 Y?"},
	{name: "star-jump-captures", rule: "a token that jumps captures on the star it jumps to",
		fields: DefaultFields(),
		from:   "R:3,0,0,0 Y:38,0,0,0 R2", play: "a", want: "R:12,0,0,0 Y:0,0,0,0 Y?"},
	{name: "star-last-next-star", rule: "next_star: the last star before the home column has no star to jump to",
		fields: DefaultFields(),
		from:   "R:49,0,0,0 Y:0,0,0,0 R2", play: "a", want: "R:51,0,0,0 Y:0,0,0,0 Y?"},
	{name: "danish-last-star", rule: "goal_after_last: the last star before the home column jumps to the goal",
		fields: DanishFields(),
		from:   "R:49,57,57,57 Y:0,0,0,0 R2", play: "a", want: "R:57,57,57,57 Y:0,0,0,0 -"},
	{name: "danish-no-chain", rule: "goal_after_last: a jump onto the last star stops there (no chaining to the goal)",
		fields: DanishFields(),
		from:   "R:42,0,0,0 Y:0,0,0,0 R2", play: "a", want: "R:51,0,0,0 Y:0,0,0,0 Y?"},
	{name: "exact-finish", rule: "finish exact: a token reaches the goal only with the exact roll",
		from: "R:54,0,0,0 Y:0,0,0,0 R?", play: "4", want: "R:54,0,0,0 Y:0,0,0,0 Y?"},
	{name: "exact-finish-hit", rule: "finish exact: the exact roll reaches the goal",
		from: "R:54,0,0,0 Y:0,0,0,0 R?", play: "3,a", want: "R:57,0,0,0 Y:0,0,0,0 Y?"},
	{name: "bounce", rule: "finish bounce: excess pips bounce back from the goal",
		params: core.Params{"finish": "bounce"},
		from:   "R:54,0,0,0 Y:0,0,0,0 R4", play: "a", want: "R:56,0,0,0 Y:0,0,0,0 Y?"},
	{name: "stack", rule: "own_token stack: a token lands on its own token and they share the square",
		from: "R:3,5,0,0 Y:0,0,0,0 R2", play: "a", want: "R:5,5,0,0 Y:0,0,0,0 Y?"},
	{name: "next-square", rule: "own_token next_square: a token landing on its own goes on to the next square free of its own",
		params: core.Params{"own_token": "next_square"},
		from:   "R:3,5,6,0 Y:0,0,0,0 R2", play: "a", want: "R:7,5,6,0 Y:0,0,0,0 Y?"},
	{name: "next-square-captures", rule: "own_token next_square: the square it goes on to may capture",
		params: core.Params{"own_token": "next_square"},
		from:   "R:3,5,0,0 Y:32,0,0,0 R2", play: "a", want: "R:6,5,0,0 Y:0,0,0,0 Y?"},
	{name: "block-wall", rule: "own_token block: two opponent tokens form a wall that cannot be passed; with no move the turn passes",
		params: core.Params{"own_token": "block"},
		from:   "R:3,0,0,0 Y:32,32,0,0 R?", play: "4", want: "R:3,0,0,0 Y:32,32,0,0 Y?"},
	{name: "block-wall-land", rule: "own_token block: nor can a wall be landed on",
		params: core.Params{"own_token": "block"},
		from:   "R:3,0,0,0 Y:32,32,0,0 R?", play: "3", want: "R:3,0,0,0 Y:32,32,0,0 Y?"},
	{name: "block-before-wall", rule: "own_token block: a token may stop before a wall",
		params: core.Params{"own_token": "block"},
		from:   "R:3,0,0,0 Y:32,32,0,0 R?", play: "2,a", want: "R:5,0,0,0 Y:32,32,0,0 Y?"},
	{name: "block-start", rule: "own_token block: a wall on a start square keeps that player's tokens in the yard",
		params: core.Params{"own_token": "block"},
		from:   "R:0,0,0,0 Y:27,27,0,0 R?", play: "6", want: "R:0,0,0,0 Y:27,27,0,0 R?"},
	{name: "block-own-wall", rule: "own_token block: a player passes its own walls",
		params: core.Params{"own_token": "block"},
		from:   "R:3,5,5,0 Y:0,0,0,0 R4", play: "a", want: "R:7,5,5,0 Y:0,0,0,0 Y?"},
	{name: "doubled-capture-one", rule: "doubled_enemy capture_one: landing on two tokens of one opponent captures one",
		from: "R:3,0,0,0 Y:31,31,0,0 R2", play: "a", want: "R:5,0,0,0 Y:0,31,0,0 Y?"},
	{name: "doubled-sends-mover-home", rule: "doubled_enemy sends_mover_home: landing on two tokens of one opponent sends the mover to its yard",
		params: core.Params{"doubled_enemy": "sends_mover_home"},
		from:   "R:3,0,0,0 Y:31,31,0,0 R2", play: "a", want: "R:0,0,0,0 Y:31,31,0,0 Y?"},
	{name: "pass", rule: "a player who cannot use the roll passes without a decision: the next player rolls",
		from: "R:56,0,0,0 Y:0,0,0,0 R?", play: "2", want: "R:56,0,0,0 Y:0,0,0,0 Y?"},
	{name: "win", rule: "the first player with every token at the goal wins and the game is over",
		from: "R:57,57,57,56 Y:30,0,0,0 R1", play: "d", want: "R:57,57,57,57 Y:30,0,0,0 -"},
	{name: "play-to-end-goes-on", rule: "play_to_end: the game goes on after the first player finishes, and skips them",
		params: core.Params{"players": 3, "play_to_end": true},
		from:   "R:57,57,57,56 G:30,0,0,0 Y:10,0,0,0 R1", play: "d,2,a,3,a,2", want: "R:57,57,57,57 G:32,0,0,0 Y:13,0,0,0 G2 ranks=R"},
	{name: "play-to-end-last", rule: "play_to_end: when one player is left it takes the last place and the game ends",
		params: core.Params{"players": 3, "play_to_end": true},
		from:   "R:57,57,57,57 G:57,57,57,55 Y:10,0,0,0 G2 ranks=R", play: "d", want: "R:57,57,57,57 G:57,57,57,57 Y:10,0,0,0 - ranks=R,G,Y"},
}

func TestScenarios(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			g := sc.game(t)
			s, err := g.Parse(sc.from)
			require.NoError(t, err, sc.rule)
			for _, mv := range strings.Split(sc.play, ",") {
				m, err := core.ParsePlay(s, mv)
				require.NoError(t, err, "%s: move %s in %s", sc.rule, mv, s)
				s.Play(m)
				require.NoError(t, invariant(s), sc.rule)
			}
			assert.Equal(t, sc.want, s.String(), sc.rule)
		})
	}
}

func TestLegalMoves(t *testing.T) {
	tests := []struct {
		name, rule string
		params     core.Params
		from, want string
	}{
		{"must-move", "a player must move when a move is legal: only the token that can move is offered",
			nil, "R:54,10,0,0 Y:0,0,0,0 R4", "b"},
		{"choice", "any token that can move may move, including one leaving the yard on a six",
			nil, "R:10,20,0,0 Y:0,0,0,0 R6", "a b c"},
		{"six-must-enter", "six_must_enter: a six must bring a token out when one can come out",
			core.Params{"six_must_enter": true}, "R:10,20,0,0 Y:0,0,0,0 R6", "c"},
		{"six-must-enter-none-left", "six_must_enter: with no token in the yard any token may move",
			core.Params{"six_must_enter": true}, "R:10,20,57,57 Y:0,0,0,0 R6", "a b"},
		{"interchangeable", "tokens on the same place are interchangeable: only the first is offered",
			nil, "R:10,10,0,0 Y:0,0,0,0 R6", "a c"},
		{"roll", "at a chance node the moves are the die faces",
			nil, "R:10,10,0,0 Y:0,0,0,0 R?", "1 2 3 4 5 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameWith(t, twoPlayers(tt.params), func(r *Rules) { r.Fields = nil })
			s, err := g.Parse(tt.from)
			require.NoError(t, err)
			assert.Equal(t, tt.want, core.MovesString(s, s.LegalMoves(nil)), tt.rule)
		})
	}
}

func TestReturns(t *testing.T) {
	// Without play_to_end: the winner 1, each other player -1/(players-1); with it, the
	// places map linearly onto 1..-1.
	g := gameWith(t, core.Params{"players": 3}, func(r *Rules) { r.Fields = nil })
	s, err := g.Parse("R:57,57,57,57 G:0,0,0,0 Y:3,0,0,0 -")
	require.NoError(t, err)
	assert.Equal(t, []float64{1, -0.5, -0.5}, s.Returns(nil))

	g = newGame(t, core.Params{"players": 4, "play_to_end": true})
	s, err = g.Parse("R:57,57,57,57 G:57,57,57,57 Y:57,57,57,57 B:3,0,0,0 - ranks=G,Y,R,B")
	require.NoError(t, err)
	ret := s.Returns(nil)
	assert.InDeltaSlice(t, []float64{-1.0 / 3, 1, 1.0 / 3, -1}, ret, 1e-12)

	// A capped game: finished players keep their places, the others share the rest.
	g = newGame(t, core.Params{"players": 3, "play_to_end": true, "max_plies": 10})
	s, err = g.Parse("R:0,0,0,0 G:57,57,57,57 Y:3,0,0,0 - ranks=G ply=10")
	require.NoError(t, err)
	assert.InDeltaSlice(t, []float64{-0.5, 1, -0.5}, s.Returns(nil), 1e-12)
	g = newGame(t, core.Params{"max_plies": 10})
	s, err = g.Parse("R:0,0,0,0 G:5,0,0,0 Y:3,0,0,0 B:0,0,0,0 R? ply=9")
	require.NoError(t, err)
	s.Play(Roll(1))
	assert.Equal(t, core.Terminal, s.ToMove(), "max_plies ends the game")
	assert.Equal(t, []float64{0, 0, 0, 0}, s.Returns(nil))
}

func TestOnLandHook(t *testing.T) {
	trap := Field{Kind: "trap", Cells: []int{20}}
	withTrap := func(hook func(s *State, token, cell int, kind string) error) func(*Rules) {
		return func(r *Rules) {
			r.Fields = append(DefaultFields(), trap)
			r.Hooks.OnLand = hook
		}
	}
	t.Run("send-home", func(t *testing.T) {
		// on_land is called with the token, the track square and the kind; here the trap
		// sends the token back to its yard.
		var got string
		g := gameWith(t, nil, withTrap(func(s *State, token, cell int, kind string) error {
			got = fmt.Sprintf("%d %d %d %s %d", s.Mover(), token, cell, kind, s.Roll())
			return s.SendHome(s.Mover(), token)
		}))
		s, err := g.Parse("R:18,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2")
		require.NoError(t, err)
		s.Play(Token(0))
		assert.Equal(t, "0 0 19 trap 2", got)
		assert.Equal(t, "R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?", s.String())
		require.NoError(t, invariant(s))
	})
	t.Run("move-by", func(t *testing.T) {
		// MoveBy moves the token along its way with the landing rules (here a capture) but
		// no jumps.
		g := gameWith(t, core.Params{"players": 2}, withTrap(func(s *State, token, cell int, kind string) error {
			return s.MoveBy(s.Mover(), token, -3)
		}))
		s, err := g.Parse("R:18,0,0,0 Y:43,0,0,0 R2")
		require.NoError(t, err)
		s.Play(Token(0))
		assert.Equal(t, "R:17,0,0,0 Y:0,0,0,0 Y?", s.String())
		require.NoError(t, invariant(s))
	})
	t.Run("not-called-elsewhere", func(t *testing.T) {
		calls := 0
		g := gameWith(t, nil, withTrap(func(*State, int, int, string) error { calls++; return nil }))
		s, err := g.Parse("R:17,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2")
		require.NoError(t, err)
		s.Play(Token(0))
		assert.Zero(t, calls, "the hook runs only on custom fields")
	})
	t.Run("error-stops", func(t *testing.T) {
		// A hook error stops the game: it is over, Err says why, and nobody wins.
		g := gameWith(t, nil, withTrap(func(*State, int, int, string) error { return errors.New("boom") }))
		s, err := g.Parse("R:18,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2")
		require.NoError(t, err)
		s.Play(Token(0))
		assert.Equal(t, core.Terminal, s.ToMove())
		assert.ErrorContains(t, s.Err(), "boom")
		assert.Equal(t, []float64{0, 0, 0, 0}, s.Returns(nil))
		assert.Contains(t, s.Render(false), "Game stopped: boom")
	})
	t.Run("bad-arguments", func(t *testing.T) {
		// View methods refuse tokens that do not exist or are not in play.
		g := gameWith(t, nil, withTrap(func(s *State, token, cell int, kind string) error {
			return s.SendHome(1, 0)
		}))
		s, err := g.Parse("R:18,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2")
		require.NoError(t, err)
		s.Play(Token(0))
		assert.ErrorContains(t, s.Err(), "in its yard")
		assert.Error(t, s.MoveBy(7, 0, 1))
		assert.Error(t, s.SendHome(0, 9))
	})
	t.Run("contract", func(t *testing.T) {
		// Random games with a trap on every fourth square that moves tokens back keep the
		// contract and the invariant.
		cells := []int{}
		for c := 3; c <= 52; c += 4 {
			if c != 9 && c != 22 && c != 35 && c != 48 && c != 27 && c != 51 {
				cells = append(cells, c)
			}
		}
		g := gameWith(t, nil, func(r *Rules) {
			r.Fields = []Field{{Kind: "trap", Cells: cells}}
			r.Hooks.OnLand = func(s *State, token, cell int, kind string) error {
				return s.MoveBy(s.Mover(), token, -s.Roll())
			}
		})
		coretest.RandomSim(t, g, coretest.Options{Games: 5, Invariant: invariant})
	})
}

func TestParseErrors(t *testing.T) {
	g := gameWith(t, core.Params{"players": 2}, nil)
	for _, text := range []string{
		"", "R:0,0,0,0", "R:0,0,0,0 Y:0,0,0,0", "R:0,0,0 Y:0,0,0,0 R?", "R:0,0,0,0 G:0,0,0,0 R?",
		"R:0,0,0,0 Y:0,0,0,99 R?", "R:0,0,0,0 Y:0,0,0,x R?", "R:0,0,0,0 Y:0,0,0,0 R7",
		"R:0,0,0,0 Y:0,0,0,0 G?", "R:0,0,0,0 Y:0,0,0,0 r?", "R:0,0,0,0 Y:0,0,0,0 R? junk",
		"R:0,0,0,0 Y:0,0,0,0 R? sixes=1", "R:0,0,0,0 Y:0,0,0,0 R? tries=1", "R:0,0,0,0 Y:0,0,0,0 R? ply=3",
		"R:0,0,0,0 Y:0,0,0,0 R? ranks=R", "R:0,0,0,0 Y:0,0,0,0 -", "R:0,0,0,0 Y:0,0,0,0 R3",
	} {
		_, err := g.ParseState(text)
		assert.Error(t, err, "%q", text)
	}
	// Two players' single tokens on a square that is not safe: unreachable unless
	// capture_one left one of a pair there.
	strict := gameWith(t, core.Params{"players": 2, "own_token": "next_square"}, nil)
	_, err := strict.Parse("R:5,0,0,0 Y:31,0,0,0 R?")
	assert.ErrorContains(t, err, "not safe")
	// A position that is over by the rules reads as over.
	s, err := g.Parse("R:57,57,57,57 Y:0,0,0,0 Y?")
	require.NoError(t, err)
	assert.Equal(t, "R:57,57,57,57 Y:0,0,0,0 -", s.String())
	_ = err
}

func TestRulesErrors(t *testing.T) {
	for _, p := range []core.Params{
		{"playerz": 4}, {"players": 5}, {"players": 1}, {"die_sides": 7}, {"enter_on": 7}, {"enter_on": 66},
		{"enter_on": 60}, {"die_sides": 4}, {"extra_roll_on": 123456}, {"finish": "overshoot"},
		{"own_token": "wall"}, {"track_length": 100}, {"home_length": 13}, {"tokens": 7},
		{"track_length": 8, "home_length": 0},
	} {
		_, err := RulesFrom(p)
		assert.Error(t, err, "%v", p)
	}
	_, err := RulesFrom(core.Params{"playerz": 4})
	assert.ErrorContains(t, err, `did you mean "players"`)
	_, err = RulesFrom(core.Params{"die_sides": 4})
	assert.ErrorContains(t, err, "enter_on")

	r := DefaultRules()
	for _, tc := range []struct {
		fields []Field
		want   string
	}{
		{[]Field{{Kind: "trap", Cells: []int{3}}}, "no on_land hook"},
		{[]Field{{Kind: "star", Cells: []int{3}, Jump: "far"}}, "jump"},
		{[]Field{{Kind: "star", Cells: []int{53}, Jump: JumpNextStar}}, "out of range"},
		{[]Field{{Kind: "a", Cells: []int{3}, Safe: true}, {Kind: "b", Cells: []int{3}, Safe: true}}, "already"},
		{[]Field{{Kind: "a", Safe: true}, {Kind: "a", Safe: true}}, "twice"},
		{[]Field{{Cells: []int{1}, Safe: true}}, "no kind"},
	} {
		r.Fields = tc.fields
		assert.ErrorContains(t, r.Validate(), tc.want)
	}
}

func TestParamsRoundTrip(t *testing.T) {
	p := core.Params{"enter_on": 65, "extra_roll_on": 0, "finish": "bounce", "players": 3}
	r, err := RulesFrom(p)
	require.NoError(t, err)
	assert.Equal(t, FacesOf(5, 6), r.EnterOn)
	assert.Equal(t, 56, r.Params()["enter_on"], "faces are written in ascending order")
	again, err := RulesFrom(r.Params())
	require.NoError(t, err)
	assert.Equal(t, r.Params(), again.Params())
	assert.Equal(t, "5,6", r.EnterOn.String())
	assert.Equal(t, "none", r.ExtraRollOn.String())
	for _, s := range specs() {
		_, ok := r.Params()[s.Name]
		assert.True(t, ok, "Params lists %s", s.Name)
	}
	g, err := Def.New("ludo/x", core.Params{"players": 2})
	require.NoError(t, err)
	assert.Equal(t, "ludo/x", g.Name())
	assert.Equal(t, 2, g.NumPlayers())
}

func TestDefaultFields(t *testing.T) {
	f := DefaultFields()
	require.Len(t, f, 2)
	assert.Equal(t, []int{5, 12, 18, 25, 31, 38, 44, 51}, f[0].Cells)
	assert.Equal(t, []int{1, 9, 14, 22, 27, 35, 40, 48}, f[1].Cells)
	r := DefaultRules()
	assert.Equal(t, f, r.Fields, "the base game has the default stars and globes")
	for _, length := range []int{8, 20, 40, 52, 68, 80} {
		require.NoError(t, validateFields(DefaultFieldsFor(length), length, false), "length %d", length)
	}
}

func TestBoards(t *testing.T) {
	b, ok := CrossBoard(52, 5)
	require.True(t, ok)
	assert.Equal(t, 15, b.Rows)
	assert.Equal(t, Cell{13, 6}, b.Track[0], "red starts on the bottom arm's left column")
	assert.Equal(t, Cell{14, 7}, b.Track[50], "red's last track square is the bottom tip")
	assert.Equal(t, Cell{13, 7}, b.Homes[0][0], "red's home column goes up from the bottom tip")
	assert.Equal(t, []int{0, 13, 26, 39}, b.Starts)
	r := DefaultRules()
	r.Board = b
	require.NoError(t, r.Validate())
	for _, tc := range []struct{ track, home int }{{44, 4}, {36, 0}, {28, 2}} {
		_, ok := CrossBoard(tc.track, tc.home)
		assert.True(t, ok, "%v", tc)
	}
	for _, tc := range []struct{ track, home int }{{40, 4}, {52, 6}, {20, 1}} {
		_, ok := CrossBoard(tc.track, tc.home)
		assert.False(t, ok, "%v", tc)
	}
	bad := *b
	bad.Track = b.Track[:51]
	r.Board = &bad
	assert.ErrorContains(t, r.Validate(), "track cells")
	bad = *b
	bad.Starts = []int{0, 0, 26, 39}
	r.Board = &bad
	assert.ErrorContains(t, r.Validate(), "taken")
	bad = *b
	bad.Goals = []Cell{{13, 6}, {7, 6}, {6, 7}, {7, 8}}
	r.Board = &bad
	assert.ErrorContains(t, r.Validate(), "already")
	// A board with three seats for three players, red starting elsewhere on the track:
	// fields still count from red's start square.
	three := *b
	three.Starts, three.Homes, three.Goals, three.Yards = []int{13, 26, 39}, b.Homes[1:], b.Goals[1:], b.Yards[1:]
	g := gameWith(t, core.Params{"players": 3}, func(r *Rules) { r.Board = &three })
	s := g.Start()
	assert.Equal(t, []int{0, 13, 26}, []int{s.Start(0), s.Start(1), s.Start(2)})
	coretest.RandomSim(t, g, coretest.Options{Games: 3, Invariant: invariant})
}

func TestPlayRandomMatchesGeneric(t *testing.T) {
	// The fast path plays exactly the game that LegalMoves + Play would with the same
	// random draws.
	for _, p := range []core.Params{nil, {"players": 2, "own_token": "block"}, {"play_to_end": true, "three_sixes_forfeit": true, "yard_tries": 3}} {
		g := newGame(t, p)
		for seed := uint64(0); seed < 30; seed++ {
			a, b := g.Start(), g.Start()
			na := a.PlayRandom(rand.New(rand.NewPCG(seed, 1)))
			rng := rand.New(rand.NewPCG(seed, 1))
			nb := 0
			for b.ToMove() != core.Terminal {
				moves := b.LegalMoves(nil)
				b.Play(moves[rng.IntN(len(moves))])
				nb++
			}
			require.Equal(t, b.String(), a.String())
			require.Equal(t, nb, na)
		}
	}
}

func TestUndoAndHash(t *testing.T) {
	g := newGame(t, nil)
	s := g.Start()
	rng := rand.New(rand.NewPCG(3, 4))
	var strs []string
	var hashes []uint64
	for s.ToMove() != core.Terminal && len(strs) < 400 {
		strs = append(strs, s.String())
		hashes = append(hashes, s.Hash())
		moves := s.LegalMoves(nil)
		s.Play(moves[rng.IntN(len(moves))])
	}
	for i := len(strs) - 1; i >= 0; i-- {
		require.True(t, s.Undo())
		require.Equal(t, strs[i], s.String())
		require.Equal(t, hashes[i], s.Hash())
	}
	assert.False(t, s.Undo())
	a, err := g.Parse("R:10,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R6")
	require.NoError(t, err)
	b, err := g.Parse("R:10,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R5")
	require.NoError(t, err)
	assert.NotEqual(t, a.Hash(), b.Hash(), "the pending roll is part of the hash")
	c := g.Start()
	c.CopyFrom(a)
	assert.Equal(t, a.String(), c.String())
	assert.Equal(t, a.Hash(), c.Hash())
}

func TestNotation(t *testing.T) {
	g := newGame(t, nil)
	s := g.Start()
	for text, want := range map[string]core.Move{"6": 6, "roll 6": 6, "r3": 3, "Roll 1": 1, "a": TokenBase, "D": TokenBase + 3, " b ": TokenBase + 1} {
		m, err := s.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, m, text)
	}
	for _, text := range []string{"", "0", "7", "e", "z", "roll", "r", "ab", "66"} {
		_, err := s.ParseMove(text)
		assert.Error(t, err, text)
	}
	assert.Equal(t, "6", s.MoveString(Roll(6)))
	assert.Equal(t, "c", s.MoveString(Token(2)))
	// --moves may fix the rolls as well as the tokens: "6,a,3,a" replays.
	text, err := coretest.Playthrough(g, 1, []string{"6", "a", "3", "a", "2"})
	require.NoError(t, err)
	assert.Contains(t, text, "position: R:4,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 Y?")
	_, err = core.ParsePlay(s, "a")
	assert.ErrorContains(t, err, "legal: 1 2 3 4 5 6")
}

func TestGreedy(t *testing.T) {
	tests := []struct {
		name, rule string
		from, want string
	}{
		{"capture", "a capture comes first", "R:3,20,0,0 Y:32,0,0,0 R3", "a"},
		{"leave-yard", "then bringing a token out of the yard", "R:3,20,0,0 Y:0,0,0,0 R6", "c"},
		{"safety", "then reaching safety (a globe)", "R:3,4,0,0 Y:0,0,0,0 R5", "b"},
		{"safety-home", "then reaching the home column", "R:48,20,57,57 Y:0,0,0,0 R4", "a"},
		{"furthest", "then the token furthest along", "R:13,20,57,57 Y:0,0,0,0 R3", "b"},
	}
	g := newGame(t, core.Params{"players": 2})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := g.Parse(tt.from)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(1, 1))
			for i := 0; i < 10; i++ {
				assert.Equal(t, tt.want, s.MoveString(s.Greedy(s.LegalMoves(nil), rng)), tt.rule)
			}
		})
	}
	// Greedy play beats random play clearly.
	wins := 0
	rng := rand.New(rand.NewPCG(5, 5))
	const games = 300
	for i := 0; i < games; i++ {
		s := g.Start()
		greedy := core.Player(i % 2)
		for s.ToMove() != core.Terminal {
			moves := s.LegalMoves(nil)
			m := moves[rng.IntN(len(moves))]
			if s.ToMove() == greedy {
				m = s.Greedy(moves, rng)
			}
			s.Play(m)
		}
		if s.Returns(nil)[greedy] > 0 {
			wins++
		}
	}
	assert.Greater(t, wins, games*6/10, "greedy wins %d of %d against random", wins, games)
}

func TestEvaluate(t *testing.T) {
	g := newGame(t, core.Params{"players": 2})
	s, err := g.Parse("R:40,30,0,0 Y:5,0,0,0 R?")
	require.NoError(t, err)
	assert.Positive(t, s.Evaluate(0))
	assert.Negative(t, s.Evaluate(1))
	s, err = g.Parse("R:56,56,56,56 Y:0,0,0,0 R?")
	require.NoError(t, err)
	assert.Less(t, s.Evaluate(0), core.WinScore/2)
	// Safety counts: a token on a globe is worth more than one beside it.
	a, _ := g.Parse("R:9,0,0,0 Y:0,0,0,0 R?")
	b, _ := g.Parse("R:10,0,0,0 Y:0,0,0,0 R?")
	assert.Greater(t, a.Evaluate(0), b.Evaluate(0))
}

func TestGoldenPlaythrough(t *testing.T) {
	for _, tc := range []struct {
		file   string
		params core.Params
		fields func() []Field
	}{
		{"playthrough-ludo.txt", nil, DefaultFields},
		{"playthrough-ludo-danish-2p-to-end.txt", core.Params{"players": 2, "play_to_end": true, "tokens": 2, "three_sixes_forfeit": true}, DanishFields},
		{"playthrough-ludo-block-3p.txt", core.Params{"players": 3, "own_token": "block", "finish": "bounce", "tokens": 2, "yard_tries": 3}, DefaultFields},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := gameWith(t, tc.params, func(r *Rules) { r.Fields = tc.fields() })
			text, err := coretest.Playthrough(g, 7, nil)
			require.NoError(t, err)
			coretest.Golden(t, tc.file, text)
		})
	}
}

func TestGoldenRender(t *testing.T) {
	g := newGame(t, nil)
	s, err := g.Parse("R:57,34,45,31 G:57,56,28,55 Y:57,57,0,0 B:8,30,0,0 B?")
	require.NoError(t, err)
	var b strings.Builder
	b.WriteString(g.Start().Render(false))
	b.WriteString(s.Render(false))
	s2, err := g.Parse("R:3,3,9,0 G:10,0,0,0 Y:0,0,0,0 B:0,0,0,35 R6")
	require.NoError(t, err)
	b.WriteString(s2.Render(false))
	g2 := newGame(t, core.Params{"players": 2, "track_length": 40, "home_length": 4})
	b.WriteString(g2.Start().Render(false))
	g3 := newGame(t, core.Params{"players": 3, "play_to_end": true})
	over, err := g3.Parse("R:57,57,57,57 G:57,57,57,57 Y:10,0,0,0 - ranks=G,R,Y")
	require.NoError(t, err)
	b.WriteString(over.Render(false))
	coretest.Golden(t, "render.txt", b.String())
	assert.Contains(t, s.Render(true), "\x1b[", "colour when asked")
	assert.NotContains(t, s.Render(false), "\x1b[")
}

func FuzzParsePosition(f *testing.F) {
	f.Add("R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?")
	f.Add("R:10,20,0,0 G:11,0,0,0 Y:14,0,0,0 B:25,0,0,0 R6")
	f.Add("R:57,57,57,57 G:0,0,0,0 Y:3,0,0,0 B:0,0,0,0 -")
	f.Add("R:57,57,57,57 G:57,57,57,57 Y:10,0,0,0 B:1,2,3,4 G? ranks=R,G sixes=1 tries=2")
	f.Add("R:0,0,0,0 G:0,0,0,0 Y:27,27,0,0 B:0,0,0,0 R? ply=5")
	for _, sc := range scenarios {
		if !strings.Contains(sc.from, "G:") {
			continue
		}
		f.Add(sc.from)
	}
	games := []*Game{
		newGame(f, nil),
		newGame(f, core.Params{"play_to_end": true, "three_sixes_forfeit": true, "yard_tries": 3, "max_plies": 100}),
		newGame(f, core.Params{"own_token": "block", "finish": "bounce"}),
		newGame(f, core.Params{"own_token": "next_square", "doubled_enemy": "sends_mover_home"}),
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			s, err := g.Parse(text)
			if err != nil {
				continue
			}
			again, err := g.Parse(s.String())
			require.NoError(t, err, "printed position %q does not parse", s.String())
			require.Equal(t, s.String(), again.String())
			require.NoError(t, coretest.CheckStep(g, s, coretest.Options{Invariant: invariant}))
			for _, m := range s.LegalMoves(nil) {
				c := s.Copy()
				c.Play(m)
				require.NoError(t, invariant(c), "after %s from %s", s.MoveString(m), text)
				require.NoError(t, coretest.CheckStep(g, c, coretest.Options{Invariant: invariant}))
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1", "6", "roll 6", "r2", "a", "D", " c ", "0", "7", "e", "x", "roll", "99999999999999999999"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	g := newGame(f, nil)
	decision, err := g.Parse("R:10,20,0,0 G:11,0,0,0 Y:14,0,0,0 B:25,0,0,0 R6")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string, atDecision bool) {
		s := g.Start()
		if atDecision {
			s = decision.Copy()
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		back, err := s.ParseMove(s.MoveString(m))
		require.NoError(t, err)
		require.Equal(t, m, back)
		if _, err := core.ParsePlay(s, text); err == nil {
			s.Play(m)
			require.NoError(t, invariant(s))
		}
	})
}

func TestPerft(t *testing.T) {
	// Counted by hand from the start (chance outcomes count as moves). Depth 2: a roll
	// of 1-5 passes to green's roll (5 x 6), a six leaves one move, red's token a (1): 31.
	// Depth 3: each of the five passes leads to green's 31, and the six to red's token
	// then red's extra roll (6): 5 x 31 + 6 = 161.
	g := newGame(t, nil)
	for depth, want := range []uint64{1, 6, 31, 161} {
		assert.Equal(t, want, coretest.Perft(g.Start(), depth), "depth %d", depth)
	}
	for _, d := range coretest.Divide(g.Start(), 3) {
		want := uint64(31)
		if d.Move == "6" {
			want = 6
		}
		assert.Equal(t, want, d.Nodes, "below roll %s", d.Move)
	}
}
