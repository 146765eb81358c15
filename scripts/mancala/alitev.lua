-- Alıtev, the Turkish two-row game of holes dug in the earth, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and its code agree; so does ours. A player with no counters in
-- their row passes (Ludii's code has no move for them, and the turn goes over).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/alitev",
  extends = "mancala",
  family  = "mancala",
  region  = "West Asia",
  summary = "Alıtev (Turkey): ones and threes captured on either row, in a chain; play on until every counter is taken",
  ludii   = "Alitev",
  sources = {
    "M. And 1979: 52 (as Ludii's ruleset \"Alitev\" gives it)",
  },
  description = "Two rows of six holes, three counters each (36); the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, round the board if need be (the hole it started from gets one too). " ..
    "When the last counter makes 1 or 3 in its hole, on either row, the mover takes " ..
    "them, and then the hole before it along the sowing, and the one before that, as long " ..
    "as each holds 1 or 3. A player with no counters in their row passes. The game ends " ..
    "when every counter has been taken; the most counters wins. Our safety net: the " ..
    "max_plies knob ends an endless game, the counters left on the board not counted.",
  board   = { rows = 2, houses = 6, seeds = 3 },
  sowing  = { stores = "none" },
  captures = {
    { side = "any", counts = {1, 3}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "discard" },
  examples = {
    { name = "two rows of six holes, three counters each", want = "3,3,3,3,3,3,[0],3,3,3,3,3,3,[0] s" },
    {
      name = "hole 1's three counters make 4 in holes 2..4: no capture",
      play = "1", want = "0,4,4,4,3,3,[0],3,3,3,3,3,3,[0] n",
    },
    {
      name = "the last counter falls in North's empty hole 2 (1), and hole 1 before it holds 3: both taken",
      from = "0,0,0,0,0,2,[0],2,0,4,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,0,0,[4],0,0,4,0,0,0,[0] n",
    },
    {
      name = "the chain stops at a hole of 2",
      from = "0,0,0,0,1,2,[0],1,0,4,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[1],2,0,4,0,0,0,[0] n",
    },
    {
      name = "a player with no counters passes; the other plays on",
      from = "0,0,0,0,0,0,[16],0,0,0,0,2,0,[18] s", legal = "pass",
    },
  },
}
