package ai

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// TestEndgameLevelsMatchLazy builds databases and checks every configuration against
// the solver's lazily filled database (full-width exact values from the moves).
func TestEndgameLevelsMatchLazy(t *testing.T) {
	for _, tc := range []struct {
		houses, maxK int
		empty        bool
		remaining    string
	}{
		{1, 9, false, "owner"},
		{2, 10, false, "owner"},
		{3, 10, true, "owner"},
		{3, 10, false, "owner"},
		{4, 9, false, "discard"},
		{4, 9, true, "owner"},
		{6, 6, false, "owner"},
	} {
		t.Run(fmt.Sprintf("h%d-k%d-empty=%v-%s", tc.houses, tc.maxK, tc.empty, tc.remaining), func(t *testing.T) {
			g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": 4, "empty_capture": tc.empty, "remaining": tc.remaining})
			require.NoError(t, err)
			kg := g.(*kalah.Game)
			sw := kg.Sower()
			levels, free, err := openEndgame("", sw, tc.maxK, nil, nil)
			require.NoError(t, err)
			defer free()
			ks := newKalahSolver(context.Background(), time.Time{}, kg, 1, 64, 120, tc.maxK, true)
			defer ks.free()
			require.Equal(t, tc.maxK, ks.dbMax)
			checked := 0
			for k := 1; k <= tc.maxK; k++ {
				require.Len(t, levels[k], ks.wr.size[k])
				forConfigs(2*tc.houses, k, func(h []uint8) {
					var mine, theirs uint64
					for i, c := range h {
						mine, theirs = setHouse(mine, theirs, tc.houses, i, int(c))
					}
					idx := ks.wr.rank(mine, theirs, k)
					if mine == 0 || theirs == 0 {
						assert.Equal(t, uint8(dbEmpty), levels[k][idx])
						return
					}
					want, err := ks.fdb(mine, theirs, k, 0)
					require.NoError(t, err)
					require.Equal(t, want, dbDecode(levels[k][idx]), "houses %v", h)
					checked++
				})
			}
			assert.Positive(t, checked)
		})
	}
}

// forConfigs calls f with every configuration of k seeds in p houses.
func forConfigs(p, k int, f func([]uint8)) {
	h := make([]uint8, p)
	var rec func(i, r int)
	rec = func(i, r int) {
		if i == p-1 {
			h[i] = uint8(r)
			f(h)
			return
		}
		for c := 0; c <= r; c++ {
			h[i] = uint8(c)
			rec(i+1, r-c)
		}
	}
	rec(0, k)
}

// TestRankersAreBijections checks that both rankers number the configurations of
// each level 0..size-1 without gaps or repeats (the lexicographic one in enumeration
// order) and agree on the sizes.
func TestRankersAreBijections(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8} {
		maxK := 7
		if n >= 7 {
			maxK = 5
		}
		rk := newRanker(2*n, maxK)
		wr := newWordRanker(n, maxK)
		for k := 0; k <= maxK; k++ {
			require.Equal(t, rk.size[k], wr.size[k], "n=%d k=%d", n, k)
			seen := make([]bool, wr.size[k])
			next := 0
			forConfigs(2*n, k, func(h []uint8) {
				require.Equal(t, next, rk.rankBytes(h, k))
				next++
				var mine, theirs uint64
				for i, c := range h {
					mine, theirs = setHouse(mine, theirs, n, i, int(c))
				}
				r := wr.rank(mine, theirs, k)
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
	want, free, err := openEndgame("", sw, maxK, nil, nil)
	require.NoError(t, err)
	defer free()

	var log bytes.Buffer
	got, free2, err := openEndgame(dir, sw, maxK, &log, nil)
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
	got, free3, err := openEndgame(dir, sw, maxK, &log, nil)
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
	got, free4, err := openEndgame(dir, sw, maxK, &log, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	free4()
	assert.Contains(t, log.String(), "level-10.egdb: checksum mismatch")
	assert.Contains(t, log.String(), "level-11.egdb: truncated")
	assert.Contains(t, log.String(), "level-12.egdb: header")
	got, free5, err := openEndgame(dir, sw, maxK, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got, "the rebuilt files are sound")
	free5()

	// Another rule set's file under this name is refused, not misread.
	other, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3, "empty_capture": true})
	require.NoError(t, err)
	osw := other.(*kalah.Game).Sower()
	es := &endgameStore{dir: sub, sw: osw}
	_, _, err = es.load(5, len(want[5]))
	assert.ErrorContains(t, err, "rule flags")

	// A stop request abandons the build.
	_, _, err = openEndgame(t.TempDir(), sw, maxK, nil, func() bool { return true })
	assert.ErrorIs(t, err, errStop)
}

// TestEndgameDirProblems: a database directory that is a file (or lies under one) is
// an error before any work; one that cannot be used otherwise costs the reading or
// saving, reported once, not once a level.
func TestEndgameDirProblems(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	sw := g.(*kalah.Game).Sower()
	const maxK = 12
	want, free, err := openEndgame("", sw, maxK, nil, nil)
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
				p = filepath.Join(dir, egDirName(sw))
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
			file(dir, egDirName(sw))
			return dir
		}, warning: "not a directory; the database is built in memory"},
		{name: "missing, created", dir: func(t *testing.T) string { return filepath.Join(t.TempDir(), "a", "b") }},
		{name: "read-only", dir: chmod(0o555, false), warning: "cannot save"},
		{name: "unreadable", dir: chmod(0o000, true), warning: "permission denied; the database is built in memory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			got, free, err := openEndgame(tc.dir(t), sw, maxK, &log, nil)
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

	// Through Solve, as kalahlab solve --endgame-dir FILE does.
	_, err = Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 4, EndgameSeeds: 6, EndgameDir: file(t.TempDir(), "egdb")})
	assert.ErrorContains(t, err, "is a file; want a directory")
}

// FuzzEndgameLoad feeds arbitrary bytes to the level reader: it must refuse them with
// an error (or, for a well-formed file, return the level), never panic.
func FuzzEndgameLoad(f *testing.F) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 2, "seeds": 2})
	require.NoError(f, err)
	sw := g.(*kalah.Game).Sower()
	level := []uint8{dbByte(1), dbByte(-2), dbByte(0), dbByte(3)}
	good := append(egHeader(sw, 3, level), level...)
	f.Add(good)
	f.Add(good[:20])
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		es := &endgameStore{dir: dir, sw: sw}
		require.NoError(t, os.WriteFile(es.path(3), data, 0o644))
		got, free, err := es.load(3, len(level))
		if err == nil {
			assert.Equal(t, level, got)
			free()
		}
	})
}

// TestSolveWithEndgame solves with complete databases of several sizes, kept on disk,
// and checks the values against the solver without one.
func TestSolveWithEndgame(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		houses, seeds int
		empty         bool
	}{{4, 3, false}, {4, 3, true}, {5, 2, false}, {3, 4, true}} {
		g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": tc.seeds, "empty_capture": tc.empty})
		require.NoError(t, err)
		plain, err := Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 16, EndgameSeeds: -1})
		require.NoError(t, err)
		ks := []int{1, 6, 12}
		if tc.houses <= 3 {
			ks = append(ks, 2*tc.houses*tc.seeds) // every position of the game
		}
		for _, k := range ks {
			t.Run(fmt.Sprintf("h%d-s%d-empty=%v-k%d", tc.houses, tc.seeds, tc.empty, k), func(t *testing.T) {
				sol, err := Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 16, EndgameDir: dir, EndgameSeeds: k})
				require.NoError(t, err)
				assert.Equal(t, plain.Value, sol.Value)
				assert.Equal(t, min(k, 2*tc.houses*tc.seeds), sol.EndgameSeeds)
				assert.Equal(t, plain.PV[0], sol.PV[0])
			})
		}
	}
	// Automatic: no directory or few seeds in play mean no database.
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	sol, err := Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 16, EndgameDir: dir})
	require.NoError(t, err)
	assert.Zero(t, sol.EndgameSeeds)
	_, err = Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 16, EndgameSeeds: 500})
	require.NoError(t, err, "a request beyond the seeds in play is capped")
	g, err = kalah.Def.New("kalah", core.Params{"houses": 8, "seeds": 6})
	require.NoError(t, err)
	_, err = Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 16, EndgameSeeds: 40})
	assert.ErrorContains(t, err, "at most 19 seeds fit")
}

// TestEndgameSeedsAuto pins the automatic choice.
func TestEndgameSeedsAuto(t *testing.T) {
	for _, tc := range []struct{ houses, seeds, want int }{{6, 4, 20}, {6, 3, 0}, {5, 5, 26}, {7, 4, 17}} {
		g, err := kalah.Def.New("kalah", core.Params{"houses": tc.houses, "seeds": tc.seeds})
		require.NoError(t, err)
		got, err := endgameSeeds(SolveOptions{EndgameDir: "x"}, g.NewState().(*kalah.State))
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "Kalah(%d,%d)", tc.houses, tc.seeds)
	}
}

// TestSolveThreadsAgree solves positions with one to four threads sharing the table
// (and the lazily filled database, or a complete one) and wants the same values; under
// the race detector (make test runs it so) it also checks the shared accesses.
func TestSolveThreadsAgree(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []core.Params{
		{"houses": 4, "seeds": 3}, {"houses": 5, "seeds": 2, "empty_capture": false},
		{"houses": 3, "seeds": 4, "remaining": "discard"}, {"houses": 6, "seeds": 2},
	} {
		g, err := kalah.Def.New("kalah", p)
		require.NoError(t, err)
		positions := append([]core.State{g.NewState()}, randomPositions(g, 4, 6)...)
		for _, s := range positions {
			one, err := Solve(context.Background(), s, SolveOptions{TTMB: 4, Threads: 1})
			require.NoError(t, err)
			for _, opt := range []SolveOptions{
				{TTMB: 4, Threads: 2}, {TTMB: 1, Threads: 4, DBSeeds: 12},
				{TTMB: 4, Threads: 3, EndgameDir: dir, EndgameSeeds: 9},
			} {
				got, err := Solve(context.Background(), s, opt)
				require.NoError(t, err)
				require.Equal(t, one.Value, got.Value, "%v at %s with %+v", p, s, opt)
				require.NotEmpty(t, got.PV)
			}
		}
	}
}

// TestSolveReportsPasses: a Kalah solve writes each MTD(f) pass's bound to Log.
func TestSolveReportsPasses(t *testing.T) {
	g, err := kalah.Def.New("kalah", core.Params{"houses": 4, "seeds": 3})
	require.NoError(t, err)
	var log bytes.Buffer
	sol, err := Solve(context.Background(), g.NewState(), SolveOptions{TTMB: 4, Log: &log, logAfter: time.Nanosecond})
	require.NoError(t, err)
	assert.Contains(t, log.String(), "solve: pass 1: the margin of the player to move is")
	assert.Contains(t, log.String(), fmt.Sprintf("is at least %+d", sol.Value))
	assert.Contains(t, log.String(), fmt.Sprintf("is at most %+d", sol.Value))
}
