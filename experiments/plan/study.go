package plan

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/variants"
)

// Plan is everything that decides a study's results, in a form that JSON keeps: it is
// recorded in every output directory (manifest.json), so that reports, merges and
// replays need neither the experiment file nor the scripts' directory layout.
type Plan struct {
	Name        string      `json:"name"`
	Description string      `json:"description,omitempty"`
	File        string      `json:"file"`
	FileSHA256  string      `json:"file_sha256"`
	Cells       []CellPlan  `json:"cells"`
	Agents      []AgentSpec `json:"agents"`
	// Ladder lists the skill ladder's rungs, weakest first, as indices into Agents (the
	// agents of the study's agents key come first, then the rungs). The cells of one
	// ladder are those with a Rung at the same variant and sweep point.
	Ladder        []int   `json:"ladder,omitempty"`
	Games         int     `json:"games"`
	TargetCI      float64 `json:"target_ci"`
	CheckEvery    int     `json:"check_every"`
	MaxPlies      int     `json:"max_plies"`
	RandomOpening int     `json:"random_opening"`
	Epsilon       float64 `json:"epsilon"`
	Seed          uint64  `json:"seed"`
	RotateSeats   bool    `json:"rotate_seats"`
	// Solve is the solve budget as config.SolveBudget writes it: "50M nodes", "20s"
	// (older manifests: "20s", "0s"), "0" for none.
	Solve   string `json:"solve"`
	Scripts string `json:"scripts,omitempty"`
	// MaxFailures is how many failed trials a cell may have and still be summarised
	// (max_failures). It decides the reports, not the trials: it is not in the
	// fingerprint, and a manifest without it allows none.
	MaxFailures config.FailureLimit `json:"max_failures"`
	// Tournament marks a round robin between the agents (tournament.go); nil for a study.
	Tournament *Tournament `json:"tournament,omitempty"`
	// Record is what the trials keep besides the moves (record:): "evaluations", the
	// evaluation after every ply, for the game-flow metrics (flow.go).
	Record []string `json:"record,omitempty"`
	// RungRatings is how many games each pair of adjacent rungs plays to rate the
	// ladder's rungs (rung_ratings:, rounded up to a whole seat rotation; 0 for none):
	// the cells with a RungPair, after every other cell.
	RungRatings int `json:"rung_ratings,omitempty"`
}

// AgentSpec is an ai.Spec as JSON writes it.
type AgentSpec struct {
	Agent   string            `json:"agent"`
	Options map[string]string `json:"options,omitempty"`
}

// Spec returns the ai.Spec.
func (a AgentSpec) Spec() ai.Spec {
	opts := map[string]string{}
	maps.Copy(opts, a.Options)
	return ai.Spec{Agent: a.Agent, Options: opts}
}

// String writes the spec in its command-line form.
func (a AgentSpec) String() string { return a.Spec().String() }

// CellPlan is one cell: a variant at one point of the sweep.
type CellPlan struct {
	Label      string         `json:"label"`   // "kalah/pie seeds=3"
	Variant    string         `json:"variant"` // the variant's label (the group in charts)
	Lookup     string         `json:"lookup"`  // what variants.Lookup resolves
	HouseRules []string       `json:"house_rules,omitempty"`
	Params     map[string]any `json:"params,omitempty"` // overrides: the entry's params, then the sweep point
	Sweep      []Knob         `json:"sweep,omitempty"`  // the sweep point
	Name       string         `json:"name"`             // the resolved variant's name
	Base       string         `json:"base"`
	Hash       string         `json:"hash,omitempty"` // SHA-256 of its scripts
	Source     string         `json:"source"`
	Knobs      map[string]any `json:"knobs"` // every knob's value
	Seats      int            `json:"seats"`
	// Agents, when set, are the agents of this cell (indices into the plan's agents),
	// which take the seats as the plan's agents do when it is not set: a tournament's
	// pairings and a skill ladder's rungs are cells that differ by their agents.
	Agents []int `json:"agents,omitempty"`
	// Rung is the index of the cell's rung in the plan's ladder (nil outside a ladder).
	Rung *int `json:"rung,omitempty"`
	// RungPair, for a cell that rates the rungs (rung_ratings), is the two adjacent
	// rungs it pits against each other, weaker first: its agents, seats rotated.
	RungPair []int `json:"rung_pair,omitempty"`
	// Games, when set, is the cell's own number of games, fewer than the plan's (a
	// rung pair's); its trials keep the numbers cell*plan.Games+index.
	Games int `json:"games,omitempty"`
}

// CellGames is the number of games of cell c: its own, or the plan's.
func (p *Plan) CellGames(c int) int {
	if c >= 0 && c < len(p.Cells) && p.Cells[c].Games > 0 {
		return min(p.Cells[c].Games, p.Games)
	}
	return p.Games
}

// RatesRungs reports whether cell c is one of the games that rate the rungs.
func (p *Plan) RatesRungs(c int) bool {
	return c >= 0 && c < len(p.Cells) && len(p.Cells[c].RungPair) == 2
}

// StudyCells is the number of the plan's cells that are the study's (the rung pairs
// follow them).
func (p *Plan) StudyCells() int {
	n := len(p.Cells)
	for n > 0 && p.RatesRungs(n-1) {
		n--
	}
	return n
}

// Knob is a knob's name and value.
type Knob struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Study is a plan with its variants resolved, ready to run.
type Study struct {
	Plan     Plan
	Variants []*variants.Variant // per cell
	Agents   []ai.Spec
	Solve    config.SolveBudget
	// FastRandom marks the agents that are the plain random agent (no options): the
	// runner plays them itself.
	FastRandom []bool
	// solveBy is, per cell, the first cell that plays the same game (base, scripts,
	// knobs): the game is solved once, there, for all of them (a ladder's rungs, say).
	solveBy []int
}

// SolvedBy returns the cell whose solve gives cell c its perfect-play value.
func (s *Study) SolvedBy(c int) int {
	if c < len(s.solveBy) {
		return s.solveBy[c]
	}
	return c
}

// SameGame lists the cells whose perfect-play value is the one solved at cell c.
func (s *Study) SameGame(c int) []int {
	var out []int
	for i := range s.Plan.Cells {
		if s.SolvedBy(i) == c {
			out = append(out, i)
		}
	}
	return out
}

// GameKey identifies the game a cell plays: its base, script hash and knobs ("" for a
// cell not resolved yet, which is like no other).
func GameKey(c *CellPlan) string {
	if c.Base == "" {
		return ""
	}
	knobs, _ := json.Marshal(c.Knobs) // map keys sorted: the same knobs, the same text
	return c.Base + "\x00" + c.Hash + "\x00" + string(knobs)
}

// Cells returns the number of cells.
func (s *Study) Cells() int { return len(s.Plan.Cells) }

// Variant returns the resolved variant of cell c.
func (s *Study) Variant(c int) *variants.Variant { return s.Variants[c] }

// New resolves an experiment config into a study: for each variant and sweep point
// (variants outer, the first sweep knob slowest) a cell where the agents play, and with
// a ladder one cell per rung after it, weakest first, labelled "kalah seeds=3 @ greedy",
// where the rung's agent takes every seat. The plan's agents are the agents, then the
// rungs; with a ladder the agents' cells name their agents, so the rungs stay out.
func New(cfg *config.Experiment) (*Study, error) {
	p := Plan{
		Name: cfg.Name, Description: cfg.Description, File: cfg.File, FileSHA256: cfg.TextSHA256(),
		Games: cfg.Games, TargetCI: cfg.TargetCI, CheckEvery: cfg.CheckEvery, MaxPlies: cfg.MaxPlies,
		RandomOpening: cfg.RandomOpening, Epsilon: cfg.Epsilon, Seed: cfg.Seed,
		RotateSeats: cfg.RotateSeats, Solve: cfg.Solve.String(), Scripts: cfg.Scripts,
		MaxFailures: cfg.MaxFailures, Record: slices.Clone(cfg.Record),
	}
	for _, a := range cfg.Agents {
		p.Agents = append(p.Agents, AgentSpec{Agent: a.Agent, Options: maps.Clone(a.Options)})
	}
	var own []int // the agents' cells' agents, when the plan holds rungs too
	if len(cfg.Ladder) > 0 {
		for i := range cfg.Agents {
			own = append(own, i)
		}
	}
	for _, a := range cfg.Ladder {
		p.Ladder = append(p.Ladder, len(p.Agents))
		p.Agents = append(p.Agents, AgentSpec{Agent: a.Agent, Options: maps.Clone(a.Options)})
	}
	points := config.SweepPoints(cfg.Sweep)
	for _, ve := range cfg.Variants {
		for _, pt := range points {
			params := map[string]any{}
			maps.Copy(params, ve.Params)
			maps.Copy(params, pt)
			var sweep []Knob
			for _, ax := range cfg.Sweep {
				sweep = append(sweep, Knob{ax.Knob, pt[ax.Knob]})
			}
			cell := func() CellPlan {
				return CellPlan{Label: ve.Label, Lookup: ve.Variant, HouseRules: slices.Clone(ve.HouseRules),
					Params: maps.Clone(params), Sweep: slices.Clone(sweep)}
			}
			if len(cfg.Agents) > 0 {
				c := cell()
				c.Agents = slices.Clone(own)
				p.Cells = append(p.Cells, c)
			}
			for r, a := range p.Ladder {
				c := cell()
				c.Agents, c.Rung = []int{a}, &r
				p.Cells = append(p.Cells, c)
			}
		}
	}
	p.Cells = append(p.Cells, rungPairs(cfg, &p)...)
	return FromPlan(p)
}

// rungPairs are the cells that rate a ladder's rungs (rung_ratings: N): each pair of
// adjacent rungs plays N games (rounded up to whole pairs of games, so that each sits
// on each seat equally often; at most the study's games) on the base variant, the
// first, at the first sweep point.
func rungPairs(cfg *config.Experiment, p *Plan) []CellPlan {
	if cfg.RungRatings <= 0 || len(p.Ladder) < 2 || len(cfg.Variants) == 0 {
		return nil
	}
	// At most games a pair (--games 50 makes a quick run of a study that rates its
	// rungs), in whole pairs of games when there are two.
	n := min(cfg.RungRatings, p.Games)
	if n = (n + 1) / 2 * 2; n > p.Games {
		n -= 2
	}
	p.RungRatings = max(n, min(p.Games, 1))
	ve := cfg.Variants[0]
	params := map[string]any{}
	maps.Copy(params, ve.Params)
	var sweep []Knob
	if points := config.SweepPoints(cfg.Sweep); len(points) > 0 {
		maps.Copy(params, points[0])
		for _, ax := range cfg.Sweep {
			sweep = append(sweep, Knob{ax.Knob, points[0][ax.Knob]})
		}
	}
	var out []CellPlan
	for r := 0; r+1 < len(p.Ladder); r++ {
		out = append(out, CellPlan{Label: ve.Label, Lookup: ve.Variant, HouseRules: slices.Clone(ve.HouseRules),
			Params: maps.Clone(params), Sweep: slices.Clone(sweep), Agents: []int{p.Ladder[r], p.Ladder[r+1]},
			RungPair: []int{r, r + 1}, Games: p.RungRatings})
	}
	return out
}

// FromPlan resolves a plan's variants (looking them up again, as a replay of a saved
// run does). A variant whose scripts changed since the plan was made is an error: its
// games would not replay.
func FromPlan(p Plan) (*Study, error) {
	solve, err := p.check()
	if err != nil {
		return nil, err
	}
	s := &Study{Plan: p, Solve: solve}
	if err := s.buildAgents(); err != nil {
		return nil, err
	}
	opt := variants.Options{ScriptsDir: p.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	labels := map[string]bool{}
	s.Plan.Cells = slices.Clone(p.Cells)
	for i := range s.Plan.Cells {
		if err := s.resolveCell(i, opt, labels); err != nil {
			return nil, err
		}
	}
	s.findSameGames()
	return s, nil
}

// check checks the plan's sizes, ladder and record, and returns its solve budget.
func (p *Plan) check() (config.SolveBudget, error) {
	var none config.SolveBudget
	if len(p.Cells) == 0 {
		return none, fmt.Errorf("experiment %s: no cells (want at least one variant)", p.Name)
	}
	if len(p.Agents) == 0 {
		return none, fmt.Errorf("experiment %s: no agents", p.Name)
	}
	if p.Games < 1 || p.CheckEvery < 1 || p.MaxPlies < 1 {
		return none, fmt.Errorf("experiment %s: games, check_every and max_plies must be at least 1", p.Name)
	}
	if most := MaxGames(len(p.Cells)); p.Games > most {
		return none, fmt.Errorf("experiment %s: games %d is too many for %d cells: trials are numbered cell*games+index, and the numbers must stay exact in the trial log's JSON (below 2^53), so at most %d games per cell", p.Name, p.Games, len(p.Cells), most)
	}
	solve, err := config.ParseSolveBudget(p.Solve)
	if err != nil {
		return none, fmt.Errorf("experiment %s: solve: %w", p.Name, err)
	}
	for r, a := range p.Ladder {
		if a < 0 || a >= len(p.Agents) {
			return none, fmt.Errorf("experiment %s: ladder rung %d is agent %d, not one of the plan's %d agents", p.Name, r, a, len(p.Agents))
		}
	}
	if err := p.checkRecord(); err != nil {
		return none, err
	}
	return solve, nil
}

// buildAgents parses the plan's agents (building each once, to check its options) and
// marks the plain random ones, which the runner plays itself.
func (s *Study) buildAgents() error {
	for _, a := range s.Plan.Agents {
		s.Agents = append(s.Agents, a.Spec())
		s.FastRandom = append(s.FastRandom, a.Agent == "random" && len(a.Options) == 0)
		if _, err := ai.New(a.Spec(), 0); err != nil {
			return fmt.Errorf("experiment %s: %w", s.Plan.Name, err)
		}
	}
	return nil
}

// resolveCell resolves cell i's variant and fills in what it resolved to (name, base,
// hash, source, seats, knobs, and a label when it has none), checking that the label is
// new (labels holds those taken), that its agents can play it and that its rung is
// played by the rung's agent.
func (s *Study) resolveCell(i int, opt variants.Options, labels map[string]bool) error {
	c := &s.Plan.Cells[i]
	v, err := c.variant(opt)
	if err != nil {
		return err
	}
	g, err := v.NewGame()
	if err != nil {
		return err
	}
	if c.Variant == "" {
		c.Variant = cmp.Or(c.Label, v.Name)
		c.Label = s.Plan.cellLabel(c)
	}
	if err := s.Plan.checkRung(c); err != nil {
		return err
	}
	if err := s.Plan.checkRungPair(c, g.NumPlayers()); err != nil {
		return err
	}
	if labels[c.Label] {
		return fmt.Errorf("two cells are labelled %q: give the variants labels", c.Label)
	}
	labels[c.Label] = true
	c.Name, c.Base, c.Hash, c.Source, c.Seats = v.Name, v.Base, v.Hash, v.Source, g.NumPlayers()
	if err := ai.SupportsAll(s.Agents, g); err != nil {
		return fmt.Errorf("cell %s: %w", c.Label, err)
	}
	c.Knobs = map[string]any{}
	maps.Copy(c.Knobs, v.Params)
	if err := s.Plan.checkCellAgents(i); err != nil {
		return err
	}
	s.Variants = append(s.Variants, v)
	return nil
}

// variant looks the cell's variant up, with its house rules and knobs; a variant
// whose scripts changed since the cell was resolved (its Hash) is an error.
func (c *CellPlan) variant(opt variants.Options) (*variants.Variant, error) {
	v, err := variants.Lookup(c.Lookup, opt)
	if err != nil {
		return nil, err
	}
	if len(c.HouseRules) > 0 {
		if v, err = v.WithHouseRules(c.HouseRules, opt); err != nil {
			return nil, err
		}
	}
	if v, err = v.With(c.Params); err != nil {
		return nil, err
	}
	if c.Hash != "" && c.Hash != v.Hash {
		return nil, fmt.Errorf("cell %s: variant %s changed since the run (script hash %.12s, now %.12s)", c.Label, v.Name, c.Hash, v.Hash)
	}
	return v, nil
}

// cellLabel labels a cell by its variant, its sweep point and its rung's agent:
// "kalah/pie seeds=3 @ greedy".
func (p *Plan) cellLabel(c *CellPlan) string {
	label := c.Variant
	for _, k := range c.Sweep {
		label += fmt.Sprintf(" %s=%v", k.Name, k.Value)
	}
	if c.Rung != nil && *c.Rung >= 0 && *c.Rung < len(p.Ladder) {
		label += " @ " + p.Agents[p.Ladder[*c.Rung]].String()
	}
	if len(c.RungPair) == 2 && len(c.Agents) == 2 {
		label += fmt.Sprintf(" rung ratings: %s vs %s", p.Agents[c.Agents[0]], p.Agents[c.Agents[1]])
	}
	return label
}

// checkRung checks that a rung's cell is of one of the ladder's rungs and played by
// that rung's agent alone.
func (p *Plan) checkRung(c *CellPlan) error {
	if c.Rung == nil {
		return nil
	}
	r := *c.Rung
	if r < 0 || r >= len(p.Ladder) {
		return fmt.Errorf("cell %s: rung %d is not one of the ladder's %d rungs", c.Label, r, len(p.Ladder))
	}
	if len(c.Agents) != 1 || c.Agents[0] != p.Ladder[r] {
		return fmt.Errorf("cell %s: a rung's cell is played by its rung's agent alone (agent %d), not %v", c.Label, p.Ladder[r], c.Agents)
	}
	return nil
}

// checkRungPair checks a cell that rates the rungs: two adjacent rungs, played by their
// agents in a two-seat game, with no more games than the plan's.
func (p *Plan) checkRungPair(c *CellPlan, seats int) error {
	if c.RungPair == nil && c.Games == 0 {
		return nil
	}
	pr := c.RungPair
	switch {
	case len(pr) != 2 || pr[0] < 0 || pr[1] != pr[0]+1 || pr[1] >= len(p.Ladder):
		return fmt.Errorf("cell %s: rung_pair %v is not two adjacent rungs of the ladder's %d", c.Label, pr, len(p.Ladder))
	case len(c.Agents) != 2 || c.Agents[0] != p.Ladder[pr[0]] || c.Agents[1] != p.Ladder[pr[1]]:
		return fmt.Errorf("cell %s: a rung pair is played by its two rungs' agents, not %v", c.Label, c.Agents)
	case seats != 2:
		return fmt.Errorf("experiment %s: rung_ratings plays the rungs against each other on the base variant %s, a game of %d seats; rung ratings need a two-seat game", p.Name, c.Variant, seats)
	case c.Games < 1 || c.Games > p.Games:
		return fmt.Errorf("experiment %s: rung_ratings %d is more than games %d: the rung pairs play at most as many games as a cell (raise games or lower rung_ratings)", p.Name, c.Games, p.Games)
	}
	return nil
}

// checkCellAgents checks that cell i's agents are the plan's, and that each of them
// plays: without rotate_seats, no more agents than seats.
func (p *Plan) checkCellAgents(i int) error {
	c := &p.Cells[i]
	for _, a := range c.Agents {
		if a < 0 || a >= len(p.Agents) {
			return fmt.Errorf("cell %s: agent %d is not one of the plan's %d agents", c.Label, a, len(p.Agents))
		}
	}
	if k := p.cellAgents(i); !p.RotateSeats && k > c.Seats {
		return fmt.Errorf("cell %s: %d agents for %d seats without rotate_seats: agents after the %d. would never play", c.Label, k, c.Seats, c.Seats)
	}
	return nil
}

// findSameGames notes, per cell, the first cell that plays the same game: the game is
// solved once, there (solvedBy).
func (s *Study) findSameGames() {
	first := map[string]int{}
	for i := range s.Plan.Cells {
		key := GameKey(&s.Plan.Cells[i])
		if _, ok := first[key]; !ok || key == "" {
			first[key] = i
		}
		s.solveBy = append(s.solveBy, first[key])
	}
}

// Fingerprint identifies what decides the results (cells, agents, games, the stopping
// rule, plies, openings, seed, rotation, what is recorded): runs with the same fingerprint produce the same
// trials, so they may be resumed or merged together. Names, files and output settings
// do not count.
func (p *Plan) Fingerprint() string {
	type cell struct {
		Base, Hash string
		Knobs      map[string]any
		Seats      int
		Agents     []int `json:",omitempty"` // omitted when unset: older runs keep their fingerprint
		RungPair   []int `json:",omitempty"`
		Games      int   `json:",omitempty"`
	}
	key := struct {
		Cells                                      []cell
		Agents                                     []AgentSpec
		Games, CheckEvery, MaxPlies, RandomOpening int
		TargetCI, Epsilon                          float64
		Seed                                       uint64
		Rotate                                     bool
		Record                                     []string `json:",omitempty"` // it adds to the counts; omitted when unset
	}{Record: p.Record, Agents: p.Agents, Games: p.Games, CheckEvery: p.CheckEvery, MaxPlies: p.MaxPlies,
		RandomOpening: p.RandomOpening, TargetCI: p.TargetCI, Epsilon: p.Epsilon, Seed: p.Seed, Rotate: p.RotateSeats}
	for _, c := range p.Cells {
		key.Cells = append(key.Cells, cell{c.Base, c.Hash, c.Knobs, c.Seats, c.Agents, c.RungPair, c.Games})
	}
	data, _ := json.Marshal(key)
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:16])
}

// MaxGames is the most games per cell a study of cells cells may ask for: its trial
// numbers (cell*games + index) must stay below 2^53, exact as JSON numbers (and below
// the largest int). Memory does not depend on it: a run keeps no per-game state.
func MaxGames(cells int) int {
	limit := int64(1) << 53
	if int64(math.MaxInt) < limit {
		limit = math.MaxInt
	}
	return int(limit / int64(max(cells, 1)))
}

// BlockSize is the number of trials of cell c between two checks of the stopping
// rule: check_every rounded up to a whole number of seat rotations. Without target_ci
// every trial is in one block.
func (p *Plan) BlockSize(c int) int {
	if p.TargetCI <= 0 || p.RatesRungs(c) { // a rung pair plays all its games
		return p.CellGames(c)
	}
	k := p.rotation(c)
	n := min(p.CheckEvery, p.Games) // no overflow rounding a huge check_every up
	b := (n + k - 1) / k * k
	return min(b, p.Games)
}

// Blocks is the number of blocks of cell c.
func (p *Plan) Blocks(c int) int {
	b := p.BlockSize(c)
	return (p.CellGames(c) + b - 1) / b
}

// cellAgents is the number of agents that play in cell c: the cell's own list, or
// every agent of the plan.
func (p *Plan) cellAgents(c int) int {
	if c >= 0 && c < len(p.Cells) && len(p.Cells[c].Agents) > 0 {
		return len(p.Cells[c].Agents)
	}
	return len(p.Agents)
}

// rotates reports whether cell c's seats rotate: when the plan's do, and always in a
// rung pair (each rung on each seat equally often).
func (p *Plan) rotates(c int) bool { return p.RotateSeats || p.RatesRungs(c) }

// rotation is the number of trials of cell c after which the seating repeats.
func (p *Plan) rotation(c int) int {
	if p.rotates(c) {
		return max(1, p.cellAgents(c))
	}
	return 1
}

// Seating returns, for trial index i of cell c with n seats, the agent (an index into
// the plan's agents) of each seat: with the cell's k agents a₀..a_{k-1}, seat s plays
// a_{(s + r) % k} with r = i % k when seats rotate (r = 0 otherwise).
func (p *Plan) Seating(c, i, n int, dst []int) []int {
	k := p.cellAgents(c)
	var own []int
	if c >= 0 && c < len(p.Cells) {
		own = p.Cells[c].Agents
	}
	r := 0
	if p.rotates(c) {
		r = i % k
	}
	for s := 0; s < n; s++ {
		a := (s + r) % k
		if len(own) > 0 {
			a = own[a]
		}
		dst = append(dst, a)
	}
	return dst
}

// mix is the SplitMix64 finaliser: a bijection of 64-bit words that spreads every
// input bit over the output.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// TrialSeed is the seed of trial index of cell: every random choice of the trial (dice,
// random openings, epsilon moves, the agents' own seeds) comes from it, so a trial's game
// depends on nothing else.
func TrialSeed(seed uint64, cell, index int) uint64 {
	return mix(mix(mix(seed)^uint64(cell)) ^ uint64(index))
}

// AgentSeed is the seed of the agent on seat of a trial.
func AgentSeed(trial uint64, seat int) uint64 {
	return mix(trial ^ (uint64(seat+1) * 0xd1b54a32d192ed03))
}

// SweepString writes a sweep point as "seeds=3 houses=4".
func SweepString(sweep []Knob) string {
	parts := make([]string, len(sweep))
	for i, k := range sweep {
		parts[i] = fmt.Sprintf("%s=%v", k.Name, k.Value)
	}
	return strings.Join(parts, " ")
}
