-- Checkers without kings: a man that reaches the far row stays a man, and as men only
-- move forwards it can move no more. The on_promote hook runs when a man is crowned
-- (square is where it stands, b:mover() the player who moved) and uncrowns it.
return variant {
  name    = "checkers/no-kings",
  extends = "checkers",
  summary = "English checkers where men are never crowned",
  hooks = {
    on_promote = function(b, square)
      b:uncrown(square)
    end,
  },
  examples = {
    {
      name = "a man on the far row stays a man",
      from = "B:W12:B25", play = "25-29", want = "W:W12:B29",
    },
    {
      name  = "and cannot move",
      from  = "B:W12:B25", play = "25-29,12-8", legal = "",
      want  = "B:W8:B29 winner=W",
    },
  },
}
