//go:build !amd64

package ai

import "unsafe"

// prefetch is a hint only; without an assembly version it does nothing.
func prefetch(addr unsafe.Pointer) {}
