package experiments

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameLinks: the report's first-move rows and histogram bars name games that have
// that first move, length and margin, as replay commands; served, they link to the
// games page too.
func TestGameLinks(t *testing.T) {
	s := study(t, "variants: [{ variant: kalah, params: { houses: 3, seeds: 2 } }]\nagents: [{ agent: random }]\ngames: 40\nsolve: 0\n")
	dir := t.TempDir()
	res, err := Run(context.Background(), s, Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	trials := map[int]*Record{}
	require.NoError(t, ReadTrials(dir, func(r *Record) error {
		c := *r
		trials[r.Trial] = &c
		return nil
	}))

	paths, err := WriteReports(Summarize(res), dir, []string{"html"})
	require.NoError(t, err)
	data, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	page := string(data)
	cmd := "kalahlab replay " + shellQuote(dir) + " --trial "

	// Every opening row names games with that first move.
	rows := regexp.MustCompile(`<tr><td class="l"><code>([^<]+)</code></td>.*?<details><summary>replay</summary>(.*?)</details>`).FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, rows)
	for _, row := range rows {
		ids := trialIDs(t, cmd, row[2])
		require.NotEmpty(t, ids)
		assert.LessOrEqual(t, len(ids), gameExamples)
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
	rep.Games = &GameLinks{Dir: dir, GamesURL: "/results/games?r=2"}
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rep))
	served := b.String()
	assert.Regexp(t, `<a href="/results/games\?r=2&amp;cell=0&amp;opening=\d+" target="_top">list them</a>`, served)
	assert.Regexp(t, `<a href="/results/games\?r=2&amp;cell=0&amp;plies=\d+(\.\.\d+)?" target="_top"><rect`, served)
	assert.NotContains(t, served, "<summary>replay</summary>", "no trial log read: no commands")

	// No trial log, no links.
	_, err = indexGames(t.TempDir())
	assert.Error(t, err)
	b.Reset()
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
