package config

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// Game is a game config: what `kalahlab play -c game.yaml` reads.
type Game struct {
	// Variant is a variant name or the path of a .lua variant script [kalah].
	Variant string
	// Params overrides the variant's knobs: int, bool or string values. They are
	// checked against the variant when the registry can look it up; the caller applies
	// them with variants.Variant.With.
	Params map[string]any
	// HouseRules lists further Lua house-rule scripts (paths, as written) layered on top
	// of the variant.
	HouseRules []string
	// Players has one agent per seat, from seat 0 [human, random].
	Players []ai.Spec
	// Seed seeds the game's randomness [1].
	Seed uint64
	// Scripts is a directory of user variant scripts [""].
	Scripts string
}

// SetPlayer sets the agent of a seat (counting from 0), growing Players with random
// agents when the seat is beyond its end. A negative seat is ignored.
func (g *Game) SetPlayer(seat int, spec ai.Spec) {
	if seat < 0 {
		return
	}
	for len(g.Players) <= seat {
		g.Players = append(g.Players, ai.Spec{Agent: "random", Options: map[string]string{}})
	}
	g.Players[seat] = spec
}

// The keys of a game config, in the order the docs list them.
const (
	keyVariant    = "variant"
	keyParams     = "params"
	keyHouseRules = "house_rules"
	keyPlayers    = "players"
	keySeed       = "seed"
	keyScripts    = "scripts"
	keyAgent      = "agent"
)

var gameKeys = []string{keyVariant, keyParams, keyHouseRules, keyPlayers, keySeed, keyScripts}

// envKeys are the keys the environment may set: KALAHLAB_ and the key in upper case.
var envKeys = []string{keyVariant, keySeed, keyScripts}

// EnvPrefix is the prefix of the environment variables that override a config file.
const EnvPrefix = "KALAHLAB"

func envName(key string) string { return EnvPrefix + "_" + strings.ToUpper(key) }

const defaultGameName = "default-game.yaml (embedded)"

// LoadGame reads a game config. Each layer overrides the one before: the embedded
// default ([DefaultGameYAML]), the file at path (none when path is ""), the environment
// (KALAHLAB_VARIANT, KALAHLAB_SEED, KALAHLAB_SCRIPTS), and what the caller set on v
// before the call (bound flags given on the command line, and Set). LoadGame sets
// defaults, merges the file, sets the env prefix KALAHLAB and binds those variables on
// v, then decodes the result once; use a fresh viper for each load. Errors are [*Error]
// values naming the file, line and key path, or the environment variable.
func LoadGame(v *viper.Viper, path string) (*Game, error) {
	if v == nil {
		return nil, fmt.Errorf("config: LoadGame needs a *viper.Viper")
	}
	def, err := parseGame(defaultGameName, defaultGame)
	if err != nil {
		return nil, fmt.Errorf("embedded default game config: %w", err)
	}
	for k, val := range def.values {
		v.SetDefault(k, val)
	}
	var file *gameFile
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading game config: %w", err)
		}
		if file, err = parseGame(path, data); err != nil {
			return nil, err
		}
		if err := v.MergeConfigMap(file.values); err != nil {
			return nil, fmt.Errorf("game config %s: %w", path, err)
		}
	}
	v.SetEnvPrefix(EnvPrefix)
	for _, k := range envKeys {
		if err := v.BindEnv(k, envName(k)); err != nil {
			return nil, fmt.Errorf("binding %s: %w", envName(k), err)
		}
	}
	return decodeGame(v, file)
}

// gameFile is a game config file after the strict walk: the values to hand to viper
// (normalised: params typed, player options as strings) and the lines they came from.
type gameFile struct {
	doc
	values map[string]any // by top-level key
	lines  map[string]int // by key path: "params", "params.houses", ...
	params map[string]any
	texts  map[string]string // params values as written
}

// parseGame walks a game config file strictly.
func parseGame(name string, data []byte) (*gameFile, error) {
	f := &gameFile{
		doc:    doc{file: name},
		values: map[string]any{},
		lines:  map[string]int{},
		params: map[string]any{},
		texts:  map[string]string{},
	}
	top, err := f.parse(data)
	if err != nil || top == nil {
		return f, err
	}
	es, err := f.entries(top, "")
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if !slices.Contains(gameKeys, e.name) {
			what := fmt.Sprintf("unknown key %q", e.name)
			return nil, f.errAt(e.key, "", "%s", unknownKey(what, e.name, gameKeys, strings.Join(gameKeys, ", ")))
		}
		if e.node == nil || isNull(e.node) {
			continue // an empty value is the same as no key
		}
		f.lines[e.name] = line(e.val)
		switch e.name {
		case keyVariant:
			s, err := f.str(e, "a variant name such as kalah, or a .lua path")
			if err != nil {
				return nil, err
			}
			if strings.TrimSpace(s) == "" {
				return nil, f.errAt(e.val, e.name, "empty, want a variant name such as kalah, or a .lua path")
			}
			f.values[e.name] = s
		case keyScripts:
			s, err := f.str(e, "a directory")
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
		case keyHouseRules:
			rules, err := f.houseRules(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = rules
		case keyParams:
			if err := f.walkParams(e); err != nil {
				return nil, err
			}
			m := make(map[string]any, len(f.params))
			for k, val := range f.params {
				m[k] = val
			}
			f.values[e.name] = m
		case keyPlayers:
			players, err := f.players(e)
			if err != nil {
				return nil, err
			}
			f.values[e.name] = players
		}
	}
	return f, nil
}

func (f *gameFile) houseRules(e entry) ([]any, error) {
	if e.node.Kind != yaml.SequenceNode {
		return nil, f.errAt(e.val, e.name, "%s, want a list of .lua paths", describe(e.node))
	}
	out := make([]any, 0, len(e.node.Content))
	for i, item := range e.node.Content {
		path := fmt.Sprintf("%s[%d]", e.name, i)
		s, err := f.str(entry{val: item, node: deref(item), pathToKey: path}, "the path of a .lua script")
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(s) == "" {
			return nil, f.errAt(item, path, "empty, want the path of a .lua script")
		}
		out = append(out, s)
	}
	return out, nil
}

func (f *gameFile) walkParams(e entry) error {
	if e.node.Kind != yaml.MappingNode {
		return f.errAt(e.val, e.name, "%s, want a mapping of knobs such as { houses: 4 }", describe(e.node))
	}
	es, err := f.entries(e.node, e.name)
	if err != nil {
		return err
	}
	for _, p := range es {
		if msg, ok := checkSnake(p.name); !ok {
			return f.errAt(p.key, p.pathToKey, "%s", msg)
		}
		val, err := f.scalar(p)
		if err != nil {
			return err
		}
		f.params[p.name] = val
		f.texts[p.name] = p.node.Value
		f.lines[p.pathToKey] = line(p.val)
	}
	return nil
}

// players walks the players list; each player is a mapping with a string agent, whose
// other keys are the agent's options.
func (f *gameFile) players(e entry) ([]any, error) {
	if e.node.Kind != yaml.SequenceNode {
		return nil, f.errAt(e.val, e.name, "%s, want a list of players such as - { agent: random }", describe(e.node))
	}
	out := make([]any, 0, len(e.node.Content))
	for i, item := range e.node.Content {
		path := fmt.Sprintf("%s[%d]", e.name, i)
		n := deref(item)
		if n == nil || n.Kind != yaml.MappingNode {
			return nil, f.errAt(item, path, "%s, want a mapping such as { agent: random }", describeNil(n))
		}
		es, err := f.entries(n, path)
		if err != nil {
			return nil, err
		}
		spec := ai.Spec{Options: map[string]string{}}
		var agentEntry *entry
		for j, p := range es {
			if p.name == keyAgent {
				if spec.Agent, err = f.str(p, "an agent name such as random"); err != nil {
					return nil, err
				}
				agentEntry = &es[j]
				continue
			}
			if msg, ok := checkSnake(p.name); !ok {
				return nil, f.errAt(p.key, p.pathToKey, "%s", msg)
			}
			if p.node == nil || p.node.Kind != yaml.ScalarNode {
				return nil, f.errAt(p.val, p.pathToKey, "%s, want a single value such as 8 or 2s", describeNil(p.node))
			}
			if isNull(p.node) {
				return nil, f.errAt(p.val, p.pathToKey, "no value, want a single value such as 8 or 2s")
			}
			spec.Options[p.name] = p.node.Value
		}
		if agentEntry == nil {
			for _, p := range es {
				if core.Suggest(p.name, []string{keyAgent}) != "" {
					return nil, f.errAt(p.key, p.pathToKey, "%s", unknownKey("unknown key", p.name, []string{keyAgent}, "agent and the agent's options"))
				}
			}
			return nil, f.errAt(item, path, "no agent key, want { agent: NAME, option: value, ... } (agents: %s)", strings.Join(agentNames(), ", "))
		}
		if err := f.checkPlayer(spec, path, item, *agentEntry, es); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(spec.Options)+1)
		m[keyAgent] = spec.Agent
		for k, val := range spec.Options {
			m[k] = val
		}
		out = append(out, m)
	}
	return out, nil
}

// checkPlayer validates a player's agent and options, pinning errors to the line of the
// agent or of the option at fault.
func (f *gameFile) checkPlayer(spec ai.Spec, path string, item *yaml.Node, agent entry, es []entry) error {
	if err := checkAgentName(spec.Agent); err != nil {
		return f.wrapAt(agent.val, agent.pathToKey, err)
	}
	if spec.Agent == ai.Human {
		for _, p := range es {
			if p.name != keyAgent {
				return f.errAt(p.key, p.pathToKey, "a human player takes no options")
			}
		}
		return nil
	}
	_, opts, _ := ai.Describe(spec.Agent)
	allowed := make([]string, len(opts))
	for i, o := range opts {
		allowed[i] = o.Name
	}
	want := "none"
	if len(allowed) > 0 {
		want = strings.Join(allowed, ", ")
	}
	for _, p := range es {
		if p.name != keyAgent && !slices.Contains(allowed, p.name) {
			what := "unknown option of agent " + spec.Agent
			return f.errAt(p.key, p.pathToKey, "%s", unknownKey(what, p.name, allowed, want))
		}
	}
	// The values are checked by building the agent once (ai has no other check).
	if _, err := ai.New(spec, 0); err != nil {
		// Find the option at fault, for its line; failing that, blame the player.
		for _, p := range es {
			if p.name == keyAgent {
				continue
			}
			one := ai.Spec{Agent: spec.Agent, Options: map[string]string{p.name: spec.Options[p.name]}}
			if _, oneErr := ai.New(one, 0); oneErr != nil {
				return f.wrapAt(p.key, p.pathToKey, oneErr)
			}
		}
		return f.wrapAt(item, path, err)
	}
	return nil
}

// agentNames lists the agents a player may name: the registered ones and human.
func agentNames() []string { return append(ai.Names(), ai.Human) }

// checkAgentName checks an agent name, suggesting the closest one.
func checkAgentName(name string) error {
	names := agentNames()
	if slices.Contains(names, name) {
		return nil
	}
	if sug := core.Suggest(name, names); sug != "" {
		return fmt.Errorf("agent %q unknown, did you mean %q? (want one of %s)", name, sug, strings.Join(names, ", "))
	}
	return fmt.Errorf("agent %q unknown (want one of %s)", name, strings.Join(names, ", "))
}

// decodeGame reads the layered settings from v once and checks them. file (nil when
// there is none) says which values came from which line.
func decodeGame(v *viper.Viper, file *gameFile) (*Game, error) {
	g := &Game{}
	var err error
	if g.Variant, err = getString(v, file, keyVariant); err != nil {
		return nil, err
	}
	if strings.TrimSpace(g.Variant) == "" {
		return nil, sourceErr(v, file, keyVariant, "empty, want a variant name such as kalah, or a .lua path")
	}
	if g.Scripts, err = getString(v, file, keyScripts); err != nil {
		return nil, err
	}
	if g.Seed, err = getSeed(v, file); err != nil {
		return nil, err
	}
	if g.HouseRules, err = getStrings(v.Get(keyHouseRules)); err != nil {
		return nil, &Error{Key: keyHouseRules, Msg: err.Error(), Err: err}
	}
	if g.Players, err = getPlayers(v, file); err != nil {
		return nil, err
	}
	if g.Params, err = getParams(v, file, g.Variant, g.Scripts); err != nil {
		return nil, err
	}
	return g, nil
}

// sourceErr builds an error for a top-level key, naming where its value came from: the
// environment variable when it is set, or else the key alone (a flag or a value set by
// the caller). File values were checked as the file was walked.
func sourceErr(v *viper.Viper, file *gameFile, key, format string, args ...any) *Error {
	e := &Error{Key: key, Msg: fmt.Sprintf(format, args...)}
	val := fmt.Sprint(v.Get(key))
	if slices.Contains(envKeys, key) {
		if env, ok := os.LookupEnv(envName(key)); ok && env != "" && env == val {
			e.Source, e.Key = "env "+envName(key), ""
			return e
		}
	}
	if file != nil && sameValue(file.values[key], v.Get(key)) {
		e.Source, e.Line = file.file, file.lines[key]
	}
	return e
}

func getString(v *viper.Viper, file *gameFile, key string) (string, error) {
	switch x := v.Get(key).(type) {
	case string:
		return x, nil
	case nil:
		return "", nil
	default:
		return "", sourceErr(v, file, key, "%v (%T), want a string", x, x)
	}
}

func getSeed(v *viper.Viper, file *gameFile) (uint64, error) {
	bad := func(x any) error {
		if s, ok := x.(string); ok {
			return sourceErr(v, file, keySeed, "%q is not a non-negative integer", s)
		}
		return sourceErr(v, file, keySeed, "%v is not a non-negative integer", x)
	}
	switch x := v.Get(keySeed).(type) {
	case uint64:
		return x, nil
	case uint:
		return uint64(x), nil
	case uint32:
		return uint64(x), nil
	case int, int64, int32:
		n := reflect.ValueOf(x).Int()
		if n < 0 {
			return 0, bad(x)
		}
		return uint64(n), nil
	case string:
		n, err := strconv.ParseUint(strings.TrimSpace(x), 10, 64)
		if err != nil {
			e := bad(x).(*Error)
			e.Err = err
			return 0, e
		}
		return n, nil
	case float64, float32:
		return 0, sourceErr(v, file, keySeed, "%v is a float, want a non-negative integer", x)
	default:
		return 0, bad(x)
	}
}

func getStrings(x any) ([]string, error) {
	switch x := x.(type) {
	case nil:
		return []string{}, nil
	case []string:
		return append([]string{}, x...), nil
	case []any:
		out := make([]string, 0, len(x))
		for i, item := range x {
			s, ok := item.(string)
			if !ok {
				return nil, fmt.Errorf("item %d is %v (%T), want a string", i, item, item)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%v (%T), want a list of strings", x, x)
}

// getPlayers decodes the players from v: lists of mappings (from a file or the
// default), of ai.Spec, or of command-line specs such as "alphabeta:depth=8".
func getPlayers(v *viper.Viper, file *gameFile) ([]ai.Spec, error) {
	raw := v.Get(keyPlayers)
	fromFile := file != nil && file.values[keyPlayers] != nil && reflect.DeepEqual(file.values[keyPlayers], raw)
	var specs []ai.Spec
	switch x := raw.(type) {
	case nil:
	case []ai.Spec:
		specs = make([]ai.Spec, len(x))
		for i, s := range x {
			specs[i] = ai.Spec{Agent: s.Agent, Options: cloneOptions(s.Options)}
		}
	case []string:
		for i, text := range x {
			s, err := ai.ParseSpec(text)
			if err != nil {
				return nil, &Error{Key: fmt.Sprintf("%s[%d]", keyPlayers, i), Err: err}
			}
			specs = append(specs, s)
		}
	case []any:
		for i, item := range x {
			s, err := playerFrom(item)
			if err != nil {
				return nil, &Error{Key: fmt.Sprintf("%s[%d]", keyPlayers, i), Msg: err.Error(), Err: err}
			}
			specs = append(specs, s)
		}
	default:
		return nil, &Error{Key: keyPlayers, Msg: fmt.Sprintf("%v (%T), want a list of players", x, x)}
	}
	if specs == nil {
		specs = []ai.Spec{}
	}
	if !fromFile { // a file's players were checked, with lines, as it was walked
		for i, s := range specs {
			if err := checkSpec(s); err != nil {
				return nil, &Error{Key: fmt.Sprintf("%s[%d]", keyPlayers, i), Err: err}
			}
		}
	}
	return specs, nil
}

func cloneOptions(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		out[k] = v
	}
	return out
}

// playerFrom decodes one player mapping as viper holds it.
func playerFrom(item any) (ai.Spec, error) {
	var m map[string]any
	switch x := item.(type) {
	case map[string]any:
		m = x
	case ai.Spec:
		return ai.Spec{Agent: x.Agent, Options: cloneOptions(x.Options)}, nil
	case string:
		return ai.ParseSpec(x)
	default:
		return ai.Spec{}, fmt.Errorf("%v (%T), want a mapping such as { agent: random }", item, item)
	}
	spec := ai.Spec{Options: map[string]string{}}
	for k, val := range m {
		switch x := val.(type) {
		case string, bool, int, int64, uint64:
			if k == keyAgent {
				s, ok := x.(string)
				if !ok {
					return ai.Spec{}, fmt.Errorf("agent is %v, want an agent name", x)
				}
				spec.Agent = s
				continue
			}
			spec.Options[k] = fmt.Sprint(x)
		case float64:
			spec.Options[k] = strconv.FormatFloat(x, 'g', -1, 64)
		default:
			return ai.Spec{}, fmt.Errorf("%s is %v (%T), want a single value", k, val, val)
		}
	}
	if spec.Agent == "" {
		return ai.Spec{}, fmt.Errorf("no agent, want { agent: NAME, option: value, ... }")
	}
	return spec, nil
}

// checkSpec validates a player given other than by the file.
func checkSpec(s ai.Spec) error {
	if err := checkAgentName(s.Agent); err != nil {
		return err
	}
	if s.Agent == ai.Human {
		if len(s.Options) > 0 {
			return fmt.Errorf("a human player takes no options")
		}
		return nil
	}
	_, err := ai.New(s, 0)
	return err
}

// getParams decodes the params from v (every key under params., so that a value set by
// the caller as params.houses layers on the file's params) and, when the variant can be
// looked up, checks them against its knobs.
func getParams(v *viper.Viper, file *gameFile, variant, scripts string) (map[string]any, error) {
	switch x := v.Get(keyParams).(type) {
	case nil, map[string]any:
	default:
		return nil, &Error{Key: keyParams, Msg: fmt.Sprintf("%v (%T), want a mapping of knobs", x, x)}
	}
	params := map[string]any{}
	for _, k := range v.AllKeys() {
		name, ok := strings.CutPrefix(k, keyParams+".")
		if !ok {
			continue
		}
		params[name] = v.Get(k)
	}
	// where says where a param came from: the file's line when the file set it.
	where := func(name string) *Error {
		e := &Error{Key: keyParams + "." + name}
		if file != nil {
			if fv, ok := file.params[name]; ok && sameValue(fv, params[name]) {
				e.Source, e.Line = file.file, file.lines[e.Key]
			}
		}
		return e
	}
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		li, lj := where(names[i]).Line, where(names[j]).Line
		if li != lj {
			return li < lj
		}
		return names[i] < names[j]
	})

	var specs []core.ParamSpec
	var vr *variants.Variant
	if found, err := variants.Lookup(variant, variants.Options{ScriptsDir: scripts}); err == nil {
		vr, specs = found, found.Specs
	}
	for _, name := range names {
		e := where(name)
		var spec *core.ParamSpec
		if vr != nil {
			s, err := core.FindSpec(specs, name)
			if err != nil {
				return nil, withCause(e, err)
			}
			spec = &s
		}
		want := "an integer, true/false or a string"
		if spec != nil {
			want = spec.Allowed()
		}
		switch x := params[name].(type) {
		case int, bool, string:
		case int64, int32, uint64, uint32, uint:
			n, ok := toInt(x)
			if !ok {
				e.Msg = fmt.Sprintf("%v is out of range, want %s", x, want)
				return nil, e
			}
			params[name] = n
		case float64, float32:
			text := fmt.Sprint(x)
			if e.Source != "" {
				text = file.texts[name]
			}
			e.Msg = fmt.Sprintf("%s is a float, want %s", text, want)
			return nil, e
		default:
			e.Msg = fmt.Sprintf("%v (%T), want %s", x, x, want)
			return nil, e
		}
		if spec != nil {
			if _, err := spec.Convert(params[name]); err != nil {
				return nil, withCause(e, err)
			}
		}
	}
	if vr != nil && len(params) > 0 {
		if _, err := vr.With(params); err != nil {
			e := &Error{Key: keyParams, Err: err}
			if file != nil && file.lines[keyParams] > 0 {
				e.Source, e.Line = file.file, file.lines[keyParams]
			}
			return nil, e
		}
	}
	return params, nil
}

// withCause sets e's cause, using a *core.ParamError's reason as the message (the key
// path already names the param).
func withCause(e *Error, err error) *Error {
	e.Err = err
	if pe, ok := err.(*core.ParamError); ok {
		e.Msg = pe.Reason
	}
	return e
}

func toInt(x any) (int, bool) {
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := rv.Int()
		return int(n), n >= math.MinInt && n <= math.MaxInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := rv.Uint()
		return int(n), n <= math.MaxInt
	}
	return 0, false
}

// sameValue reports whether two decoded values are the same (floats by their bits, so
// that NaN equals itself).
func sameValue(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && math.Float64bits(fa) == math.Float64bits(fb)
	}
	return reflect.DeepEqual(a, b)
}
