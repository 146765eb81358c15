-- Kalah(6,6) with the standard capture: a capture needs seeds in the opposite house.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; brainking.com's capture figure gives no counts in its text.
return variant {
  name    = "mancala/kalah-standard",
  extends = "mancala/kalah",
  family  = "mancala",
  region  = "North America",
  summary = "Kalah(6,6): a capture needs seeds opposite",
  ludii   = "Kalah",
  sources = {
    "the catalogue's \"Kalah(6,6), standard capture\"",
    "the solved-Kalah convention (Irving, Donkers & Uiterwijk 2000) and the common rules pages (m.berryblow.com, brainking.com GameRules tp=103)",
  },
  description = "Mancala/kalah with six seeds a house, and a last seed in an own empty house captures " ..
    "only when the opposite house holds seeds; otherwise it stays where it fell. Only the " ..
    "captures table and the seeds change: the rest is mancala/kalah's (each table a " ..
    "script leaves out is its parent's).",
  board   = { rows = 2, houses = 6, seeds = 6 },
  captures = {
    { side = "own", inner = true, empty_before = true, take = "column", with_last = true, need_seeds = true },
  },
  examples = {
    { name = "six seeds a house", want = "6,6,6,6,6,6,[0],6,6,6,6,6,6,[0] s" },
    {
      name = "no capture when the opposite house is empty",
      from = "1,0,0,0,0,1,[0],1,0,0,0,0,3,[0] s", play = "1",
      want = "0,1,0,0,0,1,[0],1,0,0,0,0,3,[0] n",
    },
    {
      name = "a capture when it holds seeds",
      from = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", play = "1",
      want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n",
    },
  },
}
