-- Ohvalhu, the Maldivian game of eight holes, as a mancala descriptor.
--
-- Sources: the sources field below. Go: core/mancala.Ohvalhu.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's and Mancala World's pages give no worked position.
return variant {
  name    = "mancala/ohvalhu",
  extends = "mancala",
  family  = "mancala",
  region  = "South Asia",
  summary = "Ohvalhu (Maldives): eight holes of eight, relay sowing, rounds with holes out of play",
  ludii   = "Ovalhu",
  sources = {
    "A. J. de Voogt 2000, as Ludii gives it (\"Ovalhu\", DLP Evidence 2047)",
    "Mancala World \"Ohvalhu\" (after S. Culin 1894)",
  },
  description = "Two rows of eight holes, eight counters each (128), and a store at each player's " ..
    "right. A move sows anticlockwise into the mover's own store and past the opponent's; " ..
    "the players move in turn from the first move. A last counter in an occupied hole " ..
    "relays; in the own store the mover plays again; in an empty hole of the mover it " ..
    "captures the opposite hole with itself, when that hole holds counters. A player with " ..
    "no counters passes; the round ends when every counter is captured. Each next round, " ..
    "each player fills their holes from the left, eight a hole, from their store; holes " ..
    "they cannot fill are out of play for the round. The match ends when a player cannot " ..
    "fill one hole. Readings: the capture is Congkak's (Mancala World: \"similar to " ..
    "Congkak\"; Ludii's text captures on any empty hole); the players take turns to start " ..
    "rounds; at most eight rounds (our bound). A repetition (the third occurrence of a " ..
    "position since the last capture) ends the match.",
  board   = { rows = 2, houses = 8, seeds = 8 },
  sowing  = { stores = "own", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true, pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner",
              rounds = { max = 8 } }, -- a new round fills each hole with the seeds knob (8)
  examples = {
    {
      name = "eight holes of eight, round 1",
      want = "8,8,8,8,8,8,8,8,[0],8,8,8,8,8,8,8,8,[0] s round=1 ply=0",
    },
    {
      name = "a relay ends in empty hole 4, which takes the opposite hole",
      from = "1,1,0,0,0,0,0,0,[0],1,1,1,1,2,1,1,1,[0] s round=1", play = "1",
      want = "0,0,1,0,0,0,0,0,[3],1,1,1,1,0,1,1,1,[0] n round=1 ply=1",
    },
    {
      name = "the board is empty: South refills seven holes (hole 8 is out), North all eight, North starts",
      from = "0,0,0,0,0,0,0,1,[60],0,0,0,0,0,0,0,0,[67] s round=1", play = "8",
      want = "8,8,8,8,8,8,8,0,[5],8,8,8,8,8,8,8,8,[3] n out=8 round=2 ply=1 played=0",
    },
  },
}
