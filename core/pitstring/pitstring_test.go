package pitstring_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core/pitstring"
)

// kalah32 is Kalah with 2 houses a side: pits 2 and 5 are the stores.
func kalah32(p int) bool { return p == 2 || p == 5 }

func TestWrite(t *testing.T) {
	tests := []struct {
		name string
		pits []uint16
		side int
		over bool
		want string
	}{
		{"south", []uint16{3, 3, 0, 3, 3, 0}, 0, false, "3,3,[0],3,3,[0] s"},
		{"north", []uint16{0, 4, 2, 3, 1, 2}, 1, false, "0,4,[2],3,1,[2] n"},
		{"over", []uint16{0, 0, 7, 0, 0, 5}, 1, true, "0,0,[7],0,0,[5] -"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			pitstring.WritePits(&b, tc.pits, kalah32)
			pitstring.WriteSide(&b, tc.side, tc.over)
			assert.Equal(t, tc.want, b.String())
		})
	}
}

func TestParsePits(t *testing.T) {
	tests := []struct {
		name, field string
		max         int
		want        []uint8
		total       int
		err         string
	}{
		{"start", "3,3,[0],3,3,[0]", 255, []uint8{3, 3, 0, 3, 3, 0}, 12, ""},
		{"counts", "0,12,[7],1,0,[4]", 255, []uint8{0, 12, 7, 1, 0, 4}, 24, ""},
		{"store-bare", "3,3,0,3,3,[0]", 255, nil, 0, `pit 3 ("0") is a store: write it in brackets`},
		{"house-bracketed", "[3],3,[0],3,3,[0]", 255, nil, 0, `pit 1 ("[3]") is a house: no brackets`},
		{"half-bracket", "3,3,[0,3,3,[0]", 255, nil, 0, `pit 3 ("[0") is a store: write it in brackets`},
		{"not-a-number", "3,x,[0],3,3,[0]", 255, nil, 0, `pit 2: "x" is not a seed count 0..255`},
		{"empty", "3,,[0],3,3,[0]", 255, nil, 0, `pit 2: "" is not a seed count 0..255`},
		{"negative", "3,3,[-1],3,3,[0]", 255, nil, 0, `pit 3: "-1" is not a seed count 0..255`},
		{"over-max", "3,3,[0],3,256,[0]", 255, nil, 0, `pit 5: "256" is not a seed count 0..255`},
		{"total", "100,100,[0],100,0,[0]", 255, nil, 0, "300 seeds in all; at most 255"},
		{"first-fault", "x,3,0,3,3,[0]", 255, nil, 0, `pit 1: "x" is not a seed count 0..255`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pits := make([]uint8, 6)
			total, err := pitstring.ParsePits(strings.Split(tc.field, ","), pits, kalah32, tc.max)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, pits)
			assert.Equal(t, tc.total, total)
		})
	}
}

func TestParseSide(t *testing.T) {
	tests := []struct {
		field string
		side  int
		over  bool
		err   string
	}{
		{"s", 0, false, ""},
		{"n", 1, false, ""},
		{"-", 0, true, ""},
		{"S", 0, false, `side to move "S": want s, n or -`},
		{"x", 0, false, `side to move "x": want s, n or -`},
	}
	for _, tc := range tests {
		t.Run(tc.field, func(t *testing.T) {
			side, over, err := pitstring.ParseSide(tc.field)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.side, side)
			assert.Equal(t, tc.over, over)
		})
	}
}

// FuzzParsePits: any field parses or fails with an error, never a panic, and what
// parses is written back as it was read (counts in canonical form).
func FuzzParsePits(f *testing.F) {
	for _, seed := range []string{"3,3,[0],3,3,[0]", "0,65535,[0],0,0,[0]", "[1],2,3,4,5,6", "+3,03,[0],3,3,[00]", ",,,,,"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, field string) {
		cells := strings.Split(field, ",")
		if len(cells) != 6 {
			return
		}
		pits := make([]uint16, 6)
		total, err := pitstring.ParsePits(cells, pits, kalah32, 65535)
		if err != nil {
			return
		}
		sum := 0
		for _, n := range pits {
			sum += int(n)
		}
		require.Equal(t, sum, total)
		var b strings.Builder
		pitstring.WritePits(&b, pits, kalah32)
		again := make([]uint16, 6)
		_, err = pitstring.ParsePits(strings.Split(b.String(), ","), again, kalah32, 65535)
		require.NoError(t, err)
		require.Equal(t, pits, again)
	})
}

func TestWritePie(t *testing.T) {
	tests := []struct {
		name                  string
		first, offer, swapped bool
		want                  string
	}{
		{"done", false, false, false, ""},
		{"first", true, false, false, " pie=first"},
		{"offer", false, true, false, " pie=offer"},
		{"swapped", false, false, true, " swapped"},
		{"offer-swapped", false, true, true, " pie=offer swapped"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			pitstring.WritePie(&b, tc.first, tc.offer, tc.swapped)
			assert.Equal(t, tc.want, b.String())
		})
	}
}
