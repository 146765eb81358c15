-- Foji, the relay game Béart recorded in Dahomey (Benin), as a mancala descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
-- Readings, where Ludii's stated rules and its code differ (we follow the code): the
-- rules make a starving move illegal only when the opponent is empty (must feed), the
-- code whenever the move's first sowing, with the capture it makes, would leave the
-- opponent no counters (moves.must = "lap_leaves_seeds": the relayed laps after it
-- are not judged); a player who cannot move ends the game, each player taking the
-- counters in their row.
--
-- Examples: ours (the source, as Ludii gives it, has no worked position).
return variant {
  name    = "mancala/foji",
  extends = "mancala",
  family  = "mancala",
  region  = "West Africa",
  summary = "Foji (Dahomey): clockwise relay sowing; a last counter in an empty own hole takes the hole facing it",
  ludii   = "Foji",
  sources = { "C. Béart 1955, Jeux et jouets de l'Ouest africain: 510" },
  description = "Two rows of six holes, four counters each; the stores only hold captures. A " ..
    "move takes every counter of one of the mover's holes and sows them one by one " ..
    "clockwise, skipping the emptied hole on a lap round the board. A last counter in " ..
    "an occupied hole lifts its counters and sowing goes on from there (skipping that " ..
    "hole likewise). A last counter in an empty hole of the mover's row ends the move " ..
    "and takes the counters of the opponent's hole facing it. A move whose first sowing " ..
    "(with its capture) would leave the opponent no counters is not allowed: a player " ..
    "with no other move cannot move, and then the game ends, each player taking the " ..
    "counters in their own row. The most counters wins. Our safety net: the third " ..
    "occurrence of a position since the last capture ends the game likewise (the " ..
    "source's players agree to end an endless game).",
  board   = { rows = 2, houses = 6, seeds = 4 },
  sowing  = { direction = "clockwise", stores = "none", skip = "origin", relay = "occupied" },
  captures = {
    { side = "own", empty_before = true, take = "opposite" },
  },
  moves   = { must = "lap_leaves_seeds" },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "owner" },
  examples = {
    { name = "two rows of six holes, four counters each", want = "4,4,4,4,4,4,[0],4,4,4,4,4,4,[0] s" },
    {
      name = "South's hole 6 sows clockwise and relays until a last counter falls in an empty own hole, which takes the counter facing it",
      play = "6", want = "6,1,6,1,7,2,[1],6,6,0,0,6,6,[0] n",
    },
    {
      name = "a last counter in South's empty hole 4 takes North's hole 3 facing it",
      from = "0,0,0,0,0,2,[0],1,1,1,1,1,1,[0] s", play = "6",
      want = "0,0,0,1,1,0,[1],1,1,0,1,1,1,[0] n",
    },
    {
      name = "North is empty: hole 3 gives it counters only after a relay, hole 6 takes nothing; hole 2's first sowing feeds North",
      from = "0,2,1,0,0,5,[20],0,0,0,0,0,0,[20] s", legal = "2",
    },
    {
      name = "the relayed sowing is not judged: hole 6 may take North's last counters, and North cannot move",
      from = "0,0,0,0,1,1,[20],0,0,0,3,0,0,[23] s", play = "6",
      want = "0,0,0,0,0,0,[25],0,0,0,0,0,0,[23] -",
    },
  },
}
