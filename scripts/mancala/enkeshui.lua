-- Enkeshui, the game of Uganda (Hima), much simplified, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Wikipedia's page gives no worked position.
return variant {
  name    = "mancala/enkeshui",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Enkeshui, simplified: relay sowing, holes made 3 become the mover's bulls",
  sources = {
    "Wikipedia \"Enkeshui\"",
    "the catalogue's \"Enkeshui\"",
  },
  description = "Two rows of holes (8, 10 or 12 a row; here 8) and 48 seeds; relay sowing: a last " ..
    "seed in an occupied hole lifts it and sowing goes on. Bulls: a hole that a last seed " ..
    "makes 3, on either side, becomes the mover's permanent hole (checked at the end of " ..
    "every lap, before the relay): its seeds go to the mover, it is never sown from " ..
    "again, and every seed later sown into it is the mover's. A player who cannot move " ..
    "ends the game, each taking the seeds on their own side. Simplifications (as " ..
    "core/mancala's Enkeshui): three seeds a hole on two rows of eight (one of the " ..
    "source's 48-seed setups; the others are uneven); South starts (the source's " ..
    "simultaneous relay race decides who does). Missing: the bulls of a 2-3 pair, and \"no " ..
    "capture after a relay\". Relays can cycle: the third occurrence of a position since " ..
    "the last capture ends the game, the seeds left split evenly (a choice of ours).",
  board   = { rows = 2, houses = 8, seeds = 3, stores = false },
  sowing  = { stores = "none", relay = true, lap_captures = true },
  captures = {
    { side = "any", counts = {3}, take = "pit", effect = "mark" },
  },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "a last seed making 3 makes the hole South's bull, its seeds South's",
      from = "2,0,2,0,0,0,0,0,0,0,0,0,0,0,0,1,[0],[0] s", play = "1",
      want = "0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,[3],[0] n marks=3:s",
    },
    {
      name = "a seed sown into a bull goes to its owner",
      from = "0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,1,[3],[0] s marks=3:s", play = "2",
      want = "0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,1,[4],[0] n marks=3:s",
    },
    {
      name = "a last seed making 2 relays",
      from = "1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,[0],[0] s", play = "1",
      want = "0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,1,[0],[0] n",
    },
  },
}
