package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/core"
)

// session is one game of play: the history with a redo stack, and the loop that asks
// people for moves and lets agents reply.
type session struct {
	a     *app
	res   *resolved
	seats []seat
	state core.State
	color bool
	rng   *rand.Rand // chance nodes

	history []core.Move
	redo    []core.Move
	lines   <-chan string
}

const playHelp = `commands:
  <move>      play a move (the legal moves are listed under the board)
  moves       list the legal moves
  undo        take back your last move (and the agents' replies since)
  redo        play a taken-back move again
  board       draw the board again
  save FILE   write the game so far to FILE (replay it with the command inside)
  help        this text
  quit        leave the game
`

// run plays until the game ends, the input ends or the user quits.
func (s *session) run(ctx context.Context) error {
	s.lines = readLines(ctx, s.a.input())
	out := s.a.out
	allAgents := true
	for _, st := range s.seats {
		allAgents = allAgents && !st.human()
	}
	if allAgents && s.a.json {
		for s.state.ToMove() != core.Terminal {
			if err := s.step(ctx, false); err != nil {
				return err
			}
		}
		return s.a.printPosition(s.res, s.state, len(s.history), false)
	}
	fmt.Fprintf(out, "%s: %s\n", s.res.variant.Name, s.res.variant.Summary)
	for i, st := range s.seats {
		fmt.Fprintf(out, "seat %d: %s\n", i+1, st.spec)
	}
	if !allAgents {
		fmt.Fprintln(out, `type a move, or "help" for the commands`)
	}
	fmt.Fprint(out, "\n", s.state.Render(s.color))
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := s.state.ToMove()
		if p == core.Terminal {
			fmt.Fprintln(out, statusLine(s.state))
			return nil
		}
		if p == core.Chance || !s.seats[p].human() {
			if err := s.step(ctx, true); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(out, "%v to move; legal: %s\n%v> ", p, core.MovesString(s.state, s.state.LegalMoves(nil)), p)
		var line string
		var ok bool
		select {
		case line, ok = <-s.lines:
		case <-ctx.Done():
			return ctx.Err()
		}
		if !ok {
			fmt.Fprintln(out, "\ninput ended; position:", s.state)
			return nil
		}
		quit, err := s.command(strings.TrimSpace(line))
		if err != nil {
			fmt.Fprintln(out, err)
		}
		if quit {
			fmt.Fprintln(out, "position:", s.state)
			return nil
		}
	}
}

// step lets an agent (or the dice) move, printing the move when verbose.
func (s *session) step(ctx context.Context, verbose bool) error {
	p := s.state.ToMove()
	var m core.Move
	who := "chance"
	if p == core.Chance {
		outs := s.state.ChanceOutcomes(nil)
		x := s.rng.Float64()
		m = outs[len(outs)-1].Move
		for _, o := range outs {
			if x -= o.Prob; x < 0 {
				m = o.Move
				break
			}
		}
	} else {
		var err error
		if m, err = s.seats[p].agent.SelectMove(ctx, s.state); err != nil {
			return fmt.Errorf("%v (%s): %w", p, s.seats[p].spec, err)
		}
		who = fmt.Sprintf("%v (%s)", p, s.seats[p].spec)
	}
	text := s.state.MoveString(m)
	s.play(m)
	if verbose {
		fmt.Fprintf(s.a.out, "%s plays %s\n%s", who, text, s.state.Render(s.color))
	}
	return nil
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
		if !s.undo() {
			return false, fmt.Errorf("nothing to undo")
		}
		fmt.Fprint(out, s.state.Render(s.color))
	case "redo":
		if !s.redoMove() {
			return false, fmt.Errorf("nothing to redo")
		}
		fmt.Fprint(out, s.state.Render(s.color))
	case "save":
		if arg == "" {
			return false, fmt.Errorf("save: want a file name, e.g. save game.txt")
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
		s.play(m)
		fmt.Fprint(out, s.state.Render(s.color))
	}
	return false, nil
}

// undo takes back moves until a person is to move again (so against an agent it also
// takes back the agent's reply). The state is rebuilt by replaying the history.
func (s *session) undo() bool {
	if len(s.history) == 0 {
		return false
	}
	for len(s.history) > 0 {
		last := s.history[len(s.history)-1]
		s.history = s.history[:len(s.history)-1]
		s.redo = append(s.redo, last)
		s.replay()
		if p := s.state.ToMove(); p >= 0 && s.seats[p].human() {
			break
		}
	}
	return true
}

// redoMove plays taken-back moves again until a person is to move.
func (s *session) redoMove() bool {
	if len(s.redo) == 0 {
		return false
	}
	for len(s.redo) > 0 {
		m := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		s.play(m)
		if p := s.state.ToMove(); p >= 0 && s.seats[p].human() {
			break
		}
	}
	return true
}

func (s *session) replay() {
	s.state = s.res.game.NewState()
	for _, m := range s.history {
		s.state.Play(m)
	}
}

// save writes the game as a small text record with the command that replays it.
func (s *session) save(path string) error {
	r := s.res.game.NewState()
	moves := make([]string, len(s.history))
	for i, m := range s.history {
		moves[i] = r.MoveString(m)
		r.Play(m)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# kalahlab game record; replay it with:\n#   kalahlab play --variant %s", s.res.variant.Name)
	for _, k := range s.res.variant.Params.Names() {
		fmt.Fprintf(&b, " --set %s=%v", k, s.res.variant.Params[k])
	}
	fmt.Fprintf(&b, " --moves %s\n", strings.Join(moves, ","))
	fmt.Fprintf(&b, "variant: %s\nmoves: [%s]\nposition: %s\n", strconv.Quote(s.res.variant.Name), strings.Join(moves, ", "), strconv.Quote(s.state.String()))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

// readLines feeds the lines of in to a channel until in ends or ctx is cancelled.
func readLines(ctx context.Context, in interface{ Read([]byte) (int, error) }) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case ch <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}
