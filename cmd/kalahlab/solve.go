package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai/endgame"
	"github.com/kalahlab/kalahlab/ai/solve"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

func newSolveCmd(a *app) *cobra.Command {
	var ttMB int
	var limit time.Duration
	var from, endgame, endgameDir, method string
	var positions int
	var threads int
	var nodes int64
	cmd := &cobra.Command{
		Use:   "solve",
		Short: "Prove the game-theoretic value of a small variant",
		Long: `Prove the value of a two-player deterministic variant under perfect play, Lua
variants included: for Kalah the first player's final store margin when both players
maximise their own margin (the pie rule, extra turns and every knob respected); for
the other games a win, draw or loss for the first player. Prints the value, the best
first move, a principal variation, the nodes searched and the time.

The search is MTD(f): null-window alpha-beta searches converging on the value, with a
transposition table of value bounds and, for Kalah, pruning by the seeds still in play
(captured seeds never return), moves ordered by immediate gain, a table of
cache-line buckets in 2 MB pages, a first guess from a short heuristic search on big
boards, and one search thread per core sharing the table (--threads; with more than
one, node counts vary between runs but values never do).

Kalah also uses a complete endgame database: the exact value of every configuration
of the houses with up to N seeds in them, whatever the stores hold. It depends only
on the houses a side and the capture and end rules, so one database serves every
starting seed count; it is built once (on all cores) and kept in --endgame-dir. By
default (--endgame auto) it is used for positions with 44 or more seeds in houses,
with the largest N whose levels fit in 256 MB: 20 seeds for 6 houses a side, built
in 15-30 s on two cores the first time. With it Kalah(6,4) takes 4-5 s on two
cores and 1.3 GB; without it (--endgame off), 13-18 s.

A Lua hook that fails during the search (an error, seeds not conserved, a bad return
value, an endless loop stopped after 250 ms) fails the solve at once with the hook's
error (script, line and hook) and exit status 3: there is no value of a game that
ends by an error. Ctrl-C or SIGTERM stops a solve, slow hooks included.

A mancala game whose repetition rule scores every endless cycle alike (the seeds left
split evenly, as in Um el Tuweisat and most of the catalogue) is solved by retrograde
analysis (--method auto, the default): every position reachable from the start is
listed (up to --positions), and values are found from the ends back, a cycle scoring
what the rule gives it; the value is the same as under the rule itself, where a search
would have to tell positions apart by their histories. Games with more positions are
searched. --method search and --method retrograde force one or the other; the notes
under the value say what it rests on (a ply limit set aside, say).`,
		Example: `  kalahlab solve --variant kalah --set houses=4 --set seeds=3
  kalahlab solve --set empty_capture=false --json
  kalahlab solve --set seeds=3 --endgame 20
  kalahlab solve --variant tictactoe --set rows=4 --set cols=4 --set k=3 --json
  kalahlab solve --variant my-rules.lua --time 10m
  kalahlab solve --set seeds=3 --threads 1 --nodes 50000000
  kalahlab solve --variant mancala/um-el-tuweisat --method retrograde`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			// A game of its own whose Lua hooks the context interrupts: Ctrl-C stops
			// a solve at once, slow hooks included.
			game, err := res.variant.NewGameContext(cmd.Context())
			if err != nil {
				return err
			}
			st := game.NewState()
			if from != "" {
				if st, err = game.ParseState(from); err != nil {
					return fmt.Errorf("--from: %w", err)
				}
			}
			egSeeds, err := parseEndgame(endgame)
			if err != nil {
				return err
			}
			if threads < 0 {
				return fmt.Errorf("--threads: want 0 (one per core) or more, got %d", threads)
			}
			if nodes < 0 {
				return fmt.Errorf("--nodes: want 0 (no limit) or more, got %d", nodes)
			}
			if !slices.Contains(solve.Methods, method) {
				return fmt.Errorf("--method: want one of %s, got %q", strings.Join(solve.Methods, ", "), method)
			}
			if positions < 0 {
				return fmt.Errorf("--positions: want 0 (the default, 5000000) or more, got %d", positions)
			}
			sol, err := solve.Solve(cmd.Context(), st, solve.Options{TTMB: ttMB, Time: limit, Nodes: nodes,
				EndgameDir: endgameDir, EndgameSeeds: egSeeds, Threads: threads, Log: a.errOut,
				Method: method, MaxPositions: positions})
			if errors.Is(err, solve.ErrGameStopped) {
				return withCode(exitFailed, err) // a hook failed: the variant, not the solve
			}
			if errors.Is(err, solve.ErrNotMancala) {
				return notMancala(res.variant, res.cfg.Scripts)
			}
			if err != nil {
				return err
			}
			pv := make([]string, len(sol.PV))
			c := st.Clone()
			for i, m := range sol.PV {
				pv[i] = c.MoveString(m)
				c.Play(m)
			}
			best := ""
			if len(sol.PV) > 0 {
				best = pv[0]
			}
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]any{
					"variant": res.variant.Name, "value": sol.Margin, "result": sol.Result,
					"best_move": best, "pv": pv, "nodes": sol.Nodes, "seconds": sol.Seconds,
					"endgame_seeds": sol.EndgameSeeds, "method": sol.Method, "notes": sol.Notes,
				})
			}
			unit := ""
			if _, ok := st.(core.Scorer); ok {
				unit = " (the first player's final margin)"
			}
			fmt.Fprintf(a.out, "%s: %s for the first player, value %+g%s\n", res.variant.Name, sol.Result, sol.Margin, unit)
			fmt.Fprintf(a.out, "best first move: %s\n", best)
			fmt.Fprintf(a.out, "principal variation: %v\n", pv)
			what := "nodes"
			if sol.Method == solve.MethodRetrograde {
				what = "positions"
			}
			fmt.Fprintf(a.out, "%d %s in %.3f s\n", sol.Nodes, what, sol.Seconds)
			for _, n := range sol.Notes {
				fmt.Fprintf(a.out, "note: %s\n", n)
			}
			if sol.EndgameSeeds > 0 {
				fmt.Fprintf(a.out, "endgame database: up to %d seeds in houses\n", sol.EndgameSeeds)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&ttMB, "tt", 1024, "transposition table size in MB (pages are taken as the search fills them)")
	cmd.Flags().DurationVar(&limit, "time", 0, "give up after this long (0: no limit)")
	cmd.Flags().Int64Var(&nodes, "nodes", 0, "give up after about this many nodes (0: no limit); with --threads 1 the outcome is the same on every run and machine")
	cmd.Flags().StringVar(&method, "method", solve.MethodAuto, "how to prove the value: auto, search (MTD(f)) or retrograde (every position of a mancala game, for repetition rules)")
	cmd.Flags().IntVar(&positions, "positions", 0, "most positions a retrograde analysis may hold (0: 5000000, about 1 GB)")
	cmd.Flags().StringVar(&from, "from", "", "solve this position string instead of the start")
	cmd.Flags().IntVar(&threads, "threads", 0, "search threads sharing the table (0: one per core; 1: the same node counts every run)")
	cmd.Flags().StringVar(&endgame, "endgame", "auto", "Kalah endgame database: auto, off, or the most seeds in houses it covers")
	cmd.Flags().StringVar(&endgameDir, "endgame-dir", defaultEndgameDir(), "where Kalah endgame databases are kept between runs (\"\": in memory only)")
	return cmd
}

// parseEndgame reads --endgame: auto (0), off (-1) or a number of seeds.
func parseEndgame(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "auto", "":
		return 0, nil
	case "off", "none", "0":
		return -1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 127 {
		return 0, fmt.Errorf("--endgame: want auto, off or a number of seeds from 1 to 127, got %q", s)
	}
	return n, nil
}

// defaultEndgameDir is the user's cache directory for endgame databases, "" when the
// system names none (the same place a study's solves use).
func defaultEndgameDir() string { return endgame.DefaultDir() }

// notMancala says, in words, why --method retrograde refuses a variant and which
// variants it works on: those of the mancala base game, the one of the same name first.
func notMancala(v *variants.Variant, scripts string) error {
	opt := variants.Options{ScriptsDir: scripts}
	if scripts == "" {
		opt = variants.EnvOptions()
	}
	names, same := 0, ""
	leaf := v.Name[strings.LastIndex(v.Name, "/")+1:]
	for _, o := range variants.List(opt) {
		if o.Base != "mancala" {
			continue
		}
		names++
		if o.Name == "mancala/"+leaf {
			same = o.Name
		}
	}
	what := fmt.Sprintf("%s is a variant of the %s base game", v.Name, v.Base)
	if v.Name == v.Base {
		what = fmt.Sprintf("%s is a base game of its own", v.Name)
	}
	msg := fmt.Sprintf("--method retrograde: %s, and retrograde analysis works only on the variants of the mancala base game (%d of them, such as mancala/um-el-tuweisat; `kalahlab variants list` shows them under [mancala])",
		what, names)
	if same != "" {
		msg += fmt.Sprintf("; the mancala base game's own %s is --variant %s", leaf, same)
	}
	return errors.New(msg + "; or solve " + v.Name + " with --method search (or auto)")
}
