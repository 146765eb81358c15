package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestServeBadFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing results", []string{"serve", "--results", "no/such/dir"}, "--results no/such/dir"},
		{"results not a study", []string{"serve", "--results", "cmd"}, "not a kalahlab results directory"},
		{"bad address", []string{"serve", "--addr", "nonsense"}, "--addr nonsense"},
		{"arguments", []string{"serve", "extra"}, "unknown command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := cli(t, "", tc.args...)
			assert.NotEqual(t, 0, code)
			assert.Contains(t, errOut, tc.want)
		})
	}
}

// TestServeStartsAndStops serves on a free port, answers a request, and stops cleanly
// when its context ends (as on Ctrl-C).
func TestServeStartsAndStops(t *testing.T) {
	pr, pw := io.Pipe()
	var errOut bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, newRootCmd(strings.NewReader(""), pw, &errOut), []string{"serve", "--addr", "127.0.0.1:0"}, &errOut)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err)
	require.Contains(t, line, "http://127.0.0.1:")
	url := strings.Fields(line[strings.Index(line, "http://"):])[0]
	res, err := http.Get(url + "play")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, 200, res.StatusCode)
	assert.Contains(t, string(body), "Start a game")
	cancel()
	select {
	case code := <-done:
		assert.Equal(t, 0, code, errOut.String())
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop when its context ended")
	}
	assert.NotContains(t, errOut.String(), "warning", "a loopback address gets no warning")
}
