//go:build !unix

package report

import "time"

// cpuTime is unknown here.
func cpuTime() time.Duration { return 0 }
