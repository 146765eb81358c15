package run

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is a deterministic slice of a study's trials: trial t (the study-wide trial
// number, cell*games + index) belongs to shard t mod Count. The zero Shard is the whole
// study.
type Shard struct {
	Index, Count int
}

// Whole reports whether the shard is the whole study.
func (s Shard) Whole() bool { return s.Count <= 1 }

// Owns reports whether trial t belongs to the shard.
func (s Shard) Owns(t int) bool { return s.Whole() || t%s.Count == s.Index }

// String writes "3/64", or "" for the whole study.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Dir is the shard's directory name under the output directory: shard-3-of-64.
func (s Shard) Dir() string { return fmt.Sprintf("shard-%d-of-%d", s.Index, s.Count) }

// Environment variables that give the shard index on a cluster.
const (
	envK8sIndex   = "JOB_COMPLETION_INDEX" // Kubernetes Indexed Jobs: 0..completions-1
	envSlurmIndex = "SLURM_ARRAY_TASK_ID"  // Slurm job arrays: --array=0-63 (or 1-64 with SLURM_ARRAY_TASK_MIN=1)
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"
)

// ParseShard reads --shard: "i/n" with 0 <= i < n, or "n" alone, the index then coming
// from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm, counted from
// SLURM_ARRAY_TASK_MIN when that is set), looked up with getenv. "" is the whole study.
func ParseShard(text string, getenv func(string) string) (Shard, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Shard{}, nil
	}
	idxText, countText, hasIndex := strings.Cut(text, "/")
	if !hasIndex {
		countText = idxText
	}
	n, err := strconv.Atoi(countText)
	if err != nil || n < 1 {
		return Shard{}, fmt.Errorf("--shard %q: want i/n (0 <= i < n) such as 3/64, or n with the index from $%s or $%s", text, envK8sIndex, envSlurmIndex)
	}
	var i int
	switch {
	case hasIndex:
		if i, err = strconv.Atoi(idxText); err != nil {
			return Shard{}, fmt.Errorf("--shard %q: the index %q is not a number", text, idxText)
		}
	case getenv(envK8sIndex) != "":
		if i, err = strconv.Atoi(getenv(envK8sIndex)); err != nil {
			return Shard{}, fmt.Errorf("$%s=%q is not a number", envK8sIndex, getenv(envK8sIndex))
		}
	case getenv(envSlurmIndex) != "":
		if i, err = strconv.Atoi(getenv(envSlurmIndex)); err != nil {
			return Shard{}, fmt.Errorf("$%s=%q is not a number", envSlurmIndex, getenv(envSlurmIndex))
		}
		if m := getenv(envSlurmMin); m != "" {
			min, err := strconv.Atoi(m)
			if err != nil {
				return Shard{}, fmt.Errorf("$%s=%q is not a number", envSlurmMin, m)
			}
			i -= min
		}
	default:
		return Shard{}, fmt.Errorf("--shard %d: no shard index: write --shard i/%d, or set $%s or $%s", n, n, envK8sIndex, envSlurmIndex)
	}
	if i < 0 || i >= n {
		return Shard{}, fmt.Errorf("--shard: index %d out of range 0..%d", i, n-1)
	}
	if n == 1 {
		return Shard{}, nil
	}
	return Shard{Index: i, Count: n}, nil
}
