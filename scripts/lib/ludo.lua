-- Helpers for Ludo scripts. In a script: local ludo = require "ludo"
local M = {}

-- The default board (track_length 52, counted from player 1's start square): a globe on
-- each start square and on the eighth square after it, stars on the fifth square after
-- each start and on the tip of each arm, where a home column branches off.
local STARS = { 5, 12, 18, 25, 31, 38, 44, 51 }
local GLOBES = { 1, 9, 14, 22, 27, 35, 40, 48 }

local function copy(list)
  local out = {}
  for i = 1, #list do
    out[i] = list[i]
  end
  return out
end

--- The cells of the default board's stars (a new list each call).
---@return integer[]
function M.stars()
  return copy(STARS)
end

--- The cells of the default board's globes (a new list each call).
---@return integer[]
function M.globes()
  return copy(GLOBES)
end

--- How many squares ahead along its way the player's token would find the next cell
--- of the kind on the common track: what a next_star jump moves it by. nil when there
--- is none before the token turns into its home column, or the token is not on the
--- common track.
---@param t LudoTokens
---@param player integer
---@param token integer
---@param kind string
---@return integer|nil
function M.next_of_kind(t, player, token, kind)
  local x = t:progress(player, token)
  local last = t:track_length() - 1
  if x < 1 or x > last then
    return nil
  end
  for place = x + 1, last do
    if t:field(t:cell_of(player, place)) == kind then
      return place - x
    end
  end
  return nil
end

return M
