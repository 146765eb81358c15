package run

import "github.com/kalahlab/kalahlab/experiments/internal/dirlock"

// ErrLocked is returned (wrapped) by LockDir, and so by Run, when another process holds
// the directory.
var ErrLocked = dirlock.ErrLocked

// DirLock is an advisory lock on an output directory, so that two runs never write
// into one directory at once (see package experiments/internal/dirlock: flock(2), or a
// lock file taken over from a dead process).
type DirLock = dirlock.Lock

// LockDir locks dir (created if need be) for this process. When another process holds
// it, the error wraps ErrLocked and names the directory and the holder's pid.
func LockDir(dir string) (*DirLock, error) { return dirlock.Dir(dir) }
