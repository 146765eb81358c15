package draw_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// TestStoresLeftDrawn: the drawing places each store where its board puts it: with
// mancala.TwoRowsLeft, South's at the left and North's at the right, each player's
// house 1 beside their store; with TwoRows the other way round.
func TestStoresLeftDrawn(t *testing.T) {
	tests := []struct {
		name  string
		board mancala.Board
		dir   mancala.Direction
		left  bool // South's store at the left
	}{
		{"two-rows", mancala.TwoRows(4, 3), mancala.Anticlockwise, false},
		{"two-rows-left", mancala.TwoRowsLeft(4, 3), mancala.Clockwise, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := mancala.New(tc.name, mancala.Rules{Board: tc.board, Sowing: mancala.Sowing{Direction: tc.dir}})
			require.NoError(t, err)
			d, err := draw.Draw(g.NewState(), draw.Options{})
			require.NoError(t, err)
			x := func(tip string) float64 { // the x of the shape whose tooltip starts so
				for _, s := range d.Shapes {
					if strings.HasPrefix(s.Tip, tip) {
						return s.X
					}
				}
				require.Failf(t, "no shape", "no shape with a tip %q", tip)
				return 0
			}
			south, north := x("South's store"), x("North's store")
			var sh, nh [4]float64
			for k := range sh {
				sh[k] = x(fmt.Sprintf("South's house %d:", k+1))
				nh[k] = x(fmt.Sprintf("North's house %d:", k+1))
			}
			if tc.left {
				assert.Less(t, south, sh[0], "South's store left of South's houses")
				assert.Less(t, sh[0], sh[3], "South's house 1 beside the store, at the left")
				assert.Greater(t, north, nh[0], "North's store right of North's houses")
				assert.Greater(t, nh[0], nh[3], "North's house 1 beside the store, at the right")
			} else {
				assert.Greater(t, south, sh[3])
				assert.Less(t, north, nh[3])
			}
			svg, err := draw.SVG(g.NewState(), draw.Options{})
			require.NoError(t, err)
			checkXML(t, svg)
		})
	}
}
