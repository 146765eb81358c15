-- Traps: a custom kind of field. A field kind with neither a jump nor safety has no
-- built-in behaviour: the on_land hook says what landing on it does. Here a token that
-- ends its move on a trap falls back 3 squares (t:move_by), with the landing rules where
-- it stops: it may capture there, or stack on its own token.
--
-- The board keeps the default stars and globes (a fields table replaces the whole
-- layout of the board it extends, so they are listed again, from the ludo library) and
-- adds a trap two squares after each star on an arm: cells 7, 20, 33 and 46, the
-- seventh square after each start square.
local ludo = require "ludo"

return variant {
  name    = "ludo/trap",
  extends = "ludo",
  summary = "Ludo with a trap on each arm that sends a token back 3 squares",
  fields  = {
    star  = { cells = ludo.stars(), jump = "next_star" },
    globe = { cells = ludo.globes(), safe = true },
    trap  = { cells = { 7, 20, 33, 46 } },
  },
  hooks = {
    on_land = function(t, cell, kind)
      if kind == "trap" then
        t:move_by(t:mover(), t:token(), -3)
      end
    end,
  },
  examples = {
    {
      name = "a token landing on the trap on cell 7 falls back to cell 4",
      from = "R:3,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R4", play = "a",
      want = "R:4,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "where it falls back to, it captures (green's token on cell 4)",
      from = "R:2,0,0,0 G:43,0,0,0 Y:0,0,0,0 B:0,0,0,0 R5", play = "a",
      want = "R:4,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "every player's way has a trap on its seventh square (yellow's on cell 33)",
      from = "R:0,0,0,0 G:0,0,0,0 Y:1,0,0,0 B:0,0,0,0 Y6", play = "a",
      want = "R:0,0,0,0 G:0,0,0,0 Y:4,0,0,0 B:0,0,0,0 Y?",
    },
  },
}
