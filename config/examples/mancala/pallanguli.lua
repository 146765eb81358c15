-- Pallanguli (South India), a designer's reading: seven cups a side of six seeds, no
-- stores on the board, sown anticlockwise. After the last seed the next cup's seeds are
-- lifted and sown on; if the next cup is empty, the cup after it and the one opposite
-- that are captured, and the move ends. A worked example of the track helpers
-- (scripts/README.md, "Track helpers"): b:next is "the cup after this one on the
-- mover's track" on any board, so the rule stays right under --set houses=3, where the
-- cup after North's last is South's first.
return variant {
  name     = "my/pallanguli",
  extends  = "mancala",
  summary  = "Pallanguli: relay from the next cup; an empty next cup captures the cup after it and its opposite",
  board    = { rows = 2, houses = 7, seeds = 6, stores = "none" },
  sowing   = { stores = "none" },
  captures = {},
  ending   = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  hooks = {
    capture = function(b, mv)
      local last = mv.last
      for _ = 1, 4096 do -- at most as many laps as the engine's relay (mancala.MaxRelay)
        local nxt = b:next(last)
        if b:count(nxt) == 0 then
          local cup, store = b:next(nxt), b:store(mv.player)
          b:add(store, b:take(cup))
          local opp = b:opposite(cup)
          if opp then b:add(store, b:take(opp)) end
          return true
        end
        last = b:sow(nxt) -- lift the next cup and sow on
      end
      return true
    end,
  },
  examples = {
    { name = "the next cup (South's 6) is empty: the cup after it (South's 7, 2 seeds) and "
        .. "its opposite (North's 1, 3 seeds) are captured",
      from = "0,0,0,1,0,0,2,3,0,0,0,0,0,1,[0],[0] s", play = "4",
      want = "0,0,0,0,1,0,0,0,0,0,0,0,0,1,[5],[0] n" },
    { name = "the next cup holds seeds: they are lifted and sown on (South's 6 into 7 and "
        .. "North's 1), then North's 2 is empty: North's 3 and South's 5 are captured",
      from = "0,0,0,1,0,2,0,0,0,4,0,0,0,1,[0],[0] s", play = "4",
      want = "0,0,0,0,0,0,1,1,0,0,0,0,0,1,[5],[0] n" },
    { name = "three cups a side: after North's last cup comes South's first (empty), so "
        .. "South's 2 and North's 2 are captured",
      set = { houses = 3 },
      from = "0,2,3,0,0,0,[0],[0] s", play = "3",
      want = "0,0,0,1,0,1,[3],[0] n" },
  },
}
