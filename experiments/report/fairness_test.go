package report

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kalahlab/kalahlab/experiments/stats"
)

// refWilson is the Wilson interval as the roots of its defining quadratic,
// (n + z²)p² − (2k + z²)p + k²/n = 0: an independent route to wilsonBounds.
func refWilson(k, n, z float64) (float64, float64) {
	a, b, c := n+z*z, -(2*k + z*z), k*k/n
	disc := math.Sqrt(b*b - 4*a*c)
	return (-b - disc) / (2 * a), (-b + disc) / (2 * a)
}

// refScore is the score-rate interval assembled by hand from refWilson (the formula of
// stats/fairness.go's comment, written out again).
func refScore(w, d, l float64) (float64, float64) {
	n := w + d + l
	pw, pl := w/n, l/n
	lw, uw := refWilson(w, n, stats.Z95)
	ll, ul := refWilson(l, n, stats.Z95)
	r := -math.Sqrt(pw * pl / ((1 - pw) * (1 - pl)))
	lo := pw - pl - math.Sqrt(math.Pow(pw-lw, 2)+math.Pow(ul-pl, 2)-2*r*(pw-lw)*(ul-pl))
	hi := pw - pl + math.Sqrt(math.Pow(uw-pw, 2)+math.Pow(pl-ll, 2)-2*r*(uw-pw)*(pl-ll))
	return (1 + lo) / 2, (1 + hi) / 2
}

func TestScoreRate(t *testing.T) {
	// Without draws the score rate is the win rate, and its interval Wilson's
	// (Newcombe 1998's published bounds, as in TestWilson).
	for _, tc := range []struct {
		k, n   int64
		lo, hi float64
	}{{81, 263, 0.2553, 0.3662}, {15, 148, 0.0624, 0.1605}, {0, 20, 0, 0.1611}, {29, 29, 0.8830, 1}, {1, 10, 0.0179, 0.4042}} {
		e := stats.ScoreRate(tc.k, 0, tc.n-tc.k, stats.Z95)
		assert.InDelta(t, tc.lo, e.Lo, 5e-5, "%d/%d", tc.k, tc.n)
		assert.InDelta(t, tc.hi, e.Hi, 5e-5, "%d/%d", tc.k, tc.n)
	}
	// With draws: against the interval assembled by hand from the quadratic's roots.
	for _, tc := range [][3]int64{{50, 20, 30}, {9, 4, 1}, {600, 300, 100}, {3, 10, 1}} {
		e := stats.ScoreRate(tc[0], tc[1], tc[2], stats.Z95)
		lo, hi := refScore(float64(tc[0]), float64(tc[1]), float64(tc[2]))
		n := float64(tc[0] + tc[1] + tc[2])
		assert.InDelta(t, (float64(tc[0])+float64(tc[1])/2)/n, e.Value, 1e-12)
		assert.InDelta(t, lo, e.Lo, 1e-12, "%v", tc)
		assert.InDelta(t, hi, e.Hi, 1e-12, "%v", tc)
	}
	// All draws: a score of exactly 1/2, an interval around it inside [0, 1].
	e := stats.ScoreRate(0, 10, 0, stats.Z95)
	assert.InDelta(t, 0.5, e.Value, 1e-12)
	assert.True(t, e.Lo < 0.5 && e.Hi > 0.5 && e.Lo >= 0 && e.Hi <= 1)
	assert.True(t, math.IsNaN(stats.ScoreRate(0, 0, 0, stats.Z95).Value))
}

func TestBalanceInterval(t *testing.T) {
	two := func(w, d, l int64) []Rate {
		return []Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})}
	}
	// Two seats: 1 − 2|advantage| over the advantage's interval.
	b := balanceOf(two(600, 0, 400), stats.Z95)
	lo, hi := refWilson(600, 1000, stats.Z95) // advantage [lo − 1/2, hi − 1/2], all above 0
	assert.InDelta(t, 0.8, b.Value, 1e-12)
	assert.InDelta(t, 1-2*(hi-0.5), b.Lo, 1e-12)
	assert.InDelta(t, 1-2*(lo-0.5), b.Hi, 1e-12)
	// An advantage interval across 0: the balance's reaches 1.
	b = balanceOf(two(51, 0, 49), stats.Z95)
	assert.InDelta(t, 0.98, b.Value, 1e-12)
	assert.Equal(t, 1.0, b.Hi)
	// Four seats: Bonferroni over the seats' score intervals (z for 0.05/4).
	seats := []Rate{rateOf("1", run.WDL{Wins: 300, Draws: 0, Losses: 700}), rateOf("2", run.WDL{Wins: 250, Draws: 0, Losses: 750}), rateOf("3", run.WDL{Wins: 250, Draws: 0, Losses: 750}), rateOf("4", run.WDL{Wins: 200, Draws: 0, Losses: 800})}
	z4 := distuv.UnitNormal.Quantile(1 - 0.05/8)
	l1, u1 := refWilson(300, 1000, z4)
	l4, u4 := refWilson(200, 1000, z4)
	b = balanceOf(seats, stats.Z95)
	assert.InDelta(t, 0.9, b.Value, 1e-12)
	assert.InDelta(t, 1-(u1-l4), b.Lo, 1e-9)
	assert.InDelta(t, 1-(l1-u4), b.Hi, 1e-9)
}

func TestBalanceDiff(t *testing.T) {
	two := func(w, d, l int64) []Rate {
		return []Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})}
	}
	// X: 600 of 1000, balance 0.8; Y: 700 of 1000, balance 0.6. By hand from the
	// folded Wilson intervals: d = 0.2 ± the MOVER half-widths.
	x, y := two(600, 0, 400), two(700, 0, 300)
	d, p := balanceDiff(x, y)
	lx, ux := refWilson(600, 1000, stats.Z95)
	ly, uy := refWilson(700, 1000, stats.Z95)
	bx, by := Estimate{Value: 0.8, Lo: 1 - 2*(ux-0.5), Hi: 1 - 2*(lx-0.5)}, Estimate{Value: 0.6, Lo: 1 - 2*(uy-0.5), Hi: 1 - 2*(ly-0.5)}
	assert.InDelta(t, 0.2, d.Value, 1e-12)
	assert.InDelta(t, 0.2-math.Hypot(bx.Value-bx.Lo, by.Hi-by.Value), d.Lo, 1e-12)
	assert.InDelta(t, 0.2+math.Hypot(bx.Hi-bx.Value, by.Value-by.Lo), d.Hi, 1e-12)
	// The p-value inverts the interval: at its level the lower bound is 0.
	assert.Less(t, p, 1e-4)
	assert.Greater(t, p, 0.0)
	zp := distuv.UnitNormal.Quantile(1 - p/2)
	at := stats.MoverDiff(balanceOf(x, zp), balanceOf(y, zp))
	assert.InDelta(t, 0, at.Lo, 1e-6)
	// Equal cells: p 1; a symmetric pair (+a against −a) is equally balanced.
	_, p = balanceDiff(x, x)
	assert.Equal(t, 1.0, p)
	d, p = balanceDiff(two(600, 0, 400), two(400, 0, 600))
	assert.InDelta(t, 0, d.Value, 1e-12)
	assert.Equal(t, 1.0, p)
	// The example: pie rule 28.2% / 5.1% draws against plain 68.3% / 4.3%
	// over 1400 games each: neither shown fairer (p well above 0.05).
	pie, plain := two(395, 71, 934), two(956, 60, 384)
	d, p = balanceDiff(pie, plain)
	assert.InDelta(t, 0.024, d.Value, 0.01)
	assert.Less(t, d.Lo, 0.0)
	assert.Greater(t, d.Hi, 0.0)
	assert.Greater(t, p, 0.2)
}

// studyStop plays one simulated cell under a study's stopping rule (blocks of block
// games, at most games, stopping after a block once the first seat's Wilson interval
// is narrower than target) and returns its wins, draws and losses.
func studyStop(rng *rand.Rand, pw, pd float64, block, games int, target float64) (w, d, l int64) {
	for n := 0; n < games; n += block {
		bw := int64(distuv.Binomial{N: float64(block), P: pw, Src: rng}.Rand())
		bd := int64(0)
		if rest := float64(block) - float64(bw); rest > 0 && pd > 0 {
			bd = int64(distuv.Binomial{N: rest, P: math.Min(1, pd/(1-pw)), Src: rng}.Rand())
		}
		w, d, l = w+bw, d+bd, l+int64(block)-bw-bd
		if n+block < games && stats.Wilson(w, w+d+l).Width() < target {
			break
		}
	}
	return w, d, l
}

// TestAdvantageCoverage: the first seat's advantage interval covers the true
// advantage 94–96% of the time under the stopping rule of the default study (blocks
// of 200, at most 2000 games, target_ci 0.05), from extreme rates to even ones, with
// and without draws: 10,000 simulated cells per scenario from a fixed seed
// (deterministic; a simulation error of about 0.2%). The old normal interval is
// simulated beside it at the extremes, where it fell short.
func TestAdvantageCoverage(t *testing.T) {
	const reps = 10000
	rng := rand.New(rand.NewPCG(23, 6))
	coverage := func(pw, pd float64, interval func(w, d, l int64) Estimate) float64 {
		truth := pw + pd/2 - 0.5
		covered := 0
		for range reps {
			w, d, l := studyStop(rng, pw, pd, 200, 2000, 0.05)
			if a := interval(w, d, l); a.Lo <= truth && truth <= a.Hi {
				covered++
			}
		}
		return float64(covered) / reps
	}
	mover := func(w, d, l int64) Estimate {
		return advantageOf([]Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})})
	}
	for _, sc := range []struct{ pw, pd float64 }{
		{0.02, 0}, {0.03, 0.01}, {0.1, 0.05}, {0.22, 0.05}, {0.45, 0.1}, {0.5, 0},
		{0.3, 0.4}, {0.74, 0.03}, {0.9, 0.02}, {0.97, 0},
	} {
		cov := coverage(sc.pw, sc.pd, mover)
		t.Logf("win %.3f draw %.3f: coverage %.4f", sc.pw, sc.pd, cov)
		assert.True(t, cov >= 0.94 && cov <= 0.96, "win %.3f draw %.3f: coverage %.4f", sc.pw, sc.pd, cov)
	}
	// At the very edge (about one loss expected in the 200 games the rule stops at) the
	// interval is conservative, as Wilson's is there; the normal one falls short.
	cov := coverage(0.985, 0.01, mover)
	t.Logf("the edge, win 0.985 draw 0.010: coverage %.4f", cov)
	assert.True(t, cov >= 0.94 && cov <= 0.99, "the edge: coverage %.4f", cov)
	for _, sc := range []struct{ pw, pd float64 }{{0.985, 0.01}, {0.01, 0.005}} {
		wald := coverage(sc.pw, sc.pd, waldAdvantage)
		t.Logf("the normal interval at win %.3f draw %.3f: coverage %.4f", sc.pw, sc.pd, wald)
		assert.Less(t, wald, 0.92, "the normal interval at win %.3f draw %.3f", sc.pw, sc.pd)
	}
}

// trinomialCoverage is the exact coverage of an advantage interval in cells of n games
// with win and draw probabilities pw and pd: the probability of every outcome whose
// interval holds the true advantage.
func trinomialCoverage(n int, pw, pd float64, interval func(w, d, l int64) Estimate) float64 {
	pl := 1 - pw - pd
	truth := pw + pd/2 - 0.5
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	term := func(k int, p float64) float64 {
		if k == 0 {
			return 0
		}
		return float64(k) * math.Log(p)
	}
	cov := 0.0
	for w := 0; w <= n; w++ {
		for d := 0; d <= n-w; d++ {
			l := n - w - d
			e := interval(int64(w), int64(d), int64(l))
			if e.Lo-1e-12 <= truth && truth <= e.Hi+1e-12 {
				cov += math.Exp(lg(n) - lg(w) - lg(d) - lg(l) + term(w, pw) + term(d, pd) + term(l, pl))
			}
		}
	}
	return cov
}

// waldAdvantage is the normal interval the advantage had before (the score's mean and
// sample standard deviation).
func waldAdvantage(w, d, l int64) Estimate {
	n := float64(w + d + l)
	fw, fd := float64(w), float64(d)
	mean := (fw + fd/2) / n
	ss := fw*(1-mean)*(1-mean) + fd*(0.5-mean)*(0.5-mean) + (n-fw-fd)*mean*mean
	e := stats.MeanCI(w+d+l, mean, math.Sqrt(ss/(n-1)))
	return Estimate{Value: e.Value - 0.5, Lo: e.Lo - 0.5, Hi: e.Hi - 0.5}
}

// TestAdvantageCoverageSmallCells: in small cells without a stopping rule (14, 30 and
// 100 games, the sizes of a short Ludo or tournament cell) the exact coverage averaged
// over win and draw rates from 2% to 95% is 94–96%, and never below 90% (a discrete
// interval's coverage oscillates with the rate); the normal interval's falls to 77%.
func TestAdvantageCoverageSmallCells(t *testing.T) {
	mover := func(w, d, l int64) Estimate {
		return advantageOf([]Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})})
	}
	for _, n := range []int{14, 30, 100} {
		sum, count, worst := 0.0, 0, 1.0
		for _, pd := range []float64{0, 0.05, 0.3} {
			for _, pw := range []float64{0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 0.9, 0.95} {
				if pw+pd > 0.99 {
					continue
				}
				c := trinomialCoverage(n, pw, pd, mover)
				sum, count, worst = sum+c, count+1, math.Min(worst, c)
			}
		}
		mean := sum / float64(count)
		assert.True(t, mean >= 0.94 && mean <= 0.96, "n %d: mean coverage %.4f", n, mean)
		assert.GreaterOrEqual(t, worst, 0.90, "n %d: worst coverage", n)
	}
	wald := trinomialCoverage(14, 0.9, 0, waldAdvantage)
	require.Less(t, wald, 0.80, "the normal interval at 90%% wins in 14 games")
	assert.Greater(t, trinomialCoverage(14, 0.9, 0, mover), 0.94)
}

// TestBalanceCoverage: the balance intervals cover at least 95% of the time (they are
// conservative by construction), for two seats under the stopping rule and for four
// seats (Bonferroni) in cells of 400 games.
func TestBalanceCoverage(t *testing.T) {
	const reps = 4000
	rng := rand.New(rand.NewPCG(23, 7))
	for _, sc := range []struct{ pw, pd float64 }{{0.5, 0}, {0.52, 0.05}, {0.7, 0.03}, {0.95, 0}} {
		truth := 1 - 2*math.Abs(sc.pw+sc.pd/2-0.5)
		covered := 0
		for range reps {
			w, d, l := studyStop(rng, sc.pw, sc.pd, 200, 2000, 0.05)
			b := balanceOf([]Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})}, stats.Z95)
			if b.Lo <= truth && truth <= b.Hi {
				covered++
			}
		}
		assert.GreaterOrEqual(t, float64(covered)/reps, 0.945, "%v", sc)
	}
	for _, q := range [][4]float64{{0.25, 0.25, 0.25, 0.25}, {0.3, 0.25, 0.25, 0.2}, {0.4, 0.3, 0.2, 0.1}} {
		truth := 1 - (slicesMax(q[:]) - slicesMin(q[:]))
		covered := 0
		for range reps {
			wins := [4]int64{}
			for range 400 {
				u, s := rng.Float64(), 0
				for s < 3 && u >= q[s] {
					u -= q[s]
					s++
				}
				wins[s]++
			}
			seats := make([]Rate, 4)
			for s := range seats {
				seats[s] = rateOf("", run.WDL{Wins: wins[s], Losses: 400 - wins[s]})
			}
			b := balanceOf(seats, stats.Z95)
			if b.Lo <= truth && truth <= b.Hi {
				covered++
			}
		}
		assert.GreaterOrEqual(t, float64(covered)/reps, 0.95, "%v", q)
	}
}

func slicesMax(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	return m
}

func slicesMin(x []float64) float64 {
	m := math.Inf(1)
	for _, v := range x {
		m = math.Min(m, v)
	}
	return m
}

// TestHolm: Holm's adjusted p-values against R's p.adjust(c(0.01, 0.04, 0.03, 0.005),
// "holm") = 0.03 0.06 0.06 0.02, and against the definition by brute force (the
// largest (m − rank + 1)·p over the p-values no larger) on random vectors.
func TestHolm(t *testing.T) {
	got := stats.Holm([]float64{0.01, 0.04, 0.03, 0.005})
	for i, want := range []float64{0.03, 0.06, 0.06, 0.02} {
		assert.InDelta(t, want, got[i], 1e-12)
	}
	got = stats.Holm([]float64{0.5, math.NaN(), 0.01})
	assert.InDelta(t, 0.5, got[0], 1e-12)
	assert.True(t, math.IsNaN(got[1]))
	assert.InDelta(t, 0.02, got[2], 1e-12)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		m := 1 + rng.IntN(12)
		ps := make([]float64, m)
		for i := range ps {
			ps[i] = math.Pow(rng.Float64(), 3)
		}
		adj := stats.Holm(ps)
		for i := range ps {
			want := 0.0
			for j := range ps {
				if ps[j] <= ps[i] {
					rank := 0 // how many p-values are smaller than ps[j]
					for k := range ps {
						if ps[k] < ps[j] {
							rank++
						}
					}
					want = math.Max(want, math.Min(1, float64(m-rank)*ps[j]))
				}
			}
			assert.InDelta(t, want, adj[i], 1e-12)
		}
	}
}

// TestFamilyAndVerdicts: a report's seat tests and balance comparisons are adjusted
// together, and a comparison is called fairer only when its adjusted p is small.
func TestFamilyAndVerdicts(t *testing.T) {
	two := func(w, d, l int64) []Rate {
		return []Rate{rateOf("1", run.WDL{Wins: w, Draws: d, Losses: l}), rateOf("2", run.WDL{Wins: l, Draws: d, Losses: w})}
	}
	cells := []*CellSummary{
		{Cell: 0, Label: "base", BySeat: two(700, 0, 300), SeatsEqual: SeatTest{P: stats.SignTest(700, 300)}},
		{Cell: 1, Label: "pie", BySeat: two(505, 0, 495), SeatsEqual: SeatTest{P: stats.SignTest(505, 495)}},
		{Cell: 2, Label: "near", BySeat: two(690, 0, 310), SeatsEqual: SeatTest{P: stats.SignTest(690, 310)}},
	}
	rep := &Report{Cells: cells}
	for _, i := range []int{1, 2} {
		d, p := balanceDiff(cells[i].BySeat, cells[0].BySeat)
		rep.Comparisons = append(rep.Comparisons, Comparison{Cell: i, Label: cells[i].Label, Baseline: 0, BaselineLabel: "base", Balance: d, BalanceP: p})
	}
	adjustFamily(rep)
	f := rep.Family
	assert.Equal(t, 5, f.Tests)
	assert.Equal(t, 3, f.SeatTests)
	assert.Equal(t, 2, f.Comparisons)
	want := stats.Holm([]float64{cells[0].SeatsEqual.P, cells[1].SeatsEqual.P, cells[2].SeatsEqual.P, rep.Comparisons[0].BalanceP, rep.Comparisons[1].BalanceP})
	assert.InDelta(t, want[0], cells[0].SeatsEqualHolm, 1e-15)
	assert.InDelta(t, want[3], rep.Comparisons[0].BalancePHolm, 1e-15)
	assert.Equal(t, verdictFairer, rep.Comparisons[0].Verdict)
	assert.Equal(t, verdictUnshown, rep.Comparisons[1].Verdict)
	assert.Contains(t, f.String(), "5 tests (3 seat tests, 2 balance comparisons)")
}

// TestAdvantageAgreesWithWilson: in a four-seat game without draws (Ludo) the first
// seat's advantage interval is its Wilson win-rate interval minus 1/4, so the two never
// disagree about a fair share: in 14 games with 1 first-seat win the Wilson interval
// holds 25%, and the advantage's holds 0 (the normal interval called seat 1
// disadvantaged there).
func TestAdvantageAgreesWithWilson(t *testing.T) {
	seats := []Rate{rateOf("1", run.WDL{Wins: 1, Draws: 0, Losses: 13}), rateOf("2", run.WDL{Wins: 5, Draws: 0, Losses: 9}), rateOf("3", run.WDL{Wins: 4, Draws: 0, Losses: 10}), rateOf("4", run.WDL{Wins: 4, Draws: 0, Losses: 10})}
	a := advantageOf(seats)
	w := stats.Wilson(1, 14)
	assert.InDelta(t, w.Lo-0.25, a.Lo, 1e-12)
	assert.InDelta(t, w.Hi-0.25, a.Hi, 1e-12)
	assert.True(t, w.Lo < 0.25 && a.Lo < 0 && a.Hi > 0)
	old := waldAdvantage(1, 0, 13) // the score's normal interval, minus 1/2
	assert.Less(t, old.Hi+0.5-0.25, 0.0, "the normal interval: wholly below a fair share of 1/4")
}
