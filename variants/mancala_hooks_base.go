package variants

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/mancala"
)

// The kalah base game's hook points on every mancala game, with kalah's contract
// (kalah_hooks.go), so that a kalah hook body runs on a mancala descriptor:
//
//	extra_turn(b, last, mv)       -> true or false (nil: the rules decide)
//	can_play(b, house, direction) -> true or false (read-only)
//	is_over(b)                    -> true, false or nil (read-only)
//	final_scores(b)               -> s1, s2 or { s1, s2 }, or nil for the built-in count
//
// last is the pit of the move's last seed (nil: none), house the house along the
// mover's track (1..n, as in move notation), direction "anticlockwise" or "clockwise".

const extraTurnWant = "true (the mover moves again), false (the turn passes) or nil (the rules decide)"

// bindKalahLike fills hooks with the kalah-contract hooks of fns.
func bindKalahLike(h *mancalaHooks, fns map[string]hookFn, hooks *mancala.Hooks) {
	L := h.m.L
	if f, ok := fns["extra_turn"]; ok {
		hooks.ExtraTurn = func(s *mancala.State, mv *mancala.Sown, again bool) (bool, error) {
			L.Push(f.fn)
			L.Push(h.board)
			if mv.Last < 0 {
				L.Push(lua.LNil)
			} else {
				L.Push(luaPit(mv.Last))
			}
			L.Push(h.mv)
			h.clearLists()
			if err := h.call(&f, s, mv, mv.Side, false, 3, 1, extraTurnWant); err != nil {
				return false, err
			}
			switch ret := h.m.pop().(type) {
			case lua.LBool:
				return bool(ret), nil
			case *lua.LNilType:
				return again, nil
			default:
				return false, f.errorf("returned %s, want %s", valueName(ret), extraTurnWant)
			}
		}
	}
	if f, ok := fns["can_play"]; ok {
		hooks.CanPlay = func(s *mancala.State, side int, m core.Move) (bool, error) {
			L.Push(f.fn)
			L.Push(h.board)
			L.Push(num(int(m&(mancala.ClockwiseBit-1)) + 1))
			if m&mancala.ClockwiseBit != 0 {
				L.Push(lua.LString("clockwise"))
			} else {
				L.Push(lua.LString("anticlockwise"))
			}
			if err := h.call(&f, s, nil, side, true, 3, 1, boolWant); err != nil {
				return false, err
			}
			ret := h.m.pop()
			if b, ok := ret.(lua.LBool); ok {
				return bool(b), nil
			}
			return false, f.errorf("returned %s, want %s", valueName(ret), boolWant)
		}
	}
	if f, ok := fns["is_over"]; ok {
		hooks.IsOver = func(s *mancala.State) (bool, bool, error) {
			L.Push(f.fn)
			L.Push(h.board)
			if err := h.call(&f, s, nil, s.Side(), true, 1, 1, isOverWant); err != nil {
				return false, false, err
			}
			switch ret := h.m.pop().(type) {
			case *lua.LNilType:
				return false, false, nil
			case lua.LBool:
				return bool(ret), true, nil
			default:
				return false, false, f.errorf("returned %s, want %s", valueName(ret), isOverWant)
			}
		}
	}
	if f, ok := fns["final_scores"]; ok {
		hooks.FinalScores = func(s *mancala.State) (int, int, bool, error) {
			L.Push(f.fn)
			L.Push(h.board)
			if err := h.call(&f, s, nil, s.Side(), false, 1, 2, scoresWant); err != nil {
				return 0, 0, false, err
			}
			r1, r2 := L.Get(-2), L.Get(-1)
			L.Pop(2)
			return finalScores(&f, r1, r2)
		}
	}
}
