package sandbox

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The Go sizes of a table's hash part and of numbers, for the memory walk (budget.go).
//
// A table's hash part is three Go maps and a slice (gopher-lua's LTable: strdict for
// string keys, dict for the others, k2i and keys for next's order). A Go map's size
// depends on its capacity, not on how many entries it holds: gopher-lua makes the
// strdict of a table that gets its first string key by assignment with room for 32
// (about 2 KB), and a map grown to n entries keeps up to 2.3 n slots. So the walk
// reads each map's capacity from the Go runtime's map header (Swiss tables: a small
// map is one group of 8 slots; a large one a directory of tables of up to 1024 slots),
// checked once against maps of known sizes (mapLayoutOK); without that, it assumes the
// worst a map of that many entries can hold (mapBytesModel).
//
// Numbers: gopher-lua allocates the numbers Lua code makes in blocks of 32 (256
// bytes), and a block lives as long as any number in it, so one number a script keeps
// from every block costs 256 bytes, not 8. The walk counts every block that holds a
// number it reaches (numberBlock), once.

// Sizes of Go's map internals (internal/runtime/maps), in bytes.
const (
	mapHeader  = 48 // maps.Map
	mapTable   = 40 // maps.table
	groupSlots = 8
	ctrlWord   = 8
	// The slot sizes of LTable's maps: key and element.
	slotStrdict = 16 + 16 // map[string]LValue
	slotDict    = 16 + 16 // map[LValue]LValue
	slotK2i     = 16 + 8  // map[LValue]int
)

// goMap mirrors the header of a Go map (internal/runtime/maps.Map) as far as the walk
// reads it.
type goMap struct {
	used   uint64
	seed   uintptr
	dirPtr unsafe.Pointer
	dirLen int
}

// goTable mirrors a table of a large Go map (internal/runtime/maps.table).
type goTable struct {
	used, capacity, growthLeft uint16
}

// mapBytes is the size of the Go map m (a map's pointer word; nil: no map) whose
// slots are slot bytes, read from its header (mapLayoutOK) or, without that, the
// worst a map of n entries can take.
func mapBytes(m unsafe.Pointer, slot int64, n int) int64 {
	if m == nil {
		return 0
	}
	if !mapLayoutOK {
		return mapBytesModel(slot, n)
	}
	return mapBytesRead(m, slot)
}

// mapBytesRead reads the size of a map from its header.
func mapBytesRead(m unsafe.Pointer, slot int64) int64 {
	h := (*goMap)(m)
	group := ctrlWord + groupSlots*slot
	if h.dirLen == 0 { // a small map: one group, or none yet
		if h.dirPtr == nil {
			return mapHeader
		}
		return mapHeader + allocBytes(group)
	}
	size := int64(mapHeader) + allocBytes(int64(h.dirLen)*8)
	dir := unsafe.Slice((*unsafe.Pointer)(h.dirPtr), h.dirLen)
	var last unsafe.Pointer
	for _, t := range dir { // a table spans consecutive entries of the directory
		if t == last || t == nil {
			continue
		}
		last = t
		size += mapTable + allocBytes(int64((*goTable)(t).capacity)/groupSlots*group)
	}
	return size
}

// mapBytesModel is the most a map of n entries can take: capacity for 32 (what
// gopher-lua asks for), or twice what n entries need at a load of 7/8.
func mapBytesModel(slot int64, n int) int64 {
	slots := int64(64)
	for slots*7/8 < int64(n) {
		slots *= 2
	}
	slots *= 2
	return mapHeader + slots/groupSlots*(ctrlWord+groupSlots*slot) + (slots/1024+1)*mapTable
}

// mapLayoutOK is true when maps of known sizes read as they should through goMap and
// goTable: the header's count matches, and the capacity holds the entries.
var mapLayoutOK = func() bool {
	for _, n := range []int{0, 1, 8, 9, 100, 3000} {
		m := make(map[string]lua.LValue)
		for i := range n {
			m[string(rune('a'+i%26))+string(rune(i))] = lua.LTrue
		}
		if len(m) != n {
			return false // the keys collided: the check cannot tell
		}
		p := *(*unsafe.Pointer)(unsafe.Pointer(&m))
		h := (*goMap)(p)
		if h.used != uint64(n) || h.dirLen < 0 || h.dirLen > 1<<20 {
			return false
		}
		size := mapBytesRead(p, slotStrdict)
		need := int64(mapHeader) + int64(n)*slotStrdict
		if size < need || (n > 8 && size > mapHeader+int64(n)*8*slotStrdict) {
			return false
		}
	}
	return true
}()

// The offsets of LTable's maps (their pointer words), or ok false when gopher-lua lays
// the table out differently.
var dictOff, strdictOff, k2iOff, tableMapsOK = func() (uintptr, uintptr, uintptr, bool) {
	typ := reflect.TypeFor[lua.LTable]()
	d, ok1 := typ.FieldByName("dict")
	s, ok2 := typ.FieldByName("strdict")
	k, ok3 := typ.FieldByName("k2i")
	if !ok1 || !ok2 || !ok3 || d.Type.Kind() != reflect.Map || s.Type.Kind() != reflect.Map || k.Type.Kind() != reflect.Map {
		return 0, 0, 0, false
	}
	return d.Offset, s.Offset, k.Offset, true
}()

// hashBytes is the Go size of t's hash part: its three maps and its key list (keys:
// every key it has held).
func hashBytes(t *lua.LTable, keys []lua.LValue) int64 {
	size := int64(cap(keys)) * sizeSlot
	if !tableMapsOK {
		return size + mapBytesModel(slotStrdict, len(keys)) + mapBytesModel(slotK2i, len(keys))
	}
	word := func(off uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(t), off)) }
	return size + mapBytes(word(strdictOff), slotStrdict, len(keys)) +
		mapBytes(word(dictOff), slotDict, len(keys)) +
		mapBytes(word(k2iOff), slotK2i, len(keys))
}

// stringBytes is the Go size of a string of n bytes held by a Lua value: its header
// (the interface's word points to one), and its bytes as Go's allocator rounds them
// (allocBytes; a short string's bytes share a 16-byte block that lives as long as any
// of its parts).
func stringBytes(n int) int64 {
	if n <= 16 {
		return sizeString + 16
	}
	return sizeString + allocBytes(int64(n))
}

// allocBytes is at least what Go's allocator takes for an object of n bytes: within
// the size classes (up to 32 KB) n rounded up by at most an eighth (the classes' worst
// waste), beyond them whole 8 KB pages.
func allocBytes(n int64) int64 {
	if n <= 32<<10 {
		return n + n/8
	}
	return (n + 8<<10 - 1) &^ (8<<10 - 1)
}

// numberBlockSize is the block gopher-lua allocates numbers in (32 float64s).
const numberBlockSize = 256

// numberBlock is the address of the block holding the number the interface value n
// points to: blocks of 256 bytes are 256-aligned (Go's size class of 256 bytes packs
// them in 8 KB spans), and a number Go made on its own (8 bytes, in a 16-byte tiny
// block) is counted with its neighbours in the same 256 bytes. It is an address, not
// a pointer: it need not be the start of an object.
func numberBlock(n *lua.LValue) uintptr {
	word := (*[2]unsafe.Pointer)(unsafe.Pointer(n))[1]
	return uintptr(word) &^ (numberBlockSize - 1)
}
