-- Kalah as Ludii plays it (W. J. Champion's game of the 1940s), as a mancala
-- descriptor: mancala/kalah-standard's capture on four seeds a house, and the game
-- over only when the player to move has no move.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's stated rules end the game "when one player has no seeds in any of their
-- holes", its code when the player to move has none (ending.when = "cannot_move"):
-- a player who empties their own row goes on once the opponent sows into it. We
-- follow the code; mancala/kalah and mancala/kalah-standard end on either empty row,
-- the convention of the solved game.
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/kalah-champion",
  extends = "mancala",
  family  = "mancala",
  region  = "North America",
  summary = "Kalah as Ludii codes it: a capture needs seeds opposite; the game ends when the mover cannot move",
  ludii   = "Kalah",
  sources = {
    "W. J. Champion's Kalah (USA, 1940), as Ludii's ruleset \"Kalah\" gives it (after en.wikipedia.org/wiki/Kalah)",
  },
  description = "Two rows of six houses with four seeds each, and a store for each player at their " ..
    "right. A move lifts every seed of one of the mover's houses and sows them one by one " ..
    "anticlockwise, into the mover's own store but not the opponent's. A last seed in the " ..
    "own store gives another move. A last seed in an empty house of the mover, facing an " ..
    "opponent house that holds seeds, takes itself and those seeds into the store. The " ..
    "game ends when the player to move has no seeds in their houses; each player then " ..
    "takes the seeds left on their side, and the most seeds wins.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { direction = "anticlockwise", stores = "own" },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true },
  ending  = { when = "cannot_move", remaining = "owner" },
  examples = {
    { name = "every house can move at the start", legal = "1 2 3 4 5 6" },
    {
      name = "four seeds from house 3 into the next three houses and the store: South moves again",
      play = "3", want = "4,4,0,5,5,5,[1],4,4,4,4,4,4,[0] s",
    },
    {
      name = "a last seed in an own empty house takes itself and the seeds opposite",
      from = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", play = "1",
      want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n",
    },
    {
      name = "no capture when the opposite house is empty",
      from = "1,0,0,0,0,1,[0],1,0,0,0,0,3,[0] s", play = "1",
      want = "0,1,0,0,0,1,[0],1,0,0,0,0,3,[0] n",
    },
    {
      name = "South empties its own row into the store and moves again: with no move the game ends",
      from = "0,0,0,0,0,1,[20],1,0,0,0,0,0,[26] s", play = "6",
      want = "0,0,0,0,0,0,[21],0,0,0,0,0,0,[27] -",
    },
    {
      name = "South's row is empty but North can move: play goes on",
      from = "0,0,0,0,0,2,[20],0,0,0,0,0,2,[24] s", play = "6",
      want = "0,0,0,0,0,0,[21],1,0,0,0,0,2,[24] n",
    },
  },
}
