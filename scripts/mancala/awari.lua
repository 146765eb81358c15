-- Awari, Oware as Allis, van der Meulen and van den Herik solved it (1991; the Awari
-- Oracle of Romein and Bal, 2002), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; the Awari Oracle pages and bart-awari-rules give rules, no worked
-- position (mancala/oware carries mankala.cz's worked captures, which hold for Awari
-- too).
return variant {
  name    = "mancala/awari",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Awari (the solved Oware): no move may starve the opponent unless all do, grand slams captured",
  sources = {
    "Mancala World \"Awari Oracle\"",
    "\"bart-awari-rules\" at web.cecs.pdx.edu",
    "the catalogue's \"Awari (Allis, van der Meulen, van den Herik 1991)\"",
  },
  description = "Oware's board and sowing (two rows of six houses, four seeds each, the stores only " ..
    "hold captures, a lap of 12 seeds or more skips its own house), and its captures: a " ..
    "last seed making 2 or 3 in an opponent's house takes it and the houses before it " ..
    "that hold 2 or 3, on the opponent's side. Unlike Oware Abapa, a capture of every " ..
    "opponent seed is made. No move may leave the opponent without seeds unless every " ..
    "move does, and then only the moves that leave the mover a seed (when any does); such " ..
    "a capture is made. When the opponent is empty the mover must feed them; when no move " ..
    "can, the game ends and each player takes the seeds on their side. More than half the " ..
    "seeds (25) wins; the third occurrence of a position since the last capture ends the " ..
    "game, the seeds left split evenly. Exact to the catalogue (core/mancala's Awari).",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin" },
  captures = {
    { side = "opponent", counts = {2, 3}, take = "pit", chain = "backward" },
  },
  moves   = { must_feed = true, no_starve = true },
  ending  = { when = "cannot_move", majority = true, remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "house 6 would take both of North's houses and leave North nothing: only house 1 is legal",
      from = "1,0,0,0,0,2,[21],1,1,0,0,0,0,[22] s", legal = "1",
    },
    {
      name = "when every move starves the opponent, the grand slam is played and captured; 26 wins",
      from = "0,0,0,0,0,2,[22],1,1,0,0,0,0,[22] s", play = "6",
      want = "0,0,0,0,0,0,[26],0,0,0,0,0,0,[22] -",
    },
    {
      name = "2s and 3s are captured backwards, as in Oware",
      from = "0,0,0,0,1,2,[0],1,2,4,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[5],0,0,4,0,0,0,[0] n",
    },
  },
}
