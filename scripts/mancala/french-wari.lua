-- French Wari, the relay game Herskovits recorded on Barbados, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and its code agree; so does ours, with these readings: the capture
-- from an empty hole is made on either row (the source says "an empty hole", and
-- Ludii's code takes the hole facing it whichever row it is in, so a last counter in an
-- empty hole of the opponent's row takes the mover's own facing hole); the counter
-- that made the capture stays where it fell.
--
-- Examples: ours (Herskovits, as Ludii gives him, has no worked position).
return variant {
  name    = "mancala/french-wari",
  extends = "mancala",
  family  = "mancala",
  region  = "Caribbean",
  summary = "French Wari (Barbados): relay sowing; a last counter in an empty hole takes the hole facing it",
  ludii   = "French Wari",
  sources = {
    "M. J. Herskovits 1932, \"Wari in the New World\", Journal of the Royal Anthropological Institute 62: 32",
    "Ludii's ruleset \"French Wari\" (two_rows/French Wari.lud)",
  },
  description = "Two rows of six holes, four counters each; the stores only hold captures. A move " ..
    "takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise. A last counter in an occupied hole lifts its counters and sowing goes " ..
    "on from there. A last counter in an empty hole, on either row, ends the move and " ..
    "takes the counters of the hole facing it, if any. When the player to move has no " ..
    "counters the game ends and the other player takes the counters left. The most " ..
    "counters wins. Our safety net: the third occurrence of a position since the last " ..
    "capture ends the game, each player taking the counters on their side.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", relay = "occupied" },
  captures = {
    { side = "any", empty_before = true, take = "opposite" },
  },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "hole 1 relays four times and stops in South's empty hole 3, taking the 1 in North's hole 4 facing it",
      play = "1", want = "2,7,1,6,1,6,[1],6,6,0,0,6,6,[0] n",
    },
    {
      name = "a last counter in an empty hole of North's row takes the mover's own facing hole",
      from = "0,0,0,0,2,0,[0],0,2,2,2,2,2,[0] s", play = "5",
      want = "0,0,0,0,0,0,[1],1,2,2,2,2,2,[0] n",
    },
    {
      name = "nothing facing: no capture",
      from = "0,0,0,0,0,1,[20],0,0,0,0,0,3,[24] s", play = "6",
      want = "0,0,0,0,0,0,[20],1,0,0,0,0,3,[24] n",
    },
    {
      name = "North has no counters to move: the game ends, South keeps the counter left on its side",
      from = "1,0,0,0,0,0,[20],0,0,0,0,2,0,[25] s", play = "1",
      want = "0,0,0,0,0,0,[23],0,0,0,0,0,0,[25] -",
    },
  },
}
