-- Omweso (Mweso), the Ganda game of Uganda, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; a copy of an Omweso walk-through names holes by letter (Lower's 4
-- seeds from m relay to h and capture A and I, sown on from m) but not the whole
-- position.
return variant {
  name    = "mancala/omweso",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Omweso (Ganda), simplified: a setup phase, relay, captured columns sown on from the lap's start",
  ludii   = "Mweso",
  sources = {
    "Ludii's `four_rows/Mweso.lud` (after Shackell 1934)",
    "Wikipedia \"Omweso\" (via piglix.com and wikisum.wiki)",
    "the catalogue's \"Omweso\"",
  },
  description = "Four rows of eight holes; each player owns the two rows on their side and sows " ..
    "around them, anticlockwise; there are no stores; each player has 32 seeds. Relay " ..
    "sowing from holes of two seeds or more. A last seed in an occupied hole of the " ..
    "mover's inner row whose two opponent holes in the column both hold seeds captures " ..
    "them, and the captured seeds are sown on from the hole that took the first seed of " ..
    "the capturing lap. The player who cannot move loses: the other takes every seed. " ..
    "Simplifications (as core/mancala's Omweso): the seeds start two a hole, and each " ..
    "player then moves up to eight seeds one at a time between their own holes (\"1>2\" " ..
    "moves a seed from hole 1 to hole 2; \"done\" ends the setup), South first, North " ..
    "seeing South's arrangement, instead of placing all 32 freely and at once. Missing: " ..
    "the clockwise captures from the four left holes. Relays can cycle: the third " ..
    "occurrence of a position since the last capture ends the game, the seeds left split " ..
    "evenly (a choice of ours).",
  board   = { rows = 4, houses = 8, seeds = 2, stores = false },
  sowing  = { stores = "none", min_seeds = 2, relay = true },
  captures = {
    { side = "own", inner = true, occupied = true, take = "column", all_occupied = true,
      effect = "resow", resow_from = "lap_start" },
  },
  moves   = { setup = 8 },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "a setup move carries one seed between South's own holes",
      play = "1>2",
      want = "1,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s setup=7,8 ply=1 played=0",
    },
    {
      name = "done ends a player's setup; when both are done South starts play",
      play = "1>2 done done",
      want = "1,3,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s ply=3 played=0",
    },
    {
      name = "hole 1 sows holes 2 and 3; North's column of hole 3 (3 and 2) is captured and sown on "
          .. "from hole 2, the first hole of the capturing lap",
      from = "2,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,2,0,0,0,0,2,[0],[0] s ply=3 played=0",
      play = "1",
      want = "0,2,3,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] n ply=4 played=1",
    },
  },
}
