package ai

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSpecRepeatedOption: an option given twice is refused, naming it and both values
// (issue 21, item 8); options given once each still parse.
func TestSpecRepeatedOption(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"alphabeta:depth=3,depth=4", `agent "alphabeta:depth=3,depth=4": option depth given twice (depth=3, then depth=4): give each option once`},
		{"alphabeta:depth=3, depth=3", "option depth given twice (depth=3, then depth=3)"},
		{"mcts:iterations=10,c=1,iterations=20", "option iterations given twice (iterations=10, then iterations=20)"},
		{"mcts: time = 1s ,time=2s", "option time given twice (time=1s, then time=2s)"},
		{"random:x=,x=", "option x given twice (x=, then x=)"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			_, err := ParseSpec(tc.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	spec, err := ParseSpec("alphabeta:depth=3,time=1s,tt=0")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"depth": "3", "time": "1s", "tt": "0"}, spec.Options)
	_, err = ParseSpec("alphabeta:depth=3,Depth=4")
	require.NoError(t, err, "option names are case-sensitive: Depth is another (unknown) option, which New refuses")
}

// FuzzParseSpecOnce: what ParseSpec accepts holds one option per key=value part: no
// part is dropped in favour of another.
func FuzzParseSpecOnce(f *testing.F) {
	for _, s := range []string{"alphabeta:depth=3,depth=4", "mcts:iterations=1,c=2", "a:b=1,b=1", "x: k = v , k=w", "random"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spec, err := ParseSpec(text)
		if err != nil {
			return
		}
		_, opts, _ := strings.Cut(strings.TrimSpace(text), ":")
		parts := 0
		if strings.TrimSpace(opts) != "" {
			parts = len(strings.Split(opts, ","))
		}
		if len(spec.Options) != parts {
			t.Fatalf("%q: %d options from %d parts: %v", text, len(spec.Options), parts, spec.Options)
		}
	})
}
