-- Kiela (Quiela), the Mbundu game of Angola, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/kiela",
  extends = "mancala",
  family  = "mancala",
  region  = "Southern Africa",
  summary = "Kiela (Quiela), simplified: counters rearranged, relay, captures of the opposite column",
  ludii   = "Quiela",
  sources = {
    "Ludii's `four_rows/Quiela.lud` (after Silva 1995)",
    "the catalogue's \"Kiela (Quiela)\"",
  },
  description = "Four rows of seven holes; each player owns the two rows on their side and sows " ..
    "around them, anticlockwise; there are no stores. Three counters lie in each outer " ..
    "hole, and each player rearranges their counters before play. Relay sowing: a last " ..
    "counter in an occupied hole lifts it and sowing goes on. A last counter in an empty " ..
    "hole of the mover's inner row captures the opponent's inner hole opposite and the " ..
    "outer one behind it (when they hold counters). Capturing everything wins: a player " ..
    "who cannot move ends the game, the other taking the rest. Simplifications (as " ..
    "core/mancala's Kiela): the rearrangement is up to six single-counter moves a player " ..
    "(\"1>2\"; \"done\" ends it), South first, with no constraint checked. Missing: \"once a " ..
    "player has one counter per hole, only singles may move into empty holes\". Relays can " ..
    "cycle: the third occurrence of a position since the last capture ends the game, the " ..
    "counters left split evenly (a choice of ours).",
  board   = {
    rows = 4, houses = 7, seeds = 3, stores = false,
    start = { { houses = "h+1..2h" } }, -- the outer row (houses h+1..2h along the track)
  },
  sowing  = { stores = "none", relay = true },
  captures = {
    { side = "own", inner = true, empty_before = true, take = "column", need_seeds = true },
  },
  moves   = { setup = 6 },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "three counters in each outer hole; the setup starts with South",
      want = "0,0,0,0,0,0,0,3,3,3,3,3,3,3,0,0,0,0,0,0,0,3,3,3,3,3,3,3,[0],[0] s setup=6,6 ply=0",
    },
    {
      name = "a setup move carries a counter inward; both players done, South starts play",
      play = "8>1 done done",
      want = "1,0,0,0,0,0,0,2,3,3,3,3,3,3,0,0,0,0,0,0,0,3,3,3,3,3,3,3,[0],[0] s ply=3 played=0",
    },
    {
      name = "a last counter in empty inner hole 1 captures North's column (2 and 3); the counter stays",
      from = "0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,2,3,0,0,0,0,0,1,[0],[0] s ply=12 played=0",
      play = "14",
      want = "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,[5],[0] n ply=13 played=1",
    },
  },
}
