-- Two house rules some families play by: a six must bring a token out of the yard
-- while one is there (six_must_enter), and a token never stands on another of its own:
-- landing on one, it goes on to the next square free of its own tokens
-- (own_token = "next_square").
return variant {
  name    = "ludo/must-enter",
  extends = "ludo",
  summary = "Ludo where a six must bring a token out and tokens never stack",
  params  = { six_must_enter = true, own_token = "next_square" },
  examples = {
    {
      name = "with a six, the token in the yard is the only move",
      from = "R:10,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R6", legal = "b",
    },
    {
      name = "with every token out, a six moves any of them",
      from = "R:10,20,30,40 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R6", legal = "a b c d",
    },
    {
      name = "a token landing on its own goes on to the next free square (21 to 23)",
      from = "R:19,21,22,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:23,21,22,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "coming out onto its own token, it goes on to cell 2",
      from = "R:1,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R6", play = "b",
      want = "R:1,2,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?",
    },
  },
}
