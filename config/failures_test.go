package config

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFailureLimit(t *testing.T) {
	for _, tc := range []struct {
		text string
		want FailureLimit
		str  string
	}{
		{"0", FailureLimit{}, "0"},
		{"5", FailureLimit{Count: 5}, "5"},
		{" 12 ", FailureLimit{Count: 12}, "12"},
		{"1%", FailureLimit{Percent: 1, Share: true}, "1%"},
		{"0.5 %", FailureLimit{Percent: 0.5, Share: true}, "0.5%"},
		{"100%", FailureLimit{Percent: 100, Share: true}, "100%"},
		{"0%", FailureLimit{Share: true}, "0%"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseFailureLimit(tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.str, got.String())
			back, err := ParseFailureLimit(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, back, "String round-trips")
		})
	}
	for text, want := range map[string]string{
		"-1":    `"-1" is negative`,
		"0.01":  `"0.01" is a fraction, want a count of failed trials such as 0 or 5, or a share of the trials such as "1%" (write a share with %: "1%")`,
		"101%":  `"101%" is out of range, want a percentage 0%..100%`,
		"-1%":   `"-1%" is out of range`,
		"x%":    `"x%" is not a percentage`,
		"NaN%":  `"NaN%" is not a percentage`,
		"lots":  `"lots", want a count`,
		"":      `"", want a count`,
		"1e999": `"1e999", want a count`,
	} {
		_, err := ParseFailureLimit(text)
		assert.ErrorContains(t, err, want, text)
	}
}

func TestFailureLimitExceeded(t *testing.T) {
	for _, tc := range []struct {
		limit          string
		failed, trials int64
		want           bool
	}{
		{"0", 0, 200, false},
		{"0", 1, 200, true},
		{"0", 188, 200, true}, // the Lua variant
		{"3", 3, 200, false},
		{"3", 4, 200, true},
		{"1%", 2, 200, false},
		{"1%", 3, 200, true},
		{"0.5%", 1, 200, false},
		{"0.5%", 2, 200, true},
		{"0%", 1, 10, true},
		{"100%", 10, 10, false},
		{"1%", 0, 0, false},
	} {
		l, err := ParseFailureLimit(tc.limit)
		require.NoError(t, err)
		assert.Equal(t, tc.want, l.Exceeded(tc.failed, tc.trials), "%s: %d of %d", tc.limit, tc.failed, tc.trials)
	}
}

func TestFailureLimitJSON(t *testing.T) {
	type doc struct {
		Max FailureLimit `json:"max_failures"`
	}
	data, err := json.Marshal(doc{FailureLimit{Percent: 2.5, Share: true}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"max_failures": "2.5%"}`, string(data))
	var back doc
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, FailureLimit{Percent: 2.5, Share: true}, back.Max)

	// A manifest written before max_failures existed: the zero limit, any failure fails.
	var old doc
	require.NoError(t, json.Unmarshal([]byte(`{}`), &old))
	assert.Equal(t, FailureLimit{}, old.Max)
	assert.Error(t, json.Unmarshal([]byte(`{"max_failures": "-2"}`), &old))
}

func TestMaxFailuresKey(t *testing.T) {
	clearExperimentEnv(t)
	load := func(extra string) (*Experiment, error) {
		return LoadExperiment(viper.New(), writeStudy(t, "variants: [kalah]\n"+extra))
	}
	e, err := load("")
	require.NoError(t, err)
	assert.Equal(t, FailureLimit{}, e.MaxFailures, "default: no failure allowed")
	for text, want := range map[string]FailureLimit{
		"max_failures: 5\n":      {Count: 5},
		"max_failures: \"1%\"\n": {Percent: 1, Share: true},
		"max_failures: 2%\n":     {Percent: 2, Share: true},
		"max_failures:\n":        {},
	} {
		e, err := load(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, e.MaxFailures, text)
	}
	for text, want := range map[string]string{
		"max_failures: -1\n":     `:2: max_failures: "-1" is negative, want a count of failed trials such as 0 or 5, or a share of the trials such as "1%"`,
		"max_failures: 0.01\n":   `:2: max_failures: "0.01" is a fraction`,
		"max_failures: 150%\n":   `:2: max_failures: "150%" is out of range, want a percentage 0%..100%`,
		"max_failures: [1]\n":    `:2: max_failures: a list, want a count of failed trials`,
		"max_failures: true\n":   `:2: max_failures: the boolean true, want a count`,
		"max_failures: 0x10\n":   `:2: max_failures: the integer 0x10, want a count of failed trials such as 0 or 5, or a share of the trials such as "1%" in decimal`,
		"max_failres: 3\n":       `unknown key "max_failres" (did you mean "max_failures"?`,
		"max_failures: many%\n":  `:2: max_failures: "many%" is not a percentage`,
		"max_failures: {a: 1}\n": `:2: max_failures: a mapping, want a count`,
	} {
		_, err := load(text)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), want, text)
	}

	// The environment and a flag override the file, and are checked the same way.
	path := writeStudy(t, "variants: [kalah]\nmax_failures: 4\n")
	t.Setenv("KALAHLAB_MAX_FAILURES", "3%")
	e, err = LoadExperiment(viper.New(), path)
	require.NoError(t, err)
	assert.Equal(t, FailureLimit{Percent: 3, Share: true}, e.MaxFailures)
	v := viper.New()
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.String("max-failures", "0", "")
	require.NoError(t, v.BindPFlag("max_failures", fs.Lookup("max-failures")))
	require.NoError(t, fs.Parse([]string{"--max-failures", "7"}))
	e, err = LoadExperiment(v, path)
	require.NoError(t, err)
	assert.Equal(t, FailureLimit{Count: 7}, e.MaxFailures)
	t.Setenv("KALAHLAB_MAX_FAILURES", "some")
	_, err = LoadExperiment(viper.New(), path)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), `env KALAHLAB_MAX_FAILURES: "some", want a count`), err.Error())
	v = viper.New()
	v.Set("max_failures", 2)
	t.Setenv("KALAHLAB_MAX_FAILURES", "")
	e, err = LoadExperiment(v, path)
	require.NoError(t, err)
	assert.Equal(t, FailureLimit{Count: 2}, e.MaxFailures, "an integer Set by the caller")
}

func TestStudyExampleNames(t *testing.T) {
	clearExperimentEnv(t)
	want, ok := StudyExample("study-kalah-fairness.yaml")
	require.True(t, ok)
	// The file name with or without .yaml and study-, and the name the run header
	// prints (the file's name key) all find it.
	for _, name := range []string{"study-kalah-fairness", "kalah-fairness", "kalah-fairness.yaml"} {
		got, ok := StudyExample(name)
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	assert.Equal(t, "kalah-fairness", StudyExampleName(DefaultStudy))
	for _, file := range StudyExamples() {
		_, ok := StudyExample(StudyExampleName(file))
		assert.True(t, ok, "%s is found by the name its header prints", file)
	}
	for _, name := range []string{"", "nope", "../study-kalah-fairness", "kalah-pie", "examples/study-kalah-fairness"} {
		_, ok := StudyExample(name)
		assert.False(t, ok, name)
	}

	// run takes the header's name too; the file it reports is the example's.
	e, err := LoadExperiment(viper.New(), "kalah-fairness")
	require.NoError(t, err)
	assert.Equal(t, "kalah-fairness", e.Name)
	assert.Equal(t, DefaultStudy+" (embedded)", e.File)
}

func FuzzParseFailureLimit(f *testing.F) {
	for _, s := range []string{"0", "5", "1%", "0.5 %", "100%", "-1", "x%", "", "1e3", "%", "9223372036854775808"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseFailureLimit(text)
		if err != nil {
			return
		}
		if l.Count < 0 || l.Percent < 0 || l.Percent > 100 {
			t.Fatalf("%q: out of range: %+v", text, l)
		}
		back, err := ParseFailureLimit(l.String())
		if err != nil || back != l {
			t.Fatalf("%q: %+v writes %q, which reads %+v (%v)", text, l, l.String(), back, err)
		}
		if l.Exceeded(0, 10) {
			t.Fatalf("%q: no failure exceeds it", text)
		}
	})
}
