-- Adjiboto, the Saramaka game of Suriname, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives the rules but no worked position.
return variant {
  name    = "mancala/adjiboto",
  extends = "mancala",
  family  = "mancala",
  region  = "South America",
  summary = "Adjiboto (Saramaka): every hole sown once first, the holes after the last taken at 1, 3 or 5",
  ludii   = "Adjiboto",
  sources = {
    "ludii.games/details.php?keyword=Adjiboto (after Herskovits 1929)",
    "the catalogue's \"Adjiboto\"",
  },
  description = "Two rows of five holes, ten counters each; no stores on the board are sown. A move " ..
    "lifts a hole's counters and sows them anticlockwise, the first one back into the " ..
    "emptied hole; a single counter is not sown. In the first ten turns each player must " ..
    "sow each of their five holes once, in any order. A last counter captures the holes " ..
    "after it, along the sowing and on either side, while they hold 1, 3 or 5 counters; " ..
    "there is no capture on the game's first move. Simplifications (as core/mancala's " ..
    "Adjiboto): in the source the player who cannot sow loses; here that player ends the " ..
    "game, the other takes the counters left, and the counters decide; the draw when a " ..
    "player's captures refill all five holes with ten is not modelled. Cycles: the third " ..
    "occurrence of a position since the last capture ends the game, the counters left " ..
    "split evenly (a choice of ours).",
  board   = { rows = 2, houses = 5, seeds = 10 },
  sowing  = { stores = "none", origin_first = true, min_seeds = 2 },
  captures = {
    { side = "any", counts = {1, 3, 5}, take = "after", from_ply = 1 },
  },
  moves   = { opening = { each_house = true } },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "each player sows each hole once first: South has used 3, North 2",
      play = "3 2", legal = "1 2 4 5",
    },
    {
      name = "the used holes are kept in the position",
      play = "3 2", want = "12,12,2,12,12,[0],12,2,12,12,12,[0] s used=3/2 ply=2",
    },
    {
      name = "hole 4's last counter falls in hole 5; the holes after it hold 3 and 5: taken",
      from = "0,0,0,2,0,[0],3,5,2,0,0,[0] s ply=5", play = "4",
      want = "0,0,0,1,1,[8],0,0,2,0,0,[0] n ply=6",
    },
    {
      name = "no capture on the game's first move",
      from = "0,0,0,2,0,[0],3,5,2,0,0,[0] s ply=0", play = "4",
      want = "0,0,0,1,1,[0],3,5,2,0,0,[0] n ply=1",
    },
  },
}
