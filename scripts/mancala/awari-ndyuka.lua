-- Awari (Adji-Pre, Langa-Holo), the game of the Ndyuka of Suriname that Herskovits
-- recorded, as a mancala descriptor. Not mancala/awari, the solved Oware of Allis et
-- al.: Ludii's "Awari" ruleset is this one.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Readings, where Ludii's stated rules and its code differ (we follow the code): the
-- rules make the mover feed an empty opponent "if possible", the code forbids every
-- move that leaves the opponent without counters (moves.must = "leave_seeds"). The
-- chain of twos and threes behind the last hole takes only holes this sowing made so
-- (the source's proviso): every opponent hole behind the last one up to the mover's
-- row was sown by it, so the chain says it. A player with no allowed move passes, and
-- when neither can move the game ends too (Ludii's code would pass for ever), scored
-- as at the end.
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/awari-ndyuka",
  extends = "mancala",
  family  = "mancala",
  region  = "South America",
  summary = "Awari of the Ndyuka (Suriname): Oware's capture, no starving; the game ends when only single counters are left",
  ludii   = "Awari",
  sources = {
    "M. J. Herskovits 1932, \"Wari in the New World\", Journal of the Royal Anthropological Institute 62: 29-30 (as Ludii's ruleset \"Awari\" gives it)",
  },
  description = "Two rows of six holes, four counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise; the hole it started from stays empty for the whole move (a lap round " ..
    "the board skips it). A last counter that makes 2 or 3 in an opponent's hole takes " ..
    "them, and so does each hole before it, back along the sowing, while it is the " ..
    "opponent's and holds 2 or 3. No move may leave the opponent without counters; a " ..
    "player with no allowed move passes. The game ends when no hole holds more than one " ..
    "counter (or neither player can move); the counters left are not counted, and the " ..
    "most captured wins. Our safety net: the third occurrence of a position since the " ..
    "last capture ends the game likewise.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin" },
  captures = {
    { side = "opponent", counts = { 2, 3 }, take = "pit", chain = "backward" },
  },
  moves   = { must = "leave_seeds", pass = true },
  ending  = { when = "cannot_move", remaining = "discard", each_at_most = 1, repeats = 3, on_repeat = "discard" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "a last counter making 2 in North's hole 3 takes it, and the 3 and 2 before it",
      from = "0,0,0,0,0,3,[0],1,2,1,0,0,5,[0] s", play = "6",
      want = "0,0,0,0,0,0,[7],0,0,0,0,0,5,[0] n",
    },
    {
      name = "a move that would take North's last counters is not allowed",
      from = "0,0,0,2,0,1,[20],1,0,0,0,0,0,[24] s", legal = "4",
    },
    {
      name = "South takes North's 2; only single counters are left: the game ends, the singles not counted",
      from = "1,0,0,0,2,0,[20],1,0,1,0,0,0,[23] s", play = "5",
      want = "1,0,0,0,0,1,[22],0,0,1,0,0,0,[23] -",
    },
  },
}
