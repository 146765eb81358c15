package web

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// The pasted scripts of the Try page are written to files, so that a study can name
// them by path. They live under one folder per server process, tmpPrefix + pid +
// random, in the temporary directory (Config.TempDir), with each tried rule in a folder
// of its own inside it. The process holds a lock on the folder's lockFile (flock on
// Unix) for as long as it runs; Server.Close removes the folder (serve closes the
// server on Ctrl-C, SIGTERM and any other exit), and New removes the folders whose
// owner has died (a crash, kill -9): a folder whose lock can be taken, or one without a
// lock file (older versions wrote one folder per rule) that is older than staleAge.

// tmpPrefix begins the name of every folder of pasted scripts.
const tmpPrefix = "kalahlab-try-"

// lockFile is the file in a server's folder that the server holds a lock on.
const lockFile = ".lock"

// staleAge is the age after which a folder of pasted scripts without a lock file is
// taken for a dead process's.
const staleAge = time.Hour

// errClosed is the error of a Try request that arrives while the server stops.
var errClosed = errors.New("the server is shutting down")

// tmpRoot is the server's folder of pasted scripts, made at the first one.
type tmpRoot struct {
	parent string // the temporary directory it is made in

	mu     sync.Mutex
	dir    string   // "" until the first script
	lock   *os.File // the open lock file, holding the lock
	closed bool
}

// newDir makes a folder for one tried rule.
func (t *tmpRoot) newDir() (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return "", errClosed
	}
	if t.dir == "" {
		dir, err := os.MkdirTemp(t.parent, fmt.Sprintf("%s%d-", tmpPrefix, os.Getpid()))
		if err != nil {
			return "", fmt.Errorf("a folder for the script: %w", err)
		}
		f, err := lockDir(filepath.Join(dir, lockFile))
		if err != nil {
			_ = os.RemoveAll(dir)
			return "", fmt.Errorf("a folder for the script: %w", err)
		}
		t.dir, t.lock = dir, f
	}
	dir, err := os.MkdirTemp(t.dir, "rule-")
	if err != nil {
		return "", fmt.Errorf("a folder for the script: %w", err)
	}
	return dir, nil
}

// close removes the folder and every script in it; later newDir calls fail.
func (t *tmpRoot) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	if t.dir == "" {
		return nil
	}
	err := os.RemoveAll(t.dir)
	_ = t.lock.Close() // after the removal: no other process takes the folder for stale meanwhile
	t.dir, t.lock = "", nil
	return err
}

// cleanStale removes the folders of pasted scripts in parent whose process has died,
// and returns how many it removed.
func cleanStale(parent string) int {
	ents, err := os.ReadDir(parent)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), tmpPrefix) {
			continue
		}
		dir := filepath.Join(parent, e.Name())
		if staleDir(dir) && os.RemoveAll(dir) == nil {
			n++
		}
	}
	return n
}

// staleDir reports whether a folder of pasted scripts belongs to no live process.
func staleDir(dir string) bool {
	lock := filepath.Join(dir, lockFile)
	if _, err := os.Lstat(lock); err == nil {
		return unlocked(lock)
	}
	st, err := os.Stat(dir)
	return err == nil && time.Since(st.ModTime()) > staleAge
}
