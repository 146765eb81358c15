-- Ludo for two on a small board of its own: a grid of 8 rows and 7 columns whose border
-- is the common track of 26 squares, with home columns of 2 squares running towards the
-- middle of the board. Red (player 1) starts in the bottom row, second square from the
-- left, and runs clockwise; green (player 2) starts opposite, in the top row. Each home
-- column branches off from the middle of a short side: red's from the bottom (cell 25),
-- green's from the top (cell 12). Yards and goals fill the inside of the board.
--
-- The start, as `kalahlab play` draws it (o: a globe, *: a star, :: a home column;
-- rows 1..8 from the top, columns 1..7 from the left):
--
--     *  .  .  .  .  o  .        track (cells, from red's start): 1 {8,2}, 2 {8,1},
--     .        :  Ga Gb .        3..9 up the left column to {1,1}, 10..15 along the
--     .        :  Gc Gd .        top row to {1,7}, 16..22 down the right column to
--     .                 .        {8,7}, 23..26 back along the bottom row to {8,3}
--     .  Ra Rb          .        homes: red {7,4}, {6,4}, goal {5,4};
--     .  Rc Rd :        .               green {2,4}, {3,4}, goal {4,4}
--     .        :        .        globes on the start squares (cells 1 and 14), stars
--     .  o  .  .  .  .  *        in two corners, {1,1} and {8,7} (cells 9 and 22)
--
-- The knobs must fit the board: track_length = #track and home_length = the length of
-- each home column; a mismatch is an error naming this script and the line of the key.
return variant {
  name    = "ludo/small-board",
  extends = "ludo",
  summary = "Ludo for two on a small 8x7 board: a track of 26 squares, home columns of 2",
  params  = { players = 2, track_length = 26, home_length = 2 },
  fields  = {
    globe = { cells = { 1, 14 }, safe = true },
    star  = { cells = { 9, 22 }, jump = "next_star" },
  },
  board = {
    rows = 8, cols = 7,
    track = {
      {8, 2}, {8, 1},                                                -- 1, 2: red's start
      {7, 1}, {6, 1}, {5, 1}, {4, 1}, {3, 1}, {2, 1}, {1, 1},        -- 3..9
      {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7},                -- 10..15: green's start 14
      {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}, {8, 7},        -- 16..22
      {8, 6}, {8, 5}, {8, 4}, {8, 3},                                -- 23..26
    },
    starts = { 1, 14 },
    homes  = { { {7, 4}, {6, 4} }, { {2, 4}, {3, 4} } },
    goals  = { {5, 4}, {4, 4} },
    yards  = {
      { {5, 2}, {5, 3}, {6, 2}, {6, 3}, {7, 2}, {7, 3} },
      { {2, 5}, {2, 6}, {3, 5}, {3, 6}, {4, 5}, {4, 6} },
    },
    excluded = {
      {2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 2}, {4, 3},
      {5, 5}, {5, 6}, {6, 5}, {6, 6}, {7, 5}, {7, 6},
    },
  },
  examples = {
    {
      name = "green comes out on its start square (cell 14, halfway round) and rolls again",
      from = "R:0,0,0,0 G:0,0,0,0 G?", play = "6,a",
      want = "R:0,0,0,0 G:1,0,0,0 G?",
    },
    {
      name = "green's token wraps past the end of the 26-square track onto cell 3 and captures red's token there",
      from = "R:3,0,0,0 G:12,0,0,0 G4", play = "a",
      want = "R:0,0,0,0 G:16,0,0,0 R?",
    },
    {
      name = "red's home column has 2 squares: from cell 24, a four reaches the goal (place 28)",
      from = "R:24,0,0,0 G:0,0,0,0 R4", play = "a",
      want = "R:28,0,0,0 G:0,0,0,0 G?",
    },
    {
      name = "a token landing on the star in one corner (cell 9) jumps to the other (cell 22)",
      from = "R:5,0,0,0 G:0,0,0,0 R4", play = "a",
      want = "R:22,0,0,0 G:0,0,0,0 G?",
    },
  },
}
