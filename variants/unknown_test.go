package variants

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnknownVariant: an unknown name gets the close matches and a pointer to
// `kalahlab variants list`, never the whole list of names.
func TestUnknownVariant(t *testing.T) {
	tests := []struct{ name, want string }{
		{"kalha", `variant "kalha" unknown, did you mean "kalah"? (also close: "mancala/kalah", "mancala/kara"; ` + "`kalahlab variants list` shows all"},
		{"kalah/standard", `did you mean "kalah/standard-capture"?`},
		{"zzqqxx", `variant "zzqqxx" unknown (` + "`kalahlab variants list` shows all"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Lookup(tc.name, Options{})
			require.Error(t, err)
			var u *UnknownError
			require.True(t, errors.As(err, &u))
			assert.Contains(t, err.Error(), tc.want)
			assert.Less(t, len(err.Error()), 300, "no list of every name")
			assert.False(t, strings.Contains(err.Error(), "tictactoe/misere"), "no list of every name")
		})
	}
}
