package endgame

import (
	"testing"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/kalah"
)

// BenchmarkEndgameBuild builds the Kalah endgame database of 6 houses a side up to 16
// seeds in memory: configurations per second.
func BenchmarkEndgameBuild(b *testing.B) {
	g, err := kalah.Def.New("kalah", core.Params{"empty_capture": false})
	if err != nil {
		b.Fatal(err)
	}
	sw := g.(*kalah.Game).Sower()
	var configs int
	for b.Loop() {
		levels, free, err := Open("", sw, 16, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range levels {
			configs += len(l)
		}
		free()
	}
	b.ReportMetric(float64(configs)/b.Elapsed().Seconds(), "configs/s")
}
