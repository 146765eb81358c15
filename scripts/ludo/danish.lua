-- Danish Ludo ("Ludo" as played in Denmark):
--   * a six brings a token out of the yard, and a six rolls again;
--   * while all of a player's tokens are in the yard, the player rolls up to three
--     times for a six;
--   * landing on an opponent's single token sends it home; landing on two or more
--     tokens of one opponent sends the mover home instead;
--   * a globe protects the tokens on it, except on another player's start square: a
--     token standing on someone else's start globe can be captured there;
--   * a star moves the token on to the next star, and the last star before a player's
--     home column sends the token straight to the goal;
--   * the goal needs the exact roll; a larger roll bounces back from the goal;
--   * a player must move a token if any can.
return variant {
  name    = "ludo/danish",
  extends = "ludo",
  summary = "Danish Ludo: three tries, doubled tokens send the mover home, stars to the goal",
  params  = {
    enter_on      = 6,
    extra_roll_on = 6,
    yard_tries    = 3,
    doubled_enemy = "sends_mover_home",
    finish        = "bounce",
  },
  fields = {
    star  = { cells = { 5, 12, 18, 25, 31, 38, 44, 51 }, jump = "goal_after_last" },
    globe = { cells = { 1, 9, 14, 22, 27, 35, 40, 48 }, safe_except_others_start = true },
  },
  examples = {
    {
      name = "with every token in the yard, a player has three tries for a six",
      from = "R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?", play = "2,3",
      want = "R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R? tries=2",
    },
    {
      name = "the third failed try passes the turn",
      from = "R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?", play = "2,3,1",
      want = "R:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "two green tokens on cell 7: red's token landing there goes home",
      from = "R:3,0,0,0 G:46,46,0,0 Y:0,0,0,0 B:0,0,0,0 R4", play = "a",
      want = "R:0,0,0,0 G:46,46,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "a token on another player's start globe can be captured (green on red's start)",
      from = "R:0,0,0,0 G:40,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?", play = "6,a",
      want = "R:1,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R?",
    },
    {
      name = "the last star before the home column goes straight to the goal",
      from = "R:49,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R2", play = "a",
      want = "R:57,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
    {
      name = "a roll past the goal bounces back",
      from = "R:54,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 R5", play = "a",
      want = "R:55,0,0,0 G:0,0,0,0 Y:0,0,0,0 B:0,0,0,0 G?",
    },
  },
}
