-- Hoyito (El Hoyito, Casitas, Mate), the relay game of the Dominican Republic, as a
-- mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ours follows the rules as Ludii's ruleset states them (after Gering and Bautista i
-- Roca 2005). Ludii's code for it plays another game: its sowing never relays and it
-- takes a four only in the last hole; we follow the stated rules, not that code.
-- The end: every capture takes exactly four, so the counters on the board stay a
-- multiple of four, and "when eight are left, the first to take four takes the last
-- four too" is the game ending once four or fewer are left, the rest going to the
-- player who just moved (ending.left_at_most = 4, remaining = "other": the player not
-- to move).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/hoyito",
  extends = "mancala",
  family  = "mancala",
  region  = "Caribbean",
  summary = "Hoyito (Dominican Republic): relay sowing, every hole made four taken by the sower",
  ludii   = "Hoyito",
  sources = {
    "J. Gering and J. Bautista i Roca 2005 (as Ludii's ruleset \"Hoyito I (Described)\" gives it)",
    "Ludii's ruleset \"Hoyito\" (two_rows/Hoyito.lud, DLP id 290)",
  },
  description = "Two rows of six holes (6 to 12, the houses knob), four counters each; the stores " ..
    "only hold captures. A move takes every counter of one of the mover's holes and sows " ..
    "them one by one anticlockwise. Whenever a counter makes a hole hold exactly four, on " ..
    "either row, the mover takes those four at once and sows on. A last counter that " ..
    "makes four ends the move (after taking them); a last counter in another occupied " ..
    "hole lifts its counters and sowing goes on from there; a last counter in an empty " ..
    "hole ends the move. A player with no counters passes. When eight are left, the first " ..
    "to take four also takes the last four, which ends the game; the most counters wins. " ..
    "Our safety net: the third occurrence of a position since the last capture ends the " ..
    "game, the counters left split evenly.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", relay = "occupied", take_at = 4 },
  moves   = { pass = true },
  ending  = { when = "cannot_move", left_at_most = 4, remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "hole 1 relays from South's hole 5, North's 4, South's 3 and North's 3, and stops in South's empty hole 3",
      play = "1", want = "2,7,1,6,1,6,[0],6,6,0,1,6,6,[0] n",
    },
    {
      name = "a counter making four in North's hole 1 is taken at once; sowing goes on and stops in an empty hole",
      from = "0,0,0,0,0,3,[0],3,0,0,0,0,5,[0] s", play = "6",
      want = "0,0,0,0,0,0,[4],0,1,1,0,0,5,[0] n",
    },
    {
      name = "a last counter making four takes them and ends the move",
      from = "0,0,0,0,0,2,[0],0,3,0,0,0,5,[0] s", play = "6",
      want = "0,0,0,0,0,0,[4],1,0,0,0,0,5,[0] n",
    },
    {
      name = "with eight left, South takes four and the last four too: the game ends",
      from = "0,0,0,0,0,1,[20],3,0,0,0,0,4,[20] s", play = "6",
      want = "0,0,0,0,0,0,[28],0,0,0,0,0,0,[20] -",
    },
    {
      name = "a player with no counters passes",
      from = "0,0,0,0,0,0,[20],0,0,0,0,4,4,[20] s", legal = "pass",
    },
  },
}
