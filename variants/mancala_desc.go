package variants

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The descriptor tables of a mancala script: board, sowing, captures, ending and moves,
// read into core/mancala's Rules (the descriptor model: see that package). They are
// read and checked for keys, types and ranges when the script loads, and compiled with
// the knobs (houses, seeds, max_plies) into Rules, checked by Rules.Validate, once the
// variant is resolved. Every error names the script, the line and the field path in
// Lua's words and numbering (pits and players from 1): "oware.lua:12: sowing.skip: got
// true, want "origin" or nil".
//
// Each table replaces its parent's whole; a script without one keeps its parent's, and
// the base game "mancala" has Kalah's (mancalaDefault).
//
// Every key is in the schema (mancala_schema.go), with its Go field, type, values,
// default and meaning; the plain fields are read from it, and scripts/README.md's
// reference and the editor types are generated from it. Every field of Rules has a
// Lua key (TestMancalaSchemaCoversRules): Board's layouts, TwoRowsLeft and WithoutStores
// (board.rows, board.stores), per-house starts (board.start, with house ranges in h: mancala_range.go),
// Sowing's keys under sowing, each Capture under captures, End, Rounds and KeepPly under
// ending, and the move rules (ExtraTurn, MustFeed, PieRule, Pass, NoStarve, Opening,
// Must, Setup) under moves. A Rules.Validate error is translated to the Lua path
// (opening.plies is moves.opening.plies, rounds.seeds ending.rounds.seeds) and reported
// at that field's line.

// mancalaTables are the variant fields of a mancala descriptor (their keys, the
// enumerations and the reading of plain fields: mancala_schema.go).
var mancalaTables = []string{"board", "sowing", "captures", "ending", "moves"}

// mancalaSpec is the descriptor tables one script sets (nil: not set).
type mancalaSpec struct {
	board    *mBoard
	sowing   *mPart[mancala.Sowing]
	captures *mPart[[]mancala.Capture]
	ending   *mPart[mEnding]
	moves    *mPart[mMoves]
}

// mPart is one table as a script set it.
type mPart[T any] struct {
	sc *script
	v  T
}

// mMoves is the moves table: the move rules of a Rules (ExtraTurn, MustFeed, PieRule,
// Pass, NoStarve, Opening but its houses, Must, Setup), and the opening's houses as
// ranges, resolved with the knobs (nil: none listed).
type mMoves struct {
	Rules  mancala.Rules
	Houses []mRange
}

// mEnding is the ending table: the End (MaxPlies aside: the knob), KeepPly and Rounds
// of a Rules; Rounds.Seeds < 0 takes the seeds knob.
type mEnding = mancala.Rules

// mBoard is a board table. Without pits, the board is the common one of rows (1, 2 or
// 4) rows of the houses knob, each house with the seeds knob (OneRow, TwoRows,
// FourRows); tracks, when set, replace the players' tracks. With pits, the board is as
// listed (houses is then its width, and the houses knob cannot change it). stores =
// "left" puts the two-row board's stores at the players' left (TwoRowsLeft), "none" (or
// false) drops the stores of a layout (WithoutStores); start sets uneven start counts.
type mBoard struct {
	sc       *script
	rows     int
	houses   int // set with pits (the knob's value otherwise)
	pits     []mPit
	tracks   *[2][]int // Go pits; nil: the layout's
	noStores bool
	left     bool    // stores at the players' left (rows = 2)
	start    []mFill // nil: every house takes its seeds
}

// mPit is one pit of a listed board, in Go's numbering; seeds < 0 takes the seeds knob.
type mPit struct {
	owner, row, col, seeds int
	store                  bool
}

// mFill is one entry of board.start: a range of house numbers that take seeds each
// (seeds < 0: the knob), or a deal of total seeds, by at a time (by < 0: the knob), from
// house from on along the track.
type mFill struct {
	path       string
	houses     *mRange
	seeds      int
	deal, from mExpr
	by         int
	isDeal     bool
}

// mancalaDesc is a variant's descriptor: each table from the nearest script that set
// it (nil: the base game's).
type mancalaDesc mancalaSpec

// isMancalaBoard tells a mancala board table from a Ludo one: by a key only one of them
// has, else (a table of keys both have, {} or a list) as Ludo's when the script extends
// ludo or a ludo/ variant.
func isMancalaBoard(v, extends lua.LValue) bool {
	if t, ok := v.(*lua.LTable); ok {
		for _, k := range sortedKeys(t) {
			switch {
			case slices.Contains(boardKeys, k) && !slices.Contains(mBoardKeys, k):
				return false
			case slices.Contains(mBoardKeys, k) && !slices.Contains(boardKeys, k):
				return true
			}
		}
	}
	e, _ := extends.(lua.LString)
	return e != "ludo" && !strings.HasPrefix(string(e), "ludo/")
}

// mreader reads descriptor tables with errors at the script's lines.
type mreader struct{ sc *script }

// line is the line of path (sowing.skip, captures[2].take), else of its nearest parent
// that has one.
func (r mreader) line(path string) int {
	return r.sc.pathLine(path)
}

// pathLine is the line of a descriptor field path, else of its nearest parent.
func (sc *script) pathLine(path string) int {
	for p := path; p != ""; {
		if l, ok := sc.lines.paths[p]; ok {
			return l
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			return sc.lines.fields[p]
		}
		p = p[:i]
	}
	return 0
}

func (r mreader) fail(path, format string, a ...any) error {
	return r.sc.errorf(r.line(path), "%s: %s", path, fmt.Sprintf(format, a...))
}

// table reads a table of named keys, each one of keys.
func (r mreader) table(path string, v lua.LValue, keys []string) (*lua.LTable, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, r.fail(path, "got %s, want a table of %s", valueName(v), strings.Join(keys, ", "))
	}
	if countKeys(t) != len(sortedKeys(t)) {
		return nil, r.fail(path, "want named fields (%s)", strings.Join(keys, ", "))
	}
	if errs := r.unknownKeys(path, t, keys); len(errs) > 0 {
		return nil, errs[0]
	}
	return t, nil
}

// unknownKeys returns an error for each key of t not in keys, with the closest one.
func (r mreader) unknownKeys(path string, t *lua.LTable, keys []string) []error {
	var errs []error
	for _, k := range sortedKeys(t) {
		if !slices.Contains(keys, k) {
			msg := "unknown field"
			if sug := core.Suggest(k, keys); sug != "" {
				msg += fmt.Sprintf(", did you mean %q?", sug)
			}
			errs = append(errs, r.fail(path+"."+k, "%s (want %s)", msg, strings.Join(keys, ", ")))
		}
	}
	return errs
}

// list reads a list (not a table with named keys).
func (r mreader) list(path string, v lua.LValue, want string) (*lua.LTable, error) {
	t, ok := v.(*lua.LTable)
	if !ok || countKeys(t) != t.Len() {
		return nil, r.fail(path, "got %s, want %s", valueName(v), want)
	}
	return t, nil
}

func (r mreader) boolean(path string, v lua.LValue) (bool, error) {
	switch b := v.(type) {
	case *lua.LNilType:
		return false, nil
	case lua.LBool:
		return bool(b), nil
	}
	return false, r.fail(path, "got %s, want true or false", luaValue(v))
}

func (r mreader) whole(path string, v lua.LValue, min, max int) (int, error) {
	n, ok := v.(lua.LNumber)
	if !ok || float64(n) != float64(int(n)) || int(n) < min || int(n) > max {
		return 0, r.fail(path, "got %s, want a whole number %d..%d", luaValue(v), min, max)
	}
	return int(n), nil
}

// enum reads one of names (its index); nil is def, or an error when def < 0.
func (r mreader) enum(path string, v lua.LValue, names []string, def int) (int, error) {
	if v == lua.LNil && def >= 0 {
		return def, nil
	}
	if s, ok := v.(lua.LString); ok {
		if i := slices.Index(names, string(s)); i >= 0 {
			return i, nil
		}
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	want := strings.Join(quoted, ", ")
	if len(quoted) > 1 {
		want = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + quoted[len(quoted)-1]
	}
	if s, ok := v.(lua.LString); ok {
		if sug := core.Suggest(string(s), names); sug != "" {
			return 0, r.fail(path, "got %q, did you mean %q? (want %s)", string(s), sug, want)
		}
	}
	return 0, r.fail(path, "got %s, want %s", luaValue(v), want)
}

// optEnum is enum where nil means none (-1); the error says "or nil".
func (r mreader) optEnum(path string, v lua.LValue, names []string) (int, error) {
	if v == lua.LNil {
		return -1, nil
	}
	if s, ok := v.(lua.LString); ok && slices.Contains(names, string(s)) {
		return slices.Index(names, string(s)), nil
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return 0, r.fail(path, "got %s, want %s or nil", luaValue(v), strings.Join(quoted, ", "))
}

// luaValue writes a value for an error: strings quoted, numbers and booleans as Lua
// writes them, other values by type.
func luaValue(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return strconv.Quote(string(x))
	case lua.LNumber, lua.LBool:
		return x.String()
	}
	return typeName(v)
}

// readMancala reads one descriptor table of the variant table.
func (sc *script) readMancala(key string, v lua.LValue) error {
	if sc.mancala == nil {
		sc.mancala = &mancalaSpec{}
	}
	r := mreader{sc}
	var err error
	switch key {
	case "board":
		sc.mancala.board, err = r.board(v)
	case "sowing":
		var s mancala.Sowing
		s, err = r.sowing(v)
		sc.mancala.sowing = &mPart[mancala.Sowing]{sc, s}
	case "captures":
		var cs []mancala.Capture
		cs, err = r.captures(v)
		sc.mancala.captures = &mPart[[]mancala.Capture]{sc, cs}
	case "ending":
		var e mEnding
		e, err = r.ending(v)
		sc.mancala.ending = &mPart[mEnding]{sc, e}
	case "moves":
		var m mMoves
		m, err = r.moves(v)
		sc.mancala.moves = &mPart[mMoves]{sc, m}
	}
	return err
}

func (r mreader) board(v lua.LValue) (*mBoard, error) {
	t, err := r.table("board", v, mBoardKeys)
	if err != nil {
		return nil, err
	}
	b := &mBoard{sc: r.sc, rows: 2}
	pits := t.RawGetString("pits")
	if pits == lua.LNil {
		if b.rows, err = r.enumInt("board.rows", t.RawGetString("rows"), []int{1, 2, 4}, 2); err != nil {
			return nil, err
		}
	} else if err := r.listedBoard(t, pits, b); err != nil {
		return nil, err
	}
	if tv := t.RawGetString("tracks"); tv != lua.LNil {
		if b.tracks, err = r.tracks(tv); err != nil {
			return nil, err
		}
	}
	if sv := t.RawGetString("stores"); sv != lua.LNil {
		where, err := r.boardStores(sv)
		if err != nil {
			return nil, err
		}
		switch {
		case b.pits != nil && sv != lua.LTrue:
			return nil, r.fail("board.stores", "a board that lists its pits has the stores it lists (a store at col 0 is at the left, at houses + 1 at the right): leave stores out, and list none for a board without stores")
		case where == "left" && b.rows != 2:
			return nil, r.fail("board.stores", `"left" is a two-row board's layout; with rows = %d leave stores out or set false`, b.rows)
		}
		b.left, b.noStores = where == "left", where == "none"
	}
	if fv := t.RawGetString("start"); fv != lua.LNil {
		if b.start, err = r.fills(fv); err != nil {
			return nil, err
		}
	}
	// houses and seeds are the knobs' values (see readMancalaKnobs).
	if b.pits == nil {
		if hv := t.RawGetString("houses"); hv != lua.LNil {
			if _, err := r.whole("board.houses", hv, 1, mancala.MaxHouses); err != nil {
				return nil, err
			}
		}
	}
	if sv := t.RawGetString("seeds"); sv != lua.LNil {
		if _, err := r.whole("board.seeds", sv, 0, mancala.MaxSeeds); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// boardStores reads board.stores: "right", "left" or "none", or true ("right") or false
// ("none"); a misspelt name gets a suggestion.
func (r mreader) boardStores(v lua.LValue) (string, error) {
	const want = `want "right" (the default), "left" or "none"; true and false are "right" and "none"`
	switch x := v.(type) {
	case lua.LBool:
		if x {
			return "right", nil
		}
		return "none", nil
	case lua.LString:
		if slices.Contains(mBoardStores, string(x)) {
			return string(x), nil
		}
		if sug := core.Suggest(string(x), mBoardStores); sug != "" {
			return "", r.fail("board.stores", "got %q, did you mean %q? (%s)", string(x), sug, want)
		}
	}
	return "", r.fail("board.stores", "got %s, %s", luaValue(v), want)
}

// listedBoard reads the rows, houses and pits of a board table t that lists its pits,
// into b; such a board needs its tracks too.
func (r mreader) listedBoard(t *lua.LTable, pits lua.LValue, b *mBoard) error {
	if t.RawGetString("rows") == lua.LNil || t.RawGetString("houses") == lua.LNil {
		return r.fail("board", "a board that lists its pits needs rows and houses (its width)")
	}
	var err error
	if b.rows, err = r.whole("board.rows", t.RawGetString("rows"), 1, mancala.MaxRows); err != nil {
		return err
	}
	if b.houses, err = r.whole("board.houses", t.RawGetString("houses"), 1, mancala.MaxHouses); err != nil {
		return err
	}
	if b.pits, err = r.pits(pits, b.rows, b.houses); err != nil {
		return err
	}
	if t.RawGetString("tracks") == lua.LNil {
		return r.fail("board", "a board that lists its pits needs tracks: each player's pits in sowing order")
	}
	return nil
}

// tracks reads board.tracks: each player's pits in sowing order (Go pits).
func (r mreader) tracks(tv lua.LValue) (*[2][]int, error) {
	tl, err := r.list("board.tracks", tv, "two lists of pits, one per player, such as {{1, 2, 3, 4}, {3, 4, 1, 2}}")
	if err != nil {
		return nil, err
	}
	if tl.Len() != 2 {
		return nil, r.fail("board.tracks", "%d lists, want two (one per player)", tl.Len())
	}
	var tracks [2][]int
	for side := 0; side < 2; side++ {
		path := fmt.Sprintf("board.tracks[%d]", side+1)
		l, err := r.list(path, tl.RawGetInt(side+1), "a list of pit numbers such as {1, 2, 3}")
		if err != nil {
			return nil, err
		}
		for i := 1; i <= l.Len(); i++ {
			p, err := r.whole(fmt.Sprintf("%s[%d]", path, i), l.RawGetInt(i), 1, mancala.MaxPits)
			if err != nil {
				return nil, err
			}
			tracks[side] = append(tracks[side], p-1)
		}
	}
	return &tracks, nil
}

// enumInt reads one of the whole numbers vals (nil is def).
func (r mreader) enumInt(path string, v lua.LValue, vals []int, def int) (int, error) {
	if v == lua.LNil {
		return def, nil
	}
	if n, ok := v.(lua.LNumber); ok && slices.Contains(vals, int(n)) && float64(n) == float64(int(n)) {
		return int(n), nil
	}
	s := make([]string, len(vals))
	for i, x := range vals {
		s[i] = strconv.Itoa(x)
	}
	return 0, r.fail(path, "got %s, want %s (or list the pits, with tracks)", luaValue(v), strings.Join(s, " or "))
}

func (r mreader) pits(v lua.LValue, rows, houses int) ([]mPit, error) {
	l, err := r.list("board.pits", v, "a list of pits such as {{owner = 1, row = 2, col = 1}, ..., {owner = 1, store = true, row = 2, col = 7}}")
	if err != nil {
		return nil, err
	}
	if l.Len() > mancala.MaxPits {
		return nil, r.fail("board.pits", "%d pits; at most %d", l.Len(), mancala.MaxPits)
	}
	var out []mPit
	cells := map[[2]int]int{}
	for i := 1; i <= l.Len(); i++ {
		path := fmt.Sprintf("board.pits[%d]", i)
		t, err := r.table(path, l.RawGetInt(i), mPitKeys)
		if err != nil {
			return nil, err
		}
		p := mPit{seeds: -1}
		owner, err := r.whole(path+".owner", t.RawGetString("owner"), 1, 2)
		if err != nil {
			return nil, err
		}
		p.owner = owner - 1
		if p.store, err = r.boolean(path+".store", t.RawGetString("store")); err != nil {
			return nil, err
		}
		row, err := r.whole(path+".row", t.RawGetString("row"), 1, rows)
		if err != nil {
			return nil, err
		}
		p.row = row - 1
		var col int
		if p.store {
			col, err = r.enumIntPlain(path+".col", t.RawGetString("col"), []int{0, houses + 1}, "a store sits at col 0 (left) or houses + 1 (right)")
		} else {
			col, err = r.whole(path+".col", t.RawGetString("col"), 1, houses)
		}
		if err != nil {
			return nil, err
		}
		p.col = col - 1
		if sv := t.RawGetString("seeds"); sv != lua.LNil {
			if p.seeds, err = r.whole(path+".seeds", sv, 0, mancala.MaxSeeds); err != nil {
				return nil, err
			}
		}
		if !p.store {
			if j, dup := cells[[2]int{row, col}]; dup {
				return nil, r.fail(path, "row %d col %d is also pit %d", row, col, j)
			}
			cells[[2]int{row, col}] = i
		}
		out = append(out, p)
	}
	return out, nil
}

// rangeWant says what a house range is, for errors.
const rangeWant = `a house number or a range of them in h, the houses knob, such as "1..h/2", "h+1..2h" or "7..10"`

// houseRange reads a house number or a range string (see mancala_range.go).
func (r mreader) houseRange(path string, v lua.LValue) (mRange, error) {
	switch x := v.(type) {
	case lua.LNumber:
		n, err := r.whole(path, v, 1, maxTerm)
		return mRange{mExpr{c: n}, mExpr{c: n}}, err
	case lua.LString:
		rg, err := parseRange(string(x))
		if err != nil {
			return rg, r.fail(path, "%v; want %s", err, rangeWant)
		}
		return rg, nil
	}
	return mRange{}, r.fail(path, "got %s, want %s", luaValue(v), rangeWant)
}

// expr reads a whole number or an expression in h ("3h-2").
func (r mreader) expr(path string, v lua.LValue) (mExpr, error) {
	const want = `a whole number or an expression in h, the houses knob, such as "3h-2"`
	switch x := v.(type) {
	case lua.LNumber:
		n, err := r.whole(path, v, 0, maxTerm)
		return mExpr{c: n}, err
	case lua.LString:
		e, err := parseExpr(string(x))
		if err != nil {
			return e, r.fail(path, "%v; want %s", err, want)
		}
		return e, nil
	}
	return mExpr{}, r.fail(path, "got %s, want %s", luaValue(v), want)
}

// fills reads board.start: a list of { houses = RANGE, seeds = n } and
// { deal = TOTAL, by = n, from = HOUSE }.
func (r mreader) fills(v lua.LValue) ([]mFill, error) {
	l, err := r.list("board.start", v, `a list of fills such as {{ houses = "h+1..2h" }, { houses = "1..h/2", seeds = 2 }} or {{ deal = "3h-2", from = "h+1" }}`)
	if err != nil {
		return nil, err
	}
	if l.Len() == 0 {
		return nil, r.fail("board.start", "an empty list; leave start out for every house to take the seeds knob")
	}
	out := make([]mFill, 0, l.Len())
	for i := 1; i <= l.Len(); i++ {
		path := fmt.Sprintf("board.start[%d]", i)
		t, err := r.table(path, l.RawGetInt(i), mFillKeys)
		if err != nil {
			return nil, err
		}
		f := mFill{path: path, seeds: -1, by: -1, from: mExpr{c: 1}}
		hv, dv := t.RawGetString("houses"), t.RawGetString("deal")
		switch {
		case hv != lua.LNil && dv != lua.LNil:
			return nil, r.fail(path, "houses and deal: give one (a range of houses, or seeds dealt along the track)")
		case hv != lua.LNil:
			for _, k := range []string{"by", "from"} {
				if t.RawGetString(k) != lua.LNil {
					return nil, r.fail(path+"."+k, "goes with deal, not houses")
				}
			}
			rg, err := r.houseRange(path+".houses", hv)
			if err != nil {
				return nil, err
			}
			f.houses = &rg
			if sv := t.RawGetString("seeds"); sv != lua.LNil {
				if f.seeds, err = r.whole(path+".seeds", sv, 0, mancala.MaxSeeds); err != nil {
					return nil, err
				}
			}
		case dv != lua.LNil:
			if t.RawGetString("seeds") != lua.LNil {
				return nil, r.fail(path+".seeds", "goes with houses; a deal gives by seeds a house")
			}
			f.isDeal = true
			if f.deal, err = r.expr(path+".deal", dv); err != nil {
				return nil, err
			}
			if bv := t.RawGetString("by"); bv != lua.LNil {
				if f.by, err = r.whole(path+".by", bv, 1, mancala.MaxSeeds); err != nil {
					return nil, err
				}
			}
			if fv := t.RawGetString("from"); fv != lua.LNil {
				rg, err := r.houseRange(path+".from", fv)
				if err != nil {
					return nil, err
				}
				if rg.lo != rg.hi {
					return nil, r.fail(path+".from", "got the range %s, want one house", rg)
				}
				f.from = rg.lo
			}
		default:
			return nil, r.fail(path, "want houses (a range of houses) or deal (seeds dealt along the track)")
		}
		out = append(out, f)
	}
	return out, nil
}

func (r mreader) enumIntPlain(path string, v lua.LValue, vals []int, want string) (int, error) {
	if n, ok := v.(lua.LNumber); ok && slices.Contains(vals, int(n)) && float64(n) == float64(int(n)) {
		return int(n), nil
	}
	return 0, r.fail(path, "got %s: %s", luaValue(v), want)
}

// sowing reads the sowing table by its schema.
func (r mreader) sowing(v lua.LValue) (mancala.Sowing, error) {
	var s mancala.Sowing
	err := r.readTable("sowing", v, &sowingSchema, &s)
	return s, err
}

// captures reads the list of capture rules, each by the capture schema.
func (r mreader) captures(v lua.LValue) ([]mancala.Capture, error) {
	l, err := r.list("captures", v, `a list of capture rules such as {{ side = "opponent", counts = {2, 3}, take = "pit" }}`)
	if err != nil {
		return nil, err
	}
	out := []mancala.Capture{}
	for i := 1; i <= l.Len(); i++ {
		var c mancala.Capture
		if err := r.readTable(fmt.Sprintf("captures[%d]", i), l.RawGetInt(i), &captureSchema, &c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// ending reads the ending table by its schema.
func (r mreader) ending(v lua.LValue) (mEnding, error) {
	var e mEnding
	err := r.readTable("ending", v, &endingSchema, &e)
	return e, err
}

// moves reads the moves table by its schema.
func (r mreader) moves(v lua.LValue) (mMoves, error) {
	var m mMoves
	err := r.readTable("moves", v, &movesSchema, &m)
	return m, err
}

// mancalaKnobs turns board.houses and board.seeds into the script's houses and seeds
// knobs (they are the knobs' values for this variant); setting one in both places is
// an error.
func (sc *script) mancalaKnobs(t *lua.LTable) error {
	bt, ok := t.RawGetString("board").(*lua.LTable)
	if !ok || sc.mancala == nil || sc.mancala.board == nil {
		return nil
	}
	for _, k := range []string{"houses", "seeds"} {
		v := bt.RawGetString(k)
		if v == lua.LNil {
			continue
		}
		line := sc.pathLine("board." + k)
		for _, rp := range sc.params {
			if rp.name == k {
				return sc.errorf(line, "board.%s: the %s knob is set in params too (line %d): set it once", k, k, rp.line)
			}
		}
		sc.params = append(sc.params, rawParam{name: k, value: v, line: line})
	}
	return nil
}

// firstLine is the line of the first descriptor table the script sets.
func (m *mancalaSpec) firstTable(sc *script) string {
	for _, k := range mancalaTables {
		if _, ok := sc.lines.fields[k]; ok {
			return k
		}
	}
	return "board"
}

// layer returns the descriptor of a script on its parent's (nil for neither).
func (d *mancalaDesc) layer(sc *mancalaSpec) *mancalaDesc {
	if sc == nil {
		return d
	}
	var out mancalaDesc
	if d != nil {
		out = *d
	}
	if sc.board != nil {
		out.board = sc.board
	}
	if sc.sowing != nil {
		out.sowing = sc.sowing
	}
	if sc.captures != nil {
		out.captures = sc.captures
	}
	if sc.ending != nil {
		out.ending = sc.ending
	}
	if sc.moves != nil {
		out.moves = sc.moves
	}
	return &out
}

// mancalaDefault is the base game's descriptor: Kalah with empty captures (core/kalah's
// default), on the houses and seeds knobs.
func mancalaDefault(houses, seeds, maxPlies int) mancala.Rules {
	o := mancala.DefaultKalah()
	o.Houses, o.Seeds, o.MaxPlies = houses, seeds, maxPlies
	r, _ := mancala.Kalah(o) // two rows and owner: never an error
	return r
}

// checkMancalaRules is the mancala binder's rules check: the variant's descriptor
// (nil: the base game's) compiles with the knobs p.
func checkMancalaRules(p core.Params, x gameTables) error {
	_, err := x.mancala.rules(p)
	return err
}

// rules compiles the descriptor with the knobs into Rules and validates them; errors
// name the script, line and field.
func (d *mancalaDesc) rules(p core.Params) (mancala.Rules, error) {
	full, err := core.Apply(mancalaSpecs(), core.Defaults(mancalaSpecs()), p)
	if err != nil {
		return mancala.Rules{}, fmt.Errorf("mancala: %w", err)
	}
	houses, seeds := full.Int("houses"), full.Int("seeds")
	if d == nil {
		r := mancalaDefault(houses, seeds, full.Int("max_plies"))
		return r, r.Validate()
	}
	// A descriptor starts from nothing: the tables it leaves out are off (no captures,
	// no extra turn, ...), the board is two rows of the knobs.
	r := mancala.Rules{Board: mancala.TwoRows(houses, seeds), End: mancala.End{MaxPlies: full.Int("max_plies")}}
	if d.board != nil {
		if r.Board, err = d.board.layout(houses, seeds); err != nil {
			return r, err
		}
	}
	if d.sowing != nil {
		r.Sowing = d.sowing.v
	}
	if d.captures != nil {
		r.Captures = slices.Clone(d.captures.v)
	}
	if d.ending != nil {
		applyEnding(&r, &d.ending.v, seeds)
	}
	if d.moves != nil {
		if err := applyMoves(&r, d.moves, houses); err != nil {
			return r, err
		}
	}
	if err := r.Validate(); err != nil {
		return r, d.validateError(err)
	}
	return r, nil
}

// layout is the board a board table describes with the knobs: the pits it lists, or
// the common board of its rows; then its tracks, its stores and its start counts.
func (b *mBoard) layout(houses, seeds int) (mancala.Board, error) {
	var bd mancala.Board
	switch {
	case b.pits != nil:
		if houses != b.houses {
			return bd, b.sc.errorf(b.sc.pathLine("board.houses"), "board.houses: the board lists its pits for %d houses a row; the houses knob (%d) cannot change it (only a board of rows = 2 or 4 without pits is parametric)", b.houses, houses)
		}
		bd = b.listed(seeds)
	case b.rows == 4:
		bd = mancala.FourRows(houses, seeds)
	case b.rows == 1:
		bd = mancala.OneRow(houses, seeds)
	case b.left:
		bd = mancala.TwoRowsLeft(houses, seeds)
	default:
		bd = mancala.TwoRows(houses, seeds)
	}
	if b.tracks != nil {
		bd.Tracks = [2][]int{slices.Clone(b.tracks[0]), slices.Clone(b.tracks[1])}
		for side, tr := range bd.Tracks {
			for i, p := range tr {
				if p >= len(bd.Pits) {
					path := fmt.Sprintf("board.tracks[%d][%d]", side+1, i+1)
					return bd, b.sc.errorf(b.sc.pathLine(path), "%s: pit %d does not exist (1..%d)", path, p+1, len(bd.Pits))
				}
			}
		}
	}
	if b.noStores {
		bd = mancala.WithoutStores(bd)
	}
	if b.start != nil {
		return b.startCounts(bd, houses, seeds)
	}
	return bd, nil
}

// listed is the board of a table that lists its pits: a pit without seeds takes the
// seeds knob (a store none).
func (b *mBoard) listed(seeds int) mancala.Board {
	bd := mancala.Board{Rows: b.rows, Houses: b.houses}
	for _, mp := range b.pits {
		pit := mancala.Pit{Owner: mp.owner, Store: mp.store, Row: mp.row, Col: mp.col, Seeds: mp.seeds}
		if pit.Seeds < 0 {
			pit.Seeds = seeds
			if pit.Store {
				pit.Seeds = 0
			}
		}
		bd.Pits = append(bd.Pits, pit)
	}
	return bd
}

// applyEnding sets the ending table's rules on r, keeping r's ply limit (the max_plies
// knob); a match's seeds left out take the seeds knob.
func applyEnding(r *mancala.Rules, e *mEnding, seeds int) {
	mp := r.End.MaxPlies
	r.End = e.End
	r.End.MaxPlies = mp
	r.KeepPly = e.KeepPly
	r.Rounds = e.Rounds
	if r.Rounds.Seeds < 0 {
		r.Rounds.Seeds = seeds
	}
}

// applyMoves sets the moves table's rules on r (its board already laid out), with the
// houses of the opening resolved with the houses knob.
func applyMoves(r *mancala.Rules, mv *mPart[mMoves], houses int) error {
	m := &mv.v.Rules
	r.ExtraTurn, r.MustFeed, r.PieRule, r.Pass = m.ExtraTurn, m.MustFeed, m.PieRule, m.Pass
	r.NoStarve, r.NoGrandSlam, r.Must, r.Setup = m.NoStarve, m.NoGrandSlam, m.Must, m.Setup
	r.Opening = mancala.Opening{Plies: m.Opening.Plies, EachHouse: m.Opening.EachHouse}
	if mv.v.Houses == nil {
		return nil
	}
	n := min(ownHouses(r.Board, 0), ownHouses(r.Board, 1))
	r.Opening.Houses = []int{}
	for _, rg := range mv.v.Houses {
		for _, h := range rg.houses(houses, n) {
			if !slices.Contains(r.Opening.Houses, h) {
				r.Opening.Houses = append(r.Opening.Houses, h)
			}
		}
	}
	if len(r.Opening.Houses) == 0 {
		return mv.sc.errorf(mv.sc.pathLine("moves.opening.houses"), "moves.opening.houses: no house of 1..%d on this board (houses knob %d)", n, houses)
	}
	return nil
}

// ownHouses is the number of houses player side owns on b.
func ownHouses(b mancala.Board, side int) int {
	n := 0
	for _, p := range b.Pits {
		if !p.Store && p.Owner == side {
			n++
		}
	}
	return n
}

// startCounts sets the start counts of board.start on bd: every house of a player
// starts empty, then each fill in order gives its houses their seeds (numbered along
// the player's track), with h the houses knob.
func (b *mBoard) startCounts(bd mancala.Board, h, seeds int) (mancala.Board, error) {
	var counts [2][]int
	for side := 0; side < 2; side++ {
		n := ownHouses(bd, side)
		counts[side] = make([]int, n)
		for _, f := range b.start {
			if f.houses != nil {
				s := f.seeds
				if s < 0 {
					s = seeds
				}
				for _, x := range f.houses.houses(h, n) {
					counts[side][x-1] = s
				}
				continue
			}
			by := f.by
			if by < 0 {
				by = seeds
			}
			from := f.from.eval(h)
			if from < 1 || from > n {
				path := f.path + ".from"
				return bd, b.sc.errorf(b.sc.pathLine(path), "%s: %s is house %d; player %d has houses 1..%d (houses knob %d)", path, f.from, from, side+1, n, h)
			}
			if by == 0 {
				continue
			}
			total := max(0, f.deal.eval(h))
			for i := 0; i < min(total/by, n); i++ {
				counts[side][(from-1+i)%n] = by
			}
		}
	}
	return mancala.WithSeeds(bd, func(side, k int, _ mancala.Pit) int { return counts[side][k] }), nil
}

// The translation of a Rules.Validate message into Lua's words: indices and pits and
// players counted from 1, the Lua names of fields.
var (
	goIndex = regexp.MustCompile(`(captures|pits|tracks|houses|house_directions)\[(\d+)\](?:\[(\d+)\])?`)
	// Go's field names in Lua's paths: end to ending, opening and setup under moves,
	// rounds under ending.
	goFields = []struct {
		re   *regexp.Regexp
		with string
	}{
		{regexp.MustCompile(`(^|[^.\w])end\.`), "${1}ending."},
		{regexp.MustCompile(`(^|[^.\w])opening\.`), "${1}moves.opening."},
		{regexp.MustCompile(`(^|[^.\w])setup\.moves\b`), "${1}moves.setup"},
		{regexp.MustCompile(`(^|[^.\w])rounds([.:])`), "${1}ending.rounds${2}"},
	}
	goNumber = regexp.MustCompile(`\b(pit|player) (\d+)`)
	luaPath  = regexp.MustCompile(`^[a-z_]+(?:\[\d+\])*(?:\.[a-z_]+(?:\[\d+\])*)*`)
)

// validateError turns an error of Rules.Validate into a ScriptError at the line of the
// field it names, in the script that set that table.
func (d *mancalaDesc) validateError(err error) error {
	msg := err.Error()
	plus := func(s string) string { n, _ := strconv.Atoi(s); return strconv.Itoa(n + 1) }
	msg = goIndex.ReplaceAllStringFunc(msg, func(m string) string {
		sub := goIndex.FindStringSubmatch(m)
		out := sub[1] + "[" + plus(sub[2]) + "]"
		if sub[3] != "" {
			out += "[" + plus(sub[3]) + "]"
		}
		return out
	})
	if strings.HasPrefix(msg, "board") {
		msg = goNumber.ReplaceAllStringFunc(msg, func(m string) string {
			sub := goNumber.FindStringSubmatch(m)
			return sub[1] + " " + plus(sub[2])
		})
	}
	for _, f := range goFields {
		msg = f.re.ReplaceAllString(msg, f.with)
	}
	switch {
	case strings.HasPrefix(msg, "pass:"):
		msg = "moves.pass: " + strings.TrimSpace(strings.TrimPrefix(msg, "pass:"))
	case strings.HasPrefix(msg, "must "), strings.HasPrefix(msg, "no_grand_slam:"):
		msg = "moves." + msg
	}
	msg = strings.NewReplacer("ending.when mover_cannot_move", `ending.when = "cannot_move"`,
		"skip_origin", `skip = "origin"`, "effect mark", `effect = "mark"`, "effect resow", `effect = "resow"`, "effect keep_pair", `effect = "keep_pair"`,
		"effect take only", `effect = "seeds" only`,
		"take = pit", `take = "pit"`, "take = after", `take = "after"`).Replace(msg)
	path := luaPath.FindString(msg)
	top := path
	if i := strings.IndexAny(top, ".["); i >= 0 {
		top = top[:i]
	}
	var sc *script
	switch top {
	case "board":
		if d.board != nil {
			sc = d.board.sc
		}
	case "sowing":
		if d.sowing != nil {
			sc = d.sowing.sc
		}
	case "captures":
		if d.captures != nil {
			sc = d.captures.sc
		}
	case "ending":
		if d.ending != nil {
			sc = d.ending.sc
		}
	case "moves":
		if d.moves != nil {
			sc = d.moves.sc
		}
	}
	if sc == nil { // a table the base game set: blame any script of the descriptor
		for _, s := range []*script{partScript(d.board), partScript(d.sowing), partScript(d.captures), partScript(d.ending), partScript(d.moves)} {
			if s != nil {
				sc = s
				break
			}
		}
	}
	if sc == nil {
		return fmt.Errorf("mancala: %s", msg)
	}
	return sc.errorf(sc.pathLine(path), "%s", msg)
}

// partScript is the script of a descriptor table (nil when unset).
func partScript[T any](p T) *script {
	switch x := any(p).(type) {
	case *mBoard:
		if x != nil {
			return x.sc
		}
	case *mPart[mancala.Sowing]:
		if x != nil {
			return x.sc
		}
	case *mPart[[]mancala.Capture]:
		if x != nil {
			return x.sc
		}
	case *mPart[mEnding]:
		if x != nil {
			return x.sc
		}
	case *mPart[mMoves]:
		if x != nil {
			return x.sc
		}
	}
	return nil
}

// walkPaths records the line of every field of a descriptor table by its Lua path
// (sowing.skip, captures[2].take, board.tracks[1][3]).
func walkPaths(m map[string]int, prefix string, t *ast.TableExpr) {
	i := 0
	for _, f := range t.Fields {
		var p string
		var line int
		switch k := f.Key.(type) {
		case nil:
			i++
			p, line = fmt.Sprintf("%s[%d]", prefix, i), f.Value.Line()
		case *ast.StringExpr:
			p, line = prefix+"."+k.Value, k.Line()
		default:
			continue
		}
		m[p] = line
		if sub, ok := f.Value.(*ast.TableExpr); ok {
			walkPaths(m, p, sub)
		}
	}
}

// checkMancala checks that a script with descriptor tables (board, sowing, captures,
// ending, moves) is a mancala variant, and that a mancala variant's board table is
// mancala's.
func (sc *script) checkMancala(parent *Variant) error {
	switch {
	case sc.mancala != nil && parent.Base != mancalaDef.Name:
		if key := sc.mancala.firstTable(sc); key != "board" || parent.Base != "ludo" {
			return sc.errorf(sc.lines.fields[key], "%s: a mancala descriptor table, but %s is a %s variant (extends = \"mancala\" or a mancala variant)", key, parent.Name, parent.Base)
		}
		return sc.errorf(sc.lines.fields["board"], "board: want ludo's keys (%s), not mancala's (%s)", strings.Join(boardKeys, ", "), strings.Join(mBoardKeys, ", "))
	case sc.board != nil && parent.Base == mancalaDef.Name:
		return sc.errorf(sc.lines.fields["board"], "board: want mancala's keys (%s), not ludo's", strings.Join(mBoardKeys, ", "))
	}
	return nil
}
