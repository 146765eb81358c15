-- Bao la Kiswahili (East Africa), its capture and sowing rules only, as a mancala
-- descriptor.
--
-- Sources: the sources field below.
--
-- The rules, in our words: the description field below (`kalahlab variants show`).
--
-- Examples: ours; mankala.cz/bao.html and Rob Nierse's gamecabinet.com article have
-- worked diagrams, but of the full rules (namua, nyumba, the choice of kichwa) this
-- simplified descriptor leaves out.
return variant {
  name    = "mancala/bao",
  extends = "mancala",
  family  = "mancala",
  region  = "East Africa",
  summary = "Bao la Kiswahili, simplified: chosen direction, relay, captures sown on from a kichwa",
  ludii   = "Bao Kiswahili (East Africa)",
  sources = {
    "liquisearch.com/bao_mancala_game/rules/capture_and_sowing (a Wikipedia mirror)",
    "Ludii's `four_rows/Bao Kiswahili (East Africa).lud`",
    "the catalogue's \"Bao (la Kiswahili capture and sowing rules)\"",
  },
  description = "Four rows of eight holes; each player owns the two rows on their side and sows " ..
    "around them; there are no stores. A move sows a hole of two seeds or more in the " ..
    "direction the mover chooses (\"3R\" towards the mover's right along their front row, " ..
    "anticlockwise; \"3L\" the other way), with relay: a last seed in an occupied hole " ..
    "lifts it and sowing goes on the same way. A last seed in an occupied hole of the " ..
    "mover's front row, with the opponent's front-row hole opposite occupied, captures " ..
    "that hole, and the captured seeds are relay-sown from the end of the mover's front " ..
    "row (a kichwa) in the move's direction. A player who cannot move loses: the other " ..
    "takes every seed. Simplifications (as core/mancala's BaoSimplified): two seeds in " ..
    "every hole at the start, not Bao's opening with seeds in hand; the kichwa is the one " ..
    "the move's direction starts from (the right one for R). Missing: the namua phase, " ..
    "mtaji and takasa turns, the nyumba, and the rules that force or free the choice of " ..
    "kichwa. Relays can cycle: the third occurrence of a position since the last capture " ..
    "ends the game, the seeds left split evenly (a choice of ours).",
  board   = { rows = 4, houses = 8, seeds = 2, stores = false },
  sowing  = { direction = "chosen", stores = "none", min_seeds = 2, relay = true },
  captures = {
    { side = "own", inner = true, occupied = true, need_opposite = true, take = "opposite",
      effect = "resow", resow_from = "track_start" },
  },
  ending  = { when = "cannot_move", remaining = "other", repeats = 3, on_repeat = "split" },
  examples = {
    {
      name = "each sowable hole moves either way",
      from = "0,0,0,2,0,1,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] s",
      legal = "4R 4L",
    },
    {
      name = "4R's last seed makes front hole 6 two, North's hole opposite holds 3: "
          .. "captured and sown from the right kichwa (holes 1, 2, 3)",
      from = "0,0,0,2,0,1,0,0,0,0,0,0,0,0,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] s",
      play = "4R",
      want = "1,1,1,0,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,[0],[0] n",
    },
  },
}
