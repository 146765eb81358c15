-- Mangala as M. And observed it in Turkey (1979), Ludii's "Mangala (Turkey)" ruleset:
-- not mancala/mangala, the modern Turkish game (origin-first sowing, even captures,
-- stores sown), which Ludii does not have. It is Alıtev's rule (mancala/alitev) on two
-- rows of seven holes of five.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's stated rules and its code agree; so does ours. The source's scoring, the
-- captured counters put back five to a hole, is the count of captured counters. A
-- player with no counters in their row passes (Ludii's code has no move for them).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/mangala-and",
  extends = "mancala",
  family  = "mancala",
  region  = "West Asia",
  summary = "Mangala as And observed it (Turkey): two rows of seven, ones and threes captured on either row, in a chain",
  ludii   = "Mangala (Turkey)",
  sources = {
    "M. And 1979: 52 (as Ludii's ruleset \"Mangala (Turkey)\", Seven Holes (Observed), gives it)",
  },
  description = "Two rows of seven holes (six: the houses knob), five counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, round the board if need be (the hole it started from gets one too). " ..
    "When the last counter makes 1 or 3 in its hole, on either row, the mover takes " ..
    "them, and then the hole before it along the sowing, and the one before that, as long " ..
    "as each holds 1 or 3. A player with no counters in their row passes. The game ends " ..
    "when every counter has been taken; the most counters wins. Our safety net: the " ..
    "max_plies knob ends an endless game, the counters left on the board not counted.",
  board   = { rows = 2, houses = 7, seeds = 5 },
  sowing  = { stores = "none" },
  captures = {
    { side = "any", counts = {1, 3}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "discard" },
  examples = {
    { name = "two rows of seven holes, five counters each", want = "5,5,5,5,5,5,5,[0],5,5,5,5,5,5,5,[0] s" },
    {
      name = "hole 1's five counters make 6 in holes 2..6: no capture",
      play = "1", want = "0,6,6,6,6,6,5,[0],5,5,5,5,5,5,5,[0] n",
    },
    {
      name = "the last counter falls in North's empty hole 2 (1), and hole 1 before it holds 3: both taken",
      from = "0,0,0,0,0,0,2,[0],2,0,4,0,0,0,0,[0] s", play = "7",
      want = "0,0,0,0,0,0,0,[4],0,0,4,0,0,0,0,[0] n",
    },
    {
      name = "a player with no counters passes; the other plays on",
      from = "0,0,0,0,0,0,0,[30],0,0,0,0,2,0,0,[38] s", legal = "pass",
    },
  },
}
