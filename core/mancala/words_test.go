package mancala

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// TestLaneXor holds the build-tagged laneXor to the machine: pit 4k+i of a word board
// lives in lane i^laneXor of word k.
func TestLaneXor(t *testing.T) {
	pits := newPits(16)
	words := (*wordBoard)(unsafe.Pointer(unsafe.SliceData(pits)))
	for p := range 16 {
		clear(pits)
		pits[p] = 1
		require.Equal(t, uint64(1)<<lane(p), words[p>>2], "pit %d", p)
	}
}

// TestNonEmpty holds nonEmpty's bits to the counts on random boards of every size the
// word board takes.
func TestNonEmpty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, houses := range []int{1, 3, 6, 7, 9, 15} {
		g, err := New("t", Rules{Board: TwoRows(houses, 1), End: End{MaxPlies: 10}})
		require.NoError(t, err)
		s := g.Start()
		for range 500 {
			var want uint64
			for p := range s.pits {
				n := uint16(0)
				if rng.IntN(2) == 0 { // small counts, and the lanes' edges
					n = []uint16{1, 2, 5, 0x100, 0x7fff, 0x8000, 0xffff}[rng.IntN(7)]
				}
				s.pits[p] = n
				if n != 0 {
					want |= 1 << p
				}
			}
			require.Equal(t, want, s.nonEmpty(), "houses %d: %v", houses, s.pits)
		}
	}
}

// plainGame returns a copy of g with the word board's fast paths off: the tables, the
// houses' bits and the computed capture, so that it plays through the lap walk of
// sow.go and the general move listing and capture.
func plainGame(g *Game) *Game {
	c := *g
	c.tab, c.tab4 = [2][2]*sowTable{}, [2][2]*sowTable{}
	c.wordMoves, c.quickList, c.oneCap = false, false, false
	c.houseMask, c.houseBits = [2]uint64{}, [2]uint64{}
	return &c
}

// TestWordBoardAgrees plays the same random moves on each classic game with and
// without the word board's fast paths, from the start and from positions with large
// counts (whole laps in bulk, long relays), and requires the same position, hash and
// legal moves at every ply.
func TestWordBoardAgrees(t *testing.T) {
	rules := map[string]Rules{
		"kalah": mustKalah(t, DefaultKalah()), "oware": Oware(300), "ayoayo": Ayoayo(300),
		"congkak": Congkak(300), "toguz": ToguzKumalak(300), "vai": VaiLungThlan(300),
		"sungka": Sungka(300), "bohnenspiel": Bohnenspiel(300), "halusa": Halusa(300),
		"mangala": Mangala(300), "awari": Awari(300),
		"kalah-4rows-pie":    mustKalah(t, KalahOptions{Houses: 6, Seeds: 3, EmptyCapture: true, StoreSowing: true, Rows: 4, PieRule: true, MaxPlies: 300}),
		"kalah-skip-nostore": mustKalah(t, KalahOptions{Houses: 5, Seeds: 4, OriginSkip: true, Rows: 2, MaxPlies: 300}),
	}
	chosen := rules["kalah"]
	chosen.Sowing.Direction = Chosen
	rules["kalah-chosen"] = chosen
	// The extended loop's games on word boards (rounds, setups, relays from the next
	// pit, per-seed takes, chosen targets, kept pits, per-house directions).
	for name, r := range map[string]Rules{
		"dabuda": Dabuda(300), "pallanguzhi": Pallanguzhi(4, 300), "gabata-adegrat": GabataAdegrat(4, 300),
		"ba-awa": BaAwa(4, 300), "adjiboto": Adjiboto(300), "kiela": Kiela(4, 300),
		"gabata-shoa": GabataShoa(4, 300), "enkeshui": Enkeshui(300), "layli": LayliGoobalay(300),
		"ohvalhu": Ohvalhu(4, 300), "um-el-bagara": UmElBagara(300), "um-el-tuweisat": UmElTuweisat(300),
	} {
		rules[name] = r
	}
	if r, err := Tshuba(4, 300); err == nil {
		rules["tshuba"] = r
	}
	for name, r := range rules {
		t.Run(name, func(t *testing.T) {
			g, err := New(name, r)
			require.NoError(t, err)
			require.Positive(t, g.nwords, "a word board")
			p := plainGame(g)
			rng := rand.New(rand.NewPCG(5, 6))
			var ma, mb []core.Move
			bulk := 0 // moves lifting more than a lap
			for game := range 60 {
				a := g.Start()
				if game%2 == 1 { // large counts: whole laps, long relays
					for q := range a.pits {
						if !g.house[q] {
							a.pits[q] = 0
						} else {
							a.pits[q] = uint16(rng.IntN([]int{4, 40, 400}[rng.IntN(3)]))
						}
					}
					var err error
					if a, err = g.Parse(a.String()); err != nil {
						a = g.Start() // a game whose start carries more than counts (a setup, rounds)
					}
				}
				b, err := p.Parse(a.String())
				require.NoError(t, err)
				for ply := 0; a.ToMove() != core.Terminal && ply < 300; ply++ {
					require.Equal(t, b.String(), a.String())
					require.Equal(t, b.Hash(), a.Hash(), a.String())
					ma, mb = a.LegalMoves(ma[:0]), b.LegalMoves(mb[:0])
					require.Equal(t, mb, ma, a.String())
					m := ma[rng.IntN(len(ma))]
					if m < Swap && int(a.pits[g.houses[a.Side()][m&(ClockwiseBit-1)]]) > len(g.lap[0][0]) {
						bulk++
					}
					a.Play(m)
					b.Play(m)
				}
				require.Equal(t, b.String(), a.String())
				require.Equal(t, b.Returns(nil), a.Returns(nil))
			}
			require.Positive(t, bulk, "some moves sow whole laps")
		})
	}
}

func mustKalah(t *testing.T, o KalahOptions) Rules {
	r, err := Kalah(o)
	require.NoError(t, err)
	return r
}
