-- Three in a row on a 4x4 board: a first-player win (X can always force a line),
-- quick to play and to solve. Knobs do it: no Lua runs in play.
return variant {
  name    = "tictactoe/4x4x3",
  extends = "tictactoe",
  summary = "Three in a row on a 4x4 board",
  params  = { rows = 4, cols = 4, k = 3 },
  examples = {
    {
      name = "three in a row wins on the bigger board",
      from = "..../..../oo../xx.. x", play = "c1", want = "..../..../oo../xxx. x-wins",
    },
    {
      name = "a line may start anywhere",
      from = "..../..../.oo./.xx. x", play = "d1", want = "..../..../.oo./.xxx x-wins",
    },
  },
}
