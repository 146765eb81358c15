package web

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/record"
)

// The content of the files outside --scripts: no page may show any of it.
const pathSecret = "TOPSECRET-hunter2"

// pathsServer serves base/srv/scripts as --scripts, with base/outside beside it: a
// valid variant, a module, a file that is no Lua, and links into it from --scripts.
func pathsServer(t *testing.T) (c *client, scripts, outside string) {
	t.Helper()
	base := t.TempDir()
	scripts, outside = filepath.Join(base, "srv", "scripts"), filepath.Join(base, "outside")
	write := func(dir, name, src string) {
		file := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	}
	write(outside, "secretrule.lua", `-- `+pathSecret+`
return variant { name = "secretrule", extends = "kalah", summary = "`+pathSecret+`" }`)
	write(outside, "secretmod.lua", `return { seeds = 2 } -- `+pathSecret)
	write(outside, "secret.lua", pathSecret+" is not Lua\n")
	write(scripts, "mine.lua", `return variant { extends = "kalah", summary = "mine, inside", params = { seeds = 3 } }`)
	require.NoError(t, os.Symlink(filepath.Join(outside, "secretrule.lua"), filepath.Join(scripts, "link.lua")))
	return newClient(t, newServer(t, Config{Scripts: scripts})), scripts, outside
}

// recordText is a game record of Kalah with no moves, changed by mutate.
func recordText(t *testing.T, mutate func(*record.Game)) string {
	t.Helper()
	g := &record.Game{Variant: "kalah", Players: []string{"human", "human"}, Knobs: map[string]any{}, Moves: []string{}}
	mutate(g)
	data, err := record.Marshal(g)
	require.NoError(t, err)
	return string(data)
}

// TestPathAttacks: every way a request or a record might name a file outside
// --scripts is refused with an error that says what is allowed, and no page shows the
// file's content (issue 21, item 2).
func TestPathAttacks(t *testing.T) {
	c, scripts, outside := pathsServer(t)
	script := func(src string) *record.Script {
		return &record.Script{Path: filepath.Join(outside, "x.lua"), SHA256: record.SHA256(src), Source: src}
	}
	tryRule := func(extends string) url.Values {
		return url.Values{"source": {`return variant { extends = "` + extends + `" }`}, "check_games": {"2"}}
	}
	for _, tc := range []struct {
		name   string
		method string // GET or POST
		path   string
		form   url.Values
		code   int
		want   string
	}{
		{"variant page, a name inside", "GET", "/variant?name=mine", nil, 200, "mine, inside"},
		{"variant page, dots up", "GET", "/variant?name=" + url.QueryEscape("../../outside/secretrule"), nil, 404, "unknown"},
		{"variant page, an absolute name", "GET", "/variant?name=" + url.QueryEscape(filepath.Join(outside, "secretrule")), nil, 404, "unknown"},
		{"variant page, a link out", "GET", "/variant?name=link", nil, 404, "is a link to a file outside the folders scripts may be read from"},
		{"play page, dots up", "GET", "/play?variant=" + url.QueryEscape("../../outside/secretrule"), nil, 200, "unknown"},
		{"new game, dots up", "POST", "/play/new", url.Values{"variant": {"../../outside/secretrule"}, "seat.1": {"human"}, "seat.2": {"human"}}, 400, "unknown"},
		{"new game, a link out", "POST", "/play/new", url.Values{"variant": {"link"}, "seat.1": {"human"}, "seat.2": {"human"}}, 400, "is a link to a file outside"},
		{"try, extends inside", "POST", "/try/check", tryRule("mine"), 200, "Check: passed"},
		{"try, extends an absolute path", "POST", "/try/check", tryRule(filepath.Join(outside, "secretrule.lua")), 422, "is outside the folders scripts may be read from"},
		{"try, extends dots up", "POST", "/try/check", tryRule("../../../../../../../../.." + filepath.Join(outside, "secretrule.lua")), 422, "is outside the folders"},
		{"try, extends a file that is no Lua", "POST", "/try/check", tryRule(filepath.Join(outside, "secret.lua")), 422, "is outside the folders"},
		{"try, extends a link out", "POST", "/try/check", tryRule(filepath.Join(scripts, "link.lua")), 422, "is a link to a file outside"},
		{"record, a variant with dots up", "POST", "/play/load", url.Values{"record_text": {recordText(t, func(g *record.Game) {
			g.Variant = "../../outside/secretrule"
		})}}, 400, "unknown"},
		{"record, an absolute house rule", "POST", "/play/load", url.Values{"record_text": {recordText(t, func(g *record.Game) {
			g.HouseRules = []string{filepath.Join(outside, "secretrule.lua")}
		})}}, 400, "is outside the folders"},
		{"record, a house rule with dots up", "POST", "/play/load", url.Values{"record_text": {recordText(t, func(g *record.Game) {
			g.HouseRules = []string{"../../outside/secretrule.lua"}
		})}}, 400, "is outside the folders"},
		{"record, script.path chooses require's folder", "POST", "/play/load", url.Values{"record_text": {recordText(t, func(g *record.Game) {
			g.Script = script(`local m = require "secretmod"` + "\n" + `return variant { extends = "kalah", params = { seeds = m.seeds } }`)
			g.Variant = g.Script.Path
		})}}, 400, `require &#34;secretmod&#34;`},
		{"record, script.path anchors a relative extends", "POST", "/play/load", url.Values{"record_text": {recordText(t, func(g *record.Game) {
			g.Script = script(`return variant { extends = "secretrule.lua" }`)
			g.Variant = g.Script.Path
		})}}, 400, "is outside the folders"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var code int
			var body string
			if tc.method == "GET" {
				code, body = c.get(tc.path)
			} else {
				code, body = c.post(tc.path, tc.form)
			}
			assert.Equal(t, tc.code, code, body)
			assert.Contains(t, body, tc.want)
			assert.NotContains(t, body, "TOPSECRET")
			assert.NotContains(t, body, "hunter2")
			if tc.code >= 400 && tc.want != "unknown" && tc.name != "record, script.path chooses require's folder" {
				assert.Contains(t, body, "the scripts directory "+scripts, "the error says what is allowed")
			}
		})
	}
}
