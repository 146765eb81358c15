package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/experiments"
)

// client is a browser: a cookie jar against a test server.
type client struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newClient(t *testing.T, srv *Server) *client {
	t.Helper()
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	t.Cleanup(srv.Close)
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: ts.URL, c: &http.Client{Jar: jar, Timeout: 2 * time.Minute}}
}

func newServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	srv, err := New(cfg)
	require.NoError(t, err)
	return srv
}

func (c *client) get(path string) (int, string) {
	c.t.Helper()
	res, err := c.c.Get(c.base + path)
	require.NoError(c.t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return res.StatusCode, string(body)
}

func (c *client) post(path string, form url.Values) (int, string) {
	c.t.Helper()
	res, err := c.c.PostForm(c.base+path, form)
	require.NoError(c.t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return res.StatusCode, string(body)
}

var idText = regexp.MustCompile(`(?s)id="([a-z-]+)"[^>]*>([^<]*)<`)

// byID returns the text right inside the element with the id (or "").
func byID(body, id string) string {
	for _, m := range idText.FindAllStringSubmatch(body, -1) {
		if m[1] == id {
			return strings.TrimSpace(html.UnescapeString(m[2]))
		}
	}
	return ""
}

var dataPlies = regexp.MustCompile(`data-plies="(\d+)"`)

func plies(t *testing.T, body string) int {
	t.Helper()
	m := dataPlies.FindStringSubmatch(body)
	require.NotNil(t, m, "no game on the page")
	var n int
	_, err := fmt.Sscan(m[1], &n)
	require.NoError(t, err)
	return n
}

func TestPagesRender(t *testing.T) {
	c := newClient(t, newServer(t, Config{Version: "test"}))
	for _, tc := range []struct {
		path string
		code int
		want []string
	}{
		{"/", 200, []string{"The lab in a browser", "Try a rule"}},
		{"/variants", 200, []string{`data-variant="kalah/pie"`, `data-variant="ludo"`, `data-variant="checkers"`, `data-variant="tictactoe"`, "pie_rule", "Hooks:", `<svg`}},
		{"/variant?name=oware", 200, []string{"Oware", "max_plies", "<svg"}},
		{"/variant?name=nope", 404, []string{"nope"}},
		{"/play", 200, []string{`id="new-game"`, "kalah", "seat.2"}},
		{"/play?variant=ludo", 200, []string{`name="seat.4"`, "knob.players"}},
		{"/play?variant=ludo&knobs.of=ludo&knob.players=2", 200, []string{`name="seat.2"`}},
		{"/try", 200, []string{`id="source"`, "extends"}},
		{"/results", 200, []string{"No results directories"}},
		{"/replay?trial=1", 400, []string{"--results"}},
		{"/static/app.js", 200, []string{"data-move"}},
		{"/static/style.css", 200, []string{"#board"}},
		{"/nowhere", 404, nil},
	} {
		t.Run(tc.path, func(t *testing.T) {
			code, body := c.get(tc.path)
			assert.Equal(t, tc.code, code)
			for _, w := range tc.want {
				assert.True(t, strings.Contains(body, w), "the page lacks %q", w)
			}
		})
	}
	_, body := c.get("/play?variant=ludo&knobs.of=ludo&knob.players=2")
	assert.NotContains(t, body, `name="seat.3"`, "two players, two seats")
	_, body = c.get("/variants")
	assert.NotRegexp(t, `(src|href)="https?:`, body, "the page loads nothing from the network")
}

// startKalah starts Kalah, a person against the random agent, and returns the page.
func startKalah(t *testing.T, c *client, extra url.Values) string {
	t.Helper()
	form := url.Values{"variant": {"kalah"}, "knobs.of": {"kalah"}, "seat.1": {"human"}, "seat.2": {"random"}, "seed": {"3"}, "pace": {"0"}}
	for k, v := range extra {
		form[k] = v
	}
	code, body := c.post("/play/new", form)
	require.Equal(t, 200, code, body)
	require.Contains(t, body, `id="game"`)
	return body
}

func TestPlayMovesUndoRedoHint(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	body := startKalah(t, c, nil)
	assert.Contains(t, byID(body, "status"), "seat 1 to move (you)")
	assert.Contains(t, body, `data-move="3"`, "the board's legal moves are clickable")
	assert.Equal(t, 0, plies(t, body))

	// 3 sows into the store: an extra turn; 1 then hands over to the agent.
	_, body = c.post("/play/move", url.Values{"move": {"3"}})
	assert.Equal(t, 1, plies(t, body))
	assert.Contains(t, byID(body, "status"), "seat 1 to move (you)")
	_, body = c.post("/play/move", url.Values{"move": {"1"}})
	assert.Contains(t, byID(body, "status"), "seat 2 to move (random)")
	assert.Contains(t, body, `data-auto="true"`)

	t.Run("a person cannot move for the agent", func(t *testing.T) {
		_, body := c.post("/play/move", url.Values{"move": {"4"}})
		assert.Contains(t, byID(body, "message"), "seat 2's turn")
	})
	_, body = c.post("/play/step", nil)
	assert.Equal(t, 3, plies(t, body))
	assert.Contains(t, byID(body, "status"), "seat 1 to move (you)")

	t.Run("illegal and unreadable moves are refused with the legal ones", func(t *testing.T) {
		for _, mv := range []string{"9", "x", ""} {
			_, body := c.post("/play/move", url.Values{"move": {mv}})
			assert.NotEmpty(t, byID(body, "message"), mv)
			assert.Equal(t, 3, plies(t, body))
		}
	})
	t.Run("hint explains the evaluation in words", func(t *testing.T) {
		_, body := c.post("/play/hint", nil)
		h := byID(body, "hint")
		assert.Contains(t, h, "Hint for seat 1: play")
		assert.Regexp(t, `seeds (ahead|behind)|level|force a win|loses against`, h)
	})
	t.Run("undo takes back the agent's reply too; redo plays both again", func(t *testing.T) {
		_, body := c.post("/play/undo", nil)
		assert.Equal(t, 1, plies(t, body))
		assert.Contains(t, byID(body, "status"), "seat 1 to move (you)")
		_, body = c.post("/play/redo", nil)
		assert.Equal(t, 3, plies(t, body))
		_, body = c.post("/play/redo", nil)
		assert.Equal(t, "nothing to redo", byID(body, "message"))
	})
	t.Run("save writes a game record that load continues", func(t *testing.T) {
		code, data := c.get("/play/save")
		require.Equal(t, 200, code)
		rec, err := record.Parse([]byte(data))
		require.NoError(t, err)
		assert.Equal(t, "kalah", rec.Variant)
		assert.Equal(t, []string{"human", "random"}, rec.Players)
		assert.Len(t, rec.Moves, 3)
		assert.Equal(t, uint64(3), rec.Seed)

		other := newClient(t, newServer(t, Config{}))
		code, body := other.post("/play/load", url.Values{"record_text": {data}})
		require.Equal(t, 200, code, body)
		assert.Equal(t, 3, plies(t, body))
		assert.Equal(t, rec.Position, byID(body, "position"))
	})
}

func TestPlayWholeGameByAgents(t *testing.T) {
	for _, tc := range []struct{ variant, seats string }{
		{"kalah/pie", "random,alphabeta:depth=2"},
		{"oware", "greedy,random"},
		{"checkers", "random,random"},
		{"tictactoe/connect-four", "random,random"},
		{"ludo", "random,random,random,random"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			c := newClient(t, newServer(t, Config{}))
			form := url.Values{"variant": {tc.variant}, "knobs.of": {tc.variant}, "pace": {"0"}}
			for i, s := range strings.Split(tc.seats, ",") {
				form.Set(fmt.Sprintf("seat.%d", i+1), s)
			}
			code, body := c.post("/play/new", form)
			require.Equal(t, 200, code, body)
			for i := 0; i < 3000 && strings.Contains(body, `data-auto="true"`); i++ {
				_, body = c.post("/play/step", nil)
			}
			assert.Contains(t, byID(body, "status"), "Game over", tc.variant)
			assert.Contains(t, body, `data-over="true"`)
			if tc.variant == "ludo" {
				assert.Contains(t, body, `<span class="who">dice</span>`, "die rolls are in the move list")
			}
			// Undo with agents only takes back one move and pauses.
			n := plies(t, body)
			_, body = c.post("/play/undo", nil)
			assert.Equal(t, n-1, plies(t, body))
			assert.Contains(t, body, `id="resume"`)
			assert.Contains(t, body, `data-auto="false"`)
		})
	}
}

func TestPieSwapIsAMove(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	form := url.Values{"variant": {"kalah/pie"}, "knobs.of": {"kalah/pie"}, "seat.1": {"human"}, "seat.2": {"human"}}
	_, body := c.post("/play/new", form)
	_, body = c.post("/play/move", url.Values{"move": {"1"}})
	assert.Contains(t, body, `data-move="swap"`, "the board offers the swap")
	assert.Contains(t, body, `value="swap"`, "and so do the move buttons")
	_, body = c.post("/play/move", url.Values{"move": {"swap"}})
	assert.Empty(t, byID(body, "message"))
	assert.Contains(t, byID(body, "position"), "swapped")
}

func TestNewGameErrors(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	for _, tc := range []struct {
		name string
		form url.Values
		code int
		want string
	}{
		{"bad knob", url.Values{"variant": {"kalah"}, "knobs.of": {"kalah"}, "knob.houses": {"99"}}, 400, "houses"},
		{"unknown agent", url.Values{"variant": {"kalah"}, "seat.1": {"alfabeta"}}, 400, "alphabeta"},
		{"agent that cannot play dice", url.Values{"variant": {"ludo"}, "seat.1": {"alphabeta"}}, 400, "cannot play"},
		{"unknown variant", url.Values{"variant": {"kalha"}}, 400, "kalah"},
		{"script path", url.Values{"variant": {"/etc/x.lua"}}, 400, "Try a rule"},
		{"no tried rule", url.Values{"variant": {"try:mine"}}, 400, "no rule is being tried"},
		{"bad seed", url.Values{"variant": {"kalah"}, "seed": {"-1"}}, 400, "seed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := c.post("/play/new", tc.form)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, byID(body, "setup-error"), tc.want)
		})
	}
	t.Run("actions without a game", func(t *testing.T) {
		fresh := newClient(t, newServer(t, Config{}))
		code, body := fresh.post("/play/move", url.Values{"move": {"1"}})
		assert.Equal(t, http.StatusConflict, code)
		assert.Contains(t, body, "no game")
		code, _ = fresh.get("/play/save")
		assert.Equal(t, http.StatusConflict, code)
	})
	t.Run("bad records", func(t *testing.T) {
		for _, rec := range []string{"{", `{"format":"kalahlab-game","version":1,"variant":"kalah","players":["human","human"],"moves":["9"]}`, `{"format":"kalahlab-game","version":1,"variant":"kalah","players":["human"],"moves":[]}`} {
			code, body := c.post("/play/load", url.Values{"record_text": {rec}})
			assert.Equal(t, 400, code)
			assert.Contains(t, byID(body, "setup-error"), "Loading the game record")
		}
		// A set-up start (a PDN game's FEN) is played from, not from the usual start.
		setUp := `{"format":"kalahlab-game","version":1,"variant":"checkers","players":["human","human"],"start":"W:W18:B14","moves":["18x9"]}`
		code, body := c.post("/play/load", url.Values{"record_text": {setUp}})
		assert.Equal(t, 200, code, byID(body, "setup-error"))
		assert.Equal(t, 1, plies(t, body))
		// One it cannot read is refused, naming it.
		bad := strings.Replace(setUp, "W:W18:B14", "W:W99:B14", 1)
		code, body = c.post("/play/load", url.Values{"record_text": {bad}})
		assert.Equal(t, 400, code)
		assert.Contains(t, byID(body, "setup-error"), "start")
	})
}

const goodRule = `return variant {
  name = "t/no-extra-turn", extends = "kalah", summary = "Kalah(6,3) without extra turns",
  params = { seeds = 3 },
  hooks = { extra_turn = function(b, last) return false end },
}`

func TestTryRule(t *testing.T) {
	c := newClient(t, newServer(t, Config{MaxStudyGames: 300, MaxCheckGames: 50, MaxStudyTime: time.Minute}))
	t.Run("check passes", func(t *testing.T) {
		code, body := c.post("/try/check", url.Values{"source": {goodRule}, "check_games": {"20"}})
		require.Equal(t, 200, code, body)
		assert.Contains(t, body, "Check: passed")
		assert.Contains(t, byID(body, "check-text"), "20/20 random games kept the contract")
	})
	t.Run("the tried rule can be played", func(t *testing.T) {
		code, body := c.post("/play/new", url.Values{"variant": {"try:t/no-extra-turn"}, "seat.1": {"human"}, "seat.2": {"human"}})
		require.Equal(t, 200, code, body)
		_, body = c.post("/play/move", url.Values{"move": {"4"}}) // 3 seeds from house 4 end in the store
		assert.Contains(t, byID(body, "status"), "seat 2", "no extra turn under the tried rule")
		_, data := c.get("/play/save")
		rec, err := record.Parse([]byte(data))
		require.NoError(t, err)
		require.NotNil(t, rec.Script, "the record holds the script")
		assert.Equal(t, goodRule, rec.Script.Source)
		code, body = newClient(t, newServer(t, Config{})).post("/play/load", url.Values{"record_text": {data}})
		require.Equal(t, 200, code, body)
		assert.Equal(t, 1, plies(t, body))
	})
	t.Run("study against the parent", func(t *testing.T) {
		code, body := c.post("/try/study", url.Values{"source": {goodRule}, "games": {"200"}, "agent": {"random"}})
		require.Equal(t, 200, code, body)
		assert.Contains(t, body, `id="study-result"`)
		assert.Contains(t, body, "<td>kalah</td><td>200</td>")
		assert.Contains(t, body, "<td>t/no-extra-turn</td><td>200</td>")
		assert.Contains(t, body, `class="winchart"`)
		assert.Contains(t, body, "t/no-extra-turn against kalah")
	})
	t.Run("bounds", func(t *testing.T) {
		code, body := c.post("/try/study", url.Values{"source": {goodRule}, "games": {"301"}})
		assert.Equal(t, 400, code)
		assert.Contains(t, byID(body, "try-error"), "1..300")
		code, _ = c.post("/try/check", url.Values{"source": {strings.Repeat("-", maxScript+1)}})
		assert.Equal(t, 400, code)
		code, body = c.post("/try/check", url.Values{"source": {"  "}})
		assert.Equal(t, 400, code)
		assert.Contains(t, byID(body, "try-error"), "nothing was sent")
	})
}

// TestHostileScripts: a script that loops, eats memory or breaks fails its own request
// with the sandbox's message, and the server goes on.
func TestHostileScripts(t *testing.T) {
	c := newClient(t, newServer(t, Config{MaxCheckGames: 20}))
	for _, tc := range []struct {
		name, src, want string
	}{
		{"endless loop at load", "while true do end", "time limit"},
		{"string blowup", `local s = "x" while true do s = s .. s end`, "too long"},
		{"table blowup", "local t = {} for i = 1, 1e9 do t[i] = {i, i} end", "limit"},
		{"syntax error", "return variant {", "rule.lua"},
		{"escape attempt", `os.execute("touch /tmp/pwned") return variant {extends = "kalah"}`, "os"},
		{"not a variant", "return 42", "rule.lua"},
		{"endless hook", `return variant { name = "t/loop", extends = "kalah", summary = "x",
			hooks = { extra_turn = function(b, last) while true do end end } }`, "time limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := c.post("/try/check", url.Values{"source": {tc.src}, "check_games": {"5"}})
			assert.Equal(t, http.StatusUnprocessableEntity, code)
			assert.Contains(t, body, tc.want)
			assert.NotContains(t, body, "kalahlab-try-", "no temporary paths in messages")
		})
	}
	code, _ := c.get("/try")
	assert.Equal(t, 200, code, "the server goes on")
	t.Run("a study of a failing rule stops at its check", func(t *testing.T) {
		code, body := c.post("/try/study", url.Values{"games": {"100"}, "source": {`return variant { name = "t/bad", extends = "kalah", summary = "x",
			hooks = { extra_turn = function(b, last) error("boom") end } }`}})
		assert.Equal(t, http.StatusUnprocessableEntity, code)
		assert.Contains(t, byID(body, "try-error"), "passes its check")
		assert.Contains(t, body, "boom")
	})
}

func TestStudyCancelledWithRequest(t *testing.T) {
	srv := newServer(t, Config{MaxStudyGames: 5000})
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	form := url.Values{"source": {goodRule}, "games": {"5000"}, "agent": {"alphabeta:depth=6"}}
	req := httptest.NewRequestWithContext(ctx, "POST", "/try/study", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() { srv.ServeHTTP(rec, req); close(done) }()
	time.Sleep(300 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the study went on after its request was cancelled")
	}
	assert.Equal(t, http.StatusUnprocessableEntity, rec.Code)
}

func TestGuards(t *testing.T) {
	srv := newServer(t, Config{Loopback: true})
	defer srv.Close()
	for _, tc := range []struct {
		method, host, origin string
		code                 int
	}{
		{"GET", "127.0.0.1:8080", "", 200},
		{"GET", "localhost:8080", "", 200},
		{"GET", "[::1]:8080", "", 200},
		{"GET", "evil.example:8080", "", http.StatusMisdirectedRequest},
		{"POST", "127.0.0.1:8080", "http://evil.example", http.StatusForbidden},
		{"POST", "127.0.0.1:8080", "http://127.0.0.1:8080", http.StatusConflict}, // no game yet
	} {
		t.Run(tc.method+" "+tc.host+" "+tc.origin, func(t *testing.T) {
			path := "/"
			if tc.method == "POST" {
				path = "/play/undo"
			}
			req := httptest.NewRequest(tc.method, path, nil)
			req.Host = tc.host
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			assert.Equal(t, tc.code, rec.Code)
		})
	}
}

func TestSessionsBoundedAndExpire(t *testing.T) {
	st := newStore(2, time.Minute)
	now := time.Unix(0, 0)
	st.now = func() time.Time { return now }
	get := func(cookie string) *session {
		req := httptest.NewRequest("POST", "/", nil)
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: cookieName, Value: cookie})
		}
		return st.get(httptest.NewRecorder(), req)
	}
	a := get("")
	assert.Same(t, a, get(a.id), "the cookie finds the session")
	now = now.Add(time.Second)
	b := get("")
	now = now.Add(time.Second)
	c := get("") // full: a, the least recently used, makes room
	assert.Equal(t, 2, st.len())
	assert.Error(t, a.ctx.Err(), "a dropped session's Lua code is interrupted")
	assert.NotSame(t, a, get(a.id))
	now = now.Add(2 * time.Minute)
	d := get(b.id) // b and c expired
	assert.NotSame(t, b, d)
	assert.Error(t, c.ctx.Err())
	assert.Equal(t, 1, st.len())
	assert.Len(t, d.id, 32)
}

func TestExplain(t *testing.T) {
	p := core.Player(0)
	for _, tc := range []struct {
		info  ai.Info
		agent string
		want  string
	}{
		{ai.Info{Value: 3, Depth: 8}, "alphabeta", "seat 1 is 3 seeds ahead by this search (looking 8 moves ahead)."},
		{ai.Info{Value: -2, Depth: 4}, "alphabeta", "seat 1 is 2 seeds behind by this search"},
		{ai.Info{Value: 0, Depth: 4}, "alphabeta", "The position is level"},
		{ai.Info{Value: core.WinScore + 5, Depth: 9}, "alphabeta", "seat 1 can force a win by 5 seeds"},
		{ai.Info{Value: -core.WinScore, Depth: 9}, "alphabeta", "seat 1 loses against best play"},
		{ai.Info{Value: 800, Nodes: 100}, "mcts", "expected result is +0.60"},
	} {
		assert.Contains(t, seat.Explain(tc.info, tc.agent, p, "seeds"), tc.want)
	}
}

var (
	resultsOnce sync.Once
	resultsPath string
	resultsErr  error
)

// testResults runs a small study (two cells, a trial log) once for the results tests.
func testResults(t *testing.T) string {
	resultsOnce.Do(func() {
		dir, err := makeTempDir()
		if err != nil {
			resultsErr = err
			return
		}
		cfg := &config.Experiment{Name: "web-test", Games: 60, CheckEvery: 20, MaxPlies: 1000, Seed: 1, RotateSeats: true,
			Variants: []config.VariantEntry{{Variant: "kalah", Params: map[string]any{"houses": 3, "seeds": 2}}, {Variant: "kalah/pie", Params: map[string]any{"houses": 3, "seeds": 2}}},
			Agents:   []ai.Spec{{Agent: "random"}}}
		study, err := experiments.New(cfg)
		if err != nil {
			resultsErr = err
			return
		}
		res, err := experiments.Run(context.Background(), study, experiments.Options{Workers: 1, Dir: dir, Trials: true, Log: experiments.LogPlain})
		if err == nil {
			err = experiments.Save(res, dir)
		}
		resultsPath, resultsErr = dir, err
	})
	require.NoError(t, resultsErr)
	return resultsPath
}

func TestResultsAndReplay(t *testing.T) {
	dir := testResults(t)
	c := newClient(t, newServer(t, Config{Results: []string{dir}}))
	code, body := c.get("/results")
	require.Equal(t, 200, code, body)
	assert.Contains(t, body, "web-test")
	assert.Contains(t, body, `class="opening-link"`)
	assert.Contains(t, body, `class="bar"`, "histogram bars link their games")
	assert.Contains(t, body, `src="/results/report?r=0"`)

	code, body = c.get("/results/report?r=0")
	require.Equal(t, 200, code)
	assert.Contains(t, body, `<svg class="chart"`, "the report's charts, as the static HTML")
	assert.Regexp(t, `<a href="/results/games\?r=0&amp;cell=1&amp;opening=\d+" target="_top">list them</a>`, body, "its first moves link their games")
	assert.Regexp(t, `<a href="/results/games\?r=0&amp;cell=0&amp;plies=[\d.]+" target="_top"><rect`, body, "and its histogram bars")

	code, body = c.get("/results/games?r=0&cell=1&opening=1")
	require.Equal(t, 200, code, body)
	rows := regexp.MustCompile(`data-opening="([^"]*)" data-plies="(\d+)"><td><a href="/replay\?r=0&amp;trial=(\d+)"`).FindAllStringSubmatch(body, -1)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		assert.Equal(t, "1", r[1], "only games opening with 1")
	}
	code, body = c.get("/results/games?r=0&cell=0&plies=1..6")
	require.Equal(t, 200, code)
	short := regexp.MustCompile(`data-plies="(\d+)"`).FindAllStringSubmatch(body, -1)
	require.NotEmpty(t, short)
	for _, r := range short {
		var n int
		_, _ = fmt.Sscan(r[1], &n)
		assert.LessOrEqual(t, n, 6)
	}

	trial := rows[0][3]
	code, body = c.get("/replay?r=0&trial=" + trial + "&ply=100000") // the end
	require.Equal(t, 200, code, body)
	end := byID(body, "position")
	n := 0
	_, _ = fmt.Sscan(regexp.MustCompile(`data-plies="(\d+)"`).FindStringSubmatch(body)[1], &n)
	require.Positive(t, n)
	_, body = c.get("/replay?r=0&trial=" + trial + "&ply=0")
	assert.Contains(t, byID(body, "ply-label"), "ply 0 of")
	start := byID(body, "position")
	assert.NotEqual(t, start, end)
	_, body = c.get("/replay?r=0&trial=" + trial + "&ply=1")
	assert.Contains(t, body, `class="current" aria-current="step"><td><a href="/replay?r=0&amp;trial=`+trial+`&amp;ply=1"`)

	for _, tc := range []struct{ path, want string }{
		{"/replay?r=0&trial=99999", "not in the trial log"},
		{"/replay?r=0&trial=x", "trial"},
		{"/replay?r=3&trial=1", "want 0..0"},
		{"/replay?r=0&trial=1&ply=x", "ply"},
		{"/results/games?r=0&plies=9..1", "range"},
		{"/results/games?r=0&cell=7", "cell"},
	} {
		code, body := c.get(tc.path)
		assert.GreaterOrEqual(t, code, 400, tc.path)
		assert.Contains(t, body, tc.want, tc.path)
	}
}

func TestRecordOfAGameIsJSON(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	startKalah(t, c, nil)
	_, data := c.get("/play/save")
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &m))
	assert.Equal(t, "kalahlab-game", m["format"])
}

func makeTempDir() (string, error) { return os.MkdirTemp("", "kalahlab-web-test-") }

func TestMain(m *testing.M) {
	code := m.Run()
	if resultsPath != "" {
		_ = os.RemoveAll(resultsPath)
	}
	os.Exit(code)
}
