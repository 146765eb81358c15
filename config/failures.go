package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FailureLimit is how many failed trials (a Lua hook error, an agent error, a panic) a
// cell of a study may have and still be summarised: the study's max_failures. A cell
// with more gets no balance, no advantage, no seat test and no comparison, and makes
// `experiment run` exit with a code of its own. The zero value allows none.
//
// It is written as a count ("0", "5": at most that many failed trials in the cell) or
// as a share of the cell's trials ("1%", "0.5%": at most that percentage).
type FailureLimit struct {
	Count   int64   // the most failed trials allowed, when Share is false
	Percent float64 // the most failed trials allowed, as a percentage 0..100 of the trials, when Share is true
	Share   bool
}

// failureLimitWant is what max_failures takes, in words.
const failureLimitWant = `a count of failed trials such as 0 or 5, or a share of the trials such as "1%"`

// ParseFailureLimit reads a failure limit: a non-negative integer count, or a percentage
// 0..100 followed by "%".
func ParseFailureLimit(text string) (FailureLimit, error) {
	s := strings.TrimSpace(text)
	if p, ok := strings.CutSuffix(s, "%"); ok {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return FailureLimit{}, fmt.Errorf("%q is not a percentage, want %s", text, failureLimitWant)
		}
		if x < 0 || x > 100 {
			return FailureLimit{}, fmt.Errorf("%q is out of range, want a percentage 0%%..100%%", text)
		}
		return FailureLimit{Percent: x, Share: true}, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err == nil && n >= 0:
		return FailureLimit{Count: n}, nil
	case err == nil:
		return FailureLimit{}, fmt.Errorf("%q is negative, want %s", text, failureLimitWant)
	}
	if _, ferr := strconv.ParseFloat(s, 64); ferr == nil {
		return FailureLimit{}, fmt.Errorf("%q is a fraction, want %s (write a share with %%: \"1%%\")", text, failureLimitWant)
	}
	return FailureLimit{}, fmt.Errorf("%q, want %s", text, failureLimitWant)
}

// String writes the limit as ParseFailureLimit reads it: "0", "5" or "1%".
func (f FailureLimit) String() string {
	if f.Share {
		return strconv.FormatFloat(f.Percent, 'f', -1, 64) + "%"
	}
	return strconv.FormatInt(f.Count, 10)
}

// Exceeded reports whether failed of trials is more than the limit allows.
func (f FailureLimit) Exceeded(failed, trials int64) bool {
	if failed <= 0 {
		return false
	}
	if f.Share {
		// failed/trials > Percent/100, without dividing by zero trials.
		return float64(failed)*100 > f.Percent*float64(trials)
	}
	return failed > f.Count
}

// MarshalText writes the limit as text ("0", "1%"): JSON holds it as a string.
func (f FailureLimit) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads what MarshalText writes; empty text is the zero limit.
func (f *FailureLimit) UnmarshalText(text []byte) error {
	if len(strings.TrimSpace(string(text))) == 0 {
		*f = FailureLimit{}
		return nil
	}
	x, err := ParseFailureLimit(string(text))
	if err != nil {
		return fmt.Errorf("max_failures: %w", err)
	}
	*f = x
	return nil
}

// failuresDoc is max_failures as a file writes it: an integer, or a string such as
// "1%"; viper gets its text.
type failuresDoc struct {
	limit FailureLimit
}

func (f *failuresDoc) decodeYAML(d *decoder, n *yaml.Node, path string, _ *rule) bool {
	node := deref(n)
	if node == nil || node.Kind != yaml.ScalarNode || (node.ShortTag() != tagInt && node.ShortTag() != tagStr && node.ShortTag() != tagFloat) {
		d.errf(n, path, "%s, want %s", describe(node), failureLimitWant)
		return false
	}
	if node.ShortTag() == tagInt && !isIntegerText(node.Value) { // 0x10, 0o7: say what it is
		d.errf(n, path, "%s, want %s in decimal", describe(node), failureLimitWant)
		return false
	}
	x, err := ParseFailureLimit(node.Value)
	if err != nil {
		d.errf(n, path, "%s", err)
		return false
	}
	f.limit = x
	return true
}

func (f failuresDoc) viperValue() any { return f.limit.String() }

// failureLimit reads the layered max_failures from viper: the file's text, an
// environment variable's, a flag's, or an integer the caller Set.
func (l *layers) failureLimit(key string) FailureLimit {
	val := l.v.Get(key)
	var text string
	switch x := val.(type) {
	case nil:
		return FailureLimit{}
	case string:
		text = x
	case int, int64, int32, uint, uint64, uint32:
		text = fmt.Sprint(x)
	case FailureLimit:
		return x
	default:
		l.fail(key, val, fmt.Sprintf("%v (%T), want %s", val, val, failureLimitWant), nil)
		return FailureLimit{}
	}
	x, err := ParseFailureLimit(text)
	if err != nil {
		l.fail(key, val, err.Error(), nil)
		return FailureLimit{}
	}
	return x
}
