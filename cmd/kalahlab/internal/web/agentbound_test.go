package web

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayAgentsBounded: on the Play page an agent may not ask for more memory or a
// longer move than the server allows (seat.ServerLimits), and one given no time gets
// the server's; a strength (preset) plays.
func TestPlayAgentsBounded(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	for _, tc := range []struct {
		seat2 string
		code  int
		want  string
	}{
		{"mcts:memory=65535,iterations=2000000000", 400, "memory=65535 is over this server&#39;s bound of 256 MB an agent"},
		{"alphabeta:tt=4096", 400, "tt=4096 is over this server&#39;s bound"},
		{"alphabeta:time=1h", 400, "time=1h is over this server&#39;s bound of 10s a move"},
		{"alphabeta:depth=2", 200, "alphabeta:depth=2,time=10s"},
		{"medium", 200, "alphabeta:depth=4,time=10s"},
	} {
		t.Run(tc.seat2, func(t *testing.T) {
			form := url.Values{"variant": {"kalah"}, "knobs.of": {"kalah"}, "seat.1": {"human"}, "seat.2": {tc.seat2}, "seed": {"3"}, "pace": {"0"}}
			code, body := c.post("/play/new", form)
			require.Equal(t, tc.code, code, body)
			assert.Contains(t, body, tc.want)
		})
	}
}
