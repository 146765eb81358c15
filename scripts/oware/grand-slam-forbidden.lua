-- Oware with the grand slam forbidden: a move whose capture would take every seed on
-- the opponent's side is illegal while the player has another move (a common reading
-- in West African and club rules). A player left with only such moves plays one, and
-- it captures nothing, as in oware. Everything else is oware's: the script restates
-- oware's moves table with no_grand_slam added (a descriptor table replaces its
-- parent's whole).
return variant {
  name    = "oware/grand-slam-forbidden",
  extends = "oware",
  summary = "Oware where a grand slam is illegal while another move exists",
  description = [[
Oware (see `variants show oware`) with the other common reading of the grand slam, a
capture of every seed on the opponent's side: such a move is not legal while the
player has another move. A player whose every move is a grand slam plays one, and it
captures nothing (as in oware).]],
  moves = { must_feed = true, no_grand_slam = true },
  examples = {
    {
      name = "a grand slam (house 6 takes 2 and 3, all North has) is not legal while house 5 can move",
      from = "0,0,0,0,1,2,[18],1,2,0,0,0,0,[22] s", legal = "5",
    },
    {
      name = "a capture that leaves the opponent seeds is legal",
      from = "0,0,0,0,1,2,[18],1,2,1,0,0,0,[21] s", legal = "5 6",
    },
    {
      name = "and takes them",
      from = "0,0,0,0,1,2,[18],1,2,1,0,0,0,[21] s", play = "6",
      want = "0,0,0,0,1,0,[23],0,0,1,0,0,0,[21] n",
    },
    {
      name = "with only grand slams to play (houses 4 and 6), they are legal",
      from = "0,0,0,4,0,2,[17],1,2,0,0,0,0,[22] s", legal = "4 6",
    },
    {
      name = "and the one played captures nothing",
      from = "0,0,0,4,0,2,[17],1,2,0,0,0,0,[22] s", play = "6", legal = "1 2",
      want = "0,0,0,4,0,0,[17],2,3,0,0,0,0,[22] n",
    },
    {
      name = "the same for North",
      from = "1,2,0,0,0,0,[22],0,0,0,0,1,2,[18] n", legal = "5",
    },
    {
      name = "a lap skips its origin: house 6's 17 seeds end in North's house 6 and make 3,2,2,2,2,2, a grand slam",
      from = "0,0,0,0,1,17,[6],1,0,0,0,0,0,[23] s", legal = "5",
    },
  },
}
