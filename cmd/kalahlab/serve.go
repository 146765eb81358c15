package main

import (
	"fmt"
	"net"
	"os"
	"runtime"
	"runtime/debug"
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
	lim := web.Config{}
	var luaTotal string
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
dropped, and a page fetched without the session's cookie makes none. Scripts run in
the same sandbox and time limits as on the command line.
It listens on a loopback address unless --addr names another, and then warns: the
pages run Lua scripts and agents on this machine for whoever can reach them.

Limits, so that strangers' scripts cannot take the server down: at most --max-checks
checks and --max-studies studies of Try a rule run at once, --queue more wait for a
slot (up to 30s), and a session may have --session-jobs running or waiting; the others
are refused (503, or 429 for the session) with a Retry-After and a sentence saying
what to do. All Lua states share one memory budget (--lua-total) besides each one's
own (--lua-memory); unless GOMEMLIMIT is set, Go's soft memory limit is twice
--lua-total plus 512MB (at most three quarters of the machine's memory). A request's
body must arrive within --body-timeout, plus a second for every 4KB arrived; at most
--max-conns connections are open at once. Pasted scripts are kept in a kalahlab-try-*
folder under $TMPDIR that is removed when the server stops (Ctrl-C, SIGTERM: the
requests under way get 5s to finish); the folders of a crashed server are removed at
the next start.`,
		Example: `  kalahlab serve
  kalahlab serve --results results/
  kalahlab serve --addr 127.0.0.1:9000 --scripts my-rules/
  kalahlab serve --addr 127.0.0.1:0      # any free port (printed)`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := lim
			if err := checkLimits(&cfg); err != nil {
				return withCode(exitUsage, err)
			}
			restore, err := serveMemory(luaTotal)
			if err != nil {
				return withCode(exitUsage, err)
			}
			defer restore()
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
			cfg.Scripts, cfg.Results, cfg.Version, cfg.Loopback = scripts, results, programVersion(), loop
			cfg.MaxSessions, cfg.IdleTimeout = sessions, idle
			srv, err := web.New(cfg)
			if err != nil {
				ln.Close()
				return err
			}
			if !loop {
				fmt.Fprintf(a.errOut, "kalahlab: warning: --addr %s is not a loopback address: anyone who can reach it can run agents and Lua scripts on this machine\n", addr)
			}
			fmt.Fprintf(a.out, "kalahlab serve: http://%s/ (Ctrl-C stops)\n", displayAddr(ln.Addr()))
			return srv.Serve(cmd.Context(), ln)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port)")
	f.StringArrayVar(&results, "results", nil, "a study's output `DIR` to browse (repeatable)")
	f.IntVar(&sessions, "sessions", 64, "the most browser sessions kept at once")
	f.DurationVar(&idle, "idle", time.Hour, "drop a session after this long without a request")
	addLimitFlags(cmd, &lim)
	f.StringVar(&luaTotal, "lua-total", "", "memory budget shared by all the server's Lua states, e.g. 2GB, or none (default "+fmtSize(defaultLuaTotal())+": a quarter of this machine's memory, 1GB when unknown)")
	return cmd
}

// defaultLuaTotal is the Lua states' shared memory budget of a server: a quarter of the
// machine's memory (the states' estimate of what they hold undercounts the process's
// memory, and the Go heap grows past what is live before it is collected), or 1 GiB
// when the machine's memory is unknown.
func defaultLuaTotal() int64 {
	if m, ok := machineMemory(); ok {
		return max(m/4, 64<<20)
	}
	return 1 << 30
}

// serveMemory sets what --lua-total says (text: "" for the default, "none" for no
// shared budget) and, unless GOMEMLIMIT is set, Go's soft memory limit (goLimit), so
// that the garbage of the scripts (which their budgets do not count) is collected
// before it piles up. The function it returns restores both.
func serveMemory(text string) (func(), error) {
	total := defaultLuaTotal()
	switch t := strings.TrimSpace(text); {
	case t == "":
	case strings.EqualFold(t, "none"):
		total = 0
	default:
		n, err := parseBytes(t)
		if err != nil {
			return nil, fmt.Errorf("--lua-total: %w (or none)", err)
		}
		total = n
	}
	prev := variants.SetTotalMemoryBudget(total)
	prevLimit := int64(-1)
	if limit, ok := goLimit(total); ok && os.Getenv("GOMEMLIMIT") == "" {
		prevLimit = debug.SetMemoryLimit(limit)
	}
	return func() {
		variants.SetTotalMemoryBudget(prev)
		if prevLimit >= 0 {
			debug.SetMemoryLimit(prevLimit)
		}
	}, nil
}

// goLimit is the soft memory limit of a server whose Lua states share total bytes (0:
// no bound): twice that plus 512 MB (what the scripts hold, as much again of their
// garbage, and the server itself), and at most three quarters of the machine's memory.
// With neither bound known there is none.
func goLimit(total int64) (int64, bool) {
	m, known := machineMemory()
	switch {
	case total > 0 && known:
		return min(2*total+512<<20, m/4*3), true
	case total > 0:
		return 2*total + 512<<20, true
	case known:
		return m / 4 * 3, true
	}
	return 0, false
}

// fmtSize writes a size as parseBytes reads it, rounded down to a whole MB.
func fmtSize(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%dGB", n>>30)
	}
	return fmt.Sprintf("%dMB", n>>20)
}

// addLimitFlags adds the flags of the server's limits on strangers' requests.
func addLimitFlags(cmd *cobra.Command, c *web.Config) {
	f := cmd.Flags()
	f.IntVar(&c.MaxChecks, "max-checks", max(2, runtime.NumCPU()), "the most Try-a-rule checks running at once (the number of CPUs, at least 2)")
	f.IntVar(&c.MaxStudies, "max-studies", 2, "the most Try-a-rule studies running at once")
	f.IntVar(&c.MaxWaiting, "queue", 8, "checks and studies that wait for a slot (up to 30s); more are refused with 503 (0: none wait)")
	f.IntVar(&c.SessionJobs, "session-jobs", 2, "checks and studies one browser session may have running or waiting; more are refused with 429")
	f.IntVar(&c.MaxConns, "max-conns", 512, "the most connections open at once (more wait to be accepted)")
	f.DurationVar(&c.BodyTimeout, "body-timeout", 30*time.Second, "time for a request's body to arrive, plus 1s for every 4KB arrived (a trickling client is cut off)")
}

// checkLimits refuses limits out of range, and turns --queue 0 into the server's "no
// queue".
func checkLimits(c *web.Config) error {
	for _, n := range []struct {
		flag  string
		value int
	}{{"--max-checks", c.MaxChecks}, {"--max-studies", c.MaxStudies}, {"--session-jobs", c.SessionJobs}, {"--max-conns", c.MaxConns}} {
		if n.value < 1 {
			return fmt.Errorf("%s %d: want a whole number 1 or more", n.flag, n.value)
		}
	}
	if c.MaxWaiting < 0 {
		return fmt.Errorf("--queue %d: want a whole number 0 or more (0: none wait)", c.MaxWaiting)
	}
	if c.MaxWaiting == 0 {
		c.MaxWaiting = -1
	}
	if c.BodyTimeout <= 0 {
		return fmt.Errorf("--body-timeout %v: want a positive duration, such as 30s", c.BodyTimeout)
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
