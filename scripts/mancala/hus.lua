-- Hus, the Nama game of Namibia (ǁHus), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii, boardgamesoftheworld.com and the Wikipedia mirrors give the
-- start layout, no worked move.
return variant {
  name    = "mancala/hus",
  extends = "mancala",
  family  = "mancala",
  region  = "Southern Africa",
  summary = "Hus (Nama): four rows, relay sowing, captured columns sown on, no move loses",
  ludii   = "Hus (Nama)",
  sources = {
    "ludii.games/details.php?keyword=Hus%20(Nama)",
    "boardgamesoftheworld.com/hus.html",
    "Wikipedia \"ǁHus\" (mirrors at en-academic.com and wikivisually.com)",
    "the catalogue's \"Hus\"",
  },
  description = "Four rows of holes, eight a row here (the Nama play 16 to 22: the houses knob); each " ..
    "player owns the two rows on their side and sows around them, anticlockwise; there " ..
    "are no stores. Two seeds lie in every hole of the outer row and in the right half of " ..
    "the inner row (from the player's seat). Only holes of two seeds or more are sown. A " ..
    "last seed in an occupied hole of the inner row whose two opponent holes in the same " ..
    "column both hold seeds captures them, and the captured seeds are sown on from the " ..
    "next hole. Otherwise a last seed in an occupied hole lifts it and sowing goes on " ..
    "(relay). The player who cannot move loses: the other takes every seed. Relays can " ..
    "cycle: the third occurrence of a position since the last capture ends the game, the " ..
    "seeds left split evenly (a choice of ours). Exact to the catalogue (core/mancala's " ..
    "Hus).",
  board   = {
    rows = 4, houses = 8, seeds = 2, stores = false,
    -- House numbers along the player's track: 1..h the inner row from the player's
    -- right, h+1..2h the outer row from the left.
    start = { { houses = "1..h/2" }, { houses = "h+1..2h" } },
  },
  sowing  = { stores = "none", min_seeds = 2, relay = true },
  captures = {
    { side = "own", inner = true, occupied = true, take = "column", all_occupied = true,
      effect = "resow", resow_from = "after_last" },
  },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "two seeds in the outer row and the right half of the inner row",
      want = "2,2,2,2,0,0,0,0,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,2,2,2,2,2,2,2,2,[0],[0] s",
    },
    {
      name = "a single seed is not sown",
      from = "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s",
      legal = "9 15",
    },
    {
      name = "the last seed makes inner hole 1 two; North's column (4 and 3) is taken and sown on from hole 2",
      from = "1,0,0,0,0,0,0,0,2,0,0,0,0,0,2,0,0,0,0,0,2,0,0,3,4,0,0,0,0,0,0,0,[0],[0] s", play = "15",
      want = "2,1,1,1,1,1,1,1,2,0,0,0,0,0,0,1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,[0],[0] n",
    },
  },
}
