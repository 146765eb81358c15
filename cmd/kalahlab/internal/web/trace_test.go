package web

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments"
)

// A move of a game that traces its moves comes with its words (under the board and in
// the move list), the board before it and its steps for the sowing animation, with
// every pit found on the drawing; looking back at a move shows that move's.
func TestPlayMoveTrace(t *testing.T) {
	c := newClient(t, newServer(t, Config{}))
	code, body := c.post("/play/new", url.Values{"variant": {"mancala/pallanguzhi"}, "seat.1": {"human"}, "seat.2": {"human"}, "pace": {"0"}})
	require.Equal(t, http.StatusOK, code, body)
	assert.NotContains(t, body, `id="trace-data"`, "no move yet")
	code, body = c.post("/play/move", url.Values{"move": {"6"}})
	require.Equal(t, http.StatusOK, code, body)
	const words = "6 seeds from house 6, last in their house 5; relay: lifted 7 from their house 5, last in your house 5; " +
		"relay: lifted 7 from your house 5, last in their empty house 5: captured 7 from the next house"
	assert.Contains(t, html.UnescapeString(body), `<p class="move-words" id="move-words" role="status">Last move: 6: `+words+`</p>`)
	assert.Contains(t, html.UnescapeString(body), `<span class="words">`+words+`</span>`, "the move list says it too")
	assert.Regexp(t, `<template id="board-before"><svg`, body)
	m := regexp.MustCompile(`(?s)<script type="application/json" id="trace-data">(.*?)</script>`).FindStringSubmatch(body)
	require.Len(t, m, 2)
	var tv traceView
	require.NoError(t, json.Unmarshal([]byte(m[1]), &tv))
	assert.Equal(t, "6: "+words, tv.Words)
	kinds := map[string]int{}
	for _, s := range tv.Steps {
		kinds[s.Kind]++
	}
	assert.Equal(t, map[string]int{"lift": 1, "relay": 2, "drop": 20, "capture": 1}, kinds)
	require.Len(t, tv.Pits, 16)
	for p, pl := range tv.Pits {
		assert.True(t, pl.OK, "pit %d is found on the drawing", p+1)
	}

	// A second move, then a look back at the first: its words and trace.
	code, _ = c.post("/play/move", url.Values{"move": {"1"}})
	require.Equal(t, http.StatusOK, code)
	_, body = c.get("/play?at=1")
	assert.Contains(t, html.UnescapeString(body), `Move 1: 6: `+words)
	assert.Contains(t, body, `id="trace-data"`)
	_, body = c.get("/play?at=0")
	assert.NotContains(t, body, `id="trace-data"`, "the start has no move to show")
}

// A replay of a game that traces its moves says what each move did, in the move list
// and under the board.
func TestReplayMoveWords(t *testing.T) {
	dir := t.TempDir()
	cfg := &config.Experiment{Name: "trace-test", Games: 2, CheckEvery: 1, MaxPlies: 400, Seed: 1,
		Variants: []config.VariantEntry{{Variant: "mancala/kalah", Params: map[string]any{"houses": 3, "seeds": 2}}},
		Agents:   []ai.Spec{{Agent: "random"}}}
	study, err := experiments.New(cfg)
	require.NoError(t, err)
	res, err := experiments.Run(context.Background(), study, experiments.Options{Workers: 1, Dir: dir, Trials: true, Log: experiments.LogPlain})
	require.NoError(t, err)
	require.NoError(t, experiments.Save(res, dir))
	c := newClient(t, newServer(t, Config{Results: []string{dir}}))
	code, body := c.get("/replay?r=0&trial=0&ply=1")
	require.Equal(t, http.StatusOK, code, body)
	assert.Regexp(t, `<p class="move-words" id="move-words">Move 1: \d seeds? from house \d, last in `, html.UnescapeString(body))
	assert.Regexp(t, `<td class="words">\d seeds? from house \d, last in [^<]+</td>`, html.UnescapeString(body))
	_, body = c.get("/replay?r=0&trial=0")
	assert.NotContains(t, body, `id="move-words"`, "the start: no move to say")
}
