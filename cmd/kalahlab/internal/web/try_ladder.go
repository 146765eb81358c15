package web

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/viper"

	"github.com/kalahlab/kalahlab/config"
)

// ladderAgent is the Try page's agent field for the default study's skill ladder: the
// rule and its parent are played by each of its agents in turn, weakest first, as
// `kalahlab experiment run` plays Kalah, so that the study says how the balance moves
// with the players' skill (one random agent measures almost nothing about balance).
const ladderAgent = "ladder"

var (
	defaultOnce sync.Once
	defaultExp  *config.Experiment
	defaultErr  error
)

// defaultStudy is the embedded default study (config.DefaultStudy), read once.
func defaultStudy() (*config.Experiment, error) {
	defaultOnce.Do(func() {
		defaultExp, defaultErr = config.LoadExperiment(viper.New(), "")
		if defaultErr == nil && len(defaultExp.Ladder) == 0 {
			defaultErr = fmt.Errorf("the default study %s has no ladder", config.DefaultStudy)
		}
	})
	return defaultExp, defaultErr
}

// ladderText says the default study's ladder: "random, greedy, alphabeta:depth=2,tt=1, ..."
func ladderText() string {
	def, err := defaultStudy()
	if err != nil {
		return err.Error()
	}
	names := make([]string, len(def.Ladder))
	for i, s := range def.Ladder {
		names[i] = s.String()
	}
	text := strings.Join(names, ", ")
	if def.Epsilon > 0 {
		text += fmt.Sprintf("; one move in %.0f random", 1/def.Epsilon)
	}
	return text
}

// errLines are the lines of file that a message names ("my-rule.lua:5: ..."), in
// order, each once: the editor marks them.
func errLines(msg, file string) []int {
	re := regexp.MustCompile(`(?:^|[\s(])` + regexp.QuoteMeta(file) + `:(\d+)\b`)
	var lines []int
	for _, m := range re.FindAllStringSubmatch(msg, -1) {
		if n, err := strconv.Atoi(m[1]); err == nil && n > 0 && !slices.Contains(lines, n) {
			lines = append(lines, n)
		}
	}
	slices.Sort(lines)
	return lines
}

// gutterLine is one line number beside the Try page's editor.
type gutterLine struct {
	N   int
	Bad bool // an error names it
}

// gutterLines numbers the lines of source (at least editorRows of them), marking bad.
func gutterLines(source string, bad []int) []gutterLine {
	n := max(strings.Count(source, "\n")+1, editorRows(source))
	out := make([]gutterLine, n)
	for i := range out {
		out[i] = gutterLine{N: i + 1, Bad: slices.Contains(bad, i+1)}
	}
	return out
}

// editorRows is the editor's height in lines: the whole script (one more line to type
// in), at least 14 and at most 60 (the editor scrolls beyond).
func editorRows(source string) int {
	return min(max(strings.Count(strings.TrimRight(source, "\n"), "\n")+2, 14), 60)
}
