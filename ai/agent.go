// Package ai holds the agents that play games: one Agent interface, a registry by name,
// and one file per algorithm.
//
// An agent is described by a Spec: a name and options, written on the command line as
// "random" or "alphabeta:depth=8,time=2s" and in YAML as {agent: alphabeta, depth: 8}.
// Agents never modify the state they are given and are deterministic given their seed.
// Each registered agent declares the games it can play (Limits: players, dice);
// Supports checks a game against them before the first move (supports.go).
//
// Proving a position's value is the exact solver's job (package ai/solve), with the
// Kalah endgame databases in ai/endgame; the agents' and the solver's searches share
// their machinery (budgets, move ordering) through ai/internal/search.
package ai

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kalahlab/kalahlab/ai/internal/search"
	"github.com/kalahlab/kalahlab/core"
)

// Agent chooses moves.
type Agent interface {
	// SelectMove returns a legal move for the player to move in s, within the agent's
	// budget; s is not modified. ctx cancels a long search.
	SelectMove(ctx context.Context, s core.State) (core.Move, error)
}

// Spec names an agent and its options (budgets and settings).
type Spec struct {
	Agent   string
	Options map[string]string
}

// String writes the spec in its command-line form.
func (s Spec) String() string {
	if len(s.Options) == 0 {
		return s.Agent
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + s.Options[k]
	}
	return s.Agent + ":" + strings.Join(parts, ",")
}

// ParseSpec reads "name" or "name:key=value,key=value". An option given twice is an
// error (which one would count is anyone's guess).
func ParseSpec(text string) (Spec, error) {
	name, opts, _ := strings.Cut(strings.TrimSpace(text), ":")
	spec := Spec{Agent: strings.TrimSpace(name), Options: map[string]string{}}
	if spec.Agent == "" {
		return Spec{}, fmt.Errorf("agent %q: want a name such as random, or name:key=value,...", text)
	}
	if strings.TrimSpace(opts) != "" {
		for _, kv := range strings.Split(opts, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return Spec{}, fmt.Errorf("agent %q: option %q: want key=value", text, kv)
			}
			if old, dup := spec.Options[k]; dup {
				return Spec{}, fmt.Errorf("agent %q: option %s given twice (%s=%s, then %s=%s): give each option once", text, k, k, old, k, strings.TrimSpace(v))
			}
			spec.Options[k] = strings.TrimSpace(v)
		}
	}
	return spec, nil
}

// Human is the name of the seat played by a person (not an agent: the CLI reads moves).
const Human = "human"

// Option describes one option an agent accepts.
type Option struct {
	Name string
	Doc  string
}

// entry is a registered agent.
type entry struct {
	name    string
	doc     string
	options []Option
	limits  Limits
	new     func(opts Options, seed uint64) (Agent, error)
}

var registry = []entry{
	{name: "random", doc: "plays a uniformly random legal move", limits: anyGame, new: newRandom},
	{name: "greedy", doc: "one ply with the game's evaluation (ties broken at random)", limits: anyGame, new: newGreedy},
	{name: "minimax", doc: "plain minimax (the reference), iterative deepening", options: searchOptions, limits: twoPlayerDeterministic, new: newSearchAgent("minimax", 4)},
	{name: "negamax", doc: "negamax: minimax from the mover's view", options: searchOptions, limits: twoPlayerDeterministic, new: newSearchAgent("negamax", 4)},
	{name: "alphabeta", doc: "negamax alpha-beta, transposition table, killers and history", options: ttOptions, limits: twoPlayerDeterministic, new: newSearchAgent("alphabeta", 8)},
	{name: "negascout", doc: "principal variation search (negascout) with the alpha-beta machinery", options: ttOptions, limits: twoPlayerDeterministic, new: newSearchAgent("negascout", 8)},
	{name: "expectiminimax", doc: "minimax with chance nodes as expectations (two players, dice)", options: searchOptions, limits: Limits{MaxPlayers: 2, Chance: true, Use: "mcts"}, new: newExpectiminimax},
	{name: "mcts", doc: "Monte Carlo tree search (UCT), any number of players, chance nodes", options: mctsOptions, limits: Limits{MaxPlayers: mctsSeats, Chance: true}, new: newMCTS},
}

var ttOptions = append(append([]Option(nil), searchOptions...), Option{"tt", "transposition table size in MB [16]; 0 for none"})

var mctsOptions = []Option{
	{"iterations", "iterations per move [10000 when no time is given]"},
	{"time", "time per move, e.g. 500ms or 2s"},
	{"c", "exploration constant [1.414]"},
	{"rollout", "random or heuristic (epsilon-greedy on the evaluation) [random]"},
	{"memory", "the tree's bound in MB [128]; once full the tree stops growing and the search goes on within it"},
}

// Register adds an agent to the registry, for packages the registry cannot import
// (package ai/solve registers the solver's agent, "perfect", this way). It is called
// from an init function: a second agent of the same name panics.
func Register(name, doc string, options []Option, limits Limits, new func(opts Options, seed uint64) (Agent, error)) {
	for _, e := range registry {
		if e.name == name {
			panic("ai: agent " + name + " registered twice")
		}
	}
	registry = append(registry, entry{name: name, doc: doc, options: options, limits: limits, new: new})
}

// Names lists the registered agents.
func Names() []string {
	out := make([]string, len(registry))
	for i, e := range registry {
		out[i] = e.name
	}
	return out
}

// Describe returns the one-line description and options of an agent.
func Describe(name string) (string, []Option, bool) {
	for _, e := range registry {
		if e.name == name {
			return e.doc, e.options, true
		}
	}
	return "", nil, false
}

// New builds the agent a spec names, seeded with seed. Unknown agents and options are
// errors naming the allowed ones.
func New(spec Spec, seed uint64) (Agent, error) {
	for _, e := range registry {
		if e.name != spec.Agent {
			continue
		}
		allowed := make([]string, len(e.options))
		for i, o := range e.options {
			allowed[i] = o.Name
		}
		for k := range spec.Options {
			found := false
			for _, a := range allowed {
				found = found || a == k
			}
			if !found {
				want := "none"
				if len(allowed) > 0 {
					want = strings.Join(allowed, ", ")
				}
				if sug := core.Suggest(k, allowed); sug != "" {
					return nil, fmt.Errorf("agent %s: option %q unknown, did you mean %q? (want %s)", spec.Agent, k, sug, want)
				}
				return nil, fmt.Errorf("agent %s: option %q unknown (want %s)", spec.Agent, k, want)
			}
		}
		return e.new(Options{spec: spec}, seed)
	}
	names := append(Names(), Human)
	if sug := core.Suggest(spec.Agent, names); sug != "" {
		return nil, fmt.Errorf("agent %q unknown, did you mean %q? (want one of %s)", spec.Agent, sug, strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("agent %q unknown (want one of %s)", spec.Agent, strings.Join(names, ", "))
}

// Options gives typed access to a spec's options for agent constructors.
type Options struct{ spec Spec }

// Int reads an integer option, def when absent.
func (o Options) Int(name string, def, lo, hi int) (int, error) {
	v, ok := o.spec.Options[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("agent %s: option %s=%q: want an integer %d..%d", o.spec.Agent, name, v, lo, hi)
	}
	return n, nil
}

// Count reads a count option such as 50M, 200k or 200000 (see ParseCount), def when
// absent.
func (o Options) Count(name string, def int64) (int64, error) {
	v, ok := o.spec.Options[name]
	if !ok {
		return def, nil
	}
	n, err := ParseCount(v, name)
	if err != nil {
		return 0, fmt.Errorf("agent %s: option %s=%q: %w, want a count such as 50M or 200000 (k, M and G multiply by a thousand, a million, a billion)", o.spec.Agent, name, v, err)
	}
	return n, nil
}

// Text reads a text option, def when absent.
func (o Options) Text(name, def string) string {
	if v, ok := o.spec.Options[name]; ok {
		return v
	}
	return def
}

// countSuffixes are the multipliers a count may end with.
var countSuffixes = []struct {
	suffix string
	mult   int64
}{{"k", 1_000}, {"K", 1_000}, {"M", 1_000_000}, {"G", 1_000_000_000}}

// ParseCount reads a positive count such as 50M, 200k or 200000: k (or K), M and G
// multiply by a thousand, a million and a billion, and underscores may group the digits
// (50_000_000). Agents' budgets (perfect:nodes=50M) and studies' solve budgets read
// counts with it.
//
// noun names what is counted in the errors ("nodes": "too many nodes").
func ParseCount(num, noun string) (int64, error) {
	num = strings.TrimSpace(num)
	mult := int64(1)
	for _, s := range countSuffixes {
		if rest, ok := strings.CutSuffix(num, s.suffix); ok {
			num, mult = strings.TrimSpace(rest), s.mult
			break
		}
	}
	if num == "" || strings.HasPrefix(num, "_") || strings.HasSuffix(num, "_") || strings.Contains(num, "__") {
		return 0, fmt.Errorf("no count of %s", noun)
	}
	n, err := strconv.ParseUint(strings.ReplaceAll(num, "_", ""), 10, 63)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q is not a whole number of %s", num, noun)
	case n == 0:
		return 0, fmt.Errorf("0 %s", noun)
	case n > uint64(math.MaxInt64/mult):
		return 0, fmt.Errorf("too many %s", noun)
	}
	return int64(n) * mult, nil
}

// FormatCount writes a count as ParseCount reads it, with the largest multiplier that
// divides it: 50000000 is "50M", 1500000 "1500k", 1234567 "1234567".
func FormatCount(n int64) string {
	for i := len(countSuffixes) - 1; i >= 0; i-- {
		s := countSuffixes[i]
		if s.suffix != "K" && n != 0 && n%s.mult == 0 {
			return strconv.FormatInt(n/s.mult, 10) + s.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// Duration reads a duration option such as 2s or 500ms, def when absent.
func (o Options) Duration(name string, def time.Duration) (time.Duration, error) {
	v, ok := o.spec.Options[name]
	if !ok {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("agent %s: option %s=%q: want a duration such as 2s or 500ms", o.spec.Agent, name, v)
	}
	return d, nil
}

// ErrNoMoves is returned for a state with no legal move (over, or not the agent's turn).
var ErrNoMoves = search.ErrNoMoves
