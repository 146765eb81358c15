package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/experiments"
)

func newExperimentCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "experiment",
		Aliases: []string{"exp"},
		Short:   "Run studies: many games between agents over variants, with statistics and reports",
		Long: `Run a study: every variant of an experiment file at every point of its sweep (the
cells) plays many games between agents; the results are win, draw and loss rates per
seat and agent with 95% intervals, balance measures, game lengths and margins, as a
terminal table, CSV, JSON and a self-contained HTML report.

Results are deterministic: the same file and seed give the same numbers whatever the
number of workers, however the trials are sharded, and after any interruption resumed
with --resume. Without a file, run runs the embedded default study (is Kalah fair for
the first player, and does the pie rule make it fairer?); "experiment example" prints
it and the other example studies.`,
		Example: `  kalahlab experiment run
  kalahlab experiment run study.yaml --games 50000 --workers 8 --seed 7 --out results/
  kalahlab experiment run study.yaml --out results/ --shard 3/64
  kalahlab experiment merge results/shard-*
  kalahlab experiment report results/ --format html
  kalahlab replay results/ --trial 1234`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newExperimentRunCmd(a), newExperimentMergeCmd(a), newExperimentReportCmd(a), newExperimentExampleCmd(a))
	return cmd
}

func newExperimentRunCmd(a *app) *cobra.Command {
	var agents []string
	r := runFlags{run: "run", unit: "trials"}
	cmd := &cobra.Command{
		Use:   "run [FILE]",
		Short: "Run a study (the embedded default without FILE)",
		Long: `Run a study from an experiment file (YAML), or the embedded default study.

Flags override the file: --games, --workers, --seed, --target-ci, --max-plies, --solve,
--out, --format, --agent (it replaces the agents; a ladder stays). The results table
is printed on stdout (JSON with --json); with an output directory (--out or
output.dir) the run also writes manifest.json, stats.json, the trial log
trials.jsonl.zst and the reports (table.txt, results.csv, results.json, report.html;
with --format parquet or output.formats: [parquet] also cells.parquet and
trials.parquet for DuckDB, Polars or pandas).

The trial log is JSON lines compressed with zstd (zstdcat reads it), written a frame
at a time (a MiB of lines, or every 2 seconds): a run killed outright loses at most
the games of the frame it was gathering, and --resume drops a frame cut short and
plays its trials again. --log plain (or output.compress: false) keeps a plain trials.jsonl instead;
--resume goes on in the format of the log it finds.

Progress goes to stderr: a bar on a terminal, a line every 10 seconds otherwise.
Ctrl-C stops the run keeping every finished game in the trial log; --resume goes on
from there and ends with exactly the result of an uninterrupted run.

--resume without FILE takes the plan (and every flag it was run with) from the
directory's manifest.

One process at a time writes into an output directory: a run holds a lock on it
(OUT/.kalahlab.lock; the system releases it when the run ends, however it ends), and
a second run there fails at once, naming the directory and the holder's pid.

--shard i/n runs the trials t with t mod n = i (t counts the trials of all cells) into
OUT/shard-i-of-n; "--shard n" takes i from $JOB_COMPLETION_INDEX (Kubernetes Indexed
Jobs) or $SLURM_ARRAY_TASK_ID (Slurm job arrays). "experiment merge" combines the
shards into exactly the result of one run.

Memory does not grow with --games; its only bound is that the trial numbers (cells x
games) stay below 2^53.

` + tableHelp + `

` + failuresHelp,
		Example: `  kalahlab experiment run
  kalahlab experiment run study.yaml --games 50000 --workers 8 --seed 7 --out results/
  kalahlab experiment run study.yaml --agent alphabeta:depth=6 --agent mcts:iterations=500
  kalahlab experiment run study.yaml --out results/ --resume
  kalahlab experiment run study.yaml --out results/ --shard 3/64`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, b := range []struct{ key, flag string }{
				{"games", "games"}, {"workers", "workers"}, {"target_ci", "target-ci"},
				{"max_plies", "max-plies"}, {"output.dir", "out"}, {"output.formats", "format"}, {"solve", "solve"},
				{"max_failures", "max-failures"},
			} {
				if err := a.v.BindPFlag(b.key, cmd.Flags().Lookup(b.flag)); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("variant") || len(a.sets) > 0 || a.configPath != "" {
				return fmt.Errorf("experiment run takes no --variant, --set or --config: the experiment file lists the variants and their params")
			}
			sh, err := experiments.ParseShard(r.shard, os.Getenv)
			if err != nil {
				return err
			}
			file := ""
			if len(args) == 1 {
				file = args[0]
			}
			study, cfg, err := a.loadStudy(cmd, file, agents, r.resume, sh)
			if err != nil {
				return err
			}
			dir, err := r.dir(cfg.Output.Dir, sh, "--out or output.dir")
			if err != nil {
				return err
			}
			logAs := experiments.LogPlain
			if cfg.Output.Compress {
				logAs = experiments.LogZstd
			}
			if cmd.Flags().Changed("log") {
				if logAs, err = experiments.ParseLogFormat(r.logFormat); err != nil {
					return fmt.Errorf("--log: %w", err)
				}
			}
			return a.runStudy(cmd, study, &r, studyRun{
				opt:     experiments.Options{Workers: cfg.Workers, Shard: sh, Dir: dir, Trials: cfg.Output.Trials && !r.noTrials, Log: logAs},
				out:     cfg.Output.Dir,
				formats: cfg.Output.Formats,
				resumeCommand: func(res *experiments.Result) string {
					return experiments.ResumeCommand(dir, &res.Manifest)
				},
			})
		},
	}
	f := cmd.Flags()
	f.Int("games", 0, "games per cell (overrides the file)")
	f.Int("workers", 0, workersUsage)
	f.Float64("target-ci", 0, "stop a cell once its first seat's 95% interval is narrower than this")
	f.Int("max-plies", 0, "a game still going after this many plies is a timeout")
	f.String("solve", "", "how hard to try proving each game's perfect-play value: a node count such as \"50M nodes\" (repeats exactly), or a time such as 20s (depends on the machine's load), or 0 for off")
	f.String("out", "", outUsage)
	f.StringSlice("format", nil, formatUsage)
	f.StringArrayVar(&agents, "agent", nil, "an agent `SPEC` such as alphabeta:depth=6 (repeat: one per seat, rotated)")
	r.add(f, "; overrides output.compress")
	return cmd
}

// loadStudy reads the experiment (file, default study, env, flags) and resolves it.
// Resuming without a file takes the plan of the run being resumed (the shard's, with
// --shard).
func (a *app) loadStudy(cmd *cobra.Command, file string, agents []string, resume bool, sh experiments.Shard) (*experiments.Study, *config.Experiment, error) {
	if file == "" && resume {
		out, _ := cmd.Flags().GetString("out")
		if out != "" && !sh.Whole() {
			out = filepath.Join(out, sh.Dir())
		}
		if out != "" {
			if m, err := experiments.LoadPlan(out); err == nil {
				st, err := experiments.FromPlan(m.Plan)
				if err != nil {
					return nil, nil, err
				}
				cfg, err := config.LoadExperiment(a.v, "")
				if err != nil {
					return nil, nil, err
				}
				if cmd.Flags().Changed("max-failures") {
					st.Plan.MaxFailures = cfg.MaxFailures // it judges the cells, not the trials
				}
				fmt.Fprintf(a.errOut, "resuming %s in %s\n", m.Plan.Name, out)
				return st, cfg, nil
			}
		}
	}
	cfg, err := config.LoadExperiment(a.v, file)
	if err != nil {
		return nil, nil, err
	}
	if err := cfg.SetAgents(agents); err != nil {
		return nil, nil, err
	}
	noteTimeBudget(a.errOut, append(slices.Clone(cfg.Agents), cfg.Ladder...))
	if cfg.Solve.LoadDependent() {
		fmt.Fprintf(a.errOut, "kalahlab: warning: solve: %v is a time budget: which cells get a perfect-play value depends on the machine and its load, so the results may differ from run to run (give a node count such as solve: 50M nodes)\n", cfg.Solve)
	}
	st, err := experiments.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	return st, cfg, nil
}

// progressMode decides between a bar and plain lines.
func (a *app) progressMode(mode string) (bool, error) {
	switch mode {
	case "auto":
		return isTerminal(a.errOut) && os.Getenv("TERM") != "dumb", nil
	case "bar":
		return true, nil
	case "lines", "none":
		return false, nil
	}
	return false, fmt.Errorf("--progress %q: want auto, bar, lines or none", mode)
}

// report prints the table (or JSON with --json) and writes the report files into dir.
func (a *app) report(rep *experiments.Report, dir string, formats []string) error {
	var paths []string
	if dir != "" {
		var err error
		if paths, err = experiments.WriteReports(rep, dir, formats); err != nil {
			return err
		}
	}
	var err error
	if a.json {
		err = experiments.Render(a.out, rep, "json")
	} else {
		err = experiments.WriteTable(a.out, rep)
	}
	if err != nil {
		return err
	}
	// After the table, so that the last lines on a terminal say where the files are.
	if len(paths) > 0 {
		fmt.Fprintf(a.errOut, "wrote %s\n", strings.Join(paths, ", "))
	}
	for _, p := range paths {
		if filepath.Base(p) == "report.html" {
			fmt.Fprintf(a.errOut, "report: %s (open it in a browser: xdg-open %s, or open %s on macOS; kalahlab serve --results %s serves it with its games)\n",
				p, p, p, dir)
		}
	}
	return nil
}

func newExperimentMergeCmd(a *app) *cobra.Command {
	var out, logFormat string
	var formats []string
	var noTrials, allowFailures bool
	cmd := &cobra.Command{
		Use:   "merge SHARD_DIR...",
		Short: "Combine the shards of a run into the result of one whole run",
		Long: `Combine the shard directories of a run (written by "experiment run --shard i/n")
into exactly the result one whole run would give: the counts are summed and the
stopping rule (target_ci) applied to the sum. Every shard must be there, finished, and
of the same experiment. The merged counts, the concatenated trial logs and the reports
go to --out, by default the directory holding the shards; the table is printed.

Merge refuses, writing nothing, when a shard is unfinished, is being run, counts fewer
trials than its slice holds, or has a damaged trial log (a last line or zstd frame cut
short, a trial missing or twice); the error names the shard and the command that repairs it:
  kalahlab experiment run --resume --out DIR --shard i/n
(it takes the plan from the shard's manifest and plays only the missing trials).
--no-trials merges the counts without the trial logs (no replay of the merged run).

The shards' logs may be compressed (trials.jsonl.zst) or plain (trials.jsonl); the
merged log is compressed, or plain with --log plain.`,
		Example: `  kalahlab experiment merge results/shard-*
  kalahlab experiment merge results/
  kalahlab experiment merge a/shard-0-of-2 b/shard-1-of-2 --out merged/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := config.CheckFormats(formats); err != nil {
				return err
			}
			logAs, err := experiments.ParseLogFormat(logFormat)
			if err != nil {
				return fmt.Errorf("--log: %w", err)
			}
			res, dirs, err := experiments.Merge(args)
			if err != nil {
				return err
			}
			if err := overrideMaxFailures(cmd, res); err != nil {
				return err
			}
			if out == "" {
				parents := map[string]bool{}
				for _, d := range dirs {
					parents[filepath.Dir(filepath.Clean(d))] = true
				}
				if len(parents) != 1 {
					return fmt.Errorf("the shards are in different directories: give --out DIR")
				}
				for p := range parents {
					out = p
				}
			}
			lock, err := experiments.LockDir(out)
			if err != nil {
				return err
			}
			defer lock.Unlock()
			// The trial logs first: when one is damaged, nothing is written.
			if !noTrials {
				if err := experiments.MergeTrialsAs(res, dirs, out, logAs); err != nil {
					return err
				}
			} else if err := experiments.RemoveTrialLogs(out); err != nil {
				return err
			}
			if err := experiments.Save(res, out); err != nil {
				return err
			}
			fmt.Fprintf(a.errOut, "merged %d shards into %s\n", res.Manifest.MergedFrom, out)
			rep := experiments.Summarize(res)
			if err := a.report(rep, out, formats); err != nil {
				return err
			}
			return failingCells(rep, allowFailures)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "`DIR` for the merged result (default: the shards' parent directory)")
	cmd.Flags().StringSliceVar(&formats, "format", config.DefaultExperimentFormats, "report formats to write: table, csv, json, html, parquet")
	cmd.Flags().BoolVar(&noTrials, "no-trials", false, "merge the counts only, without the shards' trial logs")
	addFailureFlags(cmd.Flags(), &allowFailures)
	cmd.Flags().StringVar(&logFormat, "log", "zstd", "the merged trial log's format: zstd (trials.jsonl.zst) or plain (trials.jsonl)")
	return cmd
}

func newExperimentReportCmd(a *app) *cobra.Command {
	var out, ratings string
	var formats []string
	cmd := &cobra.Command{
		Use:   "report DIR",
		Short: "Render the reports of a finished run again, without running it",
		Long: `Render a finished run's reports from its counts (stats.json and manifest.json):
the table is printed (JSON with --json); csv, json and html are written into the run's
directory, or --out. --max-failures judges the cells again with another limit (the
study's max_failures otherwise); report marks failing cells but always exits 0.

--format parquet writes cells.parquet (one row per cell: the columns of results.csv,
typed, missing values null) and, when the run kept a trial log, trials.parquet (one
row per trial: trial, cell, label, index, seed, seats, returns, scores, plies,
timed_out, error, opening, swap_offered, swapped, decisions, legal, move_codes), which
DuckDB, Polars and pandas read directly.

--format svg or png writes the charts of a study with a sweep as files for a paper or
slides: each metric (first seat's win rate, advantage, balance, draws, game length)
against each swept knob, one file per metric and knob, named
chart-METRIC-by-KNOB.svg (or .png, drawn at twice the size); a study with a skill
ladder adds the first seat's advantage and the balance against the rungs, perfect play
on top (chart-ladder-first_seat_advantage.svg, chart-ladder-balance.svg). Their paths
are printed, one a line. The same curves are in report.html.

--ladder-ratings TOURNAMENT places a ladder's rungs by measured strength: the
Bradley–Terry ratings of a tournament between the ladder's agents (its output
directory, or its standings.json). The ladder charts then draw the advantage and the
balance against the rungs' ratings, perfect play above the strongest rung, and the
verdict says how many Elo the rungs span and how close rungs are whose advantages have
opposite signs. Every rung must be one of the tournament's entrants.`,
		Example: `  kalahlab experiment report results/
  kalahlab experiment report results/ --format html
  kalahlab experiment report results/ --format csv,json --out /tmp/r
  kalahlab experiment report results/ --format parquet
  kalahlab experiment report results/ --format svg,png --out figures/
  kalahlab experiment report results/ --ladder-ratings results/rungs`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var reports, charts []string
			for _, f := range formats {
				switch {
				case slices.Contains(experiments.ChartFormats, f):
					charts = append(charts, f)
				case slices.Contains(config.ExperimentFormats, f):
					reports = append(reports, f)
				default:
					all := slices.Concat(config.ExperimentFormats, experiments.ChartFormats)
					if sug := core.Suggest(f, all); sug != "" {
						return fmt.Errorf("--format %q unknown (did you mean %q? want one of %s)", f, sug, strings.Join(all, ", "))
					}
					return fmt.Errorf("--format %q unknown (want one of %s)", f, strings.Join(all, ", "))
				}
			}
			if err := config.CheckFormats(reports); err != nil {
				return err
			}
			res, err := experiments.Load(args[0])
			if err != nil {
				return err
			}
			if out == "" {
				out = args[0]
			}
			if err := overrideMaxFailures(cmd, res); err != nil {
				return err
			}
			rep := experiments.Summarize(res)
			if ratings != "" {
				rr, err := experiments.LoadRungRatings(ratings)
				if err != nil {
					return err
				}
				if err := rep.ApplyRungRatings(rr); err != nil {
					return err
				}
			}
			var files []string
			for _, f := range reports {
				if f != "table" {
					files = append(files, f)
				}
			}
			if len(files) > 0 {
				paths, err := experiments.WriteReportsFrom(rep, args[0], out, files)
				if err != nil {
					return err
				}
				fmt.Fprintf(a.errOut, "wrote %s\n", strings.Join(paths, ", "))
			}
			for _, f := range charts {
				paths, err := experiments.WriteCharts(rep, out, f)
				if err != nil {
					return err
				}
				for _, p := range paths {
					fmt.Fprintln(a.out, p)
				}
			}
			if len(files)+len(charts) == len(formats) && !a.json {
				return nil
			}
			if a.json {
				return experiments.Render(a.out, rep, "json")
			}
			return experiments.WriteTable(a.out, rep)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "`DIR` for the report files (default: the run's directory)")
	cmd.Flags().String("max-failures", "", maxFailuresUsage)
	cmd.Flags().StringSliceVar(&formats, "format", []string{"table"}, "formats: table (printed), csv, json, html, parquet (written), svg, png (chart files, paths printed)")
	cmd.Flags().StringVar(&ratings, "ladder-ratings", "", "a tournament's output `DIR` (or its standings.json) rating the ladder's agents: the ladder charts' x axis and the verdict use the ratings")
	return cmd
}

func newExperimentExampleCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "example [NAME]",
		Short: "List the embedded example studies, or print one to start from",
		Long: `List the embedded example studies (each with the name its reports' headers print),
or print one to start from. NAME is the file name (study-kalah-fairness, with or
without .yaml) or the study's own name, as a report's header gives it (kalah-fairness).
"experiment run NAME" runs an example by the same names.`,
		Example: `  kalahlab experiment example
  kalahlab experiment example kalah-fairness > study.yaml
  kalahlab experiment example study-kalah-fairness > study.yaml`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				names := config.StudyExamples()
				sort.Strings(names)
				for _, n := range names {
					text, _ := config.StudyExample(n)
					first, _, _ := strings.Cut(string(text), "\n")
					mark := ""
					if n == config.DefaultStudy {
						mark = " (the default)"
					}
					fmt.Fprintf(a.out, "%s%s\n    %s: %s\n", strings.TrimSuffix(n, ".yaml"), mark, config.StudyExampleName(n), strings.TrimPrefix(first, "# "))
				}
				return nil
			}
			text, ok := config.StudyExample(args[0])
			if !ok {
				return fmt.Errorf("no example study %q (see kalahlab experiment example)", args[0])
			}
			_, err := a.out.Write(text)
			return err
		},
	}
}
