// Package report turns a run's counts (package experiments/run) into answers: the
// cells' rates with their intervals, the seat tests, the comparisons and their family,
// the ladders, the verdict in words, the game-flow metrics, and their renderings — the
// terminal table, CSV, JSON, Parquet, a self-contained HTML report with its charts
// (SVG and PNG, drawn by experiments/internal/chart), and a tournament's standings
// (package experiments/tournament computes them). [Summarize] makes a [Report];
// [WriteReports] writes its files.
//
// # Failing cells
//
// A cell with more failed trials than the study's max_failures ([plan.Plan.MaxFailures]: a
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
// With record: evaluations ([plan.Plan].Record), each trial of a two-seat cell keeps the
// evaluation after every ply from the first seat's view ([run.Record].Evals, in thousandths,
// and EvalFrom, where each came from: the moving agent's search value through
// [ai.Evaluated], else the game's evaluation, the score or the result), and the reports
// add the flow metrics lead_changes, decisiveness and drama (definitions, scales and
// sources in flow.go), counted as integer histograms like every other count.
//
// # Skill ladders
//
// A study's ladder (config.Experiment.Ladder: agents of rising strength) plays every
// variant at every sweep point once per rung: a cell whose own agents
// ([plan.CellPlan.Agents]) are the rung's agent alone, so it takes every seat, labelled
// "kalah seeds=3 @ greedy" ([plan.CellPlan.Rung]; [plan.Plan.Ladder] lists the rungs' agents,
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
package report
