-- Um el Tuweisat, "the little goat game", the children's Um el-Bagara, as a mancala
-- descriptor.
--
-- Sources: the sources field below. Go: core/mancala.UmElTuweisat.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/um-el-tuweisat",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Um el Tuweisat (Davies 1925): 2x3 of three, each hole sows towards the nearer end, 2s captured",
  sources = {
    "R. Davies 1925, Sudan Notes and Records 8: 141-142 (Ludii's ruleset, DLP Evidence 1532)",
  },
  description = "Two rows of three holes, three counters each; the stores only hold captures. The " ..
    "left hole sows clockwise, the right one anticlockwise, the middle one either way " ..
    "(moves 2R and 2L). A single counter is not sown. A last counter that makes an " ..
    "opponent's hole two captures it, and the holes before it on the opponent's side " ..
    "while they hold two. A player who cannot move passes; when neither can, each takes " ..
    "the counters left in their row. Exact, with Um el-Bagara's readings (the chain stays " ..
    "on the opponent's side and is taken whole). Cycles end on the third occurrence of a " ..
    "position since the last capture, the counters left split evenly (a safety net of " ..
    "ours).",
  board   = { rows = 2, houses = 3, seeds = 3 },
  sowing  = {
    stores = "none", min_seeds = 2,
    house_directions = { "clockwise", "chosen", "anticlockwise" },
  },
  captures = {
    { side = "opponent", counts = {2}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "three holes of three; the middle one moves both ways", want = "3,3,3,[0],3,3,3,[0] s", legal = "2R 3 1 2L" },
    {
      name = "hole 1 sows clockwise into North's holes 3 and 2, making both two: both taken",
      from = "2,0,0,[0],3,1,1,[0] s", play = "1",
      want = "0,0,0,[4],3,0,0,[0] n",
    },
    { name = "single counters are not sown: South passes", from = "1,1,1,[0],2,0,0,[0] s", legal = "pass" },
  },
}
