package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// FlowSummary is a cell's game-flow metrics: the distributions of the per-game lead
// changes (every game), decisiveness and drama (games with a single winner).
type FlowSummary struct {
	LeadChanges  Distribution `json:"lead_changes"`
	Decisiveness Distribution `json:"decisiveness"`
	Drama        Distribution `json:"drama"`
}

// flowOf summarises the flow counts, nil when the cell recorded no evaluations.
func flowOf(st *run.Stats) *FlowSummary {
	if st.LeadChanges.N() == 0 {
		return nil
	}
	return &FlowSummary{LeadChanges: distributionOf(st.LeadChanges),
		Decisiveness: distributionOf(st.Decisiveness), Drama: distributionOf(st.Drama)}
}

// flowMetric is a flow metric's estimate: the mean with its 95% normal interval; none
// for a failing cell, whose games that did not fail are a biased sample (like its
// balance metrics; the counts stay in Flow for a post-mortem).
func flowMetric(c *CellSummary, pick func(*FlowSummary) Distribution) Estimate {
	if c.Flow == nil || c.Failing {
		return stats.None()
	}
	d := pick(c.Flow)
	return stats.MeanCI(d.N, d.Mean, d.SD)
}

// flowMetrics are the game-flow entries of allMetrics.
var flowMetrics = []metric{
	{"lead_changes", "mean number of times per game the leading seat changes, by the evaluation after each ply (record: evaluations; two seats; 95% normal interval)", 0, math.Inf(1),
		func(c *CellSummary) Estimate {
			return flowMetric(c, func(f *FlowSummary) Distribution { return f.LeadChanges })
		}},
	{"decisiveness", "mean share of the game, counted back from its end, in which the eventual winner leads after every ply: 1 if they led throughout, near 0 if they took the lead for good only at the end (games with a winner; record: evaluations; 95% normal interval)", 0, 1,
		func(c *CellSummary) Estimate {
			return flowMetric(c, func(f *FlowSummary) Distribution { return f.Decisiveness })
		}},
	{"drama", "mean amount the eventual winner trails by, on the evaluation's -1..1 scale, over the plies after which they trail (0 if never): how far behind winners fall (games with a winner; record: evaluations; 95% normal interval)", 0, 1,
		func(c *CellSummary) Estimate {
			return flowMetric(c, func(f *FlowSummary) Distribution { return f.Drama })
		}},
}

// isFlowMetric reports whether a metric is a game-flow one.
func isFlowMetric(name string) bool {
	return slices.ContainsFunc(flowMetrics, func(m metric) bool { return m.Name == name })
}

// hasFlow reports whether any cell of the report has game-flow metrics.
func hasFlow(rep *Report) bool {
	return slices.ContainsFunc(rep.Cells, func(c *CellSummary) bool { return c.Flow != nil })
}

// reportMetrics are the metrics a report shows: all of allMetrics, less the game-flow
// ones when no cell recorded evaluations.
func reportMetrics(rep *Report) []metric {
	if hasFlow(rep) {
		return allMetrics
	}
	out := make([]metric, 0, len(allMetrics))
	for _, m := range allMetrics {
		if !isFlowMetric(m.Name) {
			out = append(out, m)
		}
	}
	return out
}

// flowLegend explains the game-flow table under the terminal table.
const flowLegend = `LEAD CHANGES: times per game the leader changes, by the evaluation after each ply
DECISIVENESS: share of a won game, from its end, in which the winner leads for good (1: led throughout)
DRAMA: the winner's mean deficit while behind, on a -1..1 scale (0: never behind)`

// flowRow is one cell's game-flow metrics, formatted.
type flowRow struct {
	Cell                             int
	Label                            string
	Games                            int64 // the games counted for decisiveness and drama
	LeadChanges, Decisiveness, Drama string
}

// flowRows formats the game-flow metrics of the cells that have them (nil when none
// do).
func flowRows(rep *Report) []flowRow {
	var out []flowRow
	for _, c := range rep.Cells {
		if c.Flow == nil {
			continue
		}
		est := func(name string, dec int) string {
			e := c.Metrics[name]
			if math.IsNaN(e.Value) {
				return "-"
			}
			if math.IsNaN(e.Lo) {
				return num(e.Value, dec)
			}
			return fmt.Sprintf("%s [%s, %s]", num(e.Value, dec), num(e.Lo, dec), num(e.Hi, dec))
		}
		out = append(out, flowRow{Cell: c.Cell, Label: c.Label, Games: c.Flow.Decisiveness.N,
			LeadChanges: est("lead_changes", 2), Decisiveness: est("decisiveness", 3), Drama: est("drama", 3)})
	}
	return out
}

// writeFlowTable writes the game-flow metrics under the terminal table, when a cell has
// them.
func writeFlowTable(w io.Writer, rep *Report) error {
	rows := flowRows(rep)
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\ngame flow (record: evaluations), means with 95% intervals:")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "  CELL\tLEAD CHANGES\tWON GAMES\tDECISIVENESS\tDRAMA\n")
	for _, r := range rows {
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\t%s\n", r.Label, r.LeadChanges, r.Games, r.Decisiveness, r.Drama)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, flowLegend)
	return err
}
