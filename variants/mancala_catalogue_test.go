package variants

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/scripts"
)

// The catalogue's one source is its Lua scripts (scripts/mancala/*.lua, and Oware's
// scripts/oware.lua, whose name is the game's working name `oware`): they are
// what a player reads, copies and extends, they carry the sources, the readings and
// the examples, and their boards follow the knobs. core/mancala's constructor of each
// game (catalogue_gen.go) is generated from the script: the Rules it compiles to at
// its own knobs, with the ply limit (and the rounds or setup moves where the game has
// them) as parameters, and the script's header as its documentation. go generate
// ./variants writes it (TestMancalaCatalogueGo -update-schema), and the test fails when
// it is stale. mancala/kalah and mancala/kalah-standard are Kalah's knob model
// (mancala.Kalah, the base game's), held equal to it by TestMancalaKalahScripts.
var catalogueGo = []struct {
	script, fn string
	params     []string // maxPlies, maxRounds (Rounds.Max), setupMoves (Setup.Moves), in order
}{
	{"oware", "Oware", []string{"maxPlies"}},
	{"mancala/ayoayo", "Ayoayo", []string{"maxPlies"}},
	{"mancala/congkak", "Congkak", []string{"maxPlies"}},
	{"mancala/toguz-kumalak", "ToguzKumalak", []string{"maxPlies"}},
	{"mancala/vai-lung-thlan", "VaiLungThlan", []string{"maxPlies"}},
	{"mancala/awari", "Awari", []string{"maxPlies"}},
	{"mancala/dabuda", "Dabuda", []string{"maxPlies"}},
	{"mancala/en-gehe", "EnGehe", []string{"maxPlies"}},
	{"mancala/mangala", "Mangala", []string{"maxPlies"}},
	{"mancala/pallanguzhi", "Pallanguzhi", []string{"maxRounds", "maxPlies"}},
	{"mancala/gabata-adegrat", "GabataAdegrat", []string{"maxRounds", "maxPlies"}},
	{"mancala/ba-awa", "BaAwa", []string{"maxRounds", "maxPlies"}},
	{"mancala/hus", "Hus", []string{"maxPlies"}},
	{"mancala/owela", "Owela", []string{"maxPlies"}},
	{"mancala/adjiboto", "Adjiboto", []string{"maxPlies"}},
	{"mancala/omweso", "Omweso", []string{"setupMoves", "maxPlies"}},
	{"mancala/kiela", "Kiela", []string{"setupMoves", "maxPlies"}},
	{"mancala/tshuba", "Tshuba", []string{"maxPlies"}},
	{"mancala/gabata-shoa", "GabataShoa", []string{"maxRounds", "maxPlies"}},
	{"mancala/enkeshui", "Enkeshui", []string{"maxPlies"}},
	{"mancala/bao", "BaoSimplified", []string{"maxPlies"}},
	{"mancala/layli-goobalay", "LayliGoobalay", []string{"maxPlies"}},
	{"mancala/bohnenspiel", "Bohnenspiel", []string{"maxPlies"}},
	{"mancala/halusa", "Halusa", []string{"maxPlies"}},
	{"mancala/sungka", "Sungka", []string{"maxPlies"}},
	{"mancala/ohvalhu", "Ohvalhu", []string{"maxRounds", "maxPlies"}},
	{"mancala/um-el-bagara", "UmElBagara", []string{"maxPlies"}},
	{"mancala/um-el-tuweisat", "UmElTuweisat", []string{"maxPlies"}},
	{"mancala/mankala", "Mankala", []string{"maxPlies"}},
	{"mancala/hoyito", "Hoyito", []string{"maxPlies"}},
	{"mancala/french-wari", "FrenchWari", []string{"maxPlies"}},
	{"mancala/ntyenge", "Ntyenge", []string{"maxPlies"}},
	{"mancala/fondji", "Fondji", []string{"maxPlies"}},
	{"mancala/foji", "Foji", []string{"maxPlies"}},
	{"mancala/enindji", "Enindji", []string{"maxPlies"}},
	{"mancala/wari", "Wari", []string{"maxPlies"}},
	{"mancala/kalah-champion", "KalahChampion", []string{"maxPlies"}},
	{"mancala/alitev", "Alitev", []string{"maxPlies"}},
	{"mancala/chungcajon", "Chungcajon", []string{"maxPlies"}},
	{"mancala/kara", "Kara", []string{"maxPlies"}},
	{"mancala/awari-ndyuka", "AwariNdyuka", []string{"maxPlies"}},
	{"mancala/mangala-and", "MangalaAnd", []string{"maxPlies"}},
}

var catalogueFile = filepath.Join("..", "core", "mancala", "catalogue_gen.go")

// TestMancalaCatalogueGo holds core/mancala/catalogue_gen.go to the catalogue's
// scripts; go generate ./variants (-update-schema) rewrites it.
func TestMancalaCatalogueGo(t *testing.T) {
	kalahScripts := []string{"mancala/kalah", "mancala/kalah-standard"}
	for _, name := range builtinNames() {
		if strings.HasPrefix(name, "mancala/") && !slices.Contains(kalahScripts, name) {
			assert.True(t, slices.ContainsFunc(catalogueGo, func(c struct {
				script, fn string
				params     []string
			}) bool {
				return c.script == name
			}), "catalogue script %s has no entry in catalogueGo", name)
		}
	}
	for _, c := range catalogueGo {
		v, err := Lookup(c.script, Options{})
		require.NoError(t, err)
		assert.Equal(t, "mancala", v.Base, c.script)
		assert.Equal(t, "mancala", v.Family, c.script)
		assert.NotEmpty(t, v.Region, c.script)
		assert.NotEmpty(t, v.Sources, "%s: a catalogue script names its sources", c.script)
		assert.NotEmpty(t, v.Description, "%s: a catalogue script states its rules in its description", c.script)
		assert.Empty(t, v.Hooks, c.script)
	}
	src, err := catalogueSource()
	require.NoError(t, err)
	if *updateSchema {
		require.NoError(t, os.WriteFile(catalogueFile, src, 0o644))
		return
	}
	have, err := os.ReadFile(catalogueFile)
	require.NoError(t, err)
	assert.Equal(t, string(src), string(have), "%s is stale: run go generate ./variants", catalogueFile)
}

// TestMancalaKalahScripts: mancala/kalah and mancala/kalah-standard compile to
// core/mancala's Kalah at its default knobs and with six seeds, no empty capture.
func TestMancalaKalahScripts(t *testing.T) {
	kalahRules, err := mancala.Kalah(mancala.DefaultKalah())
	require.NoError(t, err)
	standard := mancala.DefaultKalah()
	standard.Seeds, standard.EmptyCapture = 6, false
	kalahStandard, err := mancala.Kalah(standard)
	require.NoError(t, err)
	for name, want := range map[string]mancala.Rules{"mancala/kalah": kalahRules, "mancala/kalah-standard": kalahStandard} {
		assert.Equal(t, want, scriptRules(t, name), name)
	}
}

// scriptRules is the Rules a catalogue script compiles to at its own knobs.
func scriptRules(t testing.TB, name string) mancala.Rules {
	r, err := compiledRules(name)
	require.NoError(t, err)
	return r
}

func compiledRules(name string) (mancala.Rules, error) {
	v, err := Lookup(name, Options{})
	if err != nil {
		return mancala.Rules{}, err
	}
	g, err := v.NewGame()
	if err != nil {
		return mancala.Rules{}, err
	}
	mg, ok := g.(*mancala.Game)
	if !ok || mg.Hooked() {
		return mancala.Rules{}, fmt.Errorf("%s: want a descriptor-only variant (no hooks), got %T", name, g)
	}
	return mg.Rules(), nil
}

// catalogueSource generates catalogue_gen.go.
func catalogueSource() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go generate ./variants (TestMancalaCatalogueGo) from scripts/mancala/*.lua and scripts/oware.lua; DO NOT EDIT.\n\n")
	b.WriteString("package mancala\n\n")
	for _, c := range catalogueGo {
		r, err := compiledRules(c.script)
		if err != nil {
			return nil, err
		}
		header, err := scriptHeader(c.script)
		if err != nil {
			return nil, err
		}
		params := map[string]string{"End.MaxPlies": "maxPlies", "Rounds.Max": "maxRounds", "Setup.Moves": "setupMoves"}
		for field, p := range params {
			if !slices.Contains(c.params, p) {
				delete(params, field)
			}
		}
		var vals []string
		for _, p := range c.params {
			for field, q := range params {
				if q == p {
					vals = append(vals, fmt.Sprintf("%s %d", p, goField(reflect.ValueOf(r), field).Int()))
				}
			}
		}
		fmt.Fprintf(&b, "// %s is %s (scripts/%s.lua), compiled at its knobs (%s). The script's header:\n//\n", c.fn, c.script, c.script, strings.Join(vals, ", "))
		for _, line := range header {
			if line == "" {
				b.WriteString("//\n")
				continue
			}
			b.WriteString("// " + line + "\n")
		}
		v, err := Lookup(c.script, Options{})
		if err != nil {
			return nil, err
		}
		writeDocPara(&b, "The rules (its description): "+v.Description)
		if len(v.Sources) > 0 {
			writeDocPara(&b, "Sources: "+strings.Join(v.Sources, "; ")+".")
		}
		if v.Ludii != "" {
			writeDocPara(&b, "Ludii's ruleset: "+v.Ludii+".")
		}
		fmt.Fprintf(&b, "func %s(%s int) Rules {\n\treturn %s\n}\n\n", c.fn, strings.Join(c.params, ", "), goLiteral(reflect.ValueOf(r), "", params, true))
	}
	return format.Source(b.Bytes())
}

// writeDocPara writes text as a paragraph of a Go doc comment, wrapped at 88 columns.
func writeDocPara(b *bytes.Buffer, text string) {
	b.WriteString("//\n")
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 88 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

// scriptHeader returns the comment lines that open a catalogue script, without "-- ".
func scriptHeader(name string) ([]string, error) {
	src, err := fs.ReadFile(scripts.FS, name+".lua")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "--") {
			break
		}
		out = append(out, strings.TrimPrefix(strings.TrimPrefix(line, "--"), " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out, nil
}

// The names of core/mancala's enumerations, by type, in the order of the constants.
var goEnums = map[string][]string{
	"Direction":   {"Anticlockwise", "Clockwise", "Chosen"},
	"StoreSowing": {"OwnStore", "NoStores", "AllStores"},
	"Relay":       {"NoRelay", "RelayOnOccupied", "RelayOwnSide", "RelayNext"},
	"Side":        {"OwnSide", "OpponentSide", "AnySide"},
	"Take":        {"TakeOpposite", "TakeColumn", "TakePit", "TakeNext", "TakeAfter"},
	"Chain":       {"NoChain", "ChainBackward", "ChainForward"},
	"Effect":      {"TakeSeeds", "MarkPit", "Resow", "KeepPair"},
	"ResowFrom":   {"ResowAfterLast", "ResowLapStart", "ResowTrackStart"},
	"When":        {"EitherSideEmpty", "MoverCannotMove"},
	"Remaining":   {"ToOwner", "Discard", "ToOther", "Split", "ToEmptied", "ToStarter"},
	"Must":        {"AnyMove", "ReachOrEmpty", "LeaveSeeds", "LapLeavesSeeds"},
}

// goLiteral writes v as Go in package mancala: structs with their non-zero fields
// (the fields params names as those parameters), enumerations by name, boards by the
// layout functions that build them. typed says whether a composite needs its type
// (not inside a slice or array literal).
func goLiteral(v reflect.Value, path string, params map[string]string, typed bool) string {
	if p, ok := params[strings.TrimPrefix(path, ".")]; ok {
		return p
	}
	t := v.Type()
	if names, ok := goEnums[t.Name()]; ok && t.PkgPath() == reflect.TypeOf(mancala.Rules{}).PkgPath() {
		return names[v.Uint()]
	}
	switch v.Kind() {
	case reflect.Bool:
		return fmt.Sprint(v.Bool())
	case reflect.Int:
		return fmt.Sprint(v.Int())
	case reflect.Slice, reflect.Array:
		var parts []string
		for i := range v.Len() {
			parts = append(parts, goLiteral(v.Index(i), path+"[]", params, false))
		}
		return goTypeName(t, typed) + "{" + strings.Join(parts, ", ") + "}"
	case reflect.Struct:
		if b, ok := v.Interface().(mancala.Board); ok {
			if expr, ok := boardExpr(b); ok {
				return expr
			}
		}
		var parts []string
		for i := range t.NumField() {
			fp := path + "." + t.Field(i).Name
			_, isParam := params[strings.TrimPrefix(fp, ".")]
			if v.Field(i).IsZero() && !isParam && !hasParam(params, fp) {
				continue
			}
			parts = append(parts, t.Field(i).Name+": "+goLiteral(v.Field(i), fp, params, true))
		}
		if path == "" { // the Rules: a field a line
			return goTypeName(t, typed) + "{\n" + strings.Join(parts, ",\n") + ",\n}"
		}
		return goTypeName(t, typed) + "{" + strings.Join(parts, ", ") + "}"
	}
	panic(fmt.Sprintf("goLiteral: %s at %s", t, path))
}

// hasParam reports whether a parameter is a field under path.
func hasParam(params map[string]string, path string) bool {
	for f := range params {
		if strings.HasPrefix(f, strings.TrimPrefix(path, ".")+".") {
			return true
		}
	}
	return false
}

// goTypeName is t's name in package mancala ("" where a literal elides it).
func goTypeName(t reflect.Type, typed bool) string {
	if !typed {
		return ""
	}
	return strings.ReplaceAll(t.String(), "mancala.", "")
}

// boardExpr writes b as the layout that builds it: TwoRows, TwoRowsLeft, FourRows or
// OneRow of its width, without stores or not, every house with the same seeds or
// some other start (WithSeeds).
func boardExpr(b mancala.Board) (string, bool) {
	layouts := []struct {
		name  string
		build func(h, s int) mancala.Board
		width func(b mancala.Board) int
	}{
		{"TwoRows", mancala.TwoRows, func(b mancala.Board) int { return b.Houses }},
		{"TwoRowsLeft", mancala.TwoRowsLeft, func(b mancala.Board) int { return b.Houses }},
		{"FourRows", mancala.FourRows, func(b mancala.Board) int { return b.Houses }},
		{"OneRow", mancala.OneRow, func(b mancala.Board) int { return b.Houses / 2 }},
	}
	seeds := map[int]bool{}
	for _, p := range b.Pits {
		if !p.Store {
			seeds[p.Seeds] = true
		}
	}
	for _, l := range layouts {
		h := l.width(b)
		for _, bare := range []bool{false, true} {
			build := func(s int) (mancala.Board, string) {
				bd, expr := l.build(h, s), fmt.Sprintf("%s(%d, %d)", l.name, h, s)
				if bare {
					bd, expr = mancala.WithoutStores(bd), "WithoutStores("+expr+")"
				}
				return bd, expr
			}
			for s := range seeds {
				if bd, expr := build(s); reflect.DeepEqual(bd, b) {
					return expr, true
				}
			}
			bd, expr := build(0)
			counts := [2][]int{}
			for side, tr := range b.Tracks {
				for _, p := range tr {
					if !b.Pits[p].Store && b.Pits[p].Owner == side {
						counts[side] = append(counts[side], b.Pits[p].Seeds)
					}
				}
			}
			with := mancala.WithSeeds(bd, func(side, k int, _ mancala.Pit) int { return counts[side][k] })
			if reflect.DeepEqual(with, b) {
				return fmt.Sprintf("WithSeeds(%s, houseCounts(%s))", expr, goLiteral(reflect.ValueOf(counts), "", nil, true)), true
			}
		}
	}
	return "", false
}
