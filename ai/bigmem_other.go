//go:build !linux

package ai

// bigBuckets returns a zeroed table of n buckets and the function that frees it.
func bigBuckets(n uint64) ([]fBucket, func()) {
	return make([]fBucket, n), func() {}
}
