package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"
)

// The exit codes of kalahlab, every one of them (docs/cli.md's exit-code table lists
// the same). A command returns a plain error for exitError; withCode marks the others.
const (
	// exitOK: the command did what was asked.
	exitOK = 0
	// exitError: the command failed: bad input (an unknown variant or agent, a bad knob,
	// an illegal move, an unreadable or malformed file) or an error while running.
	exitError = 1
	// exitUsage: the command line itself is wrong: an unknown command or flag, a flag
	// value of the wrong type, the wrong number of arguments.
	exitUsage = 2
	// exitFailed: the command ran, and what it played or checked failed: a game stopped
	// by an error in a variant's script (play), a variant that broke the game contract
	// (variants check).
	exitFailed = 3
	// exitFailingCells: a study ran and wrote its reports, but some of its cells had more
	// failed trials than its max_failures allows (experiment run and merge, unless
	// --allow-failures): their balance is not to be trusted.
	exitFailingCells = 4
	// exitInterrupted: stopped by Ctrl-C (SIGINT) or SIGTERM (128 + SIGINT's 2, as
	// shells report it).
	exitInterrupted = 130
)

// codedError is an error with the exit code it ends the command with.
type codedError struct {
	code int
	err  error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

// withCode marks err to end the command with code (nil stays nil).
func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &codedError{code: code, err: err}
}

// exitCode is the exit code err ends the command with.
func exitCode(err error) int {
	var ce *codedError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.As(err, &ce):
		return ce.code
	}
	return exitError
}

// errorJSON is what --json prints on stderr for an error.
type errorJSON struct {
	Error string `json:"error"`
	Code  int    `json:"code"`
}

// execute runs the command tree with args and reports an error on errOut: as
// "kalahlab: message", or with --json as {"error": "message", "code": N}. It returns
// the exit code. Errors before a command runs (parsing the command line) are usage
// errors.
func execute(ctx context.Context, root *cobra.Command, args []string, errOut io.Writer) int {
	started := false
	pre, preE := root.PersistentPreRun, root.PersistentPreRunE
	root.PersistentPreRun = nil
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		started = true
		if preE != nil {
			return preE(cmd, args)
		}
		if pre != nil {
			pre(cmd, args)
		}
		return nil
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return withCode(exitUsage, err) })
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	if !started && exitCode(err) == exitError {
		err = withCode(exitUsage, err)
	}
	code := exitCode(err)
	msg := err.Error()
	if code == exitInterrupted {
		msg = "interrupted"
	}
	if wantJSON(cmd, args) {
		_ = json.NewEncoder(errOut).Encode(errorJSON{Error: msg, Code: code})
	} else {
		fmt.Fprintf(errOut, "kalahlab: %s\n", msg)
	}
	return code
}

// wantJSON reports whether --json was given: from the parsed flags, or (when parsing
// failed before reaching it) from the arguments themselves.
func wantJSON(cmd *cobra.Command, args []string) bool {
	if cmd != nil {
		if f := cmd.Flags().Lookup("json"); f != nil && f.Changed {
			return f.Value.String() == "true"
		}
	}
	for _, arg := range args {
		switch {
		case arg == "--":
			return false
		case arg == "--json":
			return true
		case len(arg) > 7 && arg[:7] == "--json=":
			b, err := strconv.ParseBool(arg[7:])
			return err == nil && b
		}
	}
	return false
}
