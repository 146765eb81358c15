package variants

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var updateErrors = flag.Bool("update-errors", false, "rewrite testdata/mancala_errors.golden")

// descriptorErrorCases are bad descriptors, one fault each, for every key of every
// descriptor table: a wrong type, a value out of range, a misspelt name, an unknown
// key, the contradictions the reader checks and those Rules.Validate finds. Each is the
// body of a variant extending mancala.
var descriptorErrorCases = []struct{ name, body string }{
	// The tables themselves.
	{"board/not-a-table", `board = 3,`},
	{"sowing/not-a-table", `sowing = "x",`},
	{"sowing/a-list", `sowing = { 1, 2 },`},
	{"captures/not-a-list", `captures = { side = "own" },`},
	{"captures/entry-not-a-table", `captures = { 3 },`},
	{"ending/not-a-table", `ending = true,`},
	{"moves/not-a-table", `moves = 1,`},
	{"top/misspelt-table", `sowwing = {},`},
	// board
	{"board/unknown-key", `board = { rowz = 2 },`},
	{"board/rows-3", `board = { rows = 3 },`},
	{"board/rows-string", `board = { rows = "2" },`},
	{"board/houses-0", `board = { houses = 0 },`},
	{"board/houses-frac", `board = { houses = 2.5 },`},
	{"board/seeds-neg", `board = { seeds = -1 },`},
	{"board/stores-misspelt", `board = { stores = "lefft" },`},
	{"board/stores-number", `board = { stores = 1 },`},
	{"board/stores-left-4-rows", `board = { rows = 4, stores = "left" },`},
	{"board/tracks-not-list", `board = { tracks = 3 },`},
	{"board/tracks-one", `board = { tracks = { { 1, 2 } } },`},
	{"board/tracks-pit-0", `board = { tracks = { { 0 }, { 1 } } },`},
	{"board/tracks-missing-pit", "board = { houses = 2, seeds = 1,\n    tracks = { { 1, 2, 3, 4, 5 }, { 4, 6, 1, 2 } } },"},
	{"board/tracks-pit-too-big", `board = { houses = 2, tracks = { { 1, 2, 3, 9 }, { 4, 5, 6, 1, 2 } } },`},
	{"board/pits-without-rows", `board = { pits = {} },`},
	{"board/pits-without-tracks", `board = { rows = 2, houses = 1, pits = { { owner = 1, row = 2, col = 1 } } },`},
	{"board/pits-bad-owner", `board = { rows = 2, houses = 1, pits = { { owner = 3, row = 2, col = 1 } }, tracks = { { 1 }, { 1 } } },`},
	{"board/pits-bad-key", `board = { rows = 2, houses = 1, pits = { { ownr = 1, row = 2, col = 1 } }, tracks = { { 1 }, { 1 } } },`},
	{"board/pits-store-col", `board = { rows = 2, houses = 1, pits = { { owner = 1, store = true, row = 2, col = 1 } }, tracks = { { 1 }, { 1 } } },`},
	{"board/pits-dup-cell", `board = { rows = 2, houses = 1, pits = { { owner = 1, row = 2, col = 1 }, { owner = 2, row = 2, col = 1 } }, tracks = { { 1 }, { 1 } } },`},
	{"board/pits-and-stores", `board = { rows = 2, houses = 1, stores = "none", pits = { { owner = 1, row = 2, col = 1 } }, tracks = { { 1 }, { 1 } } },`},
	{"board/pits-houses-knob", "params = { houses = 4 },\n  board = { rows = 2, houses = 1, pits = { { owner = 1, row = 2, col = 1 }, { owner = 2, row = 1, col = 1 } }, tracks = { { 1, 2 }, { 2, 1 } } },"},
	{"board/houses-in-params-too", "params = { houses = 4 },\n  board = { houses = 5 },"},
	{"board/start-empty", `board = { start = {} },`},
	{"board/start-houses-and-deal", `board = { start = { { houses = 1, deal = 3 } } },`},
	{"board/start-neither", `board = { start = { { seeds = 3 } } },`},
	{"board/start-by-with-houses", `board = { start = { { houses = "1..2", by = 2 } } },`},
	{"board/start-seeds-with-deal", `board = { start = { { deal = 3, seeds = 2 } } },`},
	{"board/start-bad-range", `board = { start = { { houses = "h+" } } },`},
	{"board/start-bad-deal", `board = { start = { { deal = "3x" } } },`},
	{"board/start-from-range", `board = { start = { { deal = 3, from = "1..2" } } },`},
	{"board/start-from-out", `board = { start = { { deal = 3, from = "h+1" } } },`},
	{"board/start-bad-key", `board = { start = { { houzes = 1 } } },`},
	// sowing
	{"sowing/unknown-key", `sowing = { relya = true },`},
	{"sowing/direction-misspelt", `sowing = { direction = "clokwise" },`},
	{"sowing/direction-number", `sowing = { direction = 1 },`},
	{"sowing/stores-bad", `sowing = { stores = "mine" },`},
	{"sowing/skip-true", `sowing = { skip = true },`},
	{"sowing/skip-misspelt", `sowing = { skip = "orign" },`},
	{"sowing/origin-first-string", `sowing = { origin_first = "yes" },`},
	{"sowing/origin-first-and-skip", `sowing = { skip = "origin", origin_first = true },`},
	{"sowing/min-seeds-0", `sowing = { min_seeds = 0 },`},
	{"sowing/relay-number", `sowing = { relay = 1 },`},
	{"sowing/relay-misspelt", `sowing = { relay = "nxet" },`},
	{"sowing/relay-unknown", `sowing = { relay = "always" },`},
	{"sowing/take-at-0", `sowing = { take_at = 0 },`},
	{"sowing/skip-count-0", `sowing = { skip_count = 0 },`},
	{"sowing/skip-count-and-take-at", `sowing = { skip_count = 3, take_at = 4 },`},
	{"sowing/take-at-owner-alone", `sowing = { take_at_owner = true },`},
	{"sowing/lap-captures-number", `sowing = { lap_captures = 1 },`},
	{"sowing/house-directions-not-list", `sowing = { house_directions = "clockwise" },`},
	{"sowing/house-directions-empty", `sowing = { house_directions = {} },`},
	{"sowing/house-directions-misspelt", `sowing = { house_directions = { "clockwise", "clokwise" } },`},
	{"sowing/house-directions-count", "board = { houses = 3 },\n  sowing = { house_directions = { \"clockwise\", \"chosen\" } },"},
	{"sowing/house-directions-with-direction", "board = { houses = 1 },\n  sowing = { direction = \"clockwise\", house_directions = { \"clockwise\" } },"},
	// captures
	{"captures/unknown-key", `captures = { { sied = "own" } },`},
	{"captures/side-misspelt", `captures = { { side = "opponnent" } },`},
	{"captures/side-bool", `captures = { { side = true } },`},
	{"captures/inner-number", `captures = { { inner = 1 } },`},
	{"captures/empty-before-string", `captures = { { empty_before = "yes" } },`},
	{"captures/counts-not-list", `captures = { { counts = 2 } },`},
	{"captures/counts-0", `captures = { { counts = { 2, 0 } } },`},
	{"captures/counts-64", `captures = { { counts = { 64 } } },`},
	{"captures/even-number", `captures = { { even = 2 } },`},
	{"captures/not-house-0", `captures = { { not_house = 0 } },`},
	{"captures/take-misspelt", `captures = { { take = "opposit" } },`},
	{"captures/with-last-string", `captures = { { with_last = "true" } },`},
	{"captures/need-seeds-number", `captures = { { need_seeds = 0 } },`},
	{"captures/chain-misspelt", `captures = { { take = "pit", chain = "backwards" } },`},
	{"captures/chain-true", `captures = { { chain = true } },`},
	{"captures/chain-not-pit", `captures = { { take = "opposite", chain = "backward" } },`},
	{"captures/grand-slam-true", `captures = { { grand_slam = true } },`},
	{"captures/effect-misspelt", `captures = { { effect = "marks" } },`},
	{"captures/mark-once-number", `captures = { { mark_once = 1 } },`},
	{"captures/mark-once-without-mark", `captures = { { mark_once = true } },`},
	{"captures/mark-not-pit", `captures = { { effect = "mark", take = "opposite" } },`},
	{"captures/mark-not-mirror-string", `captures = { { mark_not_mirror = "x" } },`},
	{"captures/occupied-and-empty-before", `captures = { { occupied = true, empty_before = true } },`},
	{"captures/need-opposite-number", `captures = { { need_opposite = 1 } },`},
	{"captures/all-occupied-number", `captures = { { all_occupied = 1 } },`},
	{"captures/chosen-number", `captures = { { chosen = 1 } },`},
	{"captures/chosen-mark", `captures = { { chosen = true, effect = "mark", take = "pit" } },`},
	{"captures/from-ply-neg", `captures = { { from_ply = -1 } },`},
	{"captures/resow-from-misspelt", `captures = { { effect = "resow", resow_from = "lapstart" } },`},
	{"captures/resow-from-without-resow", `captures = { { resow_from = "lap_start" } },`},
	{"captures/resow-pit", `captures = { { effect = "resow", take = "pit" } },`},
	{"captures/opposite-counts-0", `captures = { { opposite_counts = { 3, 0 } } },`},
	{"captures/keep-pair-column", "captures = {\n    { take = \"column\",\n      effect = \"keep_pair\" },\n  },"},
	{"captures/with-last-pit", `captures = { { take = "pit", with_last = true } },`},
	{"captures/even-and-empty", `captures = { { empty_before = true, even = true } },`},
	{"captures/counts-and-empty", `captures = { { empty_before = true, counts = { 2 } } },`},
	{"captures/second-rule", `captures = { { side = "own" }, { take = "nowhere" } },`},
	// ending
	{"ending/unknown-key", `ending = { whn = "cannot_move" },`},
	{"ending/when-misspelt", `ending = { when = "cannot_mov" },`},
	{"ending/majority-number", `ending = { majority = 1 },`},
	{"ending/remaining-misspelt", `ending = { remaining = "emptyed" },`},
	{"ending/repeats-1", `ending = { repeats = 1 },`},
	{"ending/repeats-neg", `ending = { repeats = -2 },`},
	{"ending/on-repeat-bad", `ending = { on_repeat = "none" },`},
	{"ending/left-at-most-0", `ending = { left_at_most = 0 },`},
	{"ending/rounds-not-table", `ending = { rounds = 3 },`},
	{"ending/rounds-misspelt", `ending = { rounds = { maxx = 3 } },`},
	{"ending/rounds-seeds-0", `ending = { rounds = { seeds = 0 } },`},
	{"ending/rounds-max-0", `ending = { rounds = { seeds = 3, max = 0 } },`},
	{"ending/rounds-split", `ending = { remaining = "split", rounds = { seeds = 3 } },`},
	{"ending/keep-ply-number", `ending = { keep_ply = 1 },`},
	// moves
	{"moves/unknown-key", `moves = { extra_turns = true },`},
	{"moves/extra-turn-number", `moves = { extra_turn = 1 },`},
	{"moves/must-feed-string", `moves = { must_feed = "yes" },`},
	{"moves/pie-rule-number", `moves = { pie_rule = 1 },`},
	{"moves/pass-number", `moves = { pass = 1 },`},
	{"moves/pass-side-empty", `moves = { pass = true },`},
	{"moves/no-starve-number", `moves = { no_starve = 1 },`},
	{"moves/must-misspelt", `moves = { must = "reach_or_emtpy" },`},
	{"moves/setup-0", `moves = { setup = 0 },`},
	{"moves/setup-256", `moves = { setup = 256 },`},
	{"moves/setup-and-pie", `moves = { setup = 2, pie_rule = true },`},
	{"moves/opening-not-table", `moves = { opening = 1 },`},
	{"moves/opening-misspelt", `moves = { opening = { each_hous = true } },`},
	{"moves/opening-plies-alone", `moves = { opening = { plies = 1 } },`},
	{"moves/opening-houses-alone", `moves = { opening = { houses = { 1 } } },`},
	{"moves/opening-houses-not-list", `moves = { opening = { plies = 1, houses = 1 } },`},
	{"moves/opening-houses-bad", `moves = { opening = { plies = 1, houses = { "h+" } } },`},
	{"moves/opening-houses-none", `moves = { opening = { plies = 1, houses = { "h+1..2h" } } },`},
	{"moves/opening-each-house-number", `moves = { opening = { each_house = 1 } },`},
	{"moves/opening-plies-0", `moves = { opening = { plies = 0, houses = { 1 } } },`},
	{"moves/rounds-and-pie", "ending = { rounds = { seeds = 3 } },\n  moves = { pie_rule = true },"},
}

// TestMancalaDescriptorErrors pins the text of every descriptor error
// (testdata/mancala_errors.golden: file, line, field path, did-you-mean and the values
// allowed), so that a change of the reader changes them only on purpose.
// -update-errors rewrites the file.
func TestMancalaDescriptorErrors(t *testing.T) {
	dir := t.TempDir()
	var out strings.Builder
	for _, tc := range descriptorErrorCases {
		src := fmt.Sprintf("return variant {\n  extends = \"mancala\",\n  %s\n}\n", tc.body)
		file := writeScript(t, dir, "bad.lua", src)
		_, err := Lookup(file, Options{})
		require.Error(t, err, tc.name)
		msg := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		fmt.Fprintf(&out, "%s\n\t%s\n", tc.name, msg)
	}
	path := filepath.Join("testdata", "mancala_errors.golden")
	if *updateErrors {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(out.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), out.String())
}
