// Package experiments runs studies: many games between agents over a grid of variants
// (the cells), counted into balance measures with intervals, and rendered as a terminal
// table, CSV, JSON and a self-contained HTML report.
//
// # Studies, cells, trials
//
// A study ([Study], built by [New] from a config.Experiment) is a list of cells: each
// variant of the experiment at each point of its sweep. Each cell plays games trials
// (fewer when target_ci stops it early). Trial i of cell c is a whole game: its seats
// are taken by the agents in rotation (seat s plays agents[(s+i) mod k] with k agents
// when rotate_seats is on), and every random choice it makes — dice (chance nodes,
// sampled by their probabilities), random opening moves, epsilon moves, the agents' own
// seeds — comes from [TrialSeed](seed, c, i). Agents are built afresh for each trial
// (or reset, when they implement [Resetter]), so a game depends on nothing a worker
// played before; keep search agents' tables small in studies (tt: 1), since a new table
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
// # Running
//
// [Run] plays the trials on a pool of workers, each with its own game (a Lua variant's
// game is bound to one Lua state and is never shared) and its own agents. Memory does
// not grow with the number of games, asked for or played (the trials done are a
// low-water mark and the few runs finished above it; games is bounded by [MaxGames]
// only): each finished trial is counted and, when a trial
// log is kept, appended to trials.jsonl ([Record]: index, seed, seats, moves, returns,
// plies, timed_out, error), so that any game replays and an interrupted run resumes.
// A game that fails — a Lua hook error or time limit, an agent error, a panic — is
// recorded with its error and counted apart (not in the rates); the run goes on. A game
// still going after max_plies is a timeout, counted as a draw and reported.
//
// # Output directory
//
//	manifest.json   the plan (every setting, each variant's script hash) and the run
//	stats.json      the counts per cell (what merge and report read)
//	trials.jsonl    one line per trial (replay, --resume)
//	.kalahlab.lock  the lock of the run writing here ([LockDir]): one at a time
//	table.txt results.csv results.json report.html    the reports
//
// A shard writes the same files into OUT/shard-I-of-N; [Merge] combines the shard
// directories into the result of one whole run, refusing a shard unfinished, locked or
// whose counts fall short of its slice, and [MergeTrials] checks every shard's trial
// log as it concatenates them (no line cut short, no trial missing or twice).
package experiments
