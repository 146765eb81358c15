-- Toguz Kumalak (togyz kumalak, toguz korgool), the Kazakh and Kyrgyz game, as a
-- mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples 6 to 9 are the sources' worked examples, in our notation: iggamecenter's
-- sowing figure (iggamecenter.com/sr/rules/toguzkumalak), and the Czech federation's
-- tutorial on the 2x5 training board (mankala.cz/premyslej17tk1EN.php, tk2EN, tk3EN;
-- also mankala.cz/toguzkumalak.html), played with set = { houses = 5, seeds = 5 }.
-- Examples 1 to 5 are ours.
return variant {
  name    = "mancala/toguz-kumalak",
  extends = "mancala",
  family  = "mancala",
  region  = "Central Asia",
  summary = "Toguz Kumalak: nine houses of nine, even captures, one tuzdik a game, 82 wins",
  ludii   = "Toguz Kumalak",
  sources = {
    "playstrategy.org/variant/togyzkumalak",
    "the rules of the Kyrgyz federation at archive.org/details/ToguzKorgool_1020",
    "Ludii's `two_rows/Toguz Kumalak.lud`",
  },
  description = "Two rows of nine houses, nine balls each (162); the stores (kazans) only hold " ..
    "captures. A move lifts a house's balls and sows them anticlockwise, the first one " ..
    "back into the house it came from (a single ball just moves to the next house). A " ..
    "last ball that makes 3 in an opponent's house turns it into the mover's tuzdik: its " ..
    "balls, and every ball later sown into it, go to the mover's kazan. A player gets one " ..
    "tuzdik a game, never the opponent's 9th house, and not the house with the same " ..
    "number as the opponent's tuzdik. Otherwise a last ball that makes an even count in " ..
    "an opponent's house captures it. More than half the balls (82) wins; a player who " ..
    "cannot move ends the game, each taking the balls on their side (81-81 is a draw). " ..
    "Cycles: the third occurrence of a position since the last capture ends the game, the " ..
    "balls left split evenly (a choice of ours).",
  board   = { rows = 2, houses = 9, seeds = 9 },
  sowing  = { stores = "none", origin_first = true },
  captures = {
    { side = "opponent", counts = {3}, not_house = 9, take = "pit", effect = "mark",
      mark_once = true, mark_not_mirror = true },
    { side = "opponent", even = true, take = "pit" },
  },
  ending  = { when = "cannot_move", majority = true, remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "the opening move 9: the first ball back in house 9, the last makes 10 in North's house 8, captured",
      play = "9",
      want = "9,9,9,9,9,9,9,9,1,[10],10,10,10,10,10,10,10,0,9,[0] n",
    },
    {
      name = "a last ball making 3 in an opponent's house makes it South's tuzdik",
      from = "0,0,0,0,0,0,0,0,2,[0],2,5,5,5,5,5,5,5,5,[0] s", play = "9",
      want = "0,0,0,0,0,0,0,0,1,[3],0,5,5,5,5,5,5,5,5,[0] n marks=11:s",
    },
    {
      name = "balls sown into a tuzdik go to its owner's kazan",
      from = "0,0,0,0,0,0,0,0,4,[3],0,5,5,5,5,5,5,5,5,[0] s marks=11:s", play = "9",
      want = "0,0,0,0,0,0,0,0,1,[10],0,6,0,5,5,5,5,5,5,[0] n marks=11:s",
    },
    {
      name = "no tuzdik in the opponent's 9th house",
      from = "0,0,0,0,0,0,0,0,10,[0],1,1,1,1,1,1,1,1,2,[0] s", play = "9",
      want = "0,0,0,0,0,0,0,0,1,[0],2,2,2,2,2,2,2,2,3,[0] n",
    },
    {
      name = "one tuzdik a game",
      from = "0,0,0,0,0,0,0,0,3,[3],0,2,5,5,5,5,5,5,5,[0] s marks=11:s", play = "9",
      want = "0,0,0,0,0,0,0,0,1,[4],0,3,5,5,5,5,5,5,5,[0] n marks=11:s",
    },
    {
      name = "iggamecenter.com/sr/rules/toguzkumalak, the sowing figure: nine balls from "
          .. "house g (7), the first back into g; the last makes 10 in North's house 6, captured",
      play = "7",
      want = "9,9,9,9,9,9,1,10,10,[10],10,10,10,10,10,0,9,9,9,[0] n",
    },
    {
      name = "mankala.cz Toguz tutorial (premyslej17tk1EN, tk2EN), the 2x5 board: B3 from the "
          .. "start ends in T2, which holds 6, even: the 6 go to South's kazan",
      set = { houses = 5, seeds = 5 },
      play = "3",
      want = "5,5,1,6,6,[6],6,0,5,5,5,[0] n",
    },
    {
      name = "mankala.cz Toguz tutorial (tk2EN), the reply T5: its sowing ends in B4, odd (7): "
          .. "no capture",
      set = { houses = 5, seeds = 5 },
      play = "3,5",
      want = "6,6,2,7,6,[6],6,0,5,5,1,[0] s",
    },
    {
      name = "mankala.cz Toguz tutorial (tk3EN): a single ball moves to the next cup; B5's "
          .. "ball makes 2 in T1 and takes them, T4's only reaches T5 (the cups the text "
          .. "names; the kazans empty)",
      set = { houses = 5, seeds = 5 },
      from = "0,1,0,0,1,[0],1,0,0,1,0,[0] s",
      play = "5,4",
      want = "0,1,0,0,0,[2],0,0,0,0,1,[0] s",
    },
  },
}
