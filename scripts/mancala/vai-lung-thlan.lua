-- Vai Lung Thlan, the Mizo game of Mizoram (north-east India), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; awale.info and Mancala World give figures without counts in their
-- text.
return variant {
  name    = "mancala/vai-lung-thlan",
  extends = "mancala",
  family  = "mancala",
  region  = "South Asia",
  summary = "Vai Lung Thlan: clockwise single laps, chains of singletons captured on either side",
  ludii   = "Vai Lung Thlan",
  sources = {
    "mancala.fandom.com/wiki/Vai_Lung_Thlan",
    "iggamecenter.com/rules/vailungthlan",
    "awale.info",
  },
  description = "Two rows of six houses, five seeds each; the stores only hold captures. Sowing goes " ..
    "clockwise, in single laps (no relay). A last seed that falls in an empty house, on " ..
    "either side, captures it and the unbroken chain of single seeds behind it along the " ..
    "sowing, across both rows. A player without seeds passes; the game goes on until the " ..
    "board is empty. Cycles: the third occurrence of a position since the last capture " ..
    "ends the game, the seeds left split evenly (a choice of ours).",
  board   = { rows = 2, houses = 6, seeds = 5 },
  sowing  = { direction = "clockwise", stores = "none" },
  captures = {
    { side = "any", counts = {1}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "a last seed in an empty house takes the chain of singletons behind it",
      from = "0,0,0,0,3,0,[0],0,0,0,0,0,2,[0] s", play = "5",
      want = "0,0,0,0,0,0,[3],0,0,0,0,0,2,[0] n",
    },
    {
      name = "a player without seeds passes",
      from = "0,0,0,0,0,0,[3],0,0,0,0,2,2,[0] s", legal = "pass",
    },
    {
      name = "the game ends when the board is empty",
      from = "0,0,0,0,0,0,[3],0,0,0,0,0,2,[0] n", play = "6",
      want = "0,0,0,0,0,0,[3],0,0,0,0,0,0,[2] -",
    },
  },
}
