-- Halusa, the game Thomas Hyde described near Baghdad, as a mancala descriptor.
--
-- Sources: the sources field below. Go: core/mancala.Halusa.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's and Mancala World's pages give no worked position.
return variant {
  name    = "mancala/halusa",
  extends = "mancala",
  family  = "mancala",
  region  = "West Asia",
  summary = "Halusa (Hyde 1694): even counts captured on the own side, must feed, passes",
  ludii   = "Halusa",
  sources = {
    "T. Hyde 1694, De Ludis Orientalibus: 226-230 (Ludii's ruleset \"Hyde\", ludii.games variant 211)",
    "Mancala World \"Halusa\"",
    "Murray 1951",
  },
  description = "Two rows of six holes, six counters each; the stores only hold captures. A move sows " ..
    "anticlockwise in a single lap. A last counter that makes one of the mover's own " ..
    "holes even captures it, and the holes before it on the mover's side while they hold " ..
    "an even number (an odd or empty hole stops the chain). A player whose row is empty " ..
    "must be fed: the opponent may only play moves that give them counters. A player who " ..
    "cannot move passes; when neither can, the last player who could move takes the " ..
    "counters left. Exact to Ludii's reading (Mancala World ends the game as soon as the " ..
    "player to move cannot move: the same without the pass). Cycles end on the third " ..
    "occurrence of a position since the last capture, the counters left split evenly (a " ..
    "safety net of ours).",
  board   = { rows = 2, houses = 6, seeds = 6 },
  sowing  = { stores = "none" },
  captures = {
    { side = "own", even = true, take = "pit", chain = "backward" },
  },
  moves   = { must_feed = true, pass = true },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "the last counter makes own hole 6 two; holes 5 (four) and 4 (two) go with it",
      from = "0,0,3,1,3,1,[0],1,1,1,1,1,1,[0] s", play = "3",
      want = "0,0,0,0,0,0,[8],1,1,1,1,1,1,[0] n",
    },
    {
      name = "an even count on the opponent's side captures nothing",
      from = "0,0,0,0,0,1,[0],1,1,1,1,1,1,[0] s", play = "6",
      want = "0,0,0,0,0,0,[0],2,1,1,1,1,1,[0] n",
    },
    {
      name = "North has nothing: North passes, and South must feed",
      from = "1,0,0,0,0,1,[10],0,0,0,0,0,0,[10] n", play = "pass", legal = "6",
    },
    {
      name = "neither can move: South, who moved last, takes the rest",
      from = "1,0,0,0,0,0,[10],0,0,0,0,0,0,[10] n",
      want = "0,0,0,0,0,0,[11],0,0,0,0,0,0,[10] -",
    },
  },
}
