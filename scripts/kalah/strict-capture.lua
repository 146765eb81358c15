-- Standard capture written as a hook: the same rule as kalah/standard-capture, which
-- sets the knob empty_capture = false. The tests check that both give the same perft
-- counts, which proves the Lua bridge (pit numbering, players, take/add) right.
--
-- The capture hook replaces the built-in capture step: it is called after every move
-- whose last seed fell in a house, with that house's pit number.
return variant {
  name    = "kalah/strict-capture",
  extends = "kalah",
  summary = "kalah/standard-capture written as a Lua capture hook (a test of the bridge)",
  hooks = {
    capture = function(b, last)
      -- Only a last seed alone in one of the mover's own houses captures. (The
      -- cheapest test first: hooks run on every move.)
      if b:count(last) ~= 1 then return end
      local me = b:mover()
      if b:owner(last) ~= me then return end
      local opp = b:opposite(last)
      local far = nil -- four rows: the opponent's outer house in the same column
      if b:rows() == 4 then
        if not b:behind(last) then return end -- captures happen in the inner row only
        far = b:behind(opp)
      end
      local taken = b:count(opp) + (far and b:count(far) or 0)
      if taken == 0 then return end -- the standard rule: nothing opposite, no capture
      local store = b:store(me)
      b:add(store, b:take(last) + b:take(opp))
      if far then b:add(store, b:take(far)) end
    end,
  },
  examples = {
    {
      name = "no capture when the opposite house is empty",
      from = "1,0,1,0,0,0,[0],0,4,0,0,1,0,[0] s", play = "3",
      want = "1,0,0,1,0,0,[0],0,4,0,0,1,0,[0] n",
    },
    {
      name = "a capture takes the last seed and the opposite house",
      from = "1,0,0,0,0,1,[0],1,0,0,0,3,0,[0] s", play = "1",
      want = "0,0,0,0,0,1,[4],1,0,0,0,0,0,[0] n",
    },
  },
}
