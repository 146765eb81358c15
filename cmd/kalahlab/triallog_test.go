package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/experiments"
)

func TestExperimentLogFormatsAndParquet(t *testing.T) {
	clearExperimentEnv(t)
	tests := []struct {
		name  string
		study string
		args  []string
		log   string
	}{
		{"compressed by default", cliStudy, nil, experiments.TrialsZstdFile},
		{"--log plain", cliStudy, []string{"--log", "plain"}, experiments.TrialsFile},
		{"output.compress: false", cliStudy + "output: { compress: false }\n", nil, experiments.TrialsFile},
		{"--log zstd over output.compress: false", cliStudy + "output: { compress: false }\n", []string{"--log", "zstd"}, experiments.TrialsZstdFile},
		{"parquet in output.formats", cliStudy + "output: { formats: [csv, parquet] }\n", nil, experiments.TrialsZstdFile},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			study := writeFile(t, "study.yaml", tc.study)
			out := filepath.Join(t.TempDir(), "results")
			args := append([]string{"experiment", "run", study, "--out", out, "--progress", "none"}, tc.args...)
			_, stderr, code := cli(t, "", args...)
			require.Equal(t, 0, code, stderr)
			log, err := experiments.TrialLog(out)
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(out, tc.log), log)

			text, stderr, code := cli(t, "", "replay", out, "--trial", "65", "--color", "never")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, text, "trial 65")

			if strings.Contains(tc.study, "parquet") {
				assert.FileExists(t, filepath.Join(out, experiments.CellsParquetFile))
				assert.FileExists(t, filepath.Join(out, experiments.TrialsParquetFile))
			} else {
				assert.NoFileExists(t, filepath.Join(out, experiments.CellsParquetFile), "parquet is not a default format")
			}
		})
	}

	t.Run("bad --log", func(t *testing.T) {
		_, stderr, code := cli(t, "", "experiment", "run", writeFile(t, "study.yaml", cliStudy), "--out", t.TempDir(), "--log", "gzip")
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, `--log: trial log format "gzip" unknown (want zstd or plain)`)
	})
}

func TestExperimentResumeAfterACutFrameCLI(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	whole := filepath.Join(t.TempDir(), "whole")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", whole, "--progress", "none")
	require.Equal(t, 0, code, stderr)

	// A run killed in the middle of writing its last frame: the file ends mid-frame.
	out := filepath.Join(t.TempDir(), "results")
	_, stderr, code = cli(t, "", "experiment", "run", study, "--out", out, "--progress", "none")
	require.Equal(t, 0, code, stderr)
	log := filepath.Join(out, experiments.TrialsZstdFile)
	st, err := os.Stat(log)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(log, st.Size()-7))

	_, stderr, code = cli(t, "", "replay", out, "--trial", "1")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "the last zstd frame is cut short")

	_, stderr, code = cli(t, "", "experiment", "run", "--resume", "--out", out, "--progress", "none")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "kalahlab: repaired "+log+": dropped a last zstd frame cut short")
	single, err := os.ReadFile(filepath.Join(whole, experiments.StatsFile))
	require.NoError(t, err)
	resumed, err := os.ReadFile(filepath.Join(out, experiments.StatsFile))
	require.NoError(t, err)
	assert.Equal(t, string(single), string(resumed))

	// The report renders Parquet afterwards, into another directory too.
	reports := t.TempDir()
	stdout, stderr, code := cli(t, "", "experiment", "report", out, "--format", "parquet", "--out", reports)
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, filepath.Join(reports, experiments.CellsParquetFile))
	assert.Contains(t, stderr, filepath.Join(reports, experiments.TrialsParquetFile))
	assert.FileExists(t, filepath.Join(reports, experiments.TrialsParquetFile))
}

func TestExperimentMergeLogFormats(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	out := filepath.Join(t.TempDir(), "results")
	for i, log := range []string{"zstd", "plain"} {
		_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--shard", []string{"0/2", "1/2"}[i], "--progress", "none", "--log", log)
		require.Equal(t, 0, code, stderr)
	}
	_, stderr, code := cli(t, "", "experiment", "merge", out, "--log", "plain", "--format", "csv,parquet")
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(out, experiments.TrialsFile))
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsZstdFile))
	assert.FileExists(t, filepath.Join(out, experiments.CellsParquetFile))
	assert.FileExists(t, filepath.Join(out, experiments.TrialsParquetFile))
	n := 0
	require.NoError(t, experiments.ReadTrials(out, func(*experiments.Record) error { n++; return nil }))
	assert.Equal(t, 4*60, n)

	_, stderr, code = cli(t, "", "experiment", "merge", out)
	require.Equal(t, 0, code, stderr)
	assert.NoFileExists(t, filepath.Join(out, experiments.TrialsFile), "the plain merged log is replaced")
	assert.FileExists(t, filepath.Join(out, experiments.TrialsZstdFile))

	_, stderr, code = cli(t, "", "experiment", "merge", out, "--log", "lz4")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `--log: trial log format "lz4" unknown`)
}
