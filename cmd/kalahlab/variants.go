package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/catalog"
	"github.com/kalahlab/kalahlab/variants"
)

func newVariantsCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "variants",
		Short: "List the variants and show their rules",
		Long: `List the base games and variants kalahlab knows (built-in ones and the user's own
from --scripts DIR or KALAHLAB_SCRIPTS), and show a variant's resolved knobs.`,
		Example: `  kalahlab variants list
  kalahlab variants show kalah/pie
  kalahlab variants show kalah --set houses=4 --json
  kalahlab variants check my-rules.lua`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newVariantsListCmd(a), newVariantsShowCmd(a), newVariantsCheckCmd(a))
	return cmd
}

// scriptsDir is the user scripts directory: --scripts, else KALAHLAB_SCRIPTS.
func (a *app) scriptsDir(cmd *cobra.Command) string {
	dir, _ := cmd.Flags().GetString("scripts")
	if dir == "" {
		dir = variants.EnvOptions().ScriptsDir
	}
	return dir
}

func newVariantsListCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the base games and variants, grouped by family and region",
		Long: `List the base games and variants, grouped by family (a script's family field, else
its base game's name) and, within a family, by region (a script's region field): the
mancala catalogue (mancala/oware, mancala/toguz-kumalak, ...) is listed by where each
game is played.`,
		Example: "  kalahlab variants list\n  kalahlab variants list --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list, err := variants.Catalog(variants.Options{ScriptsDir: a.scriptsDir(cmd)})
			if err != nil {
				// Scripts that fail to load are named; the others are still listed.
				fmt.Fprintf(a.errOut, "kalahlab: some scripts did not load:\n%v\n", err)
			}
			if a.json {
				type row struct {
					Name    string `json:"name"`
					Base    string `json:"base"`
					Family  string `json:"family"`
					Region  string `json:"region,omitempty"`
					Source  string `json:"source"`
					Summary string `json:"summary"`
				}
				rows := make([]row, len(list))
				for i, v := range list {
					rows[i] = row{v.Name, v.Base, v.Family, v.Region, v.Source, v.Summary}
				}
				return json.NewEncoder(a.out).Encode(rows)
			}
			// By family, then region; within a group, as Catalog lists them (base games first).
			catalog.Sort(list)
			var buf bytes.Buffer
			tw := tabwriter.NewWriter(&buf, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tBASE\tSOURCE\tSUMMARY")
			prev := ""
			for _, v := range list {
				if g := catalog.Group(v); g != prev {
					fmt.Fprintf(tw, "[%s]\t\t\t\n", g)
					prev = g
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", v.Name, v.Base, v.Source, v.Summary)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			// The group lines are padded to the table's width: trim them.
			for _, line := range strings.SplitAfter(buf.String(), "\n") {
				if _, err := io.WriteString(a.out, strings.TrimRight(line, " \n")+strings.Repeat("\n", strings.Count(line, "\n"))); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// writeOldNames writes, for variants show, the old names that resolve to v and the
// knobs it no longer has but still reads (variants/renames.go).
func writeOldNames(w io.Writer, v *variants.Variant) {
	if len(v.OldNames) > 0 {
		fmt.Fprintf(w, "old names: %s (still accepted)\n", strings.Join(v.OldNames, ", "))
	}
	if rk := v.RetiredKnobs(); len(rk) > 0 {
		parts := make([]string, len(rk))
		for i, r := range rk {
			parts[i] = fmt.Sprintf("%s=%v", r.Knob, r.Value)
			if r.Value == nil {
				parts[i] = r.Knob + "=any"
			}
		}
		fmt.Fprintf(w, "retired knobs (read from old records at these values only): %s\n", strings.Join(parts, ", "))
	}
}

// oldNames is a variant's old names for JSON (an empty list, not null).
func oldNames(v *variants.Variant) []string {
	if v.OldNames == nil {
		return []string{}
	}
	return v.OldNames
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
		Short: "Show a variant's rules in words, its knobs and where it comes from",
		Long: `Show a variant: its summary and description, where its rules come from (sources,
Ludii ruleset, script), its rules in words (generated from the mancala descriptor or the
base game's knobs at the resolved values, with each Lua hook the scripts set named in
the rule it changes), its hooks and its knobs. --json gives the same, the rules as
sections of sentences.`,
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
			hooks := v.Hooks
			if hooks == nil {
				hooks = []string{}
			}
			sources := v.Sources
			if sources == nil {
				sources = []string{}
			}
			rules, err := v.RulesText()
			if err != nil {
				return err
			}
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]any{
					"name": v.Name, "summary": v.Summary, "description": v.Description, "base": v.Base,
					"extends": v.Extends, "source": v.Source, "hash": v.Hash, "hooks": hooks,
					"family": v.Family, "region": v.Region, "ludii": v.Ludii, "sources": sources,
					"available_hooks": variants.HookNames(v.Base), "examples": len(v.Examples),
					"params": v.Params, "knobs": knobs, "players": res.game.NumPlayers(),
					"fields": fieldsJSON(v), "old_names": oldNames(v), "rules": rules,
				})
			}
			fmt.Fprintf(a.out, "%s: %s\n", v.Name, v.Summary)
			if rn, ok := variants.RenamedFrom(args[0]); ok {
				fmt.Fprintf(a.out, "(%s is an old name of %s, kept as an alias: %s)\n", rn.Old, rn.New, rn.Why)
			}
			if v.Description != "" && v.Description != v.Summary {
				fmt.Fprintf(a.out, "%s\n", v.Description)
			}
			fmt.Fprintf(a.out, "base game: %s\n", v.Base)
			if v.Family != v.Base || v.Region != "" {
				fmt.Fprintf(a.out, "family: %s", v.Family)
				if v.Region != "" {
					fmt.Fprintf(a.out, " (%s)", v.Region)
				}
				fmt.Fprintln(a.out)
			}
			if v.Ludii != "" {
				fmt.Fprintf(a.out, "ludii: %s\n", v.Ludii)
			}
			if len(sources) > 0 {
				fmt.Fprintf(a.out, "rules from:\n")
				for _, src := range sources {
					fmt.Fprintf(a.out, "  - %s\n", src)
				}
			}
			if len(v.Extends) > 0 {
				fmt.Fprintf(a.out, "extends: %s\n", strings.Join(v.Extends, " <- "))
			}
			fmt.Fprintf(a.out, "source: %s\n", v.Source)
			writeOldNames(a.out, v)
			if v.Hash != "" {
				fmt.Fprintf(a.out, "script hash: %s\n", v.Hash)
			}
			fmt.Fprintf(a.out, "seats: %d\n", res.game.NumPlayers())
			if len(hooks) > 0 {
				fmt.Fprintf(a.out, "hooks: %s\n", strings.Join(hooks, ", "))
			} else {
				fmt.Fprintf(a.out, "hooks: none (runs at native speed)\n")
			}
			if len(v.Examples) > 0 {
				fmt.Fprintf(a.out, "examples: %d\n", len(v.Examples))
			}
			if fields, ok := v.Fields(); ok {
				if len(fields) == 0 {
					fmt.Fprintf(a.out, "fields: none\n")
				}
				for _, f := range fields {
					what := "custom (on_land)"
					switch {
					case f.Jump != "":
						what = "jump " + string(f.Jump)
					case f.SafeExceptOthersStart:
						what = "safe except on another player's start"
					case f.Safe:
						what = "safe"
					}
					fmt.Fprintf(a.out, "field %s: %s, cells %v\n", f.Kind, what, f.Cells)
				}
			}
			fmt.Fprintf(a.out, "\nrules, in words (from %s):\n%s", rulesFrom(v), rules.Format("  ", 100))
			fmt.Fprintf(a.out, "\nknobs (* = changed from the base game's default):\n")
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

func newVariantsCheckCmd(a *app) *cobra.Command {
	var games int
	cmd := &cobra.Command{
		Use:   "check NAME|FILE",
		Short: "Load a variant, run its examples and random games under the contract checks",
		Long: `Load a variant (a name or a .lua file), validate its knobs, run the examples it
carries, then play random games (1,000 by default) with the contract checks at every
step: legal moves sorted and unique, clone, replay and undo consistent, the game's own
invariant (Kalah: seeds conserved). Exits non-zero when anything fails.

A hook that fails the same way in 3 games (an endless loop, stopped after 250 ms a
call, or seeds not conserved) ends the check early: the report says so and gives the
error and the number of games played. Ctrl-C or SIGTERM stops a check at once, slow or
looping hooks included.`,
		Example: `  kalahlab variants check my-rules.lua
  kalahlab variants check kalah/strict-capture --games 200
  kalahlab variants check oware --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeVariants,
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 0 {
				return fmt.Errorf("--games %d: want 0 or more", games)
			}
			if err := cmd.Flags().Set("variant", args[0]); err != nil {
				return err
			}
			res, err := a.loadGame()
			if err != nil {
				return err
			}
			rep, err := variants.CheckContext(cmd.Context(), res.variant, games, res.cfg.Seed)
			if err != nil {
				return err
			}
			if a.json {
				type example struct {
					Name  string `json:"name"`
					Where string `json:"where"`
					Error string `json:"error,omitempty"`
				}
				exs := make([]example, len(rep.Examples))
				for i, e := range rep.Examples {
					exs[i] = example{Name: e.Example.Name, Where: e.Example.Where()}
					if e.Err != nil {
						exs[i].Error = e.Err.Error()
					}
				}
				if err := json.NewEncoder(a.out).Encode(map[string]any{
					"variant": rep.Variant, "ok": rep.OK(), "examples": exs,
					"games": rep.Games, "failed": rep.Failed, "errors": rep.Errors,
					"stopped": rep.Stopped,
				}); err != nil {
					return err
				}
			} else {
				fmt.Fprint(a.out, rep.String())
			}
			if !rep.OK() {
				return withCode(exitFailed, fmt.Errorf("variant %s failed its checks", rep.Variant))
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&games, "games", 1000, "random games to play under the contract checks")
	return cmd
}

// fieldsJSON lists a Ludo variant's special fields for `variants show --json` (null for
// other games).
func fieldsJSON(v *variants.Variant) any {
	fields, ok := v.Fields()
	if !ok {
		return nil
	}
	type field struct {
		Kind                  string `json:"kind"`
		Cells                 []int  `json:"cells"`
		Jump                  string `json:"jump,omitempty"`
		Safe                  bool   `json:"safe,omitempty"`
		SafeExceptOthersStart bool   `json:"safe_except_others_start,omitempty"`
	}
	out := make([]field, len(fields))
	for i, f := range fields {
		out[i] = field{f.Kind, f.Cells, string(f.Jump), f.Safe, f.SafeExceptOthersStart}
	}
	return out
}

// rulesFrom says what a variant's rules text is generated from.
func rulesFrom(v *variants.Variant) string {
	what := "the knobs"
	if v.Base == "mancala" {
		what = "the descriptor and the knobs"
	}
	if len(v.Hooks) > 0 {
		what += "; its Lua hooks are named, see the script for what they do"
	}
	return what
}
