-- Oware (Abapa), the most played mancala game of West Africa and the Caribbean, on
-- the mancala core. Six houses a side, four seeds each; the stores only hold captures.
--
--   * Sowing skips the stores (store_sowing = false) and, on laps of 12 seeds or more,
--     the house the seeds came from (origin_skip = true). No extra turns.
--   * A last seed that makes 2 or 3 in an opponent's house captures them, and so do
--     the houses before it, going backwards, while they hold 2 or 3 and are the
--     opponent's. A move that would capture all of the opponent's seeds (a "grand
--     slam") is legal but captures nothing, as in Abapa and the international rules.
--     The other readings are variants of this one: oware/grand-slam-forbidden (such a
--     move is illegal while another exists) and oware/grand-slam-all (it captures
--     everything). The rules live in scripts/lib/oware.lua.
--   * Must feed: when the opponent has no seeds, a move must give them some.
--   * The game ends when a player has captured more than half of the seeds (25 of 48),
--     or when the player to move cannot move; then each player keeps the seeds on
--     their own side. An endless cycle is cut by the max_plies knob and scored alike.
local mancala = require "mancala"
local oware = require "oware"

return variant {
  name    = "oware",
  extends = "kalah",
  summary = "Oware (Abapa): captures of 2 and 3 on the opponent's side, must feed, 25 wins; a grand slam captures nothing",
  description = [[
Six houses a side, four seeds each; sowing skips the stores and, on laps, the origin
house. A last seed making 2 or 3 in an opponent's house captures them and the houses
before it holding 2 or 3. Must feed an opponent with no seeds. First to 25 wins; when
the player to move cannot move, each keeps the seeds on their own side.
Grand slam (a capture of every seed on the opponent's side): the move is legal and
captures nothing (Abapa, the international rule). Other readings:
oware/grand-slam-forbidden (illegal while another move exists) and
oware/grand-slam-all (it captures everything).]],
  params  = {
    houses = 6, seeds = 4,
    store_sowing = false, origin_skip = true,
    end_rule = "mover_cannot_move",
  },
  hooks = {
    capture = function(b, last) oware.capture(b, last, "nothing") end,

    can_play = function(b, house) return oware.can_play(b, house, "nothing") end,

    is_over = function(b)
      local half = b:total() / 2
      if b:count(b:store(1)) > half or b:count(b:store(2)) > half then return true end
      return nil -- otherwise the built-in rule: the player to move cannot move
    end,

    final_scores = function(b)
      local half = b:total() / 2
      if b:count(b:store(1)) <= half and b:count(b:store(2)) <= half then
        -- Nobody has won by captures: each player keeps the seeds on their side.
        mancala.sweep(b, 1)
        mancala.sweep(b, 2)
      end
      return { b:count(b:store(1)), b:count(b:store(2)) }
    end,
  },
  examples = {
    {
      name = "a capture of 3 then 2 going backwards",
      from = "0,0,0,0,1,2,[0],1,2,4,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[5],0,0,4,0,0,0,[0] n",
    },
    {
      name = "a grand slam captures nothing",
      from = "0,0,0,0,1,2,[0],1,2,0,0,0,0,[0] s", play = "6",
      want = "0,0,0,0,1,0,[0],2,3,0,0,0,0,[0] n",
    },
    {
      name = "must feed: only house 6 reaches an opponent with no seeds",
      from = "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", legal = "6",
    },
    {
      name = "feeding the opponent",
      from = "0,0,0,1,0,1,[20],0,0,0,0,0,0,[20] s", play = "6", legal = "1",
      want = "0,0,0,1,0,0,[20],1,0,0,0,0,0,[20] n",
    },
    {
      name = "a lap of 12 seeds skips its origin",
      from = "0,0,0,0,0,12,[0],1,1,1,1,1,1,[0] s", play = "6",
      want = "1,1,1,1,1,0,[3],0,2,2,2,2,2,[0] n",
    },
  },
}
