-- Enindji (Eninji), the two-row game Béart recorded in Dahomey (Benin), as a mancala
-- descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Readings, where Ludii's stated rules and its code differ (we follow the code): the
-- rules make a starving move illegal only when the opponent is empty (must feed), the
-- code at every move (moves.must = "leave_seeds"); a player with no allowed move
-- passes, and the game ends when neither can move, each taking the counters in their
-- row (the code's end: neither player can move).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/enindji",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Enindji (Dahomey): a last counter making four gives them to the hole's owner; no move may starve the opponent",
  ludii   = "Enindji",
  sources = { "C. Béart 1955, Jeux et jouets de l'Ouest africain: 510" },
  description = "Two rows of six holes, four counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "anticlockwise, skipping the emptied hole on a lap round the board. A last counter " ..
    "that makes four in a hole, in either row, gives the four to the owner of that " ..
    "hole. No move may leave the opponent without counters: a player with no other move " ..
    "passes, and when neither player can move the game ends, each taking the counters " ..
    "in their own row. The most counters wins. Our safety net: the third occurrence of " ..
    "a position since the last capture ends the game likewise (the source's players " ..
    "agree to end an endless game).",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin" },
  captures = {
    { side = "any", counts = { 4 }, take = "pit", to_owner = true },
  },
  moves   = { must = "leave_seeds", pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "a last counter making four in North's hole 2 gives them to North; then neither can move (North's one move would starve South): North takes its row",
      from = "0,0,0,0,0,2,[0],1,3,0,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,0,0,[0],0,0,0,0,0,0,[6] -",
    },
    {
      name = "a last counter making four in South's own hole gives them to South",
      from = "0,0,0,2,0,3,[0],1,1,1,1,1,1,[0] s", play = "4",
      want = "0,0,0,0,1,0,[4],1,1,1,1,1,1,[0] n",
    },
    {
      name = "a move that would leave North no counters is not allowed",
      from = "0,0,0,0,1,1,[20],3,0,0,0,0,0,[24] s", legal = "5",
    },
    {
      name = "South's every move would starve North: South passes",
      from = "0,0,0,0,0,1,[20],3,0,0,0,0,0,[24] s", legal = "pass",
    },
  },
}
