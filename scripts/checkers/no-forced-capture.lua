-- Capturing is optional: a player who can capture may make a plain move instead. A
-- capture, once started, still goes on while the piece can jump. (In the old "huffing"
-- rule the opponent could then remove the piece that failed to capture; here nothing
-- happens.) A knob does it: no Lua runs in play.
return variant {
  name    = "checkers/no-forced-capture",
  extends = "checkers",
  summary = "English checkers where capturing is optional",
  params  = { must_capture = false },
  examples = {
    {
      name  = "a plain move is legal beside a capture",
      from  = "B:W18:B14", legal = "14-17 14x23",
    },
    {
      name = "declining the capture",
      from = "B:W18:B14", play = "14-17", want = "W:W18:B17",
    },
  },
}
