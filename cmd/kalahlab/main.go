// Command kalahlab is the laboratory's command line: play, perft, variants and more.
// Run `kalahlab --help` for the commands.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
