package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
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
// --set and --pN values of the command.
func (a *app) setupWizard(cmd *cobra.Command, players *[4]string) error {
	scripts := a.scriptsDir(cmd)
	list := variants.List(variants.Options{ScriptsDir: scripts})
	fmt.Fprintln(a.out, "Set up a game (Enter keeps the value in brackets).")
	for i, v := range list {
		fmt.Fprintf(a.out, "  %2d) %-24s %s\n", i+1, v.Name, v.Summary)
	}
	var chosen *variants.Variant
	for chosen == nil {
		ans, err := a.ask("variant (number or name)", "1")
		if err != nil {
			return err
		}
		if n, err := strconv.Atoi(ans); err == nil && n >= 1 && n <= len(list) {
			chosen = list[n-1]
			break
		}
		v, err := variants.Lookup(ans, variants.Options{ScriptsDir: scripts})
		if err != nil {
			fmt.Fprintln(a.out, err)
			continue
		}
		chosen = v
	}
	if err := cmd.Flags().Set("variant", chosen.Name); err != nil {
		return err
	}
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
			return err
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
		return err
	}
	if chosen, err = chosen.With(sets); err != nil {
		return err
	}
	g, err := chosen.NewGame() // with the knobs as set: the seats and dice the agents face
	if err != nil {
		return err
	}
	agents := strings.Join(append([]string{ai.Human}, ai.Names()...), ", ")
	for i := 0; i < g.NumPlayers() && i < len(players); i++ {
		def := "random"
		if i == 0 {
			def = ai.Human
		}
		for {
			ans, err := a.ask(fmt.Sprintf("seat %d (%s)", i+1, agents), def)
			if err != nil {
				return err
			}
			spec, err := ai.ParseSpec(ans)
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
			players[i] = ans
			break
		}
	}
	fmt.Fprintln(a.out)
	return nil
}
