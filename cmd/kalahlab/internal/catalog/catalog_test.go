package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/variants"
)

func keys(ms []Mechanism) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Key)
	}
	return out
}

func TestMechanismsOfCatalogueGames(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"kalah", []string{"extra-turns"}},
		{"kalah/pie", []string{"extra-turns", "pie-rule"}},
		{"kalah/4-rows", []string{"four-rows", "extra-turns"}},
		{"mancala/bao", []string{"relay", "four-rows", "chosen-direction", "sown-captures"}},
		{"oware", []string{"count-captures", "chain-captures", "must-feed"}},
		{"mancala/toguz-kumalak", []string{"count-captures", "marked-holes"}},
		{"mancala/kiela", []string{"relay", "four-rows", "setup"}},
		{"mancala/pallanguzhi", []string{"relay", "rounds"}},
		{"ludo", []string{"dice", "multiplayer"}},
		{"ludo/two-player", []string{"dice"}},
		{"tictactoe/connect-four", []string{"gravity"}},
		{"tictactoe/misere", []string{"misere"}},
		{"checkers/flying-kings", []string{"flying-kings"}},
		{"kalah/strict-capture", []string{"extra-turns", "lua-hooks"}},
		{"checkers", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := variants.Lookup(tc.name, variants.Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, keys(MechanismsOf(v)))
		})
	}
}

// Every mechanism of the vocabulary is used by some catalogue game (none is dead),
// and each has a key, a label and a sentence.
func TestEveryMechanismIsUsed(t *testing.T) {
	vs, err := variants.Catalog(variants.Options{})
	require.NoError(t, err)
	used := map[string]int{}
	for _, v := range vs {
		for _, m := range MechanismsOf(v) {
			used[m.Key]++
		}
	}
	seen := map[string]bool{}
	for _, m := range Mechanisms {
		assert.NotEmpty(t, m.Label, m.Key)
		assert.NotEmpty(t, m.Doc, m.Key)
		assert.False(t, seen[m.Key], "key %s twice", m.Key)
		seen[m.Key] = true
		assert.Positive(t, used[m.Key], "no catalogue game uses %s", m.Key)
		got, ok := MechanismByKey(m.Key)
		assert.True(t, ok)
		assert.Equal(t, m.Label, got.Label)
	}
	_, ok := MechanismByKey("nope")
	assert.False(t, ok)
	assert.Contains(t, MechanismKeys(), "relay, four-rows, chosen-direction")
}

// A knob changed from the variant's own value changes what it uses.
func TestMechanismsFollowKnobs(t *testing.T) {
	v, err := variants.Lookup("kalah", variants.Options{})
	require.NoError(t, err)
	w, err := v.With(map[string]any{"rows": 4, "pie_rule": true, "houses": 8, "seeds": 2})
	require.NoError(t, err)
	assert.Equal(t, []string{"four-rows", "extra-turns", "pie-rule"}, keys(MechanismsOf(w)))
	assert.Equal(t, []string{"extra-turns"}, keys(MechanismsOf(v)))
}

func TestGroupAndSort(t *testing.T) {
	vs, err := variants.Catalog(variants.Options{})
	require.NoError(t, err)
	Sort(vs)
	var groups []string
	for _, v := range vs {
		if g := Group(v); len(groups) == 0 || groups[len(groups)-1] != g {
			groups = append(groups, g)
		}
	}
	assert.Equal(t, "checkers", groups[0])
	assert.Contains(t, groups, "mancala / West Africa")
	seen := map[string]bool{}
	for _, g := range groups {
		assert.False(t, seen[g], "group %s split", g)
		seen[g] = true
	}
}
