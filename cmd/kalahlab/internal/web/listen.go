package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"time"
)

// shutdownGrace is how long Serve lets the requests under way finish once its context
// has ended (a variable for the tests).
var shutdownGrace = 5 * time.Second

// Serve serves s on ln until ctx ends (Ctrl-C), then lets the requests under way finish
// for a few seconds, interrupts the others (their checks, studies and agents stop), and
// closes s (removing the pasted scripts). It bounds the connections open at once
// (Config.MaxConns: more wait to be accepted), the arrival of a request's headers
// (Config.HeaderTimeout) and of its body (Config.BodyTimeout, see bodyReader), and the
// time an idle connection is kept.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	defer s.Close()
	base, interrupt := context.WithCancel(context.Background())
	defer interrupt()
	hs := &http.Server{Handler: s, ReadHeaderTimeout: s.cfg.HeaderTimeout, IdleTimeout: 2 * time.Minute,
		BaseContext: func(net.Listener) context.Context { return base }}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(newLimitListener(ln, s.cfg.MaxConns)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		interrupt()
		err = hs.Close()
	}
	if err != nil {
		return err
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// bodyReader is a request's body with a deadline on its arrival: Config.BodyTimeout
// from the request's start, plus a second for every Config.MinBodyRate bytes read so
// far. So a body of any size that arrives at the rate or faster is read whole, and a
// client that trickles a few bytes now and then (holding a connection and a handler)
// is cut off after BodyTimeout. Once the body is read the deadline is lifted: the
// handler's work is not bounded by it.
//
// It sets the connection's read deadline (http.ResponseController), so it is set only
// for a request with a body: without one, the server is already reading the
// connection in the background, and a deadline there would cancel the request.
type bodyReader struct {
	body  io.ReadCloser
	w     http.ResponseWriter
	rc    *http.ResponseController
	start time.Time
	base  time.Duration
	rate  int64
	n     int64 // bytes read
	done  bool  // the deadline is lifted
}

func (s *Server) newBodyReader(w http.ResponseWriter, body io.ReadCloser) *bodyReader {
	b := &bodyReader{body: body, w: w, rc: http.NewResponseController(w), start: time.Now(),
		base: s.cfg.BodyTimeout, rate: int64(s.cfg.MinBodyRate)}
	_ = b.rc.SetReadDeadline(b.deadline()) // not supported by a test's recorder: no deadline
	return b
}

func (b *bodyReader) deadline() time.Time {
	return b.start.Add(b.base + time.Duration(b.n)*time.Second/time.Duration(b.rate))
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	if b.done {
		return n, err
	}
	b.n += int64(n)
	if err == nil {
		_ = b.rc.SetReadDeadline(b.deadline())
		return n, nil
	}
	b.done = true
	if err == io.EOF {
		_ = b.rc.SetReadDeadline(time.Time{})
		return n, err
	}
	// The deadline stays (past): the server would otherwise wait for the rest of the
	// body after the handler, to reuse the connection, which is closed instead.
	b.w.Header().Set("Connection", "close")
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = fmt.Errorf("the request's body arrived too slowly (%d bytes in %v; it may take %v plus a second for every %d bytes): %w",
			b.n, time.Since(b.start).Round(time.Millisecond), b.base, b.rate, err)
	}
	return n, err
}

func (b *bodyReader) Close() error { return b.body.Close() }

// limitListener accepts at most max connections open at once: Accept waits for one of
// them to close.
type limitListener struct {
	net.Listener
	slots chan struct{}
	done  chan struct{}
	once  sync.Once
}

func newLimitListener(ln net.Listener, max int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, max), done: make(chan struct{})}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its slot back when it is closed.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
