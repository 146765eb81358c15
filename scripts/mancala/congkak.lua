-- Congkak (congklak), the Malay and Indonesian game, as a mancala descriptor, without
-- its simultaneous first move.
--
-- Sources: the sources field below. Go: core/mancala.Congkak.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- The board, mirrored: our two-row board has the stores at the players' right, where
-- clockwise sowing would reach the own store only after the opponent's row (another
-- game). So this script is the sources' board seen in a mirror: anticlockwise, the
-- stores at the right, the same lap (as mancala/sungka). Left and right swap: the
-- sources' house next to the store (a player's leftmost) is house 7 here, and their
-- "second hole on the right" is house 2.
--
-- Examples: the second is salvi.chaosnet.org's worked first move, mirrored (the source
-- shows its first lap; the relay after it is worked out by us); the others are ours.
-- config/examples/mancala/congkak-left.lua plays the same move on the source's own board.
return variant {
  name    = "mancala/congkak",
  extends = "mancala",
  family  = "mancala",
  region  = "Southeast Asia",
  summary = "Congkak: seven houses of seven, relay sowing into the own store then on to the opponent, extra turns",
  sources = {
    "salvi.chaosnet.org/snippets/congklak-rules.txt",
    "mpumamak.blogspot.com",
    "Wikipedia \"Southeast Asian mancala\"",
  },
  description = "Two rows of seven houses, seven seeds each. Each player's store is at their left and " ..
    "sowing goes clockwise, so a lap runs along the own row into the own store and on " ..
    "into the opponent's row, past the opponent's store. A last seed in an occupied house " ..
    "on either side lifts its seeds and sowing goes on. A last seed in the own store: the " ..
    "mover plays again. In an empty house of the opponent: the turn ends. In an empty " ..
    "house of the mover: it captures the opposite house with itself, when the opposite " ..
    "house holds seeds. The game ends when a side is empty, each player taking the seeds " ..
    "on their side. Relays can cycle: the third occurrence of a position since the last " ..
    "capture ends the game, the seeds left split evenly (a choice of ours).",
  board   = { rows = 2, houses = 7, seeds = 7 },
  -- Anticlockwise: the sources' clockwise board with the stores at the left, mirrored.
  sowing  = { direction = "anticlockwise", stores = "own", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true },
  ending  = { when = "side_empty", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "seven houses of seven", want = "7,7,7,7,7,7,7,[0],7,7,7,7,7,7,7,[0] s" },
    {
      name = "salvi.chaosnet.org's first move, mirrored: seven seeds from house 2 (the "
          .. "text's second hole on the right) fill houses 3 to 7, the own store and North's "
          .. "house 1 (the text's top left hole), which then holds 8 and is lifted; that "
          .. "relay ends in South's empty house 2, which takes North's house 6 (8 seeds) "
          .. "with itself",
      play = "2",
      want = "8,0,8,8,8,8,8,[10],0,8,8,8,8,0,8,[0] n",
    },
    {
      name = "a last seed in an own empty house captures the opposite house",
      from = "2,0,0,0,1,0,0,[0],0,4,0,0,0,0,2,[0] s", play = "5",
      want = "2,0,0,0,0,0,0,[5],0,0,0,0,0,0,2,[0] n",
    },
    {
      name = "a lap goes own row, own store, North's row; the relay from North's house 1 "
          .. "ends in North's empty house 3 and the turn ends",
      from = "0,0,0,0,0,3,0,[0],1,0,0,0,0,0,3,[0] s", play = "6",
      want = "0,0,0,0,0,0,1,[1],0,1,1,0,0,0,3,[0] n",
    },
    {
      name = "the last seed in the own store: South plays again",
      from = "2,0,0,0,0,0,1,[0],1,1,1,1,1,1,1,[0] s", play = "7",
      want = "2,0,0,0,0,0,0,[1],1,1,1,1,1,1,1,[0] s",
    },
    {
      name = "North's store is skipped: nine seeds from house 7 reach South's empty house 1, "
          .. "which takes North's house 7",
      from = "0,0,1,0,0,0,9,[0],0,0,1,0,0,0,0,[0] s", play = "7",
      want = "0,0,1,0,0,0,0,[3],1,1,2,1,1,1,0,[0] n",
    },
  },
}
