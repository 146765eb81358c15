package mancala_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// pathGames returns every way the engine can play g's rules, by name: each plan the
// rules admit (mancala.PathGames: the lap routines, the computed capture, the word
// board's move list), the traced sowing of a hooked game whose hooks do what the rules
// do, and, when trying the captures at every lap's end cannot change a capture, the
// same rules with Sowing.LapCaptures (the extended loop) and each of its plans.
func pathGames(t testing.TB, g *mancala.Game) ([]string, []*mancala.Game) {
	names, gs := mancala.PathGames(g)
	var captures, afters int
	names, gs = append(names, "hooked"), append(gs, g.WithHooks(rulesHooks(&captures, &afters)))
	if r := g.Rules(); lapCapturesNeutral(r) {
		r.Sowing.LapCaptures = true
		ext, err := mancala.New(g.Name()+"+lap_captures", r)
		require.NoError(t, err)
		en, eg := mancala.PathGames(ext)
		for i := range en {
			names, gs = append(names, "lap_captures:"+en[i]), append(gs, eg[i])
		}
	}
	return names, gs
}

// lapCapturesNeutral reports whether Sowing.LapCaptures leaves r's play as it is: r
// takes the classic loop, and no capture can apply where a relay goes on (no relay,
// or every capture needs a last pit that was empty, where a relay stops).
func lapCapturesNeutral(r mancala.Rules) bool {
	if r.Sowing.LapCaptures || r.Sowing.TakeAt > 0 || r.Sowing.Relay > mancala.RelayOnOccupied ||
		r.Rounds.Seeds > 0 || r.Must != mancala.AnyMove {
		return false
	}
	for _, c := range r.Captures {
		if r.Sowing.Relay != mancala.NoRelay && !c.EmptyBefore {
			return false
		}
		if c.Take > mancala.TakePit || c.Effect > mancala.MarkPit || c.Occupied || c.NeedOpposite ||
			c.AllOccupied || c.Chosen || c.FromPly > 0 || len(c.OppositeCounts) > 0 {
			return false
		}
	}
	return true
}

// playPaths plays the same random games on every path of g and requires the same
// position string, hash, legal moves and scores at every ply, and the same returns at
// the end; every other game starts from large random counts. It returns the plies
// played.
func playPaths(t *testing.T, g *mancala.Game, games, maxPlies int, seed uint64) int {
	names, gs := pathGames(t, g)
	require.NotEmpty(t, gs)
	rng := rand.New(rand.NewPCG(seed, 17))
	plies := 0
	states := make([]*mancala.State, len(gs))
	moves := make([][]core.Move, len(gs))
	for game := range games {
		text := gs[0].Start().String()
		if game%2 == 1 {
			if s, ok := mancala.ScrambledStart(g, rng.IntN); ok {
				text = s
			}
		}
		for i, pg := range gs {
			s, err := pg.Parse(text)
			require.NoError(t, err, names[i])
			states[i] = s
		}
		for ply := 0; ; ply++ {
			a := states[0]
			moves[0] = a.LegalMoves(moves[0][:0])
			for i := 1; i < len(gs); i++ {
				b := states[i]
				where := fmt.Sprintf("%s: %s against %s, game %d ply %d at %s", g.Name(), names[i], names[0], game, ply, a)
				require.Equal(t, a.String(), b.String(), where)
				require.Equal(t, a.Hash(), b.Hash(), where)
				require.Equal(t, a.Scores(nil), b.Scores(nil), where)
				moves[i] = b.LegalMoves(moves[i][:0])
				require.Equal(t, moves[0], moves[i], where)
			}
			if a.ToMove() == core.Terminal || ply >= maxPlies {
				for i := 1; i < len(gs); i++ {
					require.Equal(t, a.Returns(nil), states[i].Returns(nil), names[i])
				}
				break
			}
			m := moves[0][rng.IntN(len(moves[0]))]
			for _, s := range states {
				s.Play(m)
			}
			plies++
		}
	}
	return plies
}

// TestPathsAgree forces every path each game admits (plan.go: the lap walk, the bulk
// laps, the word board's tables, relay4, the computed capture, the word board's move
// list, the Kalah path; the traced sowing of hooks; the extended loop where lap
// captures change nothing) and holds them equal at every ply: on every game of the
// package's tests and on random descriptors.
func TestPathsAgree(t *testing.T) {
	all := digestGames(t)
	seen := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(all)) {
		g := all[name]
		t.Run(name, func(t *testing.T) {
			names, _ := pathGames(t, g)
			for _, n := range names {
				seen[n] = true
			}
			playPaths(t, g, 8, 400, uint64(len(name)))
		})
	}
	// Every lap routine and both loops were forced somewhere.
	for _, want := range []string{"classic/walk/onecap=false/words=false", "classic/bulk/onecap=false/words=true",
		"classic/words/onecap=true/words=true", "classic/relay4/onecap=true/words=true",
		"classic/relay4/onecap=true/words=true/kalah", "extended/walk/onecap=false/words=false",
		"extended/bulk/onecap=false/words=false", "extended/words/onecap=false/words=true", "hooked",
		"lap_captures:extended/words/onecap=false/words=true"} {
		require.True(t, seen[want], "no game took %s", want)
	}
	t.Run("random-descriptors", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(22, 5))
		plies := 0
		for i := 0; i < 120; i++ {
			r := randomRules(rng)
			g, err := mancala.New(fmt.Sprintf("random-%d", i), r)
			if err != nil {
				continue // a random contradiction: Validate's own tests cover those
			}
			plies += playPaths(t, g, 2, 150, uint64(i))
		}
		require.Greater(t, plies, 5000)
	})
}

// randomRules draws a descriptor: a board of one, two or four rows, with or without
// stores, and random sowing, capture, move and end rules (some contradict: New then
// refuses them).
func randomRules(rng *rand.Rand) mancala.Rules {
	pick := func(n int) int { return rng.IntN(n) }
	coin := func() bool { return rng.IntN(2) == 0 }
	houses, seeds := 1+pick(8), 1+pick(5)
	var b mancala.Board
	switch pick(4) {
	case 0:
		b = mancala.OneRow(houses, seeds)
	case 1:
		b = mancala.FourRows(min(houses, 4), seeds)
	case 2:
		b = mancala.TwoRowsLeft(houses, seeds)
	default:
		b = mancala.TwoRows(houses, seeds)
	}
	if pick(4) == 0 {
		b = mancala.WithoutStores(b)
	}
	r := mancala.Rules{Board: b}
	sw := &r.Sowing
	sw.Direction = mancala.Direction(pick(3))
	sw.Stores = mancala.StoreSowing(pick(3))
	switch pick(4) {
	case 0:
		sw.SkipOrigin = true
	case 1:
		sw.OriginFirst = true
	}
	if pick(4) == 0 {
		sw.MinSeeds = 2
	}
	sw.Relay = mancala.Relay(pick(4))
	if pick(3) != 0 {
		sw.Relay = min(sw.Relay, mancala.RelayOnOccupied) // the classic loop, mostly
	}
	if pick(6) == 0 {
		sw.TakeAt = 3 + pick(2)
		sw.TakeAtOwner = coin()
	}
	sw.LapCaptures = pick(5) == 0
	for range pick(3) {
		c := mancala.Capture{Side: mancala.Side(pick(3)), Take: mancala.Take(pick(3))}
		switch pick(3) {
		case 0:
			c.EmptyBefore = true
		case 1:
			c.Counts = []int{2, 3}
		}
		c.WithLast, c.NeedSeeds = coin(), coin()
		if c.Take == mancala.TakePit {
			c.WithLast = false
			if coin() {
				c.Chain = mancala.ChainBackward
			}
		}
		if pick(5) == 0 {
			c.Take = mancala.TakeNext
		}
		c.GrandSlamNothing = pick(4) == 0
		r.Captures = append(r.Captures, c)
	}
	r.ExtraTurn, r.MustFeed = coin(), pick(3) == 0
	r.NoStarve = pick(6) == 0
	r.End = mancala.End{When: mancala.When(pick(2)), Remaining: mancala.Remaining(pick(4)), MaxPlies: 150,
		Repeats: 3, OnRepeat: mancala.Split}
	r.Pass = r.End.When == mancala.MoverCannotMove && coin()
	r.PieRule = pick(5) == 0
	if sw.TakeAt == 0 && pick(6) == 0 {
		sw.SkipCount = 1 + pick(3) // drawn last: the descriptors before it keep their draws
	}
	return r
}

// TestRelayLimit: a relay that cycles for ever (Ayoayo, South's house 3 here) stops
// after MaxRelay laps on every path, the extended loop's included (Ayoayo with
// sowing.lap_captures used to sow one lap more in the classic loop than in the
// extended one, and so played differently): the move ends where the last seed fell,
// an occupied house (no capture there), with no relay.
func TestRelayLimit(t *testing.T) {
	g := newGame(t, "ayoayo", mancala.Ayoayo(1000))
	const from, play = "2,1,4,2,1,4,[13],1,0,3,2,4,3,[8] s", "3"
	names, gs := pathGames(t, g)
	require.Contains(t, names, "lap_captures:extended/walk/onecap=false/words=false")
	want := ""
	for i, pg := range gs {
		s, err := pg.Parse(from)
		require.NoError(t, err)
		m, err := core.ParsePlay(s, play)
		require.NoError(t, err)
		s.Play(m)
		if i == 0 {
			want = s.String()
		}
		require.Equal(t, want, s.String(), names[i])
	}
	laps := 0
	traced := g.WithHooks(mancala.Hooks{AfterSow: func(_ *mancala.State, mv *mancala.Sown) (bool, bool, error) {
		laps = mv.Laps
		return false, false, nil
	}})
	s, err := traced.Parse(from)
	require.NoError(t, err)
	m, err := core.ParsePlay(s, play)
	require.NoError(t, err)
	s.Play(m)
	require.Equal(t, mancala.MaxRelay, laps)
	require.Equal(t, want, s.String())
}
