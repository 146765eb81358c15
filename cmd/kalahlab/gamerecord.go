package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kalahlab/kalahlab/ai"
	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/seat"
	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/checkers/pdn"
	"github.com/kalahlab/kalahlab/core/record"
	"github.com/kalahlab/kalahlab/variants"
)

// record describes a game of this variant as a game record: the variant, every knob,
// the seed, the seats' players and the moves so far (chance outcomes included).
func (r *resolved) record(seats []seat.Player, history []core.Move, st core.State) (*record.Game, error) {
	v := r.variant
	replay := r.newState()
	moves := make([]string, len(history))
	for i, m := range history {
		moves[i] = replay.MoveString(m)
		replay.Play(m)
	}
	rec := &record.Game{
		Variant: r.lookup, Name: v.Name, HouseRules: r.cfg.HouseRules, Hash: v.Hash,
		Knobs: maps.Clone(map[string]any(v.Params)), Seed: r.cfg.Seed, Moves: moves,
		Position: st.String(), Result: record.ResultOf(st),
	}
	if r.start != nil {
		rec.Start = r.start.String()
	}
	for _, s := range seats {
		rec.Players = append(rec.Players, s.Spec.String())
	}
	if path, ok := userScript(v.Source); ok {
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading the variant's script: %w", err)
		}
		rec.Script = &record.Script{Path: path, SHA256: record.SHA256(string(src)), Source: string(src)}
	}
	return rec, nil
}

// newState returns the position the game starts from: a loaded game's set-up start, or
// the game's usual one.
func (r *resolved) newState() core.State {
	if r.start != nil {
		return r.start.Clone()
	}
	return r.game.NewState()
}

// saveRecord writes the game record of a game to path: PDN for a .pdn file (checkers
// under a rule set PDN names), JSON otherwise.
func (a *app) saveRecord(path string, res *resolved, seats []seat.Player, history []core.Move, st core.State) error {
	rec, err := res.record(seats, history, st)
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if err := writeGameFile(path, rec); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	return nil
}

// isPDN reports whether a game file is PDN, by its extension (.pdn, any case).
func isPDN(path string) bool { return strings.EqualFold(filepath.Ext(path), ".pdn") }

// writeGameFile writes a game record to path, as PDN for a .pdn file.
func writeGameFile(path string, rec *record.Game) error {
	if !isPDN(path) {
		return record.WriteFile(path, rec)
	}
	g, err := pdn.FromRecord(rec)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	data, err := pdn.Marshal(g)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("pdn: %w", err)
	}
	return nil
}

// readGameFile reads a game record, or a PDN file's one game as a record of the
// checkers base game with the GameType's knobs. A PDN player tag that names an agent
// (alphabeta:depth=8, as kalahlab writes them) seats that agent; any other name is
// played by a person.
func readGameFile(path string) (*record.Game, error) {
	if !isPDN(path) {
		return record.ReadFile(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("pdn: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, pdn.MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := pdn.ParseOne(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rec, err := g.ToRecord(pdnPlayer)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// pdnPlayer is the player of a PDN player tag: the agent it names, else a person.
func pdnPlayer(name string) string {
	spec, err := ai.ParseSpec(name)
	if err != nil || spec.Agent == ai.Human {
		return ai.Human
	}
	if _, err := ai.New(spec, 0); err != nil {
		return ai.Human
	}
	return spec.String()
}

// userScript returns the file of a variant defined by a user script (Variant.Source is
// "built-in", "scripts/....lua (embedded)" or the user's file).
func userScript(source string) (string, bool) {
	if source == "" || source == "built-in" || strings.HasSuffix(source, " (embedded)") {
		return "", false
	}
	return source, true
}

// loadRecord reads a game record and resolves the game it names: the variant (looked up
// by its name or script path, a relative path tried against the working directory and
// then the record's directory), its house rules and knobs. A record is not the user's
// command line: its names must be built-in variants or scripts inside the scripts
// directory (--scripts, KALAHLAB_SCRIPTS), links followed (variants.Options.Confined). The record's seed and
// players become the config's, unless --seed says otherwise (--pN override seats
// later). A variant whose scripts changed since the game was saved gets a warning; its
// moves are then replayed under the current rules (an illegal one is an error).
func (a *app) loadRecord(cmd *cobra.Command, path string) (*resolved, *record.Game, error) {
	rec, err := readGameFile(path)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := config.LoadGame(a.v, "")
	if err != nil {
		return nil, nil, err
	}
	lookup := rec.Variant
	if strings.HasSuffix(lookup, ".lua") && !filepath.IsAbs(lookup) {
		if _, err := os.Stat(lookup); errors.Is(err, os.ErrNotExist) {
			if near := filepath.Join(filepath.Dir(path), lookup); fileExists(near) {
				lookup = near
			}
		}
	}
	res, err := a.resolve(cfg, lookup, rec.HouseRules, rec.Knobs, nil, true)
	if err != nil {
		if errors.Is(err, variants.ErrOutside) {
			return nil, nil, fmt.Errorf("%s: %w; to play a game of a script of yours, pass --scripts with the folder that holds it", path, err)
		}
		if rec.Script != nil && !fileExists(lookup) {
			return nil, nil, fmt.Errorf("%s: the game's variant script %s is gone (the record holds its text under script.source: save it there to play on): %w", path, rec.Variant, err)
		}
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	res.lookup = rec.Variant
	if rec.Hash != res.variant.Hash {
		fmt.Fprintf(a.errOut, "kalahlab: warning: %s: variant %s changed since the game was saved (scripts %s, now %s); replaying its moves under the current rules\n",
			path, res.variant.Name, short(rec.Hash), short(res.variant.Hash))
	}
	if rec.Start != "" {
		if res.start, err = rec.StartState(res.game); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if !cmd.Flags().Changed("seed") && !isPDN(path) { // PDN keeps no seed
		res.cfg.Seed = rec.Seed
	}
	res.cfg.Players = res.cfg.Players[:0]
	for i, p := range rec.Players {
		spec, err := ai.ParseSpec(p)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: players[%d] (seat %d): %w", path, i+1, i+1, err)
		}
		res.cfg.Players = append(res.cfg.Players, spec)
	}
	return res, rec, nil
}

// short abbreviates a hash for messages ("none" for a base game's empty one).
func short(hash string) string {
	if hash == "" {
		return "none"
	}
	return hash[:min(12, len(hash))]
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}
