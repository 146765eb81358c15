package run

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments/internal/logfile"
)

func TestTrialSet(t *testing.T) {
	const n = 2000
	inOrder := make([]int, n)
	for i := range inOrder {
		inOrder[i] = i
	}
	reversed := make([]int, n)
	for i := range reversed {
		reversed[i] = n - 1 - i
	}
	// Chunks of 8 handed to 4 workers that finish them in a scrambled order: what a run
	// does.
	chunked := []int{}
	r := rand.New(rand.NewPCG(1, 2))
	for lo := 0; lo < n; lo += 32 {
		chunks := r.Perm(4)
		for _, c := range chunks {
			for i := lo + 8*c; i < lo+8*c+8 && i < n; i++ {
				chunked = append(chunked, i)
			}
		}
	}
	random := rand.New(rand.NewPCG(3, 4)).Perm(n)
	withRepeats := append(append([]int{}, random[:n/2]...), random...)

	tests := []struct {
		name     string
		order    []int
		maxSpans int // the most runs kept at any time
	}{
		{"in order", inOrder, 0},
		{"reversed", reversed, 1},
		{"chunks out of order", chunked, 3},
		{"random", random, n / 2},
		{"repeats", withRepeats, n / 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s trialSet
			ref := map[int]bool{}
			most := 0
			for _, o := range tc.order {
				assert.Equal(t, !ref[o], s.add(o), "add(%d)", o)
				ref[o] = true
				most = max(most, len(s.rest))
				// The invariants: runs sorted, disjoint, not touching each other or low.
				prev := s.low
				for _, sp := range s.rest {
					require.Greater(t, sp.lo, prev, "runs %v after low %d", s.rest, s.low)
					require.Less(t, sp.lo, sp.hi)
					prev = sp.hi
				}
			}
			assert.LessOrEqual(t, most, tc.maxSpans)
			assert.Equal(t, n, s.low, "every trial done: nothing but the low-water mark")
			assert.Empty(t, s.rest)
		})
	}

	// has and nextAbsent agree with a map on a half-filled set.
	var s trialSet
	ref := map[int]bool{}
	for _, o := range random[:n/2] {
		s.add(o)
		ref[o] = true
	}
	c := s.clone()
	for o := 0; o < n+5; o++ {
		assert.Equal(t, ref[o], s.has(o), "has(%d)", o)
		want := o
		for ref[want] {
			want++
		}
		assert.Equal(t, want, s.nextAbsent(o), "nextAbsent(%d)", o)
	}
	c.add(random[n/2])
	assert.False(t, s.has(random[n/2]), "a clone shares nothing")
}

// hugeStudy asks for a trillion games per cell: about a bit per game was 125 GB.
const hugeStudy = `
name: huge
variants: [kalah]
sweep: { houses: [3, 4] }
agents: [{ agent: random }, { agent: greedy }]
games: 1000000000000
target_ci: 0.2
check_every: 50
seed: 3
solve: 0
`

// watch records the counters of the cells at the end of runs.
func watch(t *testing.T) *[][]*acc {
	var seen [][]*acc
	runHook = func(accs []*acc) { seen = append(seen, accs) }
	t.Cleanup(func() { runHook = nil })
	return &seen
}

func TestHugeGamesUseBoundedMemory(t *testing.T) {
	seen := watch(t)

	// Stopped by target_ci: the run ends normally after a few blocks.
	s := study(t, hugeStudy)
	r, err := Run(context.Background(), s, Options{Workers: 2, Dir: t.TempDir(), Trials: true})
	require.NoError(t, err)
	for _, c := range r.Cells {
		assert.True(t, c.Stopped)
		assert.Less(t, c.Stats.Trials, int64(100000))
	}
	require.Len(t, *seen, 1)
	for _, a := range (*seen)[0] {
		assert.Equal(t, 1000000000000, a.owned)
		assert.Less(t, len(a.done.rest), 64, "the done set holds runs of trials, not a bit per game")
		assert.Less(t, len(a.blocks), 64)
	}

	// A shard of it (no stopping rule there: it plays until stopped), cancelled, then
	// resumed and cancelled again.
	s = study(t, strings.Replace(hugeStudy, "target_ci: 0.2", "target_ci: 0", 1))
	dir := filepath.Join(t.TempDir(), Shard{1, 3}.Dir())
	for round := 0; round < 2; round++ {
		ctx, cancel := context.WithCancel(context.Background())
		_, err = Run(ctx, s, Options{Workers: 2, Shard: Shard{1, 3}, Dir: dir, Trials: true, Resume: round > 0,
			Progress: &cancelAfter{n: 5, cancel: cancel}, LineEvery: 1})
		cancel()
		require.ErrorIs(t, err, ErrInterrupted)
	}
	require.Len(t, *seen, 3)
	for _, accs := range (*seen)[1:] {
		for _, a := range accs {
			assert.Equal(t, (1000000000000-a.first+2)/3, a.owned)
			assert.Less(t, len(a.done.rest), 64)
			assert.Less(t, len(a.resumed.rest), 64)
		}
	}
	last := (*seen)[2]
	assert.Positive(t, last[0].resumed.low+len(last[0].resumed.rest), "the second round resumed the first's trials")
}

func TestAccShardSlicing(t *testing.T) {
	// owned, first and nextPending agree with Shard.Owns, for every cell and shard.
	p := &plan.Plan{Games: 10, CheckEvery: 10, Cells: []plan.CellPlan{{Seats: 2}, {Seats: 2}, {Seats: 2}}, Agents: []plan.AgentSpec{{Agent: "random"}}}
	for _, sh := range []Shard{{}, {0, 3}, {1, 3}, {2, 3}, {3, 4}, {5, 7}, {0, 40}, {29, 40}} {
		for c := range p.Cells {
			a := newAcc(p, c, sh)
			var want []int
			for i := 0; i < p.Games; i++ {
				if sh.Owns(c*p.Games + i) {
					want = append(want, i)
				}
			}
			var got []int
			for i := a.nextPending(0); i < p.Games; i = a.nextPending(i + 1) {
				got = append(got, i)
				assert.True(t, a.owns(i))
			}
			assert.Equal(t, want, got, "shard %v cell %d", sh, c)
			assert.Equal(t, len(want), a.owned)
		}
	}
}

func TestGamesLimit(t *testing.T) {
	s := study(t, smallStudy)
	p := s.Plan
	p.Games = math.MaxInt
	_, err := plan.FromPlan(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("games %d is too many for 4 cells", math.MaxInt))
	assert.Contains(t, err.Error(), fmt.Sprintf("at most %d games per cell", (1<<53)/4))
	p.Games = plan.MaxGames(4)
	_, err = plan.FromPlan(p)
	require.NoError(t, err)

	// A huge check_every does not overflow the block size.
	p = s.Plan
	p.CheckEvery = math.MaxInt
	assert.Equal(t, p.Games, p.BlockSize(0))
	assert.Equal(t, 1, p.Blocks(0))
}

func TestNextLineLongLines(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	br := bufio.NewReaderSize(strings.NewReader(long+"\nshort\ncut"), 1<<16)
	line, err := logfile.NextLine(br)
	require.NoError(t, err)
	assert.Equal(t, long+"\n", string(line), "a line longer than the buffer comes back whole")
	line, err = logfile.NextLine(br)
	require.NoError(t, err)
	assert.Equal(t, "short\n", string(line))
	line, err = logfile.NextLine(br)
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, "cut", string(line))
}

// runShards runs the shards of s into out and returns their directories; their trial
// logs are compressed, or in format when one is given.
func runShards(t *testing.T, s *plan.Study, out string, n int, format ...LogFormat) []string {
	var dirs []string
	for i := 0; i < n; i++ {
		sh := Shard{Index: i, Count: n}
		dir := filepath.Join(out, sh.Dir())
		opt := Options{Workers: 2, Shard: sh, Dir: dir, Trials: true}
		if len(format) > 0 {
			opt.Log = format[0]
		}
		_, err := Run(context.Background(), s, opt)
		require.NoError(t, err)
		dirs = append(dirs, dir)
	}
	return dirs
}

// mergeAll merges the shards in out as the CLI does.
func mergeAll(out string) (*Result, error) {
	res, dirs, err := Merge([]string{out})
	if err != nil {
		return nil, err
	}
	if err := mergeTrials(res, dirs, out); err != nil {
		return nil, err
	}
	return res, Save(res, out)
}

func TestMergeRefusesDamagedTrialLogs(t *testing.T) {
	s := study(t, smallStudy)
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)

	// The damage is done to the log's text (decompressed, damaged and compressed again
	// for a compressed log), except a cut: that cuts the file's bytes.
	tests := []struct {
		name   string
		damage func(t *testing.T, log string)
		want   []string
		wantZ  []string // for a compressed log, when it differs
	}{
		{"cut mid-line", func(t *testing.T, log string) {
			data, err := os.ReadFile(log)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(log, data[:len(data)*2/3], 0o644))
		}, []string{"the last line is cut short", "of the shard's 533 trials"},
			[]string{"the last zstd frame is cut short", "of the shard's 533 trials"}},
		{"lines missing", func(t *testing.T, log string) {
			lines := strings.SplitAfter(string(logText(t, log)), "\n")
			writeLogText(t, log, []byte(strings.Join(lines[:100], "")))
		}, []string{"the log holds 100 of the shard's 533 trials"}, nil},
		{"a trial twice", func(t *testing.T, log string) {
			data := logText(t, log)
			first, _, _ := strings.Cut(string(data), "\n")
			writeLogText(t, log, append(data, first+"\n"...))
		}, []string{"is there twice", "two runs"}, nil},
		{"not JSON", func(t *testing.T, log string) {
			writeLogText(t, log, append(logText(t, log), "garbage\n"...))
		}, []string{"not a trial record"}, nil},
		{"a line cut in the middle", func(t *testing.T, log string) {
			// Line 200 loses its second half and its newline: it runs into line 201.
			lines := strings.SplitAfter(string(logText(t, log)), "\n")
			lines[200] = lines[200][:len(lines[200])/2]
			writeLogText(t, log, []byte(strings.Join(lines, "")))
		}, []string{"not a trial record"}, nil},
		{"a line cut short in the middle", func(t *testing.T, log string) {
			lines := strings.SplitAfter(string(logText(t, log)), "\n")
			lines[300] = lines[300][:len(lines[300])/3] + "\n"
			writeLogText(t, log, []byte(strings.Join(lines, "")))
		}, []string{"not a trial record"}, nil},
		{"a trial of another shard", func(t *testing.T, log string) {
			lines := strings.SplitAfter(string(logText(t, log)), "\n")
			lines[10] = strings.Replace(lines[10], `"trial":`, `"trial":1`, 1)
			writeLogText(t, log, []byte(strings.Join(lines, "")))
		}, []string{"is not a trial of this experiment"}, nil},
	}
	for _, format := range []LogFormat{LogPlain, LogZstd} {
		for _, tc := range tests {
			t.Run(string(format)+"/"+tc.name, func(t *testing.T) {
				damagedLog(t, s, whole, format, tc.damage, tc.want, tc.wantZ)
			})
		}
	}
}

// TestResumeRepairsDamagedFrames: the damage a compressed log takes in its bytes — a
// byte changed in a frame in the middle, a frame cut in the middle (its end and the
// next frame's start lost), a zeroed tail (a power cut on ext4: the size written, not
// the data), zeros over a frame in the middle — makes merge refuse the shard and name
// `kalahlab experiment run --resume --shard i/n`, and that repairs it: the damaged
// frames are dropped, their trials played again, and the merge is then the whole run's,
// byte for byte. A trial of an intact frame replays meanwhile.
func TestResumeRepairsDamagedFrames(t *testing.T) {
	smallFrames(t, 4<<10)
	s := study(t, smallStudy)
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)
	rewrite := func(t *testing.T, log string, edit func(data []byte, ends []int64) []byte) {
		ends := frameEnds(t, log)
		require.Greater(t, len(ends), 6, "a log of several frames")
		data, err := os.ReadFile(log)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(log, edit(data, ends), 0o644))
	}
	tests := []struct {
		name     string
		edit     func(data []byte, ends []int64) []byte
		want     string // in merge's error
		repaired string // in resume's note
		middle   bool   // frames after the damage are intact
	}{
		{"a flipped byte in a middle frame", func(data []byte, ends []int64) []byte {
			mid := len(ends) / 2
			data[(ends[mid-1]+ends[mid])/2] ^= 0x5a
			return data
		}, "damaged zstd data at byte", "dropped a damaged zstd frame", true},
		{"a frame cut in the middle", func(data []byte, ends []int64) []byte {
			mid := len(ends) / 2
			a, b := (ends[mid-1]+ends[mid])/2, ends[mid]+10
			return append(data[:a:a], data[b:]...)
		}, "damaged zstd data at byte", "dropped a damaged zstd frame", true},
		{"a zeroed tail", func(data []byte, ends []int64) []byte {
			clear(data[(ends[len(ends)-4]+ends[len(ends)-3])/2:])
			return data
		}, "zeroed", "dropped a last zstd frame cut short", false},
		{"a zeroed tail from a frame's start", func(data []byte, ends []int64) []byte {
			clear(data[ends[len(ends)-3]:])
			return data
		}, "bytes of zeros from byte", "dropped a zeroed tail", false},
		{"zeros over a middle frame", func(data []byte, ends []int64) []byte {
			mid := len(ends) / 2
			clear(data[ends[mid-1]+3 : ends[mid]-3])
			return data
		}, "damaged zstd data at byte", "dropped a damaged zstd frame", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			var dirs []string
			for i := 0; i < 3; i++ { // small batches: many frames
				sh := Shard{Index: i, Count: 3}
				dirs = append(dirs, filepath.Join(out, sh.Dir()))
				_, err := Run(context.Background(), s, Options{Workers: 2, Shard: sh, Dir: dirs[i], Trials: true, Chunk: 4})
				require.NoError(t, err)
			}
			log := filepath.Join(dirs[1], TrialsZstdFile)
			first, err := FindTrial(dirs[1], 1) // trial 1 is shard 1's first
			require.NoError(t, err)
			ends := frameEnds(t, log)
			mid, last := frameTrial(t, log, ends, len(ends)/2), frameTrial(t, log, ends, len(ends)-1)
			rewrite(t, log, tc.edit)

			// Replay still finds a trial of an intact frame: the first one's, and when
			// the damage is in the middle the last one's; not one of the damaged frame.
			got, err := FindTrial(dirs[1], 1)
			require.NoError(t, err)
			assert.Equal(t, first, got)
			if tc.middle {
				got, err := FindTrial(dirs[1], last)
				require.NoError(t, err)
				assert.Equal(t, last, got.Trial)
				_, err = FindTrial(dirs[1], mid)
				require.Error(t, err)
				assert.Contains(t, err.Error(), "is not in the intact part of the trial log, which is damaged: "+log+": damaged zstd data at byte")
				assert.Contains(t, err.Error(), "--resume repairs it")
			}

			_, err = mergeAll(out)
			require.Error(t, err)
			t.Log(err)
			assert.Contains(t, err.Error(), tc.want)
			remedy := "kalahlab experiment run --resume --out " + out + " --shard 1/3"
			assert.Contains(t, err.Error(), remedy)

			var notes strings.Builder
			res, err := Run(context.Background(), s, Options{Workers: 2, Shard: Shard{1, 3}, Dir: dirs[1], Trials: true, Resume: true, Notes: &notes})
			require.NoError(t, err, "the remedy merge names works")
			assert.Contains(t, notes.String(), "kalahlab: repaired "+log+": "+tc.repaired)
			assert.Contains(t, notes.String(), "its trials run again")
			assert.Contains(t, notes.String(), fmt.Sprintf("the log now holds %d of the 533 trials", 533-res.Manifest.TrialsRun))
			assert.Positive(t, res.Manifest.TrialsRun, "the dropped frames' trials are played again")
			assert.Equal(t, 533, len(logTrials(t, dirs[1])))
			assertNoRepeats(t, log)

			_, err = mergeAll(out)
			require.NoError(t, err)
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, out)))
			assert.Equal(t, 4*400, countLines(t, filepath.Join(out, TrialsZstdFile)))
		})
	}
}

// damagedLog runs the shards of s with trial logs in format, damages the second one's
// log, and checks that merge refuses it with the messages in want (wantZ for a
// compressed log, when not nil) and that the repair it names works.
func damagedLog(t *testing.T, s *plan.Study, whole string, format LogFormat, damage func(*testing.T, string), want, wantZ []string) {
	out := t.TempDir()
	dirs := runShards(t, s, out, 3, format)
	log := filepath.Join(dirs[1], format.File())
	damage(t, log)
	if format == LogZstd && wantZ != nil {
		want = wantZ
	}

	_, err := mergeAll(out)
	require.Error(t, err)
	for _, w := range want {
		assert.Contains(t, err.Error(), w)
	}
	assert.Contains(t, err.Error(), log)
	assert.Contains(t, err.Error(), "nothing was merged")
	assert.Contains(t, err.Error(), "kalahlab experiment run --resume --out "+out+" --shard 1/3")
	for _, name := range []string{TrialsFile, TrialsZstdFile} {
		assert.NoFileExists(t, filepath.Join(out, name))
		assert.NoFileExists(t, filepath.Join(out, name+".tmp"))
	}
	assert.NoFileExists(t, filepath.Join(out, StatsFile))

	// The repair the error names: resuming the shard drops the damaged lines and plays
	// the missing trials.
	var notes strings.Builder
	_, err = Run(context.Background(), s, Options{Workers: 2, Shard: Shard{1, 3}, Dir: dirs[1], Trials: true, Resume: true, Notes: &notes})
	require.NoError(t, err)
	if slices.Contains(want, "not a trial record") || slices.Contains(want, "is not a trial of this experiment") {
		assert.Regexp(t, `dropped (a damaged line, not a record of this run's trials \(line |\d+ damaged lines, not records of this run's trials \(the first: line )`, notes.String())
	}
	_, err = mergeAll(out)
	require.NoError(t, err)
	assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, out)))
	lines := countLines(t, filepath.Join(out, TrialsZstdFile))
	assert.Equal(t, 4*400, lines, "the merged log holds every trial once")
}

// countLines counts the lines of a trial log, plain or compressed.
func countLines(t *testing.T, path string) int {
	return strings.Count(string(logText(t, path)), "\n")
}

func TestMergeRefusesDamagedCounts(t *testing.T) {
	s := study(t, strings.Replace(smallStudy, "target_ci: 0.09", "target_ci: 0", 1))
	out := t.TempDir()
	dirs := runShards(t, s, out, 2)
	path := filepath.Join(dirs[0], StatsFile)
	var sf statsFile
	require.NoError(t, readJSON(path, &sf))
	sf.Cells[2].Stats.Trials -= 7
	require.NoError(t, writeJSON(path, sf))
	_, _, err := Merge([]string{out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cell 2 (kalah/pie houses=3 seeds=3) counts 193 trials in stats.json, but the shard has 200")
	assert.Contains(t, err.Error(), "--resume --out "+out+" --shard 0/2")

	// The repair: resuming rebuilds the counts from the trial log.
	_, err = Run(context.Background(), s, Options{Workers: 1, Shard: Shard{0, 2}, Dir: dirs[0], Trials: true, Resume: true})
	require.NoError(t, err)
	_, err = mergeAll(out)
	require.NoError(t, err)
}

func TestMergeUnfinishedShardSuggestsResume(t *testing.T) {
	s := study(t, smallStudy)
	out := t.TempDir()
	runShards(t, s, out, 2)
	sh := Shard{1, 2}
	dir := filepath.Join(out, sh.Dir())
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, s, Options{Workers: 2, Shard: sh, Dir: dir, Trials: true, Force: true, Chunk: 5,
		Progress: &cancelAfter{n: 3, cancel: cancel}, LineEvery: 1})
	cancel()
	require.ErrorIs(t, err, ErrInterrupted)
	_, _, err = Merge([]string{out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "`kalahlab experiment run --resume --out "+out+" --shard 1/2`")

	m := &Manifest{Shard: "3/8"}
	assert.Equal(t, "kalahlab experiment run --resume --out /r --shard 3/8", ResumeCommand("/r/shard-3-of-8/", m))
	assert.Equal(t, "kalahlab experiment run --resume --out 'my results' --shard 3/8", ResumeCommand("my results/shard-3-of-8", m))
	assert.Equal(t, `kalahlab experiment run --resume --out 'it'\''s'`, ResumeCommand("it's", &Manifest{}))
}

func TestResumeDropsRepeatedTrials(t *testing.T) {
	s := study(t, smallStudy)
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)

	for _, format := range []LogFormat{LogPlain, LogZstd} {
		t.Run(string(format), func(t *testing.T) {
			// A log with every line twice (two runs at once, before there was a lock):
			// the file twice over (for a compressed log, its frames twice).
			dir := t.TempDir()
			_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Log: format})
			require.NoError(t, err)
			log := filepath.Join(dir, format.File())
			data, err := os.ReadFile(log)
			require.NoError(t, err)
			lines := countLines(t, log)
			require.NoError(t, os.WriteFile(log, append(data, data...), 0o644))
			require.Equal(t, 2*lines, countLines(t, log))
			var msgs strings.Builder
			r, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true, Notes: &msgs})
			require.NoError(t, err)
			assert.Zero(t, r.Manifest.TrialsRun)
			assert.Contains(t, msgs.String(), fmt.Sprintf("repaired %s: dropped %d lines repeating trials", log, lines))
			assert.Equal(t, lines, countLines(t, log))
			assertNoRepeats(t, log)
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, dir)))
		})
	}
}

// gate is a progress writer that holds the run on its first write until released.
type gate struct {
	once    sync.Once
	started chan struct{}
	release chan struct{}
}

func (g *gate) Write(p []byte) (int, error) {
	g.once.Do(func() {
		close(g.started)
		<-g.release
	})
	return len(p), nil
}

func TestTwoRunsOneDirectory(t *testing.T) {
	s := study(t, smallStudy)
	dir := t.TempDir()
	g := &gate{started: make(chan struct{}), release: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Progress: g, LineEvery: 1})
		done <- err
	}()
	select {
	case <-g.started:
	case err := <-done:
		t.Fatalf("the first run ended before the second started: %v", err)
	}

	// The second run (resuming, or forced, or fresh) is refused, and writes nothing.
	before, err := os.ReadFile(filepath.Join(dir, TrialsZstdFile))
	require.NoError(t, err)
	for _, opt := range []Options{{Resume: true}, {Force: true}, {}} {
		opt.Dir, opt.Trials, opt.Workers = dir, true, 1
		_, err := Run(context.Background(), s, opt)
		require.ErrorIs(t, err, ErrLocked)
		assert.Contains(t, err.Error(), dir+" is in use by another kalahlab process")
		assert.Contains(t, err.Error(), fmt.Sprintf("pid %d", os.Getpid()))
	}
	after, err := os.ReadFile(filepath.Join(dir, TrialsZstdFile))
	require.NoError(t, err)
	assert.Equal(t, before, after)

	close(g.release)
	require.NoError(t, <-done)
	assertNoRepeats(t, filepath.Join(dir, TrialsZstdFile))

	// The lock is released at the end: the next run goes.
	_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
	require.NoError(t, err)
}

// assertNoRepeats checks that a trial log (plain or compressed) holds each trial once.
func assertNoRepeats(t *testing.T, path string) {
	data := logText(t, path)
	seen := map[int]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec struct{ Trial int }
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		require.False(t, seen[rec.Trial], "trial %d twice", rec.Trial)
		seen[rec.Trial] = true
	}
}

// frameTrial is the trial of the first line of frame i (of those ending at ends) of the
// compressed log at path.
func frameTrial(t *testing.T, path string, ends []int64, i int) int {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec, err := zstd.NewReader(nil)
	require.NoError(t, err)
	defer dec.Close()
	start := int64(0)
	if i > 0 {
		start = ends[i-1]
	}
	text, err := dec.DecodeAll(data[start:ends[i]], nil)
	require.NoError(t, err)
	var rec struct{ Trial int }
	line, _, _ := bytes.Cut(text, []byte("\n"))
	require.NoError(t, json.Unmarshal(line, &rec))
	return rec.Trial
}
