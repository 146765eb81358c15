package sandbox

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/scripts"
)

// TestSyntaxErrors pins the syntax error messages: stock Lua's (lua5.1 gives the same
// text for each of these), with the line of the error and of the construct left open.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"missing end of an if", "local x = 1\nif x then\n  x = 2\n", `my.lua:4: 'end' expected (to close 'if' at line 2) near '<eof>'`},
		{"missing end of a function", "local function f()\n  return 1\n", `my.lua:3: 'end' expected (to close 'function' at line 1) near '<eof>'`},
		{"missing end of a for", "for i = 1, 3 do\nlocal y = 1\n", `my.lua:3: 'end' expected (to close 'for' at line 1) near '<eof>'`},
		{"missing end of a while", "while true do\n", `my.lua:2: 'end' expected (to close 'while' at line 1) near '<eof>'`},
		{"missing end of a do", "do\nlocal x = 1\n", `my.lua:3: 'end' expected (to close 'do' at line 1) near '<eof>'`},
		{"missing until", "repeat\nlocal x = 1\n", `my.lua:3: 'until' expected (to close 'repeat' at line 1) near '<eof>'`},
		{"missing end after else", "if x then\nelse\n", `my.lua:3: 'end' expected (to close 'if' at line 1) near '<eof>'`},
		{"missing end on the same line", "while true do", `my.lua:1: 'end' expected near '<eof>'`},
		{"a nested missing end", "if a then\n  while b do\n    x = 1\n  end\n", `my.lua:5: 'end' expected (to close 'if' at line 1) near '<eof>'`},
		{"a missing end inside a hook", "return variant {\n  extends = \"kalah\",\n  hooks = {\n    capture = function(b, last)\n      if b:count(last) == 1 then\n        b:add(1, 0)\n    end,\n  },\n}\n", `my.lua:7: unexpected symbol near ','`},
		{"a missing }", "local t = {1, 2\nreturn 1", `my.lua:2: '}' expected (to close '{' at line 1) near 'return'`},
		{"a missing comma in a table", "return variant {\n  extends = \"kalah\"\n  hooks = {},\n}\n", `my.lua:3: '}' expected (to close '{' at line 1) near 'hooks'`},
		{"a missing } on the same line", "local t = {a = 1 b = 2}", `my.lua:1: '}' expected near 'b'`},
		{"a missing )", "local x = (1 + 2\nreturn x", `my.lua:2: ')' expected (to close '(' at line 1) near 'return'`},
		{"a missing ) of a call", "return variant {\n  extends = \"kalah\",\n  hooks = {\n    capture = function(b, last)\n      local x = b:count(last\n    end,\n  },\n}\n", `my.lua:6: ')' expected (to close '(' at line 5) near 'end'`},
		{"a missing ) at the end", "f(1, 2", `my.lua:1: ')' expected near '<eof>'`},
		{"a missing ]", "local x = t[1\nreturn x", `my.lua:2: ']' expected near 'return'`},
		{"an unexpected symbol", "local x = @", `my.lua:1: unexpected symbol near '@'`},
		{"an unexpected keyword", "return return", `my.lua:1: unexpected symbol near 'return'`},
		{"an unfinished expression", "local x = 1 +\n", `my.lua:2: unexpected symbol near '<eof>'`},
		{"a call assigned to", "f() = 1", `my.lua:1: unexpected symbol near '='`},
		{"= expected", "x y", `my.lua:1: '=' expected near 'y'`},
		{"= expected at the end", "x.y.z", `my.lua:1: '=' expected near '<eof>'`},
		{"= for == in a condition", "if x = 1 then end", `my.lua:1: 'then' expected near '='`},
		{"a bad for", "for i 1, 2 do end", `my.lua:1: '=' or 'in' expected near '1'`},
		{"a local without a name", "local = 3", `my.lua:1: '<name>' expected near '='`},
		{"a bad parameter", "local f = function(a, 1) end", `my.lua:1: <name> or '...' expected near '1'`},
		{"code after return", "return 1\nx = 2", `my.lua:2: '<eof>' expected near 'x'`},
		{"an extra end", "local x = 1\nend", `my.lua:2: '<eof>' expected near 'end'`},
		{"an unfinished string", "local s = \"abc\nreturn s", `my.lua:1: unfinished string near '"abc'`},
		{"an unfinished string at the end", "local s = 'abc", `my.lua:1: unfinished string near '<eof>'`},
		{"an unfinished long string", "local s = [[abc", `my.lua:1: unfinished long string near '<eof>'`},
		{"an unfinished long comment", "--[[ a\ncomment", `my.lua:2: unfinished long comment near '<eof>'`},
		{"a malformed number", "x = 0x", `my.lua:1: malformed number near '0x'`},
		{"a 5.3 operator", "x = 5 // 2", `my.lua:1: unexpected symbol near '/'`},
		{"a lone ~", "x = 1 ~ 2", `my.lua:1: unexpected symbol near '~'`},
		{"a control character", "\x01", `my.lua:1: unexpected symbol near 'char(1)'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Compile("my.lua", []byte(c.src))
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

// TestLuaSyntaxAccepts: the recogniser accepts what Lua does (it only runs on scripts
// gopher-lua refused, but a false error there would hide the real one).
func TestLuaSyntaxAccepts(t *testing.T) {
	src := `local a, b = 1, ...
local t = { 1, 2; x = 3, ["y"] = 4, [5] = { f = function(...) return ... end }, }
function t.a.b:c(x, y, ...) return self, x end
local function f(n) if n > 0 then return f(n - 1) elseif n < 0 then return nil else return 0 end end
for i = 1, 10, 2 do end
for k, v in pairs(t) do break end
while false do end
repeat local z = 1 until z == 1
do local s = "a\"b\\c\
d" .. 'e' .. [[f]] .. [==[g]]h]==] end
--[==[ long
comment ]==]
x = -a ^ 2 .. #t * 3 % 4 / 5 - not b and c or d ~= e == f <= g >= h < i > j
t.x, t[1], t.y.z = f(1), f { 1 }, f "s"
t:c(1):c(2)[3].d = 1;
::top:: goto top
print(("x"):rep(3), 0x1F, 1e10, .5, 5., 3E-2)
return`
	line, msg, bad := luaSyntax([]byte(src))
	assert.False(t, bad, "line %d: %s", line, msg)
	// And every script of the library, all of which gopher-lua parses.
	err := fs.WalkDir(scripts.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return err
		}
		src, err := fs.ReadFile(scripts.FS, p)
		require.NoError(t, err)
		line, msg, bad := luaSyntax(src)
		assert.False(t, bad, "%s:%d: %s", p, line, msg)
		return nil
	})
	require.NoError(t, err)
}

// FuzzSyntaxError: on any text, the recogniser ends (no panic) and a script that does
// not parse gets an error naming the file and a line within it.
//
//	go test -run ^$ -fuzz FuzzSyntaxError -fuzztime 30s ./variants/internal/sandbox/
func FuzzSyntaxError(f *testing.F) {
	for _, s := range []string{
		"if x then", "local t = {", "f(", "x = 'a", "--[[", "[==[", "return return", "a.b:c'd'{e}(f)[g] = 1",
		"local function f(...) return ... end", "x = 0x1p4", "::a:: goto a", "((((((((((x))))))))))", "x = \"\\400\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		line, msg, bad := luaSyntax([]byte(src))
		if bad {
			require.NotEmpty(t, msg)
			require.GreaterOrEqual(t, line, 1)
			require.LessOrEqual(t, line, strings.Count(src, "\n")+strings.Count(src, "\r")+1)
		}
		_, _, err := Compile("fuzz.lua", []byte(src))
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "fuzz.lua"), err.Error())
		}
	})
}
