-- Corners: besides a line, holding all four corners of the board wins. The winner hook
-- runs after every move, with last the cell just marked (nil for a position read from
-- a string); it returns the winner, or nil to keep the built-in line check.
local function corners(b, p)
  local r, c = b:rows(), b:cols()
  return b:mark(b:cell(1, 1)) == p and b:mark(b:cell(1, c)) == p
     and b:mark(b:cell(r, 1)) == p and b:mark(b:cell(r, c)) == p
end

return variant {
  name    = "tictactoe/corners-win",
  extends = "tictactoe",
  summary = "Tic-tac-toe where the four corners win too",
  hooks = {
    winner = function(b, last)
      if last == nil then -- a position read from a string: either player
        if corners(b, 1) then return 1 end
        if corners(b, 2) then return 2 end
        return nil
      end
      local me = b:mover()
      if corners(b, me) then return me end
      return nil
    end,
  },
  examples = {
    {
      name = "taking the fourth corner wins",
      from = "x../oo./xox x", play = "c3", want = "x.x/oo./xox x-wins",
    },
    {
      name = "a line still wins",
      from = ".../oo./xx. x", play = "c1", want = ".../oo./xxx x-wins",
    },
  },
}
