package rating

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTwoPlayers(t *testing.T) {
	// With two players the maximum-likelihood gap is log(wA/wB) exactly (prior off), and
	// the variance of the gap is 1/(n·p·(1−p)).
	r, err := Fit([]string{"a", "b"}, [][]float64{{0, 75}, {25, 0}}, [][]float64{{0, 100}, {100, 0}}, Options{PriorDraws: -1})
	require.NoError(t, err)
	require.Equal(t, "a", r[0].Name)
	gap := r[0].Elo - r[1].Elo
	assert.InDelta(t, math.Log(3)*eloPerNat, gap, 1e-6)
	assert.InDelta(t, 190.85, gap, 0.01) // 400·log10(3)
	seGap := math.Sqrt(1 / (100 * 0.75 * 0.25))
	// Each centred rating is half the gap, so its standard error is half the gap's.
	assert.InDelta(t, z95*seGap/2*eloPerNat, r[0].Hi-r[0].Elo, 1e-6)
	assert.InDelta(t, 0, r[0].Elo+r[1].Elo, 1e-9, "centred")
}

func TestRecoversStrengths(t *testing.T) {
	// A simulated round robin among players of known ratings: the fit recovers them
	// within its intervals and ranks them in order.
	truth := []float64{-300, -100, 50, 350}
	names := []string{"d", "c", "b", "a"}
	n := len(truth)
	points := make([][]float64, n)
	games := make([][]float64, n)
	for i := range n {
		points[i] = make([]float64, n)
		games[i] = make([]float64, n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		for j := i + 1; j < n; j++ {
			for range 400 {
				games[i][j]++
				games[j][i]++
				if rng.Float64() < expectedScore(truth[i], truth[j]) {
					points[i][j]++
				} else {
					points[j][i]++
				}
			}
		}
	}
	r, err := Fit(names, points, games, Options{})
	require.NoError(t, err)
	mean := 0.0
	for _, x := range truth {
		mean += x
	}
	mean /= float64(n)
	for k, want := range []string{"a", "b", "c", "d"} {
		assert.Equal(t, want, r[k].Name)
		centred := truth[r[k].Player] - mean
		assert.True(t, r[k].Lo <= centred && centred <= r[k].Hi, "%s: %v not in [%v, %v]", r[k].Name, centred, r[k].Lo, r[k].Hi)
	}
}

func TestPerfectScoreStaysFinite(t *testing.T) {
	r, err := Fit([]string{"strong", "weak"}, [][]float64{{0, 50}, {0, 0}}, [][]float64{{0, 50}, {50, 0}}, Options{})
	require.NoError(t, err)
	assert.False(t, math.IsInf(r[0].Elo, 0) || math.IsNaN(r[0].Elo))
	assert.Greater(t, r[0].Elo, r[1].Elo)
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name          string
		names         []string
		points, games [][]float64
		want          string
	}{
		{"one player", []string{"a"}, [][]float64{{0}}, [][]float64{{0}}, "at least two"},
		{"asymmetric", []string{"a", "b"}, [][]float64{{0, 1}, {0, 0}}, [][]float64{{0, 1}, {2, 0}}, "not symmetric"},
		{"points", []string{"a", "b"}, [][]float64{{0, 3}, {0, 0}}, [][]float64{{0, 1}, {1, 0}}, "do not add up"},
		{"disconnected", []string{"a", "b", "c"},
			[][]float64{{0, 1, 0}, {0, 0, 0}, {0, 0, 0}}, [][]float64{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, "do not all meet"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Fit(tc.names, tc.points, tc.games, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
