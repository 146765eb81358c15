-- Ntyéngé, the game of the Mbenge of Gabon, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and ours agree rule for rule: the board, the sowing (a lap of 16
-- counters or more sows its own hole too, as Ludii's sowing does), the capture of the
-- last hole alone on either row, the pass of a player without counters and the end
-- when every counter is taken.
--
-- Examples: ours (Trilles, as Ludii gives him, has no worked position).
return variant {
  name    = "mancala/ntyenge",
  extends = "mancala",
  family  = "mancala",
  region  = "Central Africa",
  summary = "Ntyenge (Gabon): 2x8, a last counter making 2 or 4 in its hole, on either row, takes it",
  ludii   = "Ntyenge",
  sources = {
    "H. Trilles 1932, Les Pygmées de la forêt équatoriale: 399-400",
    "Ludii's ruleset \"Ntyenge\" (two_rows/Ntyenge.lud, DLP id 1346)",
  },
  description = "Two rows of eight holes, four counters each (64); the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, round the board if need be (the hole it started from gets one too). " ..
    "When the last counter makes 2 or 4 in its hole, on either row, the mover takes that " ..
    "hole's counters (that hole only). A player with no counters in their row passes. The " ..
    "game ends when every counter has been taken; the most counters wins. Our safety net: " ..
    "the max_plies knob ends an endless game, the counters left on the board not counted.",
  board   = { rows = 2, houses = 8, seeds = 4 },
  sowing  = { stores = "none" },
  captures = {
    { side = "any", counts = {2, 4}, take = "pit" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "discard" },
  examples = {
    { name = "two rows of eight holes, four counters each", want = "4,4,4,4,4,4,4,4,[0],4,4,4,4,4,4,4,4,[0] s" },
    {
      name = "four counters from hole 1 make five in holes 2..5: no capture",
      play = "1", want = "0,5,5,5,5,4,4,4,[0],4,4,4,4,4,4,4,4,[0] n",
    },
    {
      name = "the last counter makes 2 in North's hole 2: taken, and only it (North's hole 1, also 2, stays)",
      from = "0,0,0,0,0,0,0,2,[0],1,1,0,0,0,0,0,3,[0] s", play = "8",
      want = "0,0,0,0,0,0,0,0,[2],2,0,0,0,0,0,0,3,[0] n",
    },
    {
      name = "a last counter making 4 in the mover's own row is taken too",
      from = "3,0,0,3,0,0,0,0,[0],0,0,0,0,0,0,0,5,[0] s", play = "1",
      want = "0,1,1,0,0,0,0,0,[4],0,0,0,0,0,0,0,5,[0] n",
    },
    {
      name = "an odd count is not taken",
      from = "0,0,0,0,0,0,0,1,[0],2,0,0,0,0,0,0,5,[0] s", play = "8",
      want = "0,0,0,0,0,0,0,0,[0],3,0,0,0,0,0,0,5,[0] n",
    },
    {
      name = "a player with no counters passes",
      from = "0,0,0,0,0,0,0,0,[30],0,0,0,0,0,0,1,3,[30] s", legal = "pass",
    },
    {
      name = "the last counters taken: the game ends",
      from = "0,0,0,0,0,0,0,0,[30],0,0,0,0,0,0,1,1,[32] n", play = "7",
      want = "0,0,0,0,0,0,0,0,[30],0,0,0,0,0,0,0,0,[34] -",
    },
  },
}
