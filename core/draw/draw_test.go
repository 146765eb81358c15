package draw_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// games builds one game of each kind the tests draw, by name.
func games(t testing.TB) map[string]core.Game {
	t.Helper()
	out := map[string]core.Game{}
	add := func(name string, g core.Game, err error) {
		require.NoError(t, err, name)
		out[name] = g
	}
	kr := kalah.DefaultRules()
	g, err := kalah.New("kalah", kr)
	add("kalah", g, err)
	kr4 := kalah.DefaultRules()
	kr4.Rows, kr4.Houses, kr4.Seeds = 4, 4, 2
	g4, err := kalah.New("kalah-4rows", kr4)
	add("kalah-4rows", g4, err)
	krp := kalah.DefaultRules()
	krp.PieRule = true
	gp, err := kalah.New("kalah/pie", krp)
	add("kalah-pie", gp, err)
	for name, r := range map[string]mancala.Rules{
		"oware": mancala.Oware(300), "toguz-kumalak": mancala.ToguzKumalak(300),
		"ayoayo": mancala.Ayoayo(300), "congkak": mancala.Congkak(300), "vai-lung-thlan": mancala.VaiLungThlan(300),
	} {
		mg, err := mancala.New(name, r)
		add(name, mg, err)
	}
	ko := mancala.DefaultKalah()
	ko.Rows, ko.Houses, ko.Seeds, ko.PieRule = 4, 3, 2, true
	kr4m, err := mancala.Kalah(ko)
	require.NoError(t, err)
	mk, err := mancala.New("mancala-kalah-4rows", kr4m)
	add("mancala-kalah-4rows", mk, err)
	cg, err := checkers.New("checkers", checkers.DefaultRules())
	add("checkers", cg, err)
	ir := checkers.DefaultRules()
	ir.Size, ir.ManRows, ir.FlyingKings, ir.MenCaptureBackwards, ir.MaxCapture = 10, 4, true, true, true
	ig, err := checkers.New("international", ir)
	add("international", ig, err)
	tg, err := tictactoe.New("tictactoe", tictactoe.DefaultRules())
	add("tictactoe", tg, err)
	c4 := tictactoe.Rules{Rows: 6, Cols: 7, K: 4, Gravity: true}
	c4g, err := tictactoe.New("connect4", c4)
	add("connect4", c4g, err)
	lg, err := ludo.New("ludo", ludo.DefaultRules())
	add("ludo", lg, err)
	l2 := ludo.DefaultRules()
	l2.Players = 2
	l2g, err := ludo.New("ludo-2", l2)
	add("ludo-2", l2g, err)
	lr := ludo.DefaultRules()
	lr.TrackLength, lr.HomeLength, lr.Players, lr.Tokens = 40, 4, 3, 2
	lr.Fields = ludo.DefaultFieldsFor(40)
	lrg, err := ludo.New("ludo-ring", lr)
	add("ludo-ring", lrg, err)
	return out
}

// golden cases: a game, a position (or moves from the start), and options.
type goldenCase struct {
	name, game, pos string
	moves           []string
	opt             draw.Options
}

var goldenCases = []goldenCase{
	{name: "kalah-start", game: "kalah"},
	{name: "kalah-last-move", game: "kalah", moves: []string{"3", "6"}, opt: draw.Options{ShowMoves: true}},
	{name: "kalah-4rows", game: "kalah-4rows", moves: []string{"2", "5"}},
	{name: "kalah-pie-offer", game: "kalah-pie", moves: []string{"4"}},
	{name: "kalah-over", game: "kalah", pos: "0,0,0,0,0,0,[30],0,0,0,0,0,0,[18] -"},
	{name: "oware", game: "oware", moves: []string{"3", "5", "1"}},
	{name: "toguz-kumalak-tuzdik", game: "toguz-kumalak", pos: "9,9,9,9,9,9,9,9,0,[10],10,10,10,0,10,10,10,10,10,[0] n marks=14:s"},
	{name: "mancala-kalah-4rows-pie", game: "mancala-kalah-4rows", moves: []string{"1"}},
	{name: "checkers-start", game: "checkers", opt: draw.Options{ShowMoves: true}},
	{name: "checkers-captures", game: "checkers", pos: "B:W14,15,22,23,K30:B9,10,K27", opt: draw.Options{ShowMoves: true}},
	{name: "international-start", game: "international", opt: draw.Options{Width: 400}},
	{name: "tictactoe", game: "tictactoe", moves: []string{"b2", "a1", "c3"}, opt: draw.Options{ShowMoves: true}},
	{name: "tictactoe-won", game: "tictactoe", moves: []string{"a1", "b1", "a2", "b2", "a3"}},
	{name: "connect4", game: "connect4", moves: []string{"d", "d", "c", "e"}, opt: draw.Options{ShowMoves: true}},
	{name: "ludo-start", game: "ludo"},
	{name: "ludo-midgame", game: "ludo", pos: "R:1,9,0,57 G:3,0,0,0 Y:22,0,0,0 B:0,0,0,0 R6", opt: draw.Options{ShowMoves: true}},
	{name: "ludo-2-players", game: "ludo-2", pos: "R:5,0,0,0 Y:0,0,0,0 Y?"},
	{name: "ludo-ring", game: "ludo-ring", pos: "R:3,0 G:12,0 Y:0,44 R5", opt: draw.Options{ShowMoves: true}},
}

// position builds a golden case's position and, after moves, the position before the
// last one and that move.
func (gc goldenCase) position(t *testing.T, g core.Game) (core.State, draw.Options) {
	t.Helper()
	st := g.NewState()
	if gc.pos != "" {
		var err error
		st, err = g.ParseState(gc.pos)
		require.NoError(t, err)
	}
	opt := gc.opt
	for _, text := range gc.moves {
		m, err := core.ParsePlay(st, text)
		require.NoError(t, err, "move %s", text)
		opt.Prev, opt.Last = st.Clone(), m
		st.Play(m)
	}
	return st, opt
}

func TestGolden(t *testing.T) {
	gs := games(t)
	for _, gc := range goldenCases {
		t.Run(gc.name, func(t *testing.T) {
			g, ok := gs[gc.game]
			require.True(t, ok, gc.game)
			st, opt := gc.position(t, g)
			got, err := draw.SVG(st, opt)
			require.NoError(t, err)
			checkXML(t, got)
			path := filepath.Join("testdata", gc.name+".svg")
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "no golden file: run go test ./core/draw -run TestGolden -update")
			assert.Equal(t, string(want), string(got), "%s differs: rerun with -update if the change is meant", path)
		})
	}
}

// svgDoc is what the tests read back from a drawing.
type svgDoc struct {
	root     xml.StartElement
	title    string
	desc     string
	moves    []string // data-move values, in order, repeats removed
	elements int
	texts    []string
}

// checkXML parses the drawing as XML and checks its frame: an svg root with a title and
// a description, numbers that are numbers.
func checkXML(t testing.TB, data []byte) svgDoc {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var doc svgDoc
	var stack []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "not well-formed XML:\n%s", data)
		switch tk := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				doc.root = tk.Copy()
			}
			stack = append(stack, tk.Name.Local)
			doc.elements++
			for _, a := range tk.Attr {
				if a.Name.Local == "data-move" && !slices.Contains(doc.moves, a.Value) {
					doc.moves = append(doc.moves, a.Value)
				}
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 2 && stack[1] == "title" {
				doc.title += string(tk)
			}
			if len(stack) == 2 && stack[1] == "desc" {
				doc.desc += string(tk)
			}
			if len(stack) > 0 && stack[len(stack)-1] == "text" {
				doc.texts = append(doc.texts, string(tk))
			}
		}
	}
	require.Equal(t, "svg", doc.root.Name.Local)
	require.Equal(t, "http://www.w3.org/2000/svg", doc.root.Name.Space)
	require.NotEmpty(t, strings.TrimSpace(doc.title), "no <title>")
	require.NotEmpty(t, strings.TrimSpace(doc.desc), "no <desc>")
	for _, bad := range []string{"NaN", "Inf", "<nil>", "%!"} {
		require.NotContains(t, string(data), bad)
	}
	return doc
}

// TestRandomGamesWellFormed draws every ply of random games of every game, with the
// last move marked and the moves shown, and checks that the result is well-formed XML
// whose clickable regions are exactly the legal moves.
func TestRandomGamesWellFormed(t *testing.T) {
	gs := games(t)
	names := make([]string, 0, len(gs))
	for name := range gs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		g := gs[name]
		t.Run(name, func(t *testing.T) {
			games := 3
			if testing.Short() {
				games = 1
			}
			for seed := uint64(1); seed <= uint64(games); seed++ {
				r := rand.New(rand.NewPCG(seed, 7))
				st := g.NewState()
				var opt draw.Options
				for ply := 0; ply < 400; ply++ {
					opt.ShowMoves = ply%2 == 0
					data, err := draw.SVG(st, opt)
					require.NoError(t, err, "ply %d: %s", ply, st)
					doc := checkXML(t, data)
					assert.Equal(t, st.String(), attr(doc.root, "data-position"))
					var want []string
					if tm := st.ToMove(); tm >= 0 {
						for _, m := range st.LegalMoves(nil) {
							want = append(want, st.MoveString(m))
						}
					}
					got := slices.Clone(doc.moves)
					slices.Sort(got)
					slices.Sort(want)
					require.Equal(t, want, got, "ply %d: data-move regions of %s", ply, st)
					if st.ToMove() == core.Terminal {
						break
					}
					moves := st.LegalMoves(nil)
					m := moves[r.IntN(len(moves))]
					if st.ToMove() == core.Chance {
						m = core.SampleOutcome(r, st.ChanceOutcomes(nil))
					}
					opt.Prev, opt.Last = st.Clone(), m
					st.Play(m)
				}
			}
		})
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// wrapped is an adapter around a state, as a future wrapper might be.
type wrapped struct{ core.State }

func (w wrapped) Unwrap() core.State { return w.State }

// foreign is a state of a game draw does not know.
type foreign struct{ core.State }

func TestDrawErrorsAndOptions(t *testing.T) {
	gs := games(t)
	st := gs["kalah"].NewState()
	tests := []struct {
		name    string
		st      core.State
		opt     draw.Options
		wantErr string
	}{
		{"nil state", nil, draw.Options{}, "no position"},
		{"unknown game", foreign{st}, draw.Options{}, "no drawing for this game"},
		{"negative width", st, draw.Options{Width: -3}, "width -3"},
		{"wrapped state", wrapped{st}, draw.Options{}, ""},
		{"title", st, draw.Options{Title: `a <b> & "c"`}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := draw.SVG(tc.st, tc.opt)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			doc := checkXML(t, data)
			if tc.opt.Title != "" {
				assert.Equal(t, tc.opt.Title, doc.title)
			}
		})
	}
	_, err := draw.SVG(foreign{st}, draw.Options{})
	assert.ErrorIs(t, err, draw.ErrUnknownGame)
	// Width scales the element, not the drawing.
	d, err := draw.Draw(st, draw.Options{Width: 300})
	require.NoError(t, err)
	var b strings.Builder
	d.WriteSVG(&b)
	assert.Contains(t, b.String(), `width="300"`)
	assert.Contains(t, b.String(), fmt.Sprintf(`viewBox="0 0 %g %g"`, d.Width, d.Height))
}

// TestDescriptions checks that the words say what the board shows.
func TestDescriptions(t *testing.T) {
	gs := games(t)
	tests := []struct {
		game, position string
		want           []string
	}{
		{"kalah", "", []string{"South (seat 1) to move", "South (seat 1) houses 1: 4", "Legal moves: 1, 2, 3, 4, 5, 6"}},
		{"toguz-kumalak", "9,9,9,9,9,9,9,9,0,[10],10,10,10,0,10,10,10,10,10,[0] n marks=14:s", []string{"(marked for South)", "North (seat 2) to move"}},
		{"checkers", "W:WK3,18:B12,K31", []string{"White (seat 2) to move", "White men on 18, kings on 3", "Black men on 12, kings on 31"}},
		{"tictactoe", "xxx/oo./... x-wins", []string{"game over, X (seat 1) wins"}},
		{"ludo", "R:1,0,0,57 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?", []string{"green (seat 2) to roll", "a on square 1", "d at the goal"}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			g := gs[tc.game]
			st := g.NewState()
			if tc.position != "" {
				var err error
				st, err = g.ParseState(tc.position)
				require.NoError(t, err)
			}
			d, err := draw.Draw(st, draw.Options{})
			require.NoError(t, err)
			for _, w := range tc.want {
				assert.Contains(t, d.Desc, w)
			}
		})
	}
}

// TestOddLastMoves: a last move that does not belong to Prev (a caller's mistake) marks
// nothing, and never panics.
func TestOddLastMoves(t *testing.T) {
	gs := games(t)
	for name, g := range gs {
		for _, last := range []core.Move{-5, 0, 1 << 20, 1<<31 - 1} {
			for _, prev := range []core.State{g.NewState(), gs["kalah"].NewState(), gs["ludo"].NewState()} {
				_, err := draw.SVG(g.NewState(), draw.Options{Prev: prev, Last: last, ShowMoves: true})
				require.NoError(t, err, "%s, last %d", name, last)
			}
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	gs := games(b)
	for _, gc := range []struct{ game, pos string }{
		{"kalah", ""},
		{"checkers", "B:W14,15,22,23,K30:B9,10,K27"},
		{"ludo", "R:1,9,0,57 G:3,0,0,0 Y:22,0,0,0 B:0,0,0,0 R6"},
	} {
		g := gs[gc.game]
		st := g.NewState()
		if gc.pos != "" {
			var err error
			st, err = g.ParseState(gc.pos)
			require.NoError(b, err)
		}
		b.Run(gc.game, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := draw.SVG(st, draw.Options{ShowMoves: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStorelessBoardShowsCaptures: a board described without stores (Ba-awa, Bao) gets
// stores from the engine, which hold the captures; the drawing shows them.
func TestStorelessBoardShowsCaptures(t *testing.T) {
	for _, r := range []mancala.Rules{mancala.BaAwa(6, 200), mancala.BaoSimplified(200)} {
		g, err := mancala.New("storeless", r)
		require.NoError(t, err)
		st := g.NewState()
		svg, err := draw.SVG(st, draw.Options{})
		require.NoError(t, err)
		assert.Equal(t, 2, strings.Count(string(svg), ">store<"), "both players' stores are drawn")
		assert.Contains(t, string(svg), "store 0")
	}
}
