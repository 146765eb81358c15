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
	} {
		_, errOut, code := cli(t, "", append([]string{"serve", "--addr", "127.0.0.1:0"}, strings.Fields(tc.args)...)...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Contains(t, errOut, tc.want)
	}
	out, _, code := cli(t, "", "serve", "--help")
	assert.Equal(t, 0, code)
	for _, flag := range []string{"--max-checks", "--max-studies", "--queue", "--session-jobs", "--max-conns", "--body-timeout"} {
		assert.Contains(t, out, flag)
	}
}
