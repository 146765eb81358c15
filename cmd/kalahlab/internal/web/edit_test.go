package web

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

// checkEdit asks /edit/check and decodes its answer.
func checkEdit(t *testing.T, c *client, q url.Values) (int, editResult) {
	t.Helper()
	code, body := c.get("/edit/check?" + q.Encode())
	var r editResult
	require.NoError(t, json.Unmarshal([]byte(body), &r), body)
	return code, r
}

// The editor page: a mancala game carries its clickable board (the pits in the
// position string's order), the position string and the game's reading of it; the
// other games are typed, with the same reading.
func TestEditPage(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/edit?variant=kalah")
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `id="edit-model">{"rows":2,"houses":6,"pits":[{"owner":0,"store":false,"row":1,"col":0,"number":1,"seeds":4}`)
	assert.Contains(t, body, `value="4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s"`)
	assert.Contains(t, byID(body, "pos-status"), "The game reads it: seat 1 to move; legal moves 1 2 3 4 5 6.")
	assert.Contains(t, body, `<script type="module" src="/static/editor.js"></script>`)
	assert.Contains(t, body, `action="/play/new" id="play-from"`)
	assert.Contains(t, body, "The rules of kalah, in words")

	// A descriptor game with knobs, and a position given.
	pos := "0,0,0,2,0,1,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] s"
	code, body = c.get("/edit?" + url.Values{"variant": {"mancala/bao"}, "pos": {pos}}.Encode())
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `"rows":4,"houses":8`)
	assert.Contains(t, byID(body, "pos-status"), "legal moves 4R 4L")
	code, body = c.get("/edit?variant=oware&knob.seeds=3")
	require.Equal(t, http.StatusOK, code, body)
	assert.Contains(t, body, `<input type="hidden" name="knob.seeds" value="3">`)
	assert.Contains(t, body, `value="3,3,3,3,3,3,[0],3,3,3,3,3,3,[0] s"`)

	// Tic-tac-toe has no clickable board: its string is typed.
	code, body = c.get("/edit?variant=tictactoe&pos=" + url.QueryEscape("x.o/.x./..o x"))
	assert.Contains(t, body, `id="edit-model">null</script>`)
	assert.Contains(t, []int{http.StatusOK, http.StatusUnprocessableEntity}, code)
}

// A position the game's parser refuses is shown with its error (and the board starts
// from the start); a bad request names what is wrong.
func TestEditBadInput(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/edit?variant=kalah&pos=" + url.QueryEscape("4,4,4 s"))
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, html.UnescapeString(byID(body, "pos-status")), `kalah position "4,4,4 s"`)
	assert.Contains(t, body, `"seeds":4}`, "the clickable board starts from the start")

	for _, tc := range []struct {
		query url.Values
		code  int
		want  string
	}{
		{url.Values{"variant": {"kalha"}}, http.StatusBadRequest, `did you mean "kalah"`},
		{url.Values{"variant": {"kalah"}, "knob.houses": {"99"}}, http.StatusBadRequest, "houses"},
		{url.Values{"variant": {"kalah"}, "knob.housez": {"4"}}, http.StatusOK, ""},
		{url.Values{"variant": {"my.lua"}}, http.StatusBadRequest, "by name"},
		{url.Values{"variant": {"kalah"}, "pos": {strings.Repeat("4,", 5000)}}, http.StatusBadRequest, "more than the 8192"},
		{url.Values{"variant": {"kalah"}, "pos": {"4\n4"}}, http.StatusBadRequest, "one line"},
	} {
		code, body := c.get("/edit?" + tc.query.Encode())
		assert.Equal(t, tc.code, code, "%v: %s", tc.query, byID(body, "main"))
		assert.Contains(t, html.UnescapeString(body), tc.want, "%v", tc.query)
		code, r := checkEdit(t, c, tc.query)
		assert.Equal(t, tc.code, code, "/edit/check %v", tc.query)
		assert.Contains(t, r.Error, tc.want, "/edit/check %v", tc.query)
	}
}

// /edit/check reads a position with the game's own parser: the string it writes back,
// who moves, the legal moves and the drawing; or the parser's error, as an answer.
func TestEditCheck(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	for _, tc := range []struct {
		variant, pos string
		ok           bool
		toMove       string
		legal        []string
		err          string
	}{
		{"kalah", "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", true, "seat 1 to move", []string{"1", "6"}, ""},
		{"kalah", "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] n", true, "seat 2 to move", []string{"1", "5"}, ""},
		{"kalah", "0,0,0,0,0,0,[20],0,0,0,0,0,0,[28] -", true, "the game is over", nil, ""},
		{"kalah", "1,0,0,0,0,1,[0],1,0,0,0,3,0,0 s", false, "", nil, "store"},
		{"kalah", "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] x", false, "", nil, "side"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] n", true, "seat 2 to move", []string{"1", "2", "3", "4", "5", "6"}, ""},
		{"checkers", "", true, "seat 1 to move", nil, ""},
	} {
		_, r := checkEdit(t, c, url.Values{"variant": {tc.variant}, "pos": {tc.pos}})
		assert.Equal(t, tc.ok, r.OK, "%s %q: %+v", tc.variant, tc.pos, r.Error)
		if tc.ok {
			assert.Equal(t, tc.toMove, r.ToMove, tc.pos)
			if tc.legal != nil {
				assert.Equal(t, tc.legal, r.Legal, tc.pos)
			}
			assert.Contains(t, string(r.SVG), "<svg", tc.pos)
		} else {
			assert.Contains(t, r.Error, tc.err, tc.pos)
		}
	}
}

// The example: the position as from, the moves as play and where they lead as want,
// in the syntax of a script's examples; with no moves, the legal moves; knobs that
// differ from the variant's as set; an illegal move is named.
func TestEditExample(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	pos := "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s"
	_, r := checkEdit(t, c, url.Values{"variant": {"kalah"}, "pos": {pos}, "play": {"1"}, "name": {`a capture takes the "last" seed`}})
	require.True(t, r.OK, r.Error)
	assert.Equal(t, `{ name = "a capture takes the \"last\" seed",
  from = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s",
  play = "1",
  want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n" },`, r.Example)
	assert.Equal(t, []string{"1"}, r.Next, "the moves that may follow")

	_, r = checkEdit(t, c, url.Values{"variant": {"kalah"}, "knob.houses": {"3"}, "knob.seeds": {"2"}, "example": {"1"}})
	assert.Equal(t, `{ name = "a position set up in the editor",
  set = { houses = 3, seeds = 2 },
  from = "2,2,2,[0],2,2,2,[0] s",
  legal = "1 2 3" },`, r.Example)

	_, r = checkEdit(t, c, url.Values{"variant": {"kalah"}, "pos": {pos}, "play": {"1, 2"}})
	assert.Empty(t, r.Example)
	assert.Contains(t, r.ExampleErr, `play: move 2 ("2")`)
}

// The example the editor writes passes as the variant's own: put in a script that
// extends the variant and run by variants check.
func TestEditExampleRuns(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	_, r := checkEdit(t, c, url.Values{"variant": {"oware"}, "pos": {"0,0,0,0,1,2,[0],1,2,0,0,0,1,[0] s"}, "play": {"6"}, "name": {"6 captures 3 and 2 backwards"}})
	require.True(t, r.OK, r.Error)
	require.Empty(t, r.ExampleErr)
	assert.Contains(t, r.Example, `want = "0,0,0,0,1,0,[5],0,0,0,0,0,1,[0] -"`)
	script := "return variant {\n  name = \"my/oware-example\",\n  extends = \"oware\",\n  examples = {\n" + r.Example + "\n  },\n}\n"
	v, err := variants.LoadScript("my-oware.lua", []byte(script), variants.Options{})
	require.NoError(t, err, script)
	rep, err := variants.CheckContext(context.Background(), v, 0, 1)
	require.NoError(t, err)
	require.Len(t, rep.Examples, 1)
	assert.NoError(t, rep.Examples[0].Err)
}

// Play from here: the new-game form's start field starts the game from the position;
// the record keeps it as its start, undo stops there, and the game can be loaded back.
func TestPlayFromHere(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	pos := "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s"
	body := startKalah(t, c, url.Values{"start": {pos}, "seat.2": {"human"}})
	assert.Equal(t, pos, byID(body, "position"))
	assert.Contains(t, body, `id="edit-position"`)
	assert.Contains(t, body, "The rules of kalah, in words")
	_, body = c.post("/play/new", url.Values{"variant": {"oware"}, "seat.1": {"human"}, "seat.2": {"random"}})
	assert.Contains(t, body, "The rules of oware, in words</summary><p class=\"description\">Two rows of six houses")
	assert.Contains(t, body, `<ul class="sources"><li>`)
	startKalah(t, c, url.Values{"start": {pos}, "seat.2": {"human"}})
	_, body = c.post("/play/move", url.Values{"move": {"1"}})
	assert.Equal(t, "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n", byID(body, "position"))
	_, data := c.get("/play/save")
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &rec))
	assert.Equal(t, pos, rec["start"])
	_, body = c.post("/play/undo", nil)
	assert.Equal(t, pos, byID(body, "position"))
	// The saved record loads back, from its start.
	code, body := c.post("/play/load", url.Values{"record_text": {data}})
	require.Equal(t, http.StatusOK, code, body)
	assert.Equal(t, "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n", byID(body, "position"))
	_, body = c.get("/play?at=0")
	assert.Contains(t, body, pos)

	// A start the game cannot read is the form's error.
	code, body = c.post("/play/new", url.Values{"variant": {"kalah"}, "seat.1": {"human"}, "seat.2": {"random"}, "start": {"1,2 s"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, html.UnescapeString(byID(body, "setup-error")), "the start position: kalah position")
}

// The variant page states the rules in words, with the script's sources, and links
// the editor; the Play page folds the rules under the game.
func TestVariantPageRules(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.get("/variant?name=mancala/bao")
	require.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `<h2 id="rules">Rules</h2>`)
	assert.Contains(t, body, "<h3>Sowing</h3>")
	assert.Contains(t, body, "Relay: when the last seed falls in a house that already held seeds")
	assert.Contains(t, body, `<ul class="sources"><li>liquisearch.com`)
	assert.Contains(t, body, "Ludii's ruleset: Bao Kiswahili (East Africa)")
	assert.Contains(t, body, `href="/edit?variant=mancala%2fbao"`)
	_, body = c.get("/variant?name=kalah/strict-capture")
	assert.Contains(t, body, "A Lua hook (capture) decides the captures")
	for _, name := range []string{"checkers", "tictactoe", "ludo", "ludo/trap", "mancala/omweso"} {
		_, body = c.get("/variant?name=" + name)
		assert.Contains(t, body, "<h3>End and winning</h3>", name)
	}
}

// FuzzEditCheck sends /edit/check any position, moves and knob: the answer is always
// JSON, a 200 with the game's reading or its error, or a 400 naming what is wrong;
// never a panic, and a position read back is read the same again.
func FuzzEditCheck(f *testing.F) {
	srv, err := New(Config{})
	require.NoError(f, err)
	f.Cleanup(srv.Close)
	for _, seed := range []struct{ variant, pos, play, houses string }{
		{"kalah", "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", "1", ""},
		{"kalah", "4,4,4 s", "", "3"},
		{"oware", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] n", "1,2", ""},
		{"mancala/toguz-kumalak", "9,9,9,9,9,9,9,9,9,[0],9,9,9,9,9,9,9,9,9,[0] s marks=3:n", "", ""},
		{"checkers", "W:W18:B14", "18x9", ""},
		{"tictactoe", "x../.o./... x", "a1", ""},
		{"ludo", "", "6", ""},
	} {
		f.Add(seed.variant, seed.pos, seed.play, seed.houses)
	}
	f.Fuzz(func(t *testing.T, variant, pos, play, houses string) {
		q := url.Values{"variant": {variant}, "pos": {pos}, "play": {play}}
		if houses != "" {
			q.Set("knob.houses", houses)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/edit/check?"+q.Encode(), nil))
		var r editResult
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &r), rec.Body.String())
		switch rec.Code {
		case http.StatusOK:
			if !r.OK {
				require.NotEmpty(t, r.Error)
				return
			}
			again := url.Values{"variant": {variant}, "pos": {r.Position}}
			if houses != "" {
				again.Set("knob.houses", houses)
			}
			rec2 := httptest.NewRecorder()
			srv.ServeHTTP(rec2, httptest.NewRequest(http.MethodGet, "/edit/check?"+again.Encode(), nil))
			var r2 editResult
			require.NoError(t, json.Unmarshal(rec2.Body.Bytes(), &r2))
			require.True(t, r2.OK, "%q read back: %s", r.Position, r2.Error)
			require.Equal(t, r.Position, r2.Position)
		case http.StatusBadRequest, http.StatusUnprocessableEntity:
			require.NotEmpty(t, r.Error)
		default:
			t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
		}
	})
}
