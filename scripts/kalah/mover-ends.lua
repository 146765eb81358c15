-- The game ends only when the player to move has no seeds (not as soon as either side
-- is empty); the remaining seeds then go to their owner's store as usual.
return variant {
  name    = "kalah/mover-ends",
  extends = "kalah",
  summary = "Kalah(6,4) that ends only when the player to move has no seeds",
  params  = { end_rule = "mover_cannot_move" },
  examples = {
    {
      name = "South empties its side but North can still move",
      from = "0,0,0,0,0,2,[20],0,1,0,0,0,0,[25] s", play = "6",
      want = "0,0,0,0,0,0,[21],1,1,0,0,0,0,[25] n",
    },
    {
      name = "the game ends when South, to move, has no seeds",
      from = "0,0,0,0,0,2,[20],0,1,0,0,0,0,[25] s", play = "6,1",
      want = "0,0,0,0,0,0,[21],0,0,0,0,0,0,[27] -",
    },
  },
}
