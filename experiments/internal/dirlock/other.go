//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package dirlock

import "os"

// flockFile is not available here: the lock falls back to the lock file's existence.
func flockFile(string) (*Lock, error) { return nil, errNoFlock }

// processAlive reports whether process pid runs, where the platform can tell (on
// Windows, finding a process opens it; elsewhere it is assumed to run).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
