package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments"
)

func TestExperimentHugeGames(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	// A trillion games per cell asked for, the stopping rule ends each cell early: the run
	// used to die allocating a bit per requested game (125 GB) before playing any.
	stdout, stderr, code := cli(t, "", "experiment", "run", study, "--games", "1000000000000", "--target-ci", "0.3", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "cli: 4 cells, 1000000000000 games each")
	assert.Contains(t, stdout, "* stopped early")
}

func TestExperimentNumericFlags(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--games", "-1"}, "games: -1 is out of range"},
		{[]string{"--games", "0"}, "games: 0 is out of range"},
		{[]string{"--games", "99999999999999999999"}, `invalid argument "99999999999999999999" for "--games" flag`},
		{[]string{"--games", "9223372036854775807"}, fmt.Sprintf("games 9223372036854775807 is too many for 4 cells: trials are numbered cell*games+index, and the numbers must stay exact in the trial log's JSON (below 2^53), so at most %d games per cell", experiments.MaxGames(4))},
		{[]string{"--games", "1e6"}, `invalid argument "1e6" for "--games" flag`},
		{[]string{"--workers", "-2"}, "workers: -2 is out of range"},
		{[]string{"--workers", "100000000"}, "workers: 100000000 is out of range"},
		{[]string{"--max-plies", "0"}, "max_plies: 0 is out of range"},
		{[]string{"--max-plies", "-3"}, "max_plies: -3 is out of range"},
		{[]string{"--target-ci", "-0.1"}, "target_ci: -0.1 is out of range"},
		{[]string{"--target-ci", "NaN"}, "target_ci: NaN is out of range"},
		{[]string{"--target-ci", "Inf"}, "target_ci: +Inf is out of range"},
		{[]string{"--seed", "-1"}, `invalid argument "-1" for "--seed" flag`},
		{[]string{"--shard", "0/0"}, `--shard "0/0": want i/n`},
		{[]string{"--shard", "-1/4", "--out", "x"}, "--shard: index -1 out of range 0..3"},
		{[]string{"--shard", "1/99999999999999999999", "--out", "x"}, "want i/n"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, stderr, code := cli(t, "", append([]string{"experiment", "run", study, "--progress", "none"}, tc.args...)...)
			assert.NotZero(t, code) // 1, or 2 for a flag that does not parse
			assert.Contains(t, stderr, tc.want)
			assert.NotContains(t, stderr, "panic")
		})
	}
}

func TestExperimentRunLockedDirectory(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	out := filepath.Join(t.TempDir(), "results")
	// Another process's run holds the directory (this one's lock stands in for it).
	lock, err := experiments.LockDir(out)
	require.NoError(t, err)
	for _, args := range [][]string{{}, {"--resume"}, {"--force"}} {
		_, stderr, code := cli(t, "", append([]string{"experiment", "run", study, "--out", out, "--progress", "none"}, args...)...)
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, out+" is in use by another kalahlab process (pid "+fmt.Sprint(os.Getpid()))
	}
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsZstdFile), "the refused runs wrote nothing")
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsFile), "the refused runs wrote nothing")
	require.NoError(t, lock.Unlock())
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--progress", "none")
	require.Equal(t, 0, code, stderr)
}

// suggested returns the command line an error message suggests between backquotes,
// as arguments for cli (without the program name).
func suggested(t *testing.T, stderr string) []string {
	m := regexp.MustCompile("`kalahlab ([^`]*)`").FindStringSubmatch(stderr)
	require.NotNil(t, m, "no command suggested in %q", stderr)
	return strings.Fields(m[1])
}

func TestExperimentMergeDamagedShards(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", strings.Replace(cliStudy, "solve: 0", "solve: 0\ntarget_ci: 0.3\ncheck_every: 20", 1))
	whole := filepath.Join(t.TempDir(), "whole")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", whole, "--games", "90", "--progress", "none")
	require.Equal(t, 0, code, stderr)

	// Plain trial logs (--log plain), to cut one mid-line.
	out := filepath.Join(t.TempDir(), "results")
	for i := 0; i < 3; i++ {
		_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--games", "90", "--shard", fmt.Sprintf("%d/3", i), "--progress", "none", "--log", "plain")
		require.Equal(t, 0, code, stderr)
	}
	shard := func(i int) string { return filepath.Join(out, fmt.Sprintf("shard-%d-of-3", i)) }

	// Shard 1's trial log cut mid-line (a full disk, a copy cut short): refused.
	log := filepath.Join(shard(1), experiments.TrialsFile)
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	// Cut inside a line, whatever order the workers wrote the lines in: a few bytes
	// before the end of the line that crosses the middle.
	nl := bytes.IndexByte(data[len(data)/2:], '\n') + len(data)/2
	require.NoError(t, os.WriteFile(log, data[:nl-5], 0o644))
	_, stderr, code = cli(t, "", "experiment", "merge", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, log)
	assert.Contains(t, stderr, "the last line is cut short")
	assert.Contains(t, stderr, "of the shard's 120 trials")
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsFile))
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsZstdFile))
	assert.NoFileExists(t, filepath.Join(out, experiments.StatsFile))
	// The repair it names works as written (the plan comes from the shard's manifest,
	// --games 90 included).
	repair := suggested(t, stderr)
	assert.Equal(t, []string{"experiment", "run", "--resume", "--out", out, "--shard", "1/3"}, repair)
	_, stderr, code = cli(t, "", append(repair, "--progress", "none")...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "kalahlab: repaired "+log+": dropped a last line cut short")

	// Shard 2 unfinished (its manifest says so): refused, with the command that resumes it.
	mpath := filepath.Join(shard(2), experiments.ManifestFile)
	m, err := os.ReadFile(mpath)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(mpath, []byte(strings.Replace(string(m), `"complete": true`, `"complete": false`, 1)), 0o644))
	_, stderr, code = cli(t, "", "experiment", "merge", shard(0), shard(1), shard(2))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, shard(2)+" holds an unfinished run of cli")
	resume := suggested(t, stderr)
	_, stderr, code = cli(t, "", append(resume, "--progress", "none")...)
	require.Equal(t, 0, code, stderr)

	// Now the merge goes through and gives exactly the single run.
	_, stderr, code = cli(t, "", "experiment", "merge", out)
	require.Equal(t, 0, code, stderr)
	single, err := os.ReadFile(filepath.Join(whole, experiments.StatsFile))
	require.NoError(t, err)
	merged, err := os.ReadFile(filepath.Join(out, experiments.StatsFile))
	require.NoError(t, err)
	assert.Equal(t, string(single), string(merged))
	// The merged log is compressed (the shards' were plain).
	assert.FileExists(t, filepath.Join(out, experiments.TrialsZstdFile))
	n := 0
	require.NoError(t, experiments.ReadTrials(out, func(*experiments.Record) error { n++; return nil }))
	assert.Equal(t, 4*90, n)

	// --no-trials merges the counts alone.
	_, stderr, code = cli(t, "", "experiment", "merge", out, "--no-trials")
	require.Equal(t, 0, code, stderr)
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsFile))
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsZstdFile))
}

// TestExperimentMergeRemedyRepairsMiddleDamage: for damage in the middle of a shard's
// trial log — a plain log's line cut in the middle (running into the next), a
// compressed log's flipped byte in a middle frame, a compressed log's zeroed tail (a
// power cut) — merge refuses the shard and names `kalahlab experiment run --resume
// --out DIR --shard i/n`; that command, run as written, repairs the log (saying what it
// dropped and how many trials the log still holds) and the merge then gives the
// single run's counts byte for byte. replay --trial of a trial in an intact frame works
// on the damaged log.
func TestExperimentMergeRemedyRepairsMiddleDamage(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	whole := filepath.Join(t.TempDir(), "whole")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", whole, "--games", "90", "--progress", "none")
	require.Equal(t, 0, code, stderr)
	single, err := os.ReadFile(filepath.Join(whole, experiments.StatsFile))
	require.NoError(t, err)

	tests := []struct {
		name, log string
		damage    func(t *testing.T, path string) (intact int) // a trial of an intact frame
		refused   string
		repaired  string
	}{
		{"plain: a line cut in the middle", "plain", func(t *testing.T, path string) int {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			lines := strings.SplitAfter(string(data), "\n")
			lines[40] = lines[40][:len(lines[40])/2] // runs into line 41
			require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644))
			return -1
		}, "not a trial record", "dropped a damaged line, not a record of this run's trials (line 41,"},
		{"zstd: a flipped byte in a middle frame", "zstd", func(t *testing.T, path string) int {
			frames, first := reframe(t, path, 10)
			frames[len(frames)/2][len(frames[len(frames)/2])/2] ^= 0x40
			require.NoError(t, os.WriteFile(path, bytes.Join(frames, nil), 0o644))
			return first
		}, "damaged zstd data at byte", "dropped a damaged zstd frame ("},
		{"zstd: a zeroed tail", "zstd", func(t *testing.T, path string) int {
			frames, first := reframe(t, path, 10)
			data := bytes.Join(frames, nil)
			clear(data[len(data)-len(frames[len(frames)-1])-len(frames[len(frames)-2])/2:])
			require.NoError(t, os.WriteFile(path, data, 0o644))
			return first
		}, "zeros", "dropped a last zstd frame cut short by zeros ("},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "results")
			for i := 0; i < 3; i++ {
				_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--games", "90", "--shard", fmt.Sprintf("%d/3", i), "--progress", "none", "--log", tc.log)
				require.Equal(t, 0, code, stderr)
			}
			shard := filepath.Join(out, "shard-1-of-3")
			name := experiments.TrialsZstdFile
			if tc.log == "plain" {
				name = experiments.TrialsFile
			}
			log := filepath.Join(shard, name)
			if intact := tc.damage(t, log); intact >= 0 {
				stdout, stderr, code := cli(t, "", "replay", shard, "--trial", fmt.Sprint(intact))
				require.Equal(t, 0, code, stderr)
				assert.Contains(t, stdout, fmt.Sprintf("trial %d", intact))
			}

			_, stderr, code := cli(t, "", "experiment", "merge", out)
			assert.Equal(t, 1, code)
			assert.Contains(t, stderr, log)
			assert.Contains(t, stderr, tc.refused)
			repair := suggested(t, stderr)
			assert.Equal(t, []string{"experiment", "run", "--resume", "--out", out, "--shard", "1/3"}, repair)
			_, stderr, code = cli(t, "", append(repair, "--progress", "none")...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "kalahlab: repaired "+log+": "+tc.repaired)
			assert.Regexp(t, `the log now holds \d+ of the 120 trials`, stderr)

			_, stderr, code = cli(t, "", "experiment", "merge", out)
			require.Equal(t, 0, code, stderr)
			merged, err := os.ReadFile(filepath.Join(out, experiments.StatsFile))
			require.NoError(t, err)
			assert.Equal(t, string(single), string(merged))
			n := 0
			require.NoError(t, experiments.ReadTrials(out, func(*experiments.Record) error { n++; return nil }))
			assert.Equal(t, 4*90, n)
		})
	}
}

// reframe writes the compressed trial log at path again as frames of n lines each (a
// run writes a frame a MiB or two seconds: a small log is one frame) and returns the
// frames and the trial of the first line.
func reframe(t *testing.T, path string, n int) ([][]byte, int) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec, err := zstd.NewReader(nil)
	require.NoError(t, err)
	defer dec.Close()
	text, err := dec.DecodeAll(data, nil)
	require.NoError(t, err)
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderCRC(true))
	require.NoError(t, err)
	defer enc.Close()
	lines := strings.SplitAfter(string(text), "\n")
	var frames [][]byte
	for i := 0; i < len(lines); i += n {
		if chunk := strings.Join(lines[i:min(i+n, len(lines))], ""); chunk != "" {
			frames = append(frames, enc.EncodeAll([]byte(chunk), nil))
		}
	}
	require.Greater(t, len(frames), 5)
	var rec struct{ Trial int }
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	return frames, rec.Trial
}
