package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

// docFiles are the documents whose worked examples TestDocWorkedExamples holds true,
// relative to the repository root (the tests' working directory): the README, the
// contributors' guide, the Lua reference and every guide under docs/.
func docFiles(t *testing.T) []string {
	guides, err := filepath.Glob(filepath.Join("docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, guides, "the guides are under docs/")
	return append([]string{"README.md", "CONTRIBUTING.md", "scripts/README.md"}, guides...)
}

// docExampleDir holds the example scripts of the documents' worked examples.
const docExampleDir = "config/examples/mancala"

// TestDocWorkedExamples: the worked examples of the READMEs are true. Every script of
// config/examples/mancala loads, passes its examples and the contract, and is shown in a
// README; every Lua block of the READMEs that names one of them (name = "my/...") is
// a part of that file (a line "..." elides lines); and every command of a console
// block ("$ kalahlab ...") runs from the repository root, exits 0 and prints the lines
// shown under it, in order (a line "..." elides output).
func TestDocWorkedExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(docExampleDir, "*.lua"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "the worked examples' scripts are in %s", docExampleDir)
	type script struct{ file, text string }
	scriptOf := map[string]script{} // by variant name
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		v, err := variants.Lookup(f, variants.Options{})
		require.NoError(t, err, f)
		scriptOf[v.Name] = script{f, string(text)}
		t.Run("check/"+filepath.Base(f), func(t *testing.T) {
			require.NotEmpty(t, v.Examples, "%s pins its rules in examples", f)
			rep, err := variants.Check(v, 200, 1)
			require.NoError(t, err)
			assert.True(t, rep.OK(), "%s", rep)
		})
	}
	shown := map[string]bool{} // the scripts a document shows
	ran := 0                   // the console commands run, over all documents
	for _, doc := range docFiles(t) {
		raw, err := os.ReadFile(doc)
		require.NoError(t, err)
		blocks := fencedBlocks(string(raw))
		for _, b := range blocks {
			if b.lang != "lua" {
				continue
			}
			for name, sc := range scriptOf {
				if !regexp.MustCompile(`\bname\s*=\s*"` + regexp.QuoteMeta(name) + `"`).MatchString(b.text) {
					continue
				}
				shown[name] = true
				t.Run("snippet/"+doc+":"+strconv.Itoa(b.line), func(t *testing.T) {
					assertPartOf(t, b.text, sc.text, doc, b.line, sc.file)
				})
			}
		}
		for _, b := range blocks {
			if b.lang != "console" {
				continue
			}
			for _, c := range consoleCommands(b) {
				ran++
				t.Run("command/"+doc+":"+strconv.Itoa(c.line), func(t *testing.T) {
					t.Setenv("XDG_CACHE_HOME", t.TempDir())
					out, errOut, code := cli(t, "", c.args...)
					require.Equal(t, 0, code, "%s:%d: %s\n%s", doc, c.line, c.text, errOut)
					assertShown(t, out, c.want, doc, c.line)
				})
			}
		}
	}
	assert.Positive(t, ran, "the documents have worked commands")
	for name, sc := range scriptOf {
		assert.True(t, shown[name], "a document shows %s (%s)", name, sc.file)
	}
}

// A fencedBlock is a ``` block of a Markdown document: its language, the line of its
// opening fence (1-based) and its text.
type fencedBlock struct {
	lang, text string
	line       int
}

func fencedBlocks(doc string) []fencedBlock {
	var out []fencedBlock
	var cur *fencedBlock
	var body []string
	for i, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "```") {
			if cur != nil {
				body = append(body, line)
			}
			continue
		}
		if cur == nil {
			cur = &fencedBlock{lang: strings.TrimSpace(line[3:]), line: i + 1}
			body = nil
			continue
		}
		cur.text = strings.Join(body, "\n") + "\n"
		out = append(out, *cur)
		cur = nil
	}
	return out
}

// A docCommand is a "$ kalahlab ..." line of a console block, its arguments and the
// output lines shown under it.
type docCommand struct {
	text string
	args []string
	want []string
	line int
}

func consoleCommands(b fencedBlock) []docCommand {
	var out []docCommand
	var cur *docCommand
	for i, line := range strings.Split(strings.TrimSuffix(b.text, "\n"), "\n") {
		if rest, ok := strings.CutPrefix(line, "$ "); ok {
			if cur != nil {
				out = append(out, *cur)
				cur = nil
			}
			words := strings.Fields(rest)
			if len(words) == 0 || words[0] != "kalahlab" {
				continue // not ours to run
			}
			cur = &docCommand{text: rest, args: words[1:], line: b.line + 1 + i}
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// assertShown checks that the lines shown are lines of out, in order.
func assertShown(t *testing.T, out string, want []string, doc string, line int) {
	t.Helper()
	if w, ok := missingLine(out, want); !ok {
		assert.Fail(t, "output differs", "%s:%d: the command no longer prints, in this order, %q; it prints:\n%s", doc, line, w, out)
	}
}

// missingLine returns the first line of want that is not a line of out after the
// lines before it ("..." stands for any number of lines; trailing spaces do not
// count), and false; or "" and true when every line is there.
func missingLine(out string, want []string) (string, bool) {
	got := strings.Split(out, "\n")
	for i := range got {
		got[i] = strings.TrimRightFunc(got[i], unicode.IsSpace)
	}
	at := 0
	for _, w := range want {
		w = strings.TrimRightFunc(w, unicode.IsSpace)
		if w == "..." {
			continue
		}
		for at < len(got) && got[at] != w {
			at++
		}
		if at == len(got) {
			return w, false
		}
		at++
	}
	return "", true
}

// assertPartOf checks that a Lua block is the script's text, or parts of it in order
// between lines "...".
func assertPartOf(t *testing.T, block, script, doc string, line int, file string) {
	t.Helper()
	if p, ok := missingPart(block, script); !ok {
		assert.Fail(t, "snippet differs", "%s:%d: the block is not %s's text (in order); this part differs:\n%s", doc, line, file, p)
	}
}

// missingPart returns the first part of block (its lines between lines "...") that is
// not in script after the parts before it, and false; or "" and true.
func missingPart(block, script string) (string, bool) {
	var parts []string
	var cur []string
	for _, l := range strings.Split(block, "\n") {
		if strings.TrimSpace(l) == "..." {
			parts = append(parts, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	parts = append(parts, strings.Join(cur, "\n"))
	rest := script
	for _, p := range parts {
		if strings.TrimSpace(p) == "" {
			continue
		}
		i := strings.Index(rest, p)
		if i < 0 {
			return p, false
		}
		rest = rest[i+len(p):]
	}
	return "", true
}

// TestDocHelpers: the worked-example checks find what differs.
func TestDocHelpers(t *testing.T) {
	out := "a\nb  \nc\nd\n"
	for _, tc := range []struct {
		name string
		want []string
		miss string
	}{
		{"all", []string{"a", "b", "c", "d"}, ""},
		{"elided", []string{"a", "...", "d"}, ""},
		{"gaps without dots", []string{"b", "d"}, ""},
		{"trailing spaces", []string{"b "}, ""},
		{"out of order", []string{"c", "b"}, "b"},
		{"changed", []string{"a", "x"}, "x"},
		{"twice", []string{"a", "a"}, "a"},
	} {
		t.Run("shown/"+tc.name, func(t *testing.T) {
			w, ok := missingLine(out, tc.want)
			assert.Equal(t, tc.miss == "", ok)
			assert.Equal(t, tc.miss, w)
		})
	}
	script := "return variant {\n  name = \"x\",\n  board = {},\n  sowing = {},\n}\n"
	for _, tc := range []struct {
		name, block string
		ok          bool
	}{
		{"whole", script, true},
		{"elided", "return variant {\n  ...\n  sowing = {},\n}\n", true},
		{"out of order", "  sowing = {},\n  ...\n  board = {},\n", false},
		{"changed", "return variant {\n  name = \"y\",\n", false},
	} {
		t.Run("part/"+tc.name, func(t *testing.T) {
			_, ok := missingPart(tc.block, script)
			assert.Equal(t, tc.ok, ok)
		})
	}
	blocks := fencedBlocks("text\n```console\n$ kalahlab play --moves 2\nout 1\n...\n$ ls\nx\n$ kalahlab version\n```\n```lua\nreturn 1\n```\n")
	require.Len(t, blocks, 2)
	assert.Equal(t, "lua", blocks[1].lang)
	assert.Equal(t, 10, blocks[1].line)
	cmds := consoleCommands(blocks[0])
	require.Len(t, cmds, 2, "commands other than kalahlab are not run")
	assert.Equal(t, []string{"play", "--moves", "2"}, cmds[0].args)
	assert.Equal(t, []string{"out 1", "..."}, cmds[0].want)
	assert.Equal(t, 3, cmds[0].line)
	assert.Equal(t, []string{"version"}, cmds[1].args)
	assert.Empty(t, cmds[1].want)
}

// TestDocLinks: every relative link of the documents names a file of the repository,
// and a link to a heading (FILE.md#anchor, or #anchor) names a heading of that file,
// so moving a section between the guides cannot leave a link behind.
func TestDocLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, doc := range docFiles(t) {
		raw, err := os.ReadFile(doc)
		require.NoError(t, err)
		for i, line := range strings.Split(string(raw), "\n") {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := doc
				if file != "" {
					path = filepath.Join(filepath.Dir(doc), file)
				}
				_, err := os.Stat(path)
				if !assert.NoError(t, err, "%s:%d: the link %s names no file", doc, i+1, target) || anchor == "" {
					continue
				}
				text, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Contains(t, headingAnchors(string(text)), anchor, "%s:%d: the link %s names no heading of %s", doc, i+1, target, path)
			}
		}
	}
}

// headingAnchors lists the anchors GitHub gives a Markdown document's headings: lower
// case, punctuation other than hyphens and underscores dropped, spaces as hyphens.
func headingAnchors(doc string) []string {
	var out []string
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestLayoutComplete: the README's Layout table names every package of the module —
// as `DIR/`, or, for a package beneath a listed folder, by its path from there in
// backquotes (the `ai/internal/` row names `search`, `mem` and `aitest`) — so that a new
// package cannot be left off the map.
func TestLayoutComplete(t *testing.T) {
	raw, err := os.ReadFile("README.md")
	require.NoError(t, err)
	readme := string(raw)
	pkgs := map[string]bool{}
	require.NoError(t, filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != "." {
				return filepath.SkipDir // a module of its own (the browser tests' driver)
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			pkgs[filepath.ToSlash(filepath.Dir(path))] = true
		}
		return nil
	}))
	require.NotEmpty(t, pkgs)
	for p := range pkgs {
		if p == "." || strings.Contains(readme, "`"+p+"/`") {
			continue
		}
		named := false
		for dir := filepath.Dir(p); dir != "." && !named; dir = filepath.Dir(dir) {
			rel := strings.TrimPrefix(p, dir+"/")
			named = strings.Contains(readme, "`"+dir+"/`") && strings.Contains(readme, "`"+rel+"`")
		}
		assert.True(t, named, "the README's Layout table does not name package %s", p)
	}
}
