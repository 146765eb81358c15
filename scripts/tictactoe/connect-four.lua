-- Connect Four: seven columns of six; a mark drops to the lowest empty cell of its
-- column, so a move is a column letter ("d"; "d1" names the cell). Four in a row wins.
-- A first-player win with best play. Knobs do it: no Lua runs in play.
return variant {
  name    = "tictactoe/connect-four",
  extends = "tictactoe",
  summary = "Connect Four: 6 rows, 7 columns, four in a row, marks drop",
  params  = { rows = 6, cols = 7, k = 4, gravity = true },
  examples = {
    {
      name  = "every column is open at the start, at its bottom cell",
      legal = "a1 b1 c1 d1 e1 f1 g1",
    },
    {
      name = "marks stack up in a column",
      play = "d,d,d",
      want = "......./......./......./...x.../...o.../...x... o",
    },
    {
      name = "four up a column wins",
      play = "a,b,a,b,a,b,a",
      want = "......./......./x....../xo...../xo...../xo..... x-wins",
    },
  },
}
