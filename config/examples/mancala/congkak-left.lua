-- Congkak with its stores where the sources put them, at each player's left, sown
-- clockwise: a worked example of board.stores = "left" (scripts/README.md, "Which way
-- a lap reaches the store"). The catalogue's mancala/congkak is the same game on the
-- usual board, mirrored (anticlockwise, stores at the right); both keep the houses knob.
--
-- The pits, in the position string's order (as for the usual board, only the stores
-- change ends): South's houses from South's left (pit 1, next to South's store, to pit
-- 7), South's store (pit 8, at the left end), North's houses from North's left (pit 9,
-- next to North's store, to pit 15), North's store (pit 16, at the right end as we look
-- at the board). A player's house 1 is the one next to their store; clockwise, a lap
-- goes from house k through houses k-1 .. 1 into the own store, then along the
-- opponent's row.
return variant {
  name     = "my/congkak-left",
  extends  = "mancala",
  family   = "mancala",
  summary  = "Congkak on the sources' board: stores at the players' left, clockwise",
  board    = { rows = 2, houses = 7, seeds = 7, stores = "left" },
  sowing   = { direction = "clockwise", stores = "own", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves    = { extra_turn = true },
  ending   = { when = "side_empty", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "salvi.chaosnet.org's first move, on its own board: seven seeds from the "
        .. "second hole on the right (house 6) fill the five holes to its left, South's "
        .. "store and North's first hole (the top left one); the relay from there ends in "
        .. "South's emptied house 6, which takes the 8 opposite with itself",
      play = "6",
      want = "8,8,8,8,8,0,8,[10],8,0,8,8,8,8,0,[0] n" },
    { name = "the last seed in the own store: South plays again",
      from = "1,0,0,0,0,0,2,[0],1,1,1,1,1,1,1,[0] s", play = "1",
      want = "0,0,0,0,0,0,2,[1],1,1,1,1,1,1,1,[0] s" },
  },
}
