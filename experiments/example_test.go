package experiments_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/viper"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/experiments"
)

// Run a small study from Go: a YAML study (here written to a temporary file), planned
// by experiments.New, played by Run on two workers (the counts are the same on any
// number), and read cell by cell. experiments.Summarize and WriteReports turn the
// result into the tables and reports `kalahlab experiment run` prints and writes.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "study")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "study.yaml")
	_ = os.WriteFile(path, []byte(`name: small
variants:
  - { variant: kalah, params: { houses: 4, seeds: 3 } }
  - { variant: kalah/pie, label: pie, params: { houses: 4, seeds: 3 } }
agents: { agent: random }
games: 2000
seed: 1
`), 0o644)
	cfg, err := config.LoadExperiment(viper.New(), path)
	if err != nil {
		panic(err)
	}
	study, err := experiments.New(cfg)
	if err != nil {
		panic(err)
	}
	res, err := experiments.Run(context.Background(), study, experiments.Options{Workers: 2})
	if err != nil {
		panic(err)
	}
	for i, c := range res.Cells {
		first := c.Stats.Seats[0]
		fmt.Printf("%-5s %d games: first seat won %d, drew %d, lost %d\n",
			res.Plan().Cells[i].Label, c.Stats.Trials, first.Wins, first.Draws, first.Losses)
	}
	// Output:
	// kalah 2000 games: first seat won 977, drew 176, lost 847
	// pie   2000 games: first seat won 907, drew 190, lost 903
}
