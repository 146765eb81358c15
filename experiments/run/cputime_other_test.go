//go:build !unix

package run

import "time"

// cpuTime is unknown here.
func cpuTime() time.Duration { return 0 }
