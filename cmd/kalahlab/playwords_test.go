package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updatePlayWords = flag.Bool("update-play-words", false, "rewrite cmd/kalahlab/testdata/play-words-*.golden")

// TestPlayWordsGolden holds a terminal game of the mancala engine to its golden output:
// the boxed board with each side's seat and store, what each move did in words (an
// extra turn, a capture, relays and takes), "moves again" and undo's "took back".
func TestPlayWordsGolden(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		args        []string
	}{
		{"kalah", "3\n1\n6\nundo\nquit\n", []string{"--variant", "mancala/kalah", "--p1", "human", "--p2", "human"}},
		{"pallanguzhi", "6\n1\nquit\n", []string{"--variant", "mancala/pallanguzhi", "--p1", "human", "--p2", "human"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, tc.input, append([]string{"play", "--color", "never"}, tc.args...)...)
			require.Equal(t, 0, code, errOut)
			path := filepath.Join("cmd", "kalahlab", "testdata", "play-words-"+tc.name+".golden")
			if *updatePlayWords {
				require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update-play-words to create it")
			assert.Equal(t, string(want), out)
		})
	}
}
