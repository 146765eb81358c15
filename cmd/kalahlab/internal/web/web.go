// Package web is the lab in a browser: the web app behind `kalahlab serve`.
//
// It serves its pages from one process, with no files or scripts from elsewhere (the
// templates, style sheet and script are embedded; the page works offline):
//
//   - Variants: every built-in and user variant with its summary, rules, knobs (their
//     sentences and allowed values), mechanisms, hooks and a drawing of its start
//     position, grouped by family and region (cmd/kalahlab/internal/catalog, as
//     `variants list` groups them) and filtered by search, family, region and
//     mechanism (?q=, ?family=, ?region=, ?mech=).
//   - Play: a game of any variant with its knobs, a person, a strength (easy, medium,
//     hard) or an agent on each seat, each agent within the server's bounds
//     (seat.Bound); click a legal move on the board (drawn by core/draw), undo, redo,
//     hint (the search's evaluation in words), swap under the pie rule, dice rolls
//     shown, every move a link to the board after it; agents move one request at a
//     time at a chosen pace, so agent-against-agent games can be watched; games are
//     saved and loaded as core/record game records.
//   - A variant's page: its rules in words (variants.Variant.RulesText), the script's
//     description and sources, knobs, hooks and examples.
//   - Set up a position (edit.go, static/editor.js): a mancala position clicked
//     together, or any game's position string typed, read live by the game's own
//     parser; a game played from it (the Play page's start field), or an example for
//     the variant's script written from it.
//   - Results: an experiment's report (experiments.WriteHTML, the same as the static
//     HTML), with the games behind each first move and each histogram bar one click
//     away; Replay steps or scrubs through any trial from its start, with each move's
//     notation (a link to it) and position string.
//   - Try a rule: a pasted or uploaded Lua variant (numbered lines, the lines an error
//     names marked) is checked (variants.CheckContext) and played against its parent
//     by the default study's ladder in a quick study (experiments.Run), bounded in
//     games and time and cancelled when the page goes away.
//
// Each browser gets a session (a random id in a cookie) holding its own game and its
// own Lua states; sessions are made by forms only (not by GETs), bounded in number and
// dropped when idle, and dropping one interrupts its Lua code. Scripts run in the same
// sandbox, with the same time and memory limits, as on the command line: a hostile
// script fails its own request only.
//
// Strangers' requests are bounded (see admit.go, listen.go and tmpdir.go): checks and
// studies by slots, a small queue and a bound per session, refused beyond with 429 or
// 503 and a Retry-After; request bodies by a deadline that grows with what arrives;
// connections by a cap (Serve). The pasted scripts live in a folder of the process's,
// removed when the server closes, and the folders of dead processes at the next start.
//
// The JavaScript (static/app.js) is a small hand-written module that only enhances the
// server-rendered pages: every action is an ordinary form that works without it.
package web

import (
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/kalahlab/kalahlab/variants"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config says what the server serves and how much it lets a session do.
type Config struct {
	// Scripts is the directory of user variant scripts ("" for none).
	Scripts string
	// Results are experiment output directories to browse (Results and Replay pages).
	Results []string
	// Version is the program version, shown in the footer and written into reports.
	Version string
	// Loopback says the server listens on a loopback address only: requests must then
	// name a loopback host (a guard against DNS rebinding).
	Loopback bool

	// MaxSessions bounds the live sessions (default 64); the least recently used one
	// makes room for a new one.
	MaxSessions int
	// IdleTimeout drops a session after this long without a request (default 1h).
	IdleTimeout time.Duration
	// MaxStudyGames bounds the games of a Try-a-rule study (default 5000).
	MaxStudyGames int
	// MaxStudyTime bounds the time of a Try-a-rule study (default 30s).
	MaxStudyTime time.Duration
	// MaxCheckGames bounds the random games of a Try-a-rule check (default 200).
	MaxCheckGames int
	// MoveTimeout bounds one agent move or hint (default 20s).
	MoveTimeout time.Duration
	// Workers is the number of goroutines a study uses (default 2).
	Workers int

	// MaxChecks bounds the Try page's checks running at once (default: the number of
	// CPUs, at least 2); MaxStudies its studies (default 2). See admit.go.
	MaxChecks, MaxStudies int
	// MaxWaiting is the length of the queue of checks and studies waiting for a slot
	// (default 8; negative: no queue, refuse at once); one more is refused with 503.
	MaxWaiting int
	// QueueWait bounds a request's time in that queue (default MaxStudyTime).
	QueueWait time.Duration
	// SessionJobs bounds one session's checks and studies running or waiting (default
	// 2); one more is refused with 429.
	SessionJobs int

	// TempDir is where the folders of pasted scripts are made (default os.TempDir()).
	TempDir string

	// HeaderTimeout bounds the arrival of a request's headers (default 10s).
	HeaderTimeout time.Duration
	// BodyTimeout bounds the arrival of a request's body (default 30s), plus a second
	// for every MinBodyRate bytes arrived: a slow client sending a body of normal size
	// is not cut off, one trickling bytes is.
	BodyTimeout time.Duration
	// MinBodyRate is the slowest body rate that earns more time, in bytes a second
	// (default 4096).
	MinBodyRate int
	// MaxConns bounds the open connections (default 512); more wait to be accepted.
	MaxConns int
}

func (c *Config) defaults() {
	if c.MaxSessions <= 0 {
		c.MaxSessions = 64
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = time.Hour
	}
	if c.MaxStudyGames <= 0 {
		c.MaxStudyGames = 5000
	}
	if c.MaxStudyTime <= 0 {
		c.MaxStudyTime = 30 * time.Second
	}
	if c.MaxCheckGames <= 0 {
		c.MaxCheckGames = 200
	}
	if c.MoveTimeout <= 0 {
		c.MoveTimeout = 20 * time.Second
	}
	if c.Workers <= 0 {
		c.Workers = 2
	}
	c.limitDefaults()
}

func (c *Config) limitDefaults() {
	if c.MaxChecks <= 0 {
		c.MaxChecks = max(2, runtime.NumCPU())
	}
	if c.MaxStudies <= 0 {
		c.MaxStudies = 2
	}
	if c.MaxWaiting == 0 {
		c.MaxWaiting = 8
	}
	if c.QueueWait <= 0 {
		c.QueueWait = c.MaxStudyTime
	}
	if c.SessionJobs <= 0 {
		c.SessionJobs = 2
	}
	if c.TempDir == "" {
		c.TempDir = os.TempDir()
	}
	if c.HeaderTimeout <= 0 {
		c.HeaderTimeout = 10 * time.Second
	}
	if c.BodyTimeout <= 0 {
		c.BodyTimeout = 30 * time.Second
	}
	if c.MinBodyRate <= 0 {
		c.MinBodyRate = 4096
	}
	if c.MaxConns <= 0 {
		c.MaxConns = 512
	}
}

// Server is the web app; it is an http.Handler.
type Server struct {
	cfg      Config
	opt      variants.Options
	sessions *store
	jobs     *admission
	tmp      *tmpRoot
	pages    map[string]*template.Template
	mux      *http.ServeMux

	startMu  sync.Mutex
	startSVG map[string]template.HTML // a variant's start drawing, by name and hash
}

// New builds the server. A results directory that cannot be read is not an error here:
// the Results page says what is wrong with it.
func New(cfg Config) (*Server, error) {
	cfg.defaults()
	s := &Server{
		cfg:      cfg,
		opt:      variants.Options{ScriptsDir: cfg.Scripts, Confined: true}, // names from requests and records stay inside --scripts
		sessions: newStore(cfg.MaxSessions, cfg.IdleTimeout),
		jobs:     newAdmission(cfg),
		tmp:      &tmpRoot{parent: cfg.TempDir},
		startSVG: map[string]template.HTML{},
	}
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	s.pages = pages
	s.routes()
	cleanStale(cfg.TempDir)
	return s, nil
}

// Close drops every session, interrupting the Lua code still running in them, and
// removes the pasted scripts' folder. A Try request after it fails.
func (s *Server) Close() {
	s.sessions.closeAll()
	_ = s.tmp.close()
}

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(staticFS, "static")
	m.Handle("GET /static/", http.StripPrefix("/static/", cacheStatic(http.FileServerFS(static))))
	m.HandleFunc("GET /{$}", s.home)
	m.HandleFunc("GET /variants", s.variantsPage)
	m.HandleFunc("GET /variant", s.variantPage)
	m.HandleFunc("GET /edit", s.editPage)
	m.HandleFunc("GET /edit/check", s.editCheck)

	m.HandleFunc("GET /play", s.playPage)
	m.HandleFunc("POST /play/new", s.playNew)
	m.HandleFunc("POST /play/move", s.playMove)
	m.HandleFunc("POST /play/step", s.playStep)
	m.HandleFunc("POST /play/undo", s.playUndo)
	m.HandleFunc("POST /play/redo", s.playRedo)
	m.HandleFunc("POST /play/hint", s.playHint)
	m.HandleFunc("POST /play/pause", s.playPause)
	m.HandleFunc("POST /play/load", s.playLoad)
	m.HandleFunc("GET /play/save", s.playSave)

	m.HandleFunc("GET /results", s.resultsPage)
	m.HandleFunc("GET /results/report", s.reportHTML)
	m.HandleFunc("GET /results/games", s.gamesPage)
	m.HandleFunc("GET /replay", s.replayPage)

	m.HandleFunc("GET /try", s.tryPage)
	m.HandleFunc("POST /try/check", s.tryCheck)
	m.HandleFunc("POST /try/study", s.tryStudy)
	s.mux = m
}

// ServeHTTP serves a request after the host and origin checks, with a deadline on the
// arrival of its body (see bodyReader).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Loopback {
		if absoluteTarget(r) {
			http.Error(w, fmt.Sprintf("kalahlab serve: a request for the full address %q was refused: this server is not a proxy (ask for the path only, such as /play)", r.RequestURI), http.StatusBadRequest)
			return
		}
		if !loopbackHost(r.Host) {
			http.Error(w, fmt.Sprintf("kalahlab serve: host %q is not this machine (the server listens on a loopback address only)", r.Host), http.StatusMisdirectedRequest)
			return
		}
	}
	if r.Method == http.MethodPost && !sameOrigin(r) {
		http.Error(w, "kalahlab serve: a form from another site was refused", http.StatusForbidden)
		return
	}
	if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
		r.Body = s.newBodyReader(w, r.Body)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'")
	s.mux.ServeHTTP(w, r)
}

// absoluteTarget reports whether a request names a whole URL (GET http://host/path), as
// one sent to a proxy does, rather than a path: its host then overrides the Host
// header, which the host check would no longer see. Browsers never send one.
func absoluteTarget(r *http.Request) bool {
	return r.RequestURI != "" && r.RequestURI != "*" && !strings.HasPrefix(r.RequestURI, "/")
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(hostport string) bool {
	host, _ := splitHostPort(hostport, "")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// splitHostPort splits a Host header or a URL's host into the host name (without the
// brackets of an IPv6 address) and the port, which is port when it names none.
func splitHostPort(hostport, port string) (string, string) {
	host := hostport
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		host, port = h, p
	}
	return strings.Trim(host, "[]"), port
}

// sameOrigin reports whether a POST came from this server's own pages: no Origin
// header (a form without script, an old browser, a test), or an origin whose scheme,
// host and port are exactly the request's, with nothing else in it (no user name, no
// path); never a request a browser marks as coming from another site (Sec-Fetch-Site).
func sameOrigin(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	if site == "cross-site" || site == "same-site" {
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" || o == "null" && site == "same-origin" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.User != nil || u.Opaque != "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Host == "" {
		return false
	}
	scheme, port := "http", "80"
	if r.TLS != nil {
		scheme, port = "https", "443"
	}
	if !strings.EqualFold(u.Scheme, scheme) {
		return false
	}
	oh, op := splitHostPort(u.Host, port)
	rh, rp := splitHostPort(r.Host, port)
	return strings.EqualFold(oh, rh) && op == rp
}

func cacheStatic(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// page is what the layout needs besides the page's own data.
type page struct {
	Title   string
	Nav     string // the nav entry to mark current
	Version string
	Data    any
}

// render writes a page with the layout, with status code.
func (s *Server) render(w http.ResponseWriter, code int, name, title string, data any) {
	t, ok := s.pages[name]
	if !ok {
		http.Error(w, "kalahlab serve: no page "+name, http.StatusInternalServerError)
		return
	}
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, "layout", page{Title: title, Nav: name, Version: s.cfg.Version, Data: data}); err != nil {
		http.Error(w, "kalahlab serve: drawing the page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	_, _ = w.Write([]byte(b.String()))
}

// fail writes an error page: what went wrong and where to go on.
func (s *Server) fail(w http.ResponseWriter, code int, err error) {
	s.render(w, code, "error", "Error", map[string]any{"Code": code, "Status": http.StatusText(code), "Err": err.Error()})
}

// badRequest is an error in what the user sent.
type badRequest struct{ error }

// failErr writes err as a 400 page when it is the user's and a 500 page otherwise.
func (s *Server) failErr(w http.ResponseWriter, err error) {
	var br badRequest
	if errors.As(err, &br) {
		s.fail(w, http.StatusBadRequest, err)
		return
	}
	s.fail(w, http.StatusInternalServerError, err)
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "home", "kalahlab", map[string]any{"Results": len(s.cfg.Results)})
}

// parsePages parses the layout with each page's template.
func parsePages() (map[string]*template.Template, error) {
	layout, err := template.New("layout.tmpl").Funcs(funcs).ParseFS(templateFS, "templates/layout.tmpl")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	names, err := fs.Glob(templateFS, "templates/*.tmpl")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".tmpl")
		if name == "layout" {
			continue
		}
		t, err := template.Must(layout.Clone()).ParseFS(templateFS, n)
		if err != nil {
			return nil, fmt.Errorf("web: templates: %w", err)
		}
		pages[name] = t
	}
	return pages, nil
}

var funcs = template.FuncMap{
	"inc":  func(i int) int { return i + 1 },
	"dec":  func(i int) int { return i - 1 },
	"eq1":  func(a, b any) bool { return fmt.Sprint(a) == fmt.Sprint(b) },
	"str":  func(v any) string { return fmt.Sprint(v) },
	"join": strings.Join,
	// the Try page's editor (try_ladder.go)
	"gutter":     gutterLines,
	"editorRows": editorRows,
}
