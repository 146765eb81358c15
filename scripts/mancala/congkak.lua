-- Congkak (congklak), the Malay and Indonesian game, as a mancala descriptor, without
-- its simultaneous first move.
--
-- Source: salvi.chaosnet.org/snippets/congklak-rules.txt; mpumamak.blogspot.com;
-- Wikipedia "Southeast Asian mancala".
--
-- The rules, in our words: two rows of seven houses, seven seeds each. Sowing goes
-- clockwise, into the mover's own store and past the opponent's. A last seed in an
-- occupied house on either side lifts its seeds and sowing goes on. A last seed in the
-- own store: the mover plays again. In an empty house of the opponent: the turn ends.
-- In an empty house of the mover: it captures the opposite house with itself, when the
-- opposite house holds seeds. The game ends when a side is empty, each player taking
-- the seeds on their side. Relays can cycle: the third occurrence of a position since
-- the last capture ends the game, the seeds left split evenly (a choice of ours).
return variant {
  name    = "mancala/congkak",
  extends = "mancala",
  family  = "mancala",
  region  = "Southeast Asia",
  summary = "Congkak: seven houses of seven, clockwise relay sowing, extra turns in the own store",
  board   = { rows = 2, houses = 7, seeds = 7 },
  sowing  = { direction = "clockwise", stores = "own", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true },
  ending  = { when = "side_empty", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "seven houses of seven", want = "7,7,7,7,7,7,7,[0],7,7,7,7,7,7,7,[0] s" },
    {
      name = "a last seed in an own empty house captures the opposite house",
      from = "0,0,1,0,0,0,2,[0],2,0,0,0,0,4,0,[0] s", play = "3",
      want = "0,0,0,0,0,0,2,[5],2,0,0,0,0,0,0,[0] n",
    },
    {
      name = "a relay that ends in an empty house of the opponent ends the turn",
      from = "1,0,0,0,0,0,2,[0],3,0,0,0,0,0,1,[0] s", play = "1",
      want = "0,0,0,0,0,0,2,[0],3,0,0,0,1,1,0,[0] n",
    },
    {
      name = "the last seed in the own store: South plays again",
      from = "8,0,0,0,0,0,2,[0],1,1,1,1,1,1,1,[0] s", play = "1",
      want = "0,0,0,0,0,0,2,[1],2,2,2,2,2,2,2,[0] s",
    },
  },
}
