-- English checkers rules on the 10x10 board of International draughts: 50 dark squares,
-- four rows of five men a side (Black on 1-20, White on 31-50), short kings and the
-- free choice among captures. Only the board is International: see
-- checkers/flying-kings and the men_capture_backwards and max_capture knobs for the
-- rest. Knobs do it: no Lua runs in play.
return variant {
  name    = "checkers/10x10",
  extends = "checkers",
  summary = "English checkers rules on a 10x10 board, 20 men a side",
  params  = { size = 10, man_rows = 4 },
  examples = {
    {
      name = "the start: four rows of men, Black to move",
      want = "B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    },
    {
      name  = "Black's opening moves, from its fourth row",
      legal = "16-21 17-21 17-22 18-22 18-23 19-23 19-24 20-24 20-25",
    },
    {
      name = "a man is crowned on the tenth row",
      from = "B:W31:B42", play = "42-47", want = "W:W31:BK47",
    },
  },
}
