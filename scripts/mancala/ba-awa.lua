-- Ba-awa, the game of Ghana, as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; the Wikipedia and Mancala World pages give no worked position.
return variant {
  name    = "mancala/ba-awa",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Ba-awa: relay sowing, every hole made four taken by its owner, rounds",
  sources = {
    "Wikipedia \"Ba-awa\"",
    "mancala.fandom.com/wiki/Ba-awa",
    "the catalogue's \"Ba-awa\"",
  },
  description = "Two rows of six holes, four seeds each; winnings are kept off the board; relay " ..
    "sowing: a last seed in an occupied hole lifts it and sowing goes on. Any hole that a " ..
    "seed brings to exactly four during the sowing is taken at once by its owner, and the " ..
    "sowing goes on; a last seed making four is taken by the mover and ends the move. " ..
    "When eight seeds or fewer are left on the board, the player who started the round " ..
    "takes them and the round ends. The next round starts with one hole per four seeds " ..
    "won; holes not filled are out of play for the round. Readings taken (as " ..
    "core/mancala's BaAwa): the starter also takes the seeds left when the player to move " ..
    "cannot move; the players take turns to start rounds; at most six rounds (our bound: " ..
    "the source plays on). Relays can cycle: the third occurrence of a position since the " ..
    "last capture ends the match, each taking their own side.",
  board   = { rows = 2, houses = 6, seeds = 4, stores = false },
  sowing  = { stores = "none", relay = true, take_at = 4, take_at_owner = true },
  ending  = { when = "cannot_move", remaining = "starter", left_at_most = 8,
              repeats = 3, on_repeat = "owner", rounds = { max = 6 } }, -- refilled with the seeds knob (4)
  examples = {
    {
      name = "a seed makes South's hole 3 four (taken by South); five seeds are left: the starter (South) "
          .. "takes them, 24-24, and North starts a full second round",
      from = "3,0,3,0,0,0,0,0,0,0,0,3,[15],[24] s round=1", play = "1",
      want = "4,4,4,4,4,4,4,4,4,4,4,4,[0],[0] n round=2 ply=1 played=0",
    },
    {
      name = "North's hole 1, made four during South's sowing, goes to North; the sowing goes on",
      from = "0,0,0,0,0,3,3,1,0,0,0,6,[18],[17] s round=1", play = "6",
      want = "0,0,0,0,0,0,0,2,1,0,0,6,[18],[21] n round=1 ply=1",
    },
  },
}
