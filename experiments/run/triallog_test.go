package run

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments/internal/logfile"
)

// logText returns the text of a trial log, decompressed when it is compressed.
func logText(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	if !logfile.IsZstd(path) {
		return data
	}
	dec, err := zstd.NewReader(nil)
	require.NoError(t, err)
	defer dec.Close()
	text, err := dec.DecodeAll(data, nil)
	require.NoError(t, err)
	return text
}

// writeLogText writes text as the trial log at path: plain, or compressed in frames of
// about 4 KiB of whole lines (as a run writes them, smaller).
func writeLogText(t testing.TB, path string, text []byte) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	format := LogPlain
	if logfile.IsZstd(path) {
		format = LogZstd
	}
	defer func(old int) { logfile.FrameBytes = old }(logfile.FrameBytes)
	logfile.FrameBytes = 4096 // a compressed log's frames
	lw, err := logfile.NewWriter(f, format != LogPlain, 4096, 1)
	require.NoError(t, err)
	for _, line := range bytes.SplitAfter(text, []byte("\n")) {
		require.NoError(t, lw.Write(line))
	}
	require.NoError(t, lw.Close())
}

// logTrials returns the trial numbers of dir's trial log, in log order.
func logTrials(t testing.TB, dir string) []int {
	t.Helper()
	var trials []int
	require.NoError(t, ReadTrials(dir, func(r *Record) error {
		trials = append(trials, r.Trial)
		return nil
	}))
	return trials
}

// frameEnds returns where each frame of a compressed log ends.
func frameEnds(t testing.TB, path string) []int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var ends []int64
	end, err := logfile.WalkFrames(bytes.NewReader(data), int64(len(data)), func(e int64) { ends = append(ends, e) })
	require.NoError(t, err)
	require.Equal(t, int64(len(data)), end)
	return ends
}

// fullStudy is smallStudy without the stopping rule: every run plays and logs every
// trial.
var fullStudy = strings.Replace(smallStudy, "target_ci: 0.09", "target_ci: 0", 1)

// smallFrames makes a compressed log's frames small (many frames in a small run) for
// the test.
func smallFrames(t *testing.T, n int) {
	old := logfile.FrameBytes
	logfile.FrameBytes = n
	t.Cleanup(func() { logfile.FrameBytes = old })
}

func TestParseLogFormat(t *testing.T) {
	tests := []struct {
		in   string
		want LogFormat
		err  string
	}{
		{"", LogZstd, ""},
		{"zstd", LogZstd, ""},
		{" ZSTD ", LogZstd, ""},
		{"zst", LogZstd, ""},
		{"plain", LogPlain, ""},
		{"jsonl", LogPlain, ""},
		{"gzip", "", `trial log format "gzip" unknown (want zstd or plain)`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseLogFormat(tc.in)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	assert.Equal(t, "trials.jsonl.zst", LogZstd.File())
	assert.Equal(t, "trials.jsonl", LogPlain.File())
}

func TestCompressedLogRoundTrip(t *testing.T) {
	// Frames from the collector, or from the workers (batches of 2 KiB or more).
	for name, wf := range map[string]int{"collector": math.MaxInt, "workers": 2 << 10} {
		t.Run(name, func(t *testing.T) {
			old := logfile.WorkerFrame
			logfile.WorkerFrame = wf
			t.Cleanup(func() { logfile.WorkerFrame = old })
			compressedRoundTrip(t)
		})
	}
}

func compressedRoundTrip(t *testing.T) {
	smallFrames(t, 8<<10)
	s := study(t, fullStudy)
	plain, zst := t.TempDir(), t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: plain, Trials: true, Log: LogPlain})
	require.NoError(t, err)
	// The default format; a worker on every core, so that the workers compress.
	_, err = Run(context.Background(), s, Options{Workers: runtime.GOMAXPROCS(0), Dir: zst, Trials: true, Chunk: 20})
	require.NoError(t, err)

	assert.FileExists(t, filepath.Join(plain, TrialsFile))
	assert.NoFileExists(t, filepath.Join(plain, TrialsZstdFile))
	assert.FileExists(t, filepath.Join(zst, TrialsZstdFile))
	assert.NoFileExists(t, filepath.Join(zst, TrialsFile))
	assert.Equal(t, string(statsBytes(t, plain)), string(statsBytes(t, zst)))

	// The same lines (in the order the workers finished them, which may differ).
	sorted := func(text []byte) []string {
		lines := strings.SplitAfter(string(text), "\n")
		sort.Strings(lines)
		return lines
	}
	plainText := logText(t, filepath.Join(plain, TrialsFile))
	zstText := logText(t, filepath.Join(zst, TrialsZstdFile))
	assert.True(t, slices.Equal(sorted(plainText), sorted(zstText)), "the same lines")
	assert.Equal(t, 4*400, len(logTrials(t, zst)))

	// Many frames, each of whole lines, and the stream is whole.
	path := filepath.Join(zst, TrialsZstdFile)
	st, err := os.Stat(path)
	require.NoError(t, err)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	end, err := logfile.FramesEnd(f, st.Size())
	require.NoError(t, err)
	assert.Equal(t, st.Size(), end)
	ends := frameEnds(t, path)
	assert.Greater(t, len(ends), 5, "frames of about 8 KiB (or a batch of trials, when larger)")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec, err := zstd.NewReader(nil)
	require.NoError(t, err)
	defer dec.Close()
	prev := int64(0)
	for _, e := range ends {
		text, err := dec.DecodeAll(data[prev:e], nil)
		require.NoError(t, err, "each frame decodes alone")
		assert.True(t, bytes.HasSuffix(text, []byte("\n")), "a frame ends at the end of a line")
		prev = e
	}
	assert.Less(t, st.Size()*3, int64(len(plainText)), "compressed to less than a third")
}

func TestResumeAfterACutFrame(t *testing.T) {
	smallFrames(t, 8<<10)
	s := study(t, fullStudy)
	whole := t.TempDir()
	single, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)

	tests := []struct {
		name string
		cut  func(ends []int64) int64 // the bytes kept
	}{
		{"mid-frame", func(ends []int64) int64 { return (ends[len(ends)/2-1] + ends[len(ends)/2]) / 2 }},
		{"in the magic number", func(ends []int64) int64 { return ends[len(ends)/3] + 2 }},
		{"in the frame header", func(ends []int64) int64 { return ends[len(ends)/3] + 5 }},
		{"at a frame's end", func(ends []int64) int64 { return ends[len(ends)/2] }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Interrupted, then killed outright in the middle of a frame's write.
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			_, err := Run(ctx, s, Options{Workers: 2, Dir: dir, Trials: true, Chunk: 5, Progress: &cancelAfter{n: 40, cancel: cancel}, LineEvery: 1})
			require.ErrorIs(t, err, ErrInterrupted)
			path := filepath.Join(dir, TrialsZstdFile)
			ends := frameEnds(t, path)
			require.Greater(t, len(ends), 3)
			keep := tc.cut(ends)
			require.NoError(t, os.Truncate(path, keep))
			kept := 0
			if e := sort.Search(len(ends), func(i int) bool { return ends[i] > keep }); e > 0 {
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				dec, err := zstd.NewReader(nil)
				require.NoError(t, err)
				text, err := dec.DecodeAll(data[:ends[e-1]], nil)
				dec.Close()
				require.NoError(t, err)
				kept = bytes.Count(text, []byte("\n"))
			}

			// Replay refuses the damaged log; resume repairs it.
			atEnd := keep == ends[sort.Search(len(ends), func(i int) bool { return ends[i] >= keep })]
			_, err = FindTrial(dir, 1_000_000)
			if atEnd {
				assert.ErrorContains(t, err, "not in the trial log")
			} else {
				assert.ErrorContains(t, err, "the last zstd frame is cut short")
			}
			var notes strings.Builder
			resumed, err := Run(context.Background(), s, Options{Workers: 3, Dir: dir, Trials: true, Resume: true, Notes: &notes})
			require.NoError(t, err)
			if atEnd {
				assert.Empty(t, notes.String(), "nothing to repair at a frame's end")
			} else {
				assert.Contains(t, notes.String(), fmt.Sprintf("repaired %s: dropped a last zstd frame cut short (", path))
				assert.Contains(t, notes.String(), "its trials run again")
			}
			assert.Equal(t, int64(4*400-kept), resumed.Manifest.TrialsRun, "the trials of the lost frames are played again, and only those")
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, dir)))
			assert.Equal(t, cellsJSON(t, single), cellsJSON(t, resumed))
			assert.Equal(t, 4*400, len(logTrials(t, dir)))
			assertNoRepeats(t, path)
		})
	}
}

func TestResumeKeepsTheLogsFormat(t *testing.T) {
	s := study(t, fullStudy)
	for _, format := range []LogFormat{LogPlain, LogZstd} {
		t.Run(string(format), func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			_, err := Run(ctx, s, Options{Workers: 2, Dir: dir, Trials: true, Log: format, Chunk: 5, Progress: &cancelAfter{n: 8, cancel: cancel}, LineEvery: 1})
			require.ErrorIs(t, err, ErrInterrupted)
			other := LogPlain
			if format == LogPlain {
				other = LogZstd
			}
			_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true, Log: other})
			require.NoError(t, err)
			assert.FileExists(t, filepath.Join(dir, format.File()))
			assert.NoFileExists(t, filepath.Join(dir, other.File()))
			assert.Equal(t, 4*400, len(logTrials(t, dir)))

			// --force starts again in the format asked for.
			_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Force: true, Log: other})
			require.NoError(t, err)
			assert.NoFileExists(t, filepath.Join(dir, format.File()))
			assert.FileExists(t, filepath.Join(dir, other.File()))
		})
	}
}

func TestTwoLogsAreRefused(t *testing.T) {
	s := study(t, smallStudy)
	dir := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, TrialsFile), nil, 0o644))
	want := "holds two trial logs, trials.jsonl.zst and trials.jsonl"
	_, err = FindTrial(dir, 1)
	assert.ErrorContains(t, err, want)
	_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
	assert.ErrorContains(t, err, want)

	require.NoError(t, RemoveTrialLogs(dir))
	_, err = TrialLog(dir)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	_, err = FindTrial(dir, 1)
	assert.ErrorContains(t, err, "the run kept none")
	_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
	assert.ErrorContains(t, err, "no trial log to resume from (trials.jsonl.zst or trials.jsonl)")
}

func TestCompressedShardsMergeToTheWholeRun(t *testing.T) {
	smallFrames(t, 8<<10)
	s := study(t, smallStudy)
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)
	// Shards play every trial (the stopping rule waits for the merge).
	every := make([]int, 4*400)
	for i := range every {
		every[i] = i
	}

	tests := []struct {
		name   string
		shards []LogFormat // each shard's log
		merged LogFormat
	}{
		{"compressed", []LogFormat{LogZstd, LogZstd, LogZstd}, LogZstd},
		{"mixed", []LogFormat{LogPlain, LogZstd, LogPlain}, LogZstd},
		{"to plain", []LogFormat{LogZstd, LogZstd, LogZstd}, LogPlain},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			for i, f := range tc.shards {
				sh := Shard{Index: i, Count: len(tc.shards)}
				_, err := Run(context.Background(), s, Options{Workers: 2, Shard: sh, Dir: filepath.Join(out, sh.Dir()), Trials: true, Log: f})
				require.NoError(t, err)
			}
			// A stale merged log of the other format goes.
			other := LogPlain
			if tc.merged == LogPlain {
				other = LogZstd
			}
			require.NoError(t, os.WriteFile(filepath.Join(out, other.File()), []byte("stale\n"), 0o644))

			res, dirs, err := Merge([]string{out})
			require.NoError(t, err)
			require.NoError(t, MergeTrialsAs(res, dirs, out, tc.merged))
			require.NoError(t, Save(res, out))
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, out)))
			assert.FileExists(t, filepath.Join(out, tc.merged.File()))
			assert.NoFileExists(t, filepath.Join(out, other.File()))
			assert.NoFileExists(t, filepath.Join(out, tc.merged.File()+".tmp"))
			trials := logTrials(t, out)
			sort.Ints(trials)
			assert.True(t, slices.Equal(every, trials), "the merged log holds every trial once")

			// Replay from the merged log, and from the shards' logs without it.
			for _, id := range []int{0, 5, 1599} {
				rec, err := FindTrial(out, id)
				require.NoError(t, err)
				assert.Equal(t, id, rec.Trial)
				_, steps, err := Replay(s, rec)
				require.NoError(t, err)
				assert.Len(t, steps, rec.Plies)
			}
			require.NoError(t, RemoveTrialLogs(out))
			rec, err := FindTrial(out, 1598)
			require.NoError(t, err)
			assert.Equal(t, 1598, rec.Trial)
		})
	}
}

func TestMergeRefusesACutFrame(t *testing.T) {
	smallFrames(t, 8<<10)
	s := study(t, smallStudy)
	out := t.TempDir()
	dirs := runShards(t, s, out, 3)
	log := filepath.Join(dirs[2], TrialsZstdFile)
	ends := frameEnds(t, log)
	require.NoError(t, os.Truncate(log, ends[len(ends)-1]-10))

	_, err := mergeAll(out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), log)
	assert.Contains(t, err.Error(), "the last zstd frame is cut short")
	assert.Contains(t, err.Error(), fmt.Sprintf("from byte %d", ends[len(ends)-2]))
	assert.Contains(t, err.Error(), "kalahlab experiment run --resume --out "+out+" --shard 2/3")
	assert.NoFileExists(t, filepath.Join(out, TrialsZstdFile))
	assert.NoFileExists(t, filepath.Join(out, StatsFile))
}

// zstdFrameBytes compresses text as one frame.
func zstdFrameBytes(t testing.TB, text string, opts ...zstd.EOption) []byte {
	enc, err := zstd.NewWriter(nil, opts...)
	require.NoError(t, err)
	defer enc.Close()
	return enc.EncodeAll([]byte(text), nil)
}

func FuzzZstdFramesEnd(f *testing.F) {
	frame := zstdFrameBytes(f, strings.Repeat("line\n", 100))
	f.Add(frame)
	f.Add(append(append([]byte(nil), frame...), frame[:7]...))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00})
	f.Add([]byte{0x50, 0x2a, 0x4d, 0x18, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		end, err := logfile.FramesEnd(bytes.NewReader(data), int64(len(data)))
		if end < 0 || end > int64(len(data)) {
			t.Fatalf("end %d outside 0..%d", end, len(data))
		}
		if err != nil {
			return
		}
		// The whole frames found decode, or fail cleanly: never a panic.
		dec, derr := zstd.NewReader(nil, zstd.WithDecoderMaxMemory(1<<20))
		if derr != nil {
			t.Fatal(derr)
		}
		defer dec.Close()
		_, _ = dec.DecodeAll(data[:end], nil)
	})
}

func TestReadTrialsStopsOnError(t *testing.T) {
	s := study(t, "variants: [kalah]\nsweep: { houses: [3] }\ngames: 20\nsolve: 0\n")
	dir := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 1, Dir: dir, Trials: true})
	require.NoError(t, err)
	stop := errors.New("stop")
	n := 0
	err = ReadTrials(dir, func(*Record) error {
		if n++; n == 3 {
			return stop
		}
		return nil
	})
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, 3, n)

	// A log edited into something else names its line.
	path := filepath.Join(dir, TrialsZstdFile)
	text := logText(t, path)
	lines := strings.SplitAfter(string(text), "\n")
	lines[4] = "not json\n"
	writeLogText(t, path, []byte(strings.Join(lines, "")))
	err = ReadTrials(dir, func(*Record) error { return nil })
	assert.ErrorContains(t, err, path+":5: ")
	var syntax *json.SyntaxError
	assert.ErrorAs(t, err, &syntax)
}

func TestResumeFromAnEmptyLog(t *testing.T) {
	s := study(t, "variants: [kalah]\nsweep: { houses: [3] }\ngames: 100\nsolve: 0\n")
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)
	for _, format := range []LogFormat{LogPlain, LogZstd} {
		t.Run(string(format), func(t *testing.T) {
			// Interrupted before any game: the log is there, empty.
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			_, err := Run(ctx, s, Options{Workers: 2, Dir: dir, Trials: true, Log: format})
			require.ErrorIs(t, err, ErrInterrupted)
			st, err := os.Stat(filepath.Join(dir, format.File()))
			require.NoError(t, err)
			assert.Zero(t, st.Size())

			r, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
			require.NoError(t, err)
			assert.Equal(t, int64(100), r.Manifest.TrialsRun)
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, dir)))
		})
	}
}

// envRunHelper makes the test binary a process that runs killStudy slowly into a
// directory, for TestKilledRunResumes to kill.
const envRunHelper = "KALAHLAB_TEST_RUN_HELPER"

// killStudy is the study of TestKilledRunResumes.
const killStudy = "variants: [kalah]\nsweep: { houses: [3] }\ngames: 3000\nseed: 11\nsolve: 0\n"

// slowWriter is a progress writer that holds the collector a while on every line: a run
// slow enough to be killed in the middle.
type slowWriter struct{}

func (slowWriter) Write(p []byte) (int, error) {
	time.Sleep(20 * time.Millisecond)
	return len(p), nil
}

func TestRunHelperProcess(t *testing.T) {
	dir := os.Getenv(envRunHelper)
	if dir == "" {
		t.Skip("a helper for TestKilledRunResumes")
	}
	logfile.FrameBytes = 2048
	format, err := ParseLogFormat(os.Getenv("KALAHLAB_TEST_LOG"))
	require.NoError(t, err)
	s := study(t, killStudy)
	_, err = Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Log: format, Chunk: 10, Progress: slowWriter{}, LineEvery: 1})
	fmt.Println("finished:", err) // too early: the test kills the run before
	os.Exit(1)
}

func TestKilledRunResumes(t *testing.T) {
	s := study(t, killStudy)
	whole := t.TempDir()
	_, err := Run(context.Background(), s, Options{Workers: 2, Dir: whole, Trials: true})
	require.NoError(t, err)

	for _, format := range []LogFormat{LogZstd, LogPlain} {
		t.Run(string(format), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestRunHelperProcess$")
			cmd.Env = append(os.Environ(), envRunHelper+"="+dir, "KALAHLAB_TEST_LOG="+string(format))
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })

			// Killed outright (SIGKILL: no deferred flush) once a few batches are logged.
			log := filepath.Join(dir, format.File())
			deadline := time.Now().Add(2 * time.Minute)
			for {
				if st, err := os.Stat(log); err == nil && st.Size() > 6000 {
					break
				}
				require.True(t, time.Now().Before(deadline), "the helper logged nothing: %s", out.String())
				time.Sleep(10 * time.Millisecond)
			}
			require.NoError(t, cmd.Process.Kill())
			_ = cmd.Wait()
			require.NotContains(t, out.String(), "finished:", "the run was to be killed before its end")

			// Every trial whose line reached the file in a whole frame (a whole line)
			// counts; the others run again.
			kept := wholeLines(t, log)
			require.Positive(t, kept)
			require.Less(t, kept, 3000)
			r, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true, Resume: true})
			require.NoError(t, err)
			assert.Equal(t, int64(3000-kept), r.Manifest.TrialsRun)
			assert.Equal(t, string(statsBytes(t, whole)), string(statsBytes(t, dir)))
			assert.Equal(t, 3000, len(logTrials(t, dir)))
		})
	}
}

// wholeLines counts the whole lines of a trial log: those of its whole frames, or
// before a last line cut short.
func wholeLines(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	if logfile.IsZstd(path) {
		end, err := logfile.FramesEnd(bytes.NewReader(data), int64(len(data)))
		require.NoError(t, err)
		dec, err := zstd.NewReader(nil)
		require.NoError(t, err)
		defer dec.Close()
		if data, err = dec.DecodeAll(data[:end], nil); err != nil {
			require.NoError(t, err)
		}
	}
	return bytes.Count(data, []byte("\n"))
}

// FuzzZstdFrames: reading any bytes as a compressed log, skipping damage or not, never
// panics, reads at most logfile.MaxFrameText a frame, and with skip lists damage that covers the
// bytes that are not frames, in order and within the file.
func FuzzZstdFrames(f *testing.F) {
	a := zstdFrameBytes(f, strings.Repeat(`{"trial":1,"cell":0}`+"\n", 50), zstd.WithEncoderCRC(true))
	b := zstdFrameBytes(f, "short\n", zstd.WithEncoderCRC(true))
	f.Add(append(append([]byte(nil), a...), b...))
	f.Add(append(append(append([]byte(nil), a...), 0, 0, 0, 0), b...))
	f.Add(append(append([]byte(nil), a[:len(a)/2]...), b...))
	f.Add(make([]byte, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, skip := range []bool{false, true} {
			z, err := logfile.NewFrames(bytes.NewReader(data), int64(len(data)), skip)
			require.NoError(t, err)
			text, err := io.ReadAll(z)
			z.Close()
			if !skip {
				continue // an error or the text: either is fine, a panic is not
			}
			require.NoError(t, err)
			assert.LessOrEqual(t, len(text), logfile.MaxFrameText*(len(data)/4+1), "each frame (4 bytes at least) bounded")
			prev := int64(0)
			for _, d := range z.Damage() {
				assert.GreaterOrEqual(t, d.Off, prev)
				assert.Positive(t, d.N)
				assert.LessOrEqual(t, d.Off+d.N, int64(len(data)))
				prev = d.Off + d.N
			}
		}
	})
}
