-- Ludo on a plain board: no stars and no globes. `fields = {}` clears the special
-- fields of the board it extends, so a token can be captured on any square of the
-- common track, start squares included, and nothing jumps.
return variant {
  name    = "ludo/classic",
  extends = "ludo",
  summary = "Ludo without special fields: no stars, no globes",
  fields  = {},
  examples = {
    {
      name = "cell 5 is a plain square: no jump to the next star",
      from = "R:3,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:5,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "cell 9 is no globe: green's token there is captured",
      from = "R:7,0,0,0 G:48,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:9,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "nor is a start square: coming out on a six captures the token on it",
      from = "R:0,0,0,0 G:40,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?", play = "6,a",
      want = "R:1,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?",
    },
  },
}
