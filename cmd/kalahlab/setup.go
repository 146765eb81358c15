package main

import (
	"fmt"
	"maps"
	"os"

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
}

// loadGame applies the layers: embedded default < config file < env < flags, then the
// variant's house rules and knob overrides (config params, then --set).
func (a *app) loadGame() (*resolved, error) {
	cfg, err := config.LoadGame(a.v, a.configPath)
	if err != nil {
		return nil, err
	}
	opt := variants.Options{ScriptsDir: cfg.Scripts}
	if opt.ScriptsDir == "" {
		opt = variants.EnvOptions()
	}
	v, err := variants.Lookup(cfg.Variant, opt)
	if err != nil {
		return nil, err
	}
	if len(cfg.HouseRules) > 0 {
		if v, err = v.WithHouseRules(cfg.HouseRules, opt); err != nil {
			return nil, err
		}
	}
	overrides := map[string]any{}
	maps.Copy(overrides, cfg.Params)
	sets, err := core.ParseAssignments(v.Specs, a.sets)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	maps.Copy(overrides, sets)
	if v, err = v.With(overrides); err != nil {
		return nil, err
	}
	g, err := v.NewGame()
	if err != nil {
		return nil, err
	}
	return &resolved{cfg: cfg, variant: v, game: g}, nil
}

// variantGiven reports whether the user named a game in any way (config, flag, env or
// knob overrides).
func (a *app) variantGiven(cmd *cobra.Command) bool {
	return a.configPath != "" || cmd.Flags().Changed("variant") || len(a.sets) > 0 ||
		os.Getenv("KALAHLAB_VARIANT") != ""
}
