package config

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
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
	// Players has one agent per seat, seat 1's first [human, random] (Players[0] is seat
	// 1: its key path in messages is players[1]).
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

// gameDoc is a game config file as the decoder sees it: the keys, what each takes, and
// what the messages say is wanted.
type gameDoc struct {
	Variant    string     `yaml:"variant" cfg:"nonblank" want:"a variant name such as kalah, or a .lua path"`
	Params     paramMap   `yaml:"params" cfg:"snake" want:"a mapping of knobs such as { houses: 4 }"`
	HouseRules []string   `yaml:"house_rules" cfg:"nonblank" want:"a list of .lua paths" item:"the path of a .lua script"`
	Players    playerList `yaml:"players" want:"a list of players such as - { agent: random }" item:"a mapping such as { agent: random }"`
	Seed       uint64     `yaml:"seed"`
	Scripts    string     `yaml:"scripts" want:"a directory"`
}

// The keys the code refers to by name.
const (
	keyVariant    = "variant"
	keyParams     = "params"
	keyHouseRules = "house_rules"
	keyPlayers    = "players"
	keySeed       = "seed"
	keyScripts    = "scripts"
	keyAgent      = "agent"
)

// envKeys are the keys the environment may set: KALAHLAB_ and the key in upper case.
var envKeys = []string{keyVariant, keySeed, keyScripts}

// envPrefix is the prefix of the environment variables that override a config file.
const envPrefix = "KALAHLAB"

func envName(key string) string { return envPrefix + "_" + strings.ToUpper(key) }

const defaultGameName = "default-game.yaml (embedded)"

// LoadGame reads a game config. Each layer overrides the one before: the embedded
// default (default-game.yaml), the file at path (none when path is ""), the environment
// (KALAHLAB_VARIANT, KALAHLAB_SEED, KALAHLAB_SCRIPTS), and what the caller set on v
// before the call (bound flags given on the command line, and Set). LoadGame decodes the
// file strictly, sets the default and merges the file's values into v, binds those
// variables on v, then reads the result once; use a fresh viper for each load. Errors
// are an [*Error], or [*Errors] when there are several, naming the file, line and key
// path, or the environment variable.
func LoadGame(v *viper.Viper, path string) (*Game, error) {
	if v == nil {
		return nil, fmt.Errorf("config: LoadGame needs a *viper.Viper")
	}
	var def gameDoc
	defErrs := &errorList{}
	dd, _, err := decodeFile(defaultGameName, defaultGame, &def, defErrs)
	if err == nil {
		err = defErrs.err()
	}
	if err != nil {
		return nil, fmt.Errorf("embedded default game config: %w", err)
	}
	for k, val := range dd.viperMap(reflect.ValueOf(&def).Elem(), "") {
		v.SetDefault(k, val)
	}
	errs := &errorList{}
	var file *gameDoc
	var dec *decoder
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading game config: %w", err)
		}
		file = &gameDoc{}
		if dec, _, err = decodeFile(path, data, file, errs); err != nil {
			return nil, err
		}
		if err := v.MergeConfigMap(dec.viperMap(reflect.ValueOf(file).Elem(), "")); err != nil {
			return nil, fmt.Errorf("game config %s: %w", path, err)
		}
	}
	l := &layers{v: v, env: envKeys, errs: errs}
	if err := l.bindEnv(); err != nil {
		return nil, err
	}
	g := readGame(l, file, dec)
	if err := errs.err(); err != nil {
		return nil, err
	}
	return g, nil
}

// decodeFile parses data and decodes it into dst, a pointer to a struct. A syntax error,
// or aliases that expand without bound, is returned at once; every other problem goes
// to errs. top is nil for an empty file.
func decodeFile(name string, data []byte, dst any, errs *errorList) (*decoder, *yaml.Node, error) {
	d := newDecoder(name, len(data), errs)
	top, err := parseYAML(name, data, errs)
	if err != nil {
		return nil, nil, err
	}
	if top != nil {
		d.decode(top, dst)
	}
	if d.over != nil {
		return nil, nil, d.over
	}
	return d, top, nil
}

// readGame reads the layered settings back from viper and checks what the file could
// not: players and params set by the caller, and params against the variant in force.
func readGame(l *layers, file *gameDoc, dec *decoder) *Game {
	var doc gameDoc
	l.read(reflect.ValueOf(&doc).Elem(), "")
	g := &Game{Variant: doc.Variant, HouseRules: doc.HouseRules, Seed: doc.Seed, Scripts: doc.Scripts}
	if g.HouseRules == nil {
		g.HouseRules = []string{}
	}
	g.Players = l.players()
	p := &paramCheck{l: l, check: !l.failed[keyVariant] && !l.failed[keyScripts]}
	if file != nil {
		p.file, p.dec, p.fileVariant = file.Params, dec, file.Variant
		p.check = p.check && !dec.bad[keyVariant] && !dec.bad[keyScripts]
	}
	g.Params = p.run(g.Variant, g.Scripts)
	return g
}

// playerList is the players of a file; viper gets them as []ai.Spec.
type playerList []playerDoc

func (p playerList) viperValue() any {
	out := make([]ai.Spec, len(p))
	for i, x := range p {
		out[i] = x.spec()
	}
	return out
}

// playerDoc is one player (or agent) mapping: the agent, and its options as written.
type playerDoc struct {
	Agent   string                 `yaml:"agent" want:"an agent name such as random"`
	Options map[string]optionValue `cfg:"rest,snake"`
}

func (p playerDoc) spec() ai.Spec {
	opts := make(map[string]string, len(p.Options))
	for k, v := range p.Options {
		opts[k] = string(v)
	}
	return ai.Spec{Agent: p.Agent, Options: opts}
}

// optionValue is an agent option as written (8, 2s, true).
type optionValue string

const optionWant = "a single value such as 8 or 2s"

func (o *optionValue) decodeYAML(d *decoder, n *yaml.Node, path string, _ *rule) bool {
	node := deref(n)
	switch {
	case node == nil || node.Kind != yaml.ScalarNode:
		d.errf(n, path, "%s, want %s", describe(node), optionWant)
		return false
	case isNull(node):
		d.errf(n, path, "no value, want %s", optionWant)
		return false
	}
	*o = optionValue(node.Value)
	return true
}

// checkYAML checks a player once its keys are decoded: an agent is named, it exists
// (and is not human where the rule says so), and it takes the options given, with
// their values. Errors point at the agent or the option at fault.
func (p *playerDoc) checkYAML(d *decoder, n *yaml.Node, path string, r *rule, ok bool) bool {
	_, agentVal := findKey(n, keyAgent)
	switch {
	case (agentVal == nil || isNull(deref(agentVal))) && !ok:
		return false // the mapping's own errors come first: a merge key may hide the agent
	case agentVal == nil || isNull(deref(agentVal)):
		return p.noAgent(d, n, path)
	}
	if d.bad[join(path, keyAgent)] {
		return false
	}
	if !p.inlineSpec(d, n, agentVal, path) {
		return false
	}
	if err := checkAgentName(p.Agent); err != nil {
		d.wrapf(agentVal, join(path, keyAgent), err, "")
		return false
	}
	if r.nohuman && p.Agent == ai.Human {
		d.errf(n, path, "an experiment has no human players (want one of %s)", strings.Join(ai.Names(), ", "))
		return false
	}
	if !p.checkOptions(d, n, path) || !ok {
		return false
	}
	return p.checkValues(d, n, path)
}

// inlineSpec reads an agent written as on the command line, agent: "alphabeta:depth=3",
// into the agent and its options, as if written { agent: alphabeta, depth: 3 }. An
// option given both ways is an error.
func (p *playerDoc) inlineSpec(d *decoder, n, agentVal *yaml.Node, path string) bool {
	if !strings.Contains(p.Agent, ":") {
		return true
	}
	spec, err := ai.ParseSpec(p.Agent)
	if err != nil {
		d.wrapf(agentVal, join(path, keyAgent), err, "")
		return false
	}
	for _, k := range optionKeys(n) {
		if _, twice := spec.Options[k.Value]; twice {
			d.errf(k, join(path, k.Value), "option %s is also set in agent %q: give it once", k.Value, p.Agent)
			return false
		}
	}
	if p.Options == nil {
		p.Options = map[string]optionValue{}
	}
	for k, v := range spec.Options {
		p.Options[k] = optionValue(v)
	}
	p.Agent = spec.Agent
	return true
}

// noAgent reports a player without an agent key: a key close to "agent" is the typo.
func (p *playerDoc) noAgent(d *decoder, n *yaml.Node, path string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := deref(n.Content[i])
		if k != nil && k.Kind == yaml.ScalarNode && core.Suggest(k.Value, []string{keyAgent}) != "" {
			d.errf(k, join(path, k.Value), "%s", unknownKey("unknown key", k.Value, []string{keyAgent}, "agent and the agent's options"))
			return false
		}
	}
	d.errf(n, path, "no agent key, want { agent: NAME, option: value, ... } (agents: %s)", strings.Join(agentNames(), ", "))
	return false
}

// optionKeys lists a player mapping's option keys in file order.
func optionKeys(n *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := deref(n.Content[i]); k != nil && k.Kind == yaml.ScalarNode && k.Value != keyAgent {
			out = append(out, k)
		}
	}
	return out
}

// checkOptions reports each option the agent does not take.
func (p *playerDoc) checkOptions(d *decoder, n *yaml.Node, path string) bool {
	ok := true
	if p.Agent == ai.Human {
		for _, k := range optionKeys(n) {
			if d.bad[join(path, k.Value)] {
				ok = false
				continue
			}
			d.errf(k, join(path, k.Value), "a human player takes no options")
			ok = false
		}
		return ok
	}
	_, opts, _ := ai.Describe(p.Agent)
	allowed := make([]string, len(opts))
	for i, o := range opts {
		allowed[i] = o.Name
	}
	want := "none"
	if len(allowed) > 0 {
		want = strings.Join(allowed, ", ")
	}
	for _, k := range optionKeys(n) {
		if d.bad[join(path, k.Value)] {
			ok = false // reported as it was decoded
			continue
		}
		if !slices.Contains(allowed, k.Value) {
			if d.keeps(k) {
				d.errf(k, join(path, k.Value), "%s", unknownKey("unknown option of agent "+p.Agent, k.Value, allowed, want))
			}
			ok = false
		}
	}
	return ok
}

// checkValues checks the option values by building the agent once (ai has no other
// check), then each option alone to find the one at fault.
func (p *playerDoc) checkValues(d *decoder, n *yaml.Node, path string) bool {
	if p.Agent == ai.Human {
		return true
	}
	spec := p.spec()
	_, err := ai.New(spec, 0)
	if err == nil {
		return true
	}
	for _, k := range optionKeys(n) {
		one := ai.Spec{Agent: spec.Agent, Options: map[string]string{k.Value: spec.Options[k.Value]}}
		if _, oneErr := ai.New(one, 0); oneErr != nil {
			d.wrapf(k, join(path, k.Value), oneErr, "")
			return false
		}
	}
	d.wrapf(n, path, err, "")
	return false
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

// players reads the players from viper: a list of ai.Spec (the file's, the default's,
// or the caller's), of command-line specs such as "alphabeta:depth=8", or of mappings,
// each checked (the file's were checked as it was walked, and pass again).
func (l *layers) players() []ai.Spec {
	var specs []ai.Spec
	switch x := l.v.Get(keyPlayers).(type) {
	case nil:
	case []ai.Spec:
		for _, s := range x {
			specs = append(specs, ai.Spec{Agent: s.Agent, Options: cloneOptions(s.Options)})
		}
	case []string:
		for i, text := range x {
			s, err := ai.ParseSpec(text)
			if err != nil {
				l.errs.add(&Error{Key: listItem(keyPlayers, i), Err: err})
				return nil
			}
			specs = append(specs, s)
		}
	case []any:
		for i, item := range x {
			s, err := playerFrom(item)
			if err != nil {
				l.errs.add(&Error{Key: listItem(keyPlayers, i), Msg: err.Error(), Err: err})
				return nil
			}
			specs = append(specs, s)
		}
	default:
		l.errs.add(&Error{Key: keyPlayers, Msg: fmt.Sprintf("%v (%T), want a list of players", x, x)})
		return nil
	}
	for i, s := range specs {
		if err := checkSpec(s); err != nil {
			l.errs.add(&Error{Key: listItem(keyPlayers, i), Err: err})
		}
	}
	if specs == nil {
		specs = []ai.Spec{}
	}
	return specs
}

func cloneOptions(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		out[k] = v
	}
	return out
}

// playerFrom decodes one player mapping as the caller may give it to viper.
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

// paramValue is a knob value as written: an int, a bool or a string. A float is kept
// (as float64) so that the message can say what the knob wants once the variant is
// known, unless the rule says nofloat.
type paramValue struct {
	v         any
	text      string // as written
	line, col int
}

const paramWant = "an integer, true/false or a string"

func (p *paramValue) decodeYAML(d *decoder, n *yaml.Node, path string, r *rule) bool {
	node := deref(n)
	p.line, p.col = pos(n)
	if node == nil || node.Kind != yaml.ScalarNode {
		d.errf(n, path, "%s, want %s", describe(node), paramWant)
		return false
	}
	p.text = node.Value
	switch node.ShortTag() {
	case tagStr:
		p.v = node.Value
		return true
	case tagNull:
		d.errf(n, path, "no value, want %s", paramWant)
		return false
	case tagBool, tagInt, tagFloat:
	default:
		d.errf(n, path, "%s, want %s (quote it to make a string)", describe(node), paramWant)
		return false
	}
	var x any
	if err := node.Decode(&x); err != nil {
		d.wrapf(n, path, err, "")
		return false
	}
	switch x := x.(type) {
	case bool, int:
		p.v = x
		return true
	case float64:
		switch {
		case isIntegerText(node.Value):
			d.errf(n, path, "%s is out of range for an integer", node.Value)
		case r.nofloat:
			d.errf(n, path, "%s is a float, want %s", node.Value, paramWant)
		default:
			p.v = x
			return true
		}
		return false
	}
	d.errf(n, path, "%s is out of range for an integer", node.Value)
	return false
}

// paramMap is a params mapping; viper gets the plain values.
type paramMap map[string]paramValue

func (m paramMap) viperValue() any { return m.values() }

func (m paramMap) values() map[string]any {
	out := make(map[string]any, len(m))
	for k, p := range m {
		out[k] = p.v
	}
	return out
}

// paramCheck reads the layered params and checks them against the variant in force.
type paramCheck struct {
	l    *layers
	file paramMap // the file's params (nil without a file)
	dec  *decoder
	// fileVariant is the variant the file names ("" when none).
	fileVariant string
	check       bool // whether the variant and scripts are good enough to check against
	// closest is the variant the knobs are checked against when the one named is
	// unknown: the closest known name ("" when the named one is known, or none is close).
	closest string
}

// run reads the params from viper: every key under params., so that a value the
// caller Set as params.houses layers on the file's. When the variant can be looked up,
// each is checked against its knob and then all together.
func (p *paramCheck) run(variant, scripts string) map[string]any {
	switch x := p.l.v.Get(keyParams).(type) {
	case nil, map[string]any:
	default:
		p.l.errs.add(&Error{Key: keyParams, Msg: fmt.Sprintf("%v (%T), want a mapping of knobs", x, x)})
		return map[string]any{}
	}
	params := map[string]any{}
	for _, k := range p.l.v.AllKeys() {
		if name, ok := strings.CutPrefix(k, keyParams+"."); ok {
			params[name] = p.l.v.Get(k)
		}
	}
	var vr *variants.Variant
	if p.check {
		vr = p.lookup(variant, scripts)
	}
	ok := true
	for _, x := range p.order(params) {
		if !p.one(vr, x, params) {
			ok = false
		}
	}
	if ok && vr != nil && p.closest == "" && len(params) > 0 {
		if _, err := vr.With(params); err != nil {
			e := &Error{Key: keyParams, Err: err}
			if p.dec != nil && p.dec.lines[keyParams] > 0 {
				e.Source, e.Line = p.dec.file, p.dec.lines[keyParams]
			}
			p.l.errs.add(e)
		}
	}
	return params
}

// lookup finds the variant in force. An unknown name is reported here (at the file's
// line when the file names it), so that a file's every error comes out in one run; the
// knobs are then checked against the closest known name, when there is one, and their
// messages say so.
func (p *paramCheck) lookup(variant, scripts string) *variants.Variant {
	opt := variants.Options{ScriptsDir: scripts}
	vr, err := variants.Lookup(variant, opt)
	var unknown *variants.UnknownError
	if !errors.As(err, &unknown) {
		return vr // a known variant, or one whose script fails: that error is the resolver's
	}
	e := &Error{Msg: unknown.Error()}
	if p.dec != nil && p.dec.lines[keyVariant] > 0 && p.fileVariant == variant {
		e.Source, e.Line = p.dec.file, p.dec.lines[keyVariant]
	}
	p.l.errs.add(e)
	if sug := unknown.Suggestion(); sug != "" {
		if vr, err = variants.Lookup(sug, opt); err == nil {
			p.closest = sug
			return vr
		}
	}
	return nil
}

// param is one param in force: its value, and the file's when that is the value (the
// line that holds it is then where an error is).
type param struct {
	name     string
	line     int // math.MaxInt when not from the file
	file     paramValue
	fromFile bool
}

// order lists the params in line order (the file's first), then by name.
func (p *paramCheck) order(params map[string]any) []param {
	out := make([]param, 0, len(params))
	for k, val := range params {
		x := param{name: k, line: math.MaxInt}
		if fv, ok := p.file[k]; ok && p.dec != nil && sameValue(fv.v, val) {
			x.line, x.file, x.fromFile = fv.line, fv, true
		}
		out = append(out, x)
	}
	slices.SortFunc(out, func(a, b param) int {
		if c := cmp.Compare(a.line, b.line); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	return out
}

// one checks one param, normalising its value in params.
func (p *paramCheck) one(vr *variants.Variant, x param, params map[string]any) bool {
	name := x.name
	e := &Error{Key: keyParams + "." + name}
	text := fmt.Sprint(params[name])
	if x.fromFile {
		e.Source, e.Line, e.Col, text = p.dec.file, x.file.line, x.file.col, x.file.text
	}
	if !p.l.errs.keeps(e.Line, e.Col) {
		if !p.valid(vr, name, params) {
			p.l.errs.count()
			return false
		}
		return true
	}
	var spec *core.ParamSpec
	if vr != nil {
		s, err := core.FindSpec(vr.Specs, name)
		if err != nil {
			p.l.errs.add(p.against(withCause(e, err)))
			return false
		}
		spec = &s
	}
	want := paramWant
	if spec != nil {
		want = spec.Allowed()
	}
	n, msg := normaliseParam(params[name], text, want)
	if msg != "" {
		e.Msg = msg
		p.l.errs.add(p.against(e))
		return false
	}
	params[name] = n
	if spec != nil {
		if _, err := spec.Convert(n); err != nil {
			p.l.errs.add(p.against(withCause(e, err)))
			return false
		}
	}
	return true
}

// against notes in e which variant a knob was checked against when the named one is
// unknown.
func (p *paramCheck) against(e *Error) *Error {
	if p.closest != "" {
		if e.Msg == "" {
			e.Msg = e.Err.Error()
		}
		e.Msg += fmt.Sprintf(" (checked against %s, the closest name)", p.closest)
	}
	return e
}

// valid is one's check without the message, for params past the errors listed.
func (p *paramCheck) valid(vr *variants.Variant, name string, params map[string]any) bool {
	n, msg := normaliseParam(params[name], "", "")
	if msg != "" {
		return false
	}
	params[name] = n
	if vr == nil {
		return true
	}
	for _, s := range vr.Specs {
		if s.Name == name {
			_, err := s.Convert(n)
			return err == nil
		}
	}
	return false
}

// normaliseParam turns a param value from viper into an int, bool or string, or says
// what is wrong with it.
func normaliseParam(x any, text, want string) (any, string) {
	switch v := x.(type) {
	case int, bool, string:
		return v, ""
	case float64, float32:
		return nil, fmt.Sprintf("%s is a float, want %s", text, want)
	}
	rv := reflect.ValueOf(x)
	switch {
	case rv.CanInt() && rv.Int() >= math.MinInt && rv.Int() <= math.MaxInt:
		return int(rv.Int()), ""
	case rv.CanUint() && rv.Uint() <= math.MaxInt:
		return int(rv.Uint()), ""
	case rv.CanInt() || rv.CanUint():
		return nil, fmt.Sprintf("%v is out of range, want %s", x, want)
	}
	return nil, fmt.Sprintf("%v (%T), want %s", x, x, want)
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

// sameValue reports whether two decoded values are the same (floats by their bits, so
// that NaN equals itself).
func sameValue(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && math.Float64bits(fa) == math.Float64bits(fb)
	}
	return reflect.DeepEqual(a, b)
}
