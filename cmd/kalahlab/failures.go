package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments"
)

// tableHelp explains the results table's less obvious columns (experiment run --help).
const tableHelp = `The table: one row per cell. FAILED counts the trials that failed (a Lua hook
error, an agent error; not in the rates) with their share, "!" marking a failing cell.
` + experiments.SeatWinsLegend + `.
` + experiments.BalanceLegend + `.
` + experiments.SeatsEqualLegend + `.
The table ends with the comparisons (is each variant fairer than its baseline: the
difference in balance, Holm-adjusted p) and a verdict in words.`

// failuresHelp explains max_failures, --allow-failures and the exit code.
const failuresHelp = `Failed trials: a cell with more than max_failures of them (a count such as 5, or a
share such as "1%"; by default 0, any failure) is failing: the games that did not fail
are the ones that happened to miss the bug, so the cell gets no rates, balance,
advantage or seat test and is compared with nothing; the table marks it and the notes
list its errors. The run (and merge) then ends with exit code 4, after writing every
report, unless --allow-failures is given. --max-failures overrides the study's
max_failures.`

// maxFailuresUsage is the --max-failures flag's usage.
const maxFailuresUsage = "failed trials a cell may have and still be summarised: a `count` such as 5 or a share such as 1% (default: the study's max_failures, 0)"

// addFailureFlags adds --max-failures and --allow-failures.
func addFailureFlags(f *pflag.FlagSet, allow *bool) {
	f.String("max-failures", "", maxFailuresUsage)
	f.BoolVar(allow, "allow-failures", false, "exit 0 even when cells fail (more failed trials than max_failures); they stay marked in the reports")
}

// overrideMaxFailures sets the plan's max_failures from --max-failures when given (it
// judges the cells, not the trials: the fingerprint does not change).
func overrideMaxFailures(cmd *cobra.Command, res *experiments.Result) error {
	if !cmd.Flags().Changed("max-failures") {
		return nil
	}
	text, err := cmd.Flags().GetString("max-failures")
	if err != nil {
		return err
	}
	lim, err := config.ParseFailureLimit(text)
	if err != nil {
		return fmt.Errorf("--max-failures: %w", err)
	}
	res.Manifest.Plan.MaxFailures = lim
	return nil
}

// failingCells is the error a study with failing cells ends with (exitFailingCells),
// nil when it has none or they are allowed.
func failingCells(rep *experiments.Report, allow bool) error {
	cells := rep.FailingCells()
	if len(cells) == 0 || allow {
		return nil
	}
	labels := make([]string, 0, len(cells))
	for i, c := range cells {
		if i == 5 {
			labels = append(labels, fmt.Sprintf("and %d more", len(cells)-5))
			break
		}
		labels = append(labels, fmt.Sprintf("%s (%d of %d trials failed)", c.Label, c.Failed, c.Trials))
	}
	verb, pron := "have", "they are"
	if len(cells) == 1 {
		verb, pron = "has", "it is"
	}
	return withCode(exitFailingCells, fmt.Errorf("%d of the %d cells %s more failed trials than max_failures %s allows: %s; %s not summarised (see the notes). Fix the variant, raise max_failures, or pass --allow-failures",
		len(cells), len(rep.Cells), verb, rep.Header.MaxFailures, strings.Join(labels, ", "), pron))
}
