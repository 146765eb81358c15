package rating

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// SeatTerm is the first-move advantage of a two-seat game, fitted with the strengths:
// in a game of i (moving first) against j, i scores with probability
// 1 / (1 + exp(θⱼ − θᵢ − η)). Elo is η on the Elo scale, with its 95% interval (Lo,
// Hi) and the two-sided p-value of "no first-move advantage" (Wald, z = η / se); Fit
// tests the model with the term against the ordered pairs.
type SeatTerm struct {
	Elo float64       `json:"elo"`
	Lo  float64       `json:"elo_lo"`
	Hi  float64       `json:"elo_hi"`
	P   float64       `json:"p"`
	Fit GoodnessOfFit `json:"fit"`
}

// FitSeat fits strengths and a first-move term by maximum likelihood (Newton–Raphson)
// to first[i][j], the points i scored against j in the games i moved first in, and
// firstGames[i][j], those games; opt.PriorDraws virtual drawn games are shared between
// the two orders of every pair that met, as in Fit.
func FitSeat(names []string, first, firstGames [][]float64, opt Options) (*SeatTerm, error) {
	n := len(names)
	if n < 2 || len(first) != n || len(firstGames) != n {
		return nil, errors.New("rating: the seat term needs two players or more and square tables")
	}
	opt = opt.withDefaults()
	var data, raw []cell
	for i := range n {
		if len(first[i]) != n || len(firstGames[i]) != n {
			return nil, fmt.Errorf("rating: row %d of the first-move tables does not have %d entries", i, n)
		}
		for j := range n {
			g := firstGames[i][j]
			if i == j || g <= 0 {
				continue
			}
			if first[i][j] < 0 || first[i][j] > g {
				return nil, fmt.Errorf("rating: %s scored %v in %v games against %s", names[i], first[i][j], g, names[j])
			}
			raw = append(raw, cell{i: i, j: j, points: first[i][j], games: g})
			prior := opt.PriorDraws / 2
			data = append(data, cell{i: i, j: j, points: first[i][j] + prior/2, games: g + prior})
		}
	}
	theta, eta, cov, err := newtonSeat(n, data, opt.MaxIter)
	if err != nil {
		return nil, err
	}
	se := math.Sqrt(math.Max(0, cov))
	st := &SeatTerm{Elo: eta * eloPerNat, Lo: (eta - z95*se) * eloPerNat, Hi: (eta + z95*se) * eloPerNat, P: math.NaN()}
	if se > 0 {
		st.P = math.Min(1, math.Erfc(math.Abs(eta/se)/math.Sqrt2))
	}
	st.Fit = pearson(raw, theta, eta, n)
	return st, nil
}

// newtonSeat maximises the likelihood of strengths θ (θ₀ fixed at 0) and η over the
// cells by Newton–Raphson with step halving, and returns θ, η and η's variance (from
// the inverse of the information).
func newtonSeat(n int, cells []cell, maxIter int) (theta []float64, eta, etaVar float64, err error) {
	k := n // parameters: θ₁..θₙ₋₁ and η (the last)
	beta := make([]float64, k)
	at := func(b []float64) (th []float64, e float64) {
		th = make([]float64, n)
		copy(th[1:], b[:n-1])
		return th, b[k-1]
	}
	loglik := func(b []float64) float64 {
		th, e := at(b)
		ll := 0.0
		for _, c := range cells {
			x := th[c.i] - th[c.j] + e
			ll += c.points*x - c.games*math.Log1p(math.Exp(x))
		}
		return ll
	}
	// index of θᵢ in beta, -1 for θ₀.
	idx := func(i int) int { return i - 1 }
	var info *mat.SymDense
	for it := 0; it < maxIter; it++ {
		th, e := at(beta)
		grad := make([]float64, k)
		info = mat.NewSymDense(k, nil)
		for _, c := range cells {
			p := 1 / (1 + math.Exp(th[c.j]-th[c.i]-e))
			r, v := c.points-c.games*p, c.games*p*(1-p)
			terms := [][2]float64{{float64(idx(c.i)), 1}, {float64(idx(c.j)), -1}, {float64(k - 1), 1}}
			for _, a := range terms {
				if a[0] < 0 {
					continue
				}
				grad[int(a[0])] += a[1] * r
				for _, b := range terms {
					if b[0] >= a[0] {
						info.SetSym(int(a[0]), int(b[0]), info.At(int(a[0]), int(b[0]))+a[1]*b[1]*v)
					}
				}
			}
		}
		var chol mat.Cholesky
		if !chol.Factorize(info) {
			return nil, 0, 0, errors.New("rating: the seat model's information matrix is singular (too few games or orders)")
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, mat.NewVecDense(k, grad)); err != nil {
			return nil, 0, 0, fmt.Errorf("rating: seat model: %w", err)
		}
		base, moved := loglik(beta), 0.0
		for scale := 1.0; scale > 1e-6; scale /= 2 {
			next := make([]float64, k)
			for i := range next {
				next[i] = beta[i] + scale*step.AtVec(i)
			}
			if loglik(next) >= base-1e-12 {
				for i := range next {
					moved = math.Max(moved, math.Abs(next[i]-beta[i]))
				}
				beta = next
				break
			}
		}
		if moved < 1e-12 {
			break
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(info); err != nil {
		return nil, 0, 0, fmt.Errorf("rating: seat model: %w", err)
	}
	theta, eta = at(beta)
	return theta, eta, inv.At(k-1, k-1), nil
}
