package variants

import (
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/variants/internal/sandbox"
)

// Ludo hooks: the token view `t` that Lua sees (one per Lua state, its *ludo.State
// swapped in before each call), the binder that fills ludo.Hooks.OnLand with a call into
// Lua, and the special fields a script sets with fields = { ... } (the board a script
// sets with board = { ... } is in ludo_board.go).
//
// Lua numbers players 1..t:players() in the order of play (1 is red, who rolls first),
// tokens 1..t:tokens() (token 1 is "a" in the move notation), and track squares, the
// cells, 1..t:track_length() from player 1's start square in the direction of play, as
// the fields table does. A token's place along its own way is 0 (yard) to t:goal(), as
// in position strings. Go numbers players, tokens and cells from 0. The conversion
// happens here only: goPlayer, goToken, goCell, and luaCell (shared with tic-tac-toe).

var ludoBinder = &binder{
	def:   ludo.Def,
	hooks: []string{"on_land"},
	build: func(m *vm, name string, p core.Params, x gameTables, fns map[string]hookFn) (core.Game, error) {
		return buildLudo(m, name, p, x.fields, x.board, fns)
	},
	invariant: ludoInvariant,
	fields:    checkLudoFields,
	board:     checkLudoBoard,
}

// ludoJumps are the jumps a field may have (besides none).
var ludoJumps = []string{string(ludo.JumpNextStar), string(ludo.JumpGoalAfterLast)}

// ludoFields turns a fields table into the game's fields, kinds in name order.
func ludoFields(fl *fieldLayer) []ludo.Field {
	out := make([]ludo.Field, 0, len(fl.specs))
	for _, f := range fl.specs {
		out = append(out, ludo.Field{
			Kind: f.kind, Cells: slices.Clone(f.cells), Jump: ludo.Jump(f.jump),
			Safe: f.safe, SafeExceptOthersStart: f.safeExceptOthersStart,
		})
	}
	return out
}

// checkLudoFields checks a fields table against the knobs (cells within the track) and
// the hooks (a custom kind, one with neither a jump nor safety, needs on_land), naming
// the script and line.
func checkLudoFields(fl *fieldLayer, p core.Params, hooks []string) error {
	sc := fl.sc
	track := p.Int("track_length")
	onLand := slices.Contains(hooks, "on_land")
	owner := map[int]string{}
	for _, f := range fl.specs {
		if f.jump != "" && !slices.Contains(ludoJumps, f.jump) {
			return unknownKey(sc, f.at("jump"), "field "+f.kind+": jump", f.jump, ludoJumps)
		}
		for _, c := range f.cells {
			if c < 1 || c > track {
				return sc.errorf(f.at("cells"), "field %s: cell %d out of range 1..%d (track_length %d)", f.kind, c, track, track)
			}
			if other, ok := owner[c]; ok {
				return sc.errorf(f.at("cells"), "field %s: cell %d is already a %s (a square has one kind)", f.kind, c, other)
			}
			owner[c] = f.kind
		}
		if f.jump == "" && !f.safe && !f.safeExceptOthersStart && !onLand {
			return sc.errorf(f.line, "field %s has no built-in behaviour (jump, safe or safe_except_others_start): a custom kind needs an on_land hook to say what landing on it does", f.kind)
		}
	}
	// Whatever else the rules say about them.
	r, err := ludo.RulesFrom(p)
	if err != nil {
		return sc.errorf(sc.lines.fields["fields"], "%v", err)
	}
	r.Fields = ludoFields(fl)
	if onLand {
		r.Hooks.OnLand = func(*ludo.State, int, int, string) error { return nil }
	}
	if err := r.Validate(); err != nil {
		return sc.errorf(sc.lines.fields["fields"], "%v", err)
	}
	return nil
}

// ludoInvariant is the Ludo invariant: every player's tokens are accounted for (each
// has a place from the yard to the goal, and the counts of the track squares match the
// places), and players share a track square only where the rules allow it.
func ludoInvariant(cs core.State) error {
	s, ok := cs.(*ludo.State)
	if !ok {
		return fmt.Errorf("not a ludo state: %T", cs)
	}
	n, tokens, track, goal := s.Players(), s.Tokens(), s.TrackLength(), s.Goal()
	var occ [ludo.MaxTrack][ludo.MaxPlayers]int
	for q := 0; q < n; q++ {
		for k := 0; k < tokens; k++ {
			x := s.Progress(q, k)
			if x < 0 || x > goal {
				return fmt.Errorf("token %c of player %d at place %d, want 0..%d", 'a'+k, q+1, x, goal)
			}
			if sq := s.SquareOf(q, x); sq >= 0 {
				occ[sq][q]++
			}
		}
	}
	r := s.Game().Rules()
	mixed := r.OwnToken == ludo.Stack && r.DoubledEnemy == ludo.CaptureOne // capture_one may leave one of a pair
	var safe [ludo.MaxTrack]bool
	for _, f := range r.Fields {
		if f.Safe || f.SafeExceptOthersStart {
			for _, c := range f.Cells {
				safe[c-1] = true
			}
		}
	}
	for sq := 0; sq < track; sq++ {
		players := 0
		for q := 0; q < n; q++ {
			if got := s.Count(sq, q); got != occ[sq][q] {
				return fmt.Errorf("cell %d counts %d tokens of player %d, but %d have their place there", sq+1, got, q+1, occ[sq][q])
			}
			if occ[sq][q] > 0 {
				players++
			}
		}
		if players > 1 && !mixed && !safe[sq] {
			return fmt.Errorf("cell %d holds tokens of %d players but is not safe (own_token %s, doubled_enemy %s)", sq+1, players, r.OwnToken, r.DoubledEnemy)
		}
	}
	return nil
}

// ludoView is the state behind the token view during one hook call.
type ludoView struct {
	s     *ludo.State // nil outside hook calls
	token int         // the token that landed (0-based)
	dirty bool        // send_home or move_by was called
	kinds []lua.LValue
}

// goPlayer reads argument i as a player 1..Players() and returns its seat.
func (v *ludoView) goPlayer(L *lua.LState, i int, method string) int {
	p := intArg(L, i, "player", method)
	if p < 1 || p > v.s.Players() {
		L.RaiseError("player %d out of range 1..%d (%s)", p, v.s.Players(), method)
	}
	return p - 1
}

// goToken reads argument i as a token 1..Tokens() and returns its index.
func (v *ludoView) goToken(L *lua.LState, i int, method string) int {
	k := intArg(L, i, "token", method)
	if k < 1 || k > v.s.Tokens() {
		L.RaiseError("token %d out of range 1..%d (%s)", k, v.s.Tokens(), method)
	}
	return k - 1
}

// goCell reads argument i as a cell 1..TrackLength() and returns the track square.
func (v *ludoView) goCell(L *lua.LState, i int, method string) int {
	c := intArg(L, i, "cell", method)
	if c < 1 || c > v.s.TrackLength() {
		L.RaiseError("cell %d out of range 1..%d (%s)", c, v.s.TrackLength(), method)
	}
	return c - 1
}

// goPlace reads argument i as a place 0..Goal().
func (v *ludoView) goPlace(L *lua.LState, i int, method string) int {
	x := intArg(L, i, "place", method)
	if x < 0 || x > v.s.Goal() {
		L.RaiseError("place %d out of range 0..%d (0 the yard, %d the goal) (%s)", x, v.s.Goal(), v.s.Goal(), method)
	}
	return x
}

// ludoMethods are the methods of the token view `t` (see scripts/README.md).
var ludoMethods = map[string]func(L *lua.LState, v *ludoView) int{
	"players": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.Players()))
		return 1
	},
	"tokens": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.Tokens()))
		return 1
	},
	"die_sides": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.DieSides()))
		return 1
	},
	"track_length": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.TrackLength()))
		return 1
	},
	"home_length": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.HomeLength()))
		return 1
	},
	"goal": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.Goal()))
		return 1
	},
	"mover": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.Mover() + 1))
		return 1
	},
	"roll": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.s.Roll()))
		return 1
	},
	"token": func(L *lua.LState, v *ludoView) int {
		L.Push(num(v.token + 1))
		return 1
	},
	"progress": func(L *lua.LState, v *ludoView) int {
		p := v.goPlayer(L, 2, "t:progress")
		L.Push(num(v.s.Progress(p, v.goToken(L, 3, "t:progress"))))
		return 1
	},
	"square": func(L *lua.LState, v *ludoView) int {
		p := v.goPlayer(L, 2, "t:square")
		return optInt(L, v.s.Square(p, v.goToken(L, 3, "t:square")))
	},
	"cell_of": func(L *lua.LState, v *ludoView) int {
		p := v.goPlayer(L, 2, "t:cell_of")
		return optInt(L, v.s.SquareOf(p, v.goPlace(L, 3, "t:cell_of")))
	},
	"start": func(L *lua.LState, v *ludoView) int {
		L.Push(luaCell(v.s.Start(v.goPlayer(L, 2, "t:start"))))
		return 1
	},
	"count": func(L *lua.LState, v *ludoView) int {
		c := v.goCell(L, 2, "t:count")
		if L.Get(3) == lua.LNil {
			n := 0
			for q := 0; q < v.s.Players(); q++ {
				n += v.s.Count(c, q)
			}
			L.Push(num(n))
			return 1
		}
		L.Push(num(v.s.Count(c, v.goPlayer(L, 3, "t:count"))))
		return 1
	},
	"field": func(L *lua.LState, v *ludoView) int {
		L.Push(v.kinds[v.goCell(L, 2, "t:field")])
		return 1
	},
	"protected": func(L *lua.LState, v *ludoView) int {
		c := v.goCell(L, 2, "t:protected")
		L.Push(lua.LBool(v.s.Protected(c, v.goPlayer(L, 3, "t:protected"))))
		return 1
	},
	"send_home": func(L *lua.LState, v *ludoView) int {
		p := v.goPlayer(L, 2, "t:send_home")
		k := v.goToken(L, 3, "t:send_home")
		v.dirty = true
		if err := v.s.SendHome(p, k); err != nil {
			L.RaiseError("%v (t:send_home)", err)
		}
		return 0
	},
	"move_by": func(L *lua.LState, v *ludoView) int {
		p := v.goPlayer(L, 2, "t:move_by")
		k := v.goToken(L, 3, "t:move_by")
		d := intArg(L, 4, "n", "t:move_by")
		if g := v.s.Goal(); d < -g || d > g {
			L.RaiseError("n %d out of range %d..%d (t:move_by)", d, -g, g)
		}
		v.dirty = true
		if err := v.s.MoveBy(p, k, d); err != nil {
			L.RaiseError("%v (t:move_by)", err)
		}
		return 0
	},
}

// ludoMethodNames lists the token view's methods, sorted.
func ludoMethodNames() []string { return methodNames(ludoMethods) }

// newTokenView makes the token view `t` of one Lua state, as newBoardView makes the
// board views of the other games (a table of closures with a locked metatable), with
// messages that name it t.
func newTokenView(L *lua.LState, v *ludoView) *lua.LTable {
	names := ludoMethodNames()
	t := L.NewTable()
	for name, f := range ludoMethods {
		method := "t:" + name
		t.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if L.Get(1) != t {
				L.RaiseError("%s: call it with a colon, as in %s(...)", method, method)
			}
			if v.s == nil {
				L.RaiseError("%s: the token view is only valid during a hook call", method)
			}
			return f(L, v)
		}))
	}
	mt := L.NewTable()
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("the token view is read-only: t.%s cannot be set (use locals)", L.ToStringMeta(L.Get(2)).String())
		return 0
	}))
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key := L.ToStringMeta(L.Get(2)).String()
		msg := fmt.Sprintf("the token view has no method %q", key)
		if sug := core.Suggest(key, names); sug != "" {
			msg += fmt.Sprintf(", did you mean t:%s?", sug)
		}
		L.RaiseError("%s (want %s)", msg, strings.Join(names, ", "))
		return 0
	}))
	sandbox.Protect(mt, "ludo.tokens", "the token view")
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		if v.s == nil {
			L.Push(lua.LString("ludo tokens (outside a hook)"))
		} else {
			L.Push(lua.LString("ludo " + v.s.String()))
		}
		return 1
	}))
	L.SetMetatable(t, mt)
	return t
}

// buildLudo makes a Ludo game from the knobs, the fields (nil: the default layout for
// the track length), the board (nil: the cross board for the track, see ludo.CrossBoard)
// and the on_land hook, if any (m nil: no Lua).
func buildLudo(m *vm, name string, p core.Params, fl *fieldLayer, bs *boardSpec, fns map[string]hookFn) (core.Game, error) {
	r, err := ludo.RulesFrom(p)
	if err != nil {
		return nil, err
	}
	if fl != nil {
		r.Fields = ludoFields(fl)
	}
	if bs != nil {
		b := bs.board // the game keeps it; the cells are never changed
		r.Board = &b
	}
	f, ok := fns["on_land"]
	if !ok || m == nil {
		return ludo.New(name, r)
	}
	// The kinds as Lua strings, made once: passing one to a hook allocates nothing.
	v := &ludoView{kinds: make([]lua.LValue, r.TrackLength)}
	for c := range v.kinds {
		v.kinds[c] = lua.LNil
	}
	kinds := map[string]lua.LValue{}
	for _, fd := range r.Fields {
		kinds[fd.Kind] = lua.LString(fd.Kind)
		for _, c := range fd.Cells {
			if c >= 1 && c <= len(v.kinds) { // (ludo.New below refuses other cells)
				v.kinds[c-1] = kinds[fd.Kind]
			}
		}
	}
	// The engine checks the position after every hook (every token accounted for, players
	// sharing only safe squares); the view's methods keep the counts, so what a hook can
	// break is only the sharing, and only under rules where landing never leaves two
	// players on a square. That is checked here, to name the script and line.
	strict := r.OwnToken != ludo.Stack || r.DoubledEnemy != ludo.CaptureOne
	view := newTokenView(m.L, v)
	r.Hooks.OnLand = func(s *ludo.State, token, cell int, kind string) error {
		L := m.L
		L.Push(f.fn)
		L.Push(view)
		L.Push(luaCell(cell))
		kv, ok := kinds[kind]
		if !ok {
			kv = lua.LString(kind)
		}
		L.Push(kv)
		v.s, v.token, v.dirty = s, token, false
		err := m.callHookN(&f, 3, 0, "nothing (change the position with t:send_home and t:move_by)")
		v.s = nil
		if err != nil {
			return err
		}
		if v.dirty && strict {
			if err := ludoInvariant(s); err != nil {
				return f.errorf("%v", err)
			}
		}
		return nil
	}
	return ludo.New(name, r)
}

// Fields returns the special fields the variant's scripts set (Ludo's fields table,
// kinds in name order; empty for fields = {}) and true, or nil and false when it keeps
// its base game's own layout.
func (v *Variant) Fields() ([]ludo.Field, bool) {
	if v.tables.fields == nil {
		return nil, false
	}
	return ludoFields(v.tables.fields), true
}
