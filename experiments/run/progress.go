package run

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/kalahlab/kalahlab/config"
)

// progress shows how a run goes: a bar redrawn in place on a terminal, or a plain line
// every so often (logs, CI, cluster jobs).
type progress struct {
	w       io.Writer
	bar     bool
	every   time.Duration
	plan    *plan.Plan
	accs    []*acc
	start   time.Time
	last    time.Time
	base    int // trials recorded before the run (resumed)
	drawn   bool
	lastLen int
	// solves is the number of cells the run tries to solve (their solves are handed out
	// before the games); 0 when it solves none. Cells that play the same game (a
	// ladder's rungs) are solved once, at the first of them: solveAt lists those.
	solves  int
	solveAt []int
	// firstGame is when the first game of this run was recorded: the games' rate is
	// measured from there, not from the start (the solves come first).
	firstGame time.Time
}

func newProgress(opt Options, pl *plan.Plan, accs []*acc) *progress {
	p := &progress{w: opt.Progress, bar: opt.Bar, every: opt.LineEvery, plan: pl, accs: accs, start: time.Now()}
	if b, err := config.ParseSolveBudget(pl.Solve); err == nil && !b.Off() && opt.Shard.Index == 0 {
		seen := map[string]bool{}
		for c := range accs { // as Run hands them out: a game once
			if key := plan.GameKey(&pl.Cells[c]); key == "" || !seen[key] {
				seen[key] = true
				p.solveAt = append(p.solveAt, c)
			}
		}
		p.solves = len(p.solveAt)
	}
	if p.every <= 0 {
		p.every = 10 * time.Second
	}
	if p.bar {
		p.every = 200 * time.Millisecond
	}
	for _, a := range accs {
		p.base += a.got
	}
	p.last = p.start
	return p
}

// counts returns the cells done, the trials recorded and the trials expected (an
// estimate while the stopping rule may still cut cells short).
func (p *progress) counts() (cells, got, want int) {
	for _, a := range p.accs {
		got += a.got
		if a.complete() {
			cells++
			want += a.got
		} else {
			want += a.owned
		}
	}
	return cells, got, want
}

// solving returns the number of cells solved and, while some are not, the first of
// those (the one the display names).
func (p *progress) solving() (solved, next int) {
	next = -1
	for _, c := range p.solveAt {
		if a := p.accs[c]; a.solution != nil {
			solved++
		} else if next < 0 {
			next = c
		}
	}
	return solved, next
}

// complete reports whether every cell is done.
func (p *progress) complete() bool {
	for _, a := range p.accs {
		if !a.complete() {
			return false
		}
	}
	return true
}

// update redraws when it is time (always when final).
func (p *progress) update(final bool) {
	if p.w == nil {
		return
	}
	now := time.Now()
	if p.firstGame.IsZero() && p.played() {
		p.firstGame = now
	}
	if !final && now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	status := p.status(now)
	if !p.bar {
		if final {
			status = "done: " + status
			if !p.complete() {
				status = "stopped: " + status[len("done: "):]
			}
		}
		fmt.Fprintln(p.w, status)
		return
	}
	const width = 30
	_, got, want := p.counts()
	frac := 0.0
	if want > 0 {
		frac = float64(got) / float64(want)
	}
	fill := min(width, int(frac*width))
	line := fmt.Sprintf("\r[%s%s] %3.0f%%  %s", strings.Repeat("=", fill), strings.Repeat(" ", width-fill), 100*frac, status)
	pad := ""
	if n := len(line); n < p.lastLen {
		pad = strings.Repeat(" ", p.lastLen-n)
	}
	p.lastLen = len(line)
	fmt.Fprint(p.w, line+pad)
	p.drawn = true
	if final {
		fmt.Fprintln(p.w)
	}
}

// played reports whether a game of this run has been recorded.
func (p *progress) played() bool {
	got := 0
	for _, a := range p.accs {
		got += a.got
	}
	return got > p.base
}

// status is the display's text: "cells 2/6  games 812/2400  ...", after "solving cell
// 3/6 (label)" while cells are being solved.
func (p *progress) status(now time.Time) string {
	cells, got, want := p.counts()
	elapsed := now.Sub(p.start)
	solving := ""
	if p.solves > 0 {
		if solved, next := p.solving(); next >= 0 && solved < p.solves {
			solving = fmt.Sprintf("solving cell %d/%d (%s)", solved+1, p.solves, p.plan.Cells[next].Label)
			if got == p.base {
				return fmt.Sprintf("%s  elapsed %s", solving, formatDuration(elapsed))
			}
			solving += "  "
		}
	}
	rate := 0.0
	if since := now.Sub(p.firstGame); !p.firstGame.IsZero() && since > 0 {
		rate = float64(got-p.base) / since.Seconds()
	}
	eta := "--"
	if rate > 0 && want > got {
		eta = formatDuration(time.Duration(float64(want-got) / rate * float64(time.Second)))
	} else if want <= got {
		eta = "0s"
	}
	return fmt.Sprintf("%scells %d/%d  games %d/%d  %.0f games/s  elapsed %s  ETA %s",
		solving, cells, len(p.accs), got, want, rate, formatDuration(elapsed), eta)
}

// formatDuration writes 1h02m03s, 2m03s or 3s.
func formatDuration(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	switch {
	case s >= 3600:
		return fmt.Sprintf("%dh%02dm%02ds", s/3600, s/60%60, s%60)
	case s >= 60:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%ds", s)
}
