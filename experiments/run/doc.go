// Package run plays a study (package experiments/plan) and keeps what it counted: the
// runner and its workers, the trial log (records, resume, repair), the counts per cell
// (Stats, Hist, WDL), shards and their merge, replay, and the output directory's lock.
// It knows nothing of reports: package experiments/report turns a [Result] into tables,
// charts and files.
//
// # Determinism
//
// Counts are sums of integers and histograms, which do not depend on the order the
// trials finish in; so 1 and 16 workers, any sharding, and any interruption followed by
// --resume give identical results. The stopping rule (target_ci) is defined on trial
// index order: trials are grouped in blocks of check_every (rounded up to a whole number
// of seat rotations), and the cell stops after the first block b such that the first
// seat's 95% Wilson interval over blocks 0..b is narrower than target_ci. Trials past
// that point may have been played (by workers running ahead) but are never counted.
// A shard cannot know where the study stops, so it plays every trial of its slice and
// keeps its counts per block; merge sums the blocks and applies the rule.
//
// Perfect-play values are deterministic too when the study's solve is a node budget
// (config.SolveBudget, "50M nodes"): each solve runs on one thread and gives up after
// that many nodes (solve.Options.Nodes), so the same cells are solved on any machine
// under any load. A time budget ("20s") is accepted, but which cells it solves depends
// on the load; `experiment run` warns about it. A mancala game whose repetition rule
// scores every cycle alike is proved by retrograde analysis (package ai/retrograde)
// when its positions fit in a million (or the node budget, if smaller), else searched;
// positions count as nodes, so this too is the same on every machine.
//
// # Running
//
// [Run] plays the trials on a pool of workers, each with its own game (a Lua variant's
// game is bound to one Lua state and is never shared) and its own agents. Memory does
// not grow with the number of games, asked for or played (the trials done are a
// low-water mark and the few runs finished above it; games is bounded by [plan.MaxGames]
// only): each finished trial is counted and, when a trial log is kept, appended to
// it ([Record]: index, seed, seats, move_codes, returns, plies, timed_out, error), so
// that any game replays and an interrupted run resumes.
//
// The trial log is JSON lines compressed with zstd, trials.jsonl.zst ([LogZstd], the
// default; about 50 bytes a random Kalah game against 280 plain): a stream of
// independent frames of whole lines, one per MiB of lines or every two seconds (with a
// worker on every core, the workers compress their large batches themselves). A run
// killed outright loses at most the lines not yet in a frame; --resume drops a last
// frame cut short or zeroed (a power cut) and plays its trials again, as it drops a
// plain log's last line cut short; it drops damage in the middle too (frames that do
// not decode, lines that are not records of the run's trials) and plays those trials
// again. Readers decode a compressed log frame by frame, each checked before its lines
// are read ([FindTrial] skips damaged frames). [LogPlain] keeps a plain trials.jsonl. Every reader ([FindTrial], [ReadTrials],
// --resume, [MergeTrialsAs]) takes either. The parquet report format (report.WriteReports
// with "parquet") exports trials.parquet and cells.parquet for DuckDB, Polars or
// pandas.
// A game that fails — a Lua hook error or time limit, an agent error, a panic — is
// recorded with its error and counted apart (not in the rates); the run goes on. A game
// still going after max_plies is a timeout, counted as a draw and reported.
//
// A trial's move_codes are the game's own move codes, chance outcomes included — the
// integers a core.Move holds (Kalah: house 1 is code 0), not the notation players
// read; opening, in the same record, is in notation. `kalahlab replay` shows the moves
// in notation. Logs written before the field was named move_codes call it moves:
// [Record.UnmarshalJSON] reads both, so replay, --resume and merge take old logs.
//
// The run time (Manifest.Seconds, the reports' header) is summed over the first run
// and every --resume (Manifest.Runs counts them); games per second is the last run's.
//
// # Output directory
//
//	manifest.json   the plan (every setting, each variant's script hash) and the run
//	stats.json      the counts per cell (what merge and report read)
//	trials.jsonl.zst  one line per trial, compressed (replay, --resume); trials.jsonl
//	                  when plain
//	.kalahlab.lock  the lock of the run writing here ([LockDir]): one at a time
//	table.txt results.csv results.json report.html    the reports (package report)
//	cells.parquet trials.parquet    the parquet report format (package report)
//
// A shard writes the same files into OUT/shard-I-of-N; [Merge] combines the shard
// directories into the result of one whole run, refusing a shard unfinished, locked or
// whose counts fall short of its slice, and [MergeTrialsAs] checks every shard's trial
// log as it concatenates them (no line or frame cut short or damaged, no trial missing
// or twice), plain or compressed, into one log, compressed or plain; a damaged shard's
// error names the --resume that repairs it. A run gathers its report's links to
// example games as it logs its trials, and a merge as it copies the logs, so that the
// report reads no log.
package run
