// Package record is the game record: one JSON document that says which game was played
// (the variant, its knobs, the seed and who sat where) and every move in the game's own
// notation, chance outcomes (dice rolls) included, with the result once the game is over.
//
// "kalahlab play" writes it with the save command and reads it back with --load; it is
// meant to be shared with other readers (a browser UI, replay tools), so it holds only
// plain JSON values and says which format version it follows. An example:
//
//	{
//	  "format": "kalahlab-game",
//	  "version": 1,
//	  "variant": "kalah/pie",
//	  "name": "kalah/pie",
//	  "hash": "d6c927350151...",
//	  "knobs": {"houses": 6, "seeds": 4, "empty_capture": true, ...},
//	  "seed": 1,
//	  "players": ["human", "alphabeta:depth=8"],
//	  "moves": ["3", "swap", "1"],
//	  "position": "...",
//	  "result": null
//	}
//
// The package reads, writes and checks records and plays their moves through a
// core.Game; finding the variant a record names (the registry, Lua scripts) is the
// caller's business, so that core stays free of Lua and configuration.
package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// Format is the value of every record's "format" field.
const Format = "kalahlab-game"

// Version is the format version this package writes and the newest it reads.
const Version = 1

// MaxSize bounds the records Read accepts (a record of a long game is tens of KB).
const MaxSize = 16 << 20

// Game is one game record. The JSON field names are the format; see the package doc
// and docs/records.md.
type Game struct {
	Format  string `json:"format"`  // always Format
	Version int    `json:"version"` // Version when written by this package

	// Variant is what to look the variant up by: a registry name (kalah, kalah/pie) or
	// the path of a Lua script as it was given.
	Variant string `json:"variant"`
	// Name is the variant's own name ("kalah/pie", or the name field of a user script,
	// "kalah+rule" with house rules); informative.
	Name string `json:"name,omitempty"`
	// HouseRules are the house-rule scripts stacked on the variant, in order.
	HouseRules []string `json:"house_rules,omitempty"`
	// Hash identifies the scripts that define a Lua variant (hex SHA-256, as the
	// variants registry computes it); empty for a base game.
	Hash string `json:"hash,omitempty"`
	// Script holds a user script's file: where it was, its checksum and its text.
	Script *Script `json:"script,omitempty"`
	// Knobs holds every knob's value (numbers, booleans, strings).
	Knobs map[string]any `json:"knobs"`
	// Seed seeds the dice and the agents.
	Seed uint64 `json:"seed"`
	// Players says who sat on each seat, in seat order: "human" or an agent spec such
	// as "alphabeta:depth=8".
	Players []string `json:"players"`
	// Start is the position the game started from, as the game's position string
	// (Game.ParseState reads it), for a game set up elsewhere than the usual start: a
	// PDN game with a FEN tag, say. Empty: the usual start.
	Start string `json:"start,omitempty"`
	// Moves are the moves from the start in the game's notation, chance outcomes (die
	// rolls) included, as State.MoveString writes them.
	Moves []string `json:"moves"`
	// Position is the position string after the moves (a check; optional).
	Position string `json:"position,omitempty"`
	// Result is set once the game is over.
	Result *Result `json:"result,omitempty"`
}

// Script is the file of a user variant script.
type Script struct {
	Path   string `json:"path"`   // as it was given when the game was played
	SHA256 string `json:"sha256"` // hex SHA-256 of Source
	Source string `json:"source"` // the script's text
}

// Result is how a game ended.
type Result struct {
	// Returns holds one value per seat (win 1, draw 0, loss -1 in two-player games).
	Returns []float64 `json:"returns"`
	// Scores holds the game's score per seat where it keeps one (seeds in a store).
	Scores []float64 `json:"scores,omitempty"`
	// Winner is the winning seat counted from 1; 0 for a draw or a shared win.
	Winner int `json:"winner"`
	// Error says why the game was stopped by an error (a failing Lua hook), if it was.
	Error string `json:"error,omitempty"`
}

// Parse reads a record from JSON and checks it (Check). Unknown fields are errors, and
// so is a key given twice in one object (at any depth: JSON readers disagree on which
// one counts); errors name the line and column.
func Parse(data []byte) (*Game, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var g Game
	if err := dec.Decode(&g); err != nil {
		return nil, jsonError(data, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("game record: more than one JSON document (want one object)")
	}
	if err := duplicateKey(data); err != nil {
		return nil, err
	}
	if err := g.normalize(); err != nil {
		return nil, err
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	return &g, nil
}

// Read reads a record from a reader (at most MaxSize bytes).
func Read(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("game record: larger than %d MB", MaxSize>>20)
	}
	return Parse(data)
}

// ReadFile reads a record file; errors name the file.
func ReadFile(path string) (*Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	defer f.Close()
	g, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// Marshal writes a record as indented JSON (with a final newline), after checking it.
// Format and Version are filled in when empty.
func Marshal(g *Game) ([]byte, error) {
	c := *g
	if c.Format == "" {
		c.Format = Format
	}
	if c.Version == 0 {
		c.Version = Version
	}
	if c.Moves == nil {
		c.Moves = []string{}
	}
	if c.Knobs == nil {
		c.Knobs = map[string]any{}
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	return append(data, '\n'), nil
}

// Write writes a record to w (as Marshal).
func Write(w io.Writer, g *Game) error {
	data, err := Marshal(g)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// WriteFile writes a record file.
func WriteFile(path string, g *Game) error {
	data, err := Marshal(g)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("game record: %w", err)
	}
	return nil
}

// Check reports the first thing wrong with a record: the format and version, a missing
// variant or player, an empty move, a knob that is not a number, boolean or string, a
// malformed hash, a script whose checksum does not match its text, a result without
// returns.
func (g *Game) Check() error {
	switch {
	case g.Format != Format:
		return fmt.Errorf("game record: format %q: want %q", g.Format, Format)
	case g.Version < 1:
		return fmt.Errorf("game record: version %d: want %d", g.Version, Version)
	case g.Version > Version:
		return fmt.Errorf("game record: version %d is newer than this kalahlab reads (%d): upgrade kalahlab", g.Version, Version)
	case strings.TrimSpace(g.Variant) == "":
		return fmt.Errorf("game record: variant is missing (want a name such as kalah, or a script path)")
	case len(g.Players) == 0:
		return fmt.Errorf("game record: players is empty (want one entry per seat, such as [\"human\", \"random\"])")
	}
	for i, p := range g.Players {
		if strings.TrimSpace(p) == "" {
			return fmt.Errorf("game record: players[%d] is empty (want human or an agent spec)", i)
		}
	}
	for i, m := range g.Moves {
		if strings.TrimSpace(m) == "" {
			return fmt.Errorf("game record: move %d is empty", i+1)
		}
	}
	for i, r := range g.HouseRules {
		if strings.TrimSpace(r) == "" {
			return fmt.Errorf("game record: house_rules[%d] is empty", i)
		}
	}
	for _, k := range sortedKeys(g.Knobs) {
		switch v := g.Knobs[k].(type) {
		case bool, string, int, int64, uint64:
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("game record: knob %s: %v is not a number", k, v)
			}
		default:
			return fmt.Errorf("game record: knob %s: %v is a %T (want a number, true/false or a string)", k, v, v)
		}
	}
	if g.Hash != "" && !isHex(g.Hash, 64) {
		return fmt.Errorf("game record: hash %q: want 64 hex digits (SHA-256)", g.Hash)
	}
	if s := g.Script; s != nil {
		if s.Path == "" {
			return fmt.Errorf("game record: script.path is missing")
		}
		if !isHex(s.SHA256, 64) {
			return fmt.Errorf("game record: script.sha256 %q: want 64 hex digits", s.SHA256)
		}
		if SHA256(s.Source) != s.SHA256 {
			return fmt.Errorf("game record: script.sha256 does not match script.source (the record was edited)")
		}
	}
	if r := g.Result; r != nil {
		if len(r.Returns) != len(g.Players) {
			return fmt.Errorf("game record: result.returns has %d values for %d players", len(r.Returns), len(g.Players))
		}
		if r.Winner < 0 || r.Winner > len(g.Players) {
			return fmt.Errorf("game record: result.winner %d: want 0 (a draw) or a seat 1..%d", r.Winner, len(g.Players))
		}
	}
	return nil
}

// normalize turns the knobs' json.Numbers into int (whole numbers) or float64.
func (g *Game) normalize() error {
	for k, v := range g.Knobs {
		n, ok := v.(json.Number)
		if !ok {
			continue
		}
		if i, err := n.Int64(); err == nil && i >= math.MinInt32 && i <= math.MaxInt32 {
			g.Knobs[k] = int(i)
			continue
		}
		f, err := n.Float64()
		if err != nil {
			return fmt.Errorf("game record: knob %s: %s is not a number", k, n)
		}
		g.Knobs[k] = f
	}
	return nil
}

// MoveError is an illegal or unreadable move of a record, at Index (from 1).
type MoveError struct {
	Index int
	Move  string
	Err   error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("game record: move %d (%q): %v", e.Index, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Replay plays the record's moves from the game's start (or from Start) and returns the
// position and the moves as codes. A Start the game cannot read is an error. An
// unreadable or illegal move, or a move after the game ended (by its rules or stopped by
// an error, such as a failing hook), is a *MoveError naming its index. A record's
// Position that the moves do not reach is an error too.
func (g *Game) Replay(game core.Game) (core.State, []core.Move, error) {
	if n := game.NumPlayers(); n != len(g.Players) {
		return nil, nil, fmt.Errorf("game record: %d players for %s, which has %d seats", len(g.Players), game.Name(), n)
	}
	st, err := g.StartState(game)
	if err != nil {
		return nil, nil, err
	}
	moves := make([]core.Move, 0, len(g.Moves))
	for i, text := range g.Moves {
		if st.ToMove() == core.Terminal {
			if err := st.Err(); err != nil {
				return nil, nil, &MoveError{i + 1, text, fmt.Errorf("the game was stopped by an error before it: %w", err)}
			}
			return nil, nil, &MoveError{i + 1, text, errors.New("the game is already over")}
		}
		m, err := core.ParsePlay(st, text)
		if err != nil {
			if e := st.Err(); e != nil {
				err = fmt.Errorf("the game was stopped by an error: %w", e)
			}
			return nil, nil, &MoveError{i + 1, text, err}
		}
		st.Play(m)
		moves = append(moves, m)
	}
	if g.Position != "" && st.Err() == nil && st.String() != g.Position {
		return nil, nil, fmt.Errorf("game record: the moves lead to %q, but the record says %q (the rules changed?)", st.String(), g.Position)
	}
	return st, moves, nil
}

// StartState returns the position the record's game starts from: Start read by the
// game, or its usual start.
func (g *Game) StartState(game core.Game) (core.State, error) {
	if g.Start == "" {
		return game.NewState(), nil
	}
	st, err := game.ParseState(g.Start)
	if err != nil {
		return nil, fmt.Errorf("game record: start: %w", err)
	}
	return st, nil
}

// ResultOf describes a finished game's result; nil while the game goes on.
func ResultOf(st core.State) *Result {
	if st.ToMove() != core.Terminal {
		return nil
	}
	r := &Result{Returns: st.Returns(nil)}
	if sc, ok := st.(core.Scorer); ok {
		r.Scores = sc.Scores(nil)
	}
	if w := core.Winners(r.Returns); len(w) == 1 {
		r.Winner = int(w[0]) + 1
	}
	if err := st.Err(); err != nil {
		r.Error = err.Error()
	}
	return r
}

// SHA256 returns the hex SHA-256 of text, as Script.SHA256 holds it.
func SHA256(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// jsonError says where a decoding error is: line and column for syntax and type
// errors, the field for unknown ones.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := position(data, syn.Offset-1) // Offset is just past the bad byte
		return fmt.Errorf("game record: line %d, column %d: %v", line, col, err)
	case errors.As(err, &typ):
		line, col := position(data, typ.Offset)
		return fmt.Errorf("game record: line %d, column %d: %s: want %v, got a JSON %s", line, col, typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.EOF):
		return fmt.Errorf("game record: empty (want a JSON object)")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("game record: the JSON ends early (a truncated file?)")
	}
	return fmt.Errorf("game record: %w", err)
}

// position turns a byte offset into a line and column, both from 1.
func position(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// keyFrame is an object or an array being scanned by duplicateKey.
type keyFrame struct {
	path    string           // where it is: "the record", "knobs", "result.scores"
	object  bool             // an object (else an array)
	wantKey bool             // the next string is a key
	key     string           // the key whose value is being read
	keys    map[string]int64 // the keys seen, folded, at their offsets
	index   int              // an array's next element
}

// duplicateKey returns an error naming the first key that appears twice in one object
// of data, a valid JSON document, at any depth: encoding/json would keep the last one
// silently. Keys compare as encoding/json matches them to fields, ignoring case
// ("Variant" sets variant too).
func duplicateKey(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []*keyFrame
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or an error Decode has reported
		}
		var top *keyFrame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				stack[len(stack)-1].valueDone()
			}
			continue
		}
		if key, ok := tok.(string); ok && top != nil && top.object && top.wantKey {
			at := keyStart(data, before)
			folded := strings.ToLower(key)
			if first, seen := top.keys[folded]; seen {
				return duplicateError(data, top.path, key, first, at)
			}
			top.keys[folded], top.key, top.wantKey = at, key, false
			continue
		}
		if d, ok := tok.(json.Delim); ok { // '{' or '['
			stack = append(stack, &keyFrame{path: top.childPath(), object: d == '{', wantKey: d == '{', keys: map[string]int64{}})
			continue
		}
		if top != nil {
			top.valueDone()
		}
	}
}

// childPath is the path of the value being read in f ("the record" at the top).
func (f *keyFrame) childPath() string {
	switch {
	case f == nil:
		return "the record"
	case !f.object:
		return fmt.Sprintf("%s[%d]", f.path, f.index)
	case f.path == "the record":
		return f.key
	}
	return f.path + "." + f.key
}

// valueDone moves f past the value just read.
func (f *keyFrame) valueDone() {
	if f.object {
		f.wantKey = true
	} else {
		f.index++
	}
}

// keyStart is the offset of the key that follows off (past the separators).
func keyStart(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,{", data[off]) >= 0 {
		off++
	}
	return off
}

// duplicateError says which key of which object is given twice, and where.
func duplicateError(data []byte, path, key string, first, again int64) error {
	line, col := position(data, again)
	fline, fcol := position(data, first)
	var firstKey string
	_ = json.Unmarshal(data[first:keyEnd(data, first)], &firstKey)
	what := fmt.Sprintf("key %q appears twice in %s (first at line %d, column %d)", key, path, fline, fcol)
	if firstKey != key {
		what = fmt.Sprintf("key %q repeats %q in %s (at line %d, column %d; keys match without regard to case)", key, firstKey, path, fline, fcol)
	}
	return fmt.Errorf("game record: line %d, column %d: %s: a record gives each key once", line, col, what)
}

// keyEnd is the offset just past the JSON string that starts at off.
func keyEnd(data []byte, off int64) int64 {
	for i := off + 1; i < int64(len(data)); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return int64(len(data))
}
