-- Owela of Benguela (Angola), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/owela",
  extends = "mancala",
  family  = "mancala",
  region  = "Southern Africa",
  summary = "Owela (Benguela): 3n-2 counters dealt in twos, captures opposite sown on, relay",
  ludii   = "Owela (Benguela)",
  sources = {
    "Ludii's `four_rows/Owela (Benguela).lud` (after Silva 1995)",
    "the catalogue's \"Owela (Benguela)\"",
  },
  description = "Four rows of 12 to 20 holes (here 12, the houses knob); each player owns the two " ..
    "rows on their side and sows around them, anticlockwise; there are no stores. Each " ..
    "player's 3n-2 counters (n holes a row) are dealt two by two from their leftmost " ..
    "outer hole along their track: the outer row, then the inner row from the right. A " ..
    "single counter is not sown. A last counter in an occupied hole of the inner row, " ..
    "with the opponent's inner hole opposite occupied, captures that hole and the outer " ..
    "one behind it, and the captured counters are sown on from the next hole. Otherwise a " ..
    "last counter in an occupied hole lifts it and sowing goes on (relay). A player who " ..
    "cannot move loses: the other takes every counter. Relays can cycle: the third " ..
    "occurrence of a position since the last capture ends the game, the counters left " ..
    "split evenly (a choice of ours). Exact to the catalogue (core/mancala's Owela).",
  board   = {
    rows = 4, houses = 12, seeds = 2, stores = false,
    -- 3h-2 counters dealt two (the seeds knob) at a time from house h+1, the outer
    -- row's left end, along the track.
    start = { { deal = "3h-2", from = "h+1" } },
  },
  sowing  = { stores = "none", min_seeds = 2, relay = true },
  captures = {
    { side = "own", inner = true, occupied = true, need_opposite = true, take = "column",
      effect = "resow", resow_from = "after_last" },
  },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "34 counters a player: the outer row full, then the inner row from the right up to hole 5",
      want = "2,2,2,2,2,0,0,0,0,0,0,0,2,2,2,2,2,2,2,2,2,2,2,2,"
          .. "2,2,2,2,2,0,0,0,0,0,0,0,2,2,2,2,2,2,2,2,2,2,2,2,[0],[0] s",
    },
    {
      name = "house 24's last counter makes inner hole 2 two, North's inner hole opposite occupied: "
          .. "North's column (3 and 4) is captured and sown on from hole 3",
      from = "0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,"
          .. "0,0,0,0,0,0,0,0,0,0,3,0,0,4,0,0,0,0,0,0,0,0,0,2,[0],[0] s", play = "24",
      want = "1,2,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
          .. "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] n",
    },
    {
      name = "no capture when North's inner hole opposite is empty: the counters relay instead",
      from = "0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,"
          .. "0,0,0,0,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2,[0],[0] s", play = "24",
      want = "1,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
          .. "0,0,0,0,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2,[0],[0] n",
    },
  },
}
