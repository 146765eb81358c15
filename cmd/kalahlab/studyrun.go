package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/experiments"
)

// The usages of the flags that "experiment run" and "tournament" share but define
// each in its own way (bound to viper in one, to a variable in the other).
const (
	workersUsage = "games played in parallel (default one per core)"
	outUsage     = "output `DIR` for the trial log, the counts and the reports"
	formatUsage  = "report formats written to the output directory: table, csv, json, html, parquet"
)

// runFlags are the flags of a command that plays a study into an output directory
// ("experiment run", "tournament"): sharding, resuming, the trial log, progress and
// failures.
type runFlags struct {
	// run names what --resume continues ("run", "tournament"), unit what a shard
	// slices ("trials", "games").
	run, unit string

	shard, progress, logFormat             string
	resume, force, noTrials, allowFailures bool
}

// add defines the flags on f; logNote ends the usage of --log.
func (r *runFlags) add(f *pflag.FlagSet, logNote string) {
	f.StringVar(&r.shard, "shard", "", "run one slice `i/n` of the "+r.unit+" (or n: i from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID)")
	f.BoolVar(&r.resume, "resume", false, "continue the "+r.run+" in the output directory from its trial log")
	f.BoolVar(&r.force, "force", false, "start again even if the output directory holds a run")
	f.BoolVar(&r.noTrials, "no-trials", false, "keep no trial log (no replay, no --resume)")
	addFailureFlags(f, &r.allowFailures)
	f.StringVar(&r.logFormat, "log", "zstd", "the trial log's format: zstd (trials.jsonl.zst) or plain (trials.jsonl)"+logNote)
	f.StringVar(&r.progress, "progress", "auto", "progress on stderr: auto, bar, lines or none")
}

// dir is the directory the run writes into: out, or a shard's directory beneath it.
// A shard and --resume need one; outFlags says where it is given ("--out").
func (r *runFlags) dir(out string, sh experiments.Shard, outFlags string) (string, error) {
	dir := out
	if !sh.Whole() {
		if out == "" {
			return "", fmt.Errorf("--shard %s needs an output directory (%s): merge reads the shards from there", sh, outFlags)
		}
		dir = filepath.Join(out, sh.Dir())
	}
	if r.resume && dir == "" {
		return "", fmt.Errorf("--resume needs the output directory of the %s (--out DIR)", r.run)
	}
	return dir, nil
}

// studyRun is what a command adds to its flags to play a study.
type studyRun struct {
	// opt sets Workers, Shard, Dir, Trials and Log; the flags set the rest.
	opt experiments.Options
	// out is the directory the shards are written beneath, for the merge command.
	out     string
	formats []string
	// resumeCommand is the command that continues an interrupted run.
	resumeCommand func(*experiments.Result) string
}

// runStudy plays the study and reports it: the table (or JSON) on stdout and the
// report files in the output directory, then failingCells. An interrupted run names
// the command that continues it; a shard's run ends with the command that merges the
// shards.
func (a *app) runStudy(cmd *cobra.Command, study *experiments.Study, r *runFlags, run studyRun) error {
	showBar, err := a.progressMode(r.progress)
	if err != nil {
		return err
	}
	opt := run.opt
	opt.Resume, opt.Force, opt.Version, opt.Notes = r.resume, r.force, programVersion(), a.errOut
	if r.progress != "none" {
		opt.Progress, opt.Bar = a.errOut, showBar
	}
	res, err := experiments.Run(cmd.Context(), study, opt)
	if errors.Is(err, experiments.ErrInterrupted) {
		if opt.Dir != "" && opt.Trials && res != nil {
			log, lerr := experiments.TrialLog(opt.Dir)
			if lerr != nil {
				log = filepath.Join(opt.Dir, opt.Log.File())
			}
			fmt.Fprintf(a.errOut, "kalahlab: %v; the finished games are in %s: continue with\n  %s\n",
				err, log, run.resumeCommand(res))
		}
		if ctxErr := cmd.Context().Err(); ctxErr != nil {
			return ctxErr
		}
		return err
	}
	if err != nil {
		return err
	}
	if !opt.Shard.Whole() {
		fmt.Fprintf(a.errOut, "shard %s done: %d games in %s; when every shard is done:\n  kalahlab experiment merge %s\n",
			opt.Shard, res.Manifest.TrialsRun, opt.Dir, filepath.Join(run.out, "shard-*"))
		return nil
	}
	rep := experiments.Summarize(res)
	if err := a.report(rep, opt.Dir, run.formats); err != nil {
		return err
	}
	return failingCells(rep, r.allowFailures)
}

// noteTimeBudget notes, once, that an agent with a time budget makes a run that does
// not reproduce.
func noteTimeBudget(w io.Writer, agents []ai.Spec) {
	for _, s := range agents {
		if _, timed := s.Options["time"]; timed {
			fmt.Fprintf(w, "kalahlab: note: agent %s has a time budget: its moves depend on the machine's speed, so the results will not reproduce exactly (use depth, nodes or iterations)\n", s)
			return
		}
	}
}
