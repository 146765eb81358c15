package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/experiments/rating"
	"github.com/kalahlab/kalahlab/experiments/stats"
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
// are played as in any study, trial i of cell c draws its randomness from a seed
// derived from the study's seed, c and i, and the run is sharded, resumed and merged the same way.
//
// The standings come from pairwise results. In a two-seat game a pairing's result is
// the games' own (a win, a draw or a loss). In a game of more seats each game is
// decomposed into the pairwise results of its first place (the top-1 decomposition:
// the one winner beat every other entrant of the game; entrants tied for first drew
// with each other and beat the rest; two entrants neither of which came first are not
// compared). Those are fitted with the Bradley–Terry model ([rating.Fit]) to Elo-scale
// ratings with 95% intervals; the win matrix holds each pair's score share.

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

// maxTournamentCells bounds the cells of a tournament (combinations of entrants).
const maxTournamentCells = 100_000

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
func NewTournament(cfg TournamentConfig) (*plan.Study, error) {
	if err := checkEntrants(cfg.Agents); err != nil {
		return nil, err
	}
	if err := cfg.settle(); err != nil {
		return nil, err
	}
	v, g, err := cfg.game()
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	seats := g.NumPlayers()
	games, err := cfg.meetings(v, g)
	if err != nil {
		return nil, err
	}
	p := cfg.plan(variantLabel(v.Name, cfg.Params), seats, games)
	if same := cfg.repeatedGames(&p, g); len(same) > 0 {
		p.Tournament.Notes = append(p.Tournament.Notes, fmt.Sprintf("%s: agents without randomness in a game without dice play the same %d games over and over, so those results count a few games many times and the intervals are too narrow; vary the openings with random_opening (--random-opening 4, say)", strings.Join(same, "; "), seats))
	}
	p.FileSHA256 = cfg.setupHash(p.Agents, games)
	return plan.FromPlan(p)
}

// checkEntrants checks the entrants: two at least, no human, each one buildable.
func checkEntrants(agents []ai.Spec) error {
	if len(agents) < 2 {
		return fmt.Errorf("tournament: %d agents: a tournament needs at least two", len(agents))
	}
	for i, s := range agents {
		if s.Agent == ai.Human {
			return fmt.Errorf("tournament: agent %d: a tournament has no human players (want one of %s)", i+1, strings.Join(ai.Names(), ", "))
		}
		if _, err := ai.New(s, 0); err != nil {
			return fmt.Errorf("tournament: agent %d (%s): %w", i+1, s, err)
		}
	}
	return nil
}

// settle fills in the defaults (variant, games, max_plies) and checks the numbers.
func (cfg *TournamentConfig) settle() error {
	if cfg.Variant == "" {
		cfg.Variant = "kalah"
	}
	if cfg.Games == 0 {
		cfg.Games = DefaultTournamentGames
	}
	if cfg.Games < 1 {
		return fmt.Errorf("tournament: games %d: want at least 1 per pairing", cfg.Games)
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 5000
	}
	if cfg.MaxPlies < 1 || cfg.MaxPlies > 1_000_000 {
		return fmt.Errorf("tournament: max_plies %d: want 1..1000000", cfg.MaxPlies)
	}
	if cfg.RandomOpening < 0 || cfg.RandomOpening > 1<<20 {
		return fmt.Errorf("tournament: random_opening %d: want 0..1048576", cfg.RandomOpening)
	}
	if !(cfg.Epsilon >= 0 && cfg.Epsilon <= 1) {
		return fmt.Errorf("tournament: epsilon %v: want 0..1", cfg.Epsilon)
	}
	return nil
}

// game resolves the variant played, with its house rules and knobs, and builds a game.
func (cfg *TournamentConfig) game() (*variants.Variant, core.Game, error) {
	opt := variants.Options{ScriptsDir: cfg.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	v, err := variants.Lookup(cfg.Variant, opt)
	if err != nil {
		return nil, nil, err
	}
	if len(cfg.HouseRules) > 0 {
		if v, err = v.WithHouseRules(cfg.HouseRules, opt); err != nil {
			return nil, nil, err
		}
	}
	if v, err = v.With(cfg.Params); err != nil {
		return nil, nil, err
	}
	g, err := v.NewGame()
	if err != nil {
		return nil, nil, err
	}
	return v, g, nil
}

// meetings checks that the entrants can meet on game g of variant v (each can play it,
// enough of them for its seats, not too many meetings) and returns the games of a
// meeting: cfg.Games rounded up to a whole number of seat rotations.
func (cfg *TournamentConfig) meetings(v *variants.Variant, g core.Game) (int, error) {
	seats := g.NumPlayers()
	if err := ai.SupportsAll(cfg.Agents, g); err != nil {
		return 0, fmt.Errorf("tournament: %w", err)
	}
	n := len(cfg.Agents)
	if n < seats {
		return 0, fmt.Errorf("tournament: %d agents for %s, a game of %d seats: every game seats %d different entrants, so give at least %d agents (random or greedy may fill the field)", n, v.Name, seats, seats, seats)
	}
	if cells := binomial(n, seats); cells > maxTournamentCells {
		return 0, fmt.Errorf("tournament: %d agents in games of %d seats make %.0f meetings, more than %d", n, seats, cells, maxTournamentCells)
	}
	games := (cfg.Games + seats - 1) / seats * seats
	if games < cfg.Games { // overflow
		return 0, fmt.Errorf("tournament: games %d is too many", cfg.Games)
	}
	return games, nil
}

// plan is the tournament's plan on variant (its label): the entrants, and a cell of
// games games for every combination of as many of them as the game has seats.
func (cfg *TournamentConfig) plan(variant string, seats, games int) plan.Plan {
	labels := EntrantLabels(cfg.Agents)
	p := plan.Plan{
		Name: cfg.Name, Games: games, CheckEvery: 100, MaxPlies: cfg.MaxPlies,
		RandomOpening: cfg.RandomOpening, Epsilon: cfg.Epsilon, Seed: cfg.Seed, RotateSeats: true,
		Solve: "0s", Scripts: cfg.Scripts, File: "(command line)", MaxFailures: cfg.MaxFailures,
		Tournament: &plan.Tournament{Entrants: labels, Variant: variant},
	}
	if p.Name == "" {
		p.Name = "tournament on " + variant
	}
	for _, s := range cfg.Agents {
		p.Agents = append(p.Agents, plan.AgentSpec{Agent: s.Agent, Options: maps.Clone(s.Options)})
	}
	combinations(len(cfg.Agents), seats, func(idx []int) {
		names := make([]string, len(idx))
		for i, a := range idx {
			names[i] = labels[a]
		}
		p.Cells = append(p.Cells, plan.CellPlan{
			Label: strings.Join(names, " vs "), Variant: variant, Lookup: cfg.Variant,
			HouseRules: slices.Clone(cfg.HouseRules), Params: maps.Clone(cfg.Params),
			Agents: slices.Clone(idx),
		})
	})
	return p
}

// repeatedGames lists the meetings whose games repeat: without random openings,
// random moves or dice, entrants that are all seedless play the same games again.
func (cfg *TournamentConfig) repeatedGames(p *plan.Plan, g core.Game) []string {
	if cfg.RandomOpening != 0 || cfg.Epsilon != 0 || ai.HasChance(g) {
		return nil
	}
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
	return same
}

// setupHash hashes the setup: what identifies a tournament typed on the command line,
// as an experiment file's hash does a study.
func (cfg *TournamentConfig) setupHash(agents []plan.AgentSpec, games int) string {
	key, _ := json.Marshal(struct {
		Variant    string
		HouseRules []string
		Params     map[string]any
		Agents     []plan.AgentSpec
		Games      int
		Seed       uint64
		MaxPlies   int
		Open       int
		Eps        float64
	}{cfg.Variant, cfg.HouseRules, cfg.Params, agents, games, cfg.Seed, cfg.MaxPlies, cfg.RandomOpening, cfg.Epsilon})
	sum := sha256.Sum256(key)
	return hex.EncodeToString(sum[:])
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
	// Fit tests the Bradley–Terry model against the pairings (Pearson's chi-square;
	// a small p says the ratings summarise results the model does not fit, such as
	// intransitive ones). Nil without ratings.
	Fit *rating.GoodnessOfFit `json:"fit,omitempty"`
	// Seat is the first-move advantage fitted with the strengths, on the Elo scale,
	// and the fit of the model with it (two-seat games whose every meeting rotated
	// the seats without a failed game; nil otherwise).
	Seat *rating.SeatTerm `json:"seat_term,omitempty"`
	// Differences are every two entrants' rating difference (the better ranked
	// first) with its 95% interval, from the ratings' covariance, in ranking order.
	Differences []RatingDifference `json:"differences,omitempty"`
}

// RatingDifference is one entrant's rating minus another's, with its 95% interval.
type RatingDifference struct {
	Agent string  `json:"agent"`
	Other string  `json:"other"`
	Elo   float64 `json:"elo"`
	Lo    float64 `json:"elo_lo"`
	Hi    float64 `json:"elo_hi"`
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
	}{plain(s), stats.JSONNum(s.Elo), stats.JSONNum(s.Lo), stats.JSONNum(s.Hi), stats.JSONNum(s.Score)})
}

// MarshalJSON writes NaN as null.
func (p PairScore) MarshalJSON() ([]byte, error) {
	type plain PairScore
	return json.Marshal(struct {
		plain
		Score any `json:"score_rate"`
	}{plain(p), stats.JSONNum(p.Score)})
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
func cellStats(p *plan.Plan, c int, cr *run.CellResult) *run.Stats {
	if cr.Stats != nil {
		return cr.Stats
	}
	st := run.NewStats(p.Cells[c].Seats, len(p.Agents))
	for _, b := range cr.Blocks {
		st.Merge(b.Stats)
	}
	return st
}

// StandingsOf computes a tournament's standings from its result, nil when the
// run is not a tournament.
func StandingsOf(r *run.Result) *Standings {
	p := r.Plan()
	if p.Tournament == nil || len(r.Cells) != len(p.Cells) {
		return nil
	}
	n := len(p.Agents)
	names := slices.Clone(p.Tournament.Entrants)
	if len(names) != n {
		names = EntrantLabels(specsOf(p.Agents))
	}
	t := newTally(n)
	for c, cr := range r.Cells {
		t.addCell(p, c, cr)
	}
	s := &Standings{
		Variant: p.Tournament.Variant, Seats: t.seats, Entrants: names, GamesPerCell: p.Games,
		Method: "Bradley–Terry maximum likelihood (Hunter's MM), 95% intervals from the Fisher information, 1 virtual draw per pair as a prior",
	}
	if t.seats > 2 {
		s.Method += "; each game counted as its first place's pairwise wins over the others (entrants tied for first draw)"
	}
	s.Notes = append(slices.Clone(p.Tournament.Notes), t.notes(p)...)
	points, games := t.matrices()
	order, elo, model, err := rankEntrants(names, points, games)
	if err != nil {
		s.Error = err.Error()
	}
	if model != nil {
		s.Fit = &model.Fit
		for a, i := range order {
			for _, j := range order[a+1:] {
				d, lo, hi := model.Difference(i, j)
				s.Differences = append(s.Differences, RatingDifference{Agent: names[i], Other: names[j], Elo: d, Lo: lo, Hi: hi})
			}
		}
	}
	if t.seatExact && t.seats == 2 {
		if st, err := rating.FitSeat(names, t.first, t.firstGames, rating.Options{}); err == nil {
			s.Seat = st
		}
	}
	for rank, i := range order {
		s.Ranking = append(s.Ranking, t.standing(rank, i, names[i], elo[i], points[i]))
		row := make([]PairScore, n)
		for k, j := range order {
			row[k] = pairScore(t.pairs[i][j])
		}
		s.Matrix = append(s.Matrix, row)
	}
	return s
}

// tally sums a tournament's meetings into pairwise results.
type tally struct {
	pairs   [][]run.WDL // pairs[i][j]: i's results against j
	played  []int64     // games per entrant
	failed  int64       // failed games of the meetings counted
	approx  int64       // pairwise draws estimated (ties for first among some players)
	failing []string    // the meetings left out: too many failed games
	seats   int
	// first[i][j] is the points i scored against j moving first, firstGames[i][j]
	// those games; seatExact reports that every meeting gave them exactly (two seats,
	// two entrants, the seats rotated, no failed game).
	first, firstGames [][]float64
	seatExact         bool
}

func newTally(n int) *tally {
	t := &tally{pairs: make([][]run.WDL, n), played: make([]int64, n), seatExact: true,
		first: make([][]float64, n), firstGames: make([][]float64, n)}
	for i := range t.pairs {
		t.pairs[i] = make([]run.WDL, n)
		t.first[i], t.firstGames[i] = make([]float64, n), make([]float64, n)
	}
	return t
}

// addCell counts the meeting of cell c, or leaves it out when it has more failed games
// than max_failures allows: its games that did not fail are those that missed the
// failure, biased.
func (t *tally) addCell(p *plan.Plan, c int, cr *run.CellResult) {
	cp := p.Cells[c]
	t.seats = max(t.seats, cp.Seats)
	st := cellStats(p, c, cr)
	if p.MaxFailures.Exceeded(st.Failed, st.Trials) {
		t.failing = append(t.failing, fmt.Sprintf("%s (%d of %d failed)", cp.Label, st.Failed, st.Trials))
		return
	}
	t.failed += st.Failed
	who := cp.Agents
	if len(who) == 0 {
		who = make([]int, len(t.pairs))
		for i := range who {
			who[i] = i
		}
	}
	t.addPairs(who, st)
	t.addFirst(p, who, st)
}

// addFirst splits a two-entrant meeting's points by who moved first. Trial i seats
// who[i mod 2] first (rotated seats), so of n games who[0] moved first in ⌈n/2⌉ and
// who[1] in ⌊n/2⌋; with S the first seat's points and A who[0]'s, who[0] scored
// x = (S + A − ⌊n/2⌋)/2 moving first and who[1] y = S − x. Exact only without failed
// games (a failed trial's seat order is not in the counts): otherwise no seat term.
func (t *tally) addFirst(p *plan.Plan, who []int, st *run.Stats) {
	if len(who) != 2 || len(st.Seats) != 2 || !p.RotateSeats || st.Failed > 0 {
		t.seatExact = false
		return
	}
	a, b := who[0], who[1]
	n := st.Trials
	na, nb := float64((n+1)/2), float64(n/2)
	score := func(w run.WDL) float64 { return float64(w.Wins) + float64(w.Draws)/2 }
	var pa float64
	if a < len(st.Agents) {
		pa = score(st.Agents[a])
	}
	s1 := score(st.Seats[0])
	x := (s1 + pa - nb) / 2
	t.first[a][b] += x
	t.firstGames[a][b] += na
	t.first[b][a] += s1 - x
	t.firstGames[b][a] += nb
}

// addPairs splits a meeting's counts (st) between its entrants (who) into pairwise
// results. Drawn games shared by every entrant of the cell (a two-seat draw, a timeout
// with equal returns) are draws between each pair; only when some drawn game was
// shared by some of them (a tie for first among three of four) is the pairwise split
// unknown from the counts, and the overlap is taken as large as it can be.
func (t *tally) addPairs(who []int, st *run.Stats) {
	wdl := func(a int) run.WDL {
		if a < len(st.Agents) {
			return st.Agents[a]
		}
		return run.WDL{}
	}
	full := true
	for _, a := range who {
		full = full && wdl(a).Draws == st.Drawn
	}
	for x, a := range who {
		t.played[a] += wdl(a).Games()
		for _, b := range who[x+1:] {
			wa, wb := wdl(a), wdl(b)
			both := min(wa.Draws, wb.Draws)
			if !full && wa.Draws+wb.Draws > 0 {
				t.approx += wa.Draws + wb.Draws
			}
			ab := run.WDL{Wins: wa.Wins + wa.Draws - both, Draws: both, Losses: wb.Wins + wb.Draws - both}
			t.pairs[a][b].Add(ab)
			t.pairs[b][a].Add(run.WDL{Wins: ab.Losses, Draws: ab.Draws, Losses: ab.Wins})
		}
	}
}

// notes are the caveats of the tally: meetings left out, failed games, estimated draws.
func (t *tally) notes(p *plan.Plan) []string {
	var notes []string
	if len(t.failing) > 0 {
		notes = append(notes, fmt.Sprintf("left out, with more failed games than max_failures %s allows: %s", p.MaxFailures, strings.Join(t.failing, ", ")))
	}
	if t.failed > 0 {
		notes = append(notes, fmt.Sprintf("%d failed games are not counted (see the pairings)", t.failed))
	}
	if t.approx > 0 {
		notes = append(notes, "some games had a tie for first place among some of their players: those pairwise draws are estimated (as many as the counts allow)")
	}
	return notes
}

// matrices are the points (wins + draws/2) and games of each entrant against each.
func (t *tally) matrices() (points, games [][]float64) {
	n := len(t.pairs)
	points, games = make([][]float64, n), make([][]float64, n)
	for i := range n {
		points[i], games[i] = make([]float64, n), make([]float64, n)
		for j := range n {
			w := t.pairs[i][j]
			points[i][j] = float64(w.Wins) + float64(w.Draws)/2
			games[i][j] = float64(w.Games())
		}
	}
	return points, games
}

// rankEntrants fits the ratings (the model, nil when they cannot be fitted) and orders
// the entrants best first. When the ratings cannot be fitted (the error), the ranking
// is by score rate and the ratings are NaN.
func rankEntrants(names []string, points, games [][]float64) ([]int, []rating.Rating, *rating.Model, error) {
	n := len(names)
	order := make([]int, n)
	elo := make([]rating.Rating, n)
	model, err := rating.FitModel(names, points, games, rating.Options{})
	if err == nil {
		for k, r := range model.Ratings {
			order[k] = r.Player
			elo[r.Player] = r
		}
		return order, elo, model, nil
	}
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
	return order, elo, nil, err
}

// standing is entrant i's line of the ranking (at rank, from 0): its rating and its
// totals over its pairwise results (points: its row of the points matrix).
func (t *tally) standing(rank, i int, name string, elo rating.Rating, points []float64) Standing {
	st := Standing{Rank: rank + 1, Agent: name, Index: i, Elo: elo.Elo, Lo: elo.Lo, Hi: elo.Hi,
		Games: t.played[i], Score: math.NaN()}
	for j, w := range t.pairs[i] {
		st.Wins, st.Draws, st.Losses = st.Wins+w.Wins, st.Draws+w.Draws, st.Losses+w.Losses
		st.Points += points[j]
	}
	st.Pairwise = st.Wins + st.Draws + st.Losses
	if st.Pairwise > 0 {
		st.Score = st.Points / float64(st.Pairwise)
	}
	return st
}

func pairScore(w run.WDL) PairScore {
	ps := PairScore{Wins: w.Wins, Draws: w.Draws, Losses: w.Losses, Games: w.Games(), Score: math.NaN()}
	ps.Points = float64(w.Wins) + float64(w.Draws)/2
	if ps.Games > 0 {
		ps.Score = ps.Points / float64(ps.Games)
	}
	return ps
}

func specsOf(agents []plan.AgentSpec) []ai.Spec {
	out := make([]ai.Spec, len(agents))
	for i, a := range agents {
		out[i] = a.Spec()
	}
	return out
}
