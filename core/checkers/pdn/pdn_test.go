package pdn_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/checkers/pdn"
	"github.com/kalahlab/kalahlab/core/record"
)

// playout plays a seeded random game of t's rules from start ("" the usual start) for at
// most plies plies.
func playout(t testing.TB, typ *pdn.Type, start string, seed uint64, plies int) (*pdn.Game, core.State) {
	t.Helper()
	game, err := checkers.New("checkers", typ.Rules)
	require.NoError(t, err)
	var st core.State = game.Start()
	if start != "" {
		st, err = game.Parse(start)
		require.NoError(t, err)
	}
	r := rand.New(rand.NewPCG(seed, 9))
	g := &pdn.Game{Type: typ, Rules: typ.Rules, Start: start, Result: "*"}
	for range plies {
		if st.ToMove() == core.Terminal {
			break
		}
		moves := st.LegalMoves(nil)
		m := moves[r.IntN(len(moves))]
		g.Moves = append(g.Moves, st.MoveString(m))
		st.Play(m)
	}
	if st.ToMove() == core.Terminal {
		g.Result = "1/2-1/2"
		if w := core.Winners(st.Returns(nil)); len(w) == 1 {
			// seat 1 is the type's first colour
			first := w[0] == 0
			g.Result = map[bool]string{true: "1-0", false: "0-1"}[first == (typ.First == 'W')]
		}
	}
	return g, st
}

func TestRoundTrip(t *testing.T) {
	for _, typ := range pdn.Types() {
		for seed := range uint64(6) {
			t.Run(fmt.Sprintf("%d %s seed %d", typ.Number, typ.Name, seed), func(t *testing.T) {
				g, want := playout(t, typ, "", seed, 400)
				g.SetTag("White", "Ann, \"the\" \\ player")
				g.SetTag("Annotator", "kalahlab test")
				text, err := pdn.Marshal(g)
				require.NoError(t, err)
				got, err := pdn.ParseOne(text)
				require.NoError(t, err, "%s", text)
				assert.Equal(t, typ, got.Type)
				assert.Equal(t, g.Moves, got.Moves)
				assert.Equal(t, want.String(), got.Final)
				assert.Equal(t, g.Result, got.Result)
				assert.Equal(t, "Ann, \"the\" \\ player", got.Tag("White"))
				assert.Equal(t, "kalahlab test", got.Tag("Annotator"))
				assert.Equal(t, "?", got.Tag("Black"))

				// Through a game record and back: the same PDN.
				rec, err := got.Record()
				require.NoError(t, err)
				g2, err := pdn.FromRecord(rec)
				require.NoError(t, err)
				g2.Tags = got.Tags
				again, err := pdn.Marshal(g2)
				require.NoError(t, err)
				assert.Equal(t, string(text), string(again))
			})
		}
	}
}

// TestRoundTripFEN: games from set-up positions, either side to move, keep their start.
func TestRoundTripFEN(t *testing.T) {
	for _, tc := range []struct {
		typ   int
		start string // engine position
	}{
		{21, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"},
		{21, "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"},
		{20, "W:W1,2,3,K40:B31,33,K45,50"},
		{25, "B:WK1,5,9:B20,24,K32"},
		{26, "W:W10,11:B22,K29"},
		{27, "B:W60,61,K70:B1,2,K12"},
	} {
		typ := pdn.TypeByNumber(tc.typ)
		t.Run(fmt.Sprintf("%d %s", tc.typ, tc.start), func(t *testing.T) {
			game, err := checkers.New("checkers", typ.Rules)
			require.NoError(t, err)
			norm, err := game.Parse(tc.start)
			require.NoError(t, err)
			tc.start = norm.String()
			g, want := playout(t, typ, tc.start, 3, 60)
			text, err := pdn.Marshal(g)
			require.NoError(t, err)
			assert.Contains(t, string(text), "[SetUp \"1\"]\n[FEN ")
			got, err := pdn.ParseOne(text)
			require.NoError(t, err, "%s", text)
			assert.Equal(t, tc.start, got.Start)
			assert.Equal(t, g.Moves, got.Moves)
			assert.Equal(t, want.String(), got.Final)
		})
	}
}

// TestSquares pins the mapping between PDN's squares and colours and the engine's.
func TestSquares(t *testing.T) {
	for _, tc := range []struct {
		typ        int
		fen, moves string // a PDN FEN and moves
		want       string // the engine's position after them
	}{
		// English draughts is the engine's own numbering.
		{21, "B:W21-32:B1-12", "11-15 23-19", "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
		// International: PDN's White (first) on 31-50 is the engine's Black on 1-20.
		{20, "W:W31-50:B1-20", "32-28 19-23 28x19 14x23",
			"B:W28,31,33,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:B1-18,20"},
		// Russian: White (first) on a1..h3; the engine's square 1 is g1 and 4 is a1.
		{25, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Ba7,c7,e7,g7,b8,d8,f8,h8,b6,d6,f6,h6", "c3-d4 f6-g5",
			"B:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"},
	} {
		typ := pdn.TypeByNumber(tc.typ)
		game, err := checkers.New("checkers", typ.Rules)
		require.NoError(t, err)
		text := fmt.Sprintf("[GameType \"%d\"]\n[FEN \"%s\"]\n%s *\n", tc.typ, tc.fen, tc.moves)
		g, err := pdn.ParseOne([]byte(text))
		require.NoError(t, err, "%d", tc.typ)
		assert.Equal(t, game.Start().String(), g.Start, "%d: the FEN is the usual start", tc.typ)
		st, err := game.Parse(g.Final)
		require.NoError(t, err)
		want, err := game.Parse(tc.want)
		require.NoError(t, err)
		assert.Equal(t, strings.Fields(want.String())[0], strings.Fields(st.String())[0], "%d", tc.typ)
	}
}

// TestGames reads the games in testdata: constructed games in the forms other programs
// write (see testdata/README), played through the rules to the positions noted.
func TestGames(t *testing.T) {
	for _, tc := range []struct {
		file   string
		games  int
		first  string // the first game's first moves, engine notation
		result string
		final  string // the last game's final position
	}{
		{"english.pdn", 3, "11-15 23-19 8-11 22-17 4-8", "0-1", "W:W:BK32 winner=B"},
		{"fen.pdn", 1, "22-26 10-14", "1/2-1/2", ""},
		{"international.pdn", 1, "19-23 32-28", "1-0", ""},
		{"russian.pdn", 1, "11-15 22-17", "*", ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			require.NoError(t, err)
			games, err := pdn.Parse(data)
			require.NoError(t, err)
			require.Len(t, games, tc.games)
			first := strings.Fields(tc.first)
			require.GreaterOrEqual(t, len(games[0].Moves), len(first))
			assert.Equal(t, first, games[0].Moves[:len(first)])
			assert.Equal(t, tc.result, games[0].Result)
			if tc.final != "" {
				assert.Equal(t, tc.final, games[len(games)-1].Final)
			}
			for _, g := range games {
				text, err := pdn.Marshal(g)
				require.NoError(t, err)
				again, err := pdn.ParseOne(text)
				require.NoError(t, err, "%s", text)
				assert.Equal(t, g.Moves, again.Moves)
				assert.Equal(t, g.Final, again.Final)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line, col  int
		want       string
	}{
		{"illegal move", "[GameType \"21\"]\n1. 11-15 23-19 2. 11-16 22-17 *", 2, 19, `move 2 (Black) 11-16: illegal here (legal: `},
		{"illegal white", "1. 11-15 22-19 *", 1, 10, `move 1 (White) 22-19: illegal here`},
		{"square range", "1. 11-39 *", 1, 4, `square "39": want a number 1..32`},
		{"not a move", "1. 11/15 *", 1, 4, "not a move"},
		{"unknown game type", "[GameType \"22\"]\n*", 1, 1, `GameType "22": Italian draughts, whose rules kalahlab does not play; supported: 20 (International draughts), 21`},
		{"chess", "[GameType \"0\"]\n*", 1, 1, "not draughts"},
		{"bad attributes", "[GameType \"21,B,10,10,N1,0\"]\n*", 1, 1, `kalahlab reads English draughts only as "21,B,8,8,N1,0"`},
		{"bad result tag", "[Result \"3-0\"]\n*", 1, 1, `Result "3-0": want 1-0`},
		{"result mismatch", "[Result \"1-0\"]\n1. 11-15 0-1", 2, 10, "the movetext ends with 0-1, but the Result tag says 1-0"},
		{"bad fen side", "[FEN \"X:W21:B1\"]\n*", 1, 1, "want the side to move (W or B)"},
		{"bad fen square", "[FEN \"B:W21,33:B1\"]\n*", 1, 1, `FEN "B:W21,33:B1": square "33": want a number 1..32`},
		{"fen twice", "[FEN \"B:W21,1:B1\"]\n*", 1, 1, "a square holds two pieces"},
		{"fen algebraic light", "[GameType \"25\"]\n[FEN \"W:Wa2:Bb8\"]\n*", 2, 1, `"a2" is a light square`},
		{"duplicate tag", "[Event \"a\"]\n[Event \"b\"]\n*", 2, 1, "tag Event appears twice"},
		{"unclosed comment", "1. 11-15 {a comment\n23-19 *", 1, 10, "comment '{' never closed"},
		{"unclosed variation", "1. 11-15 (23-19 {x} 2. 8-11\n", 1, 10, "variation '(' never closed"},
		{"stray paren", "1. 11-15 ) *", 1, 10, "')' closes no variation"},
		{"stray bracket", "]\n1. 11-15 *", 1, 1, "']' closes no tag"},
		{"stray brace", "1. 11-15 } *", 1, 10, "'}' closes no comment"},
		{"unquoted tag", "[Event a]\n*", 1, 8, "want its value in double quotes"},
		{"unclosed tag", "[Event \"a\n*", 1, 1, "closing '\"' is missing"},
		{"after the end", "[FEN \"B:W1:B5\"]\n1. 5-9 9-14 *", 2, 8, "move 1 (White) 9-14: the game is already over (Black won)"},
		{"ambiguous", "[FEN \"W:WK19:B14,15,22,23\"]\n1... 19x19 *", 2, 6, "ambiguous: write the squares it lands on, one of 19x10x17x26x19 19x26x17x10x19"},
		{"nag", "1. 11-15 $ *", 1, 10, "'$' without a number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := pdn.Parse([]byte(tc.text))
			require.Error(t, err)
			var pe *pdn.Error
			require.True(t, errors.As(err, &pe), "%v", err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{pe.Line, pe.Col}, "%v", err)
			assert.Contains(t, err.Error(), fmt.Sprintf("line %d, column %d: ", tc.line, tc.col))
		})
	}
	_, err := pdn.Parse([]byte("  {just a comment}\n"))
	assert.ErrorContains(t, err, "no game")
	_, err = pdn.Parse([]byte("1. 11-15 \xff *"))
	assert.ErrorContains(t, err, "not UTF-8")
	_, err = pdn.ParseOne([]byte("1. 11-15 *\n1. 9-13 *\n"))
	assert.ErrorContains(t, err, "2 games")
}

// TestReadForms: the forms other programs write read as the same moves.
func TestReadForms(t *testing.T) {
	want := []string{"11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8", "25-22"}
	for _, text := range []string{
		"1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 *",
		"1.11-15 22-18 2.15x22 25x18 3.8-11 29-25 4.4-8 25-22",
		"1. 11-15 {Single Corner} 22-18 $1 2. 15-22! 25-18?! (2... 26x17 (2... 26x17)) 3. 8-11 29-25 ; a line comment\n4. 4-8 25-22 *",
		"1. 11-15 22-18\n% an escape line\n2. 15:22 25X18 3. 8-11 29-25 4. 4-8 25-22 *",
		"[Event \"x\"]\n\n1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 1/2-1/2",
	} {
		g, err := pdn.ParseOne([]byte(text))
		require.NoError(t, err, text)
		assert.Equal(t, want, g.Moves, text)
	}
	// A multi-jump: every landing square, its start and end, or start, a middle square
	// and end.
	const fen = `[FEN "B:W9,18,27:B1,5"]` + "\n"
	for _, mv := range []string{"5x14x23x32", "5x32", "5x23x32"} {
		g, err := pdn.ParseOne([]byte(fen + "1. " + mv + " *"))
		require.NoError(t, err, mv)
		assert.Equal(t, []string{"5x14x23x32"}, g.Moves, mv)
	}
}

// TestWriteForm pins the written text: tags, numbering, short captures, results.
func TestWriteForm(t *testing.T) {
	g := &pdn.Game{Type: pdn.English(), Rules: pdn.English().Rules, Result: "1/2-1/2",
		Moves: []string{"11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8", "25-22"}}
	g.SetTag("Event", "Test")
	text, err := pdn.Marshal(g)
	require.NoError(t, err)
	assert.Equal(t, `[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[GameType "21"]

1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 1/2-1/2

`, string(text))

	// International: results as 2-0; a set-up start with White to move second.
	intl := pdn.TypeByNumber(20)
	g = &pdn.Game{Type: intl, Rules: intl.Rules, Result: "0-1", Start: "W:W49,50:B1,2", Moves: []string{"49-43", "1-7"}}
	text, err = pdn.Marshal(g)
	require.NoError(t, err)
	assert.Contains(t, string(text), "[Result \"0-2\"]\n[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"B:W49,50:B1,2\"]\n\n1... 2-8 2. 50-44 0-2\n")

	_, err = pdn.Marshal(&pdn.Game{Type: pdn.English(), Rules: pdn.English().Rules, Result: "*", Moves: []string{"11-19"}})
	assert.ErrorContains(t, err, "move 1")
	_, err = pdn.Marshal(&pdn.Game{Type: pdn.English(), Rules: pdn.English().Rules, Result: "2-0"})
	assert.ErrorContains(t, err, `result "2-0"`)
}

func TestRecordConversion(t *testing.T) {
	g, err := pdn.ParseOne([]byte("[White \"alphabeta:depth=4\"]\n[Black \"Smith, J.\"]\n[Result \"1-0\"]\n1. 11-15 23-19 1-0"))
	require.NoError(t, err)
	rec, err := g.ToRecord(func(name string) string {
		if strings.Contains(name, ":") {
			return name
		}
		return "human"
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "alphabeta:depth=4"}, rec.Players, "Black is seat 1")
	assert.Equal(t, []string{"11-15", "23-19"}, rec.Moves)
	require.NotNil(t, rec.Result, "a resignation is a result")
	assert.Equal(t, 2, rec.Result.Winner)
	assert.Equal(t, []float64{-1, 1}, rec.Result.Returns)
	_, err = record.Marshal(rec)
	require.NoError(t, err)

	back, err := pdn.FromRecord(rec)
	require.NoError(t, err)
	assert.Equal(t, "1-0", back.Result)
	assert.Equal(t, "alphabeta:depth=4", back.Tag("White"))

	for _, tc := range []struct {
		name string
		edit func(*record.Game)
		want string
	}{
		{"lua", func(r *record.Game) { r.Hash = strings.Repeat("a", 64); r.Name = "checkers/no-kings" }, "checkers/no-kings is defined by Lua scripts"},
		{"kalah", func(r *record.Game) { r.Knobs = map[string]any{"houses": 6}; r.Name = "kalah" }, "kalah is not a checkers game"},
		{"no type", func(r *record.Game) { r.Knobs = map[string]any{"flying_kings": true} }, "have no PDN GameType"},
	} {
		r := *rec
		tc.edit(&r)
		_, err := pdn.FromRecord(&r)
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
}

// FuzzParse: Parse never panics; what it reads writes out and reads back the same.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"english.pdn", "fen.pdn", "international.pdn", "russian.pdn"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(f, err)
		f.Add(data)
	}
	f.Add([]byte("[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0"))
	f.Add([]byte("1. 11-15 (1. 9-13 {x}) 23-19 $3 ; c\n%e\n2. 8-11! *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := pdn.Parse(data)
		if err != nil {
			return
		}
		for _, g := range games {
			text, err := pdn.Marshal(g)
			require.NoError(t, err, "a parsed game writes")
			again, err := pdn.ParseOne(text)
			require.NoError(t, err, "a written game reads: %s", text)
			assert.Equal(t, g.Moves, again.Moves)
			assert.Equal(t, g.Final, again.Final)
			assert.Equal(t, g.Result, again.Result)
		}
	})
}

// BenchmarkParse reads a PDN file of ten random English games of up to 200 plies.
func BenchmarkParse(b *testing.B) {
	var text []byte
	for seed := range uint64(10) {
		g, _ := playout(b, pdn.English(), "", seed, 200)
		data, err := pdn.Marshal(g)
		require.NoError(b, err)
		text = append(text, data...)
	}
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := pdn.Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}
