-- Kalah where the sowing skips every house holding exactly three seeds: a worked
-- example of a sowing condition on a pit (scripts/README.md, sowing.skip_count). The
-- count is judged as each seed arrives, so a house the sowing itself brings to three
-- is passed over on the next lap; stores are never skipped.
return variant {
  name    = "my/skip-three",
  extends = "mancala/kalah",
  summary = "Kalah(6,4) whose sowing passes over every house holding exactly 3 seeds",
  sowing  = { skip_count = 3 },
  examples = {
    { name = "house 2 holds 3: the four seeds go to houses 3 to 6",
      from = "4,3,1,1,1,1,[0],1,1,1,1,1,1,[0] s", play = "1",
      want = "0,3,2,2,2,2,[0],1,1,1,1,1,1,[0] n" },
    { name = "North's house 1, brought to 3 on the first lap, is passed over on the second",
      from = "0,0,0,0,0,15,[0],2,0,0,0,0,0,[0] s", play = "6",
      want = "1,1,1,1,1,1,[2],3,2,1,1,1,1,[0] n" },
  },
}
