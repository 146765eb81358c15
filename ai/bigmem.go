package ai

import "unsafe"

// bigBuckets returns a zeroed table of n buckets and the function that frees it, in
// big pages where the system offers them (bigMem), else on the heap.
func bigBuckets(n uint64) ([]fBucket, func()) {
	if mem, free := bigMem(int(n * uint64(unsafe.Sizeof(fBucket{})))); mem != nil {
		return unsafe.Slice((*fBucket)(unsafe.Pointer(&mem[0])), n), free
	}
	return make([]fBucket, n), func() {}
}

// bigWords returns n zeroed words and the function that frees them, as bigBuckets.
func bigWords(n int) ([]uint32, func()) {
	if mem, free := bigMem(4 * n); mem != nil {
		return unsafe.Slice((*uint32)(unsafe.Pointer(&mem[0])), n), free
	}
	return make([]uint32, n), func() {}
}
