package variants

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
	"github.com/kalahlab/kalahlab/scripts"
)

// Scripts with hooks on the games of the engine's extended loop: a match of rounds
// (Pallanguzhi), re-sown captures (Hus), a setup phase and re-sown captures (Omweso).
// Each pins what its hook does in examples that the parent game plays differently.

// roundsHookScript: from the second round on, a capture also takes the capturing
// counter. The hook applies Pallanguzhi's own capture (b:capture) at every lap's end,
// where the rules try it.
const roundsHookScript = `
return variant {
  extends = "mancala/pallanguzhi",
  name    = "my/pallanguzhi-last",
  hooks = {
    capture = function(b, mv)
      local took = b:capture()
      if took and b:round() >= 2 and not b:out(mv.last) then
        b:add(b:store(mv.player), b:take(mv.last))
      end
      return took
    end,
  },
  examples = {
    { name = "round 1: Pallanguzhi's capture alone (the hook ran: the rules' capture is b:capture)",
      from = "3,3,3,0,5,0,0,0,0,0,1,0,0,0,[0],[0] s round=1", play = "1",
      want = "0,0,0,1,0,0,0,0,0,0,1,0,0,0,[13],[0] n round=1 ply=1" },
    { name = "round 2: North relays around the hole out of play; the last counter (hole 14) is taken with hole 1",
      from = "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", play = "7",
      want = "0,7,7,7,7,0,0,7,7,7,7,7,7,0,[4],[10] s out=7 round=2 ply=2 played=1" },
  },
}`

// resowHookScript: Hus captures only when the opponent's inner hole facing the last
// one holds two or more; otherwise the relay goes on.
const resowHookScript = `
return variant {
  extends = "mancala/hus",
  name    = "my/hus-two",
  hooks = {
    capture = function(b, mv)
      local opp = b:opposite(mv.last)
      if opp and b:count(opp) < 2 then return false end
      return b:capture()
    end,
  },
  examples = {
    { name = "three facing: North's column is taken and sown on from hole 2 (Hus's rule)",
      from = "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", play = "15",
      want = "2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] n" },
    { name = "one facing: no capture; hole 1's two seeds relay to holes 2 and 3",
      from = "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,1,4,0,0,0,0,0,0,0,[0],[0] s", play = "15",
      want = "0,1,1,0,0,0,0,0,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,1,4,0,0,0,0,0,0,0,[0],[0] n" },
  },
}`

// setupHookScript: after Omweso's setup, a move that sows captured seeds on three
// times or more gives another turn.
const setupHookScript = `
return variant {
  extends = "mancala/omweso",
  name    = "my/omweso-bonus",
  hooks = {
    after_sow = function(b, mv)
      if mv.resows >= 3 then return true end
    end,
  },
  examples = {
    { name = "setup moves call no hook; hole 3's move re-sows four times: South moves again",
      play = "1>2 done done 3",
      want = "4,0,1,6,6,5,1,3,3,3,0,3,3,0,5,5,2,0,2,0,2,2,0,0,0,0,2,2,0,2,0,2,[0],[0] s ply=4 played=1" },
  },
}`

// TestMancalaHooksExtendedLoop: hooks run in the games of the extended loop. Each
// script's examples pass (and so show its hook ran: the parent game plays them
// differently where differs says), and its random games keep the contract.
func TestMancalaHooksExtendedLoop(t *testing.T) {
	tests := []struct {
		name, src, parent string
		hooks             []string
		differs           []int // the examples the parent plays to another position
	}{
		{"rounds", roundsHookScript, "mancala/pallanguzhi", []string{"capture"}, []int{1}},
		{"re-sown captures", resowHookScript, "mancala/hus", []string{"capture"}, []int{1}},
		{"setup and re-sown captures", setupHookScript, "mancala/omweso", []string{"after_sow"}, []int{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := writeScript(t, t.TempDir(), "hooked.lua", tc.src)
			v, err := Lookup(file, Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.hooks, v.Hooks)
			g, err := v.NewGame()
			require.NoError(t, err)
			require.True(t, g.(*mancala.Game).Hooked())

			rep, err := Check(v, 20, 1)
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%s", rep)
			require.NotEmpty(t, rep.Examples)

			parent, err := Lookup(tc.parent, Options{})
			require.NoError(t, err)
			pg, err := parent.NewGame()
			require.NoError(t, err)
			for _, i := range tc.differs {
				ex := v.Examples[i]
				require.NoError(t, RunExample(g, ex))
				assert.Error(t, RunExample(pg, ex), "the parent plays example %d (%s) otherwise", i, ex.Name)
			}
		})
	}
}

// TestMancalaHookContextExtended: in the extended loop the move context has the laps
// so far at each capture call, the re-sowings and the chosen target, mv.last is nil
// when the last seed was taken at once, and the board view knows rounds and
// out-of-play holes.
func TestMancalaHookContextExtended(t *testing.T) {
	tests := []struct {
		name, extends, hooks, from, play string
	}{
		{"take_at takes the last seed: mv.last is nil", "mancala/pallanguzhi", `
    after_sow = function(b, mv)
      assert(mv.last == nil and mv.laps == 1 and mv.dropped == 1, "last " .. tostring(mv.last))
      assert(mv.drops[1] == 2 and b:count(2) == 0, "drops")
    end,`, "1,3,0,0,0,0,0,1,0,0,0,0,0,0,[0],[0] s round=1", "1"},
		{"the capture hook at each lap's end, round 2, an out-of-play hole", "mancala/pallanguzhi", `
    capture = function(b, mv)
      assert(b:round() == 2 and b:out(7) and not b:out(1), "round")
      assert(#mv.lifts == mv.laps and mv.lifts[1] == mv.origin and mv.resows == 0, "lifts")
      if mv.laps == 1 then
        assert(mv.last == 6 and not mv.empty_before, "first lap " .. mv.last)
      else
        assert(mv.laps == 2 and mv.lifts[2] == 6 and mv.last == 14 and mv.empty_before, "second lap")
        for _, p in ipairs(mv.drops) do assert(p ~= 7, "an out-of-play hole takes no seed") end
      end
      return b:capture()
    end,`, "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", "7"},
		{"re-sowings and the chosen target", "mancala/tshuba", `
    capture = function(b, mv)
      assert(mv.target == 3 and mv.resows == 0, "target " .. tostring(mv.target))
      return b:capture()
    end,
    after_sow = function(b, mv)
      assert(b:count(b:store(1)) == 9, "the chosen house was taken by b:capture")
    end,`, "0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", "12>3"},
		{"a re-sown capture is in the context", "mancala/hus", `
    capture = function(b, mv)
      if mv.laps == 2 then assert(mv.resows == 1 and mv.lifts[2] == 1 and mv.last == 8, "resow") end
      return b:capture()
    end,
    after_sow = function(b, mv)
      assert(mv.resows == 1 and mv.target == nil, "resows")
    end,`, "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", "15"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"" + tc.extends + "\",\n  name = \"my/ctx\",\n  hooks = {" + tc.hooks + "\n  },\n}\n"
			file := writeScript(t, t.TempDir(), "ctx.lua", src)
			v, err := Lookup(file, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			s, err := g.ParseState(tc.from)
			require.NoError(t, err)
			m, err := core.ParsePlay(s, tc.play)
			require.NoError(t, err)
			s.Play(m)
			require.NoError(t, s.Err())
		})
	}
}

// TestMancalaHookErrorsExtended: misuses of the new hook API stop the game with an
// error naming the script, the line and the hook.
func TestMancalaHookErrorsExtended(t *testing.T) {
	tests := []struct {
		name, extends, hooks, want string
	}{
		{"b:capture outside the capture hook", "mancala/pallanguzhi", `after_sow = function(b, mv)
      b:capture()
    end,`, `bad.lua:6: after_sow: b:capture: the descriptor's captures apply only in the capture hook (this is after_sow)`},
		{"b:capture twice", "mancala/pallanguzhi", `capture = function(b, mv)
      if b:capture() then b:capture() end
    end,`, `bad.lua:6: capture: a capture has applied at pit 4 already (b:capture)`},
		{"capture returning a number", "mancala/pallanguzhi", `capture = function(b, mv)
      return 1
    end,`, `capture: returned a number, want nil or false (no capture: the move goes on as the rules say) or true`},
		{"assigning to the context", "mancala/hus", `capture = function(b, mv)
      mv.last = 3
    end,`, `bad.lua:6: capture: mv.last: the move context cannot be changed`},
		{"sowing a hole out of play", "mancala/pallanguzhi", `after_sow = function(b, mv)
      if b:out(7) then b:sow(7) end
    end,`, `after_sow: sow: pit 7 is out of play this round (b:sow)`},
		{"a misspelt field", "mancala/omweso", `after_sow = function(b, mv)
      return mv.resow > 2
    end,`, `the move context has no field "resow", did you mean mv.resows?`},
	}
	froms := map[string]string{
		"mancala/pallanguzhi": "3,3,3,0,5,0,0,0,0,0,1,0,0,0,[0],[0] s round=1",
		"mancala/hus":         "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s",
		"mancala/omweso":      "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s ply=2 played=0",
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "return variant {\n  extends = \"" + tc.extends + "\",\n  name = \"my/bad\",\n  hooks = {\n    " + tc.hooks + "\n  },\n}\n"
			file := writeScript(t, t.TempDir(), "bad.lua", src)
			v, err := Lookup(file, Options{})
			require.NoError(t, err)
			g, err := v.NewGame()
			require.NoError(t, err)
			from := froms[tc.extends]
			if tc.name == "sowing a hole out of play" {
				from = "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0"
			}
			s, err := g.ParseState(from)
			require.NoError(t, err)
			s.Play(s.LegalMoves(nil)[0])
			require.Error(t, s.Err())
			assert.Contains(t, s.Err().Error(), tc.want)
			assert.Equal(t, core.Terminal, s.ToMove(), "the error ends the game")
			require.NoError(t, mancalaConserved(s), "the stopped game keeps its seeds")
		})
	}
}

// TestMancalaHookReferenceIsComplete: scripts/README.md's "Mancala hooks" documents
// every method of the board view and every field of the move context.
func TestMancalaHookReferenceIsComplete(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "## Mancala hooks")
	end := strings.Index(text[start:], "\n## ")
	require.Positive(t, end)
	section := text[start : start+end]
	for name := range mancalaMethods {
		assert.Contains(t, section, "`b:"+name+"(", "scripts/README.md documents b:%s", name)
	}
	for _, f := range mvFields {
		assert.Contains(t, section, "`mv."+f+"`", "scripts/README.md documents mv.%s", f)
	}
}
