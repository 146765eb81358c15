-- Kalah(4,3): four houses a side with three seeds each, small enough to solve exactly.
return variant {
  name    = "kalah/small",
  extends = "kalah",
  summary = "Kalah(4,3): four houses of three seeds a side",
  params  = { houses = 4, seeds = 3 },
  examples = {
    { name = "the start", play = "", want = "3,3,3,3,[0],3,3,3,3,[0] s" },
    { name = "a last seed in the store moves again", play = "2", want = "3,0,4,4,[1],3,3,3,3,[0] s" },
  },
}
