-- Oware where a grand slam captures: a move whose capture takes every seed on the
-- opponent's side takes them all, as any other capture would. The opponent is then to
-- move with no seeds and nothing can feed them, so the game ends and each player keeps
-- the seeds on their own side (oware's end). Everything else is oware's: the script
-- restates oware's one capture without `grand_slam` (a descriptor table replaces its
-- parent's whole).
return variant {
  name    = "oware/grand-slam-all",
  extends = "oware",
  summary = "Oware where a grand slam captures every seed it reaches, which ends the game",
  description = [[
Oware (see `variants show oware`) with the grand slam, a capture of every seed on the
opponent's side, allowed to capture: it takes them all. The opponent, to move with no
seeds, cannot move, so the game ends and each player keeps the seeds on their own side
(unless a player has already captured more than half).]],
  captures = {
    { side = "opponent", counts = {2, 3}, take = "pit", chain = "backward" },
  },
  examples = {
    {
      name = "a grand slam takes all of North's seeds and ends the game; South keeps its own",
      from = "0,0,0,0,1,2,[18],1,2,0,0,0,0,[22] s", play = "6",
      want = "0,0,0,0,0,0,[24],0,0,0,0,0,0,[22] -",
    },
    {
      name = "a capture that leaves the opponent seeds is as in oware",
      from = "0,0,0,0,1,2,[18],1,2,1,0,0,0,[21] s", play = "6",
      want = "0,0,0,0,1,0,[23],0,0,1,0,0,0,[21] n",
    },
  },
}
