package variants

import (
	"cmp"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/scripts"
)

// withRenames runs the test with list as the old names.
func withRenames(t *testing.T, list []Renamed) {
	t.Helper()
	old := renames
	renames = list
	t.Cleanup(func() { renames = old })
}

// TestRenames: the list of old names is well formed (no old name hides a current one,
// none twice, no chains), and every old name resolves to its game.
func TestRenames(t *testing.T) {
	require.NoError(t, checkRenames(renames))
	for _, r := range Renames() {
		v, err := Lookup(r.Old, Options{})
		require.NoError(t, err, r.Old)
		assert.Equal(t, r.New, v.Name, r.Old)
		assert.Contains(t, v.OldNames, r.Old, "%s lists its old name", r.New)
		assert.NotEmpty(t, r.Why, r.Old)
	}
}

// TestRenameMechanism: an old name resolves to the new one with its knobs, in a
// top-level lookup, an extends and a house rule; it is not listed; the new game names
// its old names; a bad list is refused.
func TestRenameMechanism(t *testing.T) {
	withRenames(t, []Renamed{
		{Old: "old/six-seeds", New: "kalah", Knobs: map[string]any{"seeds": 6}, Why: "Kalah(6,6) is kalah with seeds = 6"},
		{Old: "old/pie", New: "kalah/pie", Why: "renamed"},
	})
	require.NoError(t, checkRenames(renames))

	v, err := Lookup("old/six-seeds", Options{})
	require.NoError(t, err)
	assert.Equal(t, "kalah", v.Name)
	assert.Equal(t, 6, v.Params["seeds"])
	assert.Equal(t, []string{"old/six-seeds"}, v.OldNames)

	v, err = Lookup("old/pie", Options{})
	require.NoError(t, err)
	assert.Equal(t, "kalah/pie", v.Name)
	assert.Equal(t, true, v.Params["pie_rule"])
	assert.Equal(t, []string{"old/pie"}, v.OldNames)

	dir := writeScripts(t, map[string]string{
		"child.lua": `return variant { name = "my/child", extends = "old/six-seeds", params = { houses = 4 } }`,
		"rule.lua":  `return variant { name = "my/rule", extends = "kalah", params = { houses = 5 } }`,
	})
	v, err = Lookup(filepath.Join(dir, "child.lua"), Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"kalah"}, v.Extends, "an extends of an old name is of the game")
	assert.Equal(t, 6, v.Params["seeds"], "with the old name's knobs")
	assert.Equal(t, 4, v.Params["houses"])
	assert.Empty(t, v.OldNames)

	base, err := Lookup("kalah", Options{})
	require.NoError(t, err)
	hr, err := base.WithHouseRules([]string{"old/pie"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, "kalah+kalah/pie", hr.Name)
	assert.Equal(t, true, hr.Params["pie_rule"])

	for _, v := range List(Options{}) {
		assert.False(t, slices.Contains([]string{"old/six-seeds", "old/pie"}, v.Name), "an old name is not listed")
	}

	ren, ok := RenamedFrom("old/six-seeds")
	require.True(t, ok)
	ren.Knobs["seeds"] = 1
	again, _ := RenamedFrom("old/six-seeds")
	assert.Equal(t, 6, again.Knobs["seeds"], "RenamedFrom returns a copy")
	_, ok = RenamedFrom("kalah")
	assert.False(t, ok)
}

func TestRenameListErrors(t *testing.T) {
	tests := []struct {
		name string
		list []Renamed
		want string
	}{
		{"empty", []Renamed{{Old: "a", New: ""}}, "both names are needed"},
		{"twice", []Renamed{{Old: "a", New: "kalah"}, {Old: "a", New: "kalah"}}, `rename "a": given twice`},
		{"a base game", []Renamed{{Old: "kalah", New: "mancala"}}, "a current name"},
		{"a built-in", []Renamed{{Old: "kalah/pie", New: "kalah"}}, "a current name"},
		{"a chain", []Renamed{{Old: "a", New: "b"}, {Old: "b", New: "kalah"}}, `"b" is itself an old name`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkRenames(tc.list)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestRenamesTable: scripts/README.md's tables of old names and retired knobs are the
// lists of renames.go.
func TestRenamesTable(t *testing.T) {
	readme, err := fs.ReadFile(scripts.FS, "README.md")
	require.NoError(t, err)
	section := func(name string) []string {
		text := string(readme)
		begin, end := "<!-- "+name+":begin -->\n", "<!-- "+name+":end -->"
		i, j := strings.Index(text, begin), strings.Index(text, end)
		require.True(t, i >= 0 && j > i, "scripts/README.md has the %s table", name)
		lines := strings.Split(strings.TrimSpace(text[i+len(begin):j]), "\n")
		return lines[2:] // the header and its rule
	}
	var want []string
	for _, r := range Renames() {
		want = append(want, fmt.Sprintf("| `%s` | `%s` | %s |", r.Old, r.New, r.Why))
	}
	assert.Equal(t, want, section("renames"))
	want = nil
	for _, r := range retiredSorted() {
		val := fmt.Sprintf("`%v`", r.Value)
		if r.Value == nil {
			val = "any value (it never changed " + r.Variant + ")"
		}
		want = append(want, fmt.Sprintf("| `%s` | `%s` | %s |", r.Variant, r.Knob, val))
	}
	assert.Equal(t, want, section("retired"))
}

// retiredSorted is retired by variant and knob.
func retiredSorted() []Retired {
	out := slices.Clone(retired)
	slices.SortFunc(out, func(a, b Retired) int {
		return cmp.Or(strings.Compare(a.Variant, b.Variant), strings.Compare(a.Knob, b.Knob))
	})
	return out
}

// TestRetiredKnobs: an old oware record's knobs load (each at the value the kalah-based
// oware had), for oware and the variants on it; another value is refused, saying why.
func TestRetiredKnobs(t *testing.T) {
	old := map[string]any{"empty_capture": true, "end_rule": "mover_cannot_move", "houses": 6, "max_plies": 1000,
		"origin_skip": true, "pie_rule": false, "remaining": "owner", "rows": 2, "seeds": 4, "store_sowing": false}
	for _, name := range []string{"oware", "oware/grand-slam-forbidden", "mancala/oware"} {
		v, err := Lookup(name, Options{})
		require.NoError(t, err)
		w, err := v.With(old)
		require.NoError(t, err, name)
		assert.Equal(t, v.Params, w.Params, name)
		assert.Len(t, v.RetiredKnobs(), len(retired), name)
	}
	v, err := Lookup("oware", Options{})
	require.NoError(t, err)
	w, err := v.With(map[string]any{"empty_capture": false, "store_sowing": "false", "houses": 5})
	require.NoError(t, err, "empty_capture never changed oware; a --set string reads as the value")
	assert.Equal(t, 5, w.Params["houses"])
	_, err = v.With(map[string]any{"store_sowing": true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `knob "store_sowing" is retired: oware is the mancala engine's Oware now`)
	assert.Contains(t, err.Error(), "it is read only as false")
	_, err = v.With(map[string]any{"pie_rule": true})
	assert.ErrorContains(t, err, "moves = { pie_rule = true }")
	k, err := Lookup("kalah", Options{})
	require.NoError(t, err)
	assert.Empty(t, k.RetiredKnobs(), "kalah keeps its knobs")
	_, err = k.With(map[string]any{"store_sowing": "nope"})
	assert.Error(t, err, "kalah's own knobs are its own")
}
