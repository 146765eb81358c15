package experiments

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// progress shows how a run goes: a bar redrawn in place on a terminal, or a plain line
// every so often (logs, CI, cluster jobs).
type progress struct {
	w       io.Writer
	bar     bool
	every   time.Duration
	accs    []*acc
	start   time.Time
	last    time.Time
	base    int // trials recorded before the run (resumed)
	drawn   bool
	lastLen int
}

func newProgress(opt Options, _ *Plan, accs []*acc) *progress {
	p := &progress{w: opt.Progress, bar: opt.Bar, every: opt.LineEvery, accs: accs, start: time.Now()}
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
	if !final && now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	cells, got, want := p.counts()
	elapsed := now.Sub(p.start)
	rate := 0.0
	if elapsed > 0 {
		rate = float64(got-p.base) / elapsed.Seconds()
	}
	eta := "--"
	if rate > 0 && want > got {
		eta = formatDuration(time.Duration(float64(want-got) / rate * float64(time.Second)))
	} else if want <= got {
		eta = "0s"
	}
	status := fmt.Sprintf("cells %d/%d  games %d/%d  %.0f games/s  elapsed %s  ETA %s",
		cells, len(p.accs), got, want, rate, formatDuration(elapsed), eta)
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
