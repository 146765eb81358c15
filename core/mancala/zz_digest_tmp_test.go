package mancala_test

// TEMPORARY (perf work on captureX/baseMoves): digests of random games to hold the
// engine's behaviour byte-identical across a refactor. Removed when done.

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

func TestZZDigest(t *testing.T) {
	out := os.Getenv("MANCALA_DIGEST_OUT")
	if out == "" {
		t.Skip("set MANCALA_DIGEST_OUT")
	}
	all := map[string]*mancala.Game{}
	for _, m := range []map[string]*mancala.Game{games(t), extGames(t), moreGames(t)} {
		for k, v := range m {
			all[k] = v
		}
	}
	all["tshuba4"] = newGame(t, "tshuba4", must(mancala.Tshuba(4, 600)))
	all["tshuba10"] = newGame(t, "tshuba10", must(mancala.Tshuba(10, 600)))
	all["en-gehe40"] = newGame(t, "en-gehe40", must(mancala.EnGehe(40, 600)))
	all["owela20"] = newGame(t, "owela20", must(mancala.Owela(20, 600)))
	all["hus12"] = newGame(t, "hus12", mancala.Hus(12, 600))
	all["omweso0"] = newGame(t, "omweso0", mancala.Omweso(0, 600))
	all["kiela0"] = newGame(t, "kiela0", mancala.Kiela(0, 600))
	names := make([]string, 0, len(all))
	for k := range all {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		g := all[name]
		h := fnv.New64a()
		rng := rand.New(rand.NewPCG(7, 9))
		var moves []core.Move
		plies := 0
		for game := 0; game < 500; game++ {
			s := g.Start()
			for s.ToMove() != core.Terminal {
				moves = s.LegalMoves(moves[:0])
				fmt.Fprintf(h, "%s|%v|", s.String(), moves)
				for _, m := range moves {
					fmt.Fprint(h, s.MoveString(m), ",")
				}
				m := moves[rng.IntN(len(moves))]
				s.Play(m)
				plies++
				if rng.IntN(10) == 0 {
					st := s.String()
					s.Undo()
					s.Play(m)
					if s.String() != st {
						t.Fatalf("%s: undo/replay differs", name)
					}
				}
			}
			fmt.Fprintf(h, "end %s %v|", s.String(), s.Scores(nil))
		}
		fmt.Fprintf(&b, "%-16s %016x %d\n", name, h.Sum64(), plies)
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
