package config

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/viper"
)

// layers reads the merged settings back from viper: each layered field of a decoded
// struct gets the value of the highest layer that sets it (what the caller Set, a flag
// given on the command line, the environment, the file, the default). A file value
// reaches viper only once the decoder accepted it, so a value rejected here came from the
// environment (named in the error) or from the caller (the key alone); the same rules
// (range, nonblank, oneof) apply as in the file.
type layers struct {
	v      *viper.Viper
	env    []string // the keys bound to KALAHLAB_KEY
	errs   *errorList
	failed map[string]bool // keys whose layered value was rejected
}

// bindEnv binds each key to its variable KALAHLAB_KEY.
func (l *layers) bindEnv() error {
	l.v.SetEnvPrefix(envPrefix)
	for _, k := range l.env {
		if err := l.v.BindEnv(k, envName(k)); err != nil {
			return fmt.Errorf("binding %s: %w", envName(k), err)
		}
	}
	return nil
}

// fail reports a bad layered value of key: from the environment when the variable holds
// this very text, otherwise from the caller.
func (l *layers) fail(key string, val any, msg string, cause error) {
	if l.failed == nil {
		l.failed = map[string]bool{}
	}
	l.failed[key] = true
	e := &Error{Key: key, Msg: msg, Err: cause}
	if slices.Contains(l.env, key) {
		if env, ok := os.LookupEnv(envName(key)); ok && env != "" && env == fmt.Sprint(val) {
			e.Source, e.Key = "env "+envName(key), ""
		}
	}
	l.errs.add(e)
}

// read fills the layered fields of rv (a decoded struct) from viper. Fields tagged
// noviper, rest fields and types that decode themselves or hand viper a value of their
// own are left to the caller.
func (l *layers) read(rv reflect.Value, path string) {
	for _, f := range schemaOf(rv.Type()).fields {
		fv := rv.Field(f.index)
		if f.rule.rest || f.rule.noviper {
			continue
		}
		if _, custom := fv.Addr().Interface().(nodeDecoder); custom {
			continue
		}
		if _, custom := fv.Interface().(viperValuer); custom {
			continue
		}
		p := join(path, f.rule.key)
		if fv.Kind() == reflect.Struct && fv.Type() != durationType {
			l.read(fv, p)
			continue
		}
		l.field(p, &f.rule, fv, l.v.Get(p))
	}
}

// field checks one layered value and stores it.
func (l *layers) field(key string, r *rule, fv reflect.Value, val any) {
	if fv.Type() == durationType {
		l.duration(key, r, fv, val)
		return
	}
	switch fv.Kind() {
	case reflect.String:
		l.str(key, r, fv, val)
	case reflect.Bool:
		l.boolean(key, r, fv, val)
	case reflect.Int, reflect.Uint64:
		l.integer(key, r, fv, val)
	case reflect.Float64:
		l.number(key, r, fv, val)
	case reflect.Slice:
		if fv.Type().Elem().Kind() == reflect.String {
			l.strings(key, r, fv, val)
			return
		}
		panic(fmt.Sprintf("config: cannot read %s from viper", fv.Type()))
	default:
		panic(fmt.Sprintf("config: cannot read %s from viper", fv.Type()))
	}
}

func (l *layers) str(key string, r *rule, fv reflect.Value, val any) {
	want := r.wantOr("a string")
	var s string
	switch x := val.(type) {
	case nil:
	case string:
		s = x
	default:
		l.fail(key, val, fmt.Sprintf("%v (%T), want %s", x, x, want), nil)
		return
	}
	if msg, ok := checkString(s, r, want); !ok {
		l.fail(key, val, msg(), nil)
		return
	}
	fv.SetString(s)
}

func (l *layers) boolean(key string, r *rule, fv reflect.Value, val any) {
	want := r.wantOr("true or false")
	switch x := val.(type) {
	case bool:
		fv.SetBool(x)
	case string:
		b, err := strconv.ParseBool(strings.TrimSpace(x))
		if err != nil {
			l.fail(key, val, fmt.Sprintf("%q, want %s", x, want), err)
			return
		}
		fv.SetBool(b)
	default:
		l.fail(key, val, fmt.Sprintf("%v, want %s", x, want), nil)
	}
}

// integer reads an int or uint64: a number from a flag or Set, or text from the
// environment or a string flag.
func (l *layers) integer(key string, r *rule, fv reflect.Value, val any) {
	want := intWant(r, fv.Kind())
	text := fmt.Sprint(val)
	var x int64
	var u uint64
	switch v := val.(type) {
	case string:
		text = strconv.Quote(v)
		var err error
		if u, err = strconv.ParseUint(strings.TrimSpace(v), 10, 64); err == nil {
			x, text = int64(u), strings.TrimSpace(v)
			break
		}
		if x, err = strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
			u, text = 0, strings.TrimSpace(v)
			break
		}
		msg := text + " is not an integer, want " + want
		if _, ferr := strconv.ParseFloat(strings.TrimSpace(v), 64); ferr == nil {
			msg = text + " is a float, want " + want
		}
		l.fail(key, val, msg, err)
		return
	case float32, float64:
		l.fail(key, val, text+" is a float, want "+want, nil)
		return
	default:
		rv := reflect.ValueOf(val)
		switch {
		case rv.CanInt():
			x = rv.Int()
		case rv.CanUint():
			u = rv.Uint()
			x = int64(u)
		default:
			l.fail(key, val, fmt.Sprintf("%v (%T), want %s", val, val, want), nil)
			return
		}
	}
	l.storeInt(key, r, fv, val, text, x, u)
}

// storeInt range-checks an integer (u holds it when it is beyond int64) and stores it.
func (l *layers) storeInt(key string, r *rule, fv reflect.Value, val any, text string, x int64, u uint64) {
	if fv.Kind() == reflect.Uint64 {
		if u == 0 && x < 0 {
			l.fail(key, val, text+" is negative, want "+intWant(r, fv.Kind()), nil)
			return
		}
		if u == 0 {
			u = uint64(x)
		}
		if (r.hasMin && u < uint64(r.minI)) || (r.hasMax && u > uint64(r.maxI)) {
			l.fail(key, val, text+" is out of range, want "+intWant(r, fv.Kind()), nil)
			return
		}
		fv.SetUint(u)
		return
	}
	if u > math.MaxInt64 {
		lo, hi := intRange(r, fv.Kind())
		l.fail(key, val, fmt.Sprintf("%s is out of range, want an integer %s..%s", text, lo, hi), nil)
		return
	}
	if msg, ok := checkInt(x, text, r, fv.Kind()); !ok {
		l.fail(key, val, msg, nil)
		return
	}
	fv.SetInt(x)
}

func (l *layers) number(key string, r *rule, fv reflect.Value, val any) {
	want := floatWant(r)
	var x float64
	switch v := val.(type) {
	case string:
		var err error
		if x, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
			l.fail(key, val, strconv.Quote(v)+" is not a number, want "+want, err)
			return
		}
	default:
		rv := reflect.ValueOf(val)
		switch {
		case rv.CanFloat():
			x = rv.Float()
		case rv.CanInt():
			x = float64(rv.Int())
		case rv.CanUint():
			x = float64(rv.Uint())
		default:
			l.fail(key, val, fmt.Sprintf("%v (%T), want %s", val, val, want), nil)
			return
		}
	}
	if !checkFloat(x, r) {
		l.fail(key, val, fmt.Sprint(x)+" is out of range, want "+want, nil)
		return
	}
	fv.SetFloat(x)
}

func (l *layers) duration(key string, r *rule, fv reflect.Value, val any) {
	want := r.wantOr(durationWant)
	switch x := val.(type) {
	case time.Duration:
		if x < 0 {
			l.fail(key, val, fmt.Sprintf("%v is negative, want %s", x, want), nil)
			return
		}
		fv.SetInt(int64(x))
	case string:
		d, ok := parseDuration(x)
		if !ok {
			l.fail(key, val, fmt.Sprintf("%q is not a duration, want %s", x, want), nil)
			return
		}
		fv.SetInt(int64(d))
	default:
		if rv := reflect.ValueOf(val); val != nil && rv.CanInt() && rv.Int() == 0 {
			fv.SetInt(0)
			return
		}
		l.fail(key, val, fmt.Sprintf("%v, want %s", val, want), nil)
	}
}

// strings reads a list of strings: a list, or one comma-separated text (a flag or an
// environment variable), each item checked against the rule.
func (l *layers) strings(key string, r *rule, fv reflect.Value, val any) {
	items, err := getStrings(val)
	if err != nil {
		l.fail(key, val, err.Error(), err)
		return
	}
	er := r.elem()
	if len(er.oneof) > 0 && len(items) == 1 && strings.Contains(items[0], ",") {
		items = strings.Split(items[0], ",") // a comma-separated flag or variable
	}
	want := er.wantOr("a string")
	if len(er.oneof) > 0 && er.want == "" {
		want = "one of " + strings.Join(er.oneof, ", ")
	}
	for i := range items {
		items[i] = strings.TrimSpace(items[i])
		if msg, ok := checkString(items[i], er, want); !ok {
			l.fail(key, val, msg(), nil)
			return
		}
	}
	fv.Set(reflect.ValueOf(items))
}

// getStrings reads a list of strings as viper holds it.
func getStrings(x any) ([]string, error) {
	switch x := x.(type) {
	case nil:
		return []string{}, nil
	case string:
		return []string{x}, nil
	case []string:
		return append([]string{}, x...), nil
	case []any:
		out := make([]string, 0, len(x))
		for i, item := range x {
			s, ok := item.(string)
			if !ok {
				return nil, fmt.Errorf("item %d is %v (%T), want a string", i, item, item)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%v (%T), want a list of strings", x, x)
}
