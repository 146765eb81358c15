package report

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kalahlab/kalahlab/experiments/run"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	boards "github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/core/ludo"
)

func TestDrawBoardsInTheReport(t *testing.T) {
	s := study(t, "variants: [kalah, tictactoe, ludo]\nagents: [{ agent: random }]\ngames: 6\nsolve: 0\nmax_plies: 3000\n")
	dir := t.TempDir()
	res, err := run.Run(context.Background(), s, run.Options{Workers: 2, Dir: dir, Trials: true})
	require.NoError(t, err)
	bs, err := drawBoards(dir)
	require.NoError(t, err)
	require.Len(t, bs, s.Cells())
	for c, b := range bs {
		assert.Equal(t, c, b.Cell)
		require.NotEmpty(t, b.Start, "cell %d", c)
		require.NotEmpty(t, b.Final, "cell %d: %s", c, b.FinalNote)
		assert.Contains(t, b.FinalNote, "trial ")
		for _, svg := range []string{b.Start, b.Final} {
			dec := xml.NewDecoder(strings.NewReader(svg))
			for {
				_, err := dec.Token()
				if errors.Is(err, io.EOF) {
					break
				}
				require.NoError(t, err)
			}
		}
	}
	// The report shows them, once per cell each.
	paths, err := WriteReports(Summarize(res), dir, []string{"html"})
	require.NoError(t, err)
	page, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	assert.Equal(t, 2*s.Cells(), strings.Count(string(page), `<svg xmlns="http://www.w3.org/2000/svg" class="board`))
	assert.Contains(t, string(page), "The final position of one game: trial ")
}

func TestDrawBoardsWithoutTrialLog(t *testing.T) {
	s := study(t, "variants: [tictactoe]\nagents: [{ agent: random }]\ngames: 4\nsolve: 0\n")
	dir := t.TempDir()
	_, err := run.Run(context.Background(), s, run.Options{Workers: 1, Dir: dir, Trials: false})
	require.NoError(t, err)
	bs, err := drawBoards(dir)
	require.NoError(t, err)
	require.Len(t, bs, 1)
	assert.NotEmpty(t, bs[0].Start)
	assert.Empty(t, bs[0].Final)
	assert.Contains(t, bs[0].FinalNote, "no trial log")

	_, err = drawBoards(filepath.Join(dir, "nothing-here"))
	assert.Error(t, err)
}

func TestBoardPNG(t *testing.T) {
	g, err := ludo.New("ludo", ludo.DefaultRules())
	require.NoError(t, err)
	st := g.NewState()
	st.Play(core.Move(6))
	d, err := boards.Draw(st, boards.Options{ShowMoves: true})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, BoardPNG(&buf, d, 1))
	assert.True(t, bytes.HasPrefix(buf.Bytes(), []byte("\x89PNG")))
	for _, scale := range []float64{0, -1, 9} {
		assert.Error(t, BoardPNG(&buf, d, scale), "scale %g", scale)
	}
	assert.Error(t, BoardPNG(&buf, nil, 1))
}
