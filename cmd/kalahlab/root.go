package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/kalahlab/kalahlab/variants"
)

// app carries what every command shares: the viper instance, the streams and the
// persistent flags. It is built anew for every run (no package-level state).
type app struct {
	v      *viper.Viper
	in     io.Reader
	inBuf  *bufio.Reader
	out    io.Writer
	errOut io.Writer

	configPath string
	sets       []string
	json       bool
	color      string

	// ctx is the running command's context (cancelled by Ctrl-C or SIGTERM), set
	// before any command runs: games built with it stop their Lua hooks when it ends.
	ctx context.Context
}

// context is the running command's context (context.Background outside a command).
func (a *app) context() context.Context {
	if a.ctx == nil {
		return context.Background()
	}
	return a.ctx
}

// run executes the command line and returns the process exit code (exit.go lists them).
// Ctrl-C cancels the command's context.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return execute(ctx, newRootCmd(in, out, errOut), args, errOut)
}

// newRootCmd builds the command tree. Every command is listed here.
func newRootCmd(in io.Reader, out, errOut io.Writer) *cobra.Command {
	a := &app{v: viper.New(), in: in, out: out, errOut: errOut}
	root := &cobra.Command{
		Use:   "kalahlab",
		Short: "A laboratory for board-game variants: Kalah and the mancala family",
		Long: `kalahlab plays, counts, scripts and compares board-game variants.

Variants are configured from YAML (-c FILE), scripted in Lua, and tuned with --set.
Start with "kalahlab play" to play Kalah against the random agent.

Exit codes: 0 done; 1 an error (bad input, a failure); 2 a malformed command line;
3 a game stopped by a script error, or a failed variants check; 4 a study whose
cells failed more trials than max_failures allows (reports written); 130 interrupted.
With --json an error is JSON on stderr: {"error": "...", "code": N}. NO_COLOR turns
colour off (unless --color always).`,
		Example: `  kalahlab play
  kalahlab play --variant kalah --set houses=4 --set seeds=3 --moves 2,1,4 --json
  kalahlab play -c config/examples/kalah-4x3.yaml
  kalahlab perft --variant kalah --depth 8
  kalahlab solve --set houses=4 --set seeds=3
  kalahlab variants list`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRun: func(cmd *cobra.Command, _ []string) {
			a.ctx = cmd.Context()
		},
	}
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)

	pf := root.PersistentFlags()
	pf.StringVarP(&a.configPath, "config", "c", "", "game config `FILE` (YAML)")
	pf.String("variant", "", "variant `NAME` or path to a .lua file (default kalah)")
	pf.StringArrayVar(&a.sets, "set", nil, "override a knob, `key=value` (repeatable)")
	pf.Uint64("seed", 1, "random seed (agents, dice)")
	pf.String("scripts", "", "`DIR` of user variant scripts (default $KALAHLAB_SCRIPTS)")
	pf.BoolVar(&a.json, "json", false, "print JSON instead of text")
	pf.StringVar(&a.color, "color", "auto", "colour: auto, always or never")
	for _, key := range []string{"variant", "seed", "scripts"} {
		// Bound one by one: a flag set on the command line beats env and file.
		if err := a.v.BindPFlag(key, pf.Lookup(key)); err != nil {
			panic(err) // a programming error: the flag is defined just above
		}
	}
	_ = root.RegisterFlagCompletionFunc("variant", completeVariants)
	addVersionFlag(a, root)
	addLuaMemoryFlag(a, root)

	root.AddCommand(
		newPlayCmd(a),
		newPerftCmd(a),
		newSolveCmd(a),
		newVariantsCmd(a),
		newVersionCmd(a),
		newExperimentCmd(a),
		newReplayCmd(a),
		newTournamentCmd(a),
		newRenderCmd(a),
		newServeCmd(a),
	)
	return root
}

// completeVariants completes variant names.
func completeVariants(cmd *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	scripts, _ := cmd.Flags().GetString("scripts")
	if scripts == "" {
		scripts = variants.EnvOptions().ScriptsDir
	}
	var out []string
	for _, v := range variants.List(variants.Options{ScriptsDir: scripts}) {
		if strings.HasPrefix(v.Name, prefix) {
			out = append(out, v.Name+"\t"+v.Summary)
		}
	}
	return out, cobra.ShellCompDirectiveDefault
}

// useColor decides whether to draw with ANSI colours.
func (a *app) useColor() (bool, error) {
	switch a.color {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		return isTerminal(a.out), nil
	}
	return false, fmt.Errorf("--color %q: want auto, always or never", a.color)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
