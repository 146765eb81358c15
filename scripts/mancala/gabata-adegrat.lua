-- Gabata of Adegrat (Tigray, Ethiopia), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/gabata-adegrat",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Gabata (Adegrat): relay from the next hole, the hole after an empty one captured, rounds",
  ludii   = "Gabata (Adegrat)",
  sources = {
    "ludii.games/details.php?keyword=Gabata+%28Adegrat%29",
    "the catalogue's \"Gabata (Adegrat)\"",
  },
  description = "Two rows of six holes, three counters each; winnings are kept off the board. A last " ..
    "counter in an occupied hole lifts the *next* hole and sowing goes on from there; the " ..
    "turn ends if that hole is empty. A last counter in an empty hole captures the hole " ..
    "after it. A round ends when the player to move cannot move, each player taking the " ..
    "counters on their own side; rounds go on. Simplification (as core/mancala's " ..
    "GabataAdegrat): in the source the winner of a round claims opponent holes three " ..
    "counters at a time; here each player refills only their own holes, three a hole, and " ..
    "the holes they cannot fill are out of play for the round (Pallanguzhi's rule). A " ..
    "match has at most six rounds (our bound: the source plays on). Relays can cycle: the " ..
    "third occurrence of a position since the last capture ends the match, each taking " ..
    "their own side.",
  board   = { rows = 2, houses = 6, seeds = 3, stores = false },
  sowing  = { stores = "none", relay = "next" },
  captures = {
    { side = "any", empty_before = true, take = "next" },
  },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner",
              rounds = { max = 6 } }, -- a new round fills each hole with the seeds knob (3)
  examples = {
    {
      name = "the last counter makes hole 3 two: the next hole (4 counters) is lifted and sown on; "
          .. "its last falls in empty North hole 2 and captures hole 3 (5)",
      from = "2,0,1,4,0,0,0,0,5,0,0,0,[10],[14] s round=1", play = "1",
      want = "0,1,2,0,1,1,1,1,0,0,0,0,[15],[14] n round=1 ply=1",
    },
    {
      name = "the last counter makes hole 3 two, but the next hole is empty: the turn ends, nothing captured",
      from = "2,0,1,0,0,0,0,0,5,0,0,0,[10],[18] s round=1", play = "1",
      want = "0,1,2,0,0,0,0,0,5,0,0,0,[10],[18] n round=1 ply=1",
    },
  },
}
