// Package experiments runs studies: many games between agents over a grid of variants
// (the cells), counted into balance measures with intervals, and rendered as a terminal
// table, CSV, JSON and a self-contained HTML report.
//
// # Rooms
//
// The package keeps the studies, the runner and the reports; what stands on its own
// lives in packages beneath it, which never import it back:
//
//   - experiments/stats: the statistics, pure functions on counts (intervals, tests,
//     score rates, advantage and balance, Holm's adjustment, the seat tests); [Estimate]
//     and [SeatTest] are its types under their old names.
//   - experiments/rating: Bradley–Terry ratings for tournaments and rung ratings.
//   - experiments/internal/chart: the charts as pictures (SVG and PNG), knowing no
//     study; the report decides what they show (curves.go, ladder.go), and
//     [BoardPNG] is its board painter.
//   - experiments/internal/logfile: the trial log's bytes (plain lines or zstd
//     frames of whole lines, written and read back, damage found and listed); what
//     the lines mean, resuming and repairing stay here (triallog.go, output.go).
//   - experiments/internal/dirlock: the lock on an output directory ([LockDir]).
//
// # Studies, cells, trials
//
// A study ([Study], built by [New] from a config.Experiment) is a list of cells: each
// variant of the experiment at each point of its sweep. Each cell plays games trials
// (fewer when target_ci stops it early). Trial i of cell c is a whole game: its seats
// are taken by the agents in rotation (seat s plays agents[(s+i) mod k] with k agents
// when rotate_seats is on), and every random choice it makes — dice (chance nodes,
// sampled by their probabilities), random opening moves, epsilon moves, the agents' own
// seeds — comes from one seed derived from the study's seed, c and i alone (it is the
// trial's seed in the trial log). Agents are built afresh for each trial (or reset,
// when they have a Reset(seed) method that leaves them as ai.New builds them), so a
// game depends on nothing a worker played before; keep search agents' tables small in studies (tt: 1), since a new table
// is cleared for every game. The plain random agent is played by the runner itself (a
// uniformly random legal move from the seat's own generator). Random moves —
// random_opening (the first N decisions) and epsilon (any agent move, with that
// probability) — never decide a pie-rule swap: that decision is always the agent's, so
// the swap rate measures the agents. Agents with a time budget do not reproduce: how far
// they search depends on the machine's speed; use depth, nodes or iterations.
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
// low-water mark and the few runs finished above it; games is bounded by [MaxGames]
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
// --resume, [MergeTrialsAs]) takes either. The parquet report format ([WriteReports]
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
// # Failing cells
//
// A cell with more failed trials than the study's max_failures ([Plan.MaxFailures]: a
// count, or a share such as "1%"; by default 0, any failure) is failing
// ([CellSummary.Failing]): the games that did not fail are the ones that happened to
// miss the failure, a biased sample, so the cell gets no first-seat rate, advantage,
// balance or seat test (their metrics are NaN, null in JSON, empty in CSV) and is in no
// comparison, as a cell or as a baseline. The terminal table marks it ("188 (94.0%) !"
// in its FAILED column), CSV and JSON have a failing field, the HTML report marks the
// row; the notes list its errors. The counts stay in by_seat and by_agent for a
// post-mortem. [Report.FailingCells] lists them: `experiment run` and merge exit with
// code 4 when there are any, unless --allow-failures.
//
// # Seats
//
// Every seat's win rate comes with its 95% Wilson interval (by_seat in JSON, seatN_win_lo
// and seatN_win_hi in CSV). Whether the seats win equally often is tested over all of
// them ([CellSummary].SeatsEqual, the metric seats_equal_p with seats_equal_method): the sign test
// for two seats, Pearson's chi-square for more, or the exact multinomial test when an
// expected count is below 5. The table's P(SEATS EQUAL) column is that p-value adjusted
// by Holm's method over the report's tests (family.go: the family; stats/fairness.go: the intervals of
// the advantage and the balance, and the balance comparisons).
//
// # Fairness, comparisons and the verdict
//
// The first seat's advantage and every cell's balance carry 95% intervals of tested
// coverage (stats/fairness.go). Each cell is compared with its baseline by the difference in
// balance (a MOVER interval and the p-value that inverts it), at every rung of a ladder
// and, where both are proved, under perfect play ([PerfectComparison]); the first
// seat's win-rate difference stays as a secondary column. The seat tests and the
// balance comparisons form one family ([Family]) whose p-values are Holm-adjusted; a
// comparison's verdict is "fairer" or "less fair" only on its adjusted p. [Verdict]
// writes the answer in words from these results: the terminal table ends with it and
// the HTML report starts with it. [RungRatings] place a ladder's rungs by measured
// strength, a tournament's ratings.
//
// # Game flow
//
// With record: evaluations ([Plan].Record), each trial of a two-seat cell keeps the
// evaluation after every ply from the first seat's view ([Record].Evals, in thousandths,
// and EvalFrom, where each came from: the moving agent's search value through
// [ai.Evaluated], else the game's evaluation, the score or the result), and the reports
// add the flow metrics lead_changes, decisiveness and drama (definitions, scales and
// sources in flow.go), counted as integer histograms like every other count.
//
// # Skill ladders
//
// A study's ladder (config.Experiment.Ladder: agents of rising strength) plays every
// variant at every sweep point once per rung: a cell whose own agents
// ([CellPlan.Agents]) are the rung's agent alone, so it takes every seat, labelled
// "kalah seeds=3 @ greedy" ([CellPlan.Rung]; [Plan.Ladder] lists the rungs' agents,
// weakest first, after the agents of the study's agents key, whose cells then name
// theirs). Cells that play the same game (base, scripts, knobs) are solved once, at
// the first of them, and share the value. The reports group a variant's rungs at a
// point into a [Ladder]: the first seat's advantage and the balance per rung with 95%
// intervals, perfect play on top where solved, and a flag (≠) where the
// strongest rung's advantage interval lies wholly on the other side of 0 from perfect
// play's (wholly away from 0, for a draw) — in the table (rows under the variant and
// point, perfect play first, then the rungs strongest first), the notes, the CSV
// (rung, rung_agent, perfect_advantage, disagrees_with_perfect_play), results.json
// (ladders) and report.html (a table, and charts with strength on x). The
// comparisons pair each rung with the same rung of the baseline; the terminal table and
// the HTML chart of differences show the strongest rung's only (results.json and the
// HTML table keep all), and the sweep curves draw the strongest rung's cells only.
//
// # Tournaments
//
// [NewTournament] builds a round robin between N agents on one variant as a study
// whose cells are the pairings (a cell's own agents, [CellPlan.Agents]; in a game of n
// seats, every combination of n agents), seats rotated; the plan is marked
// ([Plan.Tournament]) so that a run, a merge or a report of it also gives its
// [Standings]: Bradley–Terry ratings on the Elo scale with 95% intervals (package
// rating) and a win matrix, in the table, results.json, report.html, standings.csv,
// pairings.csv and standings.json. See tournament.go for how games of more than two
// seats count.
//
// # Output directory
//
//	manifest.json   the plan (every setting, each variant's script hash) and the run
//	stats.json      the counts per cell (what merge and report read)
//	trials.jsonl.zst  one line per trial, compressed (replay, --resume); trials.jsonl
//	                  when plain
//	.kalahlab.lock  the lock of the run writing here ([LockDir]): one at a time
//	table.txt results.csv results.json report.html    the reports
//	cells.parquet trials.parquet    the parquet report format
//
// A shard writes the same files into OUT/shard-I-of-N; [Merge] combines the shard
// directories into the result of one whole run, refusing a shard unfinished, locked or
// whose counts fall short of its slice, and [MergeTrialsAs] checks every shard's trial
// log as it concatenates them (no line or frame cut short or damaged, no trial missing
// or twice), plain or compressed, into one log, compressed or plain; a damaged shard's
// error names the --resume that repairs it. A run gathers its report's links to
// example games as it logs its trials, and a merge as it copies the logs, so that the
// report reads no log.
package experiments
