-- En Gehé, the Maasai game of Tanzania and Kenya (played by teams), as a mancala
-- descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- pos builds a position of the 40-hole board: holes not given hold nothing.
local function pos(south, north, stores, side)
  local t = {}
  for i = 1, 40 do t[#t + 1] = tostring(south[i] or 0) end
  t[#t + 1] = "[" .. stores[1] .. "]"
  for i = 1, 40 do t[#t + 1] = tostring(north[i] or 0) end
  t[#t + 1] = "[" .. stores[2] .. "]"
  return table.concat(t, ",") .. " " .. side
end

--
-- Examples: ours; Ludii's and Wikipedia's pages give no worked position.
return variant {
  name    = "mancala/en-gehe",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "En Gehé (Maasai): two rows of 40 holes, relay sowing, captures opposite",
  ludii   = "En Gehe",
  sources = {
    "ludii.games/details.php?keyword=En+Gehe",
    "Wikipedia \"En Gehé\"",
    "the catalogue's \"En Gehé\"",
  },
  description = "Two long rows of 40 to 50 holes (here 40, the houses knob), four counters each; no " ..
    "stores on the board are sown. Relay sowing: a last counter in an occupied hole lifts " ..
    "it and sowing goes on. A last counter in an empty hole of the mover captures the " ..
    "opposite hole with itself, when that hole holds counters. The game ends when the " ..
    "side to move cannot move, each side taking the counters on its own row. The teams of " ..
    "the source play as two seats. Relays can cycle: the third occurrence of a position " ..
    "since the last capture ends the game, the counters left split evenly (a choice of " ..
    "ours). Exact to the catalogue otherwise (core/mancala's EnGehe with 40 holes).",
  board   = { rows = 2, houses = 40, seeds = 4 },
  sowing  = { stores = "none", relay = true },
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  ending  = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "relay: hole 1's counter makes hole 2 three, lifted; the last falls in empty hole 5 and captures North's hole 36 with itself",
      from = pos({ [1] = 1, [2] = 2 }, { [1] = 1, [36] = 5 }, { 0, 0 }, "s"), play = "1",
      want = pos({ [3] = 1, [4] = 1 }, { [1] = 1 }, { 6, 0 }, "n"),
    },
    {
      name = "no capture when the opposite hole is empty",
      from = pos({ [1] = 1, [2] = 2 }, { [1] = 1 }, { 0, 0 }, "s"), play = "1",
      want = pos({ [3] = 1, [4] = 1, [5] = 1 }, { [1] = 1 }, { 0, 0 }, "n"),
    },
  },
}
