-- Kalah on a four-row board: each player owns an inner and an outer row of eight
-- houses and sows around those two rows and their own store only. A capture (last
-- seed in an empty house of the mover's inner row) takes the seeds of both opponent
-- houses in that column.
--
-- Pits (as hooks see them), for eight houses a row: South's houses 1..16 (1..8 the
-- inner row from South's right to left, 9..16 the outer row from left to right),
-- South's store 17, North's houses 18..33 (the same, turned half round), North's store 34.
return variant {
  name    = "kalah/4-rows",
  extends = "kalah",
  summary = "Kalah on four rows of eight houses, two seeds each",
  params  = { rows = 4, houses = 8, seeds = 2 },
  examples = {
    {
      name = "a first move",
      play = "1",
      want = "0,3,3,2,2,2,2,2,2,2,2,2,2,2,2,2,[0],2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,[0] n",
    },
    {
      name = "a capture takes both opponent houses in the column",
      from = "1,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,[0],1,0,0,0,0,0,3,0,0,2,0,0,0,0,0,0,[0] s",
      play = "1",
      want = "0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,[6],1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,[0] n",
    },
  },
}
