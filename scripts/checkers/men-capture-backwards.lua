-- Men capture backwards as well as forwards (they still move forwards only), as in
-- Brazilian, International and Russian draughts. A knob does it: no Lua runs in play.
return variant {
  name    = "checkers/men-capture-backwards",
  extends = "checkers",
  summary = "English checkers where men also capture backwards",
  params  = { men_capture_backwards = true },
  examples = {
    {
      name  = "a man must capture the piece behind it",
      from  = "B:W10:B14", legal = "14x7",
    },
    {
      name = "the backward capture",
      from = "B:W10,22:B14", play = "14x7", want = "W:W22:B7",
    },
  },
}
