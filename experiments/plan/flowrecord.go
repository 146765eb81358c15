package plan

import (
	"fmt"
	"slices"
	"strings"
)

// RecordEvaluations is the record: value that keeps the evaluation after every ply.
const RecordEvaluations = "evaluations"

// recordValues are the values a plan's Record may hold.
var recordValues = []string{RecordEvaluations}

// checkRecord checks the plan's record: values.
func (p *Plan) checkRecord() error {
	for _, r := range p.Record {
		if !slices.Contains(recordValues, r) {
			return fmt.Errorf("experiment %s: record %q unknown (want %s)", p.Name, r, strings.Join(recordValues, ", "))
		}
	}
	return nil
}

// RecordsEvaluations reports whether the trials of cell c keep their evaluations: the
// plan records them and the cell's game has two seats.
func (p *Plan) RecordsEvaluations(c int) bool {
	return slices.Contains(p.Record, RecordEvaluations) && c >= 0 && c < len(p.Cells) && p.Cells[c].Seats == 2
}
