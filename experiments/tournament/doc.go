// Package tournament plays a round robin between agents as a study (package
// experiments/plan) and ranks them from what the run counted (package experiments/run).
//
// # Tournaments
//
// [NewTournament] builds a round robin between N agents on one variant as a study
// whose cells are the pairings (a cell's own agents, [plan.CellPlan.Agents]; in a game of n
// seats, every combination of n agents), seats rotated; the plan is marked
// ([plan.Plan.Tournament]) so that a run, a merge or a report of it also gives its
// [Standings]: Bradley–Terry ratings on the Elo scale with 95% intervals (package
// rating) and a win matrix, in the table, results.json, report.html, standings.csv,
// pairings.csv and standings.json. See tournament.go for how games of more than two
// seats count.
package tournament
