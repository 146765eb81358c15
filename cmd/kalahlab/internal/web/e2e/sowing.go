package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// sowing plays a relay move of Pallanguzhi between two people: the Play page shows it
// sowing seed by seed (the board is the one before the move, with a hand of seeds and
// a ring on each pit sown; screenshot mid-way), then the board after it with the
// move's words under it and in the move list. The second move is skipped with Skip;
// with reduced motion asked for, the third shows at once. The screenshots go to the
// docs (docs/screenshots).
func (e *t) sowing() error {
	err := e.do(chromedp.Navigate(e.base+"/play?variant=mancala/pallanguzhi"),
		chromedp.WaitVisible(chromedp.CSS("#new-game")),
		chromedp.SetValue(chromedp.CSS("#seat-1"), "human"),
		chromedp.SetValue(chromedp.CSS("#seat-2"), "human"),
		chromedp.SetValue(chromedp.CSS(`#new-game select[name="pace"]`), "0"),
		chromedp.Click(chromedp.CSS("#start")),
		chromedp.WaitVisible(chromedp.CSS("#game")))
	if err != nil {
		return err
	}
	if err := e.setSowing("normal"); err != nil {
		return err
	}
	// House 6 relays twice and captures (its words are the terminal's: see
	// cmd/kalahlab/internal/web's TestPlayMoveTrace).
	n, err := e.sowings()
	if err != nil {
		return err
	}
	if err := e.clickBoard(`#board [data-move="6"]`); err != nil {
		return err
	}
	if err := e.waitJS(`document.querySelector("#game.animating #board svg .anim .anim-hand")`, 10*time.Second); err != nil {
		return fmt.Errorf("the move did not start sowing: %w", err)
	}
	time.Sleep(2500 * time.Millisecond) // mid-way: the first relay
	if err := e.pageShot("play-sowing"); err != nil {
		return err
	}
	if err := e.waitJS(fmt.Sprintf(`Number(document.body.dataset.sowings || 0) > %d && !document.querySelector("#game.animating")`, n), 30*time.Second); err != nil {
		return fmt.Errorf("the sowing did not end: %w", err)
	}
	for _, sel := range []string{"#move-words", "#history .words"} {
		if err := e.waitText(sel, "relay: lifted 7 from their house 5"); err != nil {
			return err
		}
	}
	if err := e.waitText("#move-words", "captured 7 from the next house"); err != nil {
		return err
	}
	if c, err := e.count(`#board [data-move]`); err != nil || c == 0 {
		return fmt.Errorf("after the sowing the board has %d clickable moves (%v)", c, err)
	}
	if err := e.pageShot("play-sowing-done"); err != nil {
		return err
	}

	// Skip: the next move (North's house 1) is shown at once when asked.
	if n, err = e.sowings(); err != nil {
		return err
	}
	if err := e.clickBoard(`#board [data-move="1"]`); err != nil {
		return err
	}
	if err := e.waitJS(`document.querySelector("#game.animating")`, 10*time.Second); err != nil {
		return err
	}
	if err := e.jsClick("#anim-skip"); err != nil {
		return err
	}
	if err := e.waitJS(fmt.Sprintf(`Number(document.body.dataset.sowings) === %d && !document.querySelector("#game.animating") && document.querySelectorAll("#board [data-move]").length > 0`, n+1), 3*time.Second); err != nil {
		return fmt.Errorf("skip did not end the sowing at once: %w", err)
	}

	// Reduced motion: the board after the move at once, no sowing shown.
	if err := e.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	})); err != nil {
		return err
	}
	defer e.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
		return err
	}))
	g, err := e.game()
	if err != nil {
		return err
	}
	if err := e.clickBoard(`#board [data-move]`); err != nil {
		return err
	}
	if _, err := e.waitChange(g.Plies); err != nil {
		return err
	}
	animating, err := e.count("#game.animating")
	if err != nil {
		return err
	}
	if after, _ := e.sowings(); animating != 0 || after != n+1 {
		return fmt.Errorf("with reduced motion the move was shown sowing (%d animating, %d sowings, want %d)", animating, after, n+1)
	}
	return e.setSowing("off")
}

// clickBoard clicks a region of the board's SVG once it is there (an SVG element has
// no click(): a click event is sent).
func (e *t) clickBoard(sel string) error {
	return e.waitJS(fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false;
	  el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true})); return true; })()`, sel), 20*time.Second)
}

// setSowing sets the Play page's sowing speed (slow, normal, fast, off), as its list does.
func (e *t) setSowing(speed string) error {
	_, err := get(e, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { localStorage.setItem("kalahlab.sowing", %q); return true; })()`, speed)))
	return err
}

// sowings is the number of sowings the page has shown to their end.
func (e *t) sowings() (int, error) {
	return get(e, chromedp.Evaluate[int](`Number(document.body.dataset.sowings || 0)`))
}

// waitJS waits until the expression is truthy.
func (e *t) waitJS(expr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		ok, err := get(e, chromedp.Evaluate[bool](fmt.Sprintf(`!!(%s)`, expr)))
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(40 * time.Millisecond)
	}
	return fmt.Errorf("waited %s for %s", limit, strings.TrimSpace(expr))
}

// pageShot saves a screenshot of the viewport into the docs' folder (-docshots).
func (e *t) pageShot(name string) error {
	if err := os.MkdirAll(e.docShots, 0o755); err != nil {
		return err
	}
	buf, err := get(e, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(e.docShots, name+".png"), buf, 0o644)
}
