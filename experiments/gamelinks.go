package experiments

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
)

// gameExamples is how many games a first-move row or a histogram bar of the HTML report
// names as replay commands.
const gameExamples = 3

// GameLinks connects the HTML report's first-move rows and histogram bars to the games
// behind them. A static report names a few of those games as `kalahlab replay DIR
// --trial N` commands (in a row's "replay" details and a bar's tooltip); a served one
// (kalahlab serve) also links each to the server's page listing them.
type GameLinks struct {
	// Dir is the results directory as the replay commands name it.
	Dir string
	// GamesURL, when set, is the URL of a page listing a cell's games, to which the
	// report adds &cell=C and &opening=MOVE, &plies=LO..HI or &margin=LO..HI (the
	// server's /results/games?r=I). The links open in the top window.
	GamesURL string
	// cells holds each cell's example trials, read from the trial log (nil without
	// one).
	cells map[int]*cellGames
}

// cellGames are a cell's first trials by first move, by game length and by margin.
type cellGames struct {
	openings map[string][]int
	plies    map[float64][]int // by the length, floored as Hist.Bins floors it
	margin   map[float64][]int
}

// indexGames reads the trial log of a results directory for the report's links: the
// first few trials of each cell by first move, game length and margin, counted as the
// report counts them. A run without a trial log is an error (and its report has no
// links).
func indexGames(dir string) (*GameLinks, error) {
	l := &GameLinks{Dir: dir, cells: map[int]*cellGames{}}
	add := func(m map[float64][]int, x float64, trial int) {
		k := math.Floor(x)
		if len(m[k]) < gameExamples {
			m[k] = append(m[k], trial)
		}
	}
	err := ReadTrials(dir, func(r *Record) error {
		if r.Error != "" {
			return nil // failed trials are in no row or bar
		}
		c := l.cells[r.Cell]
		if c == nil {
			c = &cellGames{openings: map[string][]int{}, plies: map[float64][]int{}, margin: map[float64][]int{}}
			l.cells[r.Cell] = c
		}
		add(c.plies, float64(r.Plies), r.Trial)
		if r.Opening != "" && len(r.Returns) > 0 && len(c.openings[r.Opening]) < gameExamples {
			c.openings[r.Opening] = append(c.openings[r.Opening], r.Trial)
		}
		if len(r.Scores) > 1 && !r.TimedOut {
			best := math.Inf(-1)
			for _, x := range r.Scores[1:] {
				best = math.Max(best, x)
			}
			add(c.margin, r.Scores[0]-best, r.Trial)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// htmlGames is what a first-move row or a histogram bar shows of its games: a link to
// the page listing them (served reports) and replay commands for a few.
type htmlGames struct {
	URL      string
	Commands []string
}

// commands writes the replay commands of trials.
func (l *GameLinks) commands(trials []int) []string {
	out := make([]string, len(trials))
	for i, t := range trials {
		out[i] = fmt.Sprintf("kalahlab replay %s --trial %d", shellQuote(l.Dir), t)
	}
	return out
}

// opening returns the games behind a first-move row.
func (l *GameLinks) opening(cell int, move string) htmlGames {
	if l == nil {
		return htmlGames{}
	}
	var g htmlGames
	if l.GamesURL != "" {
		g.URL = l.GamesURL + "&cell=" + strconv.Itoa(cell) + "&opening=" + url.QueryEscape(move)
	}
	if c := l.cells[cell]; c != nil {
		g.Commands = l.commands(c.openings[move])
	}
	return g
}

// bar returns the games behind a histogram bar of kind "plies" or "margin" covering
// the floored values lo..hi; nil for no links.
func (l *GameLinks) bar(cell int, kind string) func(lo, hi float64) htmlGames {
	if l == nil {
		return nil
	}
	return func(lo, hi float64) htmlGames {
		var g htmlGames
		if l.GamesURL != "" {
			span := strconv.FormatFloat(lo, 'f', -1, 64)
			if hi > lo {
				span += ".." + strconv.FormatFloat(hi, 'f', -1, 64)
			}
			g.URL = l.GamesURL + "&cell=" + strconv.Itoa(cell) + "&" + kind + "=" + url.QueryEscape(span)
		}
		c := l.cells[cell]
		if c == nil {
			return g
		}
		m := c.plies
		if kind == "margin" {
			m = c.margin
		}
		var trials []int
		for v := lo; v <= hi && len(trials) < gameExamples; v++ {
			for _, t := range m[v] {
				if len(trials) < gameExamples {
					trials = append(trials, t)
				}
			}
		}
		g.Commands = l.commands(trials)
		return g
	}
}
