-- Mangala, the Turkish game, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples 1 and 6 are the Czech federation's worked examples (mankala.cz/
-- premyslej18mng1.php: D3, then D5, sown from the start; D1..D6 are South's houses
-- 1..6, H1 is North's house 1); the others are ours.
return variant {
  name    = "mancala/mangala",
  extends = "mancala",
  family  = "mancala",
  region  = "West Asia",
  summary = "Mangala (Turkey): origin-first sowing, even captures, the player who empties their row takes the rest",
  ludii   = "Mangala (Turkey)",
  sources = {
    "mancala.fandom.com/wiki/Mangala_III",
    "worldethnosport.org (etnosporlar/ mangala-sports)",
    "anatolianbrands.com",
  },
  description = "Two rows of six houses, four stones each, and a store for each player. A move lifts " ..
    "a house's stones and sows them anticlockwise, the first one back into the emptied " ..
    "house (a single stone just moves on), into the own store and past the opponent's. A " ..
    "last stone in the own store: move again. A last stone that makes an opponent's house " ..
    "even captures it. A last stone in an own empty house captures the opposite house " ..
    "with that stone (when the opposite house holds stones: our reading). The game ends " ..
    "when a player's row is empty; the player whose row is empty takes the stones left in " ..
    "the other row. Exact to the catalogue otherwise (core/mancala's Mangala).",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "own", origin_first = true },
  captures = {
    { side = "opponent", even = true, take = "pit" },
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { extra_turn = true },
  ending  = { when = "side_empty", remaining = "emptied" },
  examples = {
    {
      name = "mankala.cz Mangala part 1 (premyslej18mng1), the quiz's answer B: D3 from the "
          .. "start, the first stone back into D3, the others into D4..D6",
      play = "3", want = "4,4,1,5,5,5,[0],4,4,4,4,4,4,[0] n",
    },
    {
      name = "the last stone in the own store: move again",
      play = "4", want = "4,4,4,1,5,5,[1],4,4,4,4,4,4,[0] s",
    },
    {
      name = "a last stone making an opponent's house even captures it",
      from = "0,0,0,0,0,3,[0],1,4,4,4,4,4,[0] s", play = "6",
      want = "0,0,0,0,0,1,[3],0,4,4,4,4,4,[0] n",
    },
    {
      name = "a single stone moves on: into the store, an extra turn with an empty row; South takes North's row",
      from = "0,0,0,0,0,1,[20],1,0,0,0,0,0,[26] s", play = "6",
      want = "0,0,0,0,0,0,[22],0,0,0,0,0,0,[26] -",
    },
    {
      name = "South empties their row and takes the stones left on North's",
      from = "0,0,0,0,0,1,[20],1,2,3,0,0,0,[21] s", play = "6",
      want = "0,0,0,0,0,0,[27],0,0,0,0,0,0,[21] -",
    },
    {
      name = "mankala.cz Mangala part 1 (premyslej18mng1): D5 from the start, one stone left "
          .. "in D5, then D6, the store and North's H1 (5, odd: no capture)",
      play = "5",
      want = "4,4,4,4,1,5,[1],5,4,4,4,4,4,[0] n",
    },
  },
}
