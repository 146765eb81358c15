//go:build !unix

package experiments

import "time"

// cpuTime is unknown here.
func cpuTime() time.Duration { return 0 }
