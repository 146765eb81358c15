// Command webe2e is the end-to-end test of `kalahlab serve`: it starts the server on a
// free port, drives headless Chromium through the pages with chromedp, asserts on what
// each page shows, and saves screenshots (those docs/browser.md shows).
//
// It is a module of its own so that chromedp is never linked into kalahlab, and so that
// `go test ./...` in the main module does not need a browser. Run it with e2e.sh (make
// e2e), which builds kalahlab, runs a small study and installs chromium if missing:
//
//	go run . -bin /tmp/kalahlab -results /tmp/results -shots ../testdata/screenshots
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	bin := flag.String("bin", "kalahlab", "the kalahlab binary to test")
	results := flag.String("results", "", "a study's output directory for the Results and Replay steps")
	shots := flag.String("shots", "", "the directory to save screenshots in (\"\" for none)")
	docShots := flag.String("docshots", "", "the directory to save the docs' screenshots in: the rules and the board editor (\"\" for -shots)")
	chromium := flag.String("chromium", "chromium", "the Chromium binary")
	timeout := flag.Duration("timeout", 5*time.Minute, "the whole run's time limit")
	only := flag.String("run", "", "run only the steps whose names match this regular expression (\"\": all)")
	flag.Parse()
	if *docShots == "" {
		*docShots = *shots
	}
	stepFilter, err := regexp.Compile(*only)
	if err != nil {
		log.Fatalf("webe2e: -run: %v", err)
	}
	if err := run(*bin, *results, *shots, *docShots, *chromium, *timeout, stepFilter); err != nil {
		log.Fatalf("webe2e: FAIL: %v", err)
	}
	fmt.Println("webe2e: ok")
}

// t is the run: the browser context, the server's address, the screenshots folders.
type t struct {
	ctx      context.Context
	base     string
	shots    string
	docShots string
}

func run(bin, results, shots, docShots, chromium string, timeout time.Duration, only *regexp.Regexp) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	base, stop, err := startServer(ctx, bin, results)
	if err != nil {
		return err
	}
	defer stop()
	profile, err := os.MkdirTemp("", "webe2e-profile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	// The first run starts the browser, for as long as bctx lives: no time limit on it.
	if err := chromedp.Do(bctx); err != nil {
		return fmt.Errorf("starting %s: %w", chromium, err)
	}
	for _, dir := range []string{shots, docShots} {
		if dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
		}
	}
	e := &t{ctx: bctx, base: base, shots: shots, docShots: docShots}
	steps := []struct {
		name string
		fn   func() error
	}{
		{"variants page", e.variants},
		{"filter the variants by words and mechanism", e.filterVariants},
		{"new-game form: strengths, knob help, knobs inside their box", e.newGameForm},
		{"play Kalah against random by clicking, undo, hint, redo", e.play},
		{"a relay move of Pallanguzhi shown sowing, with its words", e.sowing},
		{"watch agents play Ludo", e.watch},
		{"replay a trial from the results", func() error { return e.replay(results) }},
		{"paste a Lua rule and check it", e.try},
		{"a rule with an error: the editor marks its line", e.tryError},
		{"a variant's rules in words", e.variantRules},
		{"set up a position by clicking, make an example, play from it", e.editPosition},
	}
	for _, s := range steps {
		if !only.MatchString(s.name) {
			continue
		}
		began := time.Now()
		if err := s.fn(); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		fmt.Printf("webe2e: %-58s ok (%.1fs)\n", s.name, time.Since(began).Seconds())
	}
	return nil
}

// startServer starts `kalahlab serve` on a free port and returns its address.
func startServer(ctx context.Context, bin, results string) (string, func(), error) {
	args := []string{"serve", "--addr", "127.0.0.1:0"}
	if results != "" {
		args = append(args, "--results", results)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return "", nil, fmt.Errorf("reading the server's address: %w", err)
	}
	// "kalahlab serve: http://127.0.0.1:PORT/ (Ctrl-C stops)"
	i := strings.Index(line, "http://")
	if i < 0 {
		stop()
		return "", nil, fmt.Errorf("the server said %q, want its address", line)
	}
	url := strings.Fields(line[i:])[0]
	return strings.TrimSuffix(url, "/"), stop, nil
}

// do runs chromedp actions with a time limit.
func (e *t) do(actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(e.ctx, 60*time.Second)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// get runs one action that returns a value, with a time limit.
func get[T any](e *t, a chromedp.Action[T]) (T, error) {
	ctx, cancel := context.WithTimeout(e.ctx, 60*time.Second)
	defer cancel()
	return chromedp.Run(ctx, a)
}

// shot saves a screenshot of the window (1280x900) as PNG.
func (e *t) shot(name string) error { return e.shotAt(name, "") }

// shotAt scrolls sel to the top of the window (when not "") and saves a screenshot.
func (e *t) shotAt(name, sel string) error {
	if e.shots == "" {
		return nil
	}
	if sel != "" {
		if _, err := get(e, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (el) el.scrollIntoView({block: "start"}); return !!el; })()`, sel))); err != nil {
			return err
		}
	}
	buf, err := get(e, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(e.shots, name+".png"), buf, 0o644)
}

// text returns an element's text.
func (e *t) text(sel string) (string, error) {
	if err := e.do(chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
		return "", err
	}
	return get(e, chromedp.Text(chromedp.CSS(sel)))
}

// count returns the number of elements matching sel.
func (e *t) count(sel string) (int, error) {
	return get(e, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", sel)))
}

// gameState is what the Play page says about its game.
type gameState struct {
	Auto, Human, Over string
	Plies             string
	Waiting           bool
	Status            string
}

func (e *t) game() (gameState, error) {
	raw, err := get(e, chromedp.Evaluate[string](`(() => { const g = document.querySelector("#game"); if (!g) return "{}";
	  return JSON.stringify({Auto: g.dataset.auto, Human: g.dataset.human, Over: g.dataset.over, Plies: g.dataset.plies,
	    Waiting: document.body.classList.contains("waiting"), Status: (document.querySelector("#status")||{}).textContent || ""}); })()`))
	if err != nil {
		return gameState{}, err
	}
	var g gameState
	err = json.Unmarshal([]byte(raw), &g)
	return g, err
}

// settle waits until the game waits for a person or is over (agents move by
// themselves), and returns its state.
func (e *t) settle() (gameState, error) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		g, err := e.game()
		if err != nil {
			return g, err
		}
		if !g.Waiting && g.Auto != "true" && (g.Human == "true" || g.Over == "true") {
			return g, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return gameState{}, errors.New("the game did not come back to a person in 60s")
}

// waitPlies waits until the game has changed from plies (a move or an undo landed).
func (e *t) waitChange(plies string) (gameState, error) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		g, err := e.game()
		if err != nil {
			return g, err
		}
		if g.Plies != plies && !g.Waiting {
			return g, nil
		}
		time.Sleep(30 * time.Millisecond)
	}
	return gameState{}, fmt.Errorf("the game stayed at %s plies for 30s", plies)
}

func (e *t) variants() error {
	if err := e.do(chromedp.Navigate(e.base+"/variants"), chromedp.WaitVisible(chromedp.CSS(`section[data-variant="kalah"]`))); err != nil {
		return err
	}
	for _, v := range []string{"kalah", "kalah/pie", "oware", "checkers", "tictactoe", "ludo", "ludo/classic"} {
		n, err := e.count(fmt.Sprintf(`section[data-variant=%q] svg.board`, v))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("variant %s: %d start drawings, want 1", v, n)
		}
	}
	s, err := e.text(`section[data-variant="kalah/pie"]`)
	if err != nil {
		return err
	}
	if !strings.Contains(s, "swap") || !strings.Contains(s, "knobs") {
		return fmt.Errorf("kalah/pie's entry says %q: want its summary and knobs", s)
	}
	return e.shot("variants")
}

// play plays a Kalah game against the random agent by clicking the board, then takes
// the last move back, asks for a hint and plays the move again.
func (e *t) play() error {
	over, err := e.playToEnd()
	if err != nil {
		return err
	}
	if err := e.lookBack(over); err != nil {
		return err
	}
	undone, err := e.undo(over)
	if err != nil {
		return err
	}
	if err := e.hint(); err != nil {
		return err
	}
	return e.redo(over, undone)
}

// playToEnd starts a game of a person against the random agent and clicks the first
// legal move on the board until the game is over.
func (e *t) playToEnd() (gameState, error) {
	err := e.do(chromedp.Navigate(e.base+"/play?variant=kalah"),
		chromedp.WaitVisible(chromedp.CSS("#new-game")),
		chromedp.SetValue(chromedp.CSS("#seat-1"), "human"),
		chromedp.SetValue(chromedp.CSS("#seat-2"), "random"),
		chromedp.SetValue(chromedp.CSS(`#new-game select[name="pace"]`), "0"),
		chromedp.Click(chromedp.CSS("#start")),
		chromedp.WaitVisible(chromedp.CSS("#game")))
	if err == nil {
		err = e.setSowing("off") // a whole game: each move shown at once
	}
	if err != nil {
		return gameState{}, err
	}
	clicks := 0
	for range 300 {
		g, err := e.settle()
		if err != nil {
			return g, err
		}
		if g.Over == "true" {
			break
		}
		if err := e.clickMove(g); err != nil {
			return g, err
		}
		clicks++
		if clicks == 3 {
			if err := e.shot("play"); err != nil {
				return g, err
			}
		}
	}
	g, err := e.settle()
	if err != nil {
		return g, err
	}
	if g.Over != "true" || !strings.Contains(g.Status, "Game over") {
		return g, fmt.Errorf("after %d clicks the game says %q, want it over", clicks, g.Status)
	}
	return g, e.shot("play-over")
}

// clickMove clicks the first legal move on the board itself and waits for it to land.
func (e *t) clickMove(g gameState) error {
	if err := e.do(chromedp.Click(chromedp.CSS(`#board [data-move]`))); err != nil {
		return fmt.Errorf("clicking a move: %w", err)
	}
	_, err := e.waitChange(g.Plies)
	return err
}

// undo takes back the last move of the finished game over and the random agent's
// replies since.
func (e *t) undo(over gameState) (gameState, error) {
	if err := e.do(chromedp.Click(chromedp.CSS("#undo"))); err != nil {
		return gameState{}, err
	}
	u, err := e.waitChange(over.Plies)
	if err != nil {
		return u, err
	}
	if u.Over == "true" || u.Human != "true" || atoi(u.Plies) >= atoi(over.Plies) {
		return u, fmt.Errorf("after undo: %+v, want fewer plies than %s and a person to move", u, over.Plies)
	}
	return u, nil
}

// hint asks for a hint, which explains the search's evaluation in words.
func (e *t) hint() error {
	if err := e.do(chromedp.Click(chromedp.CSS("#hint-button")), chromedp.WaitVisible(chromedp.CSS("#hint"))); err != nil {
		return err
	}
	h, err := e.text("#hint")
	if err != nil {
		return err
	}
	if !strings.Contains(h, "Hint for seat 1: play") || !(strings.Contains(h, "seeds") || strings.Contains(h, "level") || strings.Contains(h, "force")) {
		return fmt.Errorf("the hint says %q", h)
	}
	return e.shot("play-hint")
}

// redo plays the undone moves again, back to the finished game over.
func (e *t) redo(over, undone gameState) error {
	if err := e.do(chromedp.Click(chromedp.CSS("#redo"))); err != nil {
		return err
	}
	r, err := e.waitChange(undone.Plies)
	if err != nil {
		return err
	}
	if r.Plies != over.Plies || r.Over != "true" {
		return fmt.Errorf("after redo: %+v, want the finished game of %s plies again", r, over.Plies)
	}
	return nil
}

func (e *t) watch() error {
	err := e.do(chromedp.Navigate(e.base+"/play?variant=ludo"),
		chromedp.WaitVisible(chromedp.CSS("#new-game")),
		chromedp.SetValue(chromedp.CSS("#seat-1"), "random"),
		chromedp.SetValue(chromedp.CSS(`#new-game select[name="pace"]`), "0"),
		chromedp.Click(chromedp.CSS("#start")),
		// The page still shows the session's last game (the finished Kalah game of
		// the step before) until the new one arrives: wait for the Ludo board.
		chromedp.WaitVisible(chromedp.CSS(`#game svg[data-game="ludo"]`)))
	if err != nil {
		return err
	}
	// The agents play by themselves: wait for a few dozen plies, then pause.
	deadline := time.Now().Add(60 * time.Second)
	for {
		g, err := e.game()
		if err != nil {
			return err
		}
		if atoi(g.Plies) >= 40 || g.Over == "true" {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the agents played %s plies in 60s, want 40", g.Plies)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The page replaces the game after every agent move: click by script, which finds
	// the button as it is now.
	if err := e.jsClick("#pause"); err != nil {
		return err
	}
	if err := e.do(chromedp.WaitVisible(chromedp.CSS("#resume"))); err != nil {
		return err
	}
	hist, err := e.text("#history")
	if err != nil {
		return err
	}
	if !strings.Contains(hist, "dice") {
		return fmt.Errorf("the move list shows no die roll: %q", hist)
	}
	return e.shotAt("watch-ludo", "#game")
}

func (e *t) replay(results string) error {
	if results == "" {
		return nil
	}
	if err := e.do(chromedp.Navigate(e.base+"/results"), chromedp.WaitVisible(chromedp.CSS("a.opening-link"))); err != nil {
		return err
	}
	if err := e.shot("results"); err != nil {
		return err
	}
	if err := e.do(chromedp.Click(chromedp.CSS("a.opening-link")), chromedp.WaitVisible(chromedp.CSS("a.trial-link"))); err != nil {
		return fmt.Errorf("the games behind a first move: %w", err)
	}
	if err := e.do(chromedp.Click(chromedp.CSS("a.trial-link")), chromedp.WaitVisible(chromedp.CSS("#scrubber"))); err != nil {
		return fmt.Errorf("opening a trial: %w", err)
	}
	// A replay opens at the start: "next" shows the first move.
	if err := e.waitText("#ply-label", "ply 0 of"); err != nil {
		return err
	}
	// A move's text in the list jumps to the board after it.
	if err := e.jsClick(`.steps tbody tr:nth-child(4) a.mv`); err != nil {
		return err
	}
	if err := e.waitText("#ply-label", "ply 3 of"); err != nil {
		return err
	}
	end, err := e.text("#position")
	if err != nil {
		return err
	}
	if err := e.do(chromedp.Click(chromedp.CSS("#first"))); err != nil {
		return err
	}
	if err := e.waitText("#ply-label", "ply 0 of"); err != nil {
		return err
	}
	if err := e.do(chromedp.Click(chromedp.CSS("#next"))); err != nil {
		return err
	}
	if err := e.waitText("#ply-label", "ply 1 of"); err != nil {
		return err
	}
	one, err := e.text("#position")
	if err != nil {
		return err
	}
	cur, err := e.text("tr.current")
	if err != nil {
		return err
	}
	if one == end || !strings.Contains(cur, one) {
		return fmt.Errorf("after one step the position is %q (end %q), the current row %q", one, end, cur)
	}
	return e.shot("replay")
}

// filterVariants types words into the Variants page's search (the list narrows as one
// types), then picks a mechanism.
func (e *t) filterVariants() error {
	err := e.do(chromedp.Navigate(e.base+"/variants"),
		chromedp.WaitVisible(chromedp.CSS("#variant-q")),
		chromedp.SendKeys(chromedp.CSS("#variant-q"), "relay"))
	if err != nil {
		return err
	}
	if err := e.waitText("#variant-count", "variants match"); err != nil {
		return err
	}
	for sel, want := range map[string]int{`section[data-variant="mancala/bao"]`: 1, `section[data-variant="kalah"]`: 0, `section[data-variant="oware"]`: 0} {
		n, err := e.count(sel)
		if err != nil {
			return err
		}
		if n != want {
			return fmt.Errorf("after searching for relay: %d of %s, want %d", n, sel, want)
		}
	}
	if _, err := get(e, chromedp.Evaluate[bool](`(() => { const s = document.querySelector("#variant-mech"); s.value = "four-rows"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)); err != nil {
		return err
	}
	if err := e.waitURL("mech=four-rows"); err != nil {
		return err
	}
	if err := e.waitCount(`section[data-variant="mancala/pallanguzhi"]`, 0); err != nil {
		return fmt.Errorf("relay on four rows: %w", err)
	}
	if n, err := e.count(`section[data-variant="mancala/hus"]`); err != nil || n != 1 {
		return fmt.Errorf("relay on four rows: %d cards of mancala/hus (%v), want 1", n, err)
	}
	return e.shot("variants-filter")
}

// waitURL waits until the page's address contains want.
func (e *t) waitURL(want string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		u, err := get(e, chromedp.Evaluate[string](`location.href`))
		if err != nil {
			return err
		}
		if strings.Contains(u, want) {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("the address never had %q", want)
}

// waitCount waits until sel matches n elements.
func (e *t) waitCount(sel string, n int) error {
	deadline := time.Now().Add(20 * time.Second)
	got := -1
	for time.Now().Before(deadline) {
		var err error
		if got, err = e.count(sel); err != nil {
			return err
		}
		if got == n {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%d of %s, want %d", got, sel, n)
}

// newGameForm picks a strength from a seat's list (it fills the spec field), reads a
// knob's help and checks that every knob's control stays inside the Knobs box.
func (e *t) newGameForm() error {
	err := e.do(chromedp.Navigate(e.base+"/play?variant=kalah"), chromedp.WaitVisible(chromedp.CSS("#preset-2")))
	if err != nil {
		return err
	}
	if _, err := get(e, chromedp.Evaluate[bool](`(() => { const s = document.querySelector("#preset-2"); s.value = "hard"; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)); err != nil {
		return err
	}
	v, err := get(e, chromedp.Evaluate[string](`document.querySelector("#seat-2").value`))
	if err != nil {
		return err
	}
	if v != "hard" {
		return fmt.Errorf("picking hard for seat 2 wrote %q in its field", v)
	}
	help, err := e.text(`#new-game fieldset`)
	if err != nil {
		return err
	}
	if !strings.Contains(help, "seeds per house at the start") {
		return fmt.Errorf("the knobs say %q: want what each does", help)
	}
	out, err := get(e, chromedp.Evaluate[string](`(() => { const box = document.querySelector("#new-game fieldset").getBoundingClientRect();
	  const bad = [...document.querySelectorAll("#new-game .knob-grid label, #new-game .knob-grid label *")].filter((el) => el.getBoundingClientRect().right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 1 && el.tagName !== "SELECT" && el.tagName !== "INPUT");
	  return bad.map((el) => el.closest("label").querySelector("code").textContent + " " + el.tagName).join(", "); })()`))
	if err != nil {
		return err
	}
	if out != "" {
		return fmt.Errorf("knobs sticking out of their box: %s", out)
	}
	return e.shotAt("play-setup", "#setup")
}

// lookBack clicks a move of the finished game's move list: the board shows the
// position after it and the game waits; "Back to the game" shows the end again. The
// new-game form stays folded under the game and remembers its seats.
func (e *t) lookBack(over gameState) error {
	open, err := get(e, chromedp.Evaluate[bool](`document.querySelector("#setup-details").open`))
	if err != nil {
		return err
	}
	seat1, err := get(e, chromedp.Evaluate[string](`document.querySelector("#seat-1").value + " " + document.querySelector("#seat-2").value`))
	if err != nil {
		return err
	}
	if open || seat1 != "human random" {
		return fmt.Errorf("during play the new-game form is open=%v with seats %q, want it folded with human random", open, seat1)
	}
	if err := e.jsClick(`#history li:nth-child(3) a.mv`); err != nil {
		return err
	}
	if err := e.waitText("#viewing", "after move 3 of "+over.Plies); err != nil {
		return err
	}
	if err := e.shotAt("play-history", "#game"); err != nil {
		return err
	}
	if err := e.jsClick("#back-to-game"); err != nil {
		return err
	}
	return e.waitCount("#viewing", 0)
}

// tryError checks a script with a misspelt field: the error names its line, which
// the editor marks.
func (e *t) tryError() error {
	bad := strings.Replace(rule, "params  =", "parms   =", 1)
	err := e.do(chromedp.Navigate(e.base+"/try"),
		chromedp.WaitVisible(chromedp.CSS("#source")),
		chromedp.SetValue(chromedp.CSS("#source"), bad),
		chromedp.Click(chromedp.CSS("#check")),
		chromedp.WaitVisible(chromedp.CSS("#gutter .bad")))
	if err != nil {
		return err
	}
	n, err := e.text("#gutter .bad")
	if err != nil {
		return err
	}
	if strings.TrimSpace(n) != "7" {
		return fmt.Errorf("the editor marks line %q, want 7 (parms)", n)
	}
	return e.shotAt("try-error", "#try-form")
}

// jsClick clicks the element sel names once it is there (a script click: the element
// may be replaced between a lookup and a mouse click).
func (e *t) jsClick(sel string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		ok, err := get(e, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.click(); return true; })()`, sel)))
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no %s to click", sel)
}

// waitText waits until sel's text contains want.
func (e *t) waitText(sel, want string) error {
	deadline := time.Now().Add(20 * time.Second)
	var last string
	for time.Now().Before(deadline) {
		s, err := e.text(sel)
		if err != nil {
			return err
		}
		if strings.Contains(s, want) {
			return nil
		}
		last = s
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s says %q, want %q", sel, last, want)
}

const rule = `-- Kalah with three seeds a house, where a move that ends in the mover's own
-- store gives no extra turn.
return variant {
  name    = "e2e/no-extra-turn",
  extends = "kalah",
  summary = "Kalah(6,3) without extra turns",
  params  = { seeds = 3 },
  hooks   = {
    extra_turn = function(board, info) return false end,
  },
}
`

func (e *t) try() error {
	err := e.do(chromedp.Navigate(e.base+"/try"),
		chromedp.WaitVisible(chromedp.CSS("#source")),
		chromedp.SetValue(chromedp.CSS("#source"), rule),
		chromedp.Click(chromedp.CSS("#check")),
		chromedp.WaitVisible(chromedp.CSS("#check-result")))
	if err != nil {
		return err
	}
	s, err := e.text("#check-result")
	if err != nil {
		return err
	}
	if !strings.Contains(s, "Check: passed") || !strings.Contains(s, "random games kept the contract") {
		return fmt.Errorf("the check says %q, want it passed", s)
	}
	if err := e.shotAt("try-check", "#tried"); err != nil {
		return err
	}
	// The study plays the default study's ladder: fewer games a cell keep it short.
	if err := e.do(chromedp.SetValue(chromedp.CSS(`input[name="games"]`), "200"), chromedp.Click(chromedp.CSS("#study")), chromedp.WaitVisible(chromedp.CSS("#study-result"))); err != nil {
		return err
	}
	st, err := e.text("#study-result")
	if err != nil {
		return err
	}
	if !strings.Contains(st, "e2e/no-extra-turn @ alphabeta:depth=6,tt=1") || !strings.Contains(st, "first seat's win rate") {
		return fmt.Errorf("the study says %q", st)
	}
	return e.shotAt("try-study", "#study-result")
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// docShot saves a screenshot for the docs (docs/screenshots), sel scrolled to the top.
func (e *t) docShot(name, sel string) error {
	saved := e.shots
	e.shots = e.docShots
	defer func() { e.shots = saved }()
	return e.shotAt(name, sel)
}

// variantRules opens a relay game's page: its rules in words, section by section, with
// the script's sources.
func (e *t) variantRules() error {
	if err := e.do(chromedp.Navigate(e.base+"/variant?name=mancala/bao"), chromedp.WaitVisible(chromedp.CSS("#rules"))); err != nil {
		return err
	}
	text, err := e.text(".rules-text")
	if err != nil {
		return err
	}
	for _, want := range []string{"Board", "Sowing", "Captures", "End and winning", "Relay: when the last seed", "Four rows of 8 houses"} {
		if !strings.Contains(text, want) {
			return fmt.Errorf("the rules say %q, want %q in them", text, want)
		}
	}
	src, err := e.text("ul.sources")
	if err != nil {
		return err
	}
	if !strings.Contains(src, "Ludii") {
		return fmt.Errorf("the sources say %q", src)
	}
	return e.docShot("variant-rules", "#rules")
}

// editPosition sets up a Kalah position in the board editor by clicking: every pit
// emptied, then seeds added (and one taken away with a shift-click) until the position
// string reads as wanted, checked by the game's parser; a string the parser refuses
// shows its error; the moves clicked make an example; and the game is played from the
// position on the Play page.
func (e *t) editPosition() error {
	err := e.do(chromedp.Navigate(e.base+"/edit?variant=kalah"),
		chromedp.WaitVisible(chromedp.CSS("#edit-board .pit-count")),
		chromedp.Click(chromedp.CSS("#edit-empty")))
	if err != nil {
		return err
	}
	// South's houses 1 and 6, North's house 1 and three in North's house 5 (pit 11),
	// one of them too many, taken back with a shift-click.
	for _, pit := range []int{0, 5, 7, 11, 11, 11, 11} {
		if err := e.clickPit(pit, false); err != nil {
			return err
		}
	}
	if err := e.clickPit(11, true); err != nil {
		return err
	}
	const pos = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s"
	if err := e.waitValue("#pos", pos); err != nil {
		return err
	}
	if err := e.waitText("#pos-status", "The game reads it: seat 1 to move; legal moves 1 6."); err != nil {
		return err
	}
	if err := e.waitURL("pos=1%2C0%2C0"); err != nil {
		return err
	}
	// The game's own drawing of it, as its parser read it.
	if err := e.waitValue("#edit-preview svg", pos); err != nil {
		return err
	}
	if err := e.docShot("edit", "h1"); err != nil {
		return err
	}
	// A legal move clicked makes the example: from, play, want.
	if err := e.jsClick(`#ex-legal button[data-add="1"]`); err != nil {
		return err
	}
	if err := e.waitValue("#example", `want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n"`); err != nil {
		return err
	}
	ex, err := get(e, chromedp.Evaluate[string](`document.querySelector("#example").value`))
	if err != nil {
		return err
	}
	if !strings.Contains(ex, `from = "`+pos+`"`) || !strings.Contains(ex, `play = "1"`) {
		return fmt.Errorf("the example reads %q", ex)
	}
	if err := e.waitText("#ex-legal", "Then:"); err != nil {
		return err
	}
	if err := e.docShot("edit-example", ".edit-example"); err != nil {
		return err
	}
	// A string the game cannot read: its parser's error, then the position back.
	if err := e.typePos("1,0,0,0,0,1,[0],1,0,0,0,3,0,0 s"); err != nil {
		return err
	}
	if err := e.waitText("#pos-status", "is a store: write it in brackets"); err != nil {
		return err
	}
	if err := e.typePos(pos); err != nil {
		return err
	}
	if err := e.waitText("#pos-status", "The game reads it"); err != nil {
		return err
	}
	// Play from here: a person against the random agent, from the position.
	err = e.do(chromedp.SetValue(chromedp.CSS("#from-seat-2"), "random"),
		chromedp.Click(chromedp.CSS("#play-here")),
		chromedp.WaitVisible(chromedp.CSS("#game")))
	if err != nil {
		return err
	}
	if err := e.waitText("#position", pos); err != nil {
		return err
	}
	if err := e.do(chromedp.Click(chromedp.CSS(`#board [data-move="1"]`))); err != nil {
		return err
	}
	if err := e.waitText("#position", "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0]"); err != nil {
		return err
	}
	if _, err := get(e, chromedp.Evaluate[bool](`(() => { const d = document.querySelector("#rules-fold"); d.open = true; return d.open; })()`)); err != nil {
		return err
	}
	return e.docShot("play-from-here", "#game")
}

// clickPit clicks a pit of the editor's board (shift-clicks it with shift) and waits
// for the board to be drawn again.
func (e *t) clickPit(pit int, shift bool) error {
	sel := fmt.Sprintf(`#edit-board button.pit-count[data-pit="%d"]`, pit)
	before, err := e.text(sel)
	if err != nil {
		return err
	}
	if shift { // a click with the shift key held, as the page sees it
		_, err = get(e, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: true}))`, sel)))
	} else {
		err = e.do(chromedp.Click(chromedp.CSS(sel)))
	}
	if err != nil {
		return fmt.Errorf("clicking pit %d: %w", pit, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		now, err := e.text(sel)
		if err != nil {
			return err
		}
		if now != before {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("pit %d still shows %s after a click", pit, before)
}

// typePos replaces the editor's position string as a person typing it would.
func (e *t) typePos(pos string) error {
	_, err := get(e, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const el = document.querySelector("#pos"); el.value = %q; el.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, pos)))
	return err
}

// waitValue waits until an input's value (a drawing's data-position) contains want.
func (e *t) waitValue(sel, want string) error {
	deadline := time.Now().Add(20 * time.Second)
	var last string
	for time.Now().Before(deadline) {
		v, err := get(e, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const el = document.querySelector(%q); return el ? (el.value ?? el.dataset.position ?? "") : ""; })()`, sel)))
		if err != nil {
			return err
		}
		if strings.Contains(v, want) {
			return nil
		}
		last = v
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s holds %q, want %q", sel, last, want)
}
