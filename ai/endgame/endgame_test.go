package endgame

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai/internal/aitest"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// TestRankersAreBijections checks that both rankers number the configurations of
// each level 0..size-1 without gaps or repeats (the lexicographic one in enumeration
// order) and agree on the sizes.
func TestRankersAreBijections(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8} {
		maxK := 7
		if n >= 7 {
			maxK = 5
		}
		rk := NewRanker(2*n, maxK)
		wr := NewWordRanker(n, maxK)
		for k := 0; k <= maxK; k++ {
			require.Equal(t, rk.size[k], wr.size[k], "n=%d k=%d", n, k)
			seen := make([]bool, wr.size[k])
			next := 0
			aitest.ForConfigs(2*n, k, func(h []uint8) {
				require.Equal(t, next, rk.Rank(h, k))
				next++
				mine, theirs := aitest.Words(h, n)
				r := wr.Rank(mine, theirs, k)
				require.True(t, r >= 0 && r < len(seen) && !seen[r], "n=%d k=%d %v -> %d", n, k, h, r)
				seen[r] = true
			})
			require.Equal(t, rk.size[k], next)
		}
	}
}

// TestEndgameFiles saves levels, reads them back, and rebuilds damaged ones.
func TestEndgameFiles(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3, "empty_capture": false})
	require.NoError(t, err)
	sw := g.(*kalah.Game).Sower()
	dir := t.TempDir()
	const maxK = 12
	want, free, err := Open("", sw, maxK, nil, nil)
	require.NoError(t, err)
	defer free()

	var log bytes.Buffer
	got, free2, err := Open(dir, sw, maxK, &log, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	free2()
	sub := filepath.Join(dir, "kalah-4h-standard-owner")
	files, err := filepath.Glob(filepath.Join(sub, "level-*.egdb"))
	require.NoError(t, err)
	assert.Len(t, files, maxK+1, "one file a level")
	for _, f := range files {
		fi, err := os.Stat(f)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	}

	// Read back: nothing rebuilt, same bytes.
	log.Reset()
	got, free3, err := Open(dir, sw, maxK, &log, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	free3()
	assert.Empty(t, log.String())

	// Damage three files in different ways: each is reported and rebuilt.
	p10, p11, p12 := filepath.Join(sub, "level-10.egdb"), filepath.Join(sub, "level-11.egdb"), filepath.Join(sub, "level-12.egdb")
	b, err := os.ReadFile(p10)
	require.NoError(t, err)
	b[100] ^= 1
	require.NoError(t, os.WriteFile(p10, b, 0o644))
	require.NoError(t, os.Truncate(p11, 1000))
	require.NoError(t, os.WriteFile(p12, []byte("not a database"), 0o644))
	log.Reset()
	got, free4, err := Open(dir, sw, maxK, &log, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	free4()
	assert.Contains(t, log.String(), "level-10.egdb: checksum mismatch")
	assert.Contains(t, log.String(), "level-11.egdb: truncated")
	assert.Contains(t, log.String(), "level-12.egdb: header")
	got, free5, err := Open(dir, sw, maxK, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got, "the rebuilt files are sound")
	free5()

	// Another rule set's file under this name is refused, not misread.
	other, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3, "empty_capture": true})
	require.NoError(t, err)
	osw := other.(*kalah.Game).Sower()
	es := &store{dir: sub, sw: osw}
	_, _, err = es.load(5, len(want[5]))
	assert.ErrorContains(t, err, "rule flags")

	// A stop request abandons the build.
	_, _, err = Open(t.TempDir(), sw, maxK, nil, func() bool { return true })
	assert.ErrorIs(t, err, ErrStopped)
}

// TestEndgameDirProblems: a database directory that is a file (or lies under one) is
// an error before any work; one that cannot be used otherwise costs the reading or
// saving, reported once, not once a level.
func TestEndgameDirProblems(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	sw := g.(*kalah.Game).Sower()
	const maxK = 12
	want, free, err := Open("", sw, maxK, nil, nil)
	require.NoError(t, err)
	defer free()

	// file makes a file at dir/name and returns its path.
	file := func(dir, name string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte("x"), 0o644))
		return p
	}
	// chmod returns a directory whose rules directory (the top one, when rules is
	// false) has mode perm.
	chmod := func(perm os.FileMode, rules bool) func(t *testing.T) string {
		return func(t *testing.T) string {
			if os.Geteuid() == 0 {
				t.Skip("root ignores permissions")
			}
			dir := t.TempDir()
			p := dir
			if rules {
				p = filepath.Join(dir, dirName(sw))
				require.NoError(t, os.Mkdir(p, 0o755))
			}
			require.NoError(t, os.Chmod(p, perm))
			t.Cleanup(func() { _ = os.Chmod(p, 0o755) })
			return dir
		}
	}
	for _, tc := range []struct {
		name    string
		dir     func(t *testing.T) string
		err     string // the error wanted, "" for none
		warning string // the one line logged, "" for none
	}{
		{name: "a file", dir: func(t *testing.T) string { return file(t.TempDir(), "egdb") },
			err: "egdb is a file; want a directory"},
		{name: "under a file", dir: func(t *testing.T) string { return filepath.Join(file(t.TempDir(), "egdb"), "a", "b") },
			err: "egdb, a file; want a directory"},
		{name: "rules directory is a file", dir: func(t *testing.T) string {
			dir := t.TempDir()
			file(dir, dirName(sw))
			return dir
		}, warning: "not a directory; the database is built in memory"},
		{name: "missing, created", dir: func(t *testing.T) string { return filepath.Join(t.TempDir(), "a", "b") }},
		{name: "read-only", dir: chmod(0o555, false), warning: "cannot save"},
		{name: "unreadable", dir: chmod(0o000, true), warning: "permission denied; the database is built in memory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			got, free, err := Open(tc.dir(t), sw, maxK, &log, nil)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				assert.Empty(t, log.String(), "nothing built")
				return
			}
			require.NoError(t, err)
			defer free()
			assert.Equal(t, want, got)
			if tc.warning == "" {
				assert.Empty(t, log.String())
				return
			}
			lines := strings.Split(strings.TrimSpace(log.String()), "\n")
			require.Len(t, lines, 1, "one warning, not one a level: %s", log.String())
			assert.Contains(t, lines[0], tc.warning)
		})
	}
}

// FuzzEndgameLoad feeds arbitrary bytes to the level reader: it must refuse them with
// an error (or, for a well-formed file, return the level), never panic.
func FuzzEndgameLoad(f *testing.F) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 2, "seeds": 2})
	require.NoError(f, err)
	sw := g.(*kalah.Game).Sower()
	level := []uint8{Encode(1), Encode(-2), Encode(0), Encode(3)}
	good := append(header(sw, 3, level), level...)
	f.Add(good)
	f.Add(good[:20])
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		es := &store{dir: dir, sw: sw}
		require.NoError(t, os.WriteFile(es.path(3), data, 0o644))
		got, free, err := es.load(3, len(level))
		if err == nil {
			assert.Equal(t, level, got)
			free()
		}
	})
}

// TestEndgameOpenShared: solves of one process that open the same database at once
// (a study's cells) share it: one build, the same levels for all, released with the
// last free; an Open after that reads the files again.
func TestEndgameOpenShared(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 6, "seeds": 3})
	require.NoError(t, err)
	sw := g.(*kalah.Game).Sower()
	dir := t.TempDir()
	const maxK, n = 12, 4 // level 12 has over a million configurations: the build is logged
	var logs [n]bytes.Buffer
	levels := make([][][]uint8, n)
	frees := make([]func(), n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			levels[i], frees[i], err = Open(dir, sw, maxK, &logs[i], nil)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	for i := range n {
		require.Len(t, levels[i], maxK+1)
		assert.Same(t, &levels[0][maxK][0], &levels[i][maxK][0], "one copy in memory")
	}
	builds := 0
	for i := range n {
		if strings.Contains(logs[i].String(), "building the database") {
			builds++
		}
	}
	assert.Equal(t, 1, builds, "built once")
	want := slices.Clone(levels[0][maxK])
	for i := range n {
		frees[i]()
		frees[i]() // a second free is harmless
	}
	var log bytes.Buffer
	again, free, err := Open(dir, sw, maxK, &log, nil)
	require.NoError(t, err)
	defer free()
	assert.Equal(t, want, again[maxK])
	assert.NotContains(t, log.String(), "building", "read from the files")
}
