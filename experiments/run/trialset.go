package run

import "sort"

// span is the half-open range [lo, hi) of trial ordinals.
type span struct{ lo, hi int }

// trialSet is a set of trial ordinals (0, 1, 2, ... number the trials of a cell that a
// run owns, in index order). Its size is bounded by the gaps between the trials done,
// not by the trials requested: every ordinal below low is in the set, and the ones
// above it are kept as sorted, disjoint runs. Trials finish nearly in order (workers
// take them in order, a chunk at a time), so a run keeps a few runs at most: about one
// per chunk in flight.
type trialSet struct {
	low  int    // every ordinal below low is in the set, low is not
	rest []span // the ordinals above low in the set: sorted, neither touching nor touching low
}

// find returns the index of the first run of rest ending after o.
func (s *trialSet) find(o int) int {
	return sort.Search(len(s.rest), func(k int) bool { return s.rest[k].hi > o })
}

// has reports whether o is in the set.
func (s *trialSet) has(o int) bool {
	if o < s.low {
		return true
	}
	k := s.find(o)
	return k < len(s.rest) && s.rest[k].lo <= o
}

// add puts o (>= 0) in the set and reports whether it was not there yet.
func (s *trialSet) add(o int) bool {
	if s.has(o) {
		return false
	}
	if o == s.low {
		s.low++
		if len(s.rest) > 0 && s.rest[0].lo == s.low {
			s.low = s.rest[0].hi
			s.rest = append(s.rest[:0], s.rest[1:]...)
		}
		return true
	}
	k := s.find(o) // o is not in rest[k] (if any): rest[k].lo > o
	left := k > 0 && s.rest[k-1].hi == o
	right := k < len(s.rest) && s.rest[k].lo == o+1
	switch {
	case left && right:
		s.rest[k-1].hi = s.rest[k].hi
		s.rest = append(s.rest[:k], s.rest[k+1:]...)
	case left:
		s.rest[k-1].hi++
	case right:
		s.rest[k].lo--
	default:
		s.rest = append(s.rest, span{})
		copy(s.rest[k+1:], s.rest[k:])
		s.rest[k] = span{o, o + 1}
	}
	return true
}

// nextAbsent returns the first ordinal >= o that is not in the set.
func (s *trialSet) nextAbsent(o int) int {
	if o < s.low {
		return s.low
	}
	if k := s.find(o); k < len(s.rest) && s.rest[k].lo <= o {
		return s.rest[k].hi
	}
	return o
}

// clone returns a copy that shares no memory with s.
func (s *trialSet) clone() trialSet {
	return trialSet{low: s.low, rest: append([]span(nil), s.rest...)}
}
