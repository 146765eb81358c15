-- Layli Goobalay, the Somali game, as a mancala descriptor.
--
-- Sources: the sources field below. Go: core/mancala.LayliGoobalay.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Wikipedia's page gives no worked position.
return variant {
  name    = "mancala/layli-goobalay",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Layli Goobalay (Somalia): relay sowing, a three facing an own empty hole makes a pair of uurs",
  sources = {
    "Wikipedia \"Layli Goobalay\"",
    "Mancala World \"Layli Goobalay (short board)\", after R. Pankhurst 1971",
  },
  description = "Two rows of six holes, four seeds each (48); the stores only hold captures. A move " ..
    "sows anticlockwise and relays: a last seed in an occupied hole lifts it and sowing " ..
    "goes on, unless that hole is an uur. A last seed in an empty hole of the mover, " ..
    "facing an opponent hole that holds seeds and is no uur, captures: when that hole " ..
    "holds exactly three, one of them moves into the mover's hole and both holes, two " ..
    "seeds each, become uurs of the mover (kept pits: never sown from, never captured, a " ..
    "relay stops in them, and they keep what is sown into them); otherwise the opponent's " ..
    "seeds and the capturing seed go to the mover's store. The game ends when the player " ..
    "to move cannot move; each player then takes their own uurs, wherever they are, and " ..
    "the other seeds of their row. Exact to the catalogue. Readings: Wikipedia's \"removed " ..
    "from the game\" is Mancala World's \"captured by the player\"; an uur facing the last " ..
    "hole protects its seeds (\"an uur may never be emptied\", Mancala World's long-board " ..
    "page). Cycles end on the third occurrence of a position since the last capture, the " ..
    "seeds left split evenly (a safety net of ours). Positions show the uurs as " ..
    "kept=2:s,12:s, the board as 2S.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", relay = "occupied" },
  captures = {
    { side = "own", empty_before = true, take = "opposite", opposite_counts = {3}, effect = "keep_pair" },
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  ending  = { when = "cannot_move", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "six holes of four", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "the last seed in empty hole 2 faces a three: one seed moves over, both holes become South's uurs",
      from = "1,0,0,0,0,0,[0],1,1,1,1,3,1,[0] s", play = "1",
      want = "0,2,0,0,0,0,[0],1,1,1,1,2,1,[0] n kept=2:s,12:s",
    },
    {
      name = "facing two, not three: the two and the capturing seed are taken",
      from = "1,0,0,0,0,0,[0],1,1,1,1,2,1,[0] s", play = "1",
      want = "0,0,0,0,0,0,[3],1,1,1,1,0,1,[0] n",
    },
    {
      name = "the last seed makes hole 2 two: it relays on and captures from empty hole 4",
      from = "1,1,0,0,0,0,[0],1,1,2,1,1,1,[0] s", play = "1",
      want = "0,0,1,0,0,0,[3],1,1,0,1,1,1,[0] n",
    },
    {
      name = "a last seed in an uur stops there: no relay",
      from = "0,0,0,2,1,2,[0],2,1,1,1,1,1,[0] s kept=6:n,8:n", play = "4",
      want = "0,0,0,0,2,3,[0],2,1,1,1,1,1,[0] n kept=6:n,8:n",
    },
    {
      name = "an uur is never sown from",
      from = "0,2,3,0,0,0,[0],1,1,1,1,2,1,[0] s kept=2:s,12:s", legal = "3",
    },
    {
      name = "North cannot move: each takes their uurs and the seeds of their row",
      from = "0,2,0,0,0,1,[10],0,0,0,0,2,0,[30] n kept=2:s,12:s",
      want = "0,0,0,0,0,0,[15],0,0,0,0,0,0,[30] - kept=2:s,12:s",
    },
  },
}
