package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments"
)

func newTournamentCmd(a *app) *cobra.Command {
	var agents, formats []string
	var out, name string
	var games, workers, maxPlies, opening int
	var epsilon float64
	r := runFlags{run: "tournament", unit: "games"}
	cmd := &cobra.Command{
		Use:   "tournament",
		Short: "Play a round robin between agents on a variant and rate them (Elo with intervals)",
		Long: `Play a round robin between agents on one variant and rate them: every pair of
agents meets for --games games, the seats rotated from game to game (each agent plays
each seat equally often: the games are rounded up to a whole rotation); the pie rule
and dice are played as in any study. The result is a ranking with Bradley–Terry
ratings on the Elo scale (a 100-point gap is a 64% expected score, the agents' mean
is 0) and their 95% intervals, and a win matrix: the row's score (wins + draws/2)
against the column. Two agents whose intervals do not overlap are told apart; when
they overlap, play more games.

The variant is chosen as for play: --variant, --set, -c FILE. A game of more than two
seats (4-player Ludo) needs at least as many agents as seats: every combination of
that many agents meets, each on one seat, and each game counts as its winner's
pairwise wins over the others (players tied for first draw with each other).

--agents takes a comma-separated list (or repeat the flag); an agent's own options
follow it: "alphabeta:depth=4,tt=1,mcts:iterations=500" is two agents. An agent
named twice is numbered: alphabeta:depth=4#2. Agents that cannot play the variant
(dice, too many seats) are refused before any game.

The search agents (minimax, negamax, alphabeta, negascout, expectiminimax) use no
randomness: two of them on a game without dice play the same game every time they
sit the same way round, and their results would count a couple of games many times.
--random-opening N (the first N moves of every game are random) varies the games;
the standings carry a note when a pairing needs it.

A tournament is a study whose cells are its pairings, and runs like one: the same seed
gives the same games whatever --workers; --out DIR keeps the trial log, the counts and
the reports (table.txt, results.csv, results.json, report.html, with the standings
in standings.csv, pairings.csv and standings.json); --resume continues an interrupted
run; --shard i/n runs a slice, and "kalahlab experiment merge" combines the slices.
"kalahlab experiment report DIR" prints the standings again, "kalahlab replay DIR
--trial N" replays a game.

Failed games (a Lua hook error, an agent error) are not counted; a meeting with more
of them than --max-failures allows (by default any) is left out of the standings, and
the command ends with exit code 4 after writing every report, unless
--allow-failures.`,
		Example: `  kalahlab tournament --agents random,greedy,alphabeta:depth=4,mcts:iterations=2000
  kalahlab tournament --variant kalah --set houses=4 --set seeds=3 --agents greedy,alphabeta:depth=2,alphabeta:depth=6 --games 400
  kalahlab tournament --variant kalah/pie --agents alphabeta:depth=4,alphabeta:depth=4,mcts:iterations=500 --out results/t1
  kalahlab tournament --variant ludo --agents random,greedy,mcts:iterations=200,expectiminimax:depth=2 --games 200
  kalahlab tournament --agents random,greedy,alphabeta:depth=6 --games 2000 --out results/t2 --shard 3/8
  kalahlab experiment merge results/t2/shard-*
  kalahlab tournament --out results/t1 --resume`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := config.CheckFormats(formats); err != nil {
				return err
			}
			sh, err := experiments.ParseShard(r.shard, os.Getenv)
			if err != nil {
				return err
			}
			dir, err := r.dir(out, sh, "--out")
			if err != nil {
				return err
			}
			tc := experiments.TournamentConfig{Name: name, Games: games, MaxPlies: maxPlies, RandomOpening: opening, Epsilon: epsilon}
			if cmd.Flags().Changed("max-failures") {
				text, _ := cmd.Flags().GetString("max-failures")
				if tc.MaxFailures, err = config.ParseFailureLimit(text); err != nil {
					return fmt.Errorf("--max-failures: %w", err)
				}
			}
			logAs, err := experiments.ParseLogFormat(r.logFormat)
			if err != nil {
				return fmt.Errorf("--log: %w", err)
			}
			study, err := a.tournamentStudy(cmd, dir, agents, r.resume, tc)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("max-failures") {
				study.Plan.MaxFailures = tc.MaxFailures // it judges the meetings, not the games
			}
			return a.runStudy(cmd, study, &r, studyRun{
				opt:     experiments.Options{Workers: workers, Shard: sh, Dir: dir, Trials: dir != "" && !r.noTrials, Log: logAs},
				out:     out,
				formats: formats,
				resumeCommand: func(*experiments.Result) string {
					return tournamentResume(out, sh)
				},
			})
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&agents, "agents", nil, "the agents, a comma-separated `LIST` of specs such as random,greedy,alphabeta:depth=4 (repeatable)")
	f.IntVar(&games, "games", experiments.DefaultTournamentGames, "games per pairing (rounded up to a whole rotation of the seats)")
	f.IntVar(&workers, "workers", 0, workersUsage)
	f.IntVar(&maxPlies, "max-plies", 5000, "a game still going after this many plies is a draw (a timeout)")
	f.IntVar(&opening, "random-opening", 0, "the first `N` decisions of each game are random moves (variety between games)")
	f.Float64Var(&epsilon, "epsilon", 0, "each agent move is a random one with this probability")
	f.StringVar(&name, "name", "", "a name for the reports (default \"tournament on VARIANT\")")
	f.StringVar(&out, "out", "", outUsage)
	f.StringSliceVar(&formats, "format", config.DefaultExperimentFormats, formatUsage)
	r.add(f, "")
	return cmd
}

// tournamentStudy builds the tournament from the flags and the game config, or, with
// --resume and no --agents, takes it from the manifest in dir.
func (a *app) tournamentStudy(cmd *cobra.Command, dir string, agentFlags []string, resume bool, tc experiments.TournamentConfig) (*experiments.Study, error) {
	if resume && len(agentFlags) == 0 {
		m, err := experiments.LoadPlan(dir)
		if err != nil {
			return nil, fmt.Errorf("--resume: %w", err)
		}
		if m.Plan.Tournament == nil {
			return nil, fmt.Errorf("--resume: %s holds a study, not a tournament: continue it with `%s`", dir, experiments.ResumeCommand(dir, m))
		}
		fmt.Fprintf(a.errOut, "resuming %s in %s\n", m.Plan.Name, dir)
		return experiments.FromPlan(m.Plan)
	}
	var specs []ai.Spec
	for _, list := range agentFlags {
		texts, err := splitAgents(list)
		if err != nil {
			return nil, err
		}
		for _, text := range texts {
			s, err := ai.ParseSpec(text)
			if err != nil {
				return nil, fmt.Errorf("--agents: %w", err)
			}
			specs = append(specs, s)
		}
	}
	if len(specs) < 2 {
		return nil, fmt.Errorf("--agents: %d given: a tournament needs at least two agents, such as --agents random,greedy,alphabeta:depth=4", len(specs))
	}
	noteTimeBudget(a.errOut, specs)
	res, err := a.loadGame()
	if err != nil {
		return nil, err
	}
	params := map[string]any{}
	for _, k := range res.variant.Params.Names() {
		if fmt.Sprint(res.plain.Params[k]) != fmt.Sprint(res.variant.Params[k]) {
			params[k] = res.variant.Params[k]
		}
	}
	tc.Variant, tc.HouseRules, tc.Params, tc.Scripts = res.lookup, res.cfg.HouseRules, params, res.cfg.Scripts
	tc.Agents, tc.Seed = specs, res.cfg.Seed
	if tc.Games < 1 {
		return nil, fmt.Errorf("--games %d: want at least 1 per pairing", tc.Games)
	}
	return experiments.NewTournament(tc)
}

// splitAgents splits a comma-separated list of agent specs. A piece with "=" and no
// ":" is an option of the agent before it: "alphabeta:depth=4,tt=1,greedy" is
// alphabeta:depth=4,tt=1 and greedy.
func splitAgents(list string) ([]string, error) {
	var out []string
	for _, piece := range strings.Split(list, ",") {
		piece = strings.TrimSpace(piece)
		switch {
		case piece == "":
			return nil, fmt.Errorf("--agents %q: an empty agent (two commas, or one at an end)", list)
		case strings.Contains(piece, "=") && !strings.Contains(piece, ":"):
			if len(out) == 0 {
				return nil, fmt.Errorf("--agents %q: option %q comes before any agent (want name:key=value)", list, piece)
			}
			out[len(out)-1] += "," + piece
		default:
			out = append(out, piece)
		}
	}
	return out, nil
}

// tournamentResume is the command that continues an interrupted tournament.
func tournamentResume(out string, sh experiments.Shard) string {
	if strings.Trim(out, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+=,-") != "" {
		out = "'" + strings.ReplaceAll(out, "'", `'\''`) + "'"
	}
	cmd := "kalahlab tournament --resume --out " + out
	if !sh.Whole() {
		cmd += " --shard " + sh.String()
	}
	return cmd
}
