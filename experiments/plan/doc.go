// Package plan is what a study plays: the plan (every setting a manifest records) and
// the study it resolves to, its variants built and its agents checked. It knows nothing
// of how the games are played or reported; package experiments/run plays a study,
// experiments/report summarises what it counted.
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
// The seeds: [TrialSeed] derives trial i of cell c's seed from the study's seed, c and i
// alone, and [AgentSeed] a seat's agent's seed from its trial's; the stopping rule's
// blocks are [Plan.BlockSize] trials long ([Plan.Blocks] of them), and [Plan.Seating]
// seats the agents of a trial.
//
// # Ladders and tournaments in the plan
//
// A skill ladder (config.Experiment.Ladder) gives a cell per rung ([CellPlan.Rung];
// [Plan.Ladder] lists the rungs' agents, weakest first); cells that play the same game
// ([GameKey]) are solved once, at the first of them ([Study.SolvedBy],
// [Study.SameGame]). A tournament's plan is marked ([Plan.Tournament]); package
// experiments/tournament builds it.
package plan
