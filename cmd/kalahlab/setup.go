package main

import (
	"fmt"
	"maps"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// resolved is a game ready to play: the config it came from, the variant with every
// layer applied, and one game built from it.
type resolved struct {
	cfg     *config.Game
	variant *variants.Variant
	game    core.Game
	// lookup is what the variant was looked up by (a name or a script path), as a game
	// record stores it.
	lookup string
	// plain is the variant before the config's params and --set: what "changed knobs"
	// are measured against.
	plain *variants.Variant
	// start is the position a loaded game was set up from (a game record's start, a
	// PDN game's FEN tag); nil: the game's usual start.
	start core.State
}

// loadGame applies the layers: embedded default < config file < env < flags, then the
// variant's house rules and knob overrides (config params, then --set).
func (a *app) loadGame() (*resolved, error) {
	cfg, err := config.LoadGame(a.v, a.configPath)
	if err != nil {
		return nil, err
	}
	overrides := map[string]any{}
	maps.Copy(overrides, cfg.Params)
	return a.resolve(cfg, cfg.Variant, cfg.HouseRules, overrides, a.sets, false)
}

// resolve looks the variant up, stacks the house rules, applies the knob overrides and
// then the key=value assignments (--set), and builds a game. confined says the names
// come from a game record, not from the user's own command line or config: they must
// then name the catalogue or scripts inside the scripts directory (variants.Options).
func (a *app) resolve(cfg *config.Game, lookup string, houseRules []string, overrides map[string]any, sets []string, confined bool) (*resolved, error) {
	opt := variants.Options{ScriptsDir: cfg.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	opt.Confined = confined
	v, err := variants.Lookup(lookup, opt)
	if err != nil {
		return nil, err
	}
	if len(houseRules) > 0 {
		if v, err = v.WithHouseRules(houseRules, opt); err != nil {
			return nil, err
		}
	}
	plain := v
	all := map[string]any{}
	maps.Copy(all, overrides)
	assigned, err := core.ParseAssignments(v.Specs, sets)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	maps.Copy(all, assigned)
	if v, err = v.With(all); err != nil {
		return nil, err
	}
	g, err := v.NewGameContext(a.context()) // Ctrl-C stops a running hook too
	if err != nil {
		return nil, err
	}
	return &resolved{cfg: cfg, variant: v, game: g, lookup: lookup, plain: plain}, nil
}

// title describes the game being played by the knobs that differ from the variant's
// own: "Kalah(5,3)" for Kalah with 5 houses of 3 seeds, "Kalah(6,4), empty_capture=false",
// "players=2" for Ludo. The second result says whether any knob was changed.
func (r *resolved) title() (string, bool) {
	v := r.variant
	var changed []string
	for _, k := range v.Params.Names() {
		if r.plain != nil && fmt.Sprint(r.plain.Params[k]) != fmt.Sprint(v.Params[k]) {
			changed = append(changed, k)
		}
	}
	var parts []string
	skip := map[string]bool{}
	if v.Base == "kalah" {
		parts = append(parts, fmt.Sprintf("Kalah(%d,%d)", v.Params.Int("houses"), v.Params.Int("seeds")))
		skip["houses"], skip["seeds"] = true, true
	}
	for _, k := range changed {
		if !skip[k] {
			parts = append(parts, fmt.Sprintf("%s=%v", k, v.Params[k]))
		}
	}
	return strings.Join(parts, ", "), len(changed) > 0
}

// variantGiven reports whether the user named a game in any way (config, flag, env or
// knob overrides).
func (a *app) variantGiven(cmd *cobra.Command) bool {
	return a.configPath != "" || cmd.Flags().Changed("variant") || len(a.sets) > 0 ||
		os.Getenv("KALAHLAB_VARIANT") != ""
}
