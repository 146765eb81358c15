//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package dirlock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// flockFile takes flock(2) on path (created if need be), or returns errNoFlock when the
// file system does not support it.
func flockFile(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening the lock file %s: %w", path, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, lockedError(path, "")
	case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.ENOTSUP), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOSYS):
		f.Close()
		return nil, errNoFlock
	default:
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(holderLine()), 0)
	}
	if err != nil {
		f.Close() // releases the lock
		return nil, fmt.Errorf("writing the lock file %s: %w", path, err)
	}
	return &Lock{f: f, path: path}, nil
}

// processAlive reports whether process pid runs (a process of another user counts).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
