package main

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHelpListsEveryExitCode: the root --help names every exit code kalahlab ends with.
func TestHelpListsEveryExitCode(t *testing.T) {
	out, _, code := cli(t, "", "--help")
	assert.Equal(t, exitOK, code)
	for _, c := range []int{exitOK, exitError, exitUsage, exitFailed, exitFailingCells, exitInterrupted} {
		assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`(?m)(^|\s)%d [a-z]`, c)), out, "exit code %d", c)
	}
}
