-- Kalah(6,4) with empty captures, kalahlab's default Kalah, written as a mancala
-- descriptor: the same game as the kalah base game (core/kalah), played by the mancala
-- engine (a test holds the two equal, move for move, on perft 1..7).
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Example 2 is brainking.com's first-move figure (GameRules tp=103); its capture figure
-- gives no counts in its text. The other examples are ours.
return variant {
  name    = "mancala/kalah",
  extends = "mancala",
  family  = "mancala",
  region  = "North America",
  summary = "Kalah(6,4), empty captures, as a mancala descriptor (the kalah base game's rules)",
  ludii   = "Kalah",
  sources = {
    "the solved-Kalah convention (Irving, Donkers & Uiterwijk, \"Solving Kalah\", ICGA Journal 2000)",
    "rules pages such as m.berryblow.com/mancala.html and brainking.com (GameRules tp=103). Kalah is a commercial game (W. J. Champion, USA, 1940s)",
  },
  description = "Two rows of six houses with four seeds each, and a store for each player at their " ..
    "right. A move lifts every seed of one of the mover's houses and sows them one by one " ..
    "anticlockwise, into the mover's own store but not the opponent's. A last seed in the " ..
    "own store gives another move. A last seed in an empty house of the mover captures it " ..
    "with the opposite house (here even when the opposite house is empty: kalahlab's " ..
    "default; see mancala/kalah-standard for the capture that needs seeds opposite). The " ..
    "game ends when either side is empty; each player then keeps the seeds left on their " ..
    "side.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { direction = "anticlockwise", stores = "own" },
  captures = {
    { side = "own", inner = true, empty_before = true, take = "column", with_last = true },
  },
  moves   = { extra_turn = true },
  ending  = { when = "side_empty", remaining = "owner" },
  examples = {
    { name = "every house can move at the start", legal = "1 2 3 4 5 6" },
    {
      name = "brainking.com GameRules tp=103, the first-move figure: four seeds from house 3 "
          .. "into the next three houses and the store (one point); the last in the store: "
          .. "South moves again",
      play = "3", want = "4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s",
    },
    {
      name = "a last seed in an own empty house takes itself and the opposite house",
      from = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", play = "1",
      want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n",
    },
    {
      name = "an empty side ends the game; the other side's seeds go to their owner",
      from = "0,0,0,0,0,1,[20],0,0,0,0,0,3,[24] s", play = "6",
      want = "0,0,0,0,0,0,[21],0,0,0,0,0,0,[27] -",
    },
  },
}
