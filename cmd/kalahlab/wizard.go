package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/variants"
)

// input returns the shared line reader on the command's input, so that the setup and
// the game read from one buffer.
func (a *app) input() *bufio.Reader {
	if a.inBuf == nil {
		a.inBuf = bufio.NewReader(a.in)
	}
	return a.inBuf
}

// ask prints a prompt and reads one line; def is returned for an empty answer.
func (a *app) ask(prompt, def string) (string, error) {
	if def != "" {
		fmt.Fprintf(a.out, "%s [%s]: ", prompt, def)
	} else {
		fmt.Fprintf(a.out, "%s: ", prompt)
	}
	line, err := a.input().ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("setup: input ended")
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return def, nil
	}
	return line, nil
}

// setupWizard is the configuration page of our Kalah rules text: pick the game or
// variant, adjust its knobs, pick who plays each seat. Its answers become the variant,
// --set and --pN values of the command. Every list it prints fits a 24-line terminal:
// the families first, then the chosen family's variants in columns.
func (a *app) setupWizard(cmd *cobra.Command, players *[4]string) error {
	chosen, err := a.pickVariant(a.scriptsDir(cmd))
	if err != nil {
		return err
	}
	if err := cmd.Flags().Set("variant", chosen.Name); err != nil {
		return err
	}
	if chosen, err = a.setKnobs(chosen); err != nil {
		return err
	}
	g, err := chosen.NewGame() // with the knobs as set: the seats and dice the agents face
	if err != nil {
		return err
	}
	for i := 0; i < g.NumPlayers() && i < len(players); i++ {
		if players[i], err = a.pickPlayer(g, i); err != nil {
			return err
		}
	}
	fmt.Fprintln(a.out)
	return nil
}

// family is the variants of one base game, the base first.
type family struct {
	base     *variants.Variant
	variants []*variants.Variant
}

// families groups the variants by base game, in the order variants.List gives the bases.
func families(list []*variants.Variant) []family {
	var out []family
	index := map[string]int{}
	for _, v := range list {
		i, ok := index[v.Base]
		if !ok {
			i = len(out)
			index[v.Base] = i
			out = append(out, family{base: v})
		}
		out[i].variants = append(out[i].variants, v)
	}
	return out
}

// pickVariant asks for a family, then for one of its variants; a name (or a path to a
// .lua file) is taken at either question.
func (a *app) pickVariant(scripts string) (*variants.Variant, error) {
	opt := variants.Options{ScriptsDir: scripts}
	fams := families(variants.List(opt))
	fmt.Fprintln(a.out, "Set up a game (Enter keeps the value in brackets; a variant's name works at any question).")
	for i, f := range fams {
		fmt.Fprintf(a.out, "  %d) %-10s %2d variants  %s\n", i+1, f.base.Base, len(f.variants), f.base.Summary)
	}
	for {
		ans, err := a.ask("game (number or name)", "1")
		if err != nil {
			return nil, err
		}
		if n, err := strconv.Atoi(ans); err == nil && n >= 1 && n <= len(fams) {
			if v, err := a.pickInFamily(fams[n-1], opt); v != nil || err != nil {
				return v, err
			}
			continue
		}
		v, err := variants.Lookup(ans, opt)
		if err != nil {
			fmt.Fprintln(a.out, err)
			continue
		}
		return v, nil
	}
}

// pickInFamily lists a family's variants in columns and asks for one; nil (and no
// error) when the answer is "back".
func (a *app) pickInFamily(f family, opt variants.Options) (*variants.Variant, error) {
	fmt.Fprintf(a.out, "Variants of %s (`kalahlab variants show NAME` tells their rules):\n", f.base.Base)
	// The names are listed without the family's prefix ("mancala/kara" as "kara"), so
	// that a large family fits three columns; either form is an answer.
	prefix := f.base.Base + "/"
	width := 0
	for _, v := range f.variants {
		width = max(width, len(strings.TrimPrefix(v.Name, prefix)))
	}
	// As many columns as 78 characters hold, and more (wider lines) when the list would
	// otherwise take over 18 rows of a 24-line terminal.
	cols := max(1, 78/(width+6), (len(f.variants)+17)/18)
	rows := (len(f.variants) + cols - 1) / cols
	for r := 0; r < rows; r++ {
		var line strings.Builder
		for c := 0; c < cols; c++ {
			if i := c*rows + r; i < len(f.variants) {
				fmt.Fprintf(&line, "  %2d) %-*s", i+1, width, strings.TrimPrefix(f.variants[i].Name, prefix))
			}
		}
		fmt.Fprintln(a.out, strings.TrimRight(line.String(), " "))
	}
	for {
		ans, err := a.ask("variant (number or name, or back)", "1")
		if err != nil {
			return nil, err
		}
		if ans == "back" {
			return nil, nil
		}
		if n, err := strconv.Atoi(ans); err == nil && n >= 1 && n <= len(f.variants) {
			return f.variants[n-1], nil
		}
		v, err := variants.Lookup(ans, opt)
		if err != nil && !strings.Contains(ans, "/") {
			if pv, perr := variants.Lookup(prefix+ans, opt); perr == nil {
				v, err = pv, nil
			}
		}
		if err != nil {
			fmt.Fprintln(a.out, err)
			continue
		}
		return v, nil
	}
}

// setKnobs shows the variant's knobs and takes key=value changes until an empty line.
func (a *app) setKnobs(chosen *variants.Variant) (*variants.Variant, error) {
	fmt.Fprintf(a.out, "Knobs of %s:\n", chosen.Name)
	width := 0
	for _, spec := range chosen.Specs {
		width = max(width, len(spec.Name))
	}
	for _, spec := range chosen.Specs {
		fmt.Fprintf(a.out, "  %-*s = %-18v %s (%s)\n", width, spec.Name, chosen.Params[spec.Name], spec.Doc, spec.Allowed())
	}
	for {
		ans, err := a.ask("change a knob (key=value), or Enter to go on", "")
		if err != nil {
			return nil, err
		}
		if ans == "" {
			break
		}
		if _, err := core.ParseAssignments(chosen.Specs, []string{ans}); err != nil {
			fmt.Fprintln(a.out, err)
			continue
		}
		a.sets = append(a.sets, ans)
	}
	sets, err := core.ParseAssignments(chosen.Specs, a.sets)
	if err != nil {
		return nil, err
	}
	return chosen.With(sets)
}

// pickPlayer asks who plays seat i (from 0): human, a preset strength, or an agent spec;
// a search agent named without a depth or time is asked for its depth.
func (a *app) pickPlayer(g core.Game, i int) (string, error) {
	def := "medium"
	if i == 0 {
		def = ai.Human
	}
	if i == 0 {
		fmt.Fprintf(a.out, "Who plays each seat: human, a strength (%s), or an agent spec (%s; e.g. alphabeta:depth=6).\n",
			seat.PresetHelp(), strings.Join(ai.Names(), ", "))
	}
	for {
		ans, err := a.ask(fmt.Sprintf("seat %d", i+1), def)
		if err != nil {
			return "", err
		}
		spec, err := ai.ParseSpec(ans)
		if err == nil {
			spec, err = seat.Expand(spec, g)
		}
		if err == nil && spec.Agent != ai.Human {
			_, err = ai.New(spec, 0)
		}
		if err == nil {
			err = ai.Supports(spec, g)
		}
		if err != nil {
			fmt.Fprintln(a.out, err)
			continue
		}
		if takesDepth(spec) && !strings.Contains(ans, ":") {
			if ans, err = a.askDepth(ans); err != nil {
				return "", err
			}
		}
		return ans, nil
	}
}

// takesDepth reports whether a spec is a search agent given neither depth, time nor nodes.
func takesDepth(spec ai.Spec) bool {
	_, opts, _ := ai.Describe(spec.Agent)
	for _, o := range opts {
		if o.Name == "depth" {
			return len(spec.Options) == 0
		}
	}
	return false
}

// askDepth asks for a search agent's depth, a whole number 1..64.
func (a *app) askDepth(agent string) (string, error) {
	for {
		ans, err := a.ask(fmt.Sprintf("  %s depth (plies to search, 1..64; deeper is stronger and slower)", agent), "6")
		if err != nil {
			return "", err
		}
		if n, err := strconv.Atoi(ans); err == nil && n >= 1 && n <= 64 {
			return fmt.Sprintf("%s:depth=%d", agent, n), nil
		}
		fmt.Fprintf(a.out, "depth %q: want a whole number 1..64\n", ans)
	}
}
