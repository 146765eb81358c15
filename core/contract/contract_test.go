package contract_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/contract"
	"github.com/kalahlab/kalahlab/core/ludo"
	"github.com/kalahlab/kalahlab/core/tictactoe"
)

func games(t *testing.T) map[string]core.Game {
	t.Helper()
	ttt, err := tictactoe.New("tictactoe", tictactoe.DefaultRules())
	require.NoError(t, err)
	lg, err := ludo.New("ludo", ludo.DefaultRules())
	require.NoError(t, err)
	return map[string]core.Game{"tictactoe": ttt, "ludo": lg}
}

func TestSimOneKeepsTheContract(t *testing.T) {
	for name, g := range games(t) {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 5; seed++ {
				require.NoError(t, contract.SimOne(g, seed, contract.Options{}), "seed %d", seed)
			}
		})
	}
}

func TestOptionsDefaults(t *testing.T) {
	var o contract.Options
	o.Defaults()
	assert.Equal(t, contract.Options{Games: 20, Seed: 1, MaxPlies: 100000, MinReturn: -1, MaxReturn: 1}, o)
	o = contract.Options{Games: 3, Seed: 9, MaxPlies: 7, MinReturn: 0, MaxReturn: 2}
	want := o
	o.Defaults()
	assert.Equal(t, want, o, "set fields are kept")
}

// faultGame wraps a game so that its states break one part of the contract.
type faultGame struct {
	core.Game
	fault string
}

func (g faultGame) NewState() core.State { return &faultState{g.Game.NewState(), g.fault} }

func (g faultGame) ParseState(text string) (core.State, error) {
	s, err := g.Game.ParseState(text)
	if err != nil {
		return nil, err
	}
	return &faultState{s, g.fault}, nil
}

type faultState struct {
	core.State
	fault string
}

func (s *faultState) LegalMoves(dst []core.Move) []core.Move {
	switch s.fault {
	case "unordered":
		n := len(dst)
		dst = s.State.LegalMoves(dst)
		if len(dst)-n > 1 {
			dst[n], dst[n+1] = dst[n+1], dst[n]
		}
		return dst
	case "no append":
		return s.State.LegalMoves(nil)
	}
	return s.State.LegalMoves(dst)
}

func (s *faultState) ChanceOutcomes(dst []core.Outcome) []core.Outcome {
	dst = s.State.ChanceOutcomes(dst)
	if s.fault == "chance sum" && len(dst) > 0 {
		dst[0].Prob *= 2
	}
	return dst
}

func (s *faultState) Clone() core.State {
	c := &faultState{s.State.Clone(), s.fault}
	if s.fault == "clone" && s.ToMove() != core.Terminal {
		c.State.Play(c.State.LegalMoves(nil)[0])
	}
	return c
}

func (s *faultState) String() string {
	if s.fault == "string" {
		return s.State.String() + " x"
	}
	return s.State.String()
}

func (s *faultState) ParseMove(text string) (core.Move, error) {
	if s.fault == "notation" {
		return 0, errors.New("no notation")
	}
	return s.State.ParseMove(text)
}

func (s *faultState) Returns(dst []float64) []float64 {
	dst = s.State.Returns(dst)
	if s.fault == "returns" && s.ToMove() == core.Terminal {
		dst[0] = 5
	}
	return dst
}

func (s *faultState) ToMove() core.Player {
	if s.fault == "seat" {
		return 7
	}
	return s.State.ToMove()
}

func TestSimOneFindsBrokenContracts(t *testing.T) {
	gs := games(t)
	cases := []struct {
		game, fault, want string
		opt               contract.Options
	}{
		{"tictactoe", "seat", "ToMove 7: not a seat", contract.Options{}},
		{"tictactoe", "unordered", "not ascending", contract.Options{}},
		{"tictactoe", "no append", "does not append to dst", contract.Options{}},
		{"ludo", "chance sum", "chance probabilities sum to", contract.Options{}},
		{"tictactoe", "notation", "reads back as", contract.Options{}},
		{"tictactoe", "clone", "clone reads", contract.Options{}},
		{"tictactoe", "string", "position string", contract.Options{}},
		{"tictactoe", "returns", "outside [-1, 1]", contract.Options{}},
		{"tictactoe", "", "invariant: no fours", contract.Options{Invariant: func(core.State) error { return errors.New("no fours") }}},
		{"tictactoe", "", "no end after 3 plies", contract.Options{MaxPlies: 3}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s", c.game, c.want), func(t *testing.T) {
			g := faultGame{gs[c.game], c.fault}
			err := contract.SimOne(g, 1, c.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestSimOneNoRoundTripSkipsTheParse(t *testing.T) {
	g := faultGame{games(t)["tictactoe"], "string"}
	err := contract.SimOne(g, 1, contract.Options{NoRoundTrip: true})
	// The replay check still compares the two strings, which agree, so the game passes.
	require.NoError(t, err)
}

func TestCheckStepLeavesTheStateAlone(t *testing.T) {
	g := games(t)["ludo"]
	s := g.NewState()
	for i := 0; i < 30 && s.ToMove() != core.Terminal; i++ {
		before := s.String()
		require.NoError(t, contract.CheckStep(g, s, contract.Options{}))
		require.Equal(t, before, s.String())
		s.Play(s.LegalMoves(nil)[0])
	}
}

func TestSimOneNamesTheMoves(t *testing.T) {
	g := faultGame{games(t)["tictactoe"], ""}
	err := contract.SimOne(g, 1, contract.Options{Invariant: func(s core.State) error {
		if strings.Count(s.String(), "x")+strings.Count(s.String(), "X") >= 2 {
			return errors.New("two crosses")
		}
		return nil
	}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "after moves ")
}
