package mancala_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"

	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// extGames lists the descriptors of games_ext.go.
func extGames(t testing.TB) map[string]*mancala.Game {
	enGehe50 := mancala.EnGehe(3000) // the widest board of the source: 50 holes a row
	enGehe50.Board = mancala.TwoRows(50, 4)
	return map[string]*mancala.Game{
		"awari":          newGame(t, "awari", mancala.Awari(2000)),
		"dabuda":         newGame(t, "dabuda", mancala.Dabuda(2000)),
		"en-gehe":        newGame(t, "en-gehe", enGehe50),
		"mangala":        newGame(t, "mangala", mancala.Mangala(2000)),
		"pallanguzhi":    newGame(t, "pallanguzhi", mancala.Pallanguzhi(6, 3000)),
		"gabata-adegrat": newGame(t, "gabata-adegrat", mancala.GabataAdegrat(6, 3000)),
		"ba-awa":         newGame(t, "ba-awa", mancala.BaAwa(6, 3000)),
		"hus":            newGame(t, "hus", mancala.Hus(2000)),
		"owela":          newGame(t, "owela", mancala.Owela(2000)),
		"adjiboto":       newGame(t, "adjiboto", mancala.Adjiboto(2000)),
		"omweso":         newGame(t, "omweso", mancala.Omweso(8, 2000)),
		"kiela":          newGame(t, "kiela", mancala.Kiela(6, 2000)),
		"tshuba":         newGame(t, "tshuba", mancala.Tshuba(2000)),
		"gabata-shoa":    newGame(t, "gabata-shoa", mancala.GabataShoa(6, 3000)),
		"enkeshui":       newGame(t, "enkeshui", mancala.Enkeshui(2000)),
		"bao":            newGame(t, "bao", mancala.BaoSimplified(2000)),
		"fondji":         newGame(t, "fondji", mancala.Fondji(2000)),
		"foji":           newGame(t, "foji", mancala.Foji(2000)),
		"enindji":        newGame(t, "enindji", mancala.Enindji(2000)),
		"sute-capture":   newGame(t, "sute-capture", suteCapture()),
		"kara":           newGame(t, "kara", mancala.Kara(2000)),
		"awari-ndyuka":   newGame(t, "awari-ndyuka", mancala.AwariNdyuka(2000)),
	}
}

func TestExtContract(t *testing.T) {
	for name, g := range extGames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			coretest.RandomSim(t, g, coretest.Options{Games: 20, Invariant: conserved, MaxPlies: 20000})
		})
	}
}

// TestExtScenarios pins each extended rule on a position worked by hand.
func TestExtScenarios(t *testing.T) {
	gs := extGames(t)
	oneRow := mancala.OneRow(3, 2)
	tests := []struct {
		name  string
		game  *mancala.Game
		from  string
		play  string
		want  string
		legal string
	}{
		// Pallanguzhi: South's 3 seeds make pits 2 and 3 four (taken by the sower), the
		// last falls in empty pit 4 and takes the next pit (5 seeds): 4+4+5.
		{"take-at/sower", gs["pallanguzhi"], "3,3,3,0,5,0,0,0,0,0,1,0,0,0,[0],[0] s round=1", "1",
			"0,0,0,1,0,0,0,0,0,0,1,0,0,0,[13],[0] n round=1 ply=1", ""},
		// Pallanguzhi: South's single seed makes North's house 1 three: relay 8,9,10; the
		// last falls in empty pit 11 and takes the empty next pit; South is empty, the
		// round ends (North takes its 3: 44 against 40), South refills six houses (house
		// 7 is out), North all seven, and North starts round 2.
		{"rounds/next-round", gs["pallanguzhi"], "0,0,0,0,0,0,1,2,0,0,0,0,0,0,[40],[41] s round=1", "7",
			"6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", ""},
		{"rounds/out-pit-not-sown", gs["pallanguzhi"], "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", "7",
			"0,7,7,7,7,0,0,7,7,7,7,7,7,1,[4],[9] s out=7 round=2 ply=2 played=1", ""},
		// Ba-awa: a seed makes South's pit 3 four (taken by its owner, South); five seeds
		// are left: the round ends, the starter (South) takes them: 24-24, next round
		// full, started by North.
		{"take-at/owner-left-at-most-starter", gs["ba-awa"], "3,0,3,0,0,0,0,0,0,0,0,3,[15],[24] s round=1", "1",
			"4,4,4,4,4,4,4,4,4,4,4,4,[0],[0] n round=2 ply=1 played=0", ""},
		// Gabata of Adegrat: the last seed makes pit 3 two: the next pit (4 seeds) is
		// lifted and sown on; its last falls in empty pit 8, taking pit 9 (5).
		{"relay-next", gs["gabata-adegrat"], "2,0,1,4,0,0,0,0,5,0,0,0,[10],[14] s round=1", "1",
			"0,1,2,0,1,1,1,1,0,0,0,0,[15],[14] n round=1 ply=1", ""},
		// Hus: the last seed makes inner pit 1 two; North's pits 24 and 25 of its column
		// (4 and 3) are taken and sown on from pit 2: pits 2..8 take one each.
		{"resow/hus", gs["hus"],
			"1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", "15",
			"2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] n", ""},
		// Tshuba: house 12's seed falls in empty inner pit 1: North's column (2+3) and a
		// chosen house (North's 3: 4 seeds, or 9: 1 seed) are taken.
		{"chosen/listed", gs["tshuba"],
			"0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", "", "", "4 12>3 12>9"},
		{"chosen/played", gs["tshuba"],
			"0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", "12>3",
			"1,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,[9],[0] n", ""},
		// Omweso: setup moves, then done by each side; play begins with South.
		{"setup/move", gs["omweso"], "", "1>2",
			"1,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s setup=7,8 ply=1 played=0", ""},
		{"setup/done", gs["omweso"], "", "1>2 done done",
			"1,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s ply=3 played=0", ""},
		{"setup/north", gs["omweso"], "", "done", "", "done 1>2 1>3 1>4"},
		// Dabuda: the first move from the four rightmost houses; the ply count read back
		// from the string lifts the restriction.
		{"opening/first-move", gs["dabuda"], "", "", "", "7 8 9 10"},
		{"opening/ply-read-back", gs["dabuda"], "1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=0", "", "",
			"7 8 10"},
		// Dabuda: a move's first lap must reach North's row or end in an empty own
		// house: houses 2 and 8 end in empty houses, house 10 reaches North; houses 1, 6
		// and 7 end in occupied own houses (and would relay): not listed.
		{"must/reach-or-empty", gs["dabuda"], "1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=2", "", "",
			"2 8 10"},
		// Awari: house 6 would take both North houses (a grand slam): only house 1.
		{"no-starve/avoid", gs["awari"], "1,0,0,0,0,2,[21],1,1,0,0,0,0,[22] s", "", "", "1"},
		// ... unless every move starves: then it is played and captured, and North,
		// with nothing, cannot move: South's 26 is a majority anyway.
		{"no-starve/forced", gs["awari"], "0,0,0,0,0,2,[22],1,1,0,0,0,0,[22] s", "6",
			"0,0,0,0,0,0,[26],0,0,0,0,0,0,[22] -", ""},
		// Fondji: house 6 would take North's last seed (a 2 made in North's house 1):
		// with no exception, only house 5; with no other move, South cannot move and
		// each side takes its row.
		{"must/leave-seeds", gs["fondji"], "0,0,0,0,1,1,[20],1,0,0,0,0,0,[25] s", "", "", "5"},
		{"must/leave-seeds-none", gs["fondji"], "1,2,0,0,0,1,[20],1,0,0,0,0,2,[21] n", "6",
			"0,0,0,0,0,0,[21],0,0,0,0,0,0,[27] -", ""},
		// Foji: North is empty; house 3's first lap (one seed into South's occupied
		// house 2) feeds North only by its relay: not allowed; house 6 ends in empty own
		// house 1 facing nothing; house 2 feeds North on its first lap.
		{"must/lap-leaves-seeds", gs["foji"], "0,2,1,0,0,5,[20],0,0,0,0,0,0,[20] s", "", "", "2"},
		// ... and a relay after a first lap that left North seeds may take them all.
		{"must/lap-leaves-seeds-relay", gs["foji"], "0,0,0,0,1,1,[20],0,0,0,3,0,0,[23] s", "6",
			"0,0,0,0,0,0,[25],0,0,0,0,0,0,[23] -", ""},
		// Enindji: a last seed making four in North's house 2 gives them to North
		// (to_owner); one making four in South's own house to South.
		{"to-owner/opponent", gs["enindji"], "0,0,0,0,0,2,[0],1,3,0,0,0,4,[0] s", "6",
			"0,0,0,0,0,0,[0],2,0,0,0,0,4,[4] n", ""},
		{"to-owner/own", gs["enindji"], "0,0,0,2,0,3,[0],1,1,1,1,1,1,[0] s", "4",
			"0,0,0,0,1,0,[4],1,1,1,1,1,1,[0] n", ""},
		// Enindji: every move of South's would starve North: South passes.
		{"must/leave-seeds-pass", gs["enindji"], "0,0,0,0,0,1,[20],3,0,0,0,0,0,[24] s", "", "", "pass"},
		// A capture of the pit when the house facing it is empty (opposite_empty):
		// house 2's last seed makes South's house 3 two: taken when North's house 4
		// facing it is empty, not when it holds seeds.
		{"opposite-empty/taken", gs["sute-capture"], "0,1,1,0,0,1,[0],0,0,2,0,0,0,[0] s", "2",
			"0,0,0,0,0,1,[2],0,0,2,0,0,0,[0] n", ""},
		{"opposite-empty/facing-occupied", gs["sute-capture"], "0,1,1,0,0,0,[0],0,0,0,2,0,0,[0] s", "2",
			"0,0,2,0,0,0,[0],0,0,0,2,0,0,[0] n", ""},
		// Kara: a last seed making 2 in the mover's own house 3 (houses = {3}) takes
		// it; in house 2 it does not.
		{"houses/listed", gs["kara"], "0,1,1,[0],3,1,0,[0] s", "2", "0,0,0,[2],3,1,0,[0] n", ""},
		{"houses/not-listed", gs["kara"], "1,1,0,[0],3,1,0,[0] s", "1", "0,2,0,[0],3,1,0,[0] n", ""},
		// The Ndyuka Awari: South takes North's 2; no house holds more than one seed
		// (each_at_most = 1): the game ends, the single seeds left discarded.
		{"each-at-most/over", gs["awari-ndyuka"], "1,0,0,0,2,0,[20],1,0,1,0,0,0,[23] s", "5",
			"1,0,0,0,0,1,[22],0,0,1,0,0,0,[23] -", ""},
		{"each-at-most/on", gs["awari-ndyuka"], "1,0,0,0,2,0,[20],0,0,1,0,0,2,[23] s", "5",
			"1,0,0,0,0,1,[20],1,0,1,0,0,2,[23] n", ""},
		// Adjiboto: each house once in the opening (house 3 then North's 2: every pit
		// takes one more seed round, North's origin two); sowing house 4 origin-first ends in
		// house 5 and takes the houses after it while they hold 1, 3 or 5 (3 and 5).
		{"each-house/start", gs["adjiboto"], "", "3 2", "", "1 2 4 5"},
		{"each-house/string", gs["adjiboto"], "", "3 2",
			"12,12,2,12,12,[0],12,2,12,12,12,[0] s used=3/2 ply=2", ""},
		{"take-after", gs["adjiboto"], "0,0,0,2,0,[0],3,5,2,0,0,[0] s ply=5", "4",
			"0,0,0,1,1,[8],0,0,2,0,0,[0] n ply=6", ""},
		{"from-ply/no-capture-on-first-move", gs["adjiboto"], "0,0,0,2,0,[0],3,5,2,0,0,[0] s ply=0", "4",
			"0,0,0,1,1,[0],3,5,2,0,0,[0] n ply=1", ""},
		// Mangala: South's single seed goes to the store (origin-first moves a single
		// seed on): an extra turn with an empty row ends the game, and the player whose
		// row is empty takes the other row.
		{"to-emptied", gs["mangala"], "0,0,0,0,0,1,[20],1,0,0,0,0,0,[26] s", "6",
			"0,0,0,0,0,0,[22],0,0,0,0,0,0,[26] -", ""},
		// One row: house 3 sows into North's houses 1 and 2, making them 3: taken with
		// the chain backward.
		{"one-row/capture", newGame(t, "one-row", mancala.Rules{
			Board:    oneRow,
			Sowing:   mancala.Sowing{Stores: mancala.OwnStore},
			Captures: []mancala.Capture{{Side: mancala.OpponentSide, Counts: []int{2, 3}, Take: mancala.TakePit, Chain: mancala.ChainBackward}},
			End:      mancala.End{When: mancala.MoverCannotMove, MaxPlies: 200},
		}), "", "3", "2,2,0,0,0,2,[6],[0] n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.game.Start()
			if tc.from != "" {
				var err error
				s, err = tc.game.Parse(tc.from)
				require.NoError(t, err)
			}
			for _, mv := range strings.Fields(tc.play) {
				m, err := core.ParsePlay(s, mv)
				require.NoError(t, err, "at %s", s)
				s.Play(m)
			}
			if tc.want != "" {
				assert.Equal(t, tc.want, s.String())
			}
			if tc.legal != "" {
				got := core.MovesString(s, s.LegalMoves(nil))
				if strings.HasPrefix(tc.name, "setup/") {
					got = strings.Join(strings.Fields(got)[:4], " ")
				}
				assert.Equal(t, tc.legal, got)
			}
			require.NoError(t, conserved(s))
		})
	}
}

// geometryGames are test descriptors on the new geometries and sowing options.
func geometryGames(t testing.TB) map[string]*mancala.Game {
	three := mancala.Board{Rows: 3, Houses: 2, Pits: []mancala.Pit{
		{Owner: 0, Row: 2, Col: 0, Seeds: 3}, {Owner: 0, Row: 2, Col: 1, Seeds: 3}, {Owner: 0, Row: 1, Col: 0, Seeds: 3},
		{Owner: 0, Store: true, Row: 2, Col: 2},
		{Owner: 1, Row: 0, Col: 1, Seeds: 3}, {Owner: 1, Row: 0, Col: 0, Seeds: 3}, {Owner: 1, Row: 1, Col: 1, Seeds: 3},
		{Owner: 1, Store: true, Row: 0, Col: -1},
	}}
	three.Tracks[0] = []int{0, 1, 3, 6, 4, 5, 2}
	three.Tracks[1] = []int{4, 5, 7, 2, 0, 1, 6}
	capture := []mancala.Capture{{Side: mancala.OwnSide, EmptyBefore: true, Take: mancala.TakeOpposite, WithLast: true, NeedSeeds: true}}
	end := mancala.End{When: mancala.MoverCannotMove, MaxPlies: 500, Repeats: 3, OnRepeat: mancala.Split}
	return map[string]*mancala.Game{
		"one-row": newGame(t, "one-row", mancala.Rules{Board: mancala.OneRow(4, 3),
			Sowing:   mancala.Sowing{Stores: mancala.OwnStore, Relay: mancala.RelayOwnSide},
			Captures: []mancala.Capture{{Side: mancala.OpponentSide, Counts: []int{2, 3}, Take: mancala.TakePit, Chain: mancala.ChainBackward}},
			End:      end}),
		"three-rows": newGame(t, "three-rows", mancala.Rules{Board: three,
			Sowing: mancala.Sowing{Stores: mancala.OwnStore}, Captures: capture, ExtraTurn: true, End: end}),
		"chosen-relay": newGame(t, "chosen-relay", mancala.Rules{Board: mancala.WithoutStores(mancala.TwoRows(6, 4)),
			Sowing:   mancala.Sowing{Direction: mancala.Chosen, Stores: mancala.NoStores, Relay: mancala.RelayOnOccupied, SkipOrigin: true},
			Captures: capture, MustFeed: true, End: end}),
		"own-side-relay-pie": newGame(t, "own-side-relay-pie", mancala.Rules{Board: mancala.TwoRows(6, 4),
			Sowing: mancala.Sowing{Stores: mancala.OwnStore, Relay: mancala.RelayOwnSide}, Captures: capture,
			ExtraTurn: true, PieRule: true, End: end}),
	}
}

func TestGeometryContract(t *testing.T) {
	for name, g := range geometryGames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			coretest.RandomSim(t, g, coretest.Options{Games: 30, Invariant: conserved, MaxPlies: 5000})
		})
	}
}

func TestStorelessBoard(t *testing.T) {
	g := extGames(t)["pallanguzhi"]
	assert.Len(t, g.Rules().Board.Pits, 14, "the rules keep the board as given")
	b := g.Board()
	require.Len(t, b.Pits, 16, "the compiled board has the engine's stores")
	assert.True(t, b.Pits[14].Store && b.Pits[14].Owner == 0)
	assert.True(t, b.Pits[15].Store && b.Pits[15].Owner == 1)
	assert.Equal(t, 14, g.Store(0))
	s := g.Start()
	assert.Equal(t, "6,6,6,6,6,6,6,6,6,6,6,6,6,6,[0],[0] s round=1 ply=0", s.String())
	assert.Contains(t, s.Render(false), "round 1")
	_, err := mancala.New("half", mancala.Rules{Board: func() mancala.Board {
		b := mancala.TwoRows(3, 1)
		b.Pits[3].Owner = 1 // two stores for North, none for South
		return b
	}()})
	require.ErrorContains(t, err, "want exactly 1 each, or none on the board")
}

func TestExtValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(r *mancala.Rules)
		want string
	}{
		{"take-at", func(r *mancala.Rules) { r.Sowing.TakeAt = -1 }, "sowing.take_at -1"},
		{"take-at-owner", func(r *mancala.Rules) { r.Sowing.TakeAtOwner = true }, "sowing.take_at_owner needs sowing.take_at"},
		{"relay", func(r *mancala.Rules) { r.Sowing.Relay = 9 }, "sowing.relay 9 unknown"},
		{"resow-from", func(r *mancala.Rules) { r.Captures[0].ResowFrom = mancala.ResowLapStart }, "captures[0].resow_from needs effect resow"},
		{"resow-pit", func(r *mancala.Rules) {
			r.Captures[0].Effect, r.Captures[0].Chain = mancala.Resow, mancala.NoChain
		}, "re-sowing the last pit's own seeds is a relay"},
		{"occupied", func(r *mancala.Rules) {
			r.Captures[0] = mancala.Capture{Occupied: true, EmptyBefore: true}
		}, "occupied and empty_before contradict"},
		{"chosen", func(r *mancala.Rules) {
			r.Captures[0] = mancala.Capture{Chosen: true, Effect: mancala.Resow}
		}, "captures[0].chosen"},
		{"from-ply", func(r *mancala.Rules) { r.Captures[0].FromPly = -2 }, "captures[0].from_ply -2"},
		{"opposite-empty", func(r *mancala.Rules) {
			r.Captures[0] = mancala.Capture{OppositeEmpty: true, NeedOpposite: true}
		}, "captures[0].opposite_empty: contradicts need_opposite"},
		{"houses", func(r *mancala.Rules) { r.Captures[0].Houses = []int{0} }, "captures[0].houses: house 0 out of range"},
		{"to-owner", func(r *mancala.Rules) {
			r.Captures[0] = mancala.Capture{ToOwner: true, Effect: mancala.Resow}
		}, "captures[0].to_owner"},
		{"opening-houses", func(r *mancala.Rules) { r.Opening = mancala.Opening{Plies: 1} }, "opening.plies 1: list the opening's houses"},
		{"opening-plies", func(r *mancala.Rules) { r.Opening = mancala.Opening{Houses: []int{1}} }, "opening.houses: set opening.plies"},
		{"opening-range", func(r *mancala.Rules) { r.Opening = mancala.Opening{Plies: 1, Houses: []int{7}} }, "opening.houses[0]: house 7; want 1..6"},
		{"must", func(r *mancala.Rules) { r.Must = 5 }, "must 5 unknown"},
		{"setup", func(r *mancala.Rules) { r.Setup.Moves = 256 }, "setup.moves 256"},
		{"setup-pie", func(r *mancala.Rules) { r.Setup.Moves, r.PieRule = 3, true }, "setup phase and the pie rule"},
		{"rounds-max", func(r *mancala.Rules) { r.Rounds.Max = 3 }, "rounds.max: set rounds.seeds"},
		{"rounds-remaining", func(r *mancala.Rules) { r.Rounds.Seeds, r.End.Remaining = 4, mancala.Split }, "rounds: end.remaining split loses seeds"},
		{"rounds-min-seeds", func(r *mancala.Rules) { r.Rounds.Seeds, r.Sowing.MinSeeds = 1, 2 }, "rounds.seeds 1: fewer than sowing.min_seeds 2"},
		{"left-at-most", func(r *mancala.Rules) { r.End.LeftAtMost = -1 }, "end.left_at_most -1"},
		{"each-at-most", func(r *mancala.Rules) { r.End.EachAtMost = -1 }, "end.each_at_most -1"},
		{"remaining", func(r *mancala.Rules) { r.End.Remaining = 9 }, "end.remaining 9 unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mancala.Oware(0)
			r.Captures = append([]mancala.Capture(nil), r.Captures...)
			tc.edit(&r)
			_, err := mancala.New("x", r)
			require.ErrorContains(t, err, tc.want)
		})
	}
	for name, g := range extGames(t) {
		r := g.Rules()
		require.NoError(t, r.Validate(), name)
	}
}

func TestExtParseErrors(t *testing.T) {
	gs := extGames(t)
	pal := "6,6,6,6,6,6,6,6,6,6,6,6,6,6,[0],[0] s"
	tests := []struct {
		game, text, want string
	}{
		{"pallanguzhi", pal + " out=1 round=1", "pit 1 is out of play but holds 6 seeds"},
		{"pallanguzhi", "0,6,6,6,6,6,6,6,6,6,6,6,6,6,[6],[0] s out=1", "give the round too"},
		{"pallanguzhi", "0,6,6,6,6,6,6,6,6,6,6,6,6,6,[6],[0] s out=15 round=2", "not a house number"},
		{"pallanguzhi", pal + " round=0", "want a round number"},
		{"pallanguzhi", pal + " round=7", "want a round number 1..65536"},
		{"pallanguzhi", pal + " ply=-1", "want a ply count"},
		{"pallanguzhi", pal + " ply=2 played=3", "played=3: want ply=N with N at least as large"},
		{"pallanguzhi", pal + " setup=1,1", "this game has no setup phase"},
		{"awari", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s ply=3", "keeps no ply count"},
		{"awari", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s round=1", "round=1: this game has no rounds"},
		{"awari", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s bogus", "unknown field \"bogus\" (want repeated)"},
		{"omweso", "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s setup=0,3", "North sets up now, so the side to move is n"},
		{"omweso", "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s setup=9,3", "0..8 each"},
		{"adjiboto", "10,10,10,10,10,[0],10,10,10,10,10,[0] s used=6/", "\"6\" is not a house number 1..5"},
		{"adjiboto", "10,10,10,10,10,[0],10,10,10,10,10,[0] s used=1", "want South's houses, a slash"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			_, err := gs[tc.game].Parse(tc.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestExtParseMove(t *testing.T) {
	gs := extGames(t)
	s := gs["omweso"].Start()
	for text, want := range map[string]core.Move{"done": mancala.Done, "1>2": mancala.SetupBit | 1, "16>1": mancala.SetupBit | 15<<8} {
		m, err := s.ParseMove(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, m, text)
		assert.Equal(t, text, s.MoveString(m))
	}
	for _, text := range []string{"1>1", "0>2", "1>17", "1", "x>2", "01>2"} {
		_, err := s.ParseMove(text)
		require.ErrorContains(t, err, "want A>B", text)
	}
	ts := gs["tshuba"].Start()
	m, err := ts.ParseMove("12>3")
	require.NoError(t, err)
	assert.Equal(t, core.Move(11|3<<mancala.TargetShift), m)
	_, err = ts.ParseMove("12>13")
	require.ErrorContains(t, err, "the chosen house after > must be the opponent's house number 1..12")
}

func FuzzParseExt(f *testing.F) {
	for _, seed := range []string{
		"6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0",
		"12,12,2,12,12,[0],12,2,12,12,12,[0] s used=3/2 ply=2",
		"1,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s setup=7,8 ply=1 played=0",
		"1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=2",
	} {
		f.Add(seed)
	}
	gs := extGames(f)
	f.Fuzz(func(t *testing.T, text string) { checkParsed(t, gs, text, false) })
}

// suteCapture is a two-row game whose one capture takes the last pit, on either row,
// when the house facing it is empty (Capture.OppositeEmpty).
func suteCapture() mancala.Rules {
	r := mancala.Oware(2000)
	r.Captures = []mancala.Capture{{Side: mancala.AnySide, Counts: []int{2}, Take: mancala.TakePit, OppositeEmpty: true}}
	r.NoStarve = false
	return r
}
