package coretest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

// recorder is a coretest.TB that keeps what the helpers report.
type recorder struct{ fatal, errors []string }

func (r *recorder) Helper()                      {}
func (r *recorder) Fatal(args ...any)            { r.fatal = append(r.fatal, fmt.Sprint(args...)) }
func (r *recorder) Fatalf(f string, args ...any) { r.fatal = append(r.fatal, fmt.Sprintf(f, args...)) }
func (r *recorder) Errorf(f string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(f, args...))
}
func (r *recorder) failed() bool   { return len(r.fatal)+len(r.errors) > 0 }
func (r *recorder) String() string { return fmt.Sprint(r.fatal, r.errors) }

var _ coretest.TB = (*recorder)(nil)
var _ coretest.TB = (*testing.T)(nil)

func TestRandomSimReportsTheSeed(t *testing.T) {
	g, err := tictactoe.New("tictactoe", tictactoe.DefaultRules())
	require.NoError(t, err)
	cases := []struct {
		name string
		opt  coretest.Options
		want string
	}{
		{"keeps the contract", coretest.Options{Games: 3}, ""},
		{"broken invariant", coretest.Options{Games: 3, Seed: 5, Invariant: func(core.State) error { return fmt.Errorf("no") }},
			"tictactoe, game with seed 5: ply 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r recorder
			coretest.RandomSim(&r, g, c.opt)
			if c.want == "" {
				assert.False(t, r.failed(), r.String())
				return
			}
			require.NotEmpty(t, r.fatal)
			assert.Contains(t, r.fatal[0], c.want)
			assert.Contains(t, r.fatal[0], "invariant: no")
		})
	}
}

func TestGolden(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("testdata", "g.txt"), []byte("same\n"), 0o644))
	t.Setenv("UPDATE_GOLDEN", "")
	cases := []struct {
		name, file, got string
		fatal, errs     int
	}{
		{"matches", "g.txt", "same\n", 0, 0},
		{"differs", "g.txt", "other\n", 0, 1},
		{"missing", "none.txt", "x", 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r recorder
			coretest.Golden(&r, c.file, c.got)
			assert.Len(t, r.fatal, c.fatal, r.String())
			assert.Len(t, r.errors, c.errs, r.String())
		})
	}
	t.Run("update", func(t *testing.T) {
		t.Setenv("UPDATE_GOLDEN", "1")
		var r recorder
		coretest.Golden(&r, "sub/new.txt", "fresh\n")
		require.False(t, r.failed(), r.String())
		b, err := os.ReadFile(filepath.Join("testdata", "sub", "new.txt"))
		require.NoError(t, err)
		assert.Equal(t, "fresh\n", string(b))
	})
}
