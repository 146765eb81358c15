-- Standard capture: a last seed landing in your own empty house captures only when
-- the opposite house has seeds. (Our default Kalah captures even then: "empty capture",
-- the convention of the published solved results.) A knob does it: no Lua runs in play.
return variant {
  name    = "kalah/standard-capture",
  extends = "kalah",
  summary = "Kalah(6,4) where a capture needs seeds in the opposite house",
  params  = { empty_capture = false },
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
