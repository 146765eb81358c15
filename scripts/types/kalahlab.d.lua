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
---The first and last pit of a player's houses (boards whose houses are consecutive pits).
---@param player Player
---@return Pit, Pit
function MancalaBoard:houses(player) end
---@return integer
function MancalaBoard:rows() end
---The house behind an inner house on four rows (its owner's outer house in its column), or nil.
---@param pit Pit
---@return Pit|nil
function MancalaBoard:behind(pit) end
---The pit after a pit on a player's lap (where their next seed would fall), or nil.
---@param pit Pit
---@param opts? MancalaTrackOpts
---@return Pit|nil
function MancalaBoard:next(pit, opts) end
---The pit before a pit on a player's lap, or nil.
---@param pit Pit
---@param opts? MancalaTrackOpts
---@return Pit|nil
function MancalaBoard:prev(pit, opts) end
---The pit n steps on along a player's lap (n < 0: back), counting the pits opts.skip does not pass over, or nil.
---@param pit Pit
---@param n integer
---@param opts? MancalaTrackOpts
---@return Pit|nil
function MancalaBoard:walk(pit, n, opts) end
---The houses in a house's column, both players', from the top row down; nil for a store.
---@param pit Pit
---@return Pit[]|nil
function MancalaBoard:column(pit) end
---Whether a pit takes part this round (not out of play).
---@param pit Pit
---@return boolean
function MancalaBoard:in_play(pit) end

---The options of the track helpers.
---@class MancalaTrackOpts
---@field player? Player whose lap (default: the mover)
---@field direction? "anticlockwise"|"clockwise" default: the move's, else the game's
---@field houses? boolean count houses only
---@field skip? fun(pit: Pit): boolean b:walk only: the pits to pass over uncounted

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
---@field store_passes integer the seeds the move so far has sown into the mover's store
---@field passed_store boolean the move has passed the mover's store

---The mancala hooks.
---@class MancalaHooks
---@field capture? fun(b: MancalaBoard, mv: MancalaMove) replaces the descriptor's captures
---@field after_sow? fun(b: MancalaBoard, mv: MancalaMove): boolean|nil after each sowing: nil (the rules decide), true (move again) or false
---@field extra_turn? fun(b: MancalaBoard, last: Pit|nil, mv: MancalaMove): boolean|nil after each sowing, before after_sow: true (move again), false, or nil (the rules decide)
---@field can_play? fun(b: MancalaBoard, house: integer, direction: "anticlockwise"|"clockwise"): boolean whether a sowing the descriptor allows stays legal (read-only)
---@field is_over? fun(b: MancalaBoard): boolean|nil after each move: true (over), false (not over) or nil (the descriptor's end rules) (read-only)
---@field final_scores? fun(b: MancalaBoard): integer|integer[]|nil, integer|nil the final scores (return s1, s2 or { s1, s2 }), or nil for the descriptor's count

---The knobs of the mancala base game.
---@class MancalaParams
---@field houses? integer houses a row [6]
---@field seeds? integer seeds a house [4]
---@field max_plies? integer the ply limit [1000]

-- BEGIN mancala descriptor schema: generated from variants/mancala_schema.go by `go generate ./variants`; do not edit

---The board table: a mancala descriptor's board (core/mancala's Board, built by TwoRows, FourRows, OneRow, TwoRowsLeft, WithoutStores and WithSeeds).
---@class MancalaBoardTable
---@field rows? integer 1, 2 or 4 rows of houses, sized by the knobs: one row of 2 × `houses`, South's half on the left, both sowing left to right into their store at the row's end; with 4 each player sows around their own two rows (houses 1..h the inner row from the player's right, h+1..2h the outer row from their left); with `pits`, 1..6 [2]
---@field houses? integer the variant's value of the `houses` knob; with `pits`, the board's width (required) [the knob]
---@field seeds? integer the variant's value of the `seeds` knob: the seeds each house starts with [the knob]
---@field pits? MancalaPit[] every pit: `{ owner = 1 or 2, store = true or nil, row = 1.. (from the top), col = 1..houses (a store: 0, left, or houses + 1, right), seeds = n or nil (the knob) }`; one store a player, or none [the layout's]
---@field tracks? integer[][] `{ {pits...}, {pits...} }`: each player's lap, the pits they sow into anticlockwise (clockwise walks it backwards); it must list every house the player owns, and a player's houses are numbered 1.. in its order (the move notation). Required with `pits` [the layout's]
---@field stores? boolean|"right"|"left"|"none" where the stores sit: `"right"` (or `true`): each player's store at their right end, after their houses (Kalah's board); `"left"`: at their left (two rows only; Congkak's board, for clockwise sowing: [Which way a lap reaches the store](#which-way-a-lap-reaches-the-store)); the pits keep their order (South's houses from South's left, South's store, North's houses from North's left, North's store), and each player's house 1 is the one next to their store; `"none"` (or `false`): no stores on the board (Pallanguzhi, Hus); the engine keeps each player's captures off it, as the last two pits of the position string (South's, then North's). A board with `pits` has the stores it lists (or none): leave `stores` out ["right"]
---@field start? MancalaFill[] uneven start counts: fills applied in order to each player's houses, numbered along their track, the houses no fill names empty. `{ houses = RANGE, seeds = n }` puts n (default: the knob) in each house of RANGE; `{ deal = TOTAL, by = n, from = HOUSE }` deals TOTAL seeds n at a time (default: the knob; a remainder under n is not dealt) from HOUSE (default 1) on along the track [the `seeds` knob everywhere]

---The sowing table: a mancala descriptor's sowing (core/mancala's Sowing).
---@class MancalaSowing
---@field direction? "anticlockwise"|"clockwise"|"chosen" `"anticlockwise"`, `"clockwise"` or `"chosen"` (the mover picks with each move: `3R`, `3L`). With the stores at the players' right (the default board), a clockwise lap reaches the own store only after the opponent's row: a rule book's clockwise game with its stores at the left takes `board.stores = "left"`, or is written as its mirror image, `"anticlockwise"` ([Which way a lap reaches the store](#which-way-a-lap-reaches-the-store)) ["anticlockwise"]
---@field stores? "own"|"none"|"all" the stores sown into: `"own"`, `"none"` (they only hold captures) or `"all"` ["own"]
---@field skip? "origin" `"origin"`: a lap skips the house the seeds came from (Oware, from 12 seeds) [nil]
---@field origin_first? boolean the first seed goes back into the emptied house; a single seed moves on (Toguz Kumalak) [false]
---@field min_seeds? integer the fewest seeds a house is sown from [1]
---@field relay? boolean|"occupied"|"own_side"|"next" `true` or `"occupied"`: a last seed in an occupied house lifts its seeds and sowing goes on, the way the move went; `"own_side"`: only in the mover's own houses (an occupied opponent house ends the move); `"next"`: the pit after it along the sowing is lifted instead, and an empty one ends the move (Gabata). A move sows at most 4,096 laps (`mancala.MaxRelay`): the captures are tried at the last one's end as at any other's, but no relay or re-sowing follows it [false]
---@field take_at? integer a count (Pallanguzhi, Ba-awa: 4): a seed that brings a house to exactly that many empties it at once into the sower's store, and the sowing goes on; a last seed doing so ends the move (no relay, no capture) [nil]
---@field take_at_owner? boolean `take_at`'s seeds go to the house's owner instead of the sower (needs `take_at`) [false]
---@field skip_count? integer a count: the sowing passes over every house holding exactly that many seeds when a seed reaches it (no seed falls in it; the next pit takes the seed), judged seed by seed on the counts as the sowing leaves them; not with `take_at` [nil]
---@field lap_captures? boolean the captures are tried at the end of every lap, before the relay (Enkeshui's bulls); on by itself with `take_at`, relay `"own_side"` or `"next"`, `moves.must`, `ending.rounds` and the capture keys from `occupied` on [false]
---@field house_directions? ("anticlockwise"|"clockwise"|"chosen")[] a direction for each house number, the same list for both players: `{ "clockwise", "clockwise", "chosen", "anticlockwise", "anticlockwise" }` (one entry a house; `direction` stays `"anticlockwise"`); a `"chosen"` house is moved as `3R` / `3L` [nil]

---The captures[] table: a capture rule of a mancala descriptor (core/mancala's Capture); the rules are tried in order.
---@class MancalaCapture
---@field side? "own"|"opponent"|"any" whose house the last seed must fall in: `"own"`, `"opponent"` or `"any"` ["own"]
---@field inner? boolean the last pit must be in a row facing the opponent (four rows) [false]
---@field empty_before? boolean the last pit was empty before the last seed [false]
---@field counts? integer[] the counts the last pit may hold after sowing, `{2, 3}` [any]
---@field even? boolean an even count in the last pit [false]
---@field not_house? integer a house number (of the pit's owner) where the rule never applies [none]
---@field houses? integer[] the house numbers (of the pit's owner) where the rule applies, `{3}` (Kara: the mover's rightmost hole) [any]
---@field take? "opposite"|"column"|"pit"|"next"|"after" what is taken: `"opposite"` (the facing opponent house), `"column"` (every opponent house of the column), `"pit"` (the last pit), `"next"` (the house after the last pit along the sowing) or `"after"` (the houses after it while each meets `side`, `counts` and `even`) ["opposite"]
---@field with_last? boolean the last pit's seeds are taken too (the capturing seed) [false]
---@field need_seeds? boolean no capture when the taken pits (the last one aside) are empty [false]
---@field chain? "backward"|"forward" `"backward"` or `"forward"`: a `take = "pit"` capture goes on along the sowing while each pit meets `side`, `counts` and `even` [nil]
---@field grand_slam? "nothing" `"nothing"`: a capture that would take every seed of the opponent takes nothing [nil]
---@field effect? "seeds"|"mark"|"resow"|"keep_pair" `"seeds"` to the mover's store; `"mark"`: the pit becomes the mover's for good, and seeds sown into it go to their store (`take = "pit"`); `"resow"`: the taken seeds are sown on from `resow_from`, and the last seed of that lap is treated like any other (capture, relay); `"keep_pair"`: one seed moves from the taken pit into the last pit and both become the mover's kept pits (never sown from or captured, a lap ending in one stops there; `take = "opposite"` or `"next"`) ["seeds"]
---@field mark_once? boolean one mark a player a game (`effect = "mark"`) [false]
---@field mark_not_mirror? boolean never the house with the number of the opponent's mark (`effect = "mark"`) [false]
---@field occupied? boolean the last pit held seeds before the last seed (the capture is tried before the relay) [false]
---@field need_opposite? boolean no capture when the opponent house facing the last pit is empty [false]
---@field all_occupied? boolean no capture unless every taken pit (the last aside) holds seeds [false]
---@field chosen? boolean the capture also takes one opponent house of the mover's choice, named in the move: `"12>3"` sows house 12 and takes the opponent's house 3 too; such a move is listed once for each opponent house holding seeds after the capture (`effect = "seeds"`) [false]
---@field from_ply? integer the rule applies only from this ply of the round's play on, counted from 0 (1: not on the first move) [0]
---@field resow_from? "after_last"|"lap_start"|"track_start" where `"resow"` seeds start: `"after_last"` (the pit after the last one: Hus, Owela), `"lap_start"` (the pit that took the capturing lap's first seed: Omweso) or `"track_start"` (the mover's first house in the move's direction, a kichwa: Bao) ["after_last"]
---@field opposite_counts? integer[] the counts the opponent house facing the last pit must hold before the capture, `{3}` [any]
---@field opposite_empty? boolean no capture unless the opponent house facing the last pit is empty (Sute); a last pit facing no house fails [false]
---@field to_owner? boolean the taken seeds go to the store of the last pit's owner rather than the mover's (Enindji); with `effect = "seeds"` only, no `chosen` [false]

---The ending table: a mancala descriptor's ending (core/mancala's End, KeepPly and Rounds; End.MaxPlies is the max_plies knob).
---@class MancalaEnding
---@field when? "side_empty"|"cannot_move" `"side_empty"` (either player's houses are empty) or `"cannot_move"` (the player to move has no move) ["side_empty"]
---@field majority? boolean the game ends as soon as a store holds more than half the seeds; the seeds left do not count [false]
---@field remaining? "owner"|"discard"|"other"|"split"|"emptied"|"starter" the seeds left in houses: to their `"owner"`, `"discard"`ed, to the `"other"` player (not to move), `"split"` evenly (scores in halves), to the player whose houses are `"emptied"` (neither or both: each their own), or to the round's `"starter"` ["owner"]
---@field repeats? integer the game ends when a position occurs this many times since the last capture (2: its first recurrence; 0: never) [0]
---@field on_repeat? "owner"|"discard"|"other"|"split"|"emptied"|"starter" the seeds left then, as `remaining` ["owner"]
---@field left_at_most? integer the round (the game) also ends when the houses hold this many seeds or fewer in all; they go as `remaining` says (Ba-awa: 8) [nil]
---@field each_at_most? integer the round (the game) also ends when no house holds more than this many seeds; they go as `remaining` says (the Ndyuka Awari: 1) [nil]
---@field rounds? MancalaRounds a match of rounds, `{ seeds = n, max = m }`: when a round ends (not by a repetition or `max_plies`, which end the match) the seeds left count as `remaining` says, and each player refills their houses in track order with n seeds each (default: the `seeds` knob) from their store; houses they cannot fill are out of play for the round (`out=PIT,...` in the position). The players take turns to start rounds; the match ends when a player cannot fill one house, or after m rounds (default: no limit); the stores are the scores. `remaining` must keep the seeds (not `"discard"` or `"split"`) [nil]
---@field keep_ply? boolean the position string carries the ply count (`ply=N`), so a parsed position keeps `max_plies` where it was; on by itself with `moves.opening`, `moves.setup`, `rounds` or a `from_ply` [false]

---The moves table: a mancala descriptor's move rules (core/mancala's ExtraTurn, MustFeed, PieRule, Pass, NoStarve, NoGrandSlam, Opening, Must and Setup).
---@class MancalaMoves
---@field extra_turn? boolean a last seed in the own store gives another move [false]
---@field must_feed? boolean when the opponent has no seeds, only moves that give them some are legal [false]
---@field pie_rule? boolean the second player may `swap` sides at their first turn [false]
---@field pass? boolean a player who cannot sow passes while the opponent can (needs `ending.when = "cannot_move"`) [false]
---@field no_starve? boolean a move that leaves the opponent's houses empty is legal only when every move does, and then only those that leave the mover seeds (Awari); unlike `must_feed` it holds whether or not the opponent is empty now [false]
---@field no_grand_slam? boolean a move whose capture is a grand slam refused by `grand_slam = "nothing"` (it would take every seed of the opponent) is legal only when every move is one, and then captures nothing (Oware's forbidden reading: `oware/grand-slam-forbidden`) [false]
---@field opening? MancalaOpening the first moves of each round: `{ plies = n, houses = { RANGE, ... } }` allows only those house numbers in the first n plies (Dabuda: `{ plies = 1, houses = { "h-3..h" } }`); `{ each_house = true }`: each player's first moves sow every one of their houses once, in any order (Adjiboto) [nil]
---@field must? "any"|"reach_or_empty"|"leave_seeds"|"lap_leaves_seeds" a condition every move meets after the opening; a player with none of them cannot move. `"reach_or_empty"`: a move's first lap must drop a seed in an opponent house or end in an own empty house (Dabuda); `"leave_seeds"`: a move must leave the opponent seeds, with no exception (Fondji; `no_starve` is the rule with one); `"lap_leaves_seeds"`: the same judged when the first lap and its captures are done, before any relay or re-sowing (Foji) ["any"]
---@field setup? integer a placement phase of up to n moves a player (1..255) before play: `"2>5"` moves one seed from the mover's house 2 to their house 5, `"done"` ends the player's setup; South, then North, then South starts play (no constraint on the arrangement is checked) [nil]

---The board.pits[] table: a pit of a board that lists its pits.
---@class MancalaPit
---@field owner? 1|2 the player owning the pit [required]
---@field store? boolean the pit is its owner's store [false]
---@field row? integer its row, 1.. from the top [required]
---@field col? integer its column, 1..houses (a store: 0, left, or houses + 1, right) [required]
---@field seeds? integer the seeds it starts with [the knob (a store: 0)]

---The board.start[] table: a fill of board.start: a range of houses, or seeds dealt along the track.
---@class MancalaFill
---@field houses? integer|string a RANGE of house numbers, such as "1..h/2" [nil]
---@field seeds? integer the seeds each house of the range takes [the knob]
---@field deal? integer|string a TOTAL of seeds dealt along the track, such as "3h-2" [nil]
---@field by? integer the seeds a house takes in a deal [the knob]
---@field from? integer|string the HOUSE a deal starts from [1]

---The ending.rounds table: a match of rounds (core/mancala's Rounds).
---@class MancalaRounds
---@field seeds? integer the seeds a house takes at a new round [the `seeds` knob]
---@field max? integer the most rounds a match has [no limit]

---The moves.opening table: the opening rules (core/mancala's Opening).
---@class MancalaOpening
---@field plies? integer the plies of each round's play during which only `houses` may be sown [0]
---@field houses? (integer|string)[] the house numbers (or RANGEs in h) allowed in those plies, such as `{ "h-3..h" }` [nil]
---@field each_house? boolean each player's first moves sow every one of their houses once, in any order [false]

-- END mancala descriptor schema

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
---@field ludii? string the Ludii ruleset this script corresponds to, by name (`"Kalah"`), for `variants show`
---@field sources? string[] the books, papers, field reports and pages the rules come from, for `variants show`
---@field params? KalahParams|CheckersParams|TicTacToeParams|LudoParams|MancalaParams knob values of the base game
---@field fields? table<string, LudoField> Ludo: the special fields by kind ({} for none) [the parent's]
---@field board? LudoBoard|MancalaBoardTable Ludo: the board's drawing; mancala: the board [the parent's]
---@field sowing? MancalaSowing mancala: the sowing [the parent's]
---@field captures? MancalaCapture[] mancala: capture rules tried in order [the parent's]
---@field ending? MancalaEnding mancala: the end of the game [the parent's]
---@field moves? MancalaMoves mancala: the move rules [the parent's]
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

---@class ludo
---@field stars fun(): integer[] the cells of the default board's stars
---@field globes fun(): integer[] the cells of the default board's globes
---@field next_of_kind fun(t: LudoTokens, player: LudoPlayer, token: LudoToken, kind: string): integer|nil squares ahead to the next field of the kind on the token's way
