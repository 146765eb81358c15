package tournament

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
)

func TestEntrantLabels(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{[]string{"random", "greedy"}, []string{"random", "greedy"}},
		{[]string{"alphabeta:depth=4", "alphabeta:depth=4", "greedy", "alphabeta:depth=4"},
			[]string{"alphabeta:depth=4", "alphabeta:depth=4#2", "greedy", "alphabeta:depth=4#3"}},
		{[]string{"alphabeta:tt=1,depth=4", "alphabeta:depth=4,tt=1"}, []string{"alphabeta:depth=4,tt=1", "alphabeta:depth=4,tt=1#2"}},
	} {
		t.Run(strings.Join(tc.in, " "), func(t *testing.T) {
			assert.Equal(t, tc.want, EntrantLabels(specs(t, tc.in...)))
		})
	}
}

func specs(t testing.TB, texts ...string) []ai.Spec {
	t.Helper()
	var out []ai.Spec
	for _, s := range texts {
		sp, err := ai.ParseSpec(s)
		require.NoError(t, err)
		out = append(out, sp)
	}
	return out
}
