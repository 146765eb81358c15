-- Ayoayo, the Yoruba game of Nigeria, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Mancala World and the Wikipedia pages give no worked position.
return variant {
  name    = "mancala/ayoayo",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Ayoayo (Yoruba): relay sowing, captures opposite from an own empty house, must feed",
  sources = {
    "mancala.fandom.com/wiki/Ayoayo",
    "Wikipedia \"Ayoayo\" (and its Polish mirror)",
  },
  description = "Two rows of six houses, four seeds each; the stores are not sown. Relay sowing: when " ..
    "the last seed falls in a house that held seeds, the player lifts them all and sows " ..
    "on, until a last seed falls in an empty house. A lift of 12 or more skips its own " ..
    "house. A last seed in an empty house of the mover captures the seeds of the opposite " ..
    "house, with the capturing seed, when that house holds seeds. When the opponent has " ..
    "no seeds, the mover must give them some. The game ends when the player to move " ..
    "cannot move, and the seeds left go to the other player. Readings taken (as " ..
    "core/mancala's Ayoayo): a capture needs seeds opposite; the fandom page's \"captured " ..
    "by the player who moved last\" is read as Wikipedia's \"the opponent takes the rest\". " ..
    "Relays can cycle: the third occurrence of a position since the last capture ends the " ..
    "game, the seeds left split evenly.",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { stores = "none", skip = "origin", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  moves   = { must_feed = true },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "relay: the last seed lands in North's house of 1 seed, which is lifted and sown on",
      from = "0,0,0,0,1,2,[0],1,0,0,0,0,5,[0] s", play = "5",
      want = "0,0,0,0,0,0,[0],2,1,1,0,0,5,[0] n",
    },
    {
      name = "no capture when the opposite house is empty",
      from = "1,0,0,0,0,0,[0],0,0,0,0,0,3,[0] s", play = "1",
      want = "0,1,0,0,0,0,[0],0,0,0,0,0,3,[0] n",
    },
    {
      name = "a relay ends in an own empty house, captures, and North, unable to move, gives South the rest",
      from = "0,0,1,1,0,0,[0],3,0,0,0,0,0,[0] s", play = "3",
      want = "0,0,0,0,0,0,[5],0,0,0,0,0,0,[0] -",
    },
  },
}
