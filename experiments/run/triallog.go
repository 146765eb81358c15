package run

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kalahlab/kalahlab/experiments/internal/logfile"
)

// TrialsZstdFile is the trial log compressed with zstd: the lines of trials.jsonl as a
// stream of independent zstd frames, each holding whole lines. It is what a run
// writes unless asked for a plain log; every reader takes either.
const TrialsZstdFile = TrialsFile + ".zst"

// LogFormat is the format of a trial log: LogZstd (the default) or LogPlain.
type LogFormat string

// The trial log formats.
const (
	LogZstd  LogFormat = "zstd"  // trials.jsonl.zst: zstd frames of JSON lines
	LogPlain LogFormat = "plain" // trials.jsonl: JSON lines
)

// ParseLogFormat reads a trial log format: zstd or plain ("" is zstd).
func ParseLogFormat(s string) (LogFormat, error) {
	switch LogFormat(strings.ToLower(strings.TrimSpace(s))) {
	case LogZstd, "", "zst":
		return LogZstd, nil
	case LogPlain, "jsonl":
		return LogPlain, nil
	}
	return "", fmt.Errorf("trial log format %q unknown (want zstd or plain)", s)
}

// File is the name of the trial log in this format.
func (f LogFormat) File() string {
	if f == LogPlain {
		return TrialsFile
	}
	return TrialsZstdFile
}

// TrialLog returns the path of dir's trial log, trials.jsonl.zst or trials.jsonl. With
// neither the error wraps fs.ErrNotExist; with both (which no run writes) it is an
// error naming them.
func TrialLog(dir string) (string, error) {
	var found []string
	for _, name := range []string{TrialsZstdFile, TrialsFile} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			found = append(found, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	switch len(found) {
	case 0:
		return "", &NoLogError{fmt.Sprintf("%s: no trial log (%s or %s)", dir, TrialsZstdFile, TrialsFile)}
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s holds two trial logs, %s and %s: keep one (remove the other, or decompress with `zstd -d` into a fresh directory)", dir, TrialsZstdFile, TrialsFile)
}

// NoLogError is the error of a directory without a trial log: it wraps fs.ErrNotExist.
type NoLogError struct{ msg string }

func (e *NoLogError) Error() string { return e.msg }
func (e *NoLogError) Unwrap() error { return fs.ErrNotExist }

// RemoveTrialLogs removes dir's trial logs (either format; none is fine).
func RemoveTrialLogs(dir string) error {
	for _, name := range []string{TrialsZstdFile, TrialsFile} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// TrialLogs returns the trial logs of dir: its own, or else those of its shard
// directories.
func TrialLogs(dir string) ([]string, error) {
	p, err := TrialLog(dir)
	if err == nil {
		return []string{p}, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	subs, _ := filepath.Glob(filepath.Join(dir, "shard-*-of-*"))
	var paths []string
	for _, s := range subs {
		p, err := TrialLog(s)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	if len(paths) == 0 {
		return nil, &NoLogError{fmt.Sprintf("%s: no trial log (%s or %s): the run kept none (output.trials: false)", dir, TrialsZstdFile, TrialsFile)}
	}
	return paths, nil
}

// ReadTrials calls fn with each record of dir's trial log (or, when dir has none, of its
// shard directories' logs, one after the other), in the order they were logged, plain
// or compressed. The record is reused from call to call. An error from fn stops the
// reading and is returned.
func ReadTrials(dir string, fn func(*Record) error) error {
	paths, err := TrialLogs(dir)
	if err != nil {
		return err
	}
	var rec Record
	for _, p := range paths {
		if err := eachLine(p, func(line []byte, n int) error {
			rec = Record{}
			if err := json.Unmarshal(line, &rec); err != nil {
				return fmt.Errorf("%s:%d: %w", p, n, err)
			}
			return fn(&rec)
		}); err != nil {
			return err
		}
	}
	return nil
}

// FindTrials calls fn with the record of each trial of want (trial -> cell, emptied as
// they are found) in dir's trial log (or its shard directories'), decoding only their
// lines and reading only until every one is found.
func FindTrials(dir string, want map[int]int, fn func(cell int, rec *Record)) error {
	if len(want) == 0 {
		return nil
	}
	paths, err := TrialLogs(dir)
	if err != nil {
		return err
	}
	left := len(want)
	prefix := []byte(`{"trial":`)
	for _, p := range paths {
		err := eachLine(p, func(line []byte, n int) error {
			if !bytes.HasPrefix(line, prefix) {
				return nil
			}
			digits := line[len(prefix):]
			if end := bytes.IndexByte(digits, ','); end > 0 {
				digits = digits[:end]
			}
			t, err := strconv.Atoi(string(digits))
			if err != nil {
				return nil // not a line of ours; the record check is the readers'
			}
			c, ok := want[t]
			if !ok {
				return nil
			}
			rec := &Record{}
			if err := json.Unmarshal(line, rec); err != nil {
				return fmt.Errorf("%s:%d: %w", p, n, err)
			}
			fn(c, rec)
			delete(want, t)
			if left--; left == 0 {
				return errAllFound
			}
			return nil
		})
		if errors.Is(err, errAllFound) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// errAllFound stops reading the trial log: every trial looked for is found.
var errAllFound = errors.New("every trial looked for is found")

// eachLine calls fn with each whole line of the trial log at path and its number. A
// last line cut short is an error.
func eachLine(path string, fn func(line []byte, n int) error) error {
	lr, err := logfile.Open(path, false)
	if err != nil {
		return err
	}
	defer lr.Close()
	for {
		line, err := lr.Next()
		if errors.Is(err, io.EOF) {
			if len(bytes.TrimSpace(line)) > 0 {
				return fmt.Errorf("%s:%d: the last line is cut short (%d bytes, no newline)", path, lr.Line(), len(line))
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, lr.Line(), err)
		}
		if err := fn(line, lr.Line()); err != nil {
			return err
		}
	}
}
