package sandbox

import (
	"reflect"
	"strconv"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The value stack.
//
// gopher-lua keeps the registers of every running call, and the arguments and results
// in flight, on one value stack of lua.RegistrySize (5120) values, which does not grow:
// a Go function that pushes more results than fit fails with a bare "registry
// overflow". string.byte and unpack push one value per byte or element, so
// {string.byte(s, 1, -1)} on a long string got there; they now check first, and say how
// many values they were asked for and how many fit (guardStack). Any other overflow (a
// call with thousands of arguments) has stackFull added to its message.

// stackFull explains a "registry overflow" from gopher-lua.
var stackFull = "the Lua value stack is full (it holds " + strconv.Itoa(lua.RegistrySize) + " values: the registers of every running call, and the arguments and results in flight)"

// guardStack replaces string.byte and unpack by versions that refuse a range whose
// results cannot fit on the value stack, naming the count and the room left.
func (v *VM) guardStack(L *lua.LState) {
	G := L.G.Global
	if fn, ok := G.RawGetString("unpack").(*lua.LFunction); ok && fn.GFunction != nil {
		orig := fn.GFunction
		G.RawSetString("unpack", L.NewFunction(func(L *lua.LState) int {
			t := L.CheckTable(1)
			i := L.OptInt(2, 1)
			j := L.OptInt(3, t.Len())
			checkRoom(L, int64(j)-int64(i)+1, "unpack")
			return orig(L)
		}))
	}
	s, ok := G.RawGetString("string").(*lua.LTable)
	if !ok {
		return
	}
	s.RawSetString("byte", L.NewFunction(strByte))
}

// strByte is string.byte as Lua 5.1 has it: string.byte(s [, i [, j]]) returns the
// bytes s[i..j], i 1 and j i by default, negative from the end (gopher-lua's returns
// every byte when only s is given). It refuses a range that cannot fit on the stack.
func strByte(L *lua.LState) int {
	str := L.CheckString(1)
	n := len(str)
	i := L.OptInt(2, 1)
	j := L.OptInt(3, i)
	if i < 0 {
		i += n + 1
	}
	if j < 0 {
		j += n + 1
	}
	i, j = max(i, 1), min(j, n)
	if i > j {
		return 0
	}
	checkRoom(L, int64(j)-int64(i)+1, "string.byte")
	for k := i; k <= j; k++ {
		L.Push(lua.LNumber(str[k-1]))
	}
	return j - i + 1
}

// checkRoom raises an error when n results of the function what cannot fit on the
// value stack.
func checkRoom(L *lua.LState, n int64, what string) {
	room := stackRoom(L)
	if n <= int64(room) {
		return
	}
	L.RaiseError("%s: %d results do not fit on the Lua value stack (room for %d now, of %d values in all): take a shorter range (string.sub, or a loop over the elements)",
		what, n, room, lua.RegistrySize)
}

// stackRoom is how many more values fit on L's value stack, keeping a few for the
// error's own message; without a view of the stack (valueStack), the room in the
// current call's frame is a guess from the frame's top.
func stackRoom(L *lua.LState) int {
	const spare = 16
	if !stackLayoutOK || !topLayoutOK {
		return lua.RegistrySize - L.GetTop() - spare
	}
	reg := reflect.ValueOf(L).Elem().FieldByIndex(regField)
	if reg.IsNil() {
		return lua.RegistrySize - L.GetTop() - spare
	}
	r := reg.Elem()
	top := r.FieldByIndex(topField)
	top = reflect.NewAt(top.Type(), unsafe.Pointer(top.UnsafeAddr())).Elem()
	return len(valueStack(L)) - int(top.Int()) - spare
}

// topField is the index of registry.top (int) in gopher-lua's registry struct.
var topField, topLayoutOK = func() ([]int, bool) {
	f, ok := reflect.TypeFor[lua.LState]().FieldByName("reg")
	if !ok || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	t, ok := f.Type.Elem().FieldByName("top")
	if !ok || t.Type.Kind() != reflect.Int {
		return nil, false
	}
	return t.Index, true
}()
