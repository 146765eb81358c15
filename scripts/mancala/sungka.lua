-- Sungka, the Philippine game, as a mancala descriptor, without its simultaneous
-- first move.
--
-- Sources: the sources field below. Go: core/mancala.Sungka.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Mancala World's page gives no worked position.
return variant {
  name    = "mancala/sungka",
  extends = "mancala",
  family  = "mancala",
  region  = "Southeast Asia",
  summary = "Sungka: seven holes of seven, anticlockwise relay sowing, extra turns, passes",
  ludii   = "Sungka",
  sources = {
    "Mancala World \"Sungka\" (after wikimanqala)",
    "L. Russ 2000, The Complete Mancala Games Book",
  },
  description = "Two rows of seven holes, seven shells each (98), and a store at each player's right. " ..
    "A move sows anticlockwise into the mover's own store and past the opponent's. A last " ..
    "shell in an occupied hole, on either side, lifts its shells and sowing goes on. A " ..
    "last shell in the own store: the mover plays again. In an empty hole of the mover: " ..
    "it captures the opposite hole with itself, when that hole holds shells (else " ..
    "nothing). A player with no shells passes; the game ends when every hole is empty. " ..
    "Exact but for the first move, which both players make at once in the source: here " ..
    "South moves first. Relays can cycle: the third occurrence of a position since the " ..
    "last capture ends the game, the shells left split evenly (ours).",
  board   = { rows = 2, houses = 7, seeds = 7 },
  sowing  = { stores = "own", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true, pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "seven holes of seven", want = "7,7,7,7,7,7,7,[0],7,7,7,7,7,7,7,[0] s" },
    {
      name = "the last shell in the own store: South plays again",
      from = "0,0,0,0,0,0,1,[0],7,7,7,7,7,7,7,[0] s", play = "7",
      want = "0,0,0,0,0,0,0,[1],7,7,7,7,7,7,7,[0] s",
    },
    {
      name = "a relay from hole 2 ends in empty hole 4, which takes the opposite hole",
      from = "1,1,0,0,0,0,0,[0],1,1,1,2,1,1,1,[0] s", play = "1",
      want = "0,0,1,0,0,0,0,[3],1,1,1,0,1,1,1,[0] n",
    },
    {
      name = "a player with no shells passes",
      from = "0,0,0,0,0,0,0,[10],1,0,0,0,0,0,0,[0] s", legal = "pass",
    },
  },
}
