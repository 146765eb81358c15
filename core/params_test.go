package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kalahlab/kalahlab/core"
)

var testSpecs = []core.ParamSpec{
	{Name: "houses", Kind: core.Int, Default: 6, Min: 1, Max: 16},
	{Name: "rows", Kind: core.Int, Default: 2, Min: 2, Max: 4, OneOf: []int{2, 4}},
	{Name: "pie_rule", Kind: core.Bool, Default: false},
	{Name: "end_rule", Kind: core.Enum, Default: "a", Choices: []string{"a", "b"}},
}

func TestParams(t *testing.T) {
	for _, tc := range []struct {
		pairs []string
		want  map[string]any
		err   string
	}{
		{[]string{"houses=4", "pie_rule=true", "end_rule=b"}, map[string]any{"houses": 4, "pie_rule": true, "end_rule": "b"}, ""},
		{[]string{"housez=4"}, nil, `did you mean "houses"`},
		{[]string{"houses=4.5"}, nil, "an integer 1..16"},
		{[]string{"rows=3"}, nil, "one of 2, 4"},
		{[]string{"end_rule=c"}, nil, "one of a, b"},
		{[]string{"pie_rule=maybe"}, nil, "true or false"},
		{[]string{"=4"}, nil, "key=value"},
	} {
		got, err := core.ParseAssignments(testSpecs, tc.pairs)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, "%v", tc.pairs)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	_, err := core.Apply(testSpecs, core.Defaults(testSpecs), map[string]any{"houses": 4.0})
	assert.NoError(t, err, "an integral float (a Lua number) is an integer")
	_, err = core.Apply(testSpecs, core.Defaults(testSpecs), map[string]any{"houses": 4.5})
	assert.Error(t, err)
	assert.Equal(t, "", core.Suggest("zzzzzz", []string{"houses"}))
}

// FuzzParseAssignments: --set values either fail with an error or give a value the
// spec accepts.
func FuzzParseAssignments(f *testing.F) {
	for _, s := range []string{"houses=4", "rows=2", "pie_rule=1", "end_rule=b", "x", "=", "houses=99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pair string) {
		got, err := core.ParseAssignments(testSpecs, []string{pair})
		if err != nil {
			return
		}
		_, err = core.Apply(testSpecs, core.Defaults(testSpecs), got)
		require.NoError(t, err, "%q parsed to %v, which the specs refuse", pair, got)
	})
}

func TestClose(t *testing.T) {
	names := []string{"kalah", "oware", "mancala/kalah", "mancala/oware", "mancala/owela", "mancala/kalah-standard",
		"kalah/pie", "kalah/standard-capture", "checkers/flying-kings", "tictactoe", "mancala"}
	tests := []struct {
		name string
		want []string
	}{
		{"kalha", []string{"kalah", "mancala/kalah"}},
		{"owre", []string{"oware", "mancala/oware"}},
		{"mancala/owre", []string{"mancala/oware", "oware"}},
		{"mancala/xyzzy", []string{}},
		{"kalah/pei", []string{"kalah/pie"}},
		{"kalah/standard", []string{"kalah/standard-capture"}},
		{"checkers/flying", []string{"checkers/flying-kings"}},
		{"tictac", []string{"tictactoe"}},
		{"kalah", []string{"mancala/kalah", "mancala/kalah-standard"}}, // the name itself is left out
		{"", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, core.Close(tc.name, names, 5))
		})
	}
	assert.Len(t, core.Close("mancala/owar", names, 1), 1, "at most n")
}
