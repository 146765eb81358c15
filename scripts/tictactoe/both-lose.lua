-- A full board without a line is a loss for both players (returns -1, -1) instead of a
-- draw, so that a player who cannot win still prefers the opponent to. A knob does it:
-- no Lua runs in play.
return variant {
  name    = "tictactoe/both-lose",
  extends = "tictactoe",
  summary = "Tic-tac-toe where a full board loses for both players",
  params  = { full_board = "both_lose" },
  examples = {
    {
      name = "a full board without a line",
      from = "xox/xoo/ox. x", play = "c1", want = "xox/xoo/oxx both-lose",
    },
    {
      name = "a line on the last cell still wins",
      from = "xoo/oxx/xo. x", play = "c1", want = "xoo/oxx/xox x-wins",
    },
  },
}
