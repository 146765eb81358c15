package solve

import "github.com/kalahlab/kalahlab/ai/solve/internal/mtd"

// Games whose positions can repeat (Kalah without store sowing, Lua-hooked Kalah) are
// solved with the plies left in each position's table key, or, with no ply limit,
// with a watch on the search path (package ai/solve/internal/mtd explains how).

// ErrRepeats is in the error of a solve of a game whose positions repeat and which has
// no ply limit to end it (max_plies 0). It is kalahsolve.ErrRepeats too.
var ErrRepeats = mtd.ErrRepeats

// ErrTooDeep is in the error of a solve whose search went deeper than 100,000 plies
// (maxSolvePly). It is kalahsolve.ErrTooDeep too.
var ErrTooDeep = mtd.ErrTooDeep

// maxSolvePly is the deepest a solve searches.
const maxSolvePly = mtd.MaxPly
