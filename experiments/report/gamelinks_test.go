package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameLinks: the report's first-move rows and histogram bars name games that have
// that first move, length and margin, as replay commands; served, they link to the
// games page too.
func TestGameLinks(t *testing.T) {
	s := study(t, "variants: [{ variant: kalah, params: { houses: 3, seeds: 2 } }]\nagents: [{ agent: random }]\ngames: 40\nsolve: 0\n")
	dir := t.TempDir()
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	trials := map[int]*run.Record{}
	require.NoError(t, run.ReadTrials(dir, func(r *run.Record) error {
		c := *r
		trials[r.Trial] = &c
		return nil
	}))

	paths, err := WriteReports(Summarize(res), dir, []string{"html"})
	require.NoError(t, err)
	data, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	page := string(data)
	cmd := "kalahlab replay " + dir + " --trial "

	// Every opening row names games with that first move.
	rows := regexp.MustCompile(`<tr><td class="l"><code>([^<]+)</code></td>.*?<details><summary>replay</summary>(.*?)</details>`).FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, rows)
	for _, row := range rows {
		ids := trialIDs(t, cmd, row[2])
		require.NotEmpty(t, ids)
		assert.LessOrEqual(t, len(ids), run.GameExamples)
		for _, id := range ids {
			assert.Equal(t, row[1], trials[id].Opening, "trial %d", id)
		}
	}
	// Every bar of the length histogram names games of that length.
	bars := regexp.MustCompile(`<title>plies (\d+)(?:\.\.(\d+))?: (\d+) games\nreplay one:\n([^<]*)</title>`).FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, bars)
	for _, bar := range bars {
		lo, _ := strconv.Atoi(bar[1])
		hi := lo
		if bar[2] != "" {
			hi, _ = strconv.Atoi(bar[2])
		}
		for _, id := range trialIDs(t, cmd, bar[4]) {
			assert.True(t, trials[id].Plies >= lo && trials[id].Plies <= hi, "trial %d: %d plies, bar %d..%d", id, trials[id].Plies, lo, hi)
		}
	}
	assert.Contains(t, page, "<title>margin ")
	assert.NotContains(t, page, "target=\"_top\"", "a static report links nowhere")

	// Served: the rows and bars link to the games page.
	rep := Summarize(res)
	rep.Games = &run.GameLinks{Dir: dir, GamesURL: "/results/games?r=2"}
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rep))
	served := b.String()
	assert.Regexp(t, `<a href="/results/games\?r=2&amp;cell=0&amp;opening=\d+" target="_top">list them</a>`, served)
	assert.Regexp(t, `<a href="/results/games\?r=2&amp;cell=0&amp;plies=\d+(\.\.\d+)?" target="_top"><rect`, served)
	assert.NotContains(t, served, "<summary>replay</summary>", "no trial log read: no commands")

	// No trial log, no links.
	_, err = run.IndexGames(t.TempDir())
	assert.Error(t, err)
	b.Reset()
	res.Links = nil // as a run without a trial log leaves it
	require.NoError(t, WriteHTML(&b, Summarize(res)))
	assert.NotContains(t, b.String(), "the games</th>")
}

// trialIDs reads the trial numbers of replay commands.
func trialIDs(t *testing.T, prefix, text string) []int {
	t.Helper()
	var ids []int
	for _, m := range regexp.MustCompile(regexp.QuoteMeta(htmlEscape(prefix))+`(\d+)`).FindAllStringSubmatch(text, -1) {
		id, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		ids = append(ids, id)
	}
	return ids
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", "\"", "&#34;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// TestGameLinksAsPlayed: the links a run gathers as it logs its trials are the links
// read back from its trial log, for a whole run and for one resumed from a log cut in
// half with a trial repeated (dropped, as the log drops it); a run without a log
// gathers none. Failed trials, timeouts and several cells are in the study.
func TestGameLinksAsPlayed(t *testing.T) {
	s := study(t, `variants:
  - { variant: kalah, params: { houses: 3, seeds: 2 } }
  - { variant: kalah, label: k43, params: { houses: 4, seeds: 3 } }
agents: [{ agent: random }, { agent: greedy }]
games: 300
max_plies: 12
random_opening: 1
solve: 0
`)
	for _, format := range []run.LogFormat{run.LogPlain, run.LogZstd} {
		dir := t.TempDir()
		res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true, Log: format})
		require.NoError(t, err)
		read, err := run.IndexGames(dir)
		require.NoError(t, err)
		require.NotEmpty(t, read.Cells)
		assert.Equal(t, read, res.Links, "%s: the links gathered while playing", format)
	}

	// One worker logs the trials in order, two in any: the links are the same, and so
	// are the final positions the report draws (from the run's links or the log's).
	dir1, dir2 := t.TempDir(), t.TempDir()
	one, err := run.Run(context.Background(), s, run.Options{Workers: 1, Dir: dir1, Trials: true})
	require.NoError(t, err)
	two, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir2, Trials: true, Chunk: 1})
	require.NoError(t, err)
	assert.Equal(t, one.Links.Cells, two.Links.Cells)
	b1, err := drawBoardsFrom(dir1, one.Links)
	require.NoError(t, err)
	b2, err := drawBoardsFrom(dir2, two.Links)
	require.NoError(t, err)
	b3, err := drawBoards(dir2)
	require.NoError(t, err)
	assert.Equal(t, b1, b2)
	assert.Equal(t, b1, b3)
	assert.Contains(t, b1[1].FinalNote, "trial ")

	dir := t.TempDir()
	_, err = run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true, Log: run.LogPlain})
	require.NoError(t, err)
	path := filepath.Join(dir, run.TrialsFile)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	half := strings.Join(lines[:len(lines)/2], "") + lines[3]
	require.NoError(t, os.WriteFile(path, []byte(half), 0o644))
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true, Log: run.LogPlain, Resume: true})
	require.NoError(t, err)
	read, err := run.IndexGames(dir)
	require.NoError(t, err)
	assert.Equal(t, read, res.Links, "resumed: the old log's trials, then the new ones")

	res, err = run.Run(context.Background(), s, run.Options{Workers: 2, Dir: t.TempDir(), Trials: false})
	require.NoError(t, err)
	assert.Nil(t, res.Links, "no trial log, no links")
}
