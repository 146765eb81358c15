-- The stars and globes of the base game ludo, written out as a fields table to copy
-- into your own board. It extends ludo/classic (no fields) and puts them back, so it
-- plays exactly like ludo (on the default track of 52 squares).
--
-- Cells count the common track from player 1's (red's) start square, 1..52, in the
-- direction of play. Each start square is cell 13(p-1)+1: red 1, green 14, yellow 27,
-- blue 40.
--   globes: every start square, and the eighth square after it;
--   stars:  the fifth square after every start square, and the tip of each arm, where a
--           home column branches off (cell 51 is red's last square before its column).
-- Landing on a star moves the token on to the next star along its way (next_star); no
-- token can be captured on a globe (safe).
return variant {
  name    = "ludo/stars-and-globes",
  extends = "ludo/classic",
  summary = "The stars and globes of ludo's default board, as a fields table",
  fields  = {
    star  = { cells = { 5, 12, 18, 25, 31, 38, 44, 51 }, jump = "next_star" },
    globe = { cells = { 1, 9, 14, 22, 27, 35, 40, 48 }, safe = true },
  },
  examples = {
    {
      name = "landing on a star jumps to the next star: 5 to 12",
      from = "R:3,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:12,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "the jump captures on the star it ends on (yellow's token on cell 12)",
      from = "R:3,0,0,0 G:0,0,0,0 Y:38,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:12,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "a token on a globe is safe: both stay on cell 9",
      from = "R:7,0,0,0 G:48,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:9,0,0,0 G:48,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "a start square is a globe too",
      from = "R:0,0,0,0 G:40,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?", play = "6,a",
      want = "R:1,0,0,0 G:40,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?",
    },
  },
}
