package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = ""

// programVersion is the version reports and `kalahlab version` print.
func programVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}

func newVersionCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of kalahlab",
		Example: "  kalahlab version\n  kalahlab --version\n  kalahlab version --json",
		Args:    cobra.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return a.printVersion() },
	}
}

// addVersionFlag gives the root command --version (and -v), which prints what
// "kalahlab version" prints; without it the root command prints its help.
func addVersionFlag(a *app, root *cobra.Command) {
	var show bool
	root.Flags().BoolVarP(&show, "version", "v", false, "print the version of kalahlab (as kalahlab version)")
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		if show {
			return a.printVersion()
		}
		return cmd.Help()
	}
}

// printVersion prints the version, Go version and platform (JSON with --json).
func (a *app) printVersion() error {
	if a.json {
		return json.NewEncoder(a.out).Encode(map[string]string{
			"version": programVersion(), "go": runtime.Version(), "platform": runtime.GOOS + "/" + runtime.GOARCH,
		})
	}
	_, err := fmt.Fprintf(a.out, "kalahlab %s (%s %s/%s)\n", programVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}
