// Package dirlock is the advisory lock on a run's output directory, so that two runs
// never write into one directory at once: flock(2) on DIR/.kalahlab.lock where the
// file system has it (released by the kernel however its holder ends), else the lock
// file's existence, taken over from a dead process of the same host. The lock file
// names its holder (pid, host, start) for the error the next process gets, which wraps
// [ErrLocked].
//
// Package experiments/run locks its runs' directories with it (and re-exports LockDir,
// DirLock and ErrLocked); nothing here imports it.
package dirlock
