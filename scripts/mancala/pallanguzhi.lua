-- Pallanguzhi, the game of South India (Tamil Nadu, Kerala), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; Ludii's, Wikipedia's and indianetzone.com's pages give no worked
-- position.
return variant {
  name    = "mancala/pallanguzhi",
  extends = "mancala",
  family  = "mancala",
  region  = "South Asia",
  summary = "Pallanguzhi: fours taken by the sower, the hole after the last captured, rounds",
  sources = {
    "ludii.games/data.php?gameId=194 (DLP Evidence 672, South India 1928)",
    "Wikipedia \"Pallanguzhi\"",
    "indianetzone.com",
    "the catalogue's \"Pallanguzhi\"",
  },
  description = "Two rows of seven holes, six counters each; each player's winnings are kept off the " ..
    "board. A hole that a counter brings to four during the sowing is taken at once by " ..
    "the sower (a last counter doing so ends the move). A last counter in an occupied " ..
    "hole lifts it and sowing goes on (relay); in an empty hole it captures the next hole " ..
    "and the turn ends. A round ends when a side is empty, each player taking the " ..
    "counters on their own side. For the next round each player fills their holes six at " ..
    "a time from their winnings; holes they cannot fill are out of play for the round. " ..
    "The match ends when a player cannot fill a single hole. Readings taken (as " ..
    "core/mancala's Pallanguzhi): the catalogue's relay (the traditional \"lift the next " ..
    "hole\" is `relay = \"next\"`, as in mancala/gabata-adegrat); the players take turns to " ..
    "start rounds; a match has at most six rounds (our bound: the source plays on). " ..
    "Wikipedia's variant with 12 counters a hole and 2 in the middle holes is not this " ..
    "one. Relays can cycle: the third occurrence of a position since the last capture " ..
    "ends the match, each taking their own side.",
  board   = { rows = 2, houses = 7, seeds = 6, stores = false },
  sowing  = { stores = "none", relay = true, take_at = 4 },
  captures = {
    { side = "any", empty_before = true, take = "next" },
  },
  ending  = { when = "side_empty", remaining = "owner", repeats = 3, on_repeat = "owner",
              rounds = { max = 6 } }, -- a new round fills each hole with the seeds knob (6)
  examples = {
    {
      name = "holes 2 and 3 reach four and are taken by the sower; the last counter falls in empty hole 4 and takes hole 5",
      from = "3,3,3,0,5,0,0,0,0,0,1,0,0,0,[0],[0] s round=1", play = "1",
      want = "0,0,0,1,0,0,0,0,0,0,1,0,0,0,[13],[0] n round=1 ply=1",
    },
    {
      name = "South's side empties: the round ends, South refills six holes (hole 7 is out), North all seven",
      from = "0,0,0,0,0,0,1,2,0,0,0,0,0,0,[40],[41] s round=1", play = "7",
      want = "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0",
    },
    {
      name = "a hole out of play is neither sown from nor sown into",
      from = "6,6,6,6,6,6,0,6,6,6,6,6,6,6,[4],[2] n out=7 round=2 ply=1 played=0", play = "7",
      want = "0,7,7,7,7,0,0,7,7,7,7,7,7,1,[4],[9] s out=7 round=2 ply=2 played=1",
    },
  },
}
