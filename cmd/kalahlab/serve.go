package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/web"
	"github.com/kalahlab/kalahlab/experiments"
	"github.com/kalahlab/kalahlab/variants"
)

func newServeCmd(a *app) *cobra.Command {
	var addr string
	var results []string
	var sessions int
	var idle time.Duration
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "The lab in a browser: variants, play, results and replay, try a rule",
		Long: `Serve the lab as web pages on this machine (http://127.0.0.1:8080 unless --addr
says otherwise): every variant with its knobs and start position; play any variant
against people or agents by clicking the board (undo, redo, hints, saved games);
an experiment's report with its games one click away, and any game replayed move by
move (--results DIR); and "Try a rule": paste a Lua variant, check it and study it
against its parent.

The server opens nothing else (no browser, no network access); Ctrl-C stops it.
Each browser session has its own game and Lua state; sessions idle for --idle are
dropped. Scripts run in the same sandbox and time limits as on the command line.
It listens on a loopback address unless --addr names another, and then warns: the
pages run Lua scripts and agents on this machine for whoever can reach them.`,
		Example: `  kalahlab serve
  kalahlab serve --results results/
  kalahlab serve --addr 127.0.0.1:9000 --scripts my-rules/
  kalahlab serve --addr 127.0.0.1:0      # any free port (printed)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, d := range results {
				st, err := os.Stat(d)
				if err != nil {
					return fmt.Errorf("--results %s: %w", d, err)
				}
				if !st.IsDir() {
					return fmt.Errorf("--results %s: not a directory (want a study's output directory)", d)
				}
				if _, err := experiments.LoadPlan(d); err != nil {
					return fmt.Errorf("--results: %w", err)
				}
			}
			scripts := a.v.GetString("scripts")
			if scripts == "" {
				scripts = variants.EnvOptions().ScriptsDir
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("--addr %s: %w", addr, err)
			}
			loop := isLoopback(ln.Addr())
			srv, err := web.New(web.Config{Scripts: scripts, Results: results, Version: programVersion(),
				Loopback: loop, MaxSessions: sessions, IdleTimeout: idle})
			if err != nil {
				ln.Close()
				return err
			}
			defer srv.Close()
			if !loop {
				fmt.Fprintf(a.errOut, "kalahlab: warning: --addr %s is not a loopback address: anyone who can reach it can run agents and Lua scripts on this machine\n", addr)
			}
			fmt.Fprintf(a.out, "kalahlab serve: http://%s/ (Ctrl-C stops)\n", displayAddr(ln.Addr()))
			return serveUntil(cmd.Context(), ln, srv)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port)")
	f.StringArrayVar(&results, "results", nil, "a study's output `DIR` to browse (repeatable)")
	f.IntVar(&sessions, "sessions", 64, "the most browser sessions kept at once")
	f.DurationVar(&idle, "idle", time.Hour, "drop a session after this long without a request")
	return cmd
}

// serveUntil serves on ln until ctx ends (Ctrl-C), then lets the requests under way
// finish for a few seconds.
func serveUntil(ctx context.Context, ln net.Listener, h http.Handler) error {
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// isLoopback reports whether a listener's address is a loopback one.
func isLoopback(addr net.Addr) bool {
	tcp, ok := addr.(*net.TCPAddr)
	return ok && tcp.IP != nil && tcp.IP.IsLoopback()
}

// displayAddr writes a listener's address as a browser takes it.
func displayAddr(addr net.Addr) string {
	s := addr.String()
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		s = "localhost:" + fmt.Sprint(tcp.Port)
	}
	return strings.Replace(s, "[::1]", "localhost", 1)
}
