package variants

import (
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/coretest"
	"github.com/kalahlab/kalahlab/scripts"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// FuzzLoadScript feeds arbitrary text to the variant loader; a script that loads is
// played for a game. Errors are fine; panics and broken invariants are not.
//
//	go test -run ^$ -fuzz FuzzLoadScript -fuzztime 60s -fuzzminimizetime 5s ./variants/
func FuzzLoadScript(f *testing.F) {
	for _, name := range builtinNames() {
		src, err := fs.ReadFile(scripts.FS, name+".lua")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	for _, s := range []string{
		``,
		`return variant {}`,
		`return variant { extends = "kalah", params = { houses = 3, seeds = 2 } }`,
		`return variant { extends = "kalah", params = { houses = 1e300 } }`,
		`return variant { extends = "kalah", params = { [1] = 2 } }`,
		`return variant { extends = "kalah", hooks = { capture = function(b, l) b:add(l, b:take(b:opposite(l) or l)) end } }`,
		`return variant { extends = "kalah", hooks = { can_play = function(b, h) return h % 2 == 1 end } }`,
		`return variant { extends = "kalah", hooks = { is_over = function(b) return b:ply() > 10 end, final_scores = function(b) return 3, 4 end } }`,
		`return variant { extends = "kalah", examples = { { play = { "1", 2 } } } }`,
		`local t = {} t[t] = t return variant(t)`,
		`return variant { extends = "kalah", hooks = { extra_turn = function(b, l) return b:is_store(l) end } }`,
		"return variant { extends = \"kalah\", hooks = { capture = function(b, l) for i = 1, b:pits() do local x = b:count(i) end end } }",
	} {
		f.Add(s)
	}
	for _, tc := range descriptorErrorCases { // every descriptor key, wrong
		f.Add("return variant {\n  extends = \"mancala\",\n  " + tc.body + "\n}\n")
	}
	// Short limits: an input that loops costs milliseconds, not seconds, per call.
	defer sandbox.SetLimits(sandbox.SetLimits(2*time.Millisecond, 5*time.Millisecond))
	f.Fuzz(func(t *testing.T, src string) {
		v, err := LoadScript("fuzz.lua", []byte(src), Options{})
		if err != nil {
			return
		}
		g, err := v.NewGame()
		if err != nil {
			return
		}
		for _, ex := range v.Examples {
			_ = RunExample(g, ex)
		}
		// Scripts may break the contract in ways a fuzzer finds legitimately (a
		// can_play that reads b:ply() does not survive a position-string round trip),
		// but the base game's invariant (seeds conserved, pieces never increase, ...)
		// holds in every game not stopped by an error.
		b := binderOf(v.Base)
		if b == nil || b.invariant == nil {
			return
		}
		opt := coretest.Options{AllowErr: true, MaxPlies: 2000, Invariant: func(s core.State) error {
			if s.Err() != nil {
				return nil
			}
			return b.invariant(s)
		}}
		if err := coretest.SimOne(g, 1, opt); err != nil && strings.Contains(err.Error(), "invariant:") {
			t.Fatalf("%v\n%s", err, src)
		}
	})
}
