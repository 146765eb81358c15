package run

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kalahlab/kalahlab/experiments/plan"

	"github.com/kalahlab/kalahlab/core"
)

// LoadPlan reads the plan of an output directory (finished or not, a shard or a
// merge); with only shard directories inside, it reads the first shard's.
func LoadPlan(dir string) (*Manifest, error) {
	var m Manifest
	err := readJSON(filepath.Join(dir, ManifestFile), &m)
	if errors.Is(err, os.ErrNotExist) {
		subs, _ := filepath.Glob(filepath.Join(dir, "shard-*-of-*", ManifestFile))
		if len(subs) == 0 {
			return nil, fmt.Errorf("%s: no %s: not a kalahlab results directory", dir, ManifestFile)
		}
		err = readJSON(subs[0], &m)
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Step is one ply of a replayed game: who moved, the move, and the position after it.
type Step struct {
	Ply      int         `json:"ply"`
	Player   core.Player `json:"player"` // the seat, or -1 for a chance outcome
	Move     string      `json:"move"`
	Position string      `json:"position"`
	state    core.State
}

// State returns the position after the step.
func (s Step) State() core.State { return s.state }

// Replay plays a trial's logged moves again through its cell's variant and returns the
// start position and each step. A move the game does not accept is an error (the
// variant's rules changed, or the log is not of this study).
func Replay(s *plan.Study, rec *Record) (core.State, []Step, error) {
	if rec.Cell < 0 || rec.Cell >= s.Cells() {
		return nil, nil, fmt.Errorf("trial %d: cell %d out of range 0..%d", rec.Trial, rec.Cell, s.Cells()-1)
	}
	g, err := s.Variants[rec.Cell].NewGame()
	if err != nil {
		return nil, nil, err
	}
	st := g.NewState()
	start := st.Clone()
	var steps []Step
	var legal []core.Move
	var outs []core.Outcome
	for i, mv := range rec.Moves {
		m := core.Move(mv)
		who := st.ToMove()
		switch who {
		case core.Terminal:
			return start, steps, fmt.Errorf("trial %d: ply %d: the game is over but the log goes on", rec.Trial, i+1)
		case core.Chance:
			outs = st.ChanceOutcomes(outs[:0])
			ok := false
			for _, o := range outs {
				ok = ok || o.Move == m
			}
			if !ok {
				return start, steps, fmt.Errorf("trial %d: ply %d: %d is not a chance outcome here", rec.Trial, i+1, mv)
			}
		default:
			legal = st.LegalMoves(legal[:0])
			if !contains(legal, m) {
				return start, steps, fmt.Errorf("trial %d: ply %d: move %s is illegal here (legal: %s)", rec.Trial, i+1, st.MoveString(m), core.MovesString(st, legal))
			}
		}
		text := st.MoveString(m)
		st.Play(m)
		steps = append(steps, Step{Ply: i + 1, Player: who, Move: text, Position: st.String(), state: st.Clone()})
	}
	return start, steps, nil
}
