package run

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// WDL counts wins, draws and losses.
type WDL struct {
	Wins   int64 `json:"wins"`
	Draws  int64 `json:"draws"`
	Losses int64 `json:"losses"`
}

// Games is the total.
func (w WDL) Games() int64 { return w.Wins + w.Draws + w.Losses }

func (w *WDL) Add(o WDL) { w.Wins += o.Wins; w.Draws += o.Draws; w.Losses += o.Losses }

func (w *WDL) count(outcome int8) {
	switch outcome {
	case 1:
		w.Wins++
	case 0:
		w.Draws++
	default:
		w.Losses++
	}
}

// Hist counts values (game lengths, margins). It merges exactly and its memory is
// bounded by the number of distinct values, not of games.
type Hist map[float64]int64

// MarshalJSON writes [[value, count], ...] in increasing value order.
func (h Hist) MarshalJSON() ([]byte, error) {
	keys := h.Values()
	out := make([][2]float64, len(keys))
	for i, k := range keys {
		out[i] = [2]float64{k, float64(h[k])}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (h *Hist) UnmarshalJSON(data []byte) error {
	var pairs [][2]float64
	if err := json.Unmarshal(data, &pairs); err != nil {
		return err
	}
	*h = Hist{}
	for _, p := range pairs {
		(*h)[p[0]] += int64(p[1])
	}
	return nil
}

func (h Hist) Values() []float64 {
	keys := make([]float64, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// N is the number of values counted.
func (h Hist) N() int64 {
	var n int64
	for _, c := range h {
		n += c
	}
	return n
}

// Moments returns the mean and the sample standard deviation (summed in value order, so
// the result does not depend on the order the values came in).
func (h Hist) Moments() (mean, sd float64) {
	n := h.N()
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	keys := h.Values()
	var sum float64
	for _, k := range keys {
		sum += k * float64(h[k])
	}
	mean = sum / float64(n)
	if n == 1 {
		return mean, 0
	}
	var ss float64
	for _, k := range keys {
		d := k - mean
		ss += d * d * float64(h[k])
	}
	return mean, math.Sqrt(ss / float64(n-1))
}

// Quantile returns the q-quantile (the median for 0.5; the mean of the two middle values
// when they differ).
func (h Hist) Quantile(q float64) float64 {
	n := h.N()
	if n == 0 {
		return math.NaN()
	}
	keys := h.Values()
	pos := q * float64(n-1)
	lo, hi := int64(math.Floor(pos)), int64(math.Ceil(pos))
	var seen int64
	var vlo, vhi float64
	gotLo := false
	for _, k := range keys {
		seen += h[k]
		if !gotLo && seen > lo {
			vlo, gotLo = k, true
		}
		if seen > hi {
			vhi = k
			break
		}
	}
	return vlo + (vhi-vlo)*(pos-float64(lo))
}

// Bins groups the values into at most n bins of equal integer width for charts:
// each bin's lower edge, the width, and the counts.
func (h Hist) Bins(n int) (lo, width float64, counts []int64) {
	keys := h.Values()
	if len(keys) == 0 {
		return 0, 1, nil
	}
	lo, hi := math.Floor(keys[0]), math.Floor(keys[len(keys)-1])
	width = math.Max(1, math.Ceil((hi-lo+1)/float64(n)))
	counts = make([]int64, int((hi-lo)/width)+1)
	for _, k := range keys {
		counts[int((math.Floor(k)-lo)/width)] += h[k]
	}
	return lo, width, counts
}

// Stats are the counts of a set of trials: everything the reports derive, kept so that
// two sets merge exactly (integer counts and histograms: no order-dependent sums).
type Stats struct {
	Trials      int64            `json:"trials"` // recorded, failed included
	Failed      int64            `json:"failed"`
	Errors      map[string]int64 `json:"errors,omitempty"`
	TimedOut    int64            `json:"timed_out"`
	Drawn       int64            `json:"drawn"`  // games without a single winner (timeouts included)
	Seats       []WDL            `json:"seats"`  // by seat
	Agents      []WDL            `json:"agents"` // by agent index
	Plies       Hist             `json:"plies"`  // game length of the games not failed
	Margin      Hist             `json:"margin"` // first seat's score minus the best other, finished games with scores
	Openings    map[string]*WDL  `json:"openings,omitempty"`
	SwapOffered int64            `json:"swap_offered"`
	Swapped     int64            `json:"swapped"`
	Decisions   int64            `json:"decisions"`
	Legal       int64            `json:"legal"`
	// The game-flow metrics per game (record: evaluations, flow.go): lead changes
	// (every game), decisiveness and drama (games with a single winner; thousandths
	// as fractions). Nil when no evaluations were recorded.
	LeadChanges  Hist `json:"lead_changes,omitempty"`
	Decisiveness Hist `json:"decisiveness,omitempty"`
	Drama        Hist `json:"drama,omitempty"`
}

// NewStats returns empty stats for games of seats seats and agents agents.
func NewStats(seats, agents int) *Stats {
	return &Stats{
		Seats: make([]WDL, seats), Agents: make([]WDL, agents), Plies: Hist{}, Margin: Hist{},
		Errors: map[string]int64{}, Openings: map[string]*WDL{},
	}
}

// Games is the number of trials that did not fail.
func (s *Stats) Games() int64 { return s.Trials - s.Failed }

// maxErrorLen bounds an error message kept in the stats.
const maxErrorLen = 300

// Add counts one trial.
func (s *Stats) Add(r *Record) {
	s.Trials++
	if r.Error != "" {
		s.Failed++
		msg := r.Error
		if rest, ok := strings.CutPrefix(msg, "ply "); ok {
			// "ply 37: ..." — the ply is in the trial log; counted together here.
			if _, after, found := strings.Cut(rest, ": "); found {
				msg = after
			}
		}
		if len(msg) > maxErrorLen {
			msg = msg[:maxErrorLen] + "..."
		}
		s.Errors[msg]++
		return
	}
	if r.TimedOut {
		s.TimedOut++
	}
	s.Plies[float64(r.Plies)]++
	s.addFlow(r)
	s.Decisions += int64(r.Decisions)
	s.Legal += int64(r.Legal)
	if r.SwapOffered {
		s.SwapOffered++
		if r.Swapped {
			s.Swapped++
		}
	}
	n := len(r.Returns)
	won := false
	for seat := 0; seat < n && seat < len(s.Seats); seat++ {
		o := SeatOutcome(r.Returns, seat)
		won = won || o == 1
		s.Seats[seat].count(o)
		if seat < len(r.Seats) && r.Seats[seat] < len(s.Agents) {
			s.Agents[r.Seats[seat]].count(o)
		}
	}
	if !won && n > 0 {
		s.Drawn++
	}
	if r.Opening != "" && n > 0 {
		w := s.Openings[r.Opening]
		if w == nil {
			w = &WDL{}
			s.Openings[r.Opening] = w
		}
		w.count(SeatOutcome(r.Returns, 0))
	}
	if len(r.Scores) > 1 && !r.TimedOut {
		best := math.Inf(-1)
		for _, x := range r.Scores[1:] {
			best = math.Max(best, x)
		}
		s.Margin[r.Scores[0]-best]++
	}
}

// SeatOutcome is seat's result from the returns: 1 for the unique best return, 0 when tied
// for best (all zero, as in a timeout, is a draw), -1 otherwise.
func SeatOutcome(returns []float64, seat int) int8 {
	mine := returns[seat]
	tied := false
	for i, r := range returns {
		if i == seat {
			continue
		}
		if r > mine {
			return -1
		}
		if r == mine {
			tied = true
		}
	}
	if tied {
		return 0
	}
	return 1
}

// Merge adds o's counts to s.
func (s *Stats) Merge(o *Stats) {
	s.Trials += o.Trials
	s.Failed += o.Failed
	s.TimedOut += o.TimedOut
	s.Drawn += o.Drawn
	for k, v := range o.Errors {
		s.Errors[k] += v
	}
	for len(s.Seats) < len(o.Seats) {
		s.Seats = append(s.Seats, WDL{})
	}
	for i, w := range o.Seats {
		s.Seats[i].Add(w)
	}
	for len(s.Agents) < len(o.Agents) {
		s.Agents = append(s.Agents, WDL{})
	}
	for i, w := range o.Agents {
		s.Agents[i].Add(w)
	}
	for k, v := range o.Plies {
		s.Plies[k] += v
	}
	for k, v := range o.Margin {
		s.Margin[k] += v
	}
	for k, w := range o.Openings {
		if s.Openings[k] == nil {
			s.Openings[k] = &WDL{}
		}
		s.Openings[k].Add(*w)
	}
	s.SwapOffered += o.SwapOffered
	s.Swapped += o.Swapped
	s.Decisions += o.Decisions
	s.Legal += o.Legal
	s.mergeFlow(o)
}

// Clone returns a deep copy.
func (s *Stats) Clone() *Stats {
	c := NewStats(len(s.Seats), len(s.Agents))
	c.Merge(s)
	return c
}

// normalize gives maps that JSON left out their empty values.
func (s *Stats) normalize() {
	if s.Errors == nil {
		s.Errors = map[string]int64{}
	}
	if s.Openings == nil {
		s.Openings = map[string]*WDL{}
	}
	if s.Plies == nil {
		s.Plies = Hist{}
	}
	if s.Margin == nil {
		s.Margin = Hist{}
	}
}

// firstSeatWins is what the stopping rule looks at: the first seat's wins and the games.
func (s *Stats) firstSeatWins() (int64, int64) {
	if len(s.Seats) == 0 {
		return 0, 0
	}
	return s.Seats[0].Wins, s.Seats[0].Games()
}

// narrowEnough reports whether the first seat's win-rate interval is narrower than
// target.
func (s *Stats) narrowEnough(target float64) bool {
	k, n := s.firstSeatWins()
	if n == 0 {
		return false
	}
	return stats.Wilson(k, n).Width() < target
}

// ErrorCount is one distinct failure and how often it happened.
type ErrorCount struct {
	Error string `json:"error"`
	Count int64  `json:"count"`
}

// ErrorList returns the failures, most frequent first.
func (s *Stats) ErrorList() []ErrorCount {
	out := make([]ErrorCount, 0, len(s.Errors))
	for k, v := range s.Errors {
		out = append(out, ErrorCount{k, v})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Error < out[j].Error
	})
	return out
}

func (s *Stats) String() string {
	return fmt.Sprintf("%d trials, %d failed, seats %v", s.Trials, s.Failed, s.Seats)
}
