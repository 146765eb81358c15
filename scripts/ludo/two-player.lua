-- Ludo for two players, who sit opposite each other: red (player 1) starts on cell 1
-- and yellow (player 2) on cell 27, halfway round the track. Everything else is the
-- default game, stars and globes included.
return variant {
  name    = "ludo/two-player",
  extends = "ludo",
  summary = "Ludo for two players on opposite corners (red and yellow)",
  params  = { players = 2 },
  examples = {
    {
      name = "yellow rolls after red",
      from = "R:0,0,0,0 Y:0,0,0,0 R?", play = "5",
      want = "R:0,0,0,0 Y:0,0,0,0 Y?",
    },
    {
      name = "yellow comes out on its start square with a six, and rolls again",
      from = "R:0,0,0,0 Y:0,0,0,0 Y?", play = "6,a",
      want = "R:0,0,0,0 Y:1,0,0,0 Y?",
    },
    {
      name = "red captures yellow's token on cell 30 (yellow's place 4)",
      from = "R:28,0,0,0 Y:4,0,0,0 R2", play = "a",
      want = "R:30,0,0,0 Y:0,0,0,0 Y?",
    },
  },
}
