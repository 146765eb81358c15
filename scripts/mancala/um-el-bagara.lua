-- Um el-Bagara, "the cow game" of the Kababish of Sudan, as a mancala descriptor.
--
-- Sources: the sources field below. Go: core/mancala.UmElBagara.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's and Mancala World's pages give no worked position.
return variant {
  name    = "mancala/um-el-bagara",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Um el-Bagara (Davies 1925): each hole sows towards the nearer end, 2s and 4s captured",
  ludii   = "Um el-Bagara",
  sources = {
    "R. Davies 1925, Sudan Notes and Records 8: 140-141 (Ludii's ruleset, DLP Evidence 694)",
    "Murray 1951: 194",
    "Mancala World \"Um el Bagara\"",
  },
  description = "Two rows of five holes, five counters each; the stores only hold captures. A hole's " ..
    "counters are sown towards the nearer end of the row: the mover's two left holes " ..
    "clockwise, the two right ones anticlockwise, the middle one either way (moves 3R and " ..
    "3L). A single counter is not sown. A last counter that makes an opponent's hole 2 or " ..
    "4 captures it, and the holes before it along the sowing, on the opponent's side, " ..
    "while they hold 2 or 4. A player who cannot move passes; when neither can, each " ..
    "takes the counters left in their row. Exact. Readings: the chain stays on the " ..
    "opponent's side (Mancala World, after Alemungula), and it is taken whole (Ludii's " ..
    "\"may\" read as \"does\"). Cycles end on the third occurrence of a position since the " ..
    "last capture, the counters left split evenly (a safety net of ours).",
  board   = { rows = 2, houses = 5, seeds = 5 },
  sowing  = {
    stores = "none", min_seeds = 2,
    house_directions = { "clockwise", "clockwise", "chosen", "anticlockwise", "anticlockwise" },
  },
  captures = {
    { side = "opponent", counts = {2, 4}, take = "pit", chain = "backward" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "the middle hole moves both ways", legal = "3R 4 5 1 2 3L" },
    {
      name = "hole 1 sows clockwise into North's holes 5 and 4: they make two and four, both taken",
      from = "2,0,0,0,0,[0],5,0,0,3,1,[0] s", play = "1",
      want = "0,0,0,0,0,[6],5,0,0,0,0,[0] n",
    },
    {
      name = "3L sows leftwards into holes 2 and 1 and on into North's hole 5, making it two",
      from = "0,0,3,0,0,[0],5,5,5,5,1,[0] s", play = "3L",
      want = "1,1,0,0,0,[2],5,5,5,5,0,[0] n",
    },
    {
      name = "3R sows rightwards into holes 4 and 5 and North's hole 1, making it six: nothing taken",
      from = "0,0,3,0,0,[0],5,5,5,5,1,[0] s", play = "3R",
      want = "0,0,0,1,1,[0],6,5,5,5,1,[0] n",
    },
    { name = "single counters are not sown: South passes", from = "1,1,1,1,1,[0],2,0,0,0,0,[0] s", legal = "pass" },
    {
      name = "neither can move: each takes the counters of their row",
      from = "1,1,0,0,0,[20],1,0,0,0,0,[28] s",
      want = "0,0,0,0,0,[22],0,0,0,0,0,[29] -",
    },
  },
}
