package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wellFormed parses an SVG document and returns its root's attributes and every
// data-move value.
func wellFormed(t *testing.T, svg string) (root map[string]string, moves []string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return root, moves
		}
		require.NoError(t, err, svg)
		if se, ok := tok.(xml.StartElement); ok {
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
				if a.Name.Local == "data-move" {
					moves = append(moves, a.Value)
				}
			}
			if root == nil {
				require.Equal(t, "svg", se.Name.Local)
				root = attrs
			}
		}
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		game      string
		position  string
		wantMoves []string
	}{
		{"kalah start", nil, "kalah", "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s", []string{"1", "2", "3", "4", "5", "6"}},
		{"kalah moves", []string{"--set", "houses=4", "--set", "seeds=3", "--moves", "2,1"}, "kalah", "", nil},
		{"oware", []string{"--variant", "oware", "--moves", "3,5,1"}, "mancala", "", nil},
		{"checkers position", []string{"--variant", "checkers", "--position", "B:W14,15,22,23,K30:B9,10,K27", "--show-moves"}, "checkers", "", nil},
		{"connect four", []string{"--variant", "tictactoe", "--set", "rows=6", "--set", "cols=7", "--set", "k=4", "--set", "gravity=true", "--moves", "d,d,c"}, "tictactoe", "", nil},
		{"ludo with a roll", []string{"--variant", "ludo", "--moves", "6"}, "ludo", "", []string{"a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, "", append([]string{"render"}, tc.args...)...)
			require.Equal(t, exitOK, code, errOut)
			root, moves := wellFormed(t, out)
			assert.Equal(t, tc.game, root["data-game"])
			if tc.position != "" {
				assert.Equal(t, tc.position, root["data-position"])
			}
			if tc.wantMoves != nil {
				assert.Equal(t, tc.wantMoves, moves)
			}
			assert.NotEmpty(t, moves, "no clickable moves")
		})
	}
}

func TestRenderPNGAndFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "board.png")
	_, errOut, code := cli(t, "", "render", "--variant", "ludo", "--format", "png", "--scale", "1", "--out", file)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "wrote "+file)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Greater(t, img.Bounds().Dx(), 300)
	// To stdout (not a terminal in tests): the PNG bytes.
	out, errOut, code := cli(t, "", "render", "--format", "png")
	require.Equal(t, exitOK, code, errOut)
	_, err = png.Decode(strings.NewReader(out))
	require.NoError(t, err)
	// --width sets the SVG's size, --title its title.
	out, errOut, code = cli(t, "", "render", "--width", "250", "--title", "my <board>")
	require.Equal(t, exitOK, code, errOut)
	root, _ := wellFormed(t, out)
	assert.Equal(t, "250", root["width"])
	assert.Contains(t, out, "<title>my &lt;board&gt;</title>")
}

func TestRenderJSON(t *testing.T) {
	out, errOut, code := cli(t, "", "render", "--set", "houses=3", "--moves", "1", "--json")
	require.Equal(t, exitOK, code, errOut)
	var got struct {
		Variant, Position, SVG string
		Legal                  []string
		ToMove                 string `json:"to_move"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "kalah", got.Variant)
	assert.Equal(t, "seat 2", got.ToMove)
	assert.Equal(t, []string{"1", "2", "3"}, got.Legal)
	_, moves := wellFormed(t, got.SVG)
	assert.Equal(t, got.Legal, moves)
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--format", "gif"}, `--format "gif": want svg or png`},
		{[]string{"--format", "png", "--json"}, "use it with --format svg"},
		{[]string{"--position", "1,2,3 s"}, "--position: kalah position"},
		{[]string{"--moves", "1,,2"}, "move 2 is empty"},
		{[]string{"--moves", "9"}, `move "9": want a house number`},
		{[]string{"--width", "-1"}, "--width -1"},
		{[]string{"--format", "png", "--scale", "0"}, "png scale 0"},
		{[]string{"--variant", "nosuch"}, "nosuch"},
		{[]string{"--out", "/nonexistent/dir/b.svg"}, "--out"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := cli(t, "", append([]string{"render"}, tc.args...)...)
			assert.NotEqual(t, exitOK, code)
			assert.Contains(t, errOut, tc.want)
			assert.Empty(t, out)
		})
	}
}
