package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExperimentReportChartFiles(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "study.yaml", cliStudy)
	out := filepath.Join(t.TempDir(), "results")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--games", "20", "--progress", "none", "--format", "json")
	require.Equal(t, 0, code, stderr)

	figures := filepath.Join(t.TempDir(), "figures")
	stdout, stderr, code := cli(t, "", "experiment", "report", out, "--format", "svg,png", "--out", figures)
	require.Equal(t, 0, code, stderr)
	paths := strings.Fields(stdout)
	var want []string
	for _, ext := range []string{"svg", "png"} {
		for _, m := range []string{"first_seat_win_rate", "first_seat_advantage", "balance", "drawishness", "duration"} {
			want = append(want, filepath.Join(figures, "chart-"+m+"-by-houses."+ext))
		}
	}
	assert.Equal(t, want, paths, "one file per metric and swept knob, its path printed; no table")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		if strings.HasSuffix(p, ".png") {
			_, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err, p)
			continue
		}
		dec := xml.NewDecoder(bytes.NewReader(data))
		for {
			_, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err, p)
		}
		// Two values of houses: the cells' points with whiskers (no line through two).
		assert.Contains(t, string(data), `class="curve-point"`)
		assert.Contains(t, string(data), `class="curve-whisker"`)
	}

	// With the table, the table is printed after the paths; the html has the curves.
	stdout, stderr, code = cli(t, "", "experiment", "report", out, "--format", "table,svg,html")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, filepath.Join(out, "chart-balance-by-houses.svg"))
	assert.Contains(t, stdout, "SEAT 1 WINS (95% CI)")
	html, err := os.ReadFile(filepath.Join(out, "report.html"))
	require.NoError(t, err)
	assert.Equal(t, 5, strings.Count(string(html), `<svg class="chart curve-chart"`))

	_, stderr, code = cli(t, "", "experiment", "report", out, "--format", "svgg")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `--format "svgg" unknown (did you mean "svg"? want one of table, csv, json, html, parquet, svg, png)`)
}

func TestExperimentReportChartsNeedASweep(t *testing.T) {
	clearExperimentEnv(t)
	study := writeFile(t, "flat.yaml", "name: flat\nvariants: [kalah]\nagents: { agent: random }\ngames: 10\nsolve: 0\n")
	out := filepath.Join(t.TempDir(), "results")
	_, stderr, code := cli(t, "", "experiment", "run", study, "--out", out, "--progress", "none", "--format", "json")
	require.Equal(t, 0, code, stderr)
	_, stderr, code = cli(t, "", "experiment", "report", out, "--format", "png")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "flat: no curves to draw: the study sweeps no knob over two values or more")
}
