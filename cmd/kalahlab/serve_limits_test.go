//go:build unix

package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

// TestServeSignalRemovesPastedScripts: SIGINT and SIGTERM stop `kalahlab serve`
// cleanly, and the folder of the scripts pasted into Try a rule goes with it. The
// signal is sent to this process, which run's handler catches (it is in place before
// the address is printed).
func TestServeSignalRemovesPastedScripts(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			pr, pw := io.Pipe()
			var errOut bytes.Buffer
			done := make(chan int, 1)
			go func() {
				done <- run([]string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), pw, &errOut)
				pw.Close()
			}()
			line, err := bufio.NewReader(pr).ReadString('\n')
			require.NoError(t, err)
			base := strings.Fields(line[strings.Index(line, "http://"):])[0]
			res, err := http.PostForm(base+"try/check", url.Values{"source": {`return variant { name = "t/x", extends = "kalah", summary = "x" }`}, "check_games": {"1"}})
			require.NoError(t, err)
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			require.Equal(t, 200, res.StatusCode)
			found, _ := filepath.Glob(filepath.Join(tmp, "kalahlab-try-*", "*", "rule.lua"))
			require.Len(t, found, 1, "the pasted script is on disk while the server runs")

			require.NoError(t, syscall.Kill(os.Getpid(), sig))
			select {
			case code := <-done:
				assert.Equal(t, 0, code, errOut.String())
			case <-time.After(time.Minute): // against a hang only
				t.Fatal("serve did not stop on " + sig.String())
			}
			left, _ := os.ReadDir(tmp)
			assert.Empty(t, left, "the pasted scripts' folder is removed")
		})
	}
}

func TestServeLimitFlags(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"--max-checks 0", "--max-checks 0: want a whole number 1 or more"},
		{"--session-jobs -1", "--session-jobs -1"},
		{"--queue -2", "--queue -2: want a whole number 0 or more"},
		{"--body-timeout 0s", "--body-timeout 0s"},
		{"--lua-total lots", `--lua-total: "lots" is not a size`},
	} {
		_, errOut, code := cli(t, "", append([]string{"serve", "--addr", "127.0.0.1:0"}, strings.Fields(tc.args)...)...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Contains(t, errOut, tc.want)
	}
	out, _, code := cli(t, "", "serve", "--help")
	assert.Equal(t, 0, code)
	for _, flag := range []string{"--max-checks", "--max-studies", "--queue", "--session-jobs", "--max-conns", "--body-timeout", "--lua-total"} {
		assert.Contains(t, out, flag)
	}
}

// TestServeMemory: --lua-total sets the Lua states' shared budget (by default a quarter
// of the machine's memory), and the server gives back what it found when it stops.
func TestServeMemory(t *testing.T) {
	before := variants.SetTotalMemoryBudget(0)
	defer variants.SetTotalMemoryBudget(before)
	for _, tc := range []struct {
		text string
		want int64
	}{{"", defaultLuaTotal()}, {"none", 0}, {"512MB", 512 << 20}, {"2GB", 2 << 30}} {
		restore, err := serveMemory(tc.text)
		require.NoError(t, err, tc.text)
		got := variants.SetTotalMemoryBudget(tc.want) // reads it, leaves it
		assert.Equal(t, tc.want, got, tc.text)
		restore()
		assert.Equal(t, int64(0), variants.SetTotalMemoryBudget(0), "restored")
	}
	if m, ok := machineMemory(); ok {
		assert.Equal(t, max(m/4, 64<<20), defaultLuaTotal())
	}
	if m, ok := machineMemory(); ok {
		limit, ok := goLimit(1 << 30)
		assert.True(t, ok)
		assert.Equal(t, min(2560<<20, m/4*3), limit, "twice the Lua states' budget and 512MB")
		limit, _ = goLimit(0)
		assert.Equal(t, m/4*3, limit, "no shared budget: three quarters of the machine")
	}
	assert.Equal(t, "6GB", fmtSize(6<<30))
	assert.Equal(t, "6044MB", fmtSize(6044<<20))
}

func TestMemTotal(t *testing.T) {
	f := filepath.Join(t.TempDir(), "meminfo")
	require.NoError(t, os.WriteFile(f, []byte("MemTotal:       24684092 kB\nMemFree:        20142368 kB\n"), 0o600))
	n, ok := memTotal(f)
	assert.True(t, ok)
	assert.Equal(t, int64(24684092)<<10, n)
	_, ok = memTotal(filepath.Join(t.TempDir(), "none"))
	assert.False(t, ok)
}
