package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/variants"
)

// luaMemoryEnv sets the memory budget of each Lua state when --lua-memory is not given.
const luaMemoryEnv = "KALAHLAB_LUA_MEMORY"

// addLuaMemoryFlag adds --lua-memory, the memory budget of each Lua state (one per
// worker and variant): a hook that needs more ends its game with an error, the run goes
// on. It is applied before the command runs.
func addLuaMemoryFlag(a *app, root *cobra.Command) {
	root.PersistentFlags().String("lua-memory", "",
		"memory budget of each Lua state, e.g. 64MB, 1GB (default 256MB, or $"+luaMemoryEnv+")")
	// Cobra runs only one of PersistentPreRunE and PersistentPreRun: this one runs the
	// other's work too (the root's sets the command's context).
	pre, preRun := root.PersistentPreRunE, root.PersistentPreRun
	root.PersistentPreRun = nil
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if preRun != nil {
			preRun(cmd, args)
		}
		text, _ := cmd.Flags().GetString("lua-memory")
		from := "--lua-memory"
		if text == "" {
			text, from = os.Getenv(luaMemoryEnv), luaMemoryEnv
		}
		if text != "" {
			n, err := parseBytes(text)
			if err != nil {
				return withCode(exitUsage, fmt.Errorf("%s: %w", from, err))
			}
			variants.SetMemoryBudget(n)
		}
		if pre != nil {
			return pre(cmd, args)
		}
		return nil
	}
}

// parseBytes reads a size: a whole number of bytes, or one with a unit KB, MB or GB
// (powers of 1024), from 1MB to 64GB.
func parseBytes(text string) (int64, error) {
	s := strings.ToUpper(strings.TrimSpace(text))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.m
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a size: want a whole number with KB, MB or GB, such as 512MB", text)
	}
	if n > (64<<30)/mult || n*mult < 1<<20 {
		return 0, fmt.Errorf("%q is out of range: want 1MB..64GB", text)
	}
	return n * mult, nil
}
