package ai

import (
	"testing"
)

// FuzzParseSpec: any agent text either fails to parse with an error or round-trips
// through String, and building the agent never panics.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "alphabeta:depth=8,time=2s", "mcts:iterations=100,c=0.5", "x:", ":", "a:b", "mcts:rollout=heuristic", "negascout:tt=0,nodes=5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spec, err := ParseSpec(text)
		if err != nil {
			return
		}
		again, err := ParseSpec(spec.String())
		if err != nil {
			t.Fatalf("%q prints as %q, which does not parse: %v", text, spec.String(), err)
		}
		if again.String() != spec.String() {
			t.Fatalf("%q: %q then %q", text, spec.String(), again.String())
		}
		if spec.Options["tt"] == "" {
			_, _ = New(spec, 1) // errors are fine; panics are not
		}
	})
}
