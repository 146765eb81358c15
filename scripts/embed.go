// Package scripts holds the Lua library of variants and house rules that ships inside
// the kalahlab binary: one file per variant, named for its variant (kalah/pie is
// kalah/pie.lua, oware is oware.lua), the modules that scripts may require (lib/), the
// Lua language-server annotations of the API (types/kalahlab.d.lua) and the Lua API
// reference (README.md).
//
// The variants package loads these files from FS; users start their own scripts from
// them.
package scripts

import "embed"

// FS holds every file of the library, with paths relative to this folder
// ("kalah/pie.lua", "lib/mancala.lua", "README.md").
//
//go:embed README.md *.lua kalah checkers tictactoe ludo lib types oware mancala
var FS embed.FS
