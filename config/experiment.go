package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

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
//	agents:                   # one agent for every seat (a mapping), or a list: seat s
//	  - { agent: alphabeta, depth: 6, tt: 1 }   # of trial i plays agents[(s+i) % len]
//	  - { agent: alphabeta, depth: 6, tt: 1 }   # with rotate_seats [[random]]
//	games: 2000               # trials per cell [1000]
//	target_ci: 0.04           # stop a cell once the 95% interval of the first seat's win
//	                          # rate is narrower than this (0: play every game) [0]
//	check_every: 100          # trials between two checks of target_ci [100]
//	max_plies: 5000           # a game still going after this many plies is a timeout [5000]
//	random_opening: 0         # the first N decisions of each game are random moves [0]
//	epsilon: 0                # each agent move is a random one with this probability [0]
//	seed: 1                   # same seed, same results, whatever the workers [1]
//	workers: 0                # parallel games, 0 for one per core [0]
//	rotate_seats: true        # rotate the agents over the seats from trial to trial [true]
//	solve: 1s                 # time to try proving each cell's perfect-play value (0: off) [1s]
//	scripts: ""               # a directory of user variant scripts [""]
//	output:
//	  dir: results/pie        # where files go ("" for the terminal table only) [""]
//	  formats: [table, csv, json, html]   # [table, csv, json, html]
//	  trials: true            # keep the trial log (trials.jsonl: replay, --resume) [true]
//
// Precedence, lowest first: the defaults above, the file (or the embedded default study
// when no file is given), the environment (KALAHLAB_GAMES, KALAHLAB_SEED,
// KALAHLAB_WORKERS, KALAHLAB_TARGET_CI, KALAHLAB_MAX_PLIES, KALAHLAB_SCRIPTS), then what
// the caller set on the viper (bound flags that were given, Set). Lists and mappings
// (variants, sweep, agents) come from the file only; the caller may replace the agents
// with [Experiment.SetAgents].
type Experiment struct {
	Name          string
	Description   string
	Variants      []VariantEntry
	Sweep         []SweepAxis
	Agents        []ai.Spec
	Games         int
	TargetCI      float64
	CheckEvery    int
	MaxPlies      int
	RandomOpening int
	Epsilon       float64
	Seed          uint64
	Workers       int
	RotateSeats   bool
	Solve         time.Duration
	Scripts       string
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
}

// ExperimentFormats are the output formats an experiment can write.
var ExperimentFormats = []string{"table", "csv", "json", "html"}

// DefaultStudy is the embedded example study that `kalahlab experiment run` runs when
// given no file: is Kalah fair for the first player, and do the pie rule, the standard
// capture rule or fewer seeds make it fairer?
const DefaultStudy = "study-kalah-fairness.yaml"

// StudyExamples lists the embedded example studies (config/examples/study-*.yaml).
func StudyExamples() []string {
	names, _ := fs.Glob(ExamplesFS(), "study-*.yaml")
	return names
}

// StudyExample returns the text of an embedded example study by file name, with or
// without .yaml.
func StudyExample(name string) ([]byte, bool) {
	if !strings.HasSuffix(name, ".yaml") {
		name += ".yaml"
	}
	if !strings.HasPrefix(name, "study-") || strings.Contains(name, "/") {
		return nil, false
	}
	data, err := fs.ReadFile(ExamplesFS(), name)
	return data, err == nil
}

// The keys of an experiment config.
const (
	keyName          = "name"
	keyDescription   = "description"
	keyVariants      = "variants"
	keySweep         = "sweep"
	keyAgents        = "agents"
	keyGames         = "games"
	keyTargetCI      = "target_ci"
	keyCheckEvery    = "check_every"
	keyMaxPlies      = "max_plies"
	keyRandomOpening = "random_opening"
	keyEpsilon       = "epsilon"
	keyWorkers       = "workers"
	keyRotateSeats   = "rotate_seats"
	keySolve         = "solve"
	keyOutput        = "output"
	keyDir           = "dir"
	keyFormats       = "formats"
	keyTrials        = "trials"
	keyLabel         = "label"
)

var experimentKeys = []string{keyName, keyDescription, keyVariants, keySweep, keyAgents, keyGames,
	keyTargetCI, keyCheckEvery, keyMaxPlies, keyRandomOpening, keyEpsilon, keySeed, keyWorkers,
	keyRotateSeats, keySolve, keyScripts, keyOutput}

var outputKeys = []string{keyDir, keyFormats, keyTrials}

var variantEntryKeys = []string{keyVariant, keyLabel, keyParams, keyHouseRules}

// experimentEnvKeys are the keys the environment may set.
var experimentEnvKeys = []string{keyGames, keySeed, keyWorkers, keyTargetCI, keyMaxPlies, keyScripts}

// intKey describes an integer key: its range.
type intKey struct {
	min, max int
	want     string
}

var intKeys = map[string]intKey{
	keyGames:         {1, math.MaxInt, "an integer >= 1"},
	keyCheckEvery:    {1, math.MaxInt, "an integer >= 1"},
	keyMaxPlies:      {1, math.MaxInt, "an integer >= 1"},
	keyRandomOpening: {0, 1 << 20, "an integer >= 0"},
	keyWorkers:       {0, 1 << 16, "an integer >= 0 (0: one per core)"},
}

// floatKey describes a number key: its range.
var floatKeys = map[string]struct {
	min, max float64
	want     string
}{
	keyTargetCI: {0, 1, "a number 0..1 (0: play every game)"},
	keyEpsilon:  {0, 1, "a probability 0..1"},
}

// experimentDefaults are the values of the keys a file leaves out.
func experimentDefaults() map[string]any {
	return map[string]any{
		keyGames: 1000, keyTargetCI: 0.0, keyCheckEvery: 100, keyMaxPlies: 5000,
		keyRandomOpening: 0, keyEpsilon: 0.0, keySeed: uint64(1), keyWorkers: 0,
		keyRotateSeats: true, keySolve: "1s", keyScripts: "", keyName: "", keyDescription: "",
		keyOutput + "." + keyDir: "", keyOutput + "." + keyFormats: slices.Clone(ExperimentFormats),
		keyOutput + "." + keyTrials: true,
	}
}

// LoadExperiment reads an experiment config from path, or the embedded default study
// ([DefaultStudy]) when path is "". An example study may also be named by its file name
// (study-kalah-fairness.yaml) when no such file exists. Layers, lowest first: the
// defaults, the file, the environment, what the caller set on v (bound flags given on
// the command line, Set). Errors are [*Error] values naming the file, line and key path,
// or the environment variable.
func LoadExperiment(v *viper.Viper, path string) (*Experiment, error) {
	if v == nil {
		return nil, fmt.Errorf("config: LoadExperiment needs a *viper.Viper")
	}
	name, data, dir, err := readStudy(path)
	if err != nil {
		return nil, err
	}
	f, err := parseExperiment(name, data)
	if err != nil {
		return nil, err
	}
	for k, val := range experimentDefaults() {
		v.SetDefault(k, val)
	}
	if err := v.MergeConfigMap(f.values); err != nil {
		return nil, fmt.Errorf("experiment config %s: %w", name, err)
	}
	v.SetEnvPrefix(EnvPrefix)
	for _, k := range experimentEnvKeys {
		if err := v.BindEnv(k, envName(k)); err != nil {
			return nil, fmt.Errorf("binding %s: %w", envName(k), err)
		}
	}
	e, err := f.decode(v)
	if err != nil {
		return nil, err
	}
	e.File, e.Text = name, data
	if e.Name == "" {
		e.Name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(strings.TrimSuffix(name, " (embedded)")), ".yaml"), ".yml")
	}
	if err := f.resolvePaths(e, dir); err != nil {
		return nil, err
	}
	if err := f.check(e); err != nil {
		return nil, err
	}
	return e, nil
}

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
			if ex, ok := StudyExample(path); ok {
				return strings.TrimSuffix(path, ".yaml") + ".yaml (embedded)", ex, "", nil
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
			return &Error{Key: fmt.Sprintf("%s[%d]", keyAgents, i), Err: err}
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

// experimentFile is an experiment file after the strict walk.
type experimentFile struct {
	doc
	values   map[string]any // scalars and output, for viper
	lines    map[string]int // by key path
	texts    map[string]string
	variants []VariantEntry
	sweep    []SweepAxis
	agents   []ai.Spec
	hasVars  bool
	paramLns map[string]int // "variants[0].params.houses" -> line
}

func parseExperiment(name string, data []byte) (*experimentFile, error) {
	f := &experimentFile{
		doc: doc{file: name}, values: map[string]any{}, lines: map[string]int{},
		texts: map[string]string{}, paramLns: map[string]int{},
	}
	top, err := f.parse(data)
	if err != nil {
		return nil, err
	}
	if top == nil {
		return nil, &Error{Source: name, Msg: "empty, want at least variants: [NAME, ...]"}
	}
	es, err := f.entries(top, "")
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if !slices.Contains(experimentKeys, e.name) {
			what := fmt.Sprintf("unknown key %q", e.name)
			return nil, f.errAt(e.key, "", "%s", unknownKey(what, e.name, experimentKeys, strings.Join(experimentKeys, ", ")))
		}
		if e.node == nil || isNull(e.node) {
			continue
		}
		f.lines[e.name] = line(e.val)
		f.texts[e.name] = e.node.Value
		switch e.name {
		case keyName, keyDescription, keyScripts:
			s, err := f.str(e, "a string")
			if err != nil {
				return nil, err
			}
			f.values[e.name] = s
		case keySeed:
			n, err := f.nonNegInt(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = n
		case keyGames, keyCheckEvery, keyMaxPlies, keyRandomOpening, keyWorkers:
			n, err := f.boundedInt(e, intKeys[e.name])
			if err != nil {
				return nil, err
			}
			f.values[e.name] = n
		case keyTargetCI, keyEpsilon:
			x, err := f.number(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = x
		case keyRotateSeats:
			b, err := f.boolean(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = b
		case keySolve:
			d, err := f.duration(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = d.String()
		case keyVariants:
			if err := f.walkVariants(e); err != nil {
				return nil, err
			}
		case keySweep:
			if err := f.walkSweep(e); err != nil {
				return nil, err
			}
		case keyAgents:
			if err := f.walkAgents(e); err != nil {
				return nil, err
			}
		case keyOutput:
			out, err := f.walkOutput(e)
			if err != nil {
				return nil, err
			}
			f.values[keyOutput] = out
		}
	}
	if !f.hasVars {
		return nil, f.errAt(top, "", "no variants key, want variants: [NAME, ...] (names such as kalah, or .lua paths)")
	}
	return f, nil
}

// boundedInt decodes an integer key within its range.
func (f *experimentFile) boundedInt(e entry, k intKey) (int, error) {
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, f.errAt(e.val, e.pathToKey, "%s, want %s", describeNil(n), k.want)
	}
	switch n.ShortTag() {
	case tagInt:
	case tagFloat:
		if isIntegerText(n.Value) {
			return 0, f.errAt(e.val, e.pathToKey, "%s is out of range, want %s", n.Value, k.want)
		}
		return 0, f.errAt(e.val, e.pathToKey, "%s is a float, want %s", n.Value, k.want)
	default:
		return 0, f.errAt(e.val, e.pathToKey, "%s, want %s", describe(n), k.want)
	}
	var x int64
	if err := n.Decode(&x); err != nil || x < int64(k.min) || x > int64(k.max) {
		return 0, f.errAt(e.val, e.pathToKey, "%s is out of range, want %s", n.Value, k.want)
	}
	return int(x), nil
}

// number decodes an integer or float scalar within its key's range.
func (f *experimentFile) number(e entry) (float64, error) {
	k := floatKeys[e.name]
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode || (n.ShortTag() != tagInt && n.ShortTag() != tagFloat) {
		return 0, f.errAt(e.val, e.pathToKey, "%s, want %s", describeNil(n), k.want)
	}
	var x float64
	if err := n.Decode(&x); err != nil || math.IsNaN(x) || x < k.min || x > k.max {
		return 0, f.errAt(e.val, e.pathToKey, "%s is out of range, want %s", n.Value, k.want)
	}
	return x, nil
}

func (f *experimentFile) boolean(e entry) (bool, error) {
	n := e.node
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != tagBool {
		return false, f.errAt(e.val, e.pathToKey, "%s, want true or false", describeNil(n))
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		return false, f.wrapAt(e.val, e.pathToKey, err)
	}
	return b, nil
}

// duration decodes a duration such as 2s or 500ms (0 for none).
func (f *experimentFile) duration(e entry) (time.Duration, error) {
	n := e.node
	const want = "a duration such as 2s or 500ms (0: off)"
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, f.errAt(e.val, e.pathToKey, "%s, want %s", describeNil(n), want)
	}
	if n.ShortTag() == tagInt && n.Value == "0" {
		return 0, nil
	}
	if n.ShortTag() != tagStr {
		return 0, f.errAt(e.val, e.pathToKey, "%s, want %s", describe(n), want)
	}
	d, err := time.ParseDuration(n.Value)
	if err != nil || d < 0 {
		return 0, f.errAt(e.val, e.pathToKey, "%q is not a duration, want %s", n.Value, want)
	}
	return d, nil
}

func (f *experimentFile) walkVariants(e entry) error {
	f.hasVars = true
	items := []*yaml.Node{e.val}
	if e.node.Kind == yaml.SequenceNode {
		items = e.node.Content
	}
	if len(items) == 0 {
		return f.errAt(e.val, e.name, "an empty list, want at least one variant")
	}
	for i, item := range items {
		path := fmt.Sprintf("%s[%d]", e.name, i)
		n := deref(item)
		ve := VariantEntry{Line: line(item), Params: map[string]any{}}
		switch {
		case n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == tagStr:
			ve.Variant = n.Value
		case n != nil && n.Kind == yaml.MappingNode:
			es, err := f.entries(n, path)
			if err != nil {
				return err
			}
			for _, p := range es {
				if !slices.Contains(variantEntryKeys, p.name) {
					return f.errAt(p.key, p.pathToKey, "%s", unknownKey("unknown key", p.name, variantEntryKeys, strings.Join(variantEntryKeys, ", ")))
				}
				if p.node == nil || isNull(p.node) {
					continue
				}
				switch p.name {
				case keyVariant:
					s, err := f.str(p, "a variant name such as kalah, or a .lua path")
					if err != nil {
						return err
					}
					ve.Variant = s
				case keyLabel:
					s, err := f.str(p, "a label for reports")
					if err != nil {
						return err
					}
					ve.Label = s
				case keyHouseRules:
					g := &gameFile{doc: f.doc}
					rules, err := g.houseRules(entry{name: p.pathToKey, val: p.val, node: p.node, pathToKey: p.pathToKey})
					if err != nil {
						return err
					}
					for _, r := range rules {
						ve.HouseRules = append(ve.HouseRules, r.(string))
					}
				case keyParams:
					g := &gameFile{doc: f.doc, lines: map[string]int{}, params: map[string]any{}, texts: map[string]string{}}
					if err := g.walkParams(entry{name: p.pathToKey, val: p.val, node: p.node, pathToKey: p.pathToKey}); err != nil {
						return err
					}
					for k, val := range g.params {
						if _, isFloat := val.(float64); isFloat {
							return f.errAt(p.val, p.pathToKey+"."+k, "%s is a float, want an integer, true/false or a string", g.texts[k])
						}
						ve.Params[k] = val
						f.paramLns[p.pathToKey+"."+k] = g.lines[p.pathToKey+"."+k]
					}
				}
			}
			if ve.Variant == "" {
				return f.errAt(item, path, "no variant key, want { variant: NAME, label: ..., params: {...} }")
			}
		default:
			return f.errAt(item, path, "%s, want a variant name or { variant: NAME, params: {...} }", describeNil(n))
		}
		if strings.TrimSpace(ve.Variant) == "" {
			return f.errAt(item, path, "empty, want a variant name such as kalah, or a .lua path")
		}
		f.variants = append(f.variants, ve)
	}
	return nil
}

func (f *experimentFile) walkSweep(e entry) error {
	if e.node.Kind != yaml.MappingNode {
		return f.errAt(e.val, e.name, "%s, want a mapping of knobs to lists of values, such as { seeds: [3, 4] }", describe(e.node))
	}
	es, err := f.entries(e.node, e.name)
	if err != nil {
		return err
	}
	for _, p := range es {
		if msg, ok := checkSnake(p.name); !ok {
			return f.errAt(p.key, p.pathToKey, "%s", msg)
		}
		ax := SweepAxis{Knob: p.name, Line: line(p.key)}
		items := []*yaml.Node{p.val}
		if p.node != nil && p.node.Kind == yaml.SequenceNode {
			items = p.node.Content
		}
		if len(items) == 0 {
			return f.errAt(p.val, p.pathToKey, "an empty list, want at least one value")
		}
		for i, item := range items {
			path := fmt.Sprintf("%s[%d]", p.pathToKey, i)
			if p.node == nil || p.node.Kind != yaml.SequenceNode {
				path = p.pathToKey
			}
			val, err := f.scalar(entry{val: item, node: deref(item), pathToKey: path})
			if err != nil {
				return err
			}
			if _, isFloat := val.(float64); isFloat {
				return f.errAt(item, path, "%s is a float, want an integer, true/false or a string", deref(item).Value)
			}
			for _, old := range ax.Values {
				if old == val {
					return f.errAt(item, path, "%v is listed twice", val)
				}
			}
			ax.Values = append(ax.Values, val)
			f.paramLns[path] = line(item)
		}
		f.sweep = append(f.sweep, ax)
	}
	return nil
}

func (f *experimentFile) walkAgents(e entry) error {
	val := e.val
	if e.node.Kind == yaml.MappingNode {
		val = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{e.val}, Line: e.val.Line}
	}
	g := &gameFile{doc: f.doc}
	players, err := g.players(entry{name: e.name, val: val, node: deref(val), pathToKey: e.name})
	if err != nil {
		return err
	}
	if len(players) == 0 {
		return f.errAt(e.val, e.name, "an empty list, want at least one agent such as { agent: random }")
	}
	for i, p := range players {
		s, err := playerFrom(p)
		if err != nil {
			return f.errAt(e.val, fmt.Sprintf("%s[%d]", e.name, i), "%v", err)
		}
		if s.Agent == ai.Human {
			item := e.val
			if e.node.Kind == yaml.SequenceNode {
				item = e.node.Content[i]
			}
			return f.errAt(item, fmt.Sprintf("%s[%d]", e.name, i), "an experiment has no human players (want one of %s)", strings.Join(ai.Names(), ", "))
		}
		f.agents = append(f.agents, s)
	}
	return nil
}

func (f *experimentFile) walkOutput(e entry) (map[string]any, error) {
	if e.node.Kind != yaml.MappingNode {
		return nil, f.errAt(e.val, e.name, "%s, want a mapping such as { dir: results, formats: [table, html] }", describe(e.node))
	}
	es, err := f.entries(e.node, e.name)
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	for _, p := range es {
		if !slices.Contains(outputKeys, p.name) {
			return nil, f.errAt(p.key, p.pathToKey, "%s", unknownKey("unknown key", p.name, outputKeys, strings.Join(outputKeys, ", ")))
		}
		if p.node == nil || isNull(p.node) {
			continue
		}
		f.lines[p.pathToKey] = line(p.val)
		switch p.name {
		case keyDir:
			s, err := f.str(p, "a directory")
			if err != nil {
				return nil, err
			}
			out[p.name] = s
		case keyTrials:
			b, err := f.boolean(p)
			if err != nil {
				return nil, err
			}
			out[p.name] = b
		case keyFormats:
			items := []*yaml.Node{p.val}
			if p.node.Kind == yaml.SequenceNode {
				items = p.node.Content
			}
			var formats []any
			for i, item := range items {
				path := fmt.Sprintf("%s[%d]", p.pathToKey, i)
				s, err := f.str(entry{val: item, node: deref(item), pathToKey: path}, "one of "+strings.Join(ExperimentFormats, ", "))
				if err != nil {
					return nil, err
				}
				if err := checkFormat(s); err != nil {
					return nil, f.errAt(item, path, "%v", err)
				}
				formats = append(formats, s)
			}
			out[p.name] = formats
		}
	}
	return out, nil
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

// sourceErr builds an error for a scalar key, naming where its value came from: the
// environment, the file's line, or the key alone (a flag, or Set by the caller).
func (f *experimentFile) sourceErr(v *viper.Viper, key, format string, args ...any) *Error {
	e := &Error{Key: key, Msg: fmt.Sprintf(format, args...)}
	val := v.Get(key)
	if slices.Contains(experimentEnvKeys, key) {
		if env, ok := os.LookupEnv(envName(key)); ok && env != "" && env == fmt.Sprint(val) {
			e.Source, e.Key = "env "+envName(key), ""
			return e
		}
	}
	if fv, ok := f.values[key]; ok && sameValue(fv, val) {
		e.Source, e.Line = f.file, f.lines[key]
	}
	return e
}

// decode reads the layered scalars from v and takes the lists from the file.
func (f *experimentFile) decode(v *viper.Viper) (*Experiment, error) {
	e := &Experiment{Variants: f.variants, Sweep: f.sweep, Agents: f.agents}
	if len(e.Agents) == 0 {
		e.Agents = []ai.Spec{{Agent: "random", Options: map[string]string{}}}
	}
	var err error
	str := func(key string) string {
		if err != nil {
			return ""
		}
		switch x := v.Get(key).(type) {
		case string:
			return x
		case nil:
			return ""
		default:
			err = f.sourceErr(v, key, "%v (%T), want a string", x, x)
			return ""
		}
	}
	integer := func(key string) int {
		if err != nil {
			return 0
		}
		k := intKeys[key]
		x := v.Get(key)
		n, ok := toInt(x)
		if s, isStr := x.(string); isStr {
			i, convErr := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
			n, ok = int(i), convErr == nil
		}
		if !ok {
			err = f.sourceErr(v, key, "%v is not an integer, want %s", x, k.want)
			return 0
		}
		if n < k.min || n > k.max {
			err = f.sourceErr(v, key, "%v is out of range, want %s", x, k.want)
			return 0
		}
		return n
	}
	number := func(key string) float64 {
		if err != nil {
			return 0
		}
		k := floatKeys[key]
		var x float64
		switch val := v.Get(key).(type) {
		case float64:
			x = val
		case float32:
			x = float64(val)
		case string:
			var perr error
			if x, perr = strconv.ParseFloat(strings.TrimSpace(val), 64); perr != nil {
				err = f.sourceErr(v, key, "%q is not a number, want %s", val, k.want)
				return 0
			}
		default:
			n, ok := toInt(val)
			if !ok {
				err = f.sourceErr(v, key, "%v is not a number, want %s", val, k.want)
				return 0
			}
			x = float64(n)
		}
		if math.IsNaN(x) || x < k.min || x > k.max {
			err = f.sourceErr(v, key, "%v is out of range, want %s", x, k.want)
		}
		return x
	}
	boolean := func(key string) bool {
		if err != nil {
			return false
		}
		switch x := v.Get(key).(type) {
		case bool:
			return x
		case string:
			b, perr := strconv.ParseBool(x)
			if perr != nil {
				err = f.sourceErr(v, key, "%q, want true or false", x)
			}
			return b
		default:
			err = f.sourceErr(v, key, "%v, want true or false", x)
			return false
		}
	}
	e.Name = str(keyName)
	e.Description = str(keyDescription)
	e.Scripts = str(keyScripts)
	e.Games = integer(keyGames)
	e.CheckEvery = integer(keyCheckEvery)
	e.MaxPlies = integer(keyMaxPlies)
	e.RandomOpening = integer(keyRandomOpening)
	e.Workers = integer(keyWorkers)
	e.TargetCI = number(keyTargetCI)
	e.Epsilon = number(keyEpsilon)
	e.RotateSeats = boolean(keyRotateSeats)
	e.Output.Dir = str(keyOutput + "." + keyDir)
	e.Output.Trials = boolean(keyOutput + "." + keyTrials)
	if err != nil {
		return nil, err
	}
	if e.Seed, err = f.seed(v); err != nil {
		return nil, err
	}
	switch x := v.Get(keySolve).(type) {
	case time.Duration:
		e.Solve = x
	case string:
		d, perr := time.ParseDuration(x)
		if x == "0" {
			d, perr = 0, nil
		}
		if perr != nil || d < 0 {
			return nil, f.sourceErr(v, keySolve, "%q is not a duration, want a duration such as 2s or 500ms (0: off)", x)
		}
		e.Solve = d
	default:
		n, ok := toInt(x)
		if !ok || n != 0 {
			return nil, f.sourceErr(v, keySolve, "%v, want a duration such as 2s or 500ms (0: off)", x)
		}
	}
	formats, ferr := getStrings(v.Get(keyOutput + "." + keyFormats))
	if ferr == nil && len(formats) == 1 && strings.Contains(formats[0], ",") {
		formats = strings.Split(formats[0], ",") // a comma-separated flag or env value
	}
	if ferr == nil {
		for i := range formats {
			formats[i] = strings.TrimSpace(formats[i])
		}
		ferr = CheckFormats(formats)
	}
	if ferr != nil {
		return nil, &Error{Key: keyOutput + "." + keyFormats, Msg: ferr.Error(), Err: ferr}
	}
	e.Output.Formats = formats
	return e, nil
}

func (f *experimentFile) seed(v *viper.Viper) (uint64, error) {
	switch x := v.Get(keySeed).(type) {
	case uint64:
		return x, nil
	case string:
		n, err := strconv.ParseUint(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, f.sourceErr(v, keySeed, "%q is not a non-negative integer", x)
		}
		return n, nil
	default:
		n, ok := toInt(x)
		if !ok || n < 0 {
			return 0, f.sourceErr(v, keySeed, "%v is not a non-negative integer", x)
		}
		return uint64(n), nil
	}
}

// resolvePaths makes .lua paths of the variants relative to the experiment file's
// directory (when the file is there), as a script's extends is relative to the script.
func (f *experimentFile) resolvePaths(e *Experiment, dir string) error {
	if dir == "" {
		return nil
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
	return nil
}

// check looks every variant up, applies its params and every sweep combination, and
// checks the agents: a bad name, knob or value is reported at its line.
func (f *experimentFile) check(e *Experiment) error {
	opt := variants.Options{ScriptsDir: e.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	at := func(ln int, key string, err error) *Error {
		x := &Error{Source: f.file, Line: ln, Key: key, Err: err}
		if pe, ok := err.(*core.ParamError); ok {
			x.Msg = pe.Reason
		}
		return x
	}
	labels := map[string]int{}
	for i, ve := range e.Variants {
		key := fmt.Sprintf("%s[%d]", keyVariants, i)
		vr, err := variants.Lookup(ve.Variant, opt)
		if err != nil {
			return at(ve.Line, key, err)
		}
		if len(ve.HouseRules) > 0 {
			if vr, err = vr.WithHouseRules(ve.HouseRules, opt); err != nil {
				return at(ve.Line, key+"."+keyHouseRules, err)
			}
		}
		for _, name := range sortedKeys(ve.Params) {
			pkey := key + "." + keyParams + "." + name
			spec, err := core.FindSpec(vr.Specs, name)
			if err == nil {
				_, err = spec.Convert(ve.Params[name])
			}
			if err != nil {
				return at(f.paramLns[pkey], pkey, err)
			}
		}
		if vr, err = vr.With(ve.Params); err != nil {
			return at(ve.Line, key+"."+keyParams, err)
		}
		label := ve.Label
		if label == "" {
			label = vr.Name
		}
		if first, dup := labels[label]; dup {
			return at(ve.Line, key, fmt.Errorf("label %q is taken by variants[%d]; give one a label", label, first))
		}
		labels[label] = i
		for _, ax := range e.Sweep {
			akey := keySweep + "." + ax.Knob
			spec, err := core.FindSpec(vr.Specs, ax.Knob)
			if err != nil {
				return at(ax.Line, akey, fmt.Errorf("not a knob of %s: %w", vr.Name, err))
			}
			for j, val := range ax.Values {
				if _, err := spec.Convert(val); err != nil {
					vkey := fmt.Sprintf("%s[%d]", akey, j)
					ln := f.paramLns[vkey]
					if len(ax.Values) == 1 {
						ln = f.paramLns[akey]
					}
					return at(ln, vkey, err)
				}
			}
		}
		var bad error
		eachPoint(e.Sweep, func(point map[string]any) {
			if bad != nil || len(point) == 0 {
				return
			}
			if _, err := vr.With(point); err != nil {
				bad = at(f.lines[keySweep], keySweep, fmt.Errorf("%s with %s: %w", label, pointString(e.Sweep, point), err))
			}
		})
		if bad != nil {
			return bad
		}
	}
	for i, s := range e.Agents {
		if err := checkExperimentAgent(s); err != nil {
			return &Error{Source: f.file, Line: f.lines[keyAgents], Key: fmt.Sprintf("%s[%d]", keyAgents, i), Err: err}
		}
	}
	return nil
}

func sortedKeys(m map[string]any) []string {
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
