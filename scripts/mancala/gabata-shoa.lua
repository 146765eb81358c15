-- Gabata of Shoa I (Ethiopia), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's ruleset page gives no worked position.
return variant {
  name    = "mancala/gabata-shoa",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Gabata (Shoa I): relay; a last counter making four captures the opponent's hole itself",
  ludii   = "Gabata (Shoa I)",
  sources = {
    "ludii.games/variantDetails.php?keyword=Gabata%20%28Shoa%20I%29&variant=354 (after Pankhurst)",
    "the catalogue's \"Gabata (Shoa I)\"",
  },
  description = "Two rows of six holes, four counters each; winnings are kept off the board. Relay " ..
    "sowing: a last counter in an occupied hole lifts it and sowing goes on. A last " ..
    "counter that makes four in an opponent's hole captures the *hole*: it becomes the " ..
    "mover's for the round, its counters and every counter later sown into it go to the " ..
    "mover, and it is never sown from. A player who cannot move passes; the round ends " ..
    "when neither can, each player taking the counters on their own side; the next rounds " ..
    "redistribute the holes. Simplifications (as core/mancala's GabataShoa): a captured " ..
    "hole is marked as Toguz Kumalak's tuzdik; the source's \"the opponent can take one " ..
    "counter from it by ending there\" is not modelled; at a new round each player refills " ..
    "their own holes four a hole, those they cannot fill out of play (the source's " ..
    "redistribution, simplified). At most six rounds (our bound: the source plays on). " ..
    "Relays can cycle: the third occurrence of a position since the last capture ends the " ..
    "match, each taking their own side.",
  board   = { rows = 2, houses = 6, seeds = 4, stores = false },
  sowing  = { stores = "none", relay = true },
  captures = {
    { side = "opponent", counts = {4}, take = "pit", effect = "mark" },
  },
  moves   = { pass = true },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner",
              rounds = { max = 6 } }, -- a new round fills each hole with the seeds knob (4)
  examples = {
    {
      name = "a last counter making four in North's hole 1 makes it South's for the round",
      from = "0,0,0,0,1,1,3,0,0,0,0,2,[29],[12] s round=1", play = "6",
      want = "0,0,0,0,1,0,0,0,0,0,0,2,[33],[12] n marks=7:s round=1 ply=1",
    },
    {
      name = "a counter sown into the captured hole goes to South",
      from = "0,0,0,0,1,2,0,0,0,0,0,2,[31],[12] s marks=7:s round=1 ply=2", play = "6",
      want = "0,0,0,0,1,0,0,1,0,0,0,2,[32],[12] n marks=7:s round=1 ply=3",
    },
  },
}
