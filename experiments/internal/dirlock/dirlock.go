package dirlock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// lockFile is the lock file a run keeps in its output directory (see Dir).
const lockFile = ".kalahlab.lock"

// ErrLocked is returned (wrapped) by Dir, and so by experiments.Run, when another process holds
// the directory.
var ErrLocked = errors.New("in use by another kalahlab process")

// staleEmpty is how old an empty lock file of the fallback must be to be stale: its
// holder died between creating it and writing its pid.
const staleEmpty = 10 * time.Second

// Lock is an advisory lock on an output directory, so that two runs never write
// into one directory at once (they would play the same games twice).
//
// On Unix it is flock(2) on DIR/.kalahlab.lock: the kernel releases it when the holder
// exits, however it ends, so a dead run never blocks the next (on NFS, Linux maps it to
// a POSIX lock, which the server keeps). The file records the holder (pid, host, start)
// for the error the next process gets. Elsewhere, and on file systems without flock,
// the lock is the file's existence (created exclusively), and a lock file left by a dead
// process of the same host is taken over; one from another host is reported with the
// path to delete once that run is known to be gone.
type Lock struct {
	f       *os.File
	path    string
	pidfile bool // the fallback: the file's existence is the lock
}

// errNoFlock reports that the file system does not support flock.
var errNoFlock = errors.New("flock not supported")

// forcePidfile makes Dir use the fallback (for tests of it on Unix).
var forcePidfile = false

// Dir locks dir (created if need be) for this process. When another process holds
// it, the error wraps ErrLocked and names the directory and the holder's pid.
func Dir(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, lockFile)
	if !forcePidfile {
		l, err := flockFile(path)
		if !errors.Is(err, errNoFlock) {
			return l, err
		}
	}
	return lockPidfile(path)
}

// Unlock releases the lock.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	if l.pidfile {
		f.Close()
		return os.Remove(l.path)
	}
	// Emptied rather than removed: removing it would let a process that opened it just
	// before lock the removed file while a third creates and locks a new one. Closing
	// releases the lock.
	_ = f.Truncate(0)
	return f.Close()
}

// holderLine describes this process, as the lock file records it.
func holderLine() string {
	host, _ := os.Hostname()
	if host == "" {
		host = "?"
	}
	return fmt.Sprintf("pid %d host %s since %s\n", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
}

// holder is what a lock file says of its holder.
type holder struct {
	pid         int
	host, since string
}

func readHolder(path string) holder {
	data, _ := os.ReadFile(path)
	var h holder
	f := strings.Fields(string(data))
	for i := 0; i+1 < len(f); i += 2 {
		switch f[i] {
		case "pid":
			h.pid, _ = strconv.Atoi(f[i+1])
		case "host":
			h.host = f[i+1]
		case "since":
			h.since = f[i+1]
		}
	}
	return h
}

// lockedError is the error for a directory another process holds.
func lockedError(path, remedy string) error {
	h := readHolder(path)
	who := "pid unknown"
	if h.pid > 0 {
		who = fmt.Sprintf("pid %d", h.pid)
		if h.host != "" {
			who += " on " + h.host
		}
		if h.since != "" {
			who += ", since " + h.since
		}
	}
	return fmt.Errorf("%s is %w (%s; lock file %s): wait for it to finish, or stop it%s",
		filepath.Dir(path), ErrLocked, who, path, remedy)
}

// lockPidfile is the portable lock: the lock file created exclusively, holding the pid.
func lockPidfile(path string) (*Lock, error) {
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			if _, err := f.WriteString(holderLine()); err != nil {
				f.Close()
				os.Remove(path)
				return nil, fmt.Errorf("writing the lock file %s: %w", path, err)
			}
			return &Lock{f: f, path: path, pidfile: true}, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("creating the lock file %s: %w", path, err)
		}
		if attempt > 0 || !stalePidfile(path) {
			return nil, lockedError(path, "; if that process is gone, delete the lock file")
		}
		// Left by a dead process: take it over.
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("removing the stale lock file %s: %w", path, err)
		}
	}
}

// stalePidfile reports whether the lock file's holder is known to be gone: a process of
// this host that no longer runs, or no holder written long after the file was made.
func stalePidfile(path string) bool {
	h := readHolder(path)
	if h.pid <= 0 {
		st, err := os.Stat(path)
		return err == nil && time.Since(st.ModTime()) > staleEmpty
	}
	host, _ := os.Hostname()
	if h.host != host || host == "" {
		return false
	}
	return h.pid != os.Getpid() && !processAlive(h.pid)
}
