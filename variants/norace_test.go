//go:build !race

package variants

const raceEnabled = false
