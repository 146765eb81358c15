package pdn

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// roster is the seven tags PDN asks of every game, in the order it writes them.
var roster = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// rosterDefault is what a roster tag says when unknown.
var rosterDefault = map[string]string{"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "-", "White": "?", "Black": "?"}

// Marshal writes a game as PDN: the roster tags, GameType, SetUp and FEN for a set-up
// start, the game's other tags, then the numbered moves and the result. The moves are
// played through the game's rules on the way: an illegal one is an error.
func Marshal(g *Game) ([]byte, error) {
	if g.Type == nil {
		return nil, fmt.Errorf("pdn: the game has no GameType")
	}
	if _, ok := results[g.Result]; !ok || g.Result != results[g.Result] {
		return nil, fmt.Errorf("pdn: result %q: want 1-0, 0-1, 1/2-1/2 or *", g.Result)
	}
	game, err := g.NewGame()
	if err != nil {
		return nil, fmt.Errorf("pdn: %w", err)
	}
	b := newBoard(g.Type, g.Rules.Size)
	st, err := g.StartState(game)
	if err != nil {
		return nil, fmt.Errorf("pdn: start: %w", err)
	}
	var out bytes.Buffer
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
		fmt.Fprintf(&out, "[%s \"%s\"]\n", name, value)
	}
	result := resultText(g.Result, g.Type)
	for _, name := range roster {
		v := g.Tag(name)
		switch {
		case name == "Result":
			v = result
		case v == "":
			v = rosterDefault[name]
		}
		tag(name, v)
	}
	tag("GameType", strconv.Itoa(g.Type.Number))
	if g.Start != "" {
		tag("SetUp", "1")
		tag("FEN", fenOf(st, b))
	}
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "SetUp", "FEN":
			continue
		}
		tag(t.Name, t.Value)
	}
	out.WriteByte('\n')

	first := b.colour(st.Mover())
	var line strings.Builder
	emit := func(word string) {
		if line.Len() > 0 && line.Len()+1+len(word) > 79 {
			out.WriteString(line.String())
			out.WriteByte('\n')
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(word)
	}
	for ply, text := range g.Moves {
		if st.ToMove() == core.Terminal {
			return nil, fmt.Errorf("pdn: move %d (%s): the game is already over", ply+1, text)
		}
		m, err := core.ParsePlay(st, text)
		if err != nil {
			return nil, fmt.Errorf("pdn: move %d: %w", ply+1, err)
		}
		number := "" // written with its move, so that a line break never parts them
		switch {
		case ply == 0 && first != g.Type.First:
			number = "1... "
		case b.colour(st.Mover()) == g.Type.First:
			n := ply/2 + 1
			if first != g.Type.First {
				n = (ply+1)/2 + 1
			}
			number = strconv.Itoa(n) + ". "
		}
		emit(number + moveText(st, b, m, false))
		st.Play(m)
	}
	emit(result)
	out.WriteString(line.String())
	out.WriteString("\n\n")
	return out.Bytes(), nil
}

// Write writes a game as Marshal does.
func Write(w io.Writer, g *Game) error {
	data, err := Marshal(g)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// resultText writes a result as the type writes results.
func resultText(r string, t *Type) string {
	if !t.Scores {
		return r
	}
	switch r {
	case "1-0":
		return "2-0"
	case "0-1":
		return "0-2"
	case "1/2-1/2":
		return "1-1"
	}
	return r
}
