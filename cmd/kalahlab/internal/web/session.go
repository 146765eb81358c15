package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// cookieName is the session cookie: a random id, nothing else.
const cookieName = "kalahlab_session"

// session is one browser's state: its game, the rule it is trying (with the Lua state
// that rule's game owns) and its last replay. Every handler that touches it holds mu,
// so a session's Lua states are used by one goroutine at a time.
type session struct {
	id string

	mu   sync.Mutex
	last time.Time // the last request (under store.mu)
	// holds says the session has held a game or a tried rule: a full store evicts the
	// sessions that never did first (see evictOldest).
	holds atomic.Bool

	// ctx ends when the session is dropped (idle, evicted, or the server closing):
	// it interrupts the Lua code of the session's games.
	ctx    context.Context
	cancel context.CancelFunc

	game  *game      // the game on the Play page (nil before the first)
	tried *tried     // the rule on the Try page (nil before the first)
	rep   *replayMem // the last replayed trial
}

// store holds the sessions in memory: at most max of them, each dropped after idle
// time without a request; when full, the least recently used one makes room.
type store struct {
	mu   sync.Mutex
	m    map[string]*session
	max  int
	idle time.Duration
	now  func() time.Time
}

func newStore(max int, idle time.Duration) *store {
	return &store{m: map[string]*session{}, max: max, idle: idle, now: time.Now}
}

// get returns the request's session. A POST without one (or with an unknown or expired
// one) makes one and sets the cookie; a GET or HEAD gets a passing session, empty and
// kept nowhere: a page that another site loads (an <img src>, which a SameSite=Strict
// cookie is withheld from) can neither make sessions nor, by making them, evict the
// players' ones. Every action that keeps something in a session is a POST.
func (st *store) get(w http.ResponseWriter, r *http.Request) *session {
	st.mu.Lock()
	defer st.mu.Unlock()
	now := st.now()
	st.sweep(now)
	if c, err := r.Cookie(cookieName); err == nil {
		if s, ok := st.m[c.Value]; ok {
			s.last = now
			return s
		}
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return passing()
	}
	for len(st.m) >= st.max {
		st.evictOldest()
	}
	s := &session{id: newID(), last: now}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	st.m[s.id] = s
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: s.id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return s
}

// sweep drops the sessions idle for longer than st.idle.
func (st *store) sweep(now time.Time) {
	for id, s := range st.m {
		if now.Sub(s.last) > st.idle {
			delete(st.m, id)
			s.drop()
		}
	}
}

// evictOldest drops the least recently used session that never held a game or a tried
// rule (a form posted without a cookie makes one, by a script as easily as by a
// person), or when every session has held one, the least recently used of all.
func (st *store) evictOldest() {
	var old *session
	for _, s := range st.m {
		if old == nil || older(s, old) {
			old = s
		}
	}
	if old != nil {
		delete(st.m, old.id)
		old.drop()
	}
}

// older reports whether a is to be evicted before b.
func older(a, b *session) bool {
	if ha, hb := a.holds.Load(), b.holds.Load(); ha != hb {
		return hb
	}
	return a.last.Before(b.last)
}

// len is the number of live sessions.
func (st *store) len() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.m)
}

// closeAll drops every session.
func (st *store) closeAll() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for id, s := range st.m {
		delete(st.m, id)
		s.drop()
	}
}

// drop ends the session's context (interrupting its Lua code) and removes the files
// of the rule it was trying. A handler still running finishes with an interrupted game.
func (s *session) drop() {
	s.cancel()
	go func() { // after any handler holding the session is done with it
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.tried != nil {
			s.tried.remove()
		}
	}()
}

// passing returns a session that is kept nowhere (for a GET without one).
func passing() *session {
	return &session{ctx: context.Background(), cancel: func() {}}
}

// newID returns 128 random bits in hex.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (it panics instead)
	return hex.EncodeToString(b[:])
}
