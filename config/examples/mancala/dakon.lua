-- Dakon (Java): Congkak's board and relay sowing, but a capture counts only once the
-- move has passed the mover's store: on the first lap a last seed in an own empty
-- house just ends the move. A worked example of a condition on the move so far
-- (scripts/README.md, "Mancala hooks": mv.passed_store, mv.store_passes, mv.laps).
return variant {
  name    = "my/dakon",
  extends = "mancala/congkak",
  summary = "Congkak where a capture needs the move to have passed the mover's store",
  hooks = {
    capture = function(b, mv)
      if not mv.passed_store then return false end -- not yet round the store: no capture
      return b:capture()                             -- else Congkak's own capture
    end,
  },
  examples = {
    { name = "a first lap ending in an own empty house, the store not reached: no capture "
        .. "(mancala/congkak takes the 4 opposite here)",
      from = "2,0,0,0,1,0,0,[0],0,4,0,0,0,0,2,[0] s", play = "5",
      want = "2,0,0,0,0,1,0,[0],0,4,0,0,0,0,2,[0] n" },
    { name = "past the store and round to an own empty house: Congkak's capture (house 1 "
        .. "takes itself and the 3 in North's house 7)",
      from = "0,0,1,0,0,0,9,[0],1,1,1,1,1,1,2,[0] s", play = "7",
      want = "0,0,1,0,0,0,0,[5],2,2,2,2,2,2,0,[0] n" },
  },
}
