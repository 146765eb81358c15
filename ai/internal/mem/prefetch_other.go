//go:build !amd64

package mem

import "unsafe"

// Prefetch is a hint only; without an assembly version it does nothing.
func Prefetch(addr unsafe.Pointer) {}
