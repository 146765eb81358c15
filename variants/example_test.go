package variants_test

import (
	"context"
	"fmt"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// Play a catalogue mancala game between two agents: look the variant up, make a game,
// and let the agents move until it is over.
func ExampleLookup() {
	v, err := variants.Lookup("oware", variants.Options{})
	if err != nil {
		panic(err)
	}
	g, _ := v.NewGame()
	south, _ := ai.New(ai.Spec{Agent: "alphabeta", Options: map[string]string{"depth": "4"}}, 1)
	north, _ := ai.New(ai.Spec{Agent: "random"}, 2)
	agents := []ai.Agent{south, north}
	s := g.NewState()
	for s.ToMove() != core.Terminal {
		m, _ := agents[s.ToMove()].SelectMove(context.Background(), s)
		s.Play(m)
	}
	fmt.Println("returns:", s.Returns(nil))
	// Output:
	// returns: [1 -1]
}

// Load a house rule written in Lua: a variant that extends Kalah with its own knobs and
// a hook (here: a last seed alone in one of the mover's houses takes itself and the
// opposite house only when that house holds seeds), then play it from a position.
func ExampleLoadScript() {
	src := []byte(`return variant {
  name    = "standard-capture",
  extends = "kalah",
  summary = "Kalah(4,3) where a capture needs seeds opposite",
  params  = { houses = 4, seeds = 3 },
  hooks = {
    capture = function(b, last)
      if b:count(last) ~= 1 or b:owner(last) ~= b:mover() then return end
      local opp = b:opposite(last)
      if b:count(opp) == 0 then return end
      b:add(b:store(b:mover()), b:take(last) + b:take(opp))
    end,
  },
}`)
	v, err := variants.LoadScript("standard-capture.lua", src, variants.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Name, "on", v.Base+":", v.Summary, v.Hooks)
	g, _ := v.NewGame()
	for _, from := range []string{"1,0,0,0,[0],0,0,2,0,[0] s", "1,0,0,0,[0],1,0,0,0,[0] s"} {
		s, _ := g.ParseState(from)
		m, _ := core.ParsePlay(s, "1") // the one seed of house 1 lands in the empty house 2
		s.Play(m)
		fmt.Println(from, "-> 1 ->", s)
	}
	// Output:
	// standard-capture on kalah: Kalah(4,3) where a capture needs seeds opposite [capture]
	// 1,0,0,0,[0],0,0,2,0,[0] s -> 1 -> 0,0,0,0,[3],0,0,0,0,[0] -
	// 1,0,0,0,[0],1,0,0,0,[0] s -> 1 -> 0,1,0,0,[0],1,0,0,0,[0] n
}
