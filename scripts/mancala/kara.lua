-- Kâra, the Baggara game of Sudan, for two players, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and its code agree; so does ours, with this reading: the source's
-- "having dropped counters in the opponent's holes making them contain two, four or
-- six" is, in Ludii's code and here, the last hole only (no chain). The source plays
-- Kâra with any number of players round a ring of stores; this is its two-player form
-- (Ludii's).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/kara",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Kâra (Sudan): two rows of three holes; a last counter making 2, 4 or 6 in an opponent's hole or the own rightmost one takes them",
  ludii   = "Kara",
  sources = {
    "R. Davies 1925, \"Some Arab games and puzzles\", Sudan Notes and Records 8: 142 (as Ludii's ruleset \"Kara\" gives it)",
  },
  description = "Two rows of three holes, seven counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, round the board if need be (the hole it started from gets one too). " ..
    "When the last counter makes 2, 4 or 6 in an opponent's hole, or in the mover's own " ..
    "rightmost hole, the mover takes them. The game ends when the player to move has no " ..
    "counters in their row; each player takes the counters left in their row, and the " ..
    "most counters wins. Our safety net: the third occurrence of a position since the " ..
    "last capture ends the game likewise.",
  board   = { rows = 2, houses = 3, seeds = 7 },
  sowing  = { stores = "none" },
  captures = {
    { side = "opponent", counts = { 2, 4, 6 }, take = "pit" },
    { side = "own", houses = { 3 }, counts = { 2, 4, 6 }, take = "pit" },
  },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of three holes, seven counters each", want = "7,7,7,[0],7,7,7,[0] s" },
    {
      name = "a last counter making 4 in North's hole 1 takes them",
      from = "0,0,1,[0],3,1,0,[0] s", play = "3",
      want = "0,0,0,[4],0,1,0,[0] n",
    },
    {
      name = "a last counter making 2 in South's own rightmost hole takes them",
      from = "0,1,1,[0],3,1,0,[0] s", play = "2",
      want = "0,0,0,[2],3,1,0,[0] n",
    },
    {
      name = "but not in another own hole",
      from = "1,1,0,[0],3,1,0,[0] s", play = "1",
      want = "0,2,0,[0],3,1,0,[0] n",
    },
    {
      name = "South takes North's last two counters; North, to move, has none: the game ends",
      from = "0,0,1,[20],1,0,0,[20] s", play = "3",
      want = "0,0,0,[22],0,0,0,[20] -",
    },
  },
}
