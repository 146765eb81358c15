package variants

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHouseRanges: house numbers and ranges in h, the houses knob, as board.start and
// moves.opening.houses take them, clipped to the player's houses.
func TestHouseRanges(t *testing.T) {
	tests := []struct {
		text string
		h, n int
		want []int
	}{
		{"1..h/2", 8, 16, []int{1, 2, 3, 4}},
		{"h+1..2h", 3, 6, []int{4, 5, 6}},
		{"h-3..h", 10, 10, []int{7, 8, 9, 10}},
		{"h-3..h", 3, 3, []int{1, 2, 3}},
		{"7", 10, 10, []int{7}},
		{"7", 6, 6, nil},
		{"2h", 4, 8, []int{8}},
		{"3h/2 - 1..3h/2", 4, 8, []int{5, 6}},
		{"h/3..h", 2, 2, []int{1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			r, err := parseRange(tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, r.houses(tc.h, tc.n))
		})
	}
	for _, tc := range []struct{ text, want string }{
		{"3h-2", "3h-2"}, {"h+1", "h+1"}, {"h/2", "h/2"}, {"12", "12"}, {"2h", "2h"},
	} {
		e, err := parseExpr(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.want, e.String())
	}
	assert.Equal(t, 34, mExpr{k: 3, d: 1, c: -2}.eval(12))
	for _, tc := range []struct{ text, want string }{
		{"", "is not a whole number"},
		{"-2", "is not a whole number"},
		{"+2", "is not a whole number"},
		{"x", "is not a whole number"},
		{"hh", "is not a whole number"},
		{"0h", "0h is 0"},
		{"h/0", "division by 0"},
		{"99999", "too large"},
		{"h+99999", "too large"},
		{"1..", "is not a whole number"},
	} {
		_, err := parseRange(tc.text)
		require.Error(t, err, tc.text)
		assert.Contains(t, err.Error(), tc.want, tc.text)
	}
}

// FuzzHouseRange: any text parses or errors, and a parsed range's houses stay within
// 1..n for every knob value.
func FuzzHouseRange(f *testing.F) {
	for _, s := range []string{"1..h/2", "h+1..2h", "h-3..h", "3h-2", "7", "h/0", "..", "10000h/1+10000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := parseRange(text)
		if err != nil {
			return
		}
		for h := 1; h <= 64; h++ {
			for _, x := range r.houses(h, 2*h) {
				if x < 1 || x > 2*h {
					t.Fatalf("%q with h=%d gives house %d", text, h, x)
				}
			}
		}
		back, err := parseRange(r.String())
		require.NoError(t, err, "%q prints as %q", text, r.String())
		require.Equal(t, r, back)
	})
}
