package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// Experiment is an experiment config (a study), decoded and checked: what
// `kalahlab experiment run study.yaml` reads. Defaults in brackets; only variants is
// required:
//
//	name: pie-rule            # a name for reports [the file's base name]
//	description: ...          # free text for the report header [""]
//	variants:                 # what to compare: names or .lua paths (relative to the file),
//	  - kalah                 # or mappings with a label, params and house_rules
//	  - { variant: kalah, label: no-empty-capture, params: { empty_capture: false } }
//	sweep:                    # a grid over knobs: every combination is a cell, for each
//	  seeds: [3, 4, 5]        # variant (variants outer, the first knob slowest) [{}]
//	agents:                   # one agent for every seat (a mapping), or a list: seat 1
//	  - { agent: alphabeta, depth: 6, tt: 1 }   # plays agents[1] in trial 1, agents[2]
//	  - { agent: alphabeta, depth: 6, tt: 1 }   # in trial 2, ... with rotate_seats (seat
//	                                            # s plays agents[s] without) [[random],
//	                                            # or none with a ladder]
//	ladder:                   # a skill ladder: agents of rising strength; each rung plays
//	  - { agent: random }     # every variant and sweep point as equal agents on every
//	  - { agent: greedy }     # seat (one cell per rung, beside the agents' cell when
//	  - { agent: alphabeta, depth: 4 }          # agents is given too), and the solver's
//	                                            # value (solve) tops the ladder [none]
//	games: 2000               # trials per cell [1000]
//	target_ci: 0.04           # stop a cell once the 95% interval of the first seat's win
//	                          # rate is narrower than this (0: play every game) [0]
//	check_every: 100          # trials between two checks of target_ci [100]
//	max_plies: 5000           # a game still going after this many plies is a timeout,
//	                          # 1..1000000 (the games' own max_plies knob's range) [5000]
//	random_opening: 0         # the first N decisions of each game are random moves [0]
//	epsilon: 0                # each agent move is a random one with this probability [0]
//	seed: 1                   # same seed, same results, whatever the workers [1]
//	workers: 0                # parallel games, 0 for one per core [0]
//	rotate_seats: true        # rotate the agents over the seats from trial to trial [true]
//	solve: 50M nodes          # how hard to try proving each cell's perfect-play value: a
//	                          # node count (the same cells solve on every machine), or a
//	                          # duration such as 20s (fewer solve on a loaded machine, so
//	                          # results may differ between runs), or 0 for off; see
//	                          # SolveBudget [5M nodes]
//	scripts: ""               # a directory of user variant scripts [""]
//	record: evaluations       # also record the agents' evaluation after every ply (the
//	                          # trial log's evals) for the flow metrics: lead changes,
//	                          # decisiveness, drama; two-seat games only [nothing]
//	max_failures: 0           # failed trials a cell may have and still be summarised: a
//	                          # count, or a share of its trials such as "1%" (see
//	                          # FailureLimit) [0: any failure fails the cell]
//	output:
//	  dir: results/pie        # where files go ("" for the terminal table only) [""]
//	  formats: [table, csv, json, html]   # also parquet: cells.parquet and trials.parquet
//	                          # [table, csv, json, html]
//	  trials: true            # keep the trial log (replay, --resume) [true]
//	  compress: true          # the trial log compressed, trials.jsonl.zst (false: plain
//	                          # trials.jsonl) [true]
//
// Integers and numbers are range-checked: workers 0..65536, random_opening 0..1048576,
// target_ci and epsilon 0..1; games and check_every at least 1.
//
// Precedence, lowest first: the defaults above, the file (or the embedded default study
// when no file is given), the environment (KALAHLAB_GAMES, KALAHLAB_SEED,
// KALAHLAB_WORKERS, KALAHLAB_TARGET_CI, KALAHLAB_MAX_PLIES, KALAHLAB_MAX_FAILURES,
// KALAHLAB_SCRIPTS), then what the caller set on the viper (bound flags that were
// given, Set). Lists and mappings (variants, sweep, agents, ladder) come from the file
// only; the caller may replace the agents with [Experiment.SetAgents].
//
// A ladder's rungs must differ from one another (each is a cell of its own); a rung
// named twice is an error at its line.
type Experiment struct {
	Name        string
	Description string
	Variants    []VariantEntry
	Sweep       []SweepAxis
	Agents      []ai.Spec // the agents of the ordinary cells; none with a ladder and no agents key
	Ladder      []ai.Spec // the skill ladder's rungs, weakest first (nil for none)
	// RungRatings is how many games each pair of adjacent rungs plays on the base
	// variant (the first, at the first sweep point), seats rotated, to rate the rungs
	// (Bradley–Terry); 0 for none. It needs a ladder of two rungs or more.
	RungRatings   int
	Games         int
	TargetCI      float64
	CheckEvery    int
	MaxPlies      int
	RandomOpening int
	Epsilon       float64
	Seed          uint64
	Workers       int
	RotateSeats   bool
	Solve         SolveBudget
	Scripts       string
	MaxFailures   FailureLimit
	Record        []string // what the trials record besides the moves: some of experimentRecords ("evaluations")
	Output        ExperimentOutput

	// File names the file read ("study-kalah-fairness.yaml (embedded)" for the default
	// study) and Text holds its bytes, for report headers.
	File string
	Text []byte
}

// TextSHA256 is the hex SHA-256 of the experiment file's text.
func (e *Experiment) TextSHA256() string {
	h := sha256.Sum256(e.Text)
	return hex.EncodeToString(h[:])
}

// VariantEntry is one item of an experiment's variants list.
type VariantEntry struct {
	Variant    string         // a variant name, or a .lua path (made relative to the working directory)
	Label      string         // the name reports use ["" for the variant name]
	Params     map[string]any // knob overrides: int, bool or string
	HouseRules []string       // house-rule scripts layered on top
	Line       int            // where the entry is, for messages (0 when unknown)
}

// SweepAxis is one knob of the sweep grid and the values it takes.
type SweepAxis struct {
	Knob   string
	Values []any // int, bool or string
	Line   int
}

// ExperimentOutput says where an experiment's results go.
type ExperimentOutput struct {
	Dir     string   // "" for the terminal table only
	Formats []string // some of ExperimentFormats
	Trials  bool     // write the trial log
	// Compress writes the trial log compressed (trials.jsonl.zst) rather than plain
	// (trials.jsonl).
	Compress bool
}

// experimentRecords are what a study may record besides the moves (record:):
// evaluations, the evaluation after every ply, for the flow metrics.
var experimentRecords = []string{"evaluations"}

// ExperimentFormats are the output formats an experiment can write.
var ExperimentFormats = []string{"table", "csv", "json", "html", "parquet"}

// DefaultExperimentFormats are the formats written when output.formats is not given.
var DefaultExperimentFormats = []string{"table", "csv", "json", "html"}

// DefaultStudy is the embedded example study that `kalahlab experiment run` runs when
// given no file: is Kalah fair for the first player, and do the pie rule, the standard
// capture rule or fewer seeds make it fairer?
const DefaultStudy = "study-kalah-fairness.yaml"

// StudyExamples lists the embedded example studies (config/examples/study-*.yaml).
func StudyExamples() []string {
	names, _ := fs.Glob(examplesFS(), "study-*.yaml")
	return names
}

// StudyExample returns the text of an embedded example study, named by its file name
// (study-kalah-fairness.yaml), with or without .yaml and the study- prefix, or by the
// name it gives itself (its name key, which the reports' headers print:
// kalah-fairness).
func StudyExample(name string) ([]byte, bool) {
	_, data, ok := findStudyExample(name)
	return data, ok
}

// StudyExampleName is the name an embedded example study gives itself (its name key,
// or its file's base name without one), as the reports' headers print it.
func StudyExampleName(file string) string {
	data, err := fs.ReadFile(examplesFS(), file)
	base := strings.TrimSuffix(file, ".yaml")
	if err != nil {
		return base
	}
	var doc struct {
		Name string `yaml:"name"`
	}
	if yaml.Unmarshal(data, &doc) != nil || doc.Name == "" {
		return base
	}
	return doc.Name
}

// findStudyExample looks an example study up (see StudyExample) and returns its file
// name and text.
func findStudyExample(name string) (string, []byte, bool) {
	if name == "" || strings.ContainsAny(name, `/\`) {
		return "", nil, false
	}
	base := strings.TrimSuffix(name, ".yaml")
	for _, file := range []string{base + ".yaml", "study-" + base + ".yaml"} {
		if !strings.HasPrefix(file, "study-") {
			continue
		}
		if data, err := fs.ReadFile(examplesFS(), file); err == nil {
			return file, data, true
		}
	}
	for _, file := range StudyExamples() {
		if StudyExampleName(file) == base {
			data, err := fs.ReadFile(examplesFS(), file)
			return file, data, err == nil
		}
	}
	return "", nil, false
}

// studyDoc is an experiment file as the decoder sees it: the keys, what each takes and
// what the messages say is wanted. The lists and mappings (variants, sweep, agents) come
// from the file only; the rest are layered through viper.
type studyDoc struct {
	Name          string       `yaml:"name" want:"a string"`
	Description   string       `yaml:"description" want:"a string"`
	Variants      []variantDoc `yaml:"variants" cfg:"required,single,noviper" empty:"at least one variant" missing:"no variants key, want variants: [NAME, ...] (names such as kalah, or .lua paths)"`
	Sweep         sweepDoc     `yaml:"sweep" cfg:"noviper" want:"a mapping of knobs to lists of values, such as { seeds: [3, 4] }"`
	Agents        []playerDoc  `yaml:"agents" cfg:"single,noviper,nohuman" want:"a list of agents such as - { agent: random }" item:"a mapping such as { agent: random }" empty:"at least one agent such as { agent: random }"`
	Ladder        []playerDoc  `yaml:"ladder" cfg:"noviper,nohuman" want:"a list of agents of rising strength such as [{ agent: random }, { agent: alphabeta, depth: 4 }]" item:"a mapping such as { agent: alphabeta, depth: 4 }" empty:"at least one rung such as { agent: random }"`
	Games         int          `yaml:"games" cfg:"min=1"`
	TargetCI      float64      `yaml:"target_ci" cfg:"min=0,max=1" want:"a number 0..1 (0: play every game)"`
	CheckEvery    int          `yaml:"check_every" cfg:"min=1"`
	MaxPlies      int          `yaml:"max_plies" cfg:"min=1,max=1000000"`
	RandomOpening int          `yaml:"random_opening" cfg:"min=0,max=1048576"`
	RungRatings   int          `yaml:"rung_ratings" cfg:"min=0,max=1048576" want:"a number of games 0..1048576 (0: none)"`
	Epsilon       float64      `yaml:"epsilon" cfg:"min=0,max=1" want:"a probability 0..1"`
	Seed          uint64       `yaml:"seed"`
	Workers       int          `yaml:"workers" cfg:"min=0,max=65536" want:"an integer 0..65536 (0: one per core)"`
	RotateSeats   bool         `yaml:"rotate_seats"`
	Solve         solveDoc     `yaml:"solve"`
	Scripts       string       `yaml:"scripts" want:"a directory"`
	Record        []string     `yaml:"record" cfg:"single,noviper,oneof=evaluations" noun:"record" want:"evaluations, or a list of what to record"`
	MaxFailures   failuresDoc  `yaml:"max_failures"`
	Output        outputDoc    `yaml:"output" want:"a mapping such as { dir: results, formats: [table, html] }"`
}

// outputDoc is the output mapping of an experiment file.
type outputDoc struct {
	Dir      string   `yaml:"dir" want:"a directory"`
	Formats  []string `yaml:"formats" cfg:"single,oneof=table|csv|json|html|parquet" noun:"format"`
	Trials   bool     `yaml:"trials"`
	Compress bool     `yaml:"compress"`
}

// variantDoc is one item of variants: a name, or a mapping.
type variantDoc struct {
	Variant    string   `yaml:"variant" cfg:"required,nonblank" want:"a variant name such as kalah, or a .lua path" missing:"no variant key, want { variant: NAME, label: ..., params: {...} }"`
	Label      string   `yaml:"label" want:"a label for reports"`
	Params     paramMap `yaml:"params" cfg:"snake,nofloat" want:"a mapping of knobs such as { houses: 4 }"`
	HouseRules []string `yaml:"house_rules" cfg:"nonblank" want:"a list of .lua paths" item:"the path of a .lua script"`

	line int
	path string
}

func (v *variantDoc) decodeYAML(d *decoder, n *yaml.Node, path string, r *rule) bool {
	node := deref(n)
	v.line, v.path = n.Line, path
	switch {
	case node != nil && node.Kind == yaml.ScalarNode && node.ShortTag() == tagStr:
		if strings.TrimSpace(node.Value) == "" {
			d.errf(n, path, "empty, want a variant name such as kalah, or a .lua path")
			return false
		}
		v.Variant = node.Value
		return true
	case node != nil && node.Kind == yaml.MappingNode:
		return d.structure(n, node, path, r, reflect.ValueOf(v).Elem())
	}
	d.errf(n, path, "%s, want a variant name or { variant: NAME, params: {...} }", describe(node))
	return false
}

func (v *variantDoc) entry() VariantEntry {
	return VariantEntry{Variant: v.Variant, Label: v.Label, Params: v.Params.values(),
		HouseRules: v.HouseRules, Line: v.line}
}

// sweepDoc is the sweep mapping: knobs, in file order, to lists of values.
type sweepDoc struct {
	axes  []SweepAxis
	lines [][]int // the line of each value of each axis
}

func (s *sweepDoc) decodeYAML(d *decoder, n *yaml.Node, path string, r *rule) bool {
	node := deref(n)
	if node == nil || node.Kind != yaml.MappingNode {
		d.errf(n, path, "%s, want %s", describe(node), r.want)
		return false
	}
	return d.pairs(node, path, func(name string, k, val *yaml.Node) bool {
		p := join(path, name)
		return d.snakeKey(k, p) && s.axis(d, p, k, val)
	})
}

// axis decodes one knob's values: a list, or a single value.
func (s *sweepDoc) axis(d *decoder, path string, k, val *yaml.Node) bool {
	node := deref(val)
	items, seq := []*yaml.Node{val}, node != nil && node.Kind == yaml.SequenceNode
	if seq {
		items = node.Content
	}
	if len(items) == 0 {
		d.errf(val, path, "an empty list, want at least one value")
		return false
	}
	ax := SweepAxis{Knob: k.Value, Line: k.Line}
	lines := make([]int, 0, len(items))
	ok := true
	for i, item := range items {
		ip := path
		if seq {
			ip = listItem(path, i)
		}
		var pv paramValue
		if !pv.decodeYAML(d, item, ip, &rule{nofloat: true}) {
			ok = false
			continue
		}
		if slices.Contains(ax.Values, pv.v) {
			d.errf(item, ip, "%v is listed twice", pv.v)
			ok = false
			continue
		}
		ax.Values = append(ax.Values, pv.v)
		lines = append(lines, pv.line)
	}
	if ok {
		s.axes = append(s.axes, ax)
		s.lines = append(s.lines, lines)
	}
	return ok
}

// experimentKeys are the top-level keys of an experiment file, in the order the docs list
// them.
var experimentKeys = schemaOf(reflect.TypeFor[studyDoc]()).keys

// experimentEnvKeys are the keys the environment may set.
var experimentEnvKeys = []string{"games", keySeed, "workers", "target_ci", "max_plies", keyMaxFailures, keyScripts}

// keyMaxFailures is the key of a study's failure limit.
const keyMaxFailures = "max_failures"

// keySolve is the key of a study's solve budget.
const keySolve = "solve"

// DefaultSolve is the solve budget of a study that sets none: about a second on an idle
// core, and the same cells solved on every machine.
var DefaultSolve = SolveBudget{Nodes: 5_000_000}

// experimentDefaults are the values of the keys a file leaves out.
func experimentDefaults() map[string]any {
	return map[string]any{
		"games": 1000, "target_ci": 0.0, "check_every": 100, "max_plies": 5000,
		"random_opening": 0, keyRungRatings: 0, "epsilon": 0.0, keySeed: uint64(1), "workers": 0,
		"rotate_seats": true, keySolve: DefaultSolve.String(), keyScripts: "", "name": "", "description": "", keyMaxFailures: "0",
		"output.dir": "", "output.formats": slices.Clone(DefaultExperimentFormats), "output.trials": true,
		"output.compress": true,
	}
}

// LoadExperiment reads an experiment config from path, or the embedded default study
// ([DefaultStudy]) when path is "". An example study may also be named by its file name
// (study-kalah-fairness.yaml) when no such file exists. Layers, lowest first: the
// defaults, the file, the environment, what the caller set on v (bound flags given on
// the command line, Set). Errors are an [*Error], or [*Errors] when there are several,
// naming the file, line and key path, or the environment variable.
func LoadExperiment(v *viper.Viper, path string) (*Experiment, error) {
	if v == nil {
		return nil, fmt.Errorf("config: LoadExperiment needs a *viper.Viper")
	}
	name, data, dir, err := readStudy(path)
	if err != nil {
		return nil, err
	}
	errs := &errorList{}
	var doc studyDoc
	dec, top, err := decodeFile(name, data, &doc, errs)
	if err != nil {
		return nil, err
	}
	if top == nil {
		return nil, &Error{Source: name, Msg: "empty, want at least variants: [NAME, ...]"}
	}
	for k, val := range experimentDefaults() {
		v.SetDefault(k, val)
	}
	if err := v.MergeConfigMap(dec.viperMap(reflect.ValueOf(&doc).Elem(), "")); err != nil {
		return nil, fmt.Errorf("experiment config %s: %w", name, err)
	}
	l := &layers{v: v, env: experimentEnvKeys, errs: errs}
	if err := l.bindEnv(); err != nil {
		return nil, err
	}
	e := readExperiment(l, &doc)
	e.File, e.Text = name, data
	checkLadder(dec, &doc)
	checkRungRatings(dec, &doc)
	if e.Name == "" {
		e.Name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(strings.TrimSuffix(name, " (embedded)")), ".yaml"), ".yml")
	}
	resolvePaths(e, dir)
	if !dec.bad[keyScripts] && !l.failed[keyScripts] {
		c := &studyCheck{dec: dec, doc: &doc, e: e}
		c.run()
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	return e, nil
}

// readExperiment reads the layered settings back from viper and takes the lists from
// the file.
func readExperiment(l *layers, doc *studyDoc) *Experiment {
	var lay studyDoc
	l.read(reflect.ValueOf(&lay).Elem(), "")
	e := &Experiment{
		Name: lay.Name, Description: lay.Description, Games: lay.Games, TargetCI: lay.TargetCI,
		CheckEvery: lay.CheckEvery, MaxPlies: lay.MaxPlies, RandomOpening: lay.RandomOpening, RungRatings: lay.RungRatings,
		Epsilon: lay.Epsilon, Seed: lay.Seed, Workers: lay.Workers, RotateSeats: lay.RotateSeats,
		Solve: l.solveBudget(keySolve), Scripts: lay.Scripts,
		Output: ExperimentOutput{Dir: lay.Output.Dir, Formats: lay.Output.Formats, Trials: lay.Output.Trials, Compress: lay.Output.Compress},
		Sweep:  doc.Sweep.axes,
	}
	e.MaxFailures = l.failureLimit(keyMaxFailures)
	e.Record = slices.Compact(slices.Sorted(slices.Values(doc.Record)))
	for i := range doc.Variants {
		e.Variants = append(e.Variants, doc.Variants[i].entry())
	}
	for _, p := range doc.Agents {
		e.Agents = append(e.Agents, p.spec())
	}
	for _, p := range doc.Ladder {
		e.Ladder = append(e.Ladder, p.spec())
	}
	if len(e.Agents) == 0 && len(e.Ladder) == 0 {
		e.Agents = []ai.Spec{{Agent: "random", Options: map[string]string{}}}
	}
	return e
}

// checkLadder reports a rung named twice in the ladder, at its line: each rung is a
// cell of its own, labelled by its agent.
func checkLadder(dec *decoder, doc *studyDoc) {
	if dec.bad[keyLadder] {
		return // an item failed to decode: the indices of doc.Ladder are not the file's
	}
	first := map[string]int{}
	for i, p := range doc.Ladder {
		text := p.spec().String()
		j, dup := first[text]
		if !dup {
			first[text] = i
			continue
		}
		key := listItem(keyLadder, i)
		line := max(dec.lines[key+"."+keyAgent], dec.lines[keyLadder])
		if !dec.errs.keeps(line, 0) {
			dec.errs.count()
			continue
		}
		dec.errs.add(&Error{Source: dec.file, Line: line, Key: key,
			Msg: fmt.Sprintf("%s is %s again: each rung of a ladder must be a different agent (a stronger one than the rung before)", text, listItem(keyLadder, j))})
	}
}

// checkRungRatings reports rung_ratings without a ladder of two rungs to rate, at its
// line.
func checkRungRatings(dec *decoder, doc *studyDoc) {
	if doc.RungRatings == 0 || dec.bad[keyLadder] || len(doc.Ladder) >= 2 {
		return
	}
	line := dec.lines[keyRungRatings]
	if !dec.errs.keeps(line, 0) {
		dec.errs.count()
		return
	}
	dec.errs.add(&Error{Source: dec.file, Line: line, Key: keyRungRatings,
		Msg: fmt.Sprintf("%d games rate the rungs of a ladder against each other, and the study's ladder has %d: give it two rungs or more, or leave rung_ratings out", doc.RungRatings, len(doc.Ladder))})
}

// keyRungRatings is the key of the games that rate a ladder's rungs.
const keyRungRatings = "rung_ratings"

// keyLadder is the key of a study's skill ladder.
const keyLadder = "ladder"

// readStudy returns the name, text and directory (for relative paths; "" when
// embedded) of the study at path.
func readStudy(path string) (string, []byte, string, error) {
	if path == "" {
		data, _ := StudyExample(DefaultStudy)
		return DefaultStudy + " (embedded)", data, "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		if _, statErr := os.Stat(path); os.IsNotExist(statErr) {
			if file, ex, ok := findStudyExample(path); ok {
				return file + " (embedded)", ex, "", nil
			}
		}
		return "", nil, "", fmt.Errorf("reading experiment config: %w", err)
	}
	return path, data, filepath.Dir(path), nil
}

// SetAgents replaces the agents with specs written on the command line
// ("alphabeta:depth=6"), checking each.
func (e *Experiment) SetAgents(texts []string) error {
	var specs []ai.Spec
	for i, text := range texts {
		s, err := ai.ParseSpec(text)
		if err == nil {
			err = checkExperimentAgent(s)
		}
		if err != nil {
			return &Error{Key: listItem("agents", i), Err: err}
		}
		specs = append(specs, s)
	}
	if len(specs) > 0 {
		e.Agents = specs
	}
	return nil
}

func checkExperimentAgent(s ai.Spec) error {
	if s.Agent == ai.Human {
		return fmt.Errorf("an experiment has no human players (want one of %s)", strings.Join(ai.Names(), ", "))
	}
	return checkSpec(s)
}

// checkFormat checks an output format name.
func checkFormat(s string) error {
	if slices.Contains(ExperimentFormats, s) {
		return nil
	}
	return fmt.Errorf("%s", unknownKey(fmt.Sprintf("format %q unknown", s), s, ExperimentFormats, "one of "+strings.Join(ExperimentFormats, ", ")))
}

// CheckFormats checks a list of output formats (from a --format flag, say).
func CheckFormats(formats []string) error {
	for _, s := range formats {
		if err := checkFormat(s); err != nil {
			return err
		}
	}
	return nil
}

// resolvePaths makes .lua paths of the variants relative to the experiment file's
// directory (when the file is there), as a script's extends is relative to the script.
func resolvePaths(e *Experiment, dir string) {
	if dir == "" {
		return
	}
	fix := func(p string) string {
		if !strings.HasSuffix(p, ".lua") || filepath.IsAbs(p) {
			return p
		}
		cand := filepath.Join(dir, filepath.FromSlash(p))
		if _, err := os.Stat(cand); err == nil {
			return cand
		}
		return p
	}
	for i := range e.Variants {
		e.Variants[i].Variant = fix(e.Variants[i].Variant)
		for j, r := range e.Variants[i].HouseRules {
			e.Variants[i].HouseRules[j] = fix(r)
		}
	}
}

// studyCheck looks every variant of a decoded study up, applies its params and every
// sweep combination: a bad name, knob or value is reported at its line.
type studyCheck struct {
	dec    *decoder
	doc    *studyDoc
	e      *Experiment
	opt    variants.Options
	labels map[string]string // label -> the key path of the variant that has it
	seen   map[string]bool   // errors reported
}

func (c *studyCheck) run() {
	c.opt = variants.Options{ScriptsDir: c.e.Scripts}
	if c.opt.ScriptsDir == "" {
		c.opt = variants.EnvOptions()
	}
	c.labels, c.seen = map[string]string{}, map[string]bool{}
	for i := range c.doc.Variants {
		c.variant(&c.doc.Variants[i], c.e.Variants[i])
	}
}

// failOnce is fail for the sweep's errors, which every variant finds again: each is
// reported once.
func (c *studyCheck) failOnce(line int, key string, err error) {
	id := fmt.Sprintf("%d %s %v", line, key, err)
	if !c.seen[id] {
		c.seen[id] = true
		c.fail(line, key, err)
	}
}

// fail reports err at a line of the file, a *core.ParamError by its reason.
func (c *studyCheck) fail(line int, key string, err error) {
	if !c.dec.errs.keeps(line, 0) {
		c.dec.errs.count()
		return
	}
	c.dec.errs.add(withCause(&Error{Source: c.dec.file, Line: line, Key: key}, err))
}

// variant checks one variant: it exists, its house rules load, its params are knobs
// with good values that fit together, its label is its own, and the sweep applies.
func (c *studyCheck) variant(vd *variantDoc, ve VariantEntry) {
	vr, err := variants.Lookup(ve.Variant, c.opt)
	if err != nil {
		c.fail(vd.line, vd.path, err)
		return
	}
	if len(ve.HouseRules) > 0 {
		key := vd.path + "." + keyHouseRules
		if vr, err = vr.WithHouseRules(ve.HouseRules, c.opt); err != nil {
			c.fail(max(vd.line, c.dec.lines[key]), key, err)
			return
		}
	}
	if !c.params(vd, vr) {
		return
	}
	if vr, err = vr.With(ve.Params); err != nil {
		c.fail(max(vd.line, c.dec.lines[vd.path+"."+keyParams]), vd.path+"."+keyParams, err)
		return
	}
	label := ve.Label
	if label == "" {
		label = vr.Name
	}
	if first, dup := c.labels[label]; dup {
		c.fail(vd.line, vd.path, fmt.Errorf("label %q is taken by %s; give one a label", label, first))
		return
	}
	c.labels[label] = vd.path
	c.sweep(vr, label)
}

// params checks each param of a variant against its knob.
func (c *studyCheck) params(vd *variantDoc, vr *variants.Variant) bool {
	ok := true
	knobs := make(map[string]bool, len(vr.Specs))
	for _, s := range vr.Specs {
		knobs[s.Name] = true
	}
	for _, name := range sortedKeys(vd.Params) {
		key := vd.path + "." + keyParams + "." + name
		if !knobs[name] && !c.dec.errs.keeps(vd.Params[name].line, 0) {
			c.dec.errs.count() // past the errors listed: no did-you-mean to work out
			ok = false
			continue
		}
		spec, err := core.FindSpec(vr.Specs, name)
		if err == nil {
			_, err = spec.Convert(vd.Params[name].v)
		}
		if err != nil {
			c.fail(vd.Params[name].line, key, err)
			ok = false
		}
	}
	return ok
}

// sweep checks that every sweep knob is one of the variant's, each value is allowed,
// and every combination makes a game.
func (c *studyCheck) sweep(vr *variants.Variant, label string) {
	ok := true
	for i, ax := range c.e.Sweep {
		akey := "sweep." + ax.Knob
		spec, err := core.FindSpec(vr.Specs, ax.Knob)
		if err != nil {
			c.failOnce(ax.Line, akey, fmt.Errorf("not a knob of %s: %w", vr.Name, err))
			ok = false
			continue
		}
		for j, val := range ax.Values {
			if _, err := spec.Convert(val); err != nil {
				c.failOnce(c.doc.Sweep.lines[i][j], listItem(akey, j), err)
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	var bad error
	eachPoint(c.e.Sweep, func(point map[string]any) {
		if bad != nil || len(point) == 0 {
			return
		}
		if _, err := vr.With(point); err != nil {
			bad = fmt.Errorf("%s with %s: %w", label, pointString(c.e.Sweep, point), err)
		}
	})
	if bad != nil {
		c.fail(c.dec.lines["sweep"], "sweep", bad)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// eachPoint calls fn with every combination of the sweep's values, the first axis
// slowest (one empty point for an empty sweep).
func eachPoint(sweep []SweepAxis, fn func(map[string]any)) {
	point := map[string]any{}
	var rec func(i int)
	rec = func(i int) {
		if i == len(sweep) {
			fn(point)
			return
		}
		for _, val := range sweep[i].Values {
			point[sweep[i].Knob] = val
			rec(i + 1)
		}
		delete(point, sweep[i].Knob)
	}
	rec(0)
}

// SweepPoints lists the sweep's combinations in cell order (the first axis slowest);
// an empty sweep has one empty point.
func SweepPoints(sweep []SweepAxis) []map[string]any {
	var out []map[string]any
	eachPoint(sweep, func(p map[string]any) {
		c := make(map[string]any, len(p))
		for k, v := range p {
			c[k] = v
		}
		out = append(out, c)
	})
	return out
}

func pointString(sweep []SweepAxis, point map[string]any) string {
	parts := make([]string, 0, len(sweep))
	for _, ax := range sweep {
		parts = append(parts, fmt.Sprintf("%s=%v", ax.Knob, point[ax.Knob]))
	}
	return strings.Join(parts, " ")
}
