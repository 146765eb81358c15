-- Helpers for mancala hooks. In a script: local mancala = require "mancala"
local M = {}

--- The other player: 2 for 1, 1 for 2.
---@param p integer
---@return integer
function M.other(p)
  return 3 - p
end

--- The house number (1..n, as in move notation) of a house pit along its owner's side.
---@param b Board
---@param pit integer
---@return integer
function M.house_of(b, pit)
  local lo = b:houses(b:owner(pit))
  return pit - lo + 1
end

--- Moves player p's remaining seeds into p's store and returns how many moved.
---@param b Board
---@param p integer
---@return integer
function M.sweep(b, p)
  local lo, hi = b:houses(p)
  local store, moved = b:store(p), 0
  for pit = lo, hi do
    local n = b:take(pit)
    b:add(store, n)
    moved = moved + n
  end
  return moved
end

return M
