package report

import (
	"cmp"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// lean is a rung's first-seat advantage interval leaning one way: "+" wholly above 0,
// "-" wholly below, "0" across it, "x" no estimate (a failing cell).
func leanRung(agent, lean string, elo float64) LadderRung {
	adv := map[string]Estimate{
		"+": {Value: 0.2, Lo: 0.1, Hi: 0.3},
		"-": {Value: -0.2, Lo: -0.3, Hi: -0.1},
		"0": {Value: 0.01, Lo: -0.05, Hi: 0.07},
		"x": {Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()},
	}[lean]
	r := LadderRung{Agent: agent, Advantage: adv}
	if !math.IsNaN(elo) {
		r.Elo = &Estimate{Value: elo, Lo: elo - 40, Hi: elo + 40}
	}
	return r
}

// leanLadder is a ladder with rungs random, greedy, alphabeta:depth=4 and
// alphabeta:depth=6 leaning as leans says (weakest first), perfect play's result (""
// unsolved) and, when rated, the rungs' Elo.
func leanLadder(leans, perfect string, rated bool) *Ladder {
	agents := []string{"random", "greedy", "alphabeta:depth=4", "alphabeta:depth=6"}
	elo := []float64{-300, -80, 120, 260}
	l := &Ladder{Label: "kalah seeds=3", Variant: "kalah"}
	for k, c := range strings.Split(leans, "") {
		e := math.NaN()
		if rated {
			e = elo[k]
		}
		l.Rungs = append(l.Rungs, leanRung(agents[k], c, e))
	}
	if perfect != "" {
		kind, value, _ := strings.Cut(perfect, " ")
		sol := &run.Solution{Result: kind}
		sol.Value, _ = strconv.Atoi(value)
		l.Solution = sol
		adv := map[string]float64{"win": 0.5, "draw": 0, "loss": -0.5}[kind]
		l.PerfectAdvantage = &adv
	}
	return l
}

// TestSeatVerdictGolden: the verdict's sentence per ladder says which seat each rung and
// perfect play favour, which conclusion holds at every rung (and under perfect play)
// and which depends on the agents' strength (testdata/seat-verdicts.golden; -update
// rewrites it).
func TestSeatVerdictGolden(t *testing.T) {
	cases := []struct {
		name, leans, perfect string
		rated                bool
	}{
		{"every rung and perfect play agree", "++++", "win +2", false},
		{"fair at random, the first seat from greedy up", "0+++", "win +2", false},
		{"the same, with measured ratings", "0+++", "win +2", true},
		{"the sign changes with strength", "0-++", "win +2", false},
		{"every rung agrees, perfect play not", "----", "win +2", false},
		{"unsolved, every rung agrees", "++++", "", false},
		{"unsolved, depends on strength", "+0-0", "", false},
		{"a draw, fair everywhere", "0000", "draw 0", false},
		{"a draw, the strong rungs favour the second seat", "00--", "draw 0", true},
		{"scattered rungs", "+-+-", "loss -2", false},
		{"a failing rung says nothing", "x+++", "win +2", false},
	}
	var b strings.Builder
	for _, tc := range cases {
		b.WriteString("# " + tc.name + " (" + tc.leans + ", perfect play " + cmp.Or(tc.perfect, "unknown") + ")\n")
		b.WriteString(seatVerdict(leanLadder(tc.leans, tc.perfect, tc.rated)) + "\n\n")
	}
	golden := filepath.Join("testdata", "seat-verdicts.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), b.String())
}

// TestSeatVerdictInTheVerdict: the seat sentences follow what perfect play proves in the
// verdict of a ladder study, one per ladder.
func TestSeatVerdictInTheVerdict(t *testing.T) {
	rep := &Report{Ladders: []*Ladder{leanLadder("0+++", "win +2", false)}}
	v := Verdict(rep)
	assert.Contains(t, v, "kalah seeds=3: the first seat is favoured at every rung from greedy up and under perfect play (a win for the first seat by 2); at random the game looks fair: which seat is favoured depends on the agents' strength.")
}
