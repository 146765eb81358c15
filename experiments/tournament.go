package experiments

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments/rating"
	"github.com/kalahlab/kalahlab/variants"
)

// Tournaments
//
// A tournament is a study whose cells are the meetings of a round robin: N entrants
// (agents) on one variant. In a game of two seats, every pair of entrants is a cell
// (N(N−1)/2 of them); in a game of n seats (4-player Ludo, say), every combination of
// n entrants is a cell, each entrant on one seat. In every cell the seats rotate from
// trial to trial (seat s of trial i plays entrant (s+i) mod n of the cell), so that
// each entrant takes each seat equally often: the games per cell are rounded up to a
// whole number of rotations. Everything else is the study's: the pie rule and dice
// are played as in any study, trial i of cell c draws its randomness from
// TrialSeed(seed, c, i), and the run is sharded, resumed and merged the same way.
//
// The standings come from pairwise results. In a two-seat game a pairing's result is
// the games' own (a win, a draw or a loss). In a game of more seats each game is
// decomposed into the pairwise results of its first place (the top-1 decomposition:
// the one winner beat every other entrant of the game; entrants tied for first drew
// with each other and beat the rest; two entrants neither of which came first are not
// compared). Those are fitted with the Bradley–Terry model ([rating.Fit]) to Elo-scale
// ratings with 95% intervals; the win matrix holds each pair's score share.

// Tournament marks a plan as a tournament and names its entrants.
type Tournament struct {
	// Entrants are the labels of the plan's agents, in order: their specs in the
	// command-line form, a repeated one numbered ("alphabeta:depth=4#2").
	Entrants []string `json:"entrants"`
	// Variant is the label of the variant played.
	Variant string `json:"variant"`
	// Notes are caveats found when the tournament was made (the standings repeat them).
	Notes []string `json:"notes,omitempty"`
}

// seedless are the agents that draw nothing from their seed: two of them on a game
// without dice play the same game every time they sit the same way round.
var seedless = map[string]bool{"minimax": true, "negamax": true, "alphabeta": true, "negascout": true, "expectiminimax": true}

// TournamentConfig describes a tournament: who plays what, how often.
type TournamentConfig struct {
	Name       string         // for reports ["tournament on VARIANT"]
	Variant    string         // a variant name or .lua path [kalah]
	HouseRules []string       // house-rule scripts layered on the variant
	Params     map[string]any // knob overrides
	Scripts    string         // a directory of user variant scripts
	Agents     []ai.Spec      // the entrants, at least two
	// Games is the number of games of each cell (a pairing, or a combination of as
	// many entrants as the game has seats), rounded up to a whole number of seat
	// rotations [100].
	Games         int
	Seed          uint64
	MaxPlies      int     // a game still going after this many plies is a draw [5000]
	RandomOpening int     // the first N decisions of each game are random moves
	Epsilon       float64 // each agent move is a random one with this probability
	// MaxFailures is how many failed games a meeting may have and still count in the
	// standings (see Plan.MaxFailures) [0].
	MaxFailures config.FailureLimit
}

// DefaultTournamentGames is the games per pairing when none are given.
const DefaultTournamentGames = 100

// MaxTournamentCells bounds the cells of a tournament (combinations of entrants).
const MaxTournamentCells = 100_000

// EntrantLabels labels agents by their specs in the command-line form; a spec that
// appears again gets "#2", "#3"... so that every label is distinct.
func EntrantLabels(specs []ai.Spec) []string {
	labels := make([]string, len(specs))
	taken := map[string]bool{}
	for _, s := range specs {
		taken[s.String()] = true
	}
	count := map[string]int{}
	for i, s := range specs {
		l := s.String()
		count[l]++
		if count[l] == 1 {
			labels[i] = l
			continue
		}
		for k := count[l]; ; k++ {
			if c := fmt.Sprintf("%s#%d", l, k); !taken[c] {
				labels[i], taken[c], count[l] = c, true, k
				break
			}
		}
	}
	return labels
}

// NewTournament builds the study of a round robin (see the comment at the top of this
// file). Agents that cannot play the variant (too many seats, dice) are refused before
// anything is played, as are fewer entrants than two, or than the variant's seats.
func NewTournament(cfg TournamentConfig) (*Study, error) {
	if len(cfg.Agents) < 2 {
		return nil, fmt.Errorf("tournament: %d agents: a tournament needs at least two", len(cfg.Agents))
	}
	for i, s := range cfg.Agents {
		if s.Agent == ai.Human {
			return nil, fmt.Errorf("tournament: agent %d: a tournament has no human players (want one of %s)", i+1, strings.Join(ai.Names(), ", "))
		}
		if _, err := ai.New(s, 0); err != nil {
			return nil, fmt.Errorf("tournament: agent %d (%s): %w", i+1, s, err)
		}
	}
	if cfg.Variant == "" {
		cfg.Variant = "kalah"
	}
	if cfg.Games == 0 {
		cfg.Games = DefaultTournamentGames
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("tournament: games %d: want at least 1 per pairing", cfg.Games)
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 5000
	}
	if cfg.MaxPlies < 1 || cfg.MaxPlies > 1_000_000 {
		return nil, fmt.Errorf("tournament: max_plies %d: want 1..1000000", cfg.MaxPlies)
	}
	if cfg.RandomOpening < 0 || cfg.RandomOpening > 1<<20 {
		return nil, fmt.Errorf("tournament: random_opening %d: want 0..1048576", cfg.RandomOpening)
	}
	if !(cfg.Epsilon >= 0 && cfg.Epsilon <= 1) {
		return nil, fmt.Errorf("tournament: epsilon %v: want 0..1", cfg.Epsilon)
	}
	opt := variants.Options{ScriptsDir: cfg.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	v, err := variants.Lookup(cfg.Variant, opt)
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	if len(cfg.HouseRules) > 0 {
		if v, err = v.WithHouseRules(cfg.HouseRules, opt); err != nil {
			return nil, fmt.Errorf("tournament: %w", err)
		}
	}
	if v, err = v.With(cfg.Params); err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	g, err := v.NewGame()
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	seats := g.NumPlayers()
	if err := ai.SupportsAll(cfg.Agents, g); err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	n := len(cfg.Agents)
	if n < seats {
		return nil, fmt.Errorf("tournament: %d agents for %s, a game of %d seats: every game seats %d different entrants, so give at least %d agents (random or greedy may fill the field)", n, v.Name, seats, seats, seats)
	}
	if cells := binomial(n, seats); cells > MaxTournamentCells {
		return nil, fmt.Errorf("tournament: %d agents in games of %d seats make %.0f meetings, more than %d", n, seats, cells, MaxTournamentCells)
	}
	games := (cfg.Games + seats - 1) / seats * seats
	if games < cfg.Games { // overflow
		return nil, fmt.Errorf("tournament: games %d is too many", cfg.Games)
	}
	labels := EntrantLabels(cfg.Agents)
	variant := variantLabel(v.Name, cfg.Params)
	p := Plan{
		Name: cfg.Name, Games: games, CheckEvery: 100, MaxPlies: cfg.MaxPlies,
		RandomOpening: cfg.RandomOpening, Epsilon: cfg.Epsilon, Seed: cfg.Seed, RotateSeats: true,
		Solve: "0s", Scripts: cfg.Scripts, File: "(command line)", MaxFailures: cfg.MaxFailures,
		Tournament: &Tournament{Entrants: labels, Variant: variant},
	}
	if p.Name == "" {
		p.Name = "tournament on " + variant
	}
	for _, s := range cfg.Agents {
		p.Agents = append(p.Agents, AgentSpec{Agent: s.Agent, Options: maps.Clone(s.Options)})
	}
	combinations(n, seats, func(idx []int) {
		names := make([]string, len(idx))
		for i, a := range idx {
			names[i] = labels[a]
		}
		p.Cells = append(p.Cells, CellPlan{
			Label: strings.Join(names, " vs "), Variant: variant, Lookup: cfg.Variant,
			HouseRules: slices.Clone(cfg.HouseRules), Params: maps.Clone(cfg.Params),
			Agents: slices.Clone(idx),
		})
	})
	if cfg.RandomOpening == 0 && cfg.Epsilon == 0 && !ai.HasChance(g) {
		var same []string
		for _, c := range p.Cells {
			all := true
			for _, a := range c.Agents {
				all = all && seedless[cfg.Agents[a].Agent]
			}
			if all {
				same = append(same, c.Label)
			}
		}
		if len(same) > 0 {
			p.Tournament.Notes = append(p.Tournament.Notes, fmt.Sprintf("%s: agents without randomness in a game without dice play the same %d games over and over, so those results count a few games many times and the intervals are too narrow; vary the openings with random_opening (--random-opening 4, say)", strings.Join(same, "; "), seats))
		}
	}
	// The setup, hashed: what identifies a tournament typed on the command line, as
	// an experiment file's hash does a study.
	key, _ := json.Marshal(struct {
		Variant    string
		HouseRules []string
		Params     map[string]any
		Agents     []AgentSpec
		Games      int
		Seed       uint64
		MaxPlies   int
		Open       int
		Eps        float64
	}{cfg.Variant, cfg.HouseRules, cfg.Params, p.Agents, games, cfg.Seed, cfg.MaxPlies, cfg.RandomOpening, cfg.Epsilon})
	sum := sha256.Sum256(key)
	p.FileSHA256 = hex.EncodeToString(sum[:])
	return FromPlan(p)
}

// variantLabel is the variant's name and the knobs set: "kalah houses=4 seeds=3".
func variantLabel(name string, params map[string]any) string {
	keys := slices.Sorted(maps.Keys(params))
	parts := []string{name}
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%v", k, params[k]))
	}
	return strings.Join(parts, " ")
}

// combinations calls fn with every k-combination of 0..n-1 in lexicographic order
// (the slice is reused between calls).
func combinations(n, k int, fn func([]int)) {
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		fn(idx)
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// binomial is C(n, k) as a float (no overflow for the sizes checked).
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return math.Round(c)
}

// Standings are a tournament's results: the ratings, best first, and the pairwise
// scores.
type Standings struct {
	Variant string `json:"variant"`
	Seats   int    `json:"seats"`
	// Entrants are the entrants' labels in the plan's order (the agents' order).
	Entrants []string `json:"entrants"`
	// Ranking is the entrants best first.
	Ranking []Standing `json:"ranking"`
	// Matrix[i][j] is what entrant Ranking[i] scored against entrant Ranking[j] (both
	// in ranking order; the diagonal is empty).
	Matrix [][]PairScore `json:"matrix"`
	// GamesPerCell is the games of each meeting.
	GamesPerCell int `json:"games_per_pairing"`
	// Method says how the ratings were fitted.
	Method string `json:"method"`
	// Error is why there are no ratings (they could not be fitted); the scores stand.
	Error string `json:"error,omitempty"`
	// Notes are caveats: failed games left out, approximate pairwise results.
	Notes []string `json:"notes,omitempty"`
}

// Standing is one entrant's rating and totals.
type Standing struct {
	Rank  int     `json:"rank"`
	Agent string  `json:"agent"`
	Index int     `json:"index"` // into the plan's agents
	Elo   float64 `json:"elo"`   // centred: the entrants' mean is 0
	Lo    float64 `json:"elo_lo"`
	Hi    float64 `json:"elo_hi"`
	// Points and Pairwise are the points scored and the pairwise results counted
	// (in a two-seat game, the games played); Score is Points/Pairwise.
	Points   float64 `json:"points"`
	Pairwise int64   `json:"pairwise"`
	Score    float64 `json:"score_rate"`
	Wins     int64   `json:"wins"`
	Draws    int64   `json:"draws"`
	Losses   int64   `json:"losses"`
	// Games is the games the entrant played (failed games not counted).
	Games int64 `json:"games"`
}

// PairScore is what one entrant scored against another.
type PairScore struct {
	Wins   int64   `json:"wins"`
	Draws  int64   `json:"draws"`
	Losses int64   `json:"losses"`
	Games  int64   `json:"games"`
	Points float64 `json:"points"`     // wins + draws/2
	Score  float64 `json:"score_rate"` // points / games; NaN (null) without games
}

// MarshalJSON writes NaN as null.
func (s Standing) MarshalJSON() ([]byte, error) {
	type plain Standing
	return json.Marshal(struct {
		plain
		Elo   any `json:"elo"`
		Lo    any `json:"elo_lo"`
		Hi    any `json:"elo_hi"`
		Score any `json:"score_rate"`
	}{plain(s), jsonNum(s.Elo), jsonNum(s.Lo), jsonNum(s.Hi), jsonNum(s.Score)})
}

// MarshalJSON writes NaN as null.
func (p PairScore) MarshalJSON() ([]byte, error) {
	type plain PairScore
	return json.Marshal(struct {
		plain
		Score any `json:"score_rate"`
	}{plain(p), jsonNum(p.Score)})
}

// UnmarshalJSON reads null as NaN.
func (s *Standing) UnmarshalJSON(data []byte) error {
	type plain Standing
	var v struct {
		plain
		Elo   *float64 `json:"elo"`
		Lo    *float64 `json:"elo_lo"`
		Hi    *float64 `json:"elo_hi"`
		Score *float64 `json:"score_rate"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*s = Standing(v.plain)
	s.Elo, s.Lo, s.Hi, s.Score = orNaN(v.Elo), orNaN(v.Lo), orNaN(v.Hi), orNaN(v.Score)
	return nil
}

// UnmarshalJSON reads null as NaN.
func (p *PairScore) UnmarshalJSON(data []byte) error {
	type plain PairScore
	var v struct {
		plain
		Score *float64 `json:"score_rate"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*p = PairScore(v.plain)
	p.Score = orNaN(v.Score)
	return nil
}

func orNaN(x *float64) float64 {
	if x == nil {
		return math.NaN()
	}
	return *x
}

// cellStats is a cell's counts: its stats, or an unmerged shard's blocks summed.
func cellStats(p *Plan, c int, cr *CellResult) *Stats {
	if cr.Stats != nil {
		return cr.Stats
	}
	st := NewStats(p.Cells[c].Seats, len(p.Agents))
	for _, b := range cr.Blocks {
		st.Merge(b.Stats)
	}
	return st
}

// TournamentStandings computes a tournament's standings from its result, nil when the
// run is not a tournament.
func TournamentStandings(r *Result) *Standings {
	p := r.Plan()
	if p.Tournament == nil || len(r.Cells) != len(p.Cells) {
		return nil
	}
	n := len(p.Agents)
	names := slices.Clone(p.Tournament.Entrants)
	if len(names) != n {
		names = EntrantLabels(specsOf(p.Agents))
	}
	pairs := make([][]WDL, n) // pairs[i][j]: i's results against j
	for i := range pairs {
		pairs[i] = make([]WDL, n)
	}
	played := make([]int64, n)
	var failed, approx int64
	var failing []string
	seats := 0
	for c, cr := range r.Cells {
		cp := p.Cells[c]
		seats = max(seats, cp.Seats)
		st := cellStats(p, c, cr)
		if p.MaxFailures.Exceeded(st.Failed, st.Trials) {
			// Its games that did not fail are those that missed the failure: biased.
			failing = append(failing, fmt.Sprintf("%s (%d of %d failed)", cp.Label, st.Failed, st.Trials))
			continue
		}
		failed += st.Failed
		who := cp.Agents
		if len(who) == 0 {
			who = make([]int, n)
			for i := range who {
				who[i] = i
			}
		}
		wdl := func(a int) WDL {
			if a < len(st.Agents) {
				return st.Agents[a]
			}
			return WDL{}
		}
		// Drawn games shared by every entrant of the cell (a two-seat draw, a timeout
		// with equal returns) are draws between each pair; only when some drawn game
		// was shared by some of them (a tie for first among three of four) is the
		// pairwise split unknown from the counts, and the overlap is taken as large as
		// it can be.
		full := true
		for _, a := range who {
			full = full && wdl(a).Draws == st.Drawn
		}
		for x, a := range who {
			played[a] += wdl(a).Games()
			for _, b := range who[x+1:] {
				wa, wb := wdl(a), wdl(b)
				both := min(wa.Draws, wb.Draws)
				if !full && wa.Draws+wb.Draws > 0 {
					approx += wa.Draws + wb.Draws
				}
				ab := WDL{Wins: wa.Wins + wa.Draws - both, Draws: both, Losses: wb.Wins + wb.Draws - both}
				pairs[a][b].add(ab)
				pairs[b][a].add(WDL{Wins: ab.Losses, Draws: ab.Draws, Losses: ab.Wins})
			}
		}
	}
	s := &Standings{
		Variant: p.Tournament.Variant, Seats: seats, Entrants: names, GamesPerCell: p.Games,
		Method: "Bradley–Terry maximum likelihood (Hunter's MM), 95% intervals from the Fisher information, 1 virtual draw per pair as a prior",
	}
	if seats > 2 {
		s.Method += "; each game counted as its first place's pairwise wins over the others (entrants tied for first draw)"
	}
	s.Notes = slices.Clone(p.Tournament.Notes)
	if len(failing) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("left out, with more failed games than max_failures %s allows: %s", p.MaxFailures, strings.Join(failing, ", ")))
	}
	if failed > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%d failed games are not counted (see the pairings)", failed))
	}
	if approx > 0 {
		s.Notes = append(s.Notes, "some games had a tie for first place among some of their players: those pairwise draws are estimated (as many as the counts allow)")
	}
	points := make([][]float64, n)
	games := make([][]float64, n)
	for i := range n {
		points[i], games[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			w := pairs[i][j]
			points[i][j] = float64(w.Wins) + float64(w.Draws)/2
			games[i][j] = float64(w.Games())
		}
	}
	order := make([]int, n)
	elo := make([]rating.Rating, n)
	ratings, err := rating.Fit(names, points, games, rating.Options{})
	if err != nil {
		s.Error = err.Error()
		// Without ratings, the ranking is by score rate.
		for i := range n {
			order[i] = i
			elo[i] = rating.Rating{Player: i, Name: names[i], Elo: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		}
		rate := func(i int) float64 {
			var pts, g float64
			for j := range n {
				pts, g = pts+points[i][j], g+games[i][j]
			}
			if g == 0 {
				return -1
			}
			return pts / g
		}
		sort.SliceStable(order, func(a, b int) bool { return rate(order[a]) > rate(order[b]) })
	} else {
		for k, r := range ratings {
			order[k] = r.Player
			elo[r.Player] = r
		}
	}
	for rank, i := range order {
		st := Standing{Rank: rank + 1, Agent: names[i], Index: i, Elo: elo[i].Elo, Lo: elo[i].Lo, Hi: elo[i].Hi,
			Games: played[i], Score: math.NaN()}
		for j := range n {
			w := pairs[i][j]
			st.Wins, st.Draws, st.Losses = st.Wins+w.Wins, st.Draws+w.Draws, st.Losses+w.Losses
			st.Points += points[i][j]
		}
		st.Pairwise = st.Wins + st.Draws + st.Losses
		if st.Pairwise > 0 {
			st.Score = st.Points / float64(st.Pairwise)
		}
		s.Ranking = append(s.Ranking, st)
		row := make([]PairScore, n)
		for k, j := range order {
			row[k] = pairScore(pairs[i][j])
		}
		s.Matrix = append(s.Matrix, row)
	}
	return s
}

func pairScore(w WDL) PairScore {
	ps := PairScore{Wins: w.Wins, Draws: w.Draws, Losses: w.Losses, Games: w.Games(), Score: math.NaN()}
	ps.Points = float64(w.Wins) + float64(w.Draws)/2
	if ps.Games > 0 {
		ps.Score = ps.Points / float64(ps.Games)
	}
	return ps
}

func specsOf(agents []AgentSpec) []ai.Spec {
	out := make([]ai.Spec, len(agents))
	for i, a := range agents {
		out[i] = a.Spec()
	}
	return out
}

// ErrNotTournament is returned for a results directory that holds a study, not a
// tournament.
var ErrNotTournament = errors.New("not a tournament")
