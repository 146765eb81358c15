package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

// serveOn serves srv with Serve (its limits and timeouts) on a free port of 127.0.0.1
// and returns its base URL and the function that stops it (also run at the test's end).
func serveOn(t *testing.T, srv *Server) (string, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			assert.NoError(t, <-done)
		})
	}
	t.Cleanup(stop)
	return "http://" + ln.Addr().String(), stop
}

// browser is a client with a cookie jar of its own against base.
func browser(t *testing.T, base string) *client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 2 * time.Minute}}
}

// TestAdmission: the slots, the queue and the per-session bound of checks and studies,
// driven by hand (no clock but the queue's own wait).
func TestAdmission(t *testing.T) {
	a := newAdmission(Config{MaxChecks: 1, MaxStudies: 1, MaxWaiting: 1, SessionJobs: 1, QueueWait: time.Hour, MaxStudyTime: 30 * time.Second})
	ctx := context.Background()
	relA, err := a.admit(ctx, "a", a.checks)
	require.NoError(t, err)

	var ref *refusal
	_, err = a.admit(ctx, "a", a.studies)
	require.ErrorAs(t, err, &ref, "a session at its bound is refused, even for the other kind")
	assert.Equal(t, http.StatusTooManyRequests, ref.code)
	assert.Equal(t, 30, ref.after)
	assert.Contains(t, ref.msg, "this session already has 1 checks or studies under way")

	relS, err := a.admit(ctx, "s", a.studies)
	require.NoError(t, err, "the studies have their own slots")

	got := make(chan error, 1)
	var relB func()
	go func() {
		var err error
		relB, err = a.admit(ctx, "b", a.checks)
		got <- err
	}()
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.waiting == 1 })

	_, err = a.admit(ctx, "c", a.checks)
	require.ErrorAs(t, err, &ref, "the queue is full")
	assert.Equal(t, http.StatusServiceUnavailable, ref.code)
	assert.Contains(t, ref.msg, "the server is busy: 1 checks are running")
	assert.Contains(t, ref.msg, "try again in 30 seconds")

	relA()
	relA() // twice is once
	require.NoError(t, <-got, "a waiting request gets the slot given back")
	relB()
	relS()

	t.Run("a request that goes away leaves the queue", func(t *testing.T) {
		rel, err := a.admit(ctx, "a", a.checks)
		require.NoError(t, err)
		cctx, cancel := context.WithCancel(ctx)
		got := make(chan error, 1)
		go func() { _, err := a.admit(cctx, "b", a.checks); got <- err }()
		waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.waiting == 1 })
		cancel()
		assert.ErrorIs(t, <-got, context.Canceled)
		rel()
		a.mu.Lock()
		assert.Equal(t, 0, a.waiting)
		assert.Empty(t, a.bySession, "every count is given back")
		a.mu.Unlock()
	})
	t.Run("the queue's wait is bounded", func(t *testing.T) {
		a.wait = time.Millisecond
		rel, err := a.admit(ctx, "a", a.checks)
		require.NoError(t, err)
		defer rel()
		_, err = a.admit(ctx, "b", a.checks)
		require.ErrorAs(t, err, &ref)
		assert.Equal(t, http.StatusServiceUnavailable, ref.code)
	})
	t.Run("no queue", func(t *testing.T) {
		a := newAdmission(Config{MaxChecks: 1, MaxStudies: 1, MaxWaiting: -1, SessionJobs: 1, QueueWait: time.Hour})
		rel, err := a.admit(ctx, "a", a.checks)
		require.NoError(t, err)
		defer rel()
		_, err = a.admit(ctx, "b", a.checks)
		require.ErrorAs(t, err, &ref)
		assert.Equal(t, http.StatusServiceUnavailable, ref.code)
	})
}

// waitFor polls cond until it holds (the test's own timeout bounds it).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}

// TestTryRefusalsHaveRetryAfter: a Try request refused by admission is the Try page
// with the script kept, a sentence, its status and a Retry-After.
func TestTryRefusalsHaveRetryAfter(t *testing.T) {
	srv := newServer(t, Config{MaxChecks: 1, MaxStudies: 1, MaxWaiting: -1, SessionJobs: 1})
	c := newClient(t, srv)
	code, body := c.post("/try/check", url.Values{"source": {goodRule}, "check_games": {"1"}})
	require.Equal(t, 200, code, body) // the session exists now
	sid := onlySession(t, srv)

	rel, err := srv.jobs.admit(context.Background(), sid, srv.jobs.studies)
	require.NoError(t, err)
	res, err := c.c.PostForm(c.base+"/try/check", url.Values{"source": {goodRule}})
	require.NoError(t, err)
	body = readAll(t, res)
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.Equal(t, "30", res.Header.Get("Retry-After"))
	assert.Contains(t, byID(body, "try-error"), "this session already has 1 checks or studies under way")
	assert.Contains(t, body, "t/no-extra-turn", "the script is kept in the form")
	rel()

	rel, err = srv.jobs.admit(context.Background(), "someone else", srv.jobs.checks)
	require.NoError(t, err)
	res, err = c.c.PostForm(c.base+"/try/check", url.Values{"source": {goodRule}})
	require.NoError(t, err)
	body = readAll(t, res)
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Equal(t, "30", res.Header.Get("Retry-After"))
	assert.Contains(t, byID(body, "try-error"), "the server is busy")
	rel()
	code, _ = c.post("/try/check", url.Values{"source": {goodRule}, "check_games": {"1"}})
	assert.Equal(t, 200, code, "served again once the slot is back")
}

func readAll(t *testing.T, res *http.Response) string {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

// onlySession returns the id of the server's one session.
func onlySession(t *testing.T, srv *Server) string {
	t.Helper()
	srv.sessions.mu.Lock()
	defer srv.sessions.mu.Unlock()
	require.Len(t, srv.sessions.m, 1)
	for id := range srv.sessions.m {
		return id
	}
	return ""
}

// memoryBombs are scripts that grow without end: at load time, in a hook, in strings
// and in tables.
var memoryBombs = []string{
	`local t = {} for i = 1, 1e9 do t[i] = {i, i, i} end`,
	`local t = {} for i = 1, 1e9 do t[#t+1] = string.rep("x", 4096) .. i end`,
	`return variant { name = "t/bomb", extends = "kalah", summary = "x",
		hooks = { extra_turn = function(b, last) local t = {} for i = 1, 1e9 do t[i] = {i} end end } }`,
	`local keep = {}
	return variant { name = "t/keeper", extends = "kalah", summary = "x",
		hooks = { capture = function(b, last) for i = 1, 1e9 do keep[#keep+1] = string.rep("y", 65536) .. i end end } }`,
}

// TestConcurrentMemoryBombs is issue 21's first "done when": 32 memory-bomb checks and
// studies fired at once from four sessions leave the server alive; a plain page is
// served after them, and another session's game survives. The budgets are made small
// so that the test needs little memory: 16 MB a Lua state, 48 MB shared by all, with
// more slots (8 checks, 4 studies) than the shared budget has room for, so that both
// admission and the shared budget refuse some.
func TestConcurrentMemoryBombs(t *testing.T) {
	defer variants.SetMemoryBudget(variants.SetMemoryBudget(16 << 20))
	defer variants.SetTotalMemoryBudget(variants.SetTotalMemoryBudget(48 << 20))
	srv := newServer(t, Config{MaxCheckGames: 20, TempDir: t.TempDir(), MaxChecks: 8, MaxStudies: 4})
	base, _ := serveOn(t, srv)

	player := browser(t, base)
	startKalah(t, player, nil)
	_, body := player.post("/play/move", url.Values{"move": {"3"}})
	require.Equal(t, 1, plies(t, body))

	var bombers []*client
	for range 4 {
		bombers = append(bombers, browser(t, base))
	}
	type answer struct {
		code  int
		retry string
		body  string
	}
	answers := make(chan answer, 32)
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := bombers[i%len(bombers)]
			path := "/try/check"
			if i%4 == 3 {
				path = "/try/study"
			}
			res, err := c.c.PostForm(base+path, url.Values{"source": {memoryBombs[i%len(memoryBombs)]}, "check_games": {"5"}, "games": {"20"}})
			if !assert.NoError(t, err) {
				return
			}
			answers <- answer{res.StatusCode, res.Header.Get("Retry-After"), readAll(t, res)}
		}()
	}
	wg.Wait()
	close(answers)
	codes := map[int]int{}
	shared := 0
	for a := range answers {
		codes[a.code]++
		if strings.Contains(a.body, "shared memory budget exceeded") {
			shared++
		}
		msg := byID(a.body, "try-error")
		switch a.code {
		case http.StatusUnprocessableEntity:
			assert.Regexp(t, `memory|too long|limit`, a.body, "the bomb fails its own request")
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			assert.NotEmpty(t, a.retry, "a refusal says when to come back")
			assert.Regexp(t, `this session already has|the server is busy`, msg)
		default:
			t.Errorf("status %d: %s", a.code, msg)
		}
	}
	t.Logf("answers by status: %v; %d stopped by the shared budget; the Lua states now hold %d bytes", codes, shared, variants.TotalMemoryInUse())
	assert.Positive(t, codes[http.StatusUnprocessableEntity], "some bombs ran, and failed")

	code, body := browser(t, base).get("/")
	assert.Equal(t, 200, code)
	assert.Contains(t, body, "The lab in a browser")
	_, body = player.get("/play")
	assert.Equal(t, 1, plies(t, body), "the player's game survives")
	_, body = player.post("/play/move", url.Values{"move": {"1"}})
	assert.Equal(t, 2, plies(t, body), "and goes on")
}

// TestCookielessGETsMakeNoSessions: GETs without a cookie (an <img src> on another
// site) make no sessions, so they cannot evict a player's.
func TestCookielessGETsMakeNoSessions(t *testing.T) {
	srv := newServer(t, Config{MaxSessions: 64})
	player := newClient(t, srv)
	startKalah(t, player, nil)
	anon := &http.Client{}
	paths := []string{"/", "/play", "/try", "/variants", "/variant?name=kalah", "/play/save", "/replay?trial=1"}
	for i := range 70 {
		res, err := anon.Get(player.base + paths[i%len(paths)])
		require.NoError(t, err)
		readAll(t, res)
		assert.Empty(t, res.Header.Values("Set-Cookie"), paths[i%len(paths)])
	}
	assert.Equal(t, 1, srv.sessions.len(), "70 cookie-less GETs made no sessions")
	_, body := player.get("/play")
	assert.Equal(t, 0, plies(t, body), "the player's game is still there")
	_, body = player.post("/play/move", url.Values{"move": {"3"}})
	assert.Equal(t, 1, plies(t, body))
}

// TestSlowBodies: a client that trickles its body is cut off after the body timeout,
// with a message; one that sends a normal body slowly, but at a sane rate, is served
// though it takes longer than the timeout.
func TestSlowBodies(t *testing.T) {
	srv := newServer(t, Config{BodyTimeout: 200 * time.Millisecond, MinBodyRate: 4096})
	base, _ := serveOn(t, srv)
	host := strings.TrimPrefix(base, "http://")

	t.Run("a trickling body is cut off", func(t *testing.T) {
		conn, err := net.Dial("tcp", host)
		require.NoError(t, err)
		defer conn.Close()
		_, err = fmt.Fprintf(conn, "POST /try/check HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nsource=", host)
		require.NoError(t, err)
		stop := make(chan struct{})
		defer close(stop)
		go func() { // a byte now and then, for ever
			for {
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
					if _, err := conn.Write([]byte("x")); err != nil {
						return
					}
				}
			}
		}()
		require.NoError(t, conn.SetReadDeadline(time.Now().Add(time.Minute))) // only against a hang
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		body := readAll(t, res)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode)
		assert.Contains(t, body, "the request&#39;s body arrived too slowly")
	})
	t.Run("a slow client of normal size is served", func(t *testing.T) {
		base, _ := serveOn(t, newServer(t, Config{BodyTimeout: time.Second, MinBodyRate: 4096}))
		src := goodRule + "\n" + strings.Repeat("-- a long comment to make the script 96 KB\n", 96<<10/44)
		form := url.Values{"source": {src}, "check_games": {"2"}}.Encode()
		size := len(form)
		pr, pw := io.Pipe()
		go func() { // 8 KB every 150 ms: about 1.8 s in all, past the timeout, each 8 KB earning 2 s
			for len(form) > 0 {
				n := min(8<<10, len(form))
				if _, err := pw.Write([]byte(form[:n])); err != nil {
					return
				}
				form = form[n:]
				time.Sleep(150 * time.Millisecond)
			}
			pw.Close()
		}()
		req, err := http.NewRequest("POST", base+"/try/check", pr)
		require.NoError(t, err)
		req.ContentLength = int64(size)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body := readAll(t, res)
		assert.Equal(t, 200, res.StatusCode, byID(body, "try-error"))
		assert.Contains(t, body, "Check: passed")
	})
}

// TestConnectionCap: with MaxConns open connections, the next one waits to be
// accepted until one closes.
func TestConnectionCap(t *testing.T) {
	srv := newServer(t, Config{MaxConns: 2})
	base, _ := serveOn(t, srv)
	host := strings.TrimPrefix(base, "http://")
	request := func(conn net.Conn) (*http.Response, error) {
		if _, err := fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", host); err != nil {
			return nil, err
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return res, err
	}
	var open []net.Conn
	for range 2 { // two kept-alive connections: the cap
		conn, err := net.Dial("tcp", host)
		require.NoError(t, err)
		defer conn.Close()
		res, err := request(conn)
		require.NoError(t, err)
		require.Equal(t, 200, res.StatusCode)
		open = append(open, conn)
	}
	third, err := net.Dial("tcp", host) // the kernel completes it; the server does not accept it
	require.NoError(t, err)
	defer third.Close()
	got := make(chan error, 1)
	go func() { _, err := request(third); got <- err }()
	select {
	case err := <-got:
		t.Fatalf("a third connection was served while two were open (%v)", err)
	case <-time.After(200 * time.Millisecond): // a wrong pass at worst, never a wrong failure
	}
	open[0].Close()
	assert.NoError(t, <-got, "served once a connection closed")
}

// TestPastedScriptsRemoved: the folder of pasted scripts goes with the server (Close,
// and Serve when its context ends, as on Ctrl-C or SIGTERM), and New removes the
// folders of dead processes.
func TestPastedScriptsRemoved(t *testing.T) {
	t.Run("on close", func(t *testing.T) {
		tmp := t.TempDir()
		srv := newServer(t, Config{TempDir: tmp})
		base, stop := serveOn(t, srv)
		c := browser(t, base)
		code, body := c.post("/try/check", url.Values{"source": {goodRule}, "check_games": {"1"}})
		require.Equal(t, 200, code, body)
		found, err := filepath.Glob(filepath.Join(tmp, tmpPrefix+"*", "rule-*", "*.lua"))
		require.NoError(t, err)
		require.Len(t, found, 1, "the pasted script is on disk while the server runs")
		stop()
		assert.Empty(t, entries(t, tmp), "the server's folder is gone after it stops")
		code, body = newClient(t, srv).post("/try/check", url.Values{"source": {goodRule}})
		assert.Equal(t, http.StatusUnprocessableEntity, code)
		assert.Contains(t, body, "shutting down")
	})
	t.Run("stale ones at start", func(t *testing.T) {
		tmp := t.TempDir()
		mk := func(name string, lock bool, age time.Duration) {
			dir := filepath.Join(tmp, name)
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "rule-1"), 0o700))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "rule-1", "rule.lua"), []byte(goodRule), 0o600))
			if lock {
				require.NoError(t, os.WriteFile(filepath.Join(dir, lockFile), []byte("12345\n"), 0o600))
			}
			old := time.Now().Add(-age)
			require.NoError(t, os.Chtimes(dir, old, old))
		}
		mk(tmpPrefix+"12345-dead", true, 0)           // its process is gone: no lock held
		mk(tmpPrefix+"old-format", false, 2*staleAge) // an older version's, long ago
		mk(tmpPrefix+"just-made", false, 0)           // being made, perhaps
		mk("someone-elses", false, 2*staleAge)
		live := filepath.Join(tmp, tmpPrefix+"live")
		require.NoError(t, os.Mkdir(live, 0o700))
		f, err := lockDir(filepath.Join(live, lockFile)) // a live server's
		require.NoError(t, err)
		defer f.Close()

		newServer(t, Config{TempDir: tmp}).Close()
		assert.Equal(t, []string{tmpPrefix + "just-made", tmpPrefix + "live", "someone-elses"}, entries(t, tmp))
	})
}

// TestServeInterruptsLongRequests: a study still running when the grace period of a
// shutdown ends is interrupted, and its pasted script removed.
func TestServeInterruptsLongRequests(t *testing.T) {
	defer func(g time.Duration) { shutdownGrace = g }(shutdownGrace)
	shutdownGrace = 10 * time.Millisecond
	tmp := t.TempDir()
	srv := newServer(t, Config{TempDir: tmp, MaxStudyTime: 10 * time.Minute, MaxStudyGames: 5000})
	base, stop := serveOn(t, srv)
	got := make(chan error, 1)
	go func() {
		res, err := http.PostForm(base+"/try/study", url.Values{"source": {goodRule}, "games": {"5000"}, "agent": {"alphabeta:depth=6"}})
		if err == nil {
			res.Body.Close()
		}
		got <- err
	}()
	waitFor(t, func() bool { return len(srv.jobs.studies) == 1 })
	stop()
	select {
	case <-got: // an error (the connection closed) or the page of an interrupted study
	case <-time.After(time.Minute): // against a hang only
		t.Fatal("the study went on after the server stopped")
	}
	waitFor(t, func() bool { return len(srv.jobs.studies) == 0 }) // the handler has returned: the study stopped
	assert.Empty(t, entries(t, tmp))
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// slowHook is a rule whose extra_turn hook takes a few hundred Lua steps a call (a game
// of it takes about 20 ms here): far under the hook's time limit, far over what
// hundreds of games allow in a short deadline.
const slowHook = `return variant { name = "t/slow", extends = "kalah", summary = "slow",
  hooks = { extra_turn = function(b, last) local n = 0 for i = 1, 300 do n = n + i end return false end } }`

// TestDeadlineNamesScriptAndHook: a check or study stopped by the server's time limit
// says so in words naming the script and its hooks, not "context deadline exceeded".
func TestDeadlineNamesScriptAndHook(t *testing.T) {
	t.Run("check", func(t *testing.T) {
		c := newClient(t, newServer(t, Config{MaxStudyTime: 300 * time.Millisecond, MaxCheckGames: 1000}))
		code, body := c.post("/try/check", url.Values{"source": {slowHook}, "check_games": {"1000"}})
		assert.Equal(t, http.StatusUnprocessableEntity, code)
		msg := byID(body, "try-error")
		assert.Contains(t, msg, "the check of rule.lua (t/slow) was stopped at the server's time limit of 300ms")
		assert.Contains(t, msg, "while playing them with its hook extra_turn: ask for fewer games, or make the hook faster")
		assert.NotContains(t, msg, "context deadline exceeded")
		t.Log(msg)
	})
	t.Run("study", func(t *testing.T) {
		c := newClient(t, newServer(t, Config{MaxStudyTime: 2 * time.Second, MaxStudyGames: 5000}))
		code, body := c.post("/try/study", url.Values{"source": {slowHook}, "check_games": {"1"}, "games": {"5000"}, "agent": {"random"}})
		assert.Equal(t, http.StatusUnprocessableEntity, code)
		msg := byID(body, "try-error")
		assert.Contains(t, msg, "the study of rule.lua (t/slow) was stopped at the server's time limit of 2s")
		assert.Contains(t, msg, "with 5000 games a variant against kalah and the agent random (interrupted after")
		assert.Contains(t, msg, "while playing them with its hook extra_turn: ask for fewer games or a faster agent, or make the hook faster")
		assert.NotContains(t, msg, "context deadline exceeded")
		t.Log(msg)
	})
}

// TestGuardsReadWhatTheyMean: a request for a whole URL is refused on a loopback
// server (its host would override the Host header), and an origin is compared as a
// URL: scheme, host and port, with no user name or path.
func TestGuardsReadWhatTheyMean(t *testing.T) {
	srv := newServer(t, Config{Loopback: true})
	defer srv.Close()
	t.Run("absolute request target", func(t *testing.T) {
		req := httptest.NewRequest("GET", "http://localhost/", nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		assert.Equal(t, http.StatusBadRequest, rec.Code)
		assert.Contains(t, rec.Body.String(), "not a proxy")
	})
	t.Run("absolute request target on the wire, Host: evil.example", func(t *testing.T) {
		base, _ := serveOn(t, newServer(t, Config{Loopback: true}))
		conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		require.NoError(t, err)
		defer conn.Close()
		_, err = fmt.Fprintf(conn, "GET http://localhost/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
		require.NoError(t, err)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode)
		assert.Contains(t, readAll(t, res), "not a proxy")
	})
	for _, tc := range []struct {
		name, host, origin, site string
		code                     int
	}{
		{"user info before the host", "127.0.0.1:8080", "http://evil.example@127.0.0.1:8080", "", http.StatusForbidden},
		{"another port", "127.0.0.1:8080", "http://127.0.0.1:9090", "", http.StatusForbidden},
		{"no port against 8080", "127.0.0.1:8080", "http://127.0.0.1", "", http.StatusForbidden},
		{"https", "127.0.0.1:8080", "https://127.0.0.1:8080", "", http.StatusForbidden},
		{"a path", "127.0.0.1:8080", "http://127.0.0.1:8080/x", "", http.StatusForbidden},
		{"a host with this one as prefix", "127.0.0.1:8080", "http://127.0.0.1:8080.evil.example", "", http.StatusForbidden},
		{"not a URL", "127.0.0.1:8080", "::", "", http.StatusForbidden},
		{"cross-site fetch without Origin", "127.0.0.1:8080", "", "cross-site", http.StatusForbidden},
		{"same origin", "127.0.0.1:8080", "http://127.0.0.1:8080", "same-origin", http.StatusConflict},
		{"same origin, host in capitals", "localhost:8080", "http://LOCALHOST:8080", "", http.StatusConflict},
		{"default port both ways", "localhost", "http://localhost:80", "", http.StatusConflict},
		{"IPv6", "[::1]:8080", "http://[::1]:8080", "", http.StatusConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/play/undo", nil)
			req.Host = tc.host
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			if tc.site != "" {
				req.Header.Set("Sec-Fetch-Site", tc.site)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			assert.Equal(t, tc.code, rec.Code, rec.Body.String()) // 409: past the guards, no game yet
		})
	}
}

// TestBodyReaderLiftsItsDeadline: once a body is read, its deadline no longer bounds
// the request (a check that runs longer than the body timeout is not cancelled).
func TestBodyReaderLiftsItsDeadline(t *testing.T) {
	srv := newServer(t, Config{BodyTimeout: 50 * time.Millisecond, MaxStudyTime: time.Minute, MaxCheckGames: 1000})
	base, _ := serveOn(t, srv)
	// A check of this many games of the slow rule takes well over the body timeout.
	code, body := browser(t, base).post("/try/check", url.Values{"source": {slowHook}, "check_games": {"30"}})
	assert.Equal(t, 200, code, byID(body, "try-error"))
	assert.Contains(t, body, "Check: passed")

	// The page's own form is multipart, which may be parsed without reading to its end.
	var b strings.Builder
	mw := multipart.NewWriter(&b)
	require.NoError(t, mw.WriteField("source", slowHook))
	require.NoError(t, mw.WriteField("check_games", "30"))
	fw, err := mw.CreateFormFile("script", "")
	require.NoError(t, err)
	_, _ = fw.Write(nil)
	require.NoError(t, mw.Close())
	res, err := http.Post(base+"/try/check", mw.FormDataContentType(), strings.NewReader(b.String()))
	require.NoError(t, err)
	body = readAll(t, res)
	assert.Equal(t, 200, res.StatusCode, byID(body, "try-error"))
	assert.Contains(t, body, "Check: passed")
}

// TestEvictionSparesPlayers: a full store evicts the sessions that never held a game or
// a rule (what cookie-less form posts make) before a player's, however long idle.
func TestEvictionSparesPlayers(t *testing.T) {
	st := newStore(3, time.Hour)
	now := time.Unix(0, 0)
	st.now = func() time.Time { return now }
	post := func() *session {
		now = now.Add(time.Second)
		return st.get(httptest.NewRecorder(), httptest.NewRequest("POST", "/play/undo", nil))
	}
	player := post()
	player.holds.Store(true)
	var empties []*session
	for range 10 {
		empties = append(empties, post())
	}
	assert.Equal(t, 3, st.len())
	assert.NoError(t, player.ctx.Err(), "the player's session, the least recently used, is kept")
	for _, e := range empties[:8] {
		assert.Error(t, e.ctx.Err(), "empty ones made room")
	}
	other := post()
	other.holds.Store(true)
	empties[9].holds.Store(true)
	post() // all three now hold something: the least recently used goes
	assert.Error(t, player.ctx.Err())
	assert.NoError(t, other.ctx.Err())
}
