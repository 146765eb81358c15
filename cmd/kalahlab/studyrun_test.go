package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/experiments"
)

// The output directory of "experiment run" and "tournament": a shard's beneath --out,
// and a shard or --resume without one is an error naming where to give it.
func TestRunFlagsDir(t *testing.T) {
	whole, err := experiments.ParseShard("", nil)
	require.NoError(t, err)
	shard, err := experiments.ParseShard("1/4", nil)
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		run     string
		out     string
		shard   experiments.Shard
		resume  bool
		want    string
		wantErr string
	}{
		{name: "whole run", run: "run", out: "res", shard: whole, want: "res"},
		{name: "no output", run: "run", shard: whole, want: ""},
		{name: "shard beneath out", run: "tournament", out: "res", shard: shard, want: filepath.Join("res", shard.Dir())},
		{name: "shard without out", run: "run", shard: shard, wantErr: "--shard 1/4 needs an output directory (--out or output.dir): merge reads the shards from there"},
		{name: "resume without out", run: "tournament", shard: whole, resume: true, wantErr: "--resume needs the output directory of the tournament (--out DIR)"},
		{name: "resume a shard", run: "run", out: "res", shard: shard, resume: true, want: filepath.Join("res", shard.Dir())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runFlags{run: tc.run, resume: tc.resume}
			outFlags := "--out"
			if tc.run == "run" {
				outFlags = "--out or output.dir"
			}
			dir, err := r.dir(tc.out, tc.shard, outFlags)
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, dir)
		})
	}
}

// Both commands define the same flags with the same defaults; only the words naming
// what is sliced and resumed differ.
func TestRunFlagsAdd(t *testing.T) {
	for _, tc := range []struct{ run, unit, logNote string }{
		{"run", "trials", "; overrides output.compress"},
		{"tournament", "games", ""},
	} {
		t.Run(tc.run, func(t *testing.T) {
			f := pflag.NewFlagSet(tc.run, pflag.ContinueOnError)
			r := runFlags{run: tc.run, unit: tc.unit}
			r.add(f, tc.logNote)
			for name, def := range map[string]string{
				"shard": "", "resume": "false", "force": "false", "no-trials": "false", "log": "zstd",
				"progress": "auto", "max-failures": "", "allow-failures": "false",
			} {
				fl := f.Lookup(name)
				require.NotNil(t, fl, name)
				assert.Equal(t, def, fl.DefValue, name)
			}
			assert.Contains(t, f.Lookup("shard").Usage, "of the "+tc.unit+" ")
			assert.Contains(t, f.Lookup("resume").Usage, "continue the "+tc.run+" ")
			assert.Equal(t, "the trial log's format: zstd (trials.jsonl.zst) or plain (trials.jsonl)"+tc.logNote, f.Lookup("log").Usage)
			require.NoError(t, f.Parse([]string{"--shard", "2/3", "--resume", "--no-trials", "--log", "plain", "--progress", "none"}))
			assert.Equal(t, runFlags{run: tc.run, unit: tc.unit, shard: "2/3", resume: true, noTrials: true, logFormat: "plain", progress: "none"}, r)
		})
	}
}

// The note on time budgets is given once, and only when an agent has one.
func TestNoteTimeBudget(t *testing.T) {
	var b bytes.Buffer
	noteTimeBudget(&b, []ai.Spec{{Agent: "random"}, {Agent: "greedy"}})
	assert.Empty(t, b.String())
	noteTimeBudget(&b, []ai.Spec{
		{Agent: "mcts", Options: map[string]string{"time": "1s"}},
		{Agent: "alphabeta", Options: map[string]string{"time": "2s"}},
	})
	assert.Equal(t, "kalahlab: note: agent mcts:time=1s has a time budget: its moves depend on the machine's speed, so the results will not reproduce exactly (use depth, nodes or iterations)\n", b.String())
}
