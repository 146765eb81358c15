-- Chungcajon (Chuncajon), the relay game Culin recorded in the Philippines, as a
-- mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Ludii's ruleset and its code agree; so does ours. The source sows clockwise into
-- the store at the mover's left; we write the game as its mirror image, anticlockwise
-- into the store at the right (the same game: mancala/congkak does the same), so house
-- 1 is the source's hole next to the store's far end. A player with no counters in
-- their row passes (Ludii's code has no move for them, and the turn goes over).
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/chungcajon",
  extends = "mancala",
  family  = "mancala",
  region  = "Southeast Asia",
  summary = "Chungcajon (Philippines): relay sowing into the own store, no captures; play on until every counter is stored",
  ludii   = "Chungcajon",
  sources = {
    "S. Culin 1900, \"Mancala, the national game of Africa\": 653 (as Ludii's ruleset \"Chungcajon\" gives it)",
  },
  description = "Two rows of seven holes, seven counters each, and a store for each player. A move " ..
    "takes every counter of one of the mover's holes and sows them one by one along the " ..
    "mover's row into their own store and on into the opponent's row, passing the " ..
    "opponent's store. A last counter in an occupied hole lifts its counters and sowing " ..
    "goes on from there; in an empty hole or the own store the turn ends. Nothing is " ..
    "captured: counters reach the stores only by being sown there. A player with no " ..
    "counters in their row passes. The game ends when every counter is in a store; the " ..
    "fuller store wins. Our safety net: the third occurrence of a position since a store " ..
    "last changed ends the game, each player taking the counters in their row.",
  board   = { rows = 2, houses = 7, seeds = 7 },
  sowing  = { direction = "anticlockwise", stores = "own", relay = true },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of seven holes, seven counters each", want = "7,7,7,7,7,7,7,[0],7,7,7,7,7,7,7,[0] s" },
    {
      name = "a last counter in the own store ends the turn",
      from = "0,0,0,0,0,2,1,[0],1,0,0,0,0,0,0,[0] s", play = "7",
      want = "0,0,0,0,0,2,0,[1],1,0,0,0,0,0,0,[0] n",
    },
    {
      name = "a last counter in an occupied hole of North's relays; it stops in an empty hole",
      from = "0,0,0,0,0,0,2,[0],1,0,0,0,0,0,0,[0] s", play = "7",
      want = "0,0,0,0,0,0,0,[1],0,1,1,0,0,0,0,[0] n",
    },
    {
      name = "a player with no counters passes; the other plays on",
      from = "0,0,0,0,0,0,0,[40],0,0,0,0,0,2,0,[56] s", legal = "pass",
    },
    {
      name = "every counter in a store: the game is over",
      from = "0,0,0,0,0,0,0,[40],0,0,0,0,0,0,1,[57] n", play = "7",
      want = "0,0,0,0,0,0,0,[40],0,0,0,0,0,0,0,[58] -",
    },
  },
}
