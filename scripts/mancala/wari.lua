-- Wari, the West African Oware as Ludii's observed ruleset plays it, as a mancala
-- descriptor. oware is the tournament game (Abapa: a grand slam takes
-- nothing, must feed, 25 wins); this is the older rule of Ludii's default ruleset.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Readings, where Ludii's stated rules and its code differ (we follow the code): the
-- rules forbid a move that takes all the opponent's counters and make the mover feed
-- an empty opponent; the code forbids every move that leaves the opponent without
-- counters (moves.must = "leave_seeds"), which says both; a player who cannot give
-- counters cannot move, and each player takes the counters in their row. It is
-- Fondji's rule (mancala/fondji), which Ludii codes alike.
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/wari",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Wari, Oware as Bennett observed it: twos and threes taken in a chain; no move may starve the opponent",
  ludii   = "Oware",
  sources = {
    "J. Bennett 1927 (as Ludii's ruleset \"Wari (Observed)\" gives it): 382-385",
    "H. J. R. Murray 1951, A History of Board-Games other than Chess: 181-182",
  },
  description = "Two rows of six holes, four counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, skipping the emptied hole on a lap round the board. A last counter " ..
    "that makes 2 or 3 in an opponent's hole takes them, and so does each hole before " ..
    "it, back along the sowing, while it is the opponent's and holds 2 or 3. No move may " ..
    "leave the opponent without counters: a player with no other move cannot move, and " ..
    "then the game ends, each player taking the counters in their own row. The most " ..
    "counters wins. Our safety net: the third occurrence of a position since the last " ..
    "capture ends the game likewise (the source's players agree to end an endless game).",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin" },
  captures = {
    { side = "opponent", counts = { 2, 3 }, take = "pit", chain = "backward" },
  },
  moves   = { must = "leave_seeds" },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "a last counter making 2 in North's hole 3 takes it, and the 3 and 2 before it",
      from = "0,0,0,0,0,3,[0],1,2,1,0,0,5,[0] s", play = "6",
      want = "0,0,0,0,0,0,[7],0,0,0,0,0,5,[0] n",
    },
    {
      name = "a lap round the board skips the emptied hole; the 2 made in North's hole 1 is taken",
      from = "0,0,0,0,0,12,[0],0,0,0,0,0,0,[36] s", play = "6",
      want = "1,1,1,1,1,0,[2],0,1,1,1,1,1,[36] n",
    },
    {
      name = "a move that would take North's last counters is not allowed",
      from = "0,0,0,0,1,1,[20],1,0,0,0,0,0,[25] s", legal = "5",
    },
    {
      name = "North has no counters: South must give some",
      from = "1,0,0,0,0,1,[20],0,0,0,0,0,0,[26] s", legal = "6",
    },
    {
      name = "South's one move would starve North: South cannot move, each takes the counters in their row",
      from = "1,2,0,0,0,1,[20],1,0,0,0,0,2,[21] n", play = "6",
      want = "0,0,0,0,0,0,[21],0,0,0,0,0,0,[27] -",
    },
  },
}
