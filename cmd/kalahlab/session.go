package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
)

// session is one game of play: the history with a redo stack, and the loop that asks
// people for moves and lets agents reply.
type session struct {
	a     *app
	res   *resolved
	seats []seat.Player
	state core.State
	color bool
	rng   *rand.Rand // chance nodes

	history []core.Move
	redo    []core.Move
	lines   <-chan inputLine
	loaded  string // the record file the game was restored from, if any
	saveTo  string // --save: where to write the record when the game ends
}

const playHelp = `commands:
  <move>      play a move (the legal moves are listed under the board)
  moves       list the legal moves
  undo        take back your last move (and the agents' replies since)
  redo        play a taken-back move again
  board       draw the board again
  hint        what an agent would play here, and its evaluation
  replay      step through the game from the start (Enter: next move, q: stop)
  draw        offer a draw (games that allow one, such as checkers)
  save FILE   write the game record to FILE (JSON; PDN for a checkers FILE.pdn);
              play --load FILE continues it
  help        this text
  quit        leave the game
`

// run plays until the game ends, the input ends or the user quits, then writes the
// game record when --save asks for it. A game stopped by an error (a failing hook) ends
// it with that error, marked exitFailed.
func (s *session) run(ctx context.Context) error {
	err := s.loop(ctx)
	if s.saveTo == "" {
		return err
	}
	if serr := s.a.saveRecord(s.saveTo, s.res, s.seats, s.history, s.state); serr != nil {
		return errors.Join(err, serr)
	}
	if !s.a.json {
		fmt.Fprintln(s.a.out, "saved to", s.saveTo)
	}
	return err
}

// loop is the game: agents move, people are asked.
func (s *session) loop(ctx context.Context) error {
	s.lines = readLines(ctx, s.a.input())
	out := s.a.out
	allAgents := seat.AllAgents(s.seats)
	if allAgents && s.a.json {
		for settle(s.state); s.state.ToMove() != core.Terminal; settle(s.state) {
			if err := s.step(ctx, false); err != nil {
				return err
			}
		}
		if err := s.a.printPosition(s.res, s.state, len(s.history), false); err != nil {
			return err
		}
		return stopped(s.state)
	}
	s.banner()
	if !allAgents {
		fmt.Fprintln(out, `type a move, or "help" for the commands`)
	}
	fmt.Fprint(out, "\n", s.state.Render(s.color))
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		settle(s.state)
		p := s.state.ToMove()
		if p == core.Terminal {
			fmt.Fprintln(out, statusLine(s.state))
			return stopped(s.state)
		}
		if p == core.Chance || !s.seats[p].Human() {
			if err := s.step(ctx, true); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(out, "%v to move; legal: %s\n%v> ", p, core.MovesString(s.state, s.state.LegalMoves(nil)), p)
		var in inputLine
		var ok bool
		select {
		case in, ok = <-s.lines:
		case <-ctx.Done():
			return ctx.Err()
		}
		if !ok {
			fmt.Fprintln(out, "\ninput ended; position:", s.state)
			return nil
		}
		if in.long > 0 {
			fmt.Fprintf(out, "\ninput line %d is too long (%d bytes; at most %d): ignored\n", in.n, in.long, maxLineBytes)
			continue
		}
		quit, err := s.command(strings.TrimSpace(in.text))
		if err != nil {
			fmt.Fprintln(out, err)
		}
		if quit {
			fmt.Fprintln(out, "position:", s.state)
			return nil
		}
	}
}

// banner names the game (with the knobs changed from the variant's own), where it was
// loaded from, and who plays each seat.
func (s *session) banner() {
	out, v := s.a.out, s.res.variant
	if title, changed := s.res.title(); changed {
		fmt.Fprintf(out, "%s: %s\n  by default: %s\n", v.Name, title, v.Summary)
	} else {
		fmt.Fprintf(out, "%s: %s\n", v.Name, v.Summary)
	}
	if s.loaded != "" {
		fmt.Fprintf(out, "restored from %s: %d moves\n", s.loaded, len(s.history))
	}
	for i, st := range s.seats {
		fmt.Fprintf(out, "seat %d: %s\n", i+1, st.Spec)
	}
}

// step lets an agent (or the dice) move, printing the move when verbose.
func (s *session) step(ctx context.Context, verbose bool) error {
	p := s.state.ToMove()
	var m core.Move
	who := "chance"
	if p == core.Chance {
		m = core.SampleOutcome(s.rng, s.state.ChanceOutcomes(nil))
	} else {
		var err error
		if m, err = s.seats[p].Agent.SelectMove(ctx, s.state); err != nil {
			if stop := stopped(s.state); stop != nil {
				return stop // the agent found no move because a hook failed
			}
			return fmt.Errorf("%v (%s): %w", p, s.seats[p].Spec, err)
		}
		who = fmt.Sprintf("%v (%s)", p, s.seats[p].Spec)
	}
	text := moveWords(s.state, m)
	roller := ""
	if mv, ok := s.state.(interface{ Mover() int }); ok && p == core.Chance {
		roller = fmt.Sprintf("seat %d ", mv.Mover()+1)
	}
	s.play(m)
	switch {
	case !verbose:
	case p == core.Chance:
		fmt.Fprintf(s.a.out, "%srolls %s\n", roller, text) // the board shows the roll beside the mover
	default:
		fmt.Fprintf(s.a.out, "%s plays %s\n%s", who, text, s.state.Render(s.color))
		s.again(p)
	}
	return nil
}

// again says so when p, who just moved, is to move again (an extra turn, a six).
func (s *session) again(p core.Player) {
	if p >= 0 && s.state.ToMove() == p {
		fmt.Fprintf(s.a.out, "%v moves again\n", p)
	}
}

// plural is "1 move", "2 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// moveWords says what m, legal in st, does: the trace's words where the game traces
// its moves (core.Tracer: "3: 5 seeds from house 3, last in your store: extra turn"),
// else the move's notation.
func moveWords(st core.State, m core.Move) string {
	if tr, ok := st.(core.Tracer); ok {
		return core.TraceWords(tr.Trace(m))
	}
	return st.MoveString(m)
}

func (s *session) play(m core.Move) {
	s.state.Play(m)
	s.history = append(s.history, m)
}

// command runs one line typed by a person; it reports whether to quit.
func (s *session) command(line string) (bool, error) {
	out := s.a.out
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
		return false, nil
	case "help", "?":
		fmt.Fprint(out, playHelp)
	case "quit", "exit", "q":
		return true, nil
	case "moves":
		fmt.Fprintln(out, "legal:", core.MovesString(s.state, s.state.LegalMoves(nil)))
	case "board":
		fmt.Fprint(out, s.state.Render(s.color))
	case "undo":
		n := len(s.history)
		if !s.undo() {
			return false, fmt.Errorf("nothing to undo")
		}
		fmt.Fprintf(out, "took back %s\n%s", plural(n-len(s.history), "move"), s.state.Render(s.color))
	case "redo":
		n := len(s.history)
		if !s.redoMove() {
			return false, fmt.Errorf("nothing to redo")
		}
		fmt.Fprintf(out, "played again %s\n%s", plural(len(s.history)-n, "move"), s.state.Render(s.color))
	case "hint":
		return false, s.hint()
	case "replay":
		return s.replayGame()
	case "draw":
		return false, s.offerDraw()
	case "save":
		if arg == "" {
			return false, fmt.Errorf("save: want a file name, e.g. save game.json")
		}
		if err := s.save(arg); err != nil {
			return false, err
		}
		fmt.Fprintln(out, "saved to", arg)
	default:
		m, err := core.ParsePlay(s.state, line)
		if err != nil {
			return false, fmt.Errorf("%w; type help for the commands", err)
		}
		s.redo = s.redo[:0]
		p := s.state.ToMove()
		text, words := s.state.MoveString(m), moveWords(s.state, m)
		s.play(m)
		if words != text {
			fmt.Fprintln(out, words)
		}
		fmt.Fprint(out, s.state.Render(s.color))
		s.again(p)
	}
	return false, nil
}

// undo takes back moves until a person is to move again (so against an agent it also
// takes back the agent's reply). The state is rebuilt by replaying the history.
func (s *session) undo() bool {
	return seat.Undo(&s.history, &s.redo, func(core.Move) bool {
		s.replay()
		return s.personToMove()
	})
}

// redoMove plays taken-back moves again until a person is to move.
func (s *session) redoMove() bool {
	return seat.Redo(&s.redo, func(m core.Move) bool {
		s.play(m)
		return s.personToMove()
	})
}

// personToMove reports whether a person is to move.
func (s *session) personToMove() bool {
	p := s.state.ToMove()
	return p >= 0 && s.seats[p].Human()
}

func (s *session) replay() {
	s.state = s.res.newState()
	for _, m := range s.history {
		s.state.Play(m)
	}
}

// save writes the game record (see core/record) of the game so far.
func (s *session) save(path string) error {
	return s.a.saveRecord(path, s.res, s.seats, s.history, s.state)
}

// maxLineBytes is the longest input line play reads; a longer one is refused whole
// (and reported), and the lines after it are read as usual.
const maxLineBytes = 4096

// inputLine is one line of a person's input.
type inputLine struct {
	text string // without the line ending
	n    int    // the line number, from 1
	long int    // the line's length when it is longer than maxLineBytes (text is then empty)
}

// readLines feeds the lines of in to a channel until in ends or ctx is cancelled.
func readLines(ctx context.Context, in *bufio.Reader) <-chan inputLine {
	ch := make(chan inputLine)
	go func() {
		defer close(ch)
		for n := 1; ; n++ {
			text, size, err := readLine(in, maxLineBytes)
			if err != nil && size == 0 {
				return
			}
			line := inputLine{text: text, n: n}
			if size > maxLineBytes {
				line = inputLine{n: n, long: size}
			}
			select {
			case ch <- line:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// readLine reads one line, keeping at most limit bytes of it (and a little more, to see
// a \r\n ending); size is the line's whole length without its ending, so size > limit
// marks a line too long. err is the reader's (io.EOF at the end).
func readLine(r *bufio.Reader, limit int) (text string, size int, err error) {
	var buf []byte
	newline := false
	for {
		chunk, e := r.ReadSlice('\n')
		size += len(chunk)
		if keep := limit + 2 - len(buf); keep > 0 {
			buf = append(buf, chunk[:min(keep, len(chunk))]...)
		}
		if e == bufio.ErrBufferFull {
			continue
		}
		err = e
		newline = e == nil
		break
	}
	if newline {
		size--
		buf = buf[:len(buf)-min(1, len(buf))]
	}
	if len(buf) > 0 && buf[len(buf)-1] == '\r' && size <= limit+1 {
		size--
		buf = buf[:len(buf)-1]
	}
	if size > limit {
		return "", size, err
	}
	return string(buf), size, err
}

// hint asks an agent for the move it would play here and says how it values it.
func (s *session) hint() error {
	spec := seat.HintSpec(s.res.game) // a person is to move
	ag, err := ai.New(spec, 1)
	if err != nil {
		return err
	}
	m, err := ag.SelectMove(context.Background(), s.state)
	if err != nil {
		return fmt.Errorf("hint: %w", err)
	}
	msg := fmt.Sprintf("hint: %s (%s).", s.state.MoveString(m), spec)
	if ex, ok := ag.(ai.Explainer); ok {
		msg += " " + seat.Explain(ex.LastSearch(), spec.Agent, s.state.ToMove(), seat.Units(s.res.variant.Base))
	}
	fmt.Fprintln(s.a.out, msg)
	return nil
}

// replayGame steps through the game so far from the start, one move per line of input.
func (s *session) replayGame() (bool, error) {
	out := s.a.out
	r := s.res.newState()
	fmt.Fprintf(out, "replay of %d moves: Enter shows the next, q stops\n%s", len(s.history), r.Render(s.color))
	for i, m := range s.history {
		line, ok := <-s.lines
		if !ok {
			return true, nil
		}
		if strings.HasPrefix(strings.TrimSpace(strings.ToLower(line.text)), "q") {
			break
		}
		fmt.Fprintf(out, "move %d: %v plays %s\n", i+1, r.ToMove(), moveWords(r, m))
		r.Play(m)
		fmt.Fprint(out, r.Render(s.color))
	}
	fmt.Fprintln(out, "end of replay; back to the game")
	fmt.Fprint(out, s.state.Render(s.color))
	return false, nil
}

// drawer is a game where the players may agree a draw.
type drawer interface {
	AgreeDraw()
}

// offerDraw asks the other seat: a person answers y or n, an agent accepts only when
// its own search says it is worse off.
func (s *session) offerDraw() error {
	d, ok := s.state.(drawer)
	if !ok {
		return fmt.Errorf("draw: %s has no draw by agreement", s.res.variant.Name)
	}
	me := s.state.ToMove()
	accepted := true
	for p, st := range s.seats {
		if core.Player(p) == me {
			continue
		}
		if st.Human() {
			fmt.Fprintf(s.a.out, "seat %d, %v offers a draw: accept? [y/N] ", p+1, me)
			line, ok := <-s.lines
			accepted = accepted && ok && strings.HasPrefix(strings.ToLower(strings.TrimSpace(line.text)), "y")
			continue
		}
		accepted = accepted && s.agentAccepts(core.Player(p))
	}
	if !accepted {
		fmt.Fprintln(s.a.out, "the draw is declined")
		return nil
	}
	d.AgreeDraw()
	fmt.Fprintln(s.a.out, "the players agree a draw")
	return nil
}

// agentAccepts lets seat p's side judge a draw offer: accepted when a short search
// values the position below zero for p.
func (s *session) agentAccepts(p core.Player) bool {
	c := s.state.Clone()
	ag, err := ai.New(seat.HintSpec(s.res.game), 7) // a person (who offered) is to move
	if err != nil {
		return false
	}
	if _, err := ag.SelectMove(context.Background(), c); err != nil {
		return false
	}
	ex, ok := ag.(ai.Explainer)
	if !ok {
		return false
	}
	v := ex.LastSearch().Value // for the player to move, who offered
	return v > 0 && p != s.state.ToMove()
}
