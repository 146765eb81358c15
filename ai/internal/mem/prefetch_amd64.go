package mem

import "unsafe"

// Prefetch asks the processor to bring the cache line at addr in, without waiting for
// it (PREFETCHT0).
//
//go:noescape
func Prefetch(addr unsafe.Pointer)
