-- Mankala, the game Niebuhr saw in Egypt in the 1760s, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and ours agree rule for rule: the board, the sowing (a lap of 12
-- seeds or more sows its own hole too, as Ludii's sowing does), the capture on either
-- row with the chain back along the sowing, the pass of a player without seeds and
-- the end when every seed is taken. The game is mancala/bohnenspiel's but for that
-- end: Bohnenspiel ends when the player to move cannot, the other taking what is left.
--
-- Examples: ours (Niebuhr's account, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/mankala",
  extends = "mancala",
  family  = "mancala",
  region  = "North Africa",
  summary = "Mankala (Egypt, 18th century): 2, 4 and 6 captured on either row, in a chain; play on until every seed is taken",
  ludii   = "Mankala",
  sources = {
    "C. Niebuhr 1774, Reisebeschreibung nach Arabien und andern umliegenden Ländern I: 173",
    "Ludii's ruleset \"Mankala\" (two_rows/Mankala.lud, DLP id 1056)",
  },
  description = "Two rows of six holes, six counters each (72); the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, round the board if need be (the hole it started from gets one too). " ..
    "When the last counter makes 2, 4 or 6 in its hole, on either row, the mover takes " ..
    "them, and then the hole before it along the sowing, and the one before that, as long " ..
    "as each holds 2, 4 or 6. A player with no counters in their row passes. The game ends " ..
    "when every counter has been taken; the most counters wins. Our safety net: the " ..
    "max_plies knob ends an endless game, the counters left on the board not counted.",
  board   = { rows = 2, houses = 6, seeds = 6 },
  sowing  = { stores = "none" },
  captures = {
    { side = "any", counts = {2, 4, 6}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "discard" },
  examples = {
    { name = "two rows of six holes, six counters each", want = "6,6,6,6,6,6,[0],6,6,6,6,6,6,[0] s" },
    {
      name = "six counters from hole 1: holes 2..6 and North's hole 1 get one each, seven: no capture",
      play = "1", want = "0,7,7,7,7,7,[0],7,6,6,6,6,6,[0] n",
    },
    {
      name = "the last counter makes 6 in North's hole 3, then 4 and 2 behind it: all taken",
      from = "1,0,0,0,0,3,[0],1,3,5,0,0,1,[5] s", play = "6",
      want = "1,0,0,0,0,0,[12],0,0,0,0,0,1,[5] n",
    },
    {
      name = "the chain stops at a hole of 3",
      from = "0,0,0,0,0,3,[0],2,3,5,0,0,1,[0] s", play = "6",
      want = "0,0,0,0,0,0,[10],3,0,0,0,0,1,[0] n",
    },
    {
      name = "North's last counter makes 2 in South's hole 1: North takes it (either row)",
      from = "1,0,0,0,0,0,[12],0,0,0,0,0,1,[5] n", play = "6",
      want = "0,0,0,0,0,0,[12],0,0,0,0,0,0,[7] -",
    },
    {
      name = "a player with no counters passes; the other plays on",
      from = "0,0,0,0,0,0,[30],0,0,0,0,3,0,[39] s", legal = "pass",
    },
    {
      name = "after the pass North sows on into South's row; last counter makes 1: no capture, South moves",
      from = "0,0,0,0,0,0,[30],0,0,0,0,3,0,[39] s", play = "pass 5",
      want = "1,1,0,0,0,0,[30],0,0,0,0,0,1,[39] s",
    },
  },
}
