package run

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
)

// GameExamples is how many games a first-move row or a histogram bar of the HTML report
// names as replay commands.
const GameExamples = 3

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
	// cells holds each cell's example trials, gathered by the run or read from the
	// trial log (nil without one).
	Cells map[int]*CellGames
}

// CellGames are a cell's lowest-numbered trials by first move, by game length and by
// margin.
type CellGames struct {
	openings map[string][]int
	plies    map[float64][]int // by the length, floored as Hist.Bins floors it
	margin   map[float64][]int
	// finished and timedOut are the lowest-numbered trials that finished, and that
	// stopped at max_plies (-1: none): the game whose final position the report draws.
	finished, timedOut int
}

// Final is the trial whose final position the report draws: the first that finished,
// or failing that the first timeout (-1: none).
func (c *CellGames) Final() int {
	if c.finished >= 0 {
		return c.finished
	}
	return c.timedOut
}

// lowest is the lower of trial numbers a and t, a being -1 for none.
func lowest(a, t int) int {
	if a < 0 || t < a {
		return t
	}
	return a
}

// newGameLinks returns the links of a results directory with no games yet: add
// gathers them, trial by trial, in any order.
func newGameLinks(dir string) *GameLinks {
	return &GameLinks{Dir: dir, Cells: map[int]*CellGames{}}
}

// gameFields are the fields of a trial that the links read.
type gameFields struct {
	Trial    int       `json:"trial"`
	Cell     int       `json:"cell"`
	Returns  []float64 `json:"returns"`
	Scores   []float64 `json:"scores"`
	Plies    int       `json:"plies"`
	TimedOut bool      `json:"timed_out"`
	Error    string    `json:"error"`
	Opening  string    `json:"opening"`
}

// add counts a trial into the links: the lowest-numbered few trials of each cell by
// first move, game length and margin, counted as the report counts them. The run adds
// its trials as it logs them (and those of the log it resumes), so that its report
// reads no log; indexGames adds those of a log.
func (l *GameLinks) add(r *gameFields) {
	if r.Error != "" {
		return // failed trials are in no row or bar
	}
	c := l.Cells[r.Cell]
	if c == nil {
		c = &CellGames{openings: map[string][]int{}, plies: map[float64][]int{}, margin: map[float64][]int{}, finished: -1, timedOut: -1}
		l.Cells[r.Cell] = c
	}
	if r.TimedOut {
		c.timedOut = lowest(c.timedOut, r.Trial)
	} else {
		c.finished = lowest(c.finished, r.Trial)
	}
	put := func(m map[float64][]int, x float64) {
		k := math.Floor(x)
		m[k] = firstTrials(m[k], r.Trial)
	}
	put(c.plies, float64(r.Plies))
	if r.Opening != "" && len(r.Returns) > 0 {
		c.openings[r.Opening] = firstTrials(c.openings[r.Opening], r.Trial)
	}
	if len(r.Scores) > 1 && !r.TimedOut {
		best := math.Inf(-1)
		for _, x := range r.Scores[1:] {
			best = math.Max(best, x)
		}
		put(c.margin, r.Scores[0]-best)
	}
}

// firstTrials adds trial t to trials, the lowest-numbered gameExamples trials seen, in
// order: the links name the same games whatever the order of the log (the workers',
// a resumed run's, a merge's shards one after the other).
func firstTrials(trials []int, t int) []int {
	if len(trials) == GameExamples {
		if t >= trials[GameExamples-1] {
			return trials
		}
		trials = trials[:GameExamples-1]
	}
	i := len(trials)
	for i > 0 && trials[i-1] > t {
		i--
	}
	return slices.Insert(trials, i, t)
}

// addRecord counts a trial record into the links (add).
func (l *GameLinks) addRecord(r *Record) {
	l.add(&gameFields{Trial: r.Trial, Cell: r.Cell, Returns: r.Returns, Scores: r.Scores, Plies: r.Plies,
		TimedOut: r.TimedOut, Error: r.Error, Opening: r.Opening})
}

// IndexGames reads the trial log of a results directory for the report's links (add),
// decoding only the fields they need. A run without a trial log is an error (and its
// report has no links). A run's own report needs none of this: the run gathered its
// links as it played (Result.games).
func IndexGames(dir string) (*GameLinks, error) {
	paths, err := TrialLogs(dir)
	if err != nil {
		return nil, err
	}
	l := newGameLinks(dir)
	for _, p := range paths {
		if err := eachLine(p, func(line []byte, n int) error {
			var g gameFields
			if err := json.Unmarshal(line, &g); err != nil {
				return fmt.Errorf("%s:%d: %w", p, n, err)
			}
			l.add(&g)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// GamesRef is what a first-move row or a histogram bar shows of its games: a link to
// the page listing them (served reports) and replay commands for a few.
type GamesRef struct {
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

// Opening returns the games behind a first-move row.
func (l *GameLinks) Opening(cell int, move string) GamesRef {
	if l == nil {
		return GamesRef{}
	}
	var g GamesRef
	if l.GamesURL != "" {
		g.URL = l.GamesURL + "&cell=" + strconv.Itoa(cell) + "&opening=" + url.QueryEscape(move)
	}
	if c := l.Cells[cell]; c != nil {
		g.Commands = l.commands(c.openings[move])
	}
	return g
}

// Bar returns the games behind a histogram bar of kind "plies" or "margin" covering
// the floored values lo..hi; nil for no links.
func (l *GameLinks) Bar(cell int, kind string) func(lo, hi float64) GamesRef {
	if l == nil {
		return nil
	}
	return func(lo, hi float64) GamesRef {
		var g GamesRef
		if l.GamesURL != "" {
			span := strconv.FormatFloat(lo, 'f', -1, 64)
			if hi > lo {
				span += ".." + strconv.FormatFloat(hi, 'f', -1, 64)
			}
			g.URL = l.GamesURL + "&cell=" + strconv.Itoa(cell) + "&" + kind + "=" + url.QueryEscape(span)
		}
		c := l.Cells[cell]
		if c == nil {
			return g
		}
		m := c.plies
		if kind == "margin" {
			m = c.margin
		}
		var trials []int
		for v := lo; v <= hi && len(trials) < GameExamples; v++ {
			for _, t := range m[v] {
				if len(trials) < GameExamples {
					trials = append(trials, t)
				}
			}
		}
		g.Commands = l.commands(trials)
		return g
	}
}
