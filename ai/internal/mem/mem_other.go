//go:build !linux

package mem

// bigMem returns nil: outside Linux the tables live on the Go heap.
func bigMem(size int) ([]byte, func()) { return nil, nil }
