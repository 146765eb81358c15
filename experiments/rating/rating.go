// Package rating fits Bradley–Terry strengths to the results of a round robin and
// reports them on the Elo scale with 95% intervals.
//
// # The model
//
// Each player i has a strength θᵢ; in a game between i and j, i scores with probability
// 1 / (1 + exp(θⱼ − θᵢ)) (Bradley & Terry 1952). A draw counts as half a win for each
// side, as Elo ratings do. The strengths are fitted by maximum likelihood with the
// minorisation–maximisation iteration of Hunter (2004), which converges from any start
// when every player has both won and lost some points; to keep a player who won (or
// lost) every game finite, a weak prior adds PriorDraws virtual drawn games to every
// pair that met (as BayesElo's virtual draws do; 1 by default, negligible beside
// hundreds of games).
//
// Ratings are 400·log10(e)·θ, the Elo scale (a 100-point gap is a 64% expected score),
// centred so that the players' mean is 0. Their 95% intervals come from the inverse
// of the observed Fisher information (the graph Laplacian of the games weighted by
// p(1−p)), taken under the same centring constraint.
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// eloPerNat converts a strength in natural-log units to Elo points: 400 / ln 10.
const eloPerNat = 400 / math.Ln10

// z95 is the two-sided 95% standard normal quantile.
const z95 = 1.959963984540054

// Rating is one player's fitted strength.
type Rating struct {
	Player int     `json:"player"` // index into the names given to Fit
	Name   string  `json:"name"`
	Elo    float64 `json:"elo"` // centred: the players' mean is 0
	Lo     float64 `json:"lo"`  // 95% interval
	Hi     float64 `json:"hi"`
	Score  float64 `json:"score"` // points scored (wins + draws/2)
	Games  float64 `json:"games"` // games played
}

// Options tune the fit.
type Options struct {
	// PriorDraws virtual drawn games are added to every pair that met (default 1;
	// negative means none).
	PriorDraws float64
	// MaxIter bounds the iterations (default 10000); Tol is the largest change of a
	// strength, in Elo points, at which the iteration stops (default 1e-6).
	MaxIter int
	Tol     float64
}

// Fit returns the ratings of the players named, best first, from points[i][j], the
// points i scored against j (a win 1, a draw ½), and games[i][j], the games i and j
// played (symmetric). Every player must be connected to every other through games.
func Fit(names []string, points, games [][]float64, opt Options) ([]Rating, error) {
	m, err := FitModel(names, points, games, opt)
	if err != nil {
		return nil, err
	}
	return m.Ratings, nil
}

// Model is a fitted Bradley–Terry model: the ratings, the covariance of the centred
// ratings (Elo², by player index) and the test of the model's fit.
type Model struct {
	Ratings []Rating // best first
	Cov     [][]float64
	Fit     GoodnessOfFit
}

// FitModel fits the ratings as Fit does, with their covariance and a goodness-of-fit
// test.
func FitModel(names []string, points, games [][]float64, opt Options) (*Model, error) {
	n := len(names)
	if n < 2 {
		return nil, errors.New("rating: at least two players are needed")
	}
	if len(points) != n || len(games) != n {
		return nil, fmt.Errorf("rating: %d names but %d rows of points and %d of games", n, len(points), len(games))
	}
	opt = opt.withDefaults()
	g, w, err := withPrior(names, points, games, opt.PriorDraws)
	if err != nil {
		return nil, err
	}
	if !connected(g) {
		return nil, errors.New("rating: the players do not all meet through games, so their ratings cannot be compared")
	}
	for i := range n {
		if w[i] == 0 {
			return nil, fmt.Errorf("rating: %s scored no points and the prior is off, so its rating is -infinity", names[i])
		}
	}
	gamma := strengths(g, w, opt.MaxIter, opt.Tol)
	cov, err := covariance(g, gamma)
	if err != nil {
		return nil, err
	}
	m := &Model{Ratings: make([]Rating, n), Cov: cov}
	for i := range n {
		m.Ratings[i] = ratingOf(i, names[i], gamma[i], math.Sqrt(math.Max(0, cov[i][i]))/eloPerNat, points[i], games[i])
	}
	m.Fit = pairsFit(points, games, gamma)
	sort.SliceStable(m.Ratings, func(a, b int) bool { return m.Ratings[a].Elo > m.Ratings[b].Elo })
	return m, nil
}

// Difference is the rating of player a minus that of b (by index), with its 95%
// interval from the covariance: two players whose difference's interval excludes 0 are
// told apart at 95%, which two non-overlapping intervals on the ratings understate.
func (m *Model) Difference(a, b int) (diff, lo, hi float64) {
	var ea, eb float64
	for _, r := range m.Ratings {
		switch r.Player {
		case a:
			ea = r.Elo
		case b:
			eb = r.Elo
		}
	}
	v := m.Cov[a][a] + m.Cov[b][b] - 2*m.Cov[a][b]
	half := z95 * math.Sqrt(math.Max(0, v))
	diff = ea - eb
	return diff, diff - half, diff + half
}

// GoodnessOfFit is Pearson's test of a fitted model against the cells of its data
// (pairs, or ordered pairs with a seat term): X² = Σ (o − n·p)² / (n·p·(1−p)) over the
// cells with games, o the points scored and p the model's expected score, against the
// chi-square distribution with cells − parameters degrees of freedom. Draws (half a
// point each) make a score less variable than a win-or-loss, so with many draws the
// test is conservative. P is NaN without a degree of freedom.
type GoodnessOfFit struct {
	X2 float64 `json:"chi_square"`
	DF int     `json:"df"`
	P  float64 `json:"p"`
}

// pairsFit is the goodness of fit of strengths gamma to each pair's points.
func pairsFit(points, games [][]float64, gamma []float64) GoodnessOfFit {
	var cells []cell
	for i := range gamma {
		for j := i + 1; j < len(gamma); j++ {
			if games[i][j] > 0 {
				cells = append(cells, cell{i: i, j: j, points: points[i][j], games: games[i][j]})
			}
		}
	}
	theta := make([]float64, len(gamma))
	for i, x := range gamma {
		theta[i] = math.Log(x)
	}
	return pearson(cells, theta, 0, len(gamma)-1)
}

// cell is the games of player i against j (with i on the first seat, in a model with
// a seat term) and the points i scored in them.
type cell struct {
	i, j          int
	points, games float64
}

// pearson is the goodness of fit of strengths theta (natural units) and seat term eta
// to cells, for a model of params free parameters.
func pearson(cells []cell, theta []float64, eta float64, params int) GoodnessOfFit {
	x2 := 0.0
	for _, c := range cells {
		p := 1 / (1 + math.Exp(theta[c.j]-theta[c.i]-eta))
		e := c.games * p
		x2 += (c.points - e) * (c.points - e) / (c.games * p * (1 - p))
	}
	df := len(cells) - params
	gf := GoodnessOfFit{X2: x2, DF: df, P: math.NaN()}
	if df > 0 {
		gf.P = distuv.ChiSquared{K: float64(df)}.Survival(x2)
	}
	return gf
}

// withDefaults fills in the defaults: PriorDraws 1 (none when negative), MaxIter
// 10000, Tol 1e-6.
func (o Options) withDefaults() Options {
	switch {
	case o.PriorDraws == 0:
		o.PriorDraws = 1
	case o.PriorDraws < 0:
		o.PriorDraws = 0
	}
	if o.MaxIter <= 0 {
		o.MaxIter = 10000
	}
	if o.Tol <= 0 {
		o.Tol = 1e-6
	}
	return o
}

// withPrior checks the tables (square, games symmetric and not negative, each pair's
// points adding up to its games) and returns the games g[i][j] and each player's
// points w[i], with prior virtual drawn games added to every pair that met.
func withPrior(names []string, points, games [][]float64, prior float64) (g [][]float64, w []float64, err error) {
	n := len(names)
	g = make([][]float64, n)
	w = make([]float64, n)
	for i := range n {
		if len(points[i]) != n || len(games[i]) != n {
			return nil, nil, fmt.Errorf("rating: row %d of points or games does not have %d entries", i, n)
		}
		g[i] = make([]float64, n)
		for j := range n {
			if i == j {
				continue
			}
			if err := checkPair(names, points, games, i, j); err != nil {
				return nil, nil, err
			}
			if games[i][j] > 0 {
				g[i][j] = games[i][j] + prior
				w[i] += points[i][j] + prior/2
			}
		}
	}
	return g, w, nil
}

// checkPair checks that i and j played as many games as j and i, not fewer than none,
// and that the points i scored against j (not negative) and j against i add up to them.
func checkPair(names []string, points, games [][]float64, i, j int) error {
	if games[i][j] != games[j][i] || games[i][j] < 0 {
		return fmt.Errorf("rating: games between %s and %s are not symmetric (%v, %v)", names[i], names[j], games[i][j], games[j][i])
	}
	if points[i][j] < 0 || points[i][j]+points[j][i] != games[i][j] {
		return fmt.Errorf("rating: points between %s and %s (%v + %v) do not add up to their %v games", names[i], names[j], points[i][j], points[j][i], games[i][j])
	}
	return nil
}

// strengths runs Hunter's MM iteration on γ = exp(θ) from γ = 1, for the games g and
// points w, until no strength moves by tol Elo points or more, or for maxIter rounds.
// The result has a geometric mean of 1 (θ centred).
func strengths(g [][]float64, w []float64, maxIter int, tol float64) []float64 {
	n := len(w)
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for it := 0; it < maxIter; it++ {
		for i := range n {
			den := 0.0
			for j := range n {
				if g[i][j] > 0 {
					den += g[i][j] / (gamma[i] + gamma[j])
				}
			}
			next[i] = w[i] / den
		}
		if recentre(next, gamma) < tol {
			break
		}
	}
	return gamma
}

// recentre copies next into gamma normalised to a geometric mean of 1, and returns
// the largest change of a strength, in Elo points.
func recentre(next, gamma []float64) float64 {
	mean := 0.0
	for _, x := range next {
		mean += math.Log(x)
	}
	mean /= float64(len(next))
	change := 0.0
	for i := range next {
		x := next[i] / math.Exp(mean)
		change = math.Max(change, math.Abs(math.Log(x)-math.Log(gamma[i]))*eloPerNat)
		gamma[i] = x
	}
	return change
}

// ratingOf is player i's Rating from its strength γ, the standard error of log γ, and
// its rows of points and games.
func ratingOf(i int, name string, gamma, se float64, points, games []float64) Rating {
	elo := math.Log(gamma) * eloPerNat
	half := z95 * se * eloPerNat
	score, played := 0.0, 0.0
	for j := range points {
		score += points[j]
		played += games[j]
	}
	return Rating{Player: i, Name: name, Elo: elo, Lo: elo - half, Hi: elo + half, Score: score, Games: played}
}

// covariance is the covariance of the centred strengths, in Elo²: the pseudo-inverse
// of the Fisher information L (a weighted graph Laplacian), computed as
// (L + J/n)⁻¹ − J/n with J the all-ones matrix.
func covariance(g [][]float64, gamma []float64) ([][]float64, error) {
	n := len(gamma)
	L := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if g[i][j] == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			v := g[i][j] * p * (1 - p)
			L.SetSym(i, j, L.At(i, j)-v)
			L.SetSym(i, i, L.At(i, i)+v)
			L.SetSym(j, j, L.At(j, j)+v)
		}
	}
	shift := 1 / float64(n)
	for i := range n {
		for j := i; j < n; j++ {
			L.SetSym(i, j, L.At(i, j)+shift)
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(L); err != nil {
		return nil, fmt.Errorf("rating: the information matrix is singular: %w", err)
	}
	cov := make([][]float64, n)
	for i := range n {
		cov[i] = make([]float64, n)
		for j := range n {
			cov[i][j] = (inv.At(i, j) - shift) * eloPerNat * eloPerNat
		}
	}
	return cov, nil
}

// connected reports whether the graph of pairs with games links every player.
func connected(g [][]float64) bool {
	n := len(g)
	seen := make([]bool, n)
	stack := []int{0}
	seen[0] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range n {
			if !seen[j] && g[i][j] > 0 {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	for _, s := range seen {
		if !s {
			return false
		}
	}
	return true
}

// expectedScore is the Bradley–Terry expected score of a player rated a against one
// rated b, on the Elo scale.
func expectedScore(a, b float64) float64 {
	return 1 / (1 + math.Exp((b-a)/eloPerNat))
}
