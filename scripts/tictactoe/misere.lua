-- Misère tic-tac-toe (notakto's ancestor): the player who completes three in a row
-- loses. A knob does it: no Lua runs in play.
return variant {
  name    = "tictactoe/misere",
  extends = "tictactoe",
  summary = "Tic-tac-toe where three in a row loses",
  params  = { misere = true },
  examples = {
    {
      name = "completing a line loses",
      from = ".../oo./xx. x", play = "c1", want = ".../oo./xxx o-wins",
    },
  },
}
