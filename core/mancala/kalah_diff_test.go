package mancala_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The differential test: the engine given Kalah's descriptor is core/kalah, on perft and
// move by move along random games, for every knob combination.

// knobGrid lists every combination of core/kalah's boolean and enum knobs with both row
// counts (128).
func knobGrid() []core.Params {
	var out []core.Params
	for bits := 0; bits < 1<<7; bits++ {
		out = append(out, core.Params{
			"empty_capture": bits&1 != 0,
			"origin_skip":   bits&2 != 0,
			"store_sowing":  bits&4 != 0,
			"pie_rule":      bits&8 != 0,
			"end_rule":      []string{"either_side_empty", "mover_cannot_move"}[bits>>4&1],
			"remaining":     []string{"owner", "discard"}[bits>>5&1],
			"rows":          2 + 2*(bits>>6&1),
		})
	}
	return out
}

// kalahPair builds core/kalah's game for p and the engine's game for the same knobs.
func kalahPair(t testing.TB, p core.Params) (*kalah.Game, *mancala.Game) {
	t.Helper()
	r, err := kalah.RulesFrom(p)
	require.NoError(t, err)
	kg, err := kalah.New("kalah", r)
	require.NoError(t, err)
	o := mancala.KalahOptions{
		Houses: r.Houses, Seeds: r.Seeds, EmptyCapture: r.EmptyCapture,
		OriginSkip: r.OriginSkip, StoreSowing: r.StoreSowing, PieRule: r.PieRule,
		Rows: r.Rows, MaxPlies: r.MaxPlies,
	}
	if r.EndRule == kalah.MoverCannotMove {
		o.EndRule = mancala.MoverCannotMove
	}
	if r.Remaining == kalah.Discard {
		o.Remaining = mancala.Discard
	}
	mr, err := mancala.Kalah(o)
	require.NoError(t, err)
	mg, err := mancala.New("kalah", mr)
	require.NoError(t, err)
	return kg, mg
}

// perftAll counts the positions at every depth 1..len(counts) in one walk, with undo.
func perftAll(s core.State, counts []uint64, bufs [][]core.Move) {
	moves := s.LegalMoves(bufs[0][:0])
	bufs[0] = moves
	counts[0] += uint64(len(moves))
	if len(counts) == 1 {
		return
	}
	u := s.(core.Undoer)
	for _, m := range moves {
		s.Play(m)
		perftAll(s, counts[1:], bufs[1:])
		u.Undo()
	}
}

func perftCounts(s core.State, depth int) []uint64 {
	counts := make([]uint64, depth)
	bufs := make([][]core.Move, depth)
	perftAll(s, counts, bufs)
	return counts
}

func TestKalahPerftEqual(t *testing.T) {
	// Kalah(6,4) to depth 9 (1..7 asked; deeper is cheap).
	t.Run("kalah(6,4)", func(t *testing.T) {
		kg, mg := kalahPair(t, nil)
		want := perftCounts(kg.Start(), 9)
		require.Equal(t, want, perftCounts(mg.Start(), 9))
		// Spot-check against core.Perft (core/kalah may count in bulk; the same definition).
		require.Equal(t, core.Perft(kg.Start(), 5), want[4])
		t.Logf("perft 1..9: %v", want)
	})
	// Every knob combination on small boards: two rows with 1..4 houses, four rows
	// with 1..2 (2..4 houses a side), 1..3 seeds, depths 1..7.
	for i, knobs := range knobGrid() {
		t.Run(fmt.Sprintf("knobs%03d", i), func(t *testing.T) {
			t.Parallel()
			maxHouses := 4
			if knobs.Int("rows") == 4 {
				maxHouses = 2
			}
			for houses := 1; houses <= maxHouses; houses++ {
				for seeds := 1; seeds <= 3; seeds++ {
					p := knobs.Clone()
					p["houses"], p["seeds"] = houses, seeds
					kg, mg := kalahPair(t, p)
					require.Equal(t, perftCounts(kg.Start(), 7), perftCounts(mg.Start(), 7),
						"%v houses=%d seeds=%d", knobs, houses, seeds)
				}
			}
		})
	}
}

// sameState compares everything a player can see of two states.
func sameState(t *testing.T, k, m core.State, where string) {
	t.Helper()
	require.Equal(t, k.String(), m.String(), where)
	require.Equal(t, k.ToMove(), m.ToMove(), where)
	require.Equal(t, core.MovesString(k, k.LegalMoves(nil)), core.MovesString(m, m.LegalMoves(nil)), where)
	require.Equal(t, k.LegalMoves(nil), m.LegalMoves(nil), where)
	require.Equal(t, k.(core.Scorer).Scores(nil), m.(core.Scorer).Scores(nil), where)
	require.Equal(t, k.Returns(nil), m.Returns(nil), where)
}

func TestKalahRandomGamesEqual(t *testing.T) {
	// Per knob combination: boards of 1..6 houses (1..4 with four rows) and 1..4 seeds,
	// two games each, and a short ply limit now and then: 128 x ~22 boards x 2 games.
	for i, knobs := range knobGrid() {
		t.Run(fmt.Sprintf("knobs%03d", i), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(i), 14))
			maxHouses := 6
			if knobs.Int("rows") == 4 {
				maxHouses = 4
			}
			games := 0
			for houses := 1; houses <= maxHouses; houses++ {
				for seeds := 1; seeds <= 4; seeds++ {
					for g := 0; g < 2; g++ {
						p := knobs.Clone()
						p["houses"], p["seeds"] = houses, seeds
						if rng.IntN(4) == 0 {
							p["max_plies"] = 1 + rng.IntN(30)
						}
						kg, mg := kalahPair(t, p)
						playBoth(t, kg, mg, rng, fmt.Sprintf("%v houses=%d seeds=%d", p, houses, seeds))
						games++
					}
				}
			}
			require.Positive(t, games)
		})
	}
}

// playBoth plays one random game on both engines move by move, comparing them at every
// ply, and undoes it all again on the engine's side.
func playBoth(t *testing.T, kg *kalah.Game, mg *mancala.Game, rng *rand.Rand, name string) {
	t.Helper()
	var ks core.State = kg.Start()
	var ms core.State = mg.Start()
	var strs []string
	for ply := 0; ; ply++ {
		where := fmt.Sprintf("%s ply %d", name, ply)
		sameState(t, ks, ms, where)
		strs = append(strs, ms.String())
		if ks.ToMove() == core.Terminal {
			break
		}
		moves := ks.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		ks.Play(m)
		ms.Play(m)
		// The engine's position reads back from its string the same as core/kalah's.
		if ply%8 == 0 {
			kp, err := kg.Parse(ks.String())
			require.NoError(t, err, where)
			mp, err := mg.Parse(ms.String())
			require.NoError(t, err, where)
			sameState(t, kp, mp, where+" parsed")
		}
	}
	for i := len(strs) - 2; i >= 0; i-- {
		require.True(t, ms.(core.Undoer).Undo())
		require.Equal(t, strs[i], ms.String(), "%s: undo to ply %d", name, i)
	}
	require.False(t, ms.(core.Undoer).Undo())
}

// TestKalahLargeBoards plays Kalah(6,4), (6,6) and (16, 2x4 rows) move by move.
func TestKalahLargeBoards(t *testing.T) {
	for _, p := range []core.Params{
		nil,
		{"seeds": 6},
		{"houses": 16, "seeds": 7},
		{"houses": 8, "seeds": 3, "rows": 4, "origin_skip": true},
		{"houses": 6, "seeds": 20, "store_sowing": false, "origin_skip": true},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			kg, mg := kalahPair(t, p)
			rng := rand.New(rand.NewPCG(7, 7))
			for i := 0; i < 40; i++ {
				playBoth(t, kg, mg, rng, fmt.Sprint(p))
			}
		})
	}
}

func TestKalahMoveNotation(t *testing.T) {
	kg, mg := kalahPair(t, core.Params{"pie_rule": true})
	ks, ms := kg.Start(), mg.Start()
	for _, text := range []string{"1", "6", "swap", " 3 "} {
		km, kerr := ks.ParseMove(text)
		mm, merr := ms.ParseMove(text)
		require.NoError(t, kerr)
		require.NoError(t, merr)
		require.Equal(t, km, mm, text)
	}
	for _, text := range []string{"0", "7", "x", "", "1R"} {
		_, err := ms.ParseMove(text)
		require.Error(t, err, text)
	}
	require.True(t, slices.Equal(ks.LegalMoves(nil), ms.LegalMoves(nil)))
}
