-- Oware Abapa, the competition game of West Africa and the Caribbean, as a mancala
-- descriptor: the one Oware (its old name mancala/oware still resolves to it). The
-- other readings of the grand slam are its variants, scripts that extend it and change
-- one table: oware/grand-slam-forbidden (moves.no_grand_slam) and oware/grand-slam-all
-- (a grand slam captures). `oware` was once a script on the kalah base game with Lua
-- hooks; its game records still replay (its retired knobs: variants/renames.go).
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples 7 to 9 are the worked examples of the Czech federation's rules page
-- (mankala.cz/oware.html), in our notation: its rows A..F (North, sowing right to
-- left) and a..f (South) are North's houses 6..1 and South's 1..6; the stores of its
-- capture diagram are not given (here empty). Example 1 follows iggamecenter's capture
-- figure on a smaller position of ours; the others are ours.
return variant {
  name    = "oware",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Oware Abapa: 2s and 3s captured backwards, must feed, 25 wins; a grand slam captures nothing",
  ludii   = "Oware",
  sources = {
    "the Oware Society's Abapa rules (s.helan.free.fr/awele/rules/)",
    "thechiefstable.com \"How to play Oware (Abapa)\"",
    "ludoteka.com/oware.html",
    "the sowing and capture figures of iggamecenter.com/rules/oware",
  },
  description = "Two rows of six houses, four seeds each (48); the stores only hold captures. A move " ..
    "sows anticlockwise, skipping the stores and, on a lap of 12 seeds or more, the house " ..
    "it started from. A last seed that makes 2 or 3 in an opponent's house captures it, " ..
    "and so do the houses before it, going back, while they are the opponent's and hold 2 " ..
    "or 3. Grand slam: a move that would capture every seed on the opponent's side is " ..
    "legal and captures nothing (Abapa, the international rule; the other readings are " ..
    "oware/grand-slam-forbidden, illegal while another move exists, and " ..
    "oware/grand-slam-all, it captures everything). When the opponent has no seeds, the " ..
    "mover must give them some; if no move can, the game ends and each player takes the seeds on their own " ..
    "side. More than half the seeds (25) wins. An endless cycle ends the game, each " ..
    "player taking the seeds on their side: here, the second occurrence of a position " ..
    "since the last capture.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin" },
  captures = {
    { side = "opponent", counts = {2, 3}, take = "pit", chain = "backward", grand_slam = "nothing" },
  },
  moves   = { must_feed = true },
  ending  = { when = "cannot_move", majority = true, remaining = "owner", repeats = 2, on_repeat = "owner" },
  examples = {
    {
      name = "the last seed makes 3, the one before 2: both houses are captured (iggamecenter's figure, smaller)",
      from = "0,0,0,0,1,2,[0],1,2,4,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[5],0,0,4,0,0,0,[0] n",
    },
    {
      name = "a grand slam captures nothing",
      from = "0,0,0,0,1,2,[0],1,2,0,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[0],2,3,0,0,0,0,[0] n",
    },
    {
      name = "must feed: only house 6 reaches an opponent with no seeds",
      from = "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", legal = "6",
    },
    {
      name = "a lap of 12 seeds skips the house it started from",
      from = "0,0,0,0,0,12,[0],1,1,1,1,1,1,[0] s", play = "6",
      want = "1,1,1,1,1,0,[3],0,2,2,2,2,2,[0] n",
    },
    {
      name = "no move can feed: the game ends and each player takes their own seeds",
      from = "1,0,0,0,0,0,[20],0,0,0,0,0,0,[20] s",
      want = "0,0,0,0,0,0,[21],0,0,0,0,0,0,[20] -",
    },
    {
      name = "25 seeds win at once; the seeds left are not counted",
      from = "0,0,0,0,1,2,[21],1,2,4,0,0,0,[17] s", play = "6",
      want = "0,0,0,0,1,0,[26],0,0,4,0,0,0,[17] -",
    },
    {
      name = "mankala.cz/oware.html, the opening: South sows c (house 3) into d, e, f and "
          .. "North's F; nothing is captured",
      play = "3",
      want = "4,4,0,5,5,5,[0],5,4,4,4,4,4,[0] n",
    },
    {
      name = "mankala.cz/oware.html, the capture diagram: North's A (house 6) ends in d "
          .. "making 2, and c before it holds 3: five seeds taken",
      from = "1,4,2,1,4,4,[0],6,0,3,0,6,4,[0] n", play = "6",
      want = "2,5,0,0,4,4,[0],6,0,3,0,6,0,[5] s",
    },
    {
      name = "mankala.cz/oware.html, the capture diagram: North's F (house 1) ends in a, "
          .. "making 2: two seeds taken",
      from = "1,4,2,1,4,4,[0],6,0,3,0,6,4,[0] n", play = "1",
      want = "0,4,2,1,4,4,[0],0,1,4,1,7,5,[2] s",
    },
    {
      name = "feeding the opponent",
      from = "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", play = "6", legal = "1",
      want = "0,0,0,1,0,0,[20],1,0,0,0,0,0,[20] n",
    },
  },
}
