-- Toguz Kumalak on five houses a side, the small board the Czech mancala federation
-- teaches the game on (mankala.cz), as a worked example of a tuzdik: a pit that a
-- capture makes the capturer's for good (docs/mancala.md, "The mancala family";
-- scripts/README.md, "A worked example: a tuzdik").
--
-- The rules, the full game's scaled down to five houses (house 5 taking the 9th's
-- part): two rows of five houses, five balls each (50); the stores (kazans) only
-- hold captures. A move lifts a house's balls and sows them anticlockwise, the first
-- one back into the house it came from (a single ball moves on to the next house). A
-- last ball that makes 3 in an opponent's house, not their 5th, turns it into the
-- mover's tuzdik: its balls, and every ball sown into it later, by either player, go
-- to the mover's kazan. One tuzdik a player a game, and not the house with the number
-- of the opponent's tuzdik. Otherwise a last ball that makes an even count in an
-- opponent's house captures it. More than half the balls (26) wins; a player who
-- cannot move ends the game, each taking the balls on their side. Ours: the third
-- occurrence of a position since the last capture ends the game, the balls left split.
return variant {
  name     = "my/toguz5",
  extends  = "mancala",
  family   = "mancala",
  summary  = "Toguz Kumalak on 2x5: even captures, one tuzdik a game, 26 wins",
  board    = { rows = 2, houses = 5, seeds = 5 },
  -- the kazans are not sown; the first ball goes back into the emptied house
  sowing   = { stores = "none", origin_first = true },
  captures = {
    -- tried first: a last ball making 3 makes a tuzdik (effect = "mark"): one a game,
    -- never in house 5, nor in the house with the number of the opponent's tuzdik
    { side = "opponent", counts = {3}, not_house = 5, take = "pit", effect = "mark",
      mark_once = true, mark_not_mirror = true },
    -- else a last ball making an even count captures the house
    { side = "opponent", even = true, take = "pit" },
  },
  ending   = { when = "cannot_move", majority = true, remaining = "owner",
               repeats = 3, on_repeat = "split" },
  examples = {
    { name = "South's single ball from house 5 makes 3 in North's house 1: South's tuzdik, "
        .. "its 3 balls in South's kazan, marks=7:s in the position",
      play = "1,1,5,2,5",
      want = "2,7,7,6,0,[3],0,1,8,8,8,[0] n marks=7:s" },
    { name = "North sows 8 from house 4; the ball that falls into the tuzdik goes to South",
      from = "2,7,7,6,0,[3],0,1,8,8,8,[0] n marks=7:s", play = "4",
      want = "3,8,8,7,1,[4],0,1,8,1,9,[0] s marks=7:s" },
    { name = "not the house with the number of the opponent's tuzdik: North's last ball "
        .. "makes 3 in South's house 1, which does not become North's tuzdik",
      from = "2,5,5,5,5,[3],0,1,1,1,2,[0] n marks=7:s", play = "5",
      want = "3,5,5,5,5,[3],0,1,1,1,1,[0] s marks=7:s" },
    { name = "one tuzdik a game: South's last ball makes 3 in North's house 2, which does "
        .. "not become a second one (3 is odd: no capture); the ball sown into the tuzdik "
        .. "on the way is South's",
      from = "0,0,0,0,3,[3],0,2,5,5,5,[0] s marks=7:s", play = "5",
      want = "0,0,0,0,1,[4],0,3,5,5,5,[0] n marks=7:s" },
    { name = "three balls from house 5, the first back into it: the last makes 6 in North's "
        .. "house 2, even, captured",
      from = "0,0,0,0,3,[0],1,5,5,5,5,[0] s", play = "5",
      want = "0,0,0,0,1,[6],2,0,5,5,5,[0] n" },
    { name = "no tuzdik in the opponent's 5th house",
      from = "0,0,0,0,6,[0],1,1,1,1,2,[0] s", play = "5",
      want = "0,0,0,0,1,[0],2,2,2,2,3,[0] n" },
  },
}
