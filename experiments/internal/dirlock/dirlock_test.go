package dirlock

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// envLockHelper makes the test binary a process that locks a directory and waits.
const envLockHelper = "KALAHLAB_TEST_LOCK_HELPER"

func TestLockHelperProcess(t *testing.T) {
	dir := os.Getenv(envLockHelper)
	if dir == "" {
		t.Skip("a helper for TestLockAcrossProcesses")
	}
	forcePidfile = os.Getenv("KALAHLAB_TEST_FORCE_PIDFILE") != ""
	if _, err := Dir(dir); err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("locked")
	time.Sleep(time.Hour)
}

// lockHelper starts a process holding the lock on dir.
func lockHelper(t *testing.T, dir string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHelperProcess$")
	cmd.Env = append(os.Environ(), envLockHelper+"="+dir)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	br := bufio.NewReader(stdout)
	for {
		line, err := br.ReadString('\n')
		require.NoError(t, err, "the helper ended before locking")
		require.False(t, strings.HasPrefix(line, "error:"), line)
		if line == "locked\n" {
			return cmd
		}
	}
}

func TestLockAcrossProcesses(t *testing.T) {
	if os.Getenv(envLockHelper) != "" {
		t.Skip()
	}
	for _, fallback := range []bool{false, true} {
		t.Run(fmt.Sprintf("pidfile=%v", fallback), func(t *testing.T) {
			forcePidfile = fallback
			t.Cleanup(func() { forcePidfile = false })
			if fallback {
				t.Setenv("KALAHLAB_TEST_FORCE_PIDFILE", "1")
			}
			dir := t.TempDir()
			helper := lockHelper(t, dir)
			_, err := Dir(dir)
			require.ErrorIs(t, err, ErrLocked)
			assert.Contains(t, err.Error(), fmt.Sprintf("%s is in use by another kalahlab process (pid %d on ", dir, helper.Process.Pid))

			// The holder dies without unlocking (kill -9): its lock does not outlive it.
			require.NoError(t, helper.Process.Kill())
			_ = helper.Wait()
			l, err := Dir(dir)
			require.NoError(t, err)
			_, err = Dir(dir)
			require.ErrorIs(t, err, ErrLocked, "held by this process now")
			assert.Contains(t, err.Error(), fmt.Sprintf("pid %d", os.Getpid()))
			require.NoError(t, l.Unlock())
			l, err = Dir(dir)
			require.NoError(t, err)
			require.NoError(t, l.Unlock())
		})
	}
}

func TestPidfileLock(t *testing.T) {
	forcePidfile = true
	t.Cleanup(func() { forcePidfile = false })
	host, _ := os.Hostname()
	old := time.Now().Add(-time.Hour)
	tests := []struct {
		name    string
		content string
		mtime   time.Time
		stale   bool
		want    string
	}{
		{"alive here", fmt.Sprintf("pid %d host %s since x\n", os.Getpid(), host), time.Now(), false, fmt.Sprintf("pid %d on %s", os.Getpid(), host)},
		{"another host", "pid 1 host elsewhere.example since x\n", old, false, "if that process is gone, delete the lock file"},
		{"empty, just made", "", time.Now(), false, "pid unknown"},
		{"empty, long ago", "", old, true, ""},
		{"dead here", fmt.Sprintf("pid %d host %s since x\n", deadPid(t), host), time.Now(), true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, lockFile)
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			require.NoError(t, os.Chtimes(path, tc.mtime, tc.mtime))
			l, err := Dir(dir)
			if !tc.stale {
				require.ErrorIs(t, err, ErrLocked)
				assert.Contains(t, err.Error(), tc.want)
				return
			}
			require.NoError(t, err, "a stale lock is taken over")
			assert.Equal(t, os.Getpid(), readHolder(path).pid)
			require.NoError(t, l.Unlock())
			assert.NoFileExists(t, path)
		})
	}
}

// deadPid returns the pid of a process that has exited.
func deadPid(t *testing.T) int {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	require.NoError(t, cmd.Run())
	return cmd.Process.Pid
}
