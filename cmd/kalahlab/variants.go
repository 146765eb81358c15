package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/variants"
)

func newVariantsCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "variants",
		Short: "List the variants and show their rules",
		Long: `List the base games and variants kalahlab knows (built-in ones and the user's own
from --scripts DIR or KALAHLAB_SCRIPTS), and show a variant's resolved knobs.`,
		Example: `  kalahlab variants list
  kalahlab variants show kalah
  kalahlab variants show kalah --set houses=4 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newVariantsListCmd(a), newVariantsShowCmd(a))
	return cmd
}

func (a *app) scriptsDir(cmd *cobra.Command) string {
	dir, _ := cmd.Flags().GetString("scripts")
	if dir == "" {
		dir = a.v.GetString("scripts")
	}
	return dir
}

func newVariantsListCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List the base games and variants",
		Example: "  kalahlab variants list\n  kalahlab variants list --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list := variants.List(variants.Options{ScriptsDir: a.scriptsDir(cmd)})
			if a.json {
				type row struct {
					Name    string `json:"name"`
					Base    string `json:"base"`
					Source  string `json:"source"`
					Summary string `json:"summary"`
				}
				rows := make([]row, len(list))
				for i, v := range list {
					rows[i] = row{v.Name, v.Base, v.Source, v.Summary}
				}
				return json.NewEncoder(a.out).Encode(rows)
			}
			tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tBASE\tSUMMARY")
			for _, v := range list {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", v.Name, v.Base, v.Summary)
			}
			return tw.Flush()
		},
	}
}

// knobJSON is one knob in `variants show --json`.
type knobJSON struct {
	Name    string `json:"name"`
	Value   any    `json:"value"`
	Default any    `json:"default"`
	Allowed string `json:"allowed"`
	Doc     string `json:"doc"`
}

func newVariantsShowCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "Show a variant's resolved knobs and where it comes from",
		Example: `  kalahlab variants show kalah
  kalahlab variants show kalah --set pie_rule=true --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeVariants,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := cmd.Flags().Set("variant", args[0]); err != nil {
				return err
			}
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			v := res.variant
			knobs := make([]knobJSON, len(v.Specs))
			for i, s := range v.Specs {
				knobs[i] = knobJSON{s.Name, v.Params[s.Name], s.Default, s.Allowed(), s.Doc}
			}
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]any{
					"name": v.Name, "summary": v.Summary, "base": v.Base, "source": v.Source,
					"params": v.Params, "knobs": knobs, "players": res.game.NumPlayers(),
				})
			}
			fmt.Fprintf(a.out, "%s: %s\nbase game: %s\nsource: %s\nseats: %d\n\nknobs:\n", v.Name, v.Summary, v.Base, v.Source, res.game.NumPlayers())
			tw := tabwriter.NewWriter(a.out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "  NAME\tVALUE\tDEFAULT\tALLOWED\tMEANING")
			for _, k := range knobs {
				mark := ""
				if fmt.Sprint(k.Value) != fmt.Sprint(k.Default) {
					mark = " *"
				}
				fmt.Fprintf(tw, "  %s\t%v%s\t%v\t%s\t%s\n", k.Name, k.Value, mark, k.Default, k.Allowed, k.Doc)
			}
			return tw.Flush()
		},
	}
}
