package run

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

// panickyGame is a game whose states panic when a move is played (a stand-in for a
// failing hook or agent that panics instead of returning an error).
type panickyGame struct{ core.Game }

func (g panickyGame) NewState() core.State { return panickyState{g.Game.NewState()} }

type panickyState struct{ core.State }

func (panickyState) Play(core.Move) { panic("boom") }

// TestPanicFailsOneTrial: a panic while a trial is played fails that trial only (a
// record with the error and zero returns), or, once the run is cancelled, is no result
// (errStopped); either way the cell's game is dropped and the next trial builds it
// afresh.
func TestPanicFailsOneTrial(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cancel  bool
		wantErr error
	}{
		{name: "a panic fails the trial", wantErr: nil},
		{name: "a panic after a cancellation is no result", cancel: true, wantErr: errStopped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := benchStudy(t, "kalah", "random", 10)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p := newPlayer(ctx, s, true)
			r, err := p.runner(0)
			require.NoError(t, err)
			r.game, r.reset, r.state = panickyGame{r.game}, nil, nil
			if tc.cancel {
				cancel()
			}

			var rec Record
			err = p.play(0, 0, &rec)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
			} else {
				require.NoError(t, err)
				assert.Equal(t, "panic: boom", rec.Error)
				assert.Equal(t, []float64{0, 0}, rec.Returns)
			}
			assert.NotContains(t, p.cells, 0, "the game is built afresh for the next trial")

			if tc.cancel {
				return
			}
			require.NoError(t, p.play(0, 1, &rec))
			assert.Empty(t, rec.Error)
			assert.Positive(t, rec.Plies)
		})
	}
}
