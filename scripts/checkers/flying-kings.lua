-- Flying kings: a king moves any distance along an empty diagonal, and captures a piece
-- at any distance, landing on any empty square beyond it (the king of Brazilian,
-- International and Russian draughts). Men still move and capture one square forward.
-- A knob does it: no Lua runs in play.
return variant {
  name    = "checkers/flying-kings",
  extends = "checkers",
  summary = "English checkers whose kings fly along the diagonals",
  params  = { flying_kings = true },
  examples = {
    {
      name  = "a king in the corner moves anywhere along the long diagonal",
      from  = "W:WK29:B1", legal = "29-4 29-8 29-11 29-15 29-18 29-22 29-25",
    },
    {
      name  = "a king captures from afar and lands on any empty square beyond",
      from  = "W:WK29:B1,15", legal = "29x4 29x8 29x11",
    },
    {
      name = "the captured piece leaves the board",
      from = "W:WK29:B1,15", play = "29x8", want = "B:WK8:B1",
    },
  },
}
