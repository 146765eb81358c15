-- Tshuba (Tchouba), the Tsonga game of Mozambique and South Africa, as a mancala
-- descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/tshuba",
  extends = "mancala",
  family  = "mancala",
  region  = "Southern Africa",
  summary = "Tshuba (Tsonga): four rows, relay; a capture also takes a hole of the mover's choice",
  ludii   = "Tshuba",
  sources = {
    "Ludii's `four_rows/Tshuba.lud` (after Junod 1912)",
    "the catalogue's \"Tshuba (Tchouba)\"",
  },
  description = "Four rows of 4 to 22 holes (here 6, the houses knob), two counters in every hole; " ..
    "each player owns the two rows on their side and sows around them, anticlockwise; " ..
    "there are no stores. Relay sowing: a last counter in an occupied hole lifts it and " ..
    "sowing goes on. A last counter in an empty hole of the mover's inner row captures " ..
    "the opponent's inner and outer holes of its column (when they hold counters) and one " ..
    "more opponent hole of the mover's choosing: the move names it after \">\" (\"5>3\": sow " ..
    "hole 5 and take the opponent's hole 3 too), and such a move is listed once for every " ..
    "opponent hole holding counters after the capture. Capturing everything wins: a " ..
    "player who cannot move ends the game, the other taking the rest. Relays can cycle: " ..
    "the third occurrence of a position since the last capture ends the game, the " ..
    "counters left split evenly (a choice of ours). Exact to the catalogue " ..
    "(core/mancala's Tshuba).",
  board   = { rows = 4, houses = 6, seeds = 2, stores = false },
  sowing  = { stores = "none", relay = true },
  captures = {
    { side = "own", inner = true, empty_before = true, take = "column", need_seeds = true, chosen = true },
  },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "hole 12's counter falls in empty inner hole 1: the capture is listed with each chosen North hole (3 or 9)",
      from = "0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s",
      legal = "4 12>3 12>9",
    },
    {
      name = "12>3 takes North's column (2 and 3) and North's hole 3 (4)",
      from = "0,0,0,2,0,0,0,0,0,0,0,1,0,0,4,0,0,2,3,0,1,0,0,0,[0],[0] s", play = "12>3",
      want = "1,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,[9],[0] n",
    },
  },
}
