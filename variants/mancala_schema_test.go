package variants

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/mancala"
)

var updateSchema = flag.Bool("update-schema", false, "regenerate the files made from the mancala descriptor schema (go generate ./variants)")

// The files generated from the schema (mancala_schema.go), each between its markers.
var (
	readmeFile = filepath.Join("..", "scripts", "README.md")
	typesFile  = filepath.Join("..", "scripts", "types", "kalahlab.d.lua")
)

const generatedBy = "generated from variants/mancala_schema.go by `go generate ./variants`; do not edit"

// TestMancalaSchemaFiles holds the files made from the descriptor schema to it: the
// reference tables of scripts/README.md and the descriptor classes of
// scripts/types/kalahlab.d.lua. go generate ./variants (-update-schema) rewrites them.
func TestMancalaSchemaFiles(t *testing.T) {
	readme, err := os.ReadFile(readmeFile)
	require.NoError(t, err)
	got := string(readme)
	for _, tb := range mSchema[:5] {
		name := strings.TrimSuffix(tb.path, "[]")
		begin := "<!-- schema " + name + ": " + generatedBy + " -->\n"
		got, err = replaceBetween(got, begin, "<!-- end schema "+name+" -->\n", referenceTable(tb))
		require.NoError(t, err, readmeFile)
	}
	types, err := os.ReadFile(typesFile)
	require.NoError(t, err)
	gotTypes, err := replaceBetween(string(types), "-- BEGIN mancala descriptor schema: "+generatedBy+"\n",
		"-- END mancala descriptor schema\n", luaClasses())
	require.NoError(t, err, typesFile)
	if *updateSchema {
		require.NoError(t, os.WriteFile(readmeFile, []byte(got), 0o644))
		require.NoError(t, os.WriteFile(typesFile, []byte(gotTypes), 0o644))
		return
	}
	assert.Equal(t, got, string(readme), "%s is stale: run go generate ./variants", readmeFile)
	assert.Equal(t, gotTypes, string(types), "%s is stale: run go generate ./variants", typesFile)
}

// replaceBetween replaces what text holds between the lines begin and end with body.
func replaceBetween(text, begin, end, body string) (string, error) {
	i := strings.Index(text, begin)
	if i < 0 {
		return "", fmt.Errorf("no marker %q", strings.TrimSpace(begin))
	}
	j := strings.Index(text[i:], end)
	if j < 0 {
		return "", fmt.Errorf("no marker %q after %q", strings.TrimSpace(end), strings.TrimSpace(begin))
	}
	return text[:i+len(begin)] + body + text[i+j:], nil
}

// referenceTable is a table's reference in scripts/README.md: a row a key, with its
// values, default, meaning and the Go field it sets.
func referenceTable(tb *mTable) string {
	var b strings.Builder
	b.WriteString("| key | values | default | meaning | Go field |\n|---|---|---|---|---|\n")
	for _, f := range tb.fields {
		def := f.def
		if def != "" && !strings.ContainsAny(def, "` ") {
			def = "`" + def + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", f.key, valuesDoc(&f), def, f.meaning, goFieldDoc(tb, &f))
	}
	return b.String()
}

// valuesDoc writes what a field allows, for the reference.
func valuesDoc(f *mField) string {
	switch f.kind {
	case mBool:
		return "`true`, `false`"
	case mWhole:
		return fmt.Sprintf("%d..%d", f.min, f.max)
	case mEnum, mOptEnum:
		q := make([]string, len(f.values))
		for i, v := range f.values {
			q[i] = "`" + strconv.Quote(v) + "`"
		}
		return strings.Join(q, ", ")
	case mCounts:
		return fmt.Sprintf("a list of %d..%d", f.min, f.max)
	}
	if f.allowed != "" {
		return f.allowed
	}
	return "`" + strings.ReplaceAll(f.luaType, "|", "\\|") + "`"
}

// goFieldDoc names the Go field a key sets, from Rules.
func goFieldDoc(tb *mTable, f *mField) string {
	if strings.HasPrefix(f.goField, "(") || f.goField == "" {
		return f.goField
	}
	path := strings.TrimPrefix(f.goField, "Rules.")
	if tb.goPrefix != "" {
		path = tb.goPrefix + "." + path
	}
	return "`" + path + "`"
}

// luaType is the editor's type of a field.
func luaType(f *mField) string {
	switch f.kind {
	case mBool:
		return "boolean"
	case mWhole:
		return "integer"
	case mEnum, mOptEnum:
		q := make([]string, len(f.values))
		for i, v := range f.values {
			q[i] = strconv.Quote(v)
		}
		return strings.Join(q, "|")
	case mCounts:
		return "integer[]"
	}
	return f.luaType
}

// luaClasses is the descriptor classes of scripts/types/kalahlab.d.lua: one a table.
func luaClasses() string {
	var b strings.Builder
	for _, tb := range mSchema {
		fmt.Fprintf(&b, "\n---The %s table: %s.\n---@class %s\n", tb.path, tb.doc, tb.class)
		for _, f := range tb.fields {
			fmt.Fprintf(&b, "---@field %s? %s %s [%s]\n", f.key, luaType(&f), f.meaning, f.def)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// TestMancalaSchemaCoversRules holds the schema to core/mancala: every field a key
// names exists, with the kind's Go type, and every field of Sowing, Capture, End,
// Opening, Rounds and the move rules has a key (the fields the knobs set, or the
// engine derives, aside).
func TestMancalaSchemaCoversRules(t *testing.T) {
	targets := map[*mTable]reflect.Type{
		&sowingSchema: reflect.TypeOf(mancala.Sowing{}), &captureSchema: reflect.TypeOf(mancala.Capture{}),
		&endingSchema: reflect.TypeOf(mancala.Rules{}), &roundsSchema: reflect.TypeOf(mancala.Rules{}),
		&movesSchema: reflect.TypeOf(mMoves{}), &openingSchema: reflect.TypeOf(mMoves{}),
	}
	covered := map[string]bool{}
	for tb, typ := range targets {
		for _, f := range tb.fields {
			name := strings.TrimPrefix(f.goField, "Rules.")
			covered[typ.Name()+"."+name] = true
			if f.kind == mCustom {
				continue
			}
			ft := typ
			for _, part := range strings.Split(f.goField, ".") {
				sf, ok := ft.FieldByName(part)
				require.True(t, ok, "%s.%s: no Go field %s in %s", tb.path, f.key, f.goField, typ)
				ft = sf.Type
			}
			switch f.kind {
			case mBool:
				assert.Equal(t, reflect.Bool, ft.Kind(), "%s.%s", tb.path, f.key)
			case mWhole:
				assert.Equal(t, reflect.Int, ft.Kind(), "%s.%s", tb.path, f.key)
			case mEnum:
				assert.Equal(t, reflect.Uint8, ft.Kind(), "%s.%s", tb.path, f.key)
			case mOptEnum:
				assert.Contains(t, []reflect.Kind{reflect.Bool, reflect.Uint8}, ft.Kind(), "%s.%s", tb.path, f.key)
			case mCounts:
				assert.Equal(t, reflect.TypeOf([]int(nil)), ft, "%s.%s", tb.path, f.key)
			}
		}
	}
	for typ, prefix := range map[reflect.Type]string{
		reflect.TypeOf(mancala.Sowing{}): "Sowing.", reflect.TypeOf(mancala.Capture{}): "Capture.",
		reflect.TypeOf(mancala.End{}): "Rules.End.", reflect.TypeOf(mancala.Opening{}): "mMoves.Opening.",
		reflect.TypeOf(mancala.Rounds{}): "Rules.Rounds.",
	} {
		for i := range typ.NumField() {
			name := prefix + typ.Field(i).Name
			if name == "Rules.End.MaxPlies" { // the max_plies knob
				continue
			}
			assert.True(t, covered[name], "%s has no descriptor key", name)
		}
	}
	for _, name := range []string{"ExtraTurn", "MustFeed", "PieRule", "Pass", "NoStarve", "Must", "Setup.Moves"} {
		assert.True(t, covered["mMoves."+name], "Rules.%s has no descriptor key", name)
	}
	assert.True(t, covered["Rules.KeepPly"], "Rules.KeepPly has no descriptor key")
}
