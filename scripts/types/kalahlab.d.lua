---@meta kalahlab
-- Declarations of the kalahlab variant API for lua-language-server (completion, hover
-- documentation and type checks in editors). This file is never run. See
-- scripts/README.md for the reference.

---A pit number, 1..2n+2 in sowing order: South's houses 1..n, South's store n+1,
---North's houses n+2..2n+1, North's store 2n+2.
---@alias Pit integer

---A player: 1 (South, moves first) or 2 (North).
---@alias Player 1|2

---The board view every hook gets as its first argument. Valid only during the hook call.
---@class Board
local Board = {}

---Seeds in the pit.
---@param pit Pit
---@return integer
function Board:count(pit) end

---The player owning the pit (a store is its player's).
---@param pit Pit
---@return Player
function Board:owner(pit) end

---Whether the pit is a store.
---@param pit Pit
---@return boolean
function Board:is_store(pit) end

---The opponent's house facing this house (four rows: same column, matching row); nil for a store.
---@param pit Pit
---@return Pit|nil
function Board:opposite(pit) end

---Four rows: the same player's outer house behind an inner-row house; otherwise nil.
---@param pit Pit
---@return Pit|nil
function Board:behind(pit) end

---The player's store.
---@param player Player
---@return Pit
function Board:store(player) end

---The player's first and last house: `local lo, hi = b:houses(p)`.
---@param player Player
---@return Pit first
---@return Pit last
function Board:houses(player) end

---The pit of the player's house number `house` (1..n, as in move notation).
---@param player Player
---@param house integer
---@return Pit
function Board:pit(player, house) end

---The seeds in the player's houses (the store not counted).
---@param player Player
---@return integer
function Board:seeds(player) end

---The player who moved (capture, extra_turn), is to move (can_play, is_over) or would
---have moved (final_scores).
---@return Player
function Board:mover() end

---Empties the pit and returns its seeds. Not in can_play or is_over.
---@param pit Pit
---@return integer
function Board:take(pit) end

---Puts n >= 0 seeds into the pit. Not in can_play or is_over.
---@param pit Pit
---@param n integer
function Board:add(pit, n) end

---The number of pits, 2n+2.
---@return integer
function Board:pits() end

---The rows of the board: 2 or 4.
---@return 2|4
function Board:rows() end

---The seeds in play (conserved by every move).
---@return integer
function Board:total() end

---Moves played since the start (or since the position was read).
---@return integer
function Board:ply() end

---The knobs of the Kalah base game (defaults in brackets).
---@class KalahParams
---@field houses? integer houses per row, 1..16 [6]
---@field seeds? integer seeds per house at the start, 1..32 [4]
---@field empty_capture? boolean a capture happens even when the opposite house is empty [true]
---@field end_rule? "either_side_empty"|"mover_cannot_move" when the game ends ["either_side_empty"]
---@field remaining? "owner"|"discard" where the seeds left at the end go ["owner"]
---@field origin_skip? boolean laps skip the house the seeds came from [false]
---@field store_sowing? boolean seeds are sown into the mover's store [true]
---@field pie_rule? boolean the second player may swap sides after the first move [false]
---@field rows? 2|4 rows of houses [2]
---@field max_plies? integer the game ends after this many plies, 0 for no limit [1000]

---The Kalah hooks; each replaces a built-in step of the rules.
---@class KalahHooks
---@field capture? fun(b: Board, last: Pit) replaces the capture step after a last seed in a house
---@field extra_turn? fun(b: Board, last: Pit): boolean true: the mover moves again
---@field can_play? fun(b: Board, house: integer): boolean false forbids the mover's house (1..n)
---@field is_over? fun(b: Board): boolean|nil true ends the game; nil keeps the built-in rule
---@field final_scores? fun(b: Board): (integer[]|integer|nil), integer? {south, north} scores; nil for the built-in count

---A position test run by the tests and by `kalahlab variants check`.
---@class Example
---@field name? string which rule it pins
---@field from? string a position string [the start]
---@field play? string|(string|integer)[] moves: "3,1" or {"3", 1}
---@field want? string the position string after the moves
---@field legal? string|(string|integer)[] the legal moves after the moves, in order

---@class VariantSpec
---@field extends? string the base game or variant this one changes (a name or a relative .lua path)
---@field name? string the variant's name [the file's path without .lua]
---@field summary? string one line for `variants list`
---@field description? string longer text for `variants show`
---@field params? KalahParams knob values
---@field hooks? KalahHooks hook functions
---@field examples? Example[] position tests

---Declares a variant: end a script with `return variant { ... }`.
---@param spec VariantSpec
---@return VariantSpec
function variant(spec) end

---Loads a module of the script library (scripts/lib/NAME.lua), once per Lua state.
---@param name string
---@return any
function require(name) end

---@class mancala
---@field other fun(p: Player): Player the other player
---@field house_of fun(b: Board, pit: Pit): integer the house number (1..n) of a house pit
---@field sweep fun(b: Board, p: Player): integer moves p's remaining seeds into p's store
