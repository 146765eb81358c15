-- Relay Four: a small relay-sowing game, written from its rule book as a worked example
-- of the mancala descriptors (README.md, "The mancala family"; scripts/README.md,
-- "A worked example: a relay-sowing game").
--
-- The rule book:
--   1. Two rows of four holes, three seeds in each (24). Each player owns the row
--      nearer them and the store at their right end; the stores only keep captures.
--   2. A move lifts every seed of one of the mover's holes and sows them one a hole,
--      anticlockwise: along the mover's row to the right, then along the opponent's.
--      Nobody sows into a store.
--   3. A last seed that falls into a hole holding seeds, on either side, lifts them all
--      (the last seed with them) and sowing goes on from there.
--   4. A last seed that falls into an empty hole of the mover's row takes the seeds of
--      the opponent's hole opposite, with itself, into the mover's store; nothing when
--      that hole is empty.
--   5. A last seed that falls into an empty hole of the opponent ends the turn.
--   6. A player who has no seed to move ends the game: the other player takes the seeds
--      left in their own row. The fuller store wins.
-- One rule is ours: relays can bring a position back for ever, so the third time a
-- position occurs since the last capture ends the game, the seeds left split evenly.
return variant {
  name     = "my/relay4",
  extends  = "mancala",
  family   = "mancala",
  summary  = "Relay Four: 2x4 of three, relay sowing, captures opposite an own empty hole",
  -- rule 1: two rows of four, three seeds each (the two-row board has its stores at
  -- the players' right)
  board    = { rows = 2, houses = 4, seeds = 3 },
  -- rules 2 and 3: anticlockwise, no store sown; a last seed in an occupied hole relays
  sowing   = { direction = "anticlockwise", stores = "none", relay = true },
  -- rule 4; rule 5 needs no line: when no capture rule applies, the turn ends
  captures = {
    { side = "own", empty_before = true, take = "opposite", with_last = true, need_seeds = true },
  },
  -- rule 6, and ours: a position's third occurrence since the last capture ends the game
  ending   = { when = "cannot_move", remaining = "owner", repeats = 3, on_repeat = "split" },
  examples = {
    { name = "two rows of four holes, three seeds in each",
      want = "3,3,3,3,[0],3,3,3,3,[0] s", legal = "1 2 3 4" },
    { name = "rule 3: hole 4's seed makes 2 in North's hole 1, which is lifted and sown on; "
        .. "so is North's hole 3; the last seed falls into South's empty hole 1, which takes "
        .. "North's hole 4 with itself (rule 4)",
      from = "0,2,0,1,[0],1,0,1,0,[0] s", play = "4",
      want = "0,2,0,0,[2],0,1,0,0,[0] n" },
    { name = "rule 5: the relay from North's hole 1 ends in North's empty hole 2: North to move",
      from = "0,0,0,2,[0],1,0,1,0,[0] s", play = "4",
      want = "0,0,0,0,[0],2,1,1,0,[0] n" },
    { name = "rule 4 with nothing opposite: no capture",
      from = "1,0,0,0,[0],0,0,0,3,[0] s", play = "1",
      want = "0,1,0,0,[0],0,0,0,3,[0] n" },
    { name = "rule 6: South's capture leaves North no seed; South takes the 3 left in their row",
      from = "1,0,3,0,[8],0,0,1,0,[11] s", play = "1",
      want = "0,0,0,0,[13],0,0,0,0,[11] -" },
  },
}
