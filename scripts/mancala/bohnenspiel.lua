-- Das Bohnenspiel, the German bean game, as a mancala descriptor.
--
-- Sources: the sources field below. Go: core/mancala.Bohnenspiel.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; iggamecenter's Bohnenspiel page has sowing and capture figures,
-- their counts not in its text.
return variant {
  name    = "mancala/bohnenspiel",
  extends = "mancala",
  family  = "mancala",
  region  = "Europe",
  summary = "Das Bohnenspiel: 2, 4 and 6 captured on either side, backwards in a chain",
  ludii   = "Das Bohnenspiel",
  sources = {
    "F. Jahn 1923: 13-15 (Ludii's ruleset \"Jahn\", ludii.games variant 66)",
    "Wikipedia \"Das Bohnenspiel\" (after the Deutsches Spielhandbuch, 1937)",
  },
  description = "Two rows of six pits, six beans each (72); the stores only hold captures. A move " ..
    "sows a pit's beans anticlockwise in a single lap. When the last bean leaves its pit, " ..
    "on either side, with 2, 4 or 6 beans, the pit is captured, and so is each pit before " ..
    "it along the sowing, on either side, while it holds 2, 4 or 6. A player who cannot " ..
    "move ends the game, and the other player takes every bean left. Exact. Readings: a " ..
    "lap of 12 beans or more sows its own pit too (no source skips it); cycles end on the " ..
    "third occurrence of a position since the last capture, the beans left split evenly " ..
    "(a safety net of ours).",
  board   = { rows = 2, houses = 6, seeds = 6 },
  sowing  = { stores = "none" },
  captures = {
    { side = "any", counts = {2, 4, 6}, take = "pit", chain = "backward" },
  },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "six pits of six", want = "6,6,6,6,6,6,[0],6,6,6,6,6,6,[0] s" },
    {
      name = "the last bean makes North's pit 2 four and pit 1 two: both taken",
      from = "0,0,0,0,1,2,[0],1,3,0,0,0,5,[0] s", play = "6",
      want = "0,0,0,0,1,0,[6],0,0,0,0,0,5,[0] n",
    },
    {
      name = "captures count on the mover's own side too",
      from = "0,0,0,2,1,3,[0],1,1,1,1,1,1,[0] s", play = "4",
      want = "0,0,0,0,0,0,[6],1,1,1,1,1,1,[0] n",
    },
    {
      name = "an odd count captures nothing",
      from = "0,0,0,0,0,1,[0],2,1,1,1,1,1,[0] s", play = "6",
      want = "0,0,0,0,0,0,[0],3,1,1,1,1,1,[0] n",
    },
    {
      name = "South cannot move: North takes every bean left",
      from = "0,0,0,0,0,0,[30],1,1,1,1,1,1,[36] s",
      want = "0,0,0,0,0,0,[30],0,0,0,0,0,0,[42] -",
    },
  },
}
