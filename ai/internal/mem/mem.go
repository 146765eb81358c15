// Package mem holds the memory helpers of the exact solvers (ai/solve/kalahsolve and
// ai/endgame): tables of hundreds of megabytes mapped apart from the Go heap in huge
// pages where the system offers them, and a prefetch hint that lets the trips to
// memory of several probes overlap.
package mem

import "unsafe"

// Alloc returns n zeroed values of T and the function that frees them: in huge pages
// where the system offers them (see bigMem), else on the heap. T must hold no
// pointers: the collector does not see the mapped memory. The slice must not be used
// after free.
func Alloc[T any](n int) ([]T, func()) {
	var zero T
	if mem, free := bigMem(n * int(unsafe.Sizeof(zero))); mem != nil {
		return unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), n), free
	}
	return make([]T, n), func() {}
}
