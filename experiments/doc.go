// Package experiments runs studies: many games between agents over a grid of variants
// (the cells), counted into balance measures with intervals, and rendered as a terminal
// table, CSV, JSON, Parquet and a self-contained HTML report.
//
// This package is the front door: [New] resolves an experiment config into a [Study],
// [Run] plays it, [Summarize] turns the [Result] into a [Report], and [WriteReports]
// writes the report's files; [NewTournament] builds a round robin, [Merge] combines a
// sharded run. Each name here is the one of the room below that holds it (the types
// are aliases, the functions call through), so that a program needs one import.
//
// # Rooms
//
// The work is split by concern into packages beneath this one, whose imports point one
// way, from the reports down to the plan (rooms_test.go holds them to it):
//
//   - experiments/plan: what a study plays — the plan (every setting a manifest
//     records), its cells, ladders' rungs and a tournament's mark, resolved into a
//     study; the seeds of the trials.
//   - experiments/run: playing a study — the runner and its workers, the trial log and
//     its records (resume, repair), the counts per cell, shards and merge, replay, the
//     output directory's lock. It imports plan.
//   - experiments/tournament: a round robin between agents as a study, and its
//     standings (Bradley–Terry ratings, the win matrix) from a run. It imports plan and
//     run.
//   - experiments/report: answers from the counts — the cells' summaries, seat tests,
//     comparisons and their Holm family, ladders, the verdict in words, game flow, rung
//     ratings, and the renderings (table, CSV, JSON, Parquet, HTML with its charts,
//     board pictures, a tournament's standings). It imports plan, run and tournament.
//   - experiments/stats: the statistics, pure functions on counts (intervals, tests,
//     score rates, advantage and balance, Holm's adjustment, the seat tests).
//   - experiments/rating: Bradley–Terry ratings for tournaments and rung ratings.
//   - experiments/internal/chart: the charts as pictures (SVG and PNG), knowing no
//     study; the report decides what they show.
//   - experiments/internal/logfile: the trial log's bytes (plain lines or zstd frames
//     of whole lines, written and read back, damage found and listed); what the lines
//     mean, resuming and repairing are run's.
//   - experiments/internal/dirlock: the lock on an output directory.
//
// Read each room's package documentation for its part of the story: plan for studies,
// cells, trials and their seeds; run for determinism, the trial log, failures while
// playing, shards and the output directory; report for failing cells, the seat tests,
// fairness, comparisons, the verdict, game flow and skill ladders; tournament for round
// robins.
package experiments
