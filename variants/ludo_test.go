package variants

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/scripts"
)

// Tests of the Ludo binding (ludo_hooks.go) and of the fields table: the token view,
// hook errors, fields validation and layering, the differential test of a Lua star
// against the Go star, and the reference docs.

// ludoRules is the game of g as Ludo rules.
func ludoRules(t testing.TB, g core.Game) ludo.Rules {
	t.Helper()
	lg, ok := g.(*ludo.Game)
	require.True(t, ok, "%T", g)
	return lg.Rules()
}

// kindsOf lists the field kinds of a Ludo game with their cells ("globe 1,9 trap 20").
func kindsOf(t testing.TB, g core.Game) string {
	var parts []string
	for _, f := range ludoRules(t, g).Fields {
		cells := make([]string, len(f.Cells))
		for i, c := range f.Cells {
			cells[i] = fmt.Sprint(c)
		}
		parts = append(parts, f.Kind+" "+strings.Join(cells, ","))
	}
	return strings.Join(parts, " ")
}

// TestLudoFieldsLayering pins how fields tables layer: a script's fields replace its
// parent's layout, a script without fields keeps its parent's (the base game's default
// layout, scaled to the track, when nobody set one), fields = {} clears them, house rules
// layer the same way, and a variant with fields but no hooks has no Lua.
func TestLudoFieldsLayering(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"base.lua": `return variant {
  extends = "ludo",
  fields = {
    globe = { cells = { 1, 27 }, safe = true },
    trap  = { cells = { 20 } },
  },
  hooks = { on_land = function(t, cell, kind) t:send_home(t:mover(), t:token()) end },
}`,
		"child.lua": `return variant { extends = "base.lua", params = { players = 2 } }`,
		"clear.lua": `return variant { extends = "base.lua", fields = {} }`,
		"stars.lua": `return variant { fields = { star = { cells = { 3, 30 }, jump = "next_star" } } }`,
	})
	opt := Options{ScriptsDir: dir}
	game := func(name string) core.Game {
		v, err := Lookup(name, opt)
		require.NoError(t, err, name)
		g, err := v.NewGame()
		require.NoError(t, err, name)
		return g
	}
	assert.Equal(t, "star 5,12,18,25,31,38,44,51 globe 1,9,14,22,27,35,40,48", kindsOf(t, game("ludo")))
	assert.Equal(t, "star 5,12,18,25,31,38,44,51 globe 1,9,14,22,27,35,40,48", kindsOf(t, game("ludo/two-player")), "no fields: the parent's")
	assert.Equal(t, "", kindsOf(t, game("ludo/classic")))
	assert.Equal(t, "globe 1,9,14,22,27,35,40,48 star 5,12,18,25,31,38,44,51", kindsOf(t, game("ludo/stars-and-globes")), "kinds in name order")
	assert.Equal(t, "globe 1,27 trap 20", kindsOf(t, game("base")))
	assert.Equal(t, "globe 1,27 trap 20", kindsOf(t, game("child")))
	assert.Equal(t, 2, ludoRules(t, game("child")).Players)
	assert.NotNil(t, ludoRules(t, game("child")).Hooks.OnLand, "the hook is inherited with the fields")
	assert.Equal(t, "", kindsOf(t, game("clear")))
	for name, want := range map[string]bool{"ludo": false, "ludo/two-player": false, "ludo/classic": true, "base": true, "child": true} {
		v, err := Lookup(name, opt)
		require.NoError(t, err)
		fields, ok := v.Fields()
		assert.Equal(t, want, ok, name)
		if ok {
			assert.Equal(t, ludoRules(t, game(name)).Fields, fields, name)
		}
	}

	// The default layout follows the track; a fields table does not (it is checked).
	v, err := Lookup("ludo/two-player", Options{})
	require.NoError(t, err)
	v, err = v.With(map[string]any{"track_length": 44})
	require.NoError(t, err)
	g, err := v.NewGame()
	require.NoError(t, err)
	assert.Equal(t, ludo.DefaultFieldsFor(44), ludoRules(t, g).Fields)
	v, err = Lookup("ludo/stars-and-globes", Options{})
	require.NoError(t, err)
	_, err = v.With(map[string]any{"track_length": 40})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "scripts/ludo/stars-and-globes.lua:19: field globe: cell 48 out of range 1..40 (track_length 40)")

	// So does a script extending it.
	_, err = LoadScript("short.lua", []byte("return variant {\n  extends = \"ludo/danish\",\n  params = { track_length = 44 },\n}"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "short.lua:3: scripts/ludo/danish.lua:")
	assert.Contains(t, err.Error(), "field globe: cell 48 out of range 1..44 (track_length 44)")

	// House rules layer fields too.
	v, err = Lookup("ludo/classic", opt)
	require.NoError(t, err)
	v, err = v.WithHouseRules([]string{"stars"}, opt)
	require.NoError(t, err)
	assert.Equal(t, "ludo/classic+stars", v.Name)
	g, err = v.NewGame()
	require.NoError(t, err)
	assert.Equal(t, "star 3,30", kindsOf(t, g))

	// Fields without hooks: the plain game, no Lua.
	for _, name := range []string{"ludo/classic", "ludo/danish", "ludo/stars-and-globes", "ludo/two-player", "ludo/must-enter"} {
		v, err := Lookup(name, Options{})
		require.NoError(t, err)
		assert.Empty(t, v.layers, name)
		assert.Empty(t, v.Hooks, name)
		assert.False(t, ludoRules(t, game(name)).Hooks.Any(), name)
	}
	assert.NotNil(t, ludoRules(t, game("ludo/trap")).Hooks.OnLand)
}

// TestStarsAndGlobesIsLudo: ludo/stars-and-globes writes out the default board, so it
// plays the very games of the base game.
func TestStarsAndGlobesIsLudo(t *testing.T) {
	written := newGame(t, "ludo/stars-and-globes", nil)
	base := newGame(t, "ludo", nil)
	assert.ElementsMatch(t, ludo.DefaultFields(), ludoRules(t, written).Fields)
	samePlayouts(t, written, base, 20)
}

// TestLudoDanishIsDanish: ludo/danish is the core's Danish layout with its knobs.
func TestLudoDanishIsDanish(t *testing.T) {
	r := ludoRules(t, newGame(t, "ludo/danish", nil))
	assert.ElementsMatch(t, ludo.DanishFields(), r.Fields)
	assert.Equal(t, 3, r.YardTries)
	assert.Equal(t, ludo.SendsMoverHome, r.DoubledEnemy)
	assert.Equal(t, ludo.Bounce, r.Finish)
	assert.Equal(t, ludo.FacesOf(6), r.EnterOn)
	assert.Equal(t, ludo.FacesOf(6), r.ExtraRollOn)
}

// TestLudoParams: the Ludo knobs are set from Lua and, through Variant.With, from YAML
// and --set; bad values name the script, line and knob.
func TestLudoParams(t *testing.T) {
	v, err := LoadScript("knobs.lua", []byte(`return variant {
  extends = "ludo",
  params = {
    players = 3, tokens = 2, enter_on = 56, extra_roll_on = 0,
    finish = "bounce", own_token = "block", yard_tries = 3,
  },
}`), Options{})
	require.NoError(t, err)
	r := ludoRules(t, mustGame(t, v))
	assert.Equal(t, 3, r.Players)
	assert.Equal(t, 2, r.Tokens)
	assert.Equal(t, ludo.FacesOf(5, 6), r.EnterOn)
	assert.Equal(t, ludo.Faces(0), r.ExtraRollOn)
	assert.Equal(t, ludo.Bounce, r.Finish)
	assert.Equal(t, ludo.Block, r.OwnToken)
	// YAML and --set values arrive as Go values.
	v, err = v.With(map[string]any{"players": 2, "enter_on": 6, "six_must_enter": true, "doubled_enemy": "sends_mover_home"})
	require.NoError(t, err)
	r = ludoRules(t, mustGame(t, v))
	assert.Equal(t, 2, r.Players)
	assert.True(t, r.SixMustEnter)
	assert.Equal(t, ludo.FacesOf(6), r.EnterOn)
	assert.Equal(t, ludo.SendsMoverHome, r.DoubledEnemy)
	_, err = v.With(map[string]any{"enter_on": 7})
	assert.ErrorContains(t, err, `param "enter_on": 7: digit 7 is not a face of a 6-sided die`)

	for _, c := range []struct{ src, want string }{
		{"return variant {\n  extends = \"ludo\",\n  params = {\n    players = 2,\n    enter_on = 7,\n  },\n}", `bad.lua:5: ludo: param "enter_on": 7: digit 7 is not a face`},
		{"return variant {\n  extends = \"ludo\",\n  params = { playerz = 2 },\n}", `bad.lua:3: param "playerz": unknown, did you mean "players"?`},
		{"return variant {\n  extends = \"ludo\",\n  params = { finish = \"overshoot\" },\n}", `bad.lua:3: param "finish"`},
		{"return variant {\n  extends = \"ludo\",\n  params = {\n    extra_roll_on = 123456,\n  },\n}", `bad.lua:4: ludo: extra_roll_on 1,2,3,4,5,6 is every face`},
	} {
		_, err := LoadScript("bad.lua", []byte(c.src), Options{})
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want)
	}
}

func mustGame(t testing.TB, v *Variant) core.Game {
	t.Helper()
	g, err := v.NewGame()
	require.NoError(t, err)
	return g
}

// TestLudoFieldErrors: a fields table is checked in Go, with the script's line and a
// suggestion where one helps.
func TestLudoFieldErrors(t *testing.T) {
	// script returns a variant extending base with the fields table on lines 3..
	script := func(base, fields string) string {
		return "return variant {\n  extends = \"" + base + "\",\n  fields = {\n" + fields + "\n  },\n}\n"
	}
	hook := "  hooks = { on_land = function(t, cell, kind) end },\n"
	for _, c := range []struct{ name, src, want string }{
		{"an unknown key", script("ludo", "    star = {\n      cells = { 5, 12 },\n      jmp = \"next_star\",\n    },"),
			`bad.lua:6: field star: key "jmp" unknown, did you mean "jump"? (want cells, jump, safe, safe_except_others_start)`},
		{"a cell out of range", script("ludo", "    star = { cells = { 5, 53 }, jump = \"next_star\" },"),
			`bad.lua:4: field star: cell 53 out of range 1..52 (track_length 52)`},
		{"cell 0", script("ludo/two-player", "    globe = {\n      safe = true,\n      cells = { 0 },\n    },"),
			`bad.lua:6: field globe: cell 0 out of range 1..52`},
		{"a shorter track", "return variant {\n  extends = \"ludo\",\n  params = { track_length = 20 },\n  fields = {\n    star = { cells = { 5, 25 }, jump = \"next_star\" },\n  },\n}",
			`bad.lua:5: field star: cell 25 out of range 1..20 (track_length 20)`},
		{"an unknown jump", script("ludo", "    star = { cells = { 5 }, jump = \"next_stra\" },"),
			`bad.lua:4: field star: jump "next_stra" unknown, did you mean "next_star"? (want next_star, goal_after_last)`},
		{"a custom kind without on_land", script("ludo", "    globe = { cells = { 1 }, safe = true },\n    trap = { cells = { 20 } },"),
			`bad.lua:5: field trap has no built-in behaviour (jump, safe or safe_except_others_start): a custom kind needs an on_land hook`},
		{"a cell of two kinds", script("ludo", "    globe = { cells = { 1, 9 }, safe = true },\n    star = { cells = { 9 }, jump = \"next_star\" },"),
			`bad.lua:5: field star: cell 9 is already a globe`},
		{"a cell twice", script("ludo", "    star = { cells = { 5, 5 }, jump = \"next_star\" },"),
			`bad.lua:4: field star: cells: cell 5 listed twice`},
		{"a fractional cell", script("ludo", "    star = { cells = { 5.5 }, jump = \"next_star\" },"),
			`bad.lua:4: field star: cells: 5.5 is not a whole number`},
		{"a huge cell", script("ludo", "    star = { cells = { 1e300 }, jump = \"next_star\" },"),
			`bad.lua:4: field star: cells: 1e+300 is not a track square`},
		{"cells not a list", script("ludo", "    star = { cells = 5, jump = \"next_star\" },"),
			`bad.lua:4: field star: cells: a number, want a list of track squares such as {20, 33}`},
		{"cells with a string", script("ludo", "    star = { cells = { 5, \"x\" }, jump = \"next_star\" },"),
			`bad.lua:4: field star: cells: cell 2 is a string, want a number`},
		{"cells missing", script("ludo", "    star = { jump = \"next_star\" },"),
			`bad.lua:4: field star: cells missing`},
		{"safe twice over", script("ludo", "    globe = { cells = { 1 }, safe = true, safe_except_others_start = true },"),
			`bad.lua:4: field globe: safe and safe_except_others_start both set: choose one`},
		{"safe not a boolean", script("ludo", "    globe = { cells = { 1 }, safe = \"yes\" },"),
			`bad.lua:4: field globe: safe is a string, want true or false`},
		{"jump not a string", script("ludo", "    star = { cells = { 1 }, jump = true },"),
			`bad.lua:4: field star: jump is a boolean, want a string`},
		{"a kind that is not a table", script("ludo", "    star = 5,"),
			`bad.lua:4: field star is a number, want a table such as { cells = {20, 33} }`},
		{"a bad kind name", script("ludo", "    [\"my trap\"] = { cells = { 20 } },"),
			`bad.lua:4: field kind "my trap": want a name of letters`},
		{"a list for fields", script("ludo", "    { cells = { 20 } },"),
			`bad.lua:3: fields has a number key 1: want kind names`},
		{"fields not a table", "return variant {\n  extends = \"ludo\",\n  fields = \"stars\",\n}",
			`bad.lua:3: fields is a string, want a table of field kinds`},
		{"fields on kalah", script("kalah", "    star = { cells = { 5 }, jump = \"next_star\" },"),
			`bad.lua:3: kalah has no special fields: fields is for ludo`},
		{"on_land on kalah", "return variant {\n  extends = \"kalah\",\n" + hook + "}",
			`bad.lua:3: kalah hook "on_land" unknown`},
		{"a hook typo", "return variant {\n  extends = \"ludo\",\n  hooks = { on_lnd = function(t, cell, kind) end },\n}",
			`bad.lua:3: ludo hook "on_lnd" unknown, did you mean "on_land"? (want on_land)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadScript("bad.lua", []byte(c.src), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			assert.True(t, errors.As(err, &se), "%T", err)
		})
	}
	// A custom kind is fine once a hook is there, also one a parent set.
	_, err := LoadScript("ok.lua", []byte("return variant {\n  extends = \"ludo\",\n  fields = { trap = { cells = { 20 } } },\n"+hook+"}\n"), Options{})
	require.NoError(t, err)
	_, err = LoadScript("ok.lua", []byte(script("ludo/trap", "    hole = { cells = { 21 } },")), Options{})
	require.NoError(t, err, "ludo/trap's on_land serves the child's custom kind")
}

// TestLudoView checks every method of the token view against the position it sees
// (asserts inside the hook stop the game on a mismatch), and the moves it makes.
func TestLudoView(t *testing.T) {
	g := loadGame(t, "view.lua", []byte(`local ludo = require "ludo"
return variant {
  extends = "ludo",
  fields = {
    star  = { cells = ludo.stars(), jump = "next_star" },
    globe = { cells = ludo.globes(), safe = true },
    mark  = { cells = { 20 } },
  },
  hooks = {
    on_land = function(t, cell, kind)
      assert(cell == 20 and kind == "mark", "arguments")
      assert(t:mover() == 1 and t:token() == 1 and t:roll() == 3, "mover, token, roll")
      assert(t:players() == 4 and t:tokens() == 4 and t:die_sides() == 6, "sizes")
      assert(t:track_length() == 52 and t:home_length() == 5 and t:goal() == 57, "track")
      assert(t:progress(1, 1) == 20 and t:square(1, 1) == 20, "the token that landed")
      assert(t:progress(3, 1) == 20 and t:square(3, 1) == 46, "yellow's token")
      assert(t:square(3, 2) == nil and t:progress(3, 2) == 57, "at the goal")
      assert(t:square(3, 4) == nil and t:progress(3, 4) == 52, "in the home column")
      assert(t:progress(4, 1) == 0 and t:square(4, 1) == nil, "blue's token was captured on cell 20")
      assert(t:cell_of(2, 1) == 14 and t:cell_of(3, 26) == 52 and t:cell_of(3, 27) == 1, "cell_of")
      assert(t:cell_of(1, 0) == nil and t:cell_of(1, 51) == 51 and t:cell_of(1, 52) == nil and t:cell_of(1, 57) == nil, "cell_of off the track")
      assert(t:start(1) == 1 and t:start(2) == 14 and t:start(3) == 27 and t:start(4) == 40, "start")
      assert(t:count(20) == 1 and t:count(20, 1) == 1 and t:count(20, 4) == 0 and t:count(46, 3) == 1, "count")
      assert(t:field(5) == "star" and t:field(1) == "globe" and t:field(20) == "mark" and t:field(2) == nil, "field")
      assert(t:protected(1, 2) and t:protected(9, 1) and not t:protected(20, 1), "protected")
      assert(tostring(t) == "ludo R:20,0,0,0 G:0,0,0,0 Y:20,57,0,52 B:0,0,0,0 R3", tostring(t))
      assert(ludo.next_of_kind(t, 1, 1, "star") == 5 and ludo.next_of_kind(t, 3, 1, "star") == 5, "next star")
      assert(ludo.next_of_kind(t, 3, 2, "star") == nil and ludo.next_of_kind(t, 1, 1, "mark") == nil, "no next")
      t:move_by(1, 1, 2)
      assert(t:progress(1, 1) == 22 and t:count(22, 1) == 1 and t:count(20) == 0, "moved on to the globe")
      t:move_by(3, 4, 3)
      assert(t:progress(3, 4) == 55, "in the home column")
      t:move_by(3, 4, 10)
      assert(t:progress(3, 4) == 57, "move_by stops at the goal")
      t:send_home(3, 1)
      assert(t:progress(3, 1) == 0 and t:count(46) == 0, "sent home")
    end,
  },
}`))
	s := parsePlay(t, g, "R:17,0,0,0 G:0,0,0,0 Y:20,57,0,52 B:33,0,0,0 R3", "a")
	assert.Equal(t, "R:22,0,0,0 G:0,0,0,0 Y:0,57,0,57 B:0,0,0,0 G?", s.String())
	require.NoError(t, ludoInvariant(s))
	require.True(t, s.(core.Undoer).Undo())
	assert.Equal(t, "R:17,0,0,0 G:0,0,0,0 Y:20,57,0,52 B:33,0,0,0 R3", s.String(), "undo restores what the hook changed")

	// move_by backwards stops at the start square and captures there; it may also move
	// another player's token.
	g = loadGame(t, "back.lua", []byte(`return variant {
  extends = "ludo/two-player",
  fields = { pit = { cells = { 30 } } },
  hooks = {
    on_land = function(t, cell, kind)
      t:move_by(t:mover(), t:token(), -40)
      t:move_by(2, 1, -1)
    end,
  },
}`))
	s = parsePlay(t, g, "R:27,0,0,0 Y:2,27,0,0 R3", "a")
	assert.Equal(t, "R:1,0,0,0 Y:1,0,0,0 Y?", s.String())
}

// ludoHookScript puts hooks in a variant of ludo with custom fields on many squares of
// the first quarter, where every player passes; the hook functions start on line 6.
func ludoHookScript(prelude, hooks string) []byte {
	return []byte(prelude + "\nreturn variant {\n  extends = \"ludo\",\n  fields = { trap = { cells = { 2, 3, 4, 6, 7, 8, 10, 11, 13 } } },\n  hooks = {\n" + hooks + "\n  },\n}\n")
}

// TestLudoHookErrors pins what happens when an on_land hook misbehaves: the game stops
// with an error naming the script, the line and the hook; nothing panics.
func TestLudoHookErrors(t *testing.T) {
	for _, c := range []struct{ name, prelude, hooks, want string }{
		{"a bad player", "", "on_land = function(t, cell, kind)\n  local x = t:progress(5, 1)\nend,", `bad.lua:7: on_land: player 5 out of range 1..4 (t:progress)`},
		{"token 0", "", "on_land = function(t, cell, kind)\n  local x = t:square(1, 0)\nend,", `bad.lua:7: on_land: token 0 out of range 1..4 (t:square)`},
		{"a bad cell", "", "on_land = function(t, cell, kind)\n  local x = t:count(cell + 52)\nend,", `out of range 1..52 (t:count)`},
		{"a bad player to count", "", "on_land = function(t, cell, kind)\n  local x = t:count(cell, 9)\nend,", `bad.lua:7: on_land: player 9 out of range 1..4 (t:count)`},
		{"a bad place", "", "on_land = function(t, cell, kind)\n  local x = t:cell_of(1, 58)\nend,", `bad.lua:7: on_land: place 58 out of range 0..57 (0 the yard, 57 the goal) (t:cell_of)`},
		{"a cell that is not a number", "", "on_land = function(t, cell, kind)\n  local x = t:field(\"x\")\nend,", `bad.lua:7: on_land: cell missing: got string, want a number (t:field)`},
		{"a missing argument", "", "on_land = function(t, cell, kind)\n  local x = t:protected(cell)\nend,", `bad.lua:7: on_land: player missing: got nil, want a number (t:protected)`},
		{"a fractional player", "", "on_land = function(t, cell, kind)\n  local x = t:start(1.5)\nend,", `bad.lua:7: on_land: player 1.5 is not a whole number (t:start)`},
		{"a move too far", "", "on_land = function(t, cell, kind)\n  t:move_by(t:mover(), t:token(), 100)\nend,", `bad.lua:7: on_land: n 100 out of range -57..57 (t:move_by)`},
		{"a fractional move", "", "on_land = function(t, cell, kind)\n  t:move_by(t:mover(), t:token(), 0.5)\nend,", `bad.lua:7: on_land: n 0.5 is not a whole number (t:move_by)`},
		{"a token in the yard", "", "on_land = function(t, cell, kind)\n  t:send_home(t:mover(), t:token())\n  t:move_by(t:mover(), t:token(), 1)\nend,", `is in its yard (t:move_by)`},
		{"sending home twice", "", "on_land = function(t, cell, kind)\n  t:send_home(t:mover(), t:token())\n  t:send_home(t:mover(), t:token())\nend,", `bad.lua:8: on_land: send_home: token`},
		{"a dot instead of a colon", "", "on_land = function(t, cell, kind)\n  local p = t.mover()\nend,", `bad.lua:7: on_land: t:mover: call it with a colon`},
		{"a method typo", "", "on_land = function(t, cell, kind)\n  local p = t:movr()\nend,", `bad.lua:7: on_land: the token view has no method "movr", did you mean t:mover?`},
		{"writing to the view", "", "on_land = function(t, cell, kind)\n  t.x = 1\nend,", `bad.lua:7: on_land: the token view is read-only`},
		{"returns true", "", "on_land = function(t, cell, kind)\n  return true\nend,", `bad.lua:6: on_land: returned true, want nothing (change the position with t:send_home and t:move_by)`},
		{"returns a table", "", "on_land = function(t, cell, kind)\n  return {}\nend,", `bad.lua:6: on_land: returned a table, want nothing`},
		{"an endless loop", "", "on_land = function(t, cell, kind)\n  while true do end\nend,", `bad.lua:7: on_land: time limit exceeded`},
		{"an endless tail call", "local function f() return f() end", "on_land = function(t, cell, kind)\n  return f()\nend,", `bad.lua:1: on_land: time limit exceeded`},
		{"an error call", "", "on_land = function(t, cell, kind)\n  error(\"no traps today\")\nend,", `bad.lua:7: on_land: no traps today`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadGame(t, "bad.lua", ludoHookScript(c.prelude, c.hooks))
			start := time.Now()
			err := playGames(g, 20)
			require.Error(t, err)
			assertStopped(t, time.Since(start), err)
			assert.Contains(t, err.Error(), c.want)
			var se *ScriptError
			require.True(t, errors.As(err, &se), "%T", err)
			assert.Equal(t, "on_land", se.Hook)
			assert.NotContains(t, err.Error(), "stack traceback")
		})
	}

	// A move_by onto an opponent's wall (own_token block) would leave two players on a
	// square that is not safe: the engine's check stops the game at the hook.
	g := loadGame(t, "wall.lua", []byte(`return variant {
  extends = "ludo/two-player",
  params = { own_token = "block" },
  fields = { trap = { cells = { 10 } } },
  hooks = {
    on_land = function(t, cell, kind)
      t:move_by(t:mover(), t:token(), 3)
    end,
  },
}`))
	s, err := g.ParseState("R:8,0,0,0 Y:39,39,0,0 R2")
	require.NoError(t, err)
	s.Play(ludo.Token(0))
	require.Error(t, s.Err())
	assert.Equal(t, core.Terminal, s.ToMove())
	assert.Contains(t, s.Err().Error(), "wall.lua:6: on_land: cell 13 holds tokens of 2 players but is not safe (own_token block, doubled_enemy capture_one)")
}

// TestLudoViewOutsideHooks: a token view kept past its hook call refuses to work.
func TestLudoViewOutsideHooks(t *testing.T) {
	m := newVM()
	defer m.L.Close()
	view := newTokenView(m.L, &ludoView{})
	fn, err := m.L.LoadString("local t = ... return tostring(t)")
	require.NoError(t, err)
	m.L.Push(fn)
	m.L.Push(view)
	require.NoError(t, m.L.PCall(1, 1, nil))
	assert.Equal(t, "ludo tokens (outside a hook)", m.pop().String())
	fn, err = m.L.LoadString("local t = ... return t:mover()")
	require.NoError(t, err)
	m.L.Push(fn)
	m.L.Push(view)
	err = m.L.PCall(1, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "t:mover: the token view is only valid during a hook call")
	assert.Equal(t, lua.LString("ludo.tokens"), m.L.GetMetatable(view))
}

// luaStarScript re-implements Go's field jumps as custom kinds with an on_land hook: a
// star moves the token on to the next star along its way (next_star), a rocket to the
// goal (goal_after_last, for a kind with one cell).
func luaStarScript(stars, rockets string) []byte {
	return []byte(fmt.Sprintf(`local ludo = require "ludo"
return variant {
  extends = "ludo",
  fields = {
    star   = { cells = { %s } },
    rocket = { cells = { %s } },
  },
  hooks = {
    on_land = function(t, cell, kind)
      local me, tok = t:mover(), t:token()
      local ahead = ludo.next_of_kind(t, me, tok, kind)
      if ahead then
        t:move_by(me, tok, ahead)
      elseif kind == "rocket" then
        t:move_by(me, tok, t:goal() - t:progress(me, tok))
      end
    end,
  },
}
`, stars, rockets))
}

// goStarScript is the same board with the built-in jumps.
func goStarScript(stars, rockets string) []byte {
	return []byte(fmt.Sprintf(`return variant {
  extends = "ludo",
  fields = {
    star   = { cells = { %s }, jump = "next_star" },
    rocket = { cells = { %s }, jump = "goal_after_last" },
  },
}
`, stars, rockets))
}

// TestLudoStarDifferential proves the Ludo bridge: stars written as a custom kind with
// a Lua jump (on_land, t:move_by, t:field, t:cell_of, t:progress) play the very games
// of the Go stars, move by move, under several rule sets.
//
// The hook runs after the landing square's captures, while a Go jump captures only
// where it ends; so the two agree exactly where no token can stand on a star that jumps.
// The board has two stars on the last arm before red's start (cells 5 and 12): for
// every player 5 comes first and jumps to 12, and 12 is the last star of every way (no
// jump), so no token ever rests on 5; and one rocket (cell 31) that takes any token
// landing on it to its goal, so no token rests there either. Rules that move tokens
// onto a star other than by landing (own_token next_square, block walls) are left out.
func TestLudoStarDifferential(t *testing.T) {
	const stars, rockets = "5, 12", "31"
	games := 100
	if raceEnabled {
		games = 20
	}
	for _, c := range []struct {
		name   string
		params map[string]any
	}{
		{"four players", nil},
		{"two players", map[string]any{"players": 2}},
		{"three players, bounce, to the end", map[string]any{"players": 3, "finish": "bounce", "play_to_end": true}},
		{"doubled tokens send the mover home", map[string]any{"doubled_enemy": "sends_mover_home", "tokens": 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			load := func(file string, src []byte) core.Game {
				v, err := LoadScript(file, src, Options{})
				require.NoError(t, err)
				v, err = v.With(c.params)
				require.NoError(t, err)
				return mustGame(t, v)
			}
			hooked := load("lua-stars.lua", luaStarScript(stars, rockets))
			native := load("go-stars.lua", goStarScript(stars, rockets))
			require.NotNil(t, ludoRules(t, hooked).Hooks.OnLand)
			require.False(t, ludoRules(t, native).Hooks.Any())
			samePlayouts(t, hooked, native, games)

			// The stars matter: the same seeds give other games without them.
			plain := newGame(t, "ludo/classic", c.params)
			differs := 0
			for seed := uint64(1); seed <= 20; seed++ {
				if playout(hooked, seed) != playout(plain, seed) {
					differs++
				}
			}
			assert.Greater(t, differs, 10, "games with Lua stars differ from games without stars")
		})
	}
}

// playout plays one seeded random game and returns its moves and end.
func playout(g core.Game, seed uint64) string {
	s := g.NewState()
	rng := rand.New(rand.NewPCG(seed, 0))
	var b strings.Builder
	for s.ToMove() != core.Terminal {
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		b.WriteString(s.MoveString(m))
		s.Play(m)
	}
	fmt.Fprintf(&b, " %s %v", s, s.Err())
	return b.String()
}

// TestLudoWorkers runs games of ludo/trap on several goroutines, each with its own game
// and Lua state; run with -race. Every worker gets the same games for the same seeds.
func TestLudoWorkers(t *testing.T) {
	v, err := Lookup("ludo/trap", Options{})
	require.NoError(t, err)
	const workers = 3
	games := 30
	if raceEnabled {
		games = 8
	}
	results := make([][]string, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := v.NewGame()
			if err != nil {
				results[w] = []string{err.Error()}
				return
			}
			s := g.NewState().(*ludo.State)
			for i := 0; i < games; i++ {
				s.Reset()
				s.PlayRandom(rand.New(rand.NewPCG(uint64(i), 9)))
				results[w] = append(results[w], fmt.Sprintf("%s %v", s, s.Err()))
			}
		}()
	}
	wg.Wait()
	require.Len(t, results[0], games)
	for _, r := range results[0] {
		assert.True(t, strings.HasSuffix(r, " <nil>"), r)
	}
	for w := 1; w < workers; w++ {
		assert.Equal(t, results[0], results[w], "worker %d", w)
	}
}

// TestLudoInvariant: the Ludo invariant accepts the games of the rules and refuses
// other states.
func TestLudoInvariant(t *testing.T) {
	g := newGame(t, "ludo", nil)
	s := parsePlay(t, g, "R:3,0,0,0 G:0,0,0,0 Y:38,0,0,0 B:0,0,0,0 R2", "a")
	require.NoError(t, ludoInvariant(s))
	assert.ErrorContains(t, ludoInvariant(newGame(t, "kalah", nil).NewState()), "not a ludo state")
	// With next_square, two players never share a square that is not safe; a hook that
	// makes them would be caught (see TestLudoHookErrors), and so is a position read
	// that has them.
	_, err := newGame(t, "ludo/must-enter", nil).ParseState("R:30,0,0,0 G:17,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?")
	assert.ErrorContains(t, err, "not safe")
}

// TestLudoReference: scripts/README.md and the editor annotations document every knob,
// hook, token-view method, field key and library function of the Ludo binding.
func TestLudoReference(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	types, err := fs.ReadFile(scripts.FS, "types/kalahlab.d.lua")
	require.NoError(t, err)
	doc := section(string(readme), "\n## Ludo knobs", "\n## Examples")
	require.NotEmpty(t, doc)
	v, err := Lookup("ludo", Options{})
	require.NoError(t, err)
	params := section(string(types), "---@class LudoParams", "\n\n")
	for _, s := range v.Specs {
		assert.Contains(t, doc, "| `"+s.Name+"` |", "README documents knob %s", s.Name)
		assert.Contains(t, params, "@field "+s.Name+"?", "annotations declare knob %s", s.Name)
	}
	hooks := section(string(types), "---@class LudoHooks", "\n\n")
	for _, h := range HookNames("ludo") {
		assert.Contains(t, doc, "### `"+h+"(", "README documents hook %s", h)
		assert.Contains(t, hooks, "@field "+h+"?", "annotations declare hook %s", h)
	}
	for _, m := range ludoMethodNames() {
		assert.Contains(t, doc, "| `t:"+m+"(", "README documents t:%s", m)
		assert.Contains(t, string(types), "function LudoTokens:"+m+"(", "annotations declare t:%s", m)
	}
	field := section(string(types), "---@class LudoField", "\n\n")
	for _, k := range fieldKeys {
		assert.Contains(t, doc, "| `"+k+"` |", "README documents field key %s", k)
		assert.Contains(t, field, "@field "+k, "annotations declare field key %s", k)
	}
	for _, f := range []string{"stars", "globes", "next_of_kind"} {
		assert.Contains(t, string(readme), "| `ludo."+f+"(", "README documents ludo.%s", f)
		assert.Contains(t, string(types), "@field "+f+" fun(", "annotations declare ludo.%s", f)
	}
}
