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

---A checkers square, 1..N in the standard numbering (N = size*size/2): row by row from
---Black's side, left to right; on 8x8 Black's back row is 1..4, White's 29..32.
---@alias Square integer

---A checkers player: 1 (Black, moves first) or 2 (White).
---@alias CheckersPlayer 1|2

---A diagonal direction: 1 up-left, 2 up-right, 3 down-left, 4 down-right (up is towards
---Black's side, row 1).
---@alias Diagonal 1|2|3|4

---The checkers board view every checkers hook gets as its first argument. Valid only
---during the hook call.
---@class CheckersBoard
local CheckersBoard = {}

---The player whose piece stands on the square (nil for an empty square) and whether it
---is a king: `local p, king = b:piece(sq)`.
---@param square Square
---@return CheckersPlayer|nil player
---@return boolean king
function CheckersBoard:piece(square) end

---Whether a king stands on the square.
---@param square Square
---@return boolean
function CheckersBoard:is_king(square) end

---The player's men and kings on the board: `local men, kings = b:count(1)`.
---@param player CheckersPlayer
---@return integer men
---@return integer kings
function CheckersBoard:count(player) end

---The player to move (is_over), or who made the move (on_promote).
---@return CheckersPlayer
function CheckersBoard:mover() end

---The square's row (1 at Black's side) and column (1 at the left).
---@param square Square
---@return integer row
---@return integer col
function CheckersBoard:row_col(square) end

---The square at row, column; nil for a light square or off the board.
---@param row integer
---@param col integer
---@return Square|nil
function CheckersBoard:square(row, col) end

---The next square diagonally in direction dir; nil off the board.
---@param square Square
---@param dir Diagonal
---@return Square|nil
function CheckersBoard:neighbour(square, dir) end

---The board's side: 8, 10 or 12.
---@return 8|10|12
function CheckersBoard:size() end

---The number of dark squares.
---@return integer
function CheckersBoard:squares() end

---The squares of the pieces the player to move can move, ascending (only those that
---can capture when a capture is compulsory). Makes a table.
---@return Square[]
function CheckersBoard:movable() end

---Whether the player to move has a legal move.
---@return boolean
function CheckersBoard:can_move() end

---Moves played since the start (or since the position was read).
---@return integer
function CheckersBoard:ply() end

---Plies since the last capture or man move (the draw_moves count).
---@return integer
function CheckersBoard:quiet() end

---Takes the piece off the square. Only in on_promote.
---@param square Square
function CheckersBoard:remove(square) end

---Makes the piece on the square a king. Only in on_promote.
---@param square Square
function CheckersBoard:crown(square) end

---Makes the piece on the square a man. Only in on_promote.
---@param square Square
function CheckersBoard:uncrown(square) end

---The knobs of the checkers base game (defaults in brackets).
---@class CheckersParams
---@field size? 8|10|12 the board is size x size [8]
---@field man_rows? integer rows of men each player starts with, 1..size/2-1 [3]
---@field flying_kings? boolean kings move and capture any distance along a diagonal [false]
---@field men_capture_backwards? boolean men capture backwards as well as forwards [false]
---@field must_capture? boolean capturing is compulsory [true]
---@field max_capture? boolean only the capture sequences taking the most pieces are legal [false]
---@field promotion_ends_move? boolean a man crowned during a capture stops there [true]
---@field draw_moves? integer moves by each side without a capture or a man move that draw, 0 for never [40]

---The checkers hooks.
---@class CheckersHooks
---@field is_over? fun(b: CheckersBoard): (1|2|0|false|nil) 1 or 2 wins, 0 draws, false goes on, nil keeps the built-in rules
---@field on_promote? fun(b: CheckersBoard, square: Square) called when a man is crowned on square

---A tic-tac-toe cell, 1..rows*cols: (row-1)*cols + col, rows from the bottom, columns
---from the left (on 3x3, a1 is 1 and c3 is 9).
---@alias Cell integer

---A tic-tac-toe player: 1 (X, moves first) or 2 (O).
---@alias TicTacToePlayer 1|2

---A line direction: 1 along the row, 2 along the column, 3 the diagonal rising to the
---right, 4 the one rising to the left.
---@alias LineDir 1|2|3|4

---The tic-tac-toe board view the winner hook gets as its first argument. Read-only;
---valid only during the hook call.
---@class TicTacToeBoard
local TicTacToeBoard = {}

---The player whose mark is on the cell; nil for an empty cell.
---@param cell Cell
---@return TicTacToePlayer|nil
function TicTacToeBoard:mark(cell) end

---The length of the line of equal marks through the cell in direction dir (0 for an
---empty cell).
---@param cell Cell
---@param dir LineDir
---@return integer
function TicTacToeBoard:run(cell, dir) end

---The cell at row (1 at the bottom), column (1 at the left); nil off the board.
---@param row integer
---@param col integer
---@return Cell|nil
function TicTacToeBoard:cell(row, col) end

---The cell's row (1 at the bottom) and column (1 at the left).
---@param cell Cell
---@return integer row
---@return integer col
function TicTacToeBoard:row_col(cell) end

---Rows of the board.
---@return integer
function TicTacToeBoard:rows() end

---Columns of the board.
---@return integer
function TicTacToeBoard:cols() end

---Marks in a row that make a line.
---@return integer
function TicTacToeBoard:k() end

---The number of cells, rows*cols.
---@return integer
function TicTacToeBoard:cells() end

---Marks on the board.
---@return integer
function TicTacToeBoard:filled() end

---The player who just marked (on a position read from a string: who moved last).
---@return TicTacToePlayer
function TicTacToeBoard:mover() end

---The cell marked last; nil on a position read from a string.
---@return Cell|nil
function TicTacToeBoard:last() end

---Moves played since the start (or since the position was read).
---@return integer
function TicTacToeBoard:ply() end

---The knobs of the tic-tac-toe base game (defaults in brackets).
---@class TicTacToeParams
---@field rows? integer rows of the board, 1..15 [3]
---@field cols? integer columns of the board, 1..15 [3]
---@field k? integer marks in a row that make a line, 1..max(rows, cols) [3]
---@field misere? boolean the player who makes a line loses [false]
---@field full_board? "draw"|"both_lose" what a full board without a line is ["draw"]
---@field gravity? boolean a mark drops to the lowest empty cell of its column [false]

---The tic-tac-toe hooks.
---@class TicTacToeHooks
---@field winner? fun(b: TicTacToeBoard, last: Cell|nil): (1|2|0|false|nil) replaces the line check: 1 or 2 wins, 0 draws, false goes on, nil keeps the built-in rule

---A Ludo player, 1..players in the order of play: 1 red (rolls first), then green,
---yellow, blue (two players: 1 red, 2 yellow).
---@alias LudoPlayer integer

---A Ludo token, 1..tokens: token 1 is "a" in the move notation.
---@alias LudoToken integer

---A square of the common track, 1..track_length, counted from player 1's start square
---in the direction of play.
---@alias LudoCell integer

---A token's place along its own way: 0 the yard, 1 its start square, then the track,
---its home column, and track_length+home_length the goal.
---@alias LudoPlace integer

---The Ludo token view the on_land hook gets as its first argument. Valid only during the
---hook call.
---@class LudoTokens
local LudoTokens = {}

---The player who moved.
---@return LudoPlayer
function LudoTokens:mover() end

---The token that landed.
---@return LudoToken
function LudoTokens:token() end

---The roll that was played.
---@return integer
function LudoTokens:roll() end

---The number of players.
---@return integer
function LudoTokens:players() end

---Tokens per player.
---@return integer
function LudoTokens:tokens() end

---Faces of the die.
---@return integer
function LudoTokens:die_sides() end

---Squares of the common track.
---@return integer
function LudoTokens:track_length() end

---Squares of each home column.
---@return integer
function LudoTokens:home_length() end

---The place of the goal: track_length + home_length.
---@return LudoPlace
function LudoTokens:goal() end

---The token's place: 0 in the yard, then along its way, goal() at the goal.
---@param player LudoPlayer
---@param token LudoToken
---@return LudoPlace
function LudoTokens:progress(player, token) end

---The cell where the token stands; nil in the yard, the home column or the goal.
---@param player LudoPlayer
---@param token LudoToken
---@return LudoCell|nil
function LudoTokens:square(player, token) end

---The cell of the player's way at the place; nil for the yard, home column and goal.
---@param player LudoPlayer
---@param place LudoPlace
---@return LudoCell|nil
function LudoTokens:cell_of(player, place) end

---The player's start square.
---@param player LudoPlayer
---@return LudoCell
function LudoTokens:start(player) end

---The player's tokens on the cell (without a player: everyone's).
---@param cell LudoCell
---@param player? LudoPlayer
---@return integer
function LudoTokens:count(cell, player) end

---The kind of the special field on the cell; nil for a plain square.
---@param cell LudoCell
---@return string|nil
function LudoTokens:field(cell) end

---Whether the player's tokens on the cell cannot be captured.
---@param cell LudoCell
---@param player LudoPlayer
---@return boolean
function LudoTokens:protected(cell, player) end

---Sends the token (on the track or in its home column) back to its yard.
---@param player LudoPlayer
---@param token LudoToken
function LudoTokens:send_home(player, token) end

---Moves the token (on the track or in its home column) n squares along its way, back for
---n < 0, stopping at its start square or the goal; the landing rules apply where it
---stops, but not jumps or hooks.
---@param player LudoPlayer
---@param token LudoToken
---@param n integer
function LudoTokens:move_by(player, token, n) end

---The knobs of the Ludo base game (defaults in brackets).
---@class LudoParams
---@field players? integer players, 2..4 [4]
---@field tokens? integer tokens per player, 1..6 [4]
---@field die_sides? integer faces of the die, 2..6 [6]
---@field enter_on? integer the rolls that bring a token out, as digits: 6, 56, 123456 [6]
---@field six_must_enter? boolean a roll in enter_on must bring a token out when one can [false]
---@field extra_roll_on? integer the rolls that give another roll, as digits; 0 for none [6]
---@field three_sixes_forfeit? boolean the third extra roll in a row in a turn is forfeit [false]
---@field yard_tries? integer rolls per turn while no token is in play, 1..6 [1]
---@field track_length? integer squares of the common track, 8..80 [52]
---@field home_length? integer squares of each home column, 0..12 [5]
---@field finish? "exact"|"bounce" how a token reaches the goal ["exact"]
---@field own_token? "stack"|"next_square"|"block" landing on one's own token ["stack"]
---@field doubled_enemy? "capture_one"|"sends_mover_home" landing on two tokens of one opponent ["capture_one"]
---@field play_to_end? boolean play on until every player is ranked [false]
---@field max_plies? integer the game ends after this many plies, 0 for no limit [0]

---One kind of special field of a Ludo board. A kind with neither jump nor safety is
---custom: the on_land hook decides what landing on it does.
---@class LudoField
---@field cells integer[] its track squares, 1..track_length
---@field jump? "next_star"|"goal_after_last" move on to the next field of the kind (goal_after_last: from the last one to the goal)
---@field safe? boolean no capture on it
---@field safe_except_others_start? boolean safe, except on another player's start square

---A cell of a Ludo board's grid: {row, col}, row 1 at the top, column 1 at the left.
---@alias LudoGridCell integer[]

---The drawing of a Ludo board. Each entry of starts is a seat (colour: red, green, yellow,
---blue in the order of play), with its home column, goal and yard at the same index. The
---knobs must fit it: #track == track_length, each home column home_length cells, each
---yard at least tokens cells, a seat per player.
---@class LudoBoard
---@field rows integer rows of the grid, 1..64
---@field cols integer columns of the grid, 1..64
---@field track LudoGridCell[] the common track's cells in the direction of play
---@field starts integer[] each seat's start square, an index 1..#track into track (cell 1 of the fields is the first seat's)
---@field homes LudoGridCell[][] each seat's home column, from the track towards the goal
---@field goals LudoGridCell[] each seat's goal cell
---@field yards LudoGridCell[][] each seat's yard cells (at least tokens)
---@field excluded? LudoGridCell[] cells that are not part of the board

---The Ludo hooks.
---@class LudoHooks
---@field on_land? fun(t: LudoTokens, cell: LudoCell, kind: string) called when a token ends its move on a custom field

---The board view of mancala hooks (the mancala base game). Valid only during the hook call.
---@class MancalaBoard
local MancalaBoard = {}
---@param pit Pit
---@return integer
function MancalaBoard:count(pit) end
---@param pit Pit
---@return Player
function MancalaBoard:owner(pit) end
---@param pit Pit
---@return boolean
function MancalaBoard:is_store(pit) end
---The opponent's house facing a house, or nil.
---@param pit Pit
---@return Pit|nil
function MancalaBoard:opposite(pit) end
---@param player Player
---@return Pit
function MancalaBoard:store(player) end
---@param player Player
---@return integer
function MancalaBoard:house_count(player) end
---The pit of a player's house (1.. in their notation).
---@param player Player
---@param house integer
---@return Pit
function MancalaBoard:pit(player, house) end
---The house number of a house along its owner's, or nil for a store.
---@param pit Pit
---@return integer|nil
function MancalaBoard:house_of(pit) end
---The player who marked the pit (a tuzdik), or nil.
---@param pit Pit
---@return Player|nil
function MancalaBoard:mark(pit) end
---@param player Player
---@return integer
function MancalaBoard:seeds(player) end
---@return Player
function MancalaBoard:mover() end
---@param pit Pit
---@return integer
function MancalaBoard:take(pit) end
---@param pit Pit
---@param n integer
function MancalaBoard:add(pit, n) end
---Sows a house's seeds as the descriptor sows; returns the pit of the last seed, or nil.
---@param pit Pit
---@param opts? { player?: Player, direction?: "anticlockwise"|"clockwise", capture?: boolean }
---@return Pit|nil
function MancalaBoard:sow(pit, opts) end
---@return integer
function MancalaBoard:pits() end
---@return integer
function MancalaBoard:total() end
---@return integer
function MancalaBoard:ply() end

---The move context of mancala hooks.
---@class MancalaMove
---@field player Player the mover
---@field house integer the house moved, in the mover's notation
---@field origin Pit its pit
---@field seeds integer the seeds lifted from it
---@field direction "anticlockwise"|"clockwise"
---@field laps integer the lifts: 1, plus one for each relay
---@field lifts Pit[] the pit of each lift, origin first
---@field drops Pit[] the pit of every seed sown, in order
---@field dropped integer the seeds sown
---@field last Pit the pit of the last seed
---@field empty_before boolean the last pit was empty before the last seed

---The mancala hooks.
---@class MancalaHooks
---@field capture? fun(b: MancalaBoard, mv: MancalaMove) replaces the descriptor's captures
---@field after_sow? fun(b: MancalaBoard, mv: MancalaMove): boolean|nil after each sowing: nil (the rules decide), true (move again) or false

---The knobs of the mancala base game.
---@class MancalaParams
---@field houses? integer houses a row [6]
---@field seeds? integer seeds a house [4]
---@field max_plies? integer the ply limit [1000]

---A position test run by the tests and by `kalahlab variants check`.
---@class Example
---@field name? string which rule it pins
---@field from? string a position string [the start]
---@field play? string|(string|integer)[] moves: "3,1" or {"3", 1}
---@field want? string the position string after the moves
---@field legal? string|(string|integer)[] the legal moves after the moves, in order
---@field set? table<string, number|boolean|string> knobs for this example only: { houses = 5, seeds = 5 }

---@class VariantSpec
---@field extends? string the base game or variant this one changes (a name or a relative .lua path)
---@field name? string the variant's name [the file's path without .lua]
---@field summary? string one line for `variants list`
---@field description? string longer text for `variants show`
---@field family? string the family of games, for `variants list` [the parent's]
---@field region? string where the game is played, for `variants list` [the parent's]
---@field params? KalahParams|CheckersParams|TicTacToeParams|LudoParams|MancalaParams knob values of the base game
---@field fields? table<string, LudoField> Ludo: the special fields by kind ({} for none) [the parent's]
---@field board? LudoBoard|table Ludo: the board's drawing; mancala: { rows, houses, seeds, stores, start, pits, tracks } [the parent's]
---@field sowing? table mancala: { direction, stores, skip, origin_first, min_seeds, relay, take_at, take_at_owner, lap_captures, house_directions } [the parent's]
---@field captures? table[] mancala: capture rules tried in order ({ side, inner, empty_before, occupied, counts, even, not_house, take, with_last, need_seeds, need_opposite, all_occupied, opposite_counts, chain, grand_slam, chosen, from_ply, effect, resow_from, mark_once, mark_not_mirror }) [the parent's]
---@field ending? table mancala: { when, majority, remaining, repeats, on_repeat, left_at_most, rounds = { seeds, max }, keep_ply } [the parent's]
---@field moves? table mancala: { extra_turn, must_feed, pie_rule, pass, no_starve, opening = { plies, houses, each_house }, must, setup } [the parent's]
---@field hooks? KalahHooks|CheckersHooks|TicTacToeHooks|LudoHooks|MancalaHooks hook functions of the base game
---@field examples? Example[] position tests

---Declares a variant: end a script with `return variant { ... }`.
---@param spec VariantSpec
---@return VariantSpec
function variant(spec) end

---Loads a module of the script library (scripts/lib/NAME.lua), else of yours (NAME.lua or
---lib/NAME.lua in the script's folder or the scripts directory), once per Lua state.
---@param name string
---@return any
function require(name) end

---@class mancala
---@field other fun(p: Player): Player the other player
---@field house_of fun(b: Board, pit: Pit): integer the house number (1..n) of a house pit
---@field sweep fun(b: Board, p: Player): integer moves p's remaining seeds into p's store

---@alias GrandSlam "nothing"|"forbidden"|"all" what a capture of every seed on the opponent's side does

---@class oware
---@field capture fun(b: Board, last: Pit, grand_slam: GrandSlam) Oware's capture hook (2s and 3s, chained backwards)
---@field can_play fun(b: Board, house: integer, grand_slam: GrandSlam): boolean Oware's can_play hook (must feed; no grand slam when forbidden and another move exists)
---@field feeds fun(b: Board, house: integer): boolean whether the mover's house passes the must-feed rule
---@field is_grand_slam fun(b: Board, house: integer): boolean whether sowing the mover's house would capture every seed on the opponent's side

---@class ludo
---@field stars fun(): integer[] the cells of the default board's stars
---@field globes fun(): integer[] the cells of the default board's globes
---@field next_of_kind fun(t: LudoTokens, player: LudoPlayer, token: LudoToken, kind: string): integer|nil squares ahead to the next field of the kind on the token's way
