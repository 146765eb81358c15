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
		Example: "  kalahlab version\n  kalahlab version --json",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if a.json {
				return json.NewEncoder(a.out).Encode(map[string]string{
					"version": programVersion(), "go": runtime.Version(), "platform": runtime.GOOS + "/" + runtime.GOARCH,
				})
			}
			fmt.Fprintf(a.out, "kalahlab %s (%s %s/%s)\n", programVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}
