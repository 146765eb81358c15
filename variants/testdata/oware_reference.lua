-- An independent reference of Oware's rules as Lua hooks on the mancala base game, for
-- TestOwareReference: the capture and can_play hooks (the old scripts/lib/oware.lua,
-- which played the kalah-based oware), is_over (25 wins) and final_scores. READING is
-- replaced by the grand-slam reading: "nothing", "forbidden" or "all". The descriptor
-- keeps only the board, the sowing and the repetition rule, so that the test compares
-- the rules the hooks state with oware's descriptor.
local mancala = require "mancala"
local M = {}

local readings = { nothing = true, forbidden = true, all = true }

local function check(grand_slam)
  if not readings[grand_slam] then
    error("grand_slam " .. tostring(grand_slam) .. ": want \"nothing\", \"forbidden\" or \"all\"", 3)
  end
end

-- Pits 1..n are South's houses, n+1 its store, n+2..2n+1 North's houses, 2n+2 its
-- store. Along the sowing track (both rows of houses, no stores) house pit p is ring
-- position ring(p) = 1..2n.
local function ring(pit, n)
  if pit <= n then return pit end
  return pit - 1
end

-- The seeds in house pit after sowing s seeds from the house at ring position f (Oware:
-- the stores and, on laps, the origin skipped, so a lap is 2n-1 houses).
local function after(b, pit, f, s, n)
  local d = (ring(pit, n) - f) % (2 * n) -- steps from the origin, 0 for the origin
  if d == 0 then return 0 end
  local c = b:count(pit)
  if s >= d then c = c + math.floor((s - d) / (2 * n - 1)) + 1 end
  return c
end

--- Whether the mover's house (1..n, as in move notation) would capture every seed on
--- the opponent's side: the board after the sowing, foreseen without changing it.
---@param b Board
---@param house integer
---@return boolean
function M.is_grand_slam(b, house)
  local me = b:mover()
  local opp = mancala.other(me)
  local lo, hi = b:houses(opp)
  local n = hi - lo + 1
  -- Quick no: a grand slam leaves at most 3 seeds in each of the opponent's houses, and
  -- sowing only adds seeds there.
  if b:seeds(opp) > 3 * n then return false end
  if b:rows() ~= 2 then error("oware: two rows only (rows is " .. b:rows() .. ")", 2) end
  local from = b:pit(me, house)
  local s = b:count(from)
  if s == 0 then return false end
  local f = ring(from, n)
  local lr = (f - 1 + (s - 1) % (2 * n - 1) + 1) % (2 * n) + 1 -- the last seed's ring position
  local last = lr
  if lr > n then last = lr + 1 end
  if last < lo or last > hi then return false end -- the last seed stays on the mover's side
  local taken, p = 0, last
  while p >= lo do
    local c = after(b, p, f, s, n)
    if c ~= 2 and c ~= 3 then break end
    taken = taken + c
    p = p - 1
  end
  if taken == 0 then return false end
  local left = 0
  for q = lo, hi do left = left + after(b, q, f, s, n) end
  return taken == left
end

--- The capture hook: a last seed that makes 2 or 3 in an opponent's house takes them,
--- and the houses before it going back while they hold 2 or 3; a grand slam as the
--- reading says.
---@param b Board
---@param last Pit
---@param grand_slam "nothing"|"forbidden"|"all"
function M.capture(b, last, grand_slam)
  check(grand_slam)
  local me = b:mover()
  local opp = mancala.other(me)
  if b:owner(last) ~= opp or b:is_store(last) then return end
  local lo = b:houses(opp)
  local first, taken = last, 0 -- walk back from the last house while it holds 2 or 3
  while first >= lo do
    local c = b:count(first)
    if c ~= 2 and c ~= 3 then break end
    taken = taken + c
    first = first - 1
  end
  if taken == 0 then return end
  if taken == b:seeds(opp) and grand_slam ~= "all" then return end -- a grand slam
  local store = b:store(me)
  for pit = first + 1, last do
    b:add(store, b:take(pit))
  end
end

--- Must feed: when the opponent has no seeds, the move must sow past the mover's last
--- house.
---@param b Board
---@param house integer
---@return boolean
function M.feeds(b, house)
  local me = b:mover()
  if b:seeds(mancala.other(me)) > 0 then return true end
  local lo, hi = b:houses(me)
  return b:count(b:pit(me, house)) > hi - lo + 1 - house
end

--- The can_play hook: must feed, and with the "forbidden" reading no grand slam while
--- the mover has another move.
---@param b Board
---@param house integer
---@param grand_slam "nothing"|"forbidden"|"all"
---@return boolean
function M.can_play(b, house, grand_slam)
  check(grand_slam)
  if not M.feeds(b, house) then return false end
  if grand_slam ~= "forbidden" or not M.is_grand_slam(b, house) then return true end
  local me = b:mover()
  local lo, hi = b:houses(me)
  for h = 1, hi - lo + 1 do
    if h ~= house and b:count(b:pit(me, h)) > 0 and M.feeds(b, h) and not M.is_grand_slam(b, h) then
      return false -- another move exists
    end
  end
  return true
end


return variant {
  name = "test/oware-reference",
  extends = "mancala",
  board = { rows = 2, houses = 6, seeds = 4 },
  sowing = { stores = "none", skip = "origin" },
  captures = {},
  moves = { extra_turn = false },
  ending = { when = "cannot_move", remaining = "owner", repeats = 2, on_repeat = "owner" },
  hooks = {
    capture = function(b, mv) M.capture(b, mv.last, "READING") end,
    can_play = function(b, house) return M.can_play(b, house, "READING") end,
    is_over = function(b)
      local half = b:total() / 2
      if b:count(b:store(1)) > half or b:count(b:store(2)) > half then return true end
      return nil
    end,
    final_scores = function(b)
      local half = b:total() / 2
      if b:count(b:store(1)) <= half and b:count(b:store(2)) <= half then
        mancala.sweep(b, 1)
        mancala.sweep(b, 2)
      end
      return { b:count(b:store(1)), b:count(b:store(2)) }
    end,
  },
}
