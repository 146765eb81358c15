package config

import (
	"testing"

	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExperimentRecord(t *testing.T) {
	clearExperimentEnv(t)
	for _, tc := range []struct {
		name string
		yaml string
		want []string
	}{
		{"left out", "variants: [kalah]\n", nil},
		{"empty", "variants: [kalah]\nrecord:\n", nil},
		{"a single value", "variants: [kalah]\nrecord: evaluations\n", []string{"evaluations"}},
		{"a list", "variants: [kalah]\nrecord: [evaluations]\n", []string{"evaluations"}},
		{"twice is once", "variants: [kalah]\nrecord: [evaluations, evaluations]\n", []string{"evaluations"}},
		{"an empty list", "variants: [kalah]\nrecord: []\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := LoadExperiment(viper.New(), writeStudy(t, tc.yaml))
			require.NoError(t, err)
			assert.Equal(t, tc.want, e.Record)
		})
	}
}

func TestExperimentRecordErrors(t *testing.T) {
	clearExperimentEnv(t)
	for _, tc := range []struct {
		name string
		yaml string
		want string // the message after the file name
	}{
		{"misspelt", "variants: [kalah]\nrecord: evalutions\n",
			`:2: record[1]: record "evalutions" unknown (did you mean "evaluations"? want one of evaluations)`},
		{"unknown", "variants: [kalah]\nrecord: [evaluations, moves]\n",
			`:2: record[2]: record "moves" unknown (want one of evaluations)`},
		{"a number", "variants: [kalah]\nrecord: 3\n",
			`:2: record[1]: the integer 3, want one of evaluations`},
		{"a mapping", "variants: [kalah]\nrecord: { evaluations: true }\n",
			`:2: record[1]: a mapping, want one of evaluations`},
		{"a bool", "variants: [kalah]\nrecord: true\n",
			`:2: record[1]: the boolean true, want one of evaluations`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeStudy(t, tc.yaml)
			_, err := LoadExperiment(viper.New(), path)
			require.Error(t, err)
			var cerr *Error
			require.ErrorAs(t, err, &cerr)
			assert.Contains(t, err.Error(), path+tc.want)
		})
	}
}
