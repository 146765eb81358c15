package variants

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/mancala"
)

// rulesGolden holds the rules text of every variant of the catalogue (the base games
// and the built-in scripts); go generate ./variants (-update-schema) rewrites it.
const rulesGolden = "testdata/rulestext.golden"

// TestRulesTextGolden writes every catalogue variant's rules text, as `variants show`
// prints it, and compares it with the golden file; every variant gets a text with a
// board (or the game's setting) and an end.
func TestRulesTextGolden(t *testing.T) {
	vs, err := Catalog(Options{})
	require.NoError(t, err)
	var b strings.Builder
	for _, v := range vs {
		text, err := v.RulesText()
		require.NoError(t, err, v.Name)
		require.NotEmpty(t, text, v.Name)
		var titles []string
		for _, s := range text {
			titles = append(titles, s.Title)
			assert.NotEmpty(t, s.Sentences, "%s: section %s", v.Name, s.Title)
		}
		assert.Contains(t, titles, "End and winning", v.Name)
		for _, h := range v.Hooks {
			assert.Contains(t, text.String(), "("+h+")", "%s: its hook %s is not named in its rules", v.Name, h)
		}
		b.WriteString("== " + v.Name + " ==\n" + text.Format("", 100) + "\n")
	}
	if *updateSchema {
		require.NoError(t, os.MkdirAll(filepath.Dir(rulesGolden), 0o755))
		require.NoError(t, os.WriteFile(rulesGolden, []byte(b.String()), 0o644))
		return
	}
	want, err := os.ReadFile(rulesGolden)
	require.NoError(t, err, "run go generate ./variants")
	assert.Equal(t, string(want), b.String(), "%s is stale: run go generate ./variants and read the diff", rulesGolden)
}

// TestHookWordings checks that every hook of every base game has its words, in a
// section its game's texts have.
func TestHookWordings(t *testing.T) {
	for _, b := range binders {
		v := fromBase(b.def)
		text, err := v.RulesText()
		require.NoError(t, err, b.def.Name)
		for _, h := range b.hooks {
			w, ok := hookWordings[b.def.Name][h]
			if assert.True(t, ok, "%s's hook %s has no words in hookWordings", b.def.Name, h) {
				assert.NotNil(t, text.Section(w.section), "%s's hook %s: section %q, which its rules text has not", b.def.Name, h, w.section)
			}
		}
		for h := range hookWordings[b.def.Name] {
			assert.Contains(t, b.hooks, h, "hookWordings names %s's hook %s, which it does not call", b.def.Name, h)
		}
	}
}

// schemaWordPaths gives the descriptor keys that set no one field of Rules the fields
// whose words state them (the board's layout keys, the fills of a start).
var schemaWordPaths = map[string]string{
	"board.seeds":          "Board.Pits[].Seeds",
	"board.stores":         "Board.Pits[].Store",
	"board.start":          "Board.Pits[].Seeds",
	"board.start[].houses": "Board.Pits[].Seeds",
	"board.start[].seeds":  "Board.Pits[].Seeds",
	"board.start[].deal":   "Board.Pits[].Seeds",
	"board.start[].by":     "Board.Pits[].Seeds",
	"board.start[].from":   "Board.Pits[].Seeds",
}

// TestRulesTextCoversSchema checks that every key of the descriptor schema is stated
// by the rules text: the field it sets is one core/mancala's wordings name (or, for a
// table, holds fields they name).
func TestRulesTextCoversSchema(t *testing.T) {
	worded := mancala.WordedFields()
	for _, tb := range mSchema {
		for _, f := range tb.fields {
			key := tb.path + "." + f.key
			path, ok := schemaWordPaths[key]
			if !ok {
				require.NotEmpty(t, f.goField, "%s: no Go field; name the field its words are in schemaWordPaths", key)
				require.False(t, strings.HasPrefix(f.goField, "("), "%s sets %s: name the field its words are in schemaWordPaths", key, f.goField)
				path = strings.TrimPrefix(f.goField, "Rules.")
				if tb.goPrefix != "" && !strings.HasPrefix(path, tb.goPrefix+".") {
					path = tb.goPrefix + "." + path
				}
			}
			found := slices.Contains(worded, path) || slices.ContainsFunc(worded, func(w string) bool {
				return strings.HasPrefix(w, path+".") || strings.HasPrefix(w, path+"[].")
			})
			assert.True(t, found, "descriptor key %s (Rules field %s) has no words: add it to a wording of core/mancala/rulestext.go", key, path)
		}
	}
}
