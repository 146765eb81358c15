-- Four in a row on a 5x5 board: a draw with best play. Knobs do it: no Lua runs in
-- play.
return variant {
  name    = "tictactoe/5x5x4",
  extends = "tictactoe",
  summary = "Four in a row on a 5x5 board",
  params  = { rows = 5, cols = 5, k = 4 },
  examples = {
    {
      name = "three in a row is not enough",
      from = "...../...../...../oo.../xx... x", play = "c1",
      want = "...../...../...../oo.../xxx.. o",
    },
    {
      name = "four in a row wins",
      from = "...../...../...../ooo../xxx.. x", play = "d1",
      want = "...../...../...../ooo../xxxx. x-wins",
    },
  },
}
