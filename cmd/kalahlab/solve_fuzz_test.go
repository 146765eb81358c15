package main

import (
	"testing"
)

// FuzzParseEndgame: any --endgame text is auto (0), off (-1), a seed count of 1-127,
// or an error naming the flag.
func FuzzParseEndgame(f *testing.F) {
	for _, s := range []string{"auto", "off", "20", "0", "-1", "128", " 12 ", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := parseEndgame(text)
		if err != nil {
			if n != 0 {
				t.Fatalf("%q: error with %d", text, n)
			}
			return
		}
		if n < -1 || n > 127 {
			t.Fatalf("%q gives %d", text, n)
		}
	})
}
