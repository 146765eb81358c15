-- The pie rule: after the first player's first turn, the second player may swap sides
-- (move "swap") instead of moving; the first player then moves on the other side. It
-- makes the first player open with a move that leaves the position balanced.
return variant {
  name    = "kalah/pie",
  extends = "kalah",
  summary = "Kalah(6,4) where the second player may swap sides after the first move",
  params  = { pie_rule = true },
  examples = {
    {
      name = "the swap is offered once the first player's turn ends",
      play = "3,1", legal = "1 2 3 4 5 6 swap",
      want = "0,5,1,6,6,5,[1],4,4,4,4,4,4,[0] n pie=offer",
    },
    {
      name = "after a swap the first player moves, now as North",
      play = "3,1,swap",
      want = "0,5,1,6,6,5,[1],4,4,4,4,4,4,[0] n swapped",
    },
  },
}
