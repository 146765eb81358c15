package ai

import "unsafe"

// prefetch asks the processor to bring the cache line at addr in, without waiting for
// it (PREFETCHT0).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
