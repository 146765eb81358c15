-- A race to the far row: the first player to crown a king wins at once. The is_over hook
-- runs after every move (and on a position read from a string); it returns the winner,
-- or nil to keep the built-in end rules (no piece or no move loses; the draw rules).
return variant {
  name    = "checkers/first-king-wins",
  extends = "checkers",
  summary = "English checkers won by the first player to crown a king",
  hooks = {
    is_over = function(b)
      local _, black = b:count(1)
      local _, white = b:count(2)
      if black > 0 and white == 0 then return 1 end
      if white > 0 and black == 0 then return 2 end
      return nil
    end,
  },
  examples = {
    {
      name = "crowning a king wins",
      from = "B:W12:B25", play = "25-29", want = "W:W12:BK29 winner=B",
    },
    {
      name = "a king read from a position string has won already",
      from = "W:WK3:B20", want = "W:WK3:B20 winner=W",
    },
  },
}
