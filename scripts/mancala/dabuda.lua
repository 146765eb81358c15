-- Dabuda, the Afar game (Ethiopia, Djibouti), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/dabuda",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Dabuda (Afar): relay sowing; a move must reach the opponent or end in an own empty hole",
  ludii   = "Dabuda",
  sources = {
    "ludii.games/details.php?keyword=Dabuda and Ludii's `two_rows/Dabuda.lud` (after Pankhurst 1971)",
    "the catalogue's \"Dabuda (Afar ruleset)\"",
  },
  description = "Two rows of ten holes, four counters each; no stores on the board are sown. The " ..
    "game's first move is made from one of the mover's four rightmost holes. After that a " ..
    "move must drop a counter in the opponent's row or end in an empty hole of the " ..
    "mover's own. Relay sowing: a last counter in an occupied hole lifts it and sowing " ..
    "goes on. A last counter in an empty own hole captures the opposite hole with itself. " ..
    "A player who cannot move ends the game and the other takes the counters left. " ..
    "Readings taken (as core/mancala's Dabuda): \"the first move\" is the game's first ply " ..
    "only; the \"reach or empty\" condition is judged on the move's first lap (with relay " ..
    "sowing every whole move would meet it); a capture needs counters in the opposite " ..
    "hole. The rightmost four are written \"h-3..h\" so a smaller board keeps its rightmost " ..
    "four. Relays can cycle: the third occurrence of a position since the last capture " ..
    "ends the game, the counters left split evenly (a choice of ours).",
  board   = { rows = 2, houses = 10, seeds = 4 },
  sowing  = { stores = "none", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { opening = { plies = 1, houses = { "h-3..h" } }, must = "reach_or_empty" },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "the first move is from one of the four rightmost holes", legal = "7 8 9 10" },
    {
      name = "the ply count read from the position lifts the opening rule",
      from = "1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=0", legal = "7 8 10",
    },
    {
      name = "after the opening a move reaches North's row (10) or ends in an own empty hole (2, 8)",
      from = "1,1,0,0,0,1,1,1,0,1,[0],4,0,0,0,0,0,0,0,0,0,[0] s ply=2", legal = "2 8 10",
    },
  },
}
