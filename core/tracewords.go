package core

import (
	"fmt"
	"strings"
)

// TraceWords says what a move did in one sentence from the mover's point of view, as
// the terminal and the browser show it:
//
//	3: 5 seeds from house 3, last in your empty house 1: captured 4 opposite
//	6: 4 seeds from house 6, 1 in your store, last in your store: extra turn
//	2: 6 seeds from house 2, last in their house 3; relay: lifted 4 from their house 3, last in your house 1
//
// The mover's pits are "your", the opponent's "their"; houses are numbered as their
// owner's moves name them.
func TraceWords(t Trace) string {
	w := traceWriter{t: &t}
	for i := range t.Steps {
		w.step(&t.Steps[i])
	}
	w.endLap()
	if len(w.parts) == 0 {
		return t.Move
	}
	if k := t.Steps[0].Kind; k == StepSwap || k == StepPass {
		return strings.Join(w.parts, "")
	}
	return t.Move + ": " + strings.Join(w.parts, "")
}

// traceWriter builds the sentence: parts joined with no separator (each carries its own).
type traceWriter struct {
	t     *Trace
	parts []string
	// the lap being sown: its drops, the seeds into the mover's store, the last pit.
	inLap  bool
	drops  int
	stored int
	last   int
	seen   map[int]int
	round  bool
}

func (w *traceWriter) add(sep, text string) {
	if len(w.parts) == 0 {
		sep = ""
	}
	w.parts = append(w.parts, sep+text)
}

// PitName names pit p from the mover's side: "your house 3", "their store".
func (t *Trace) PitName(p int) string {
	if p < 0 || p >= len(t.Pits) {
		return fmt.Sprintf("pit %d", p+1)
	}
	pi := t.Pits[p]
	who := "their"
	if pi.Own {
		who = "your"
	}
	if pi.Store {
		return who + " store"
	}
	return fmt.Sprintf("%s house %d", who, pi.House)
}

func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}

func (w *traceWriter) startLap() {
	w.inLap, w.drops, w.stored, w.last, w.round = true, 0, 0, -1, false
	w.seen = map[int]int{}
}

// endLap writes the lap sown so far: round the board, seeds into the mover's store,
// where the last one fell.
func (w *traceWriter) endLap() {
	w.endLapEmpty(false)
}

func (w *traceWriter) endLapEmpty(empty bool) {
	if !w.inLap {
		return
	}
	w.inLap = false
	if w.drops == 0 {
		w.add(", ", "no pit could take them")
		return
	}
	if w.round {
		w.add(", ", "round the board")
	}
	last := w.t.PitName(w.last)
	lastIsStore := w.last >= 0 && w.last < len(w.t.Pits) && w.t.Pits[w.last].Store
	if w.stored > 0 && !(lastIsStore && w.t.Pits[w.last].Own && w.stored == 1) {
		w.add(", ", fmt.Sprintf("%d in your store", w.stored))
	}
	if empty && strings.Contains(last, "house") {
		last = strings.Replace(last, "house", "empty house", 1)
	}
	w.add(", ", "last in "+last)
}

func (w *traceWriter) step(st *Step) {
	t := w.t
	switch st.Kind {
	case StepLift:
		w.add("", fmt.Sprintf("%s from house %d", seeds(st.Seeds), t.Pits[st.Pit].House))
		w.startLap()
	case StepRelay:
		w.endLap()
		w.add("; ", fmt.Sprintf("relay: lifted %d from %s", st.Seeds, t.PitName(st.Pit)))
		w.startLap()
	case StepResow:
		w.endLap()
		w.add("; ", fmt.Sprintf("sowed the %d on", st.Seeds))
		w.startLap()
	case StepDrop:
		w.drops++
		w.last = st.Pit
		if st.To >= 0 && st.To < len(t.Pits) && t.Pits[st.To].Store && t.Pits[st.To].Own {
			w.stored++
		}
		if w.seen[st.Pit]++; w.seen[st.Pit] > 1 {
			w.round = true
		}
	case StepTake:
		if st.Last && w.inLap { // the last seed made the take: the lap ends here
			w.inLap = false
			if w.round {
				w.add(", ", "round the board")
			}
			w.add(", ", fmt.Sprintf("the last made %d in %s: took them", st.Seeds, t.PitName(st.Pit)))
			break
		}
		w.add(", ", fmt.Sprintf("took %d from %s", st.Seeds, t.PitName(st.Pit)))
	case StepCapture:
		w.endLapEmpty(st.EmptyBefore)
		w.add(": ", w.captureWords(st))
	case StepNoCapture:
		w.endLapEmpty(st.EmptyBefore)
		w.add(": ", st.Why)
	case StepMark:
		w.endLap()
		if st.To >= 0 {
			w.add(": ", fmt.Sprintf("%s and %s are kept for good", t.PitName(st.Pit), t.PitName(st.To)))
		} else {
			n := 0
			for _, m := range st.Moves {
				n += m.Seeds
			}
			w.add(": ", fmt.Sprintf("captured %d, and %s is yours for good (what falls in it goes to your store)", n, t.PitName(st.Pit)))
		}
	case StepExtraTurn:
		w.endLap()
		w.add(": ", "extra turn")
	case StepSwap:
		side := ""
		if t.Side != "" {
			side = " (you now play " + t.Side + ")"
		}
		w.add("", "swap: the seats exchange sides"+side)
	case StepPass:
		w.add("", "pass: no house can be sown")
	case StepSetup:
		w.add("", fmt.Sprintf("setup: a seed from %s to %s", t.PitName(st.Pit), t.PitName(st.To)))
	case StepSweep:
		w.endLap()
		w.add("; ", "game over: "+w.sweepWords(st.Moves))
	case StepRound:
		w.endLap()
		w.add("; ", "round over: the houses are refilled from the stores")
	case StepOther:
		w.endLap()
		w.add("; ", fmt.Sprintf("%s moved %s", st.Why, w.total(st.Moves)))
	}
}

func (w *traceWriter) total(ms []SeedMove) string {
	n := 0
	for _, m := range ms {
		n += m.Seeds
	}
	return seeds(n)
}

// pitList names the pits seeds were taken from: "their house 3", "their houses 3, 2".
func (w *traceWriter) pitList(ms []SeedMove) string {
	var own, their []string
	for _, m := range ms {
		if m.From < 0 || m.From >= len(w.t.Pits) {
			continue
		}
		pi := w.t.Pits[m.From]
		name := fmt.Sprint(pi.House)
		if pi.Store {
			name = "store"
		}
		if pi.Own {
			own = append(own, name)
		} else {
			their = append(their, name)
		}
	}
	var out []string
	for _, g := range []struct {
		who   string
		names []string
	}{{"their", their}, {"your", own}} {
		switch len(g.names) {
		case 0:
		case 1:
			out = append(out, g.who+" house "+g.names[0])
		default:
			out = append(out, g.who+" houses "+strings.Join(g.names, ", "))
		}
	}
	return strings.Join(out, " and ")
}

// sweepWords says where the seeds left went: "3 to your store, 5 to their store".
func (w *traceWriter) sweepWords(ms []SeedMove) string {
	to := map[int]int{}
	var order []int
	lost := 0
	for _, m := range ms {
		if m.To < 0 {
			lost += m.Seeds
			continue
		}
		if _, ok := to[m.To]; !ok {
			order = append(order, m.To)
		}
		to[m.To] += m.Seeds
	}
	var out []string
	for _, p := range order {
		out = append(out, fmt.Sprintf("%d to %s", to[p], w.t.PitName(p)))
	}
	if lost > 0 {
		out = append(out, fmt.Sprintf("%d off the board", lost))
	}
	if len(out) == 0 {
		return "the seeds stay where they are"
	}
	return strings.Join(out, ", ")
}

// captureWords says what a capture took: "captured 4 opposite, with the capturing
// seed", "captured 6 from their houses 3, 2, 1 (making 2 or 3)".
func (w *traceWriter) captureWords(st *Step) string {
	if st.Why == "" || strings.HasPrefix(st.Why, "(") { // the rule names no pits: the words do
		return strings.TrimSpace(fmt.Sprintf("captured %d from %s %s", st.Seeds, w.pitList(st.Moves), st.Why))
	}
	inLast := 0
	for _, m := range st.Moves {
		if m.From == st.Pit && st.Pit >= 0 && !strings.HasPrefix(st.Why, "from") {
			inLast += m.Seeds
		}
	}
	switch {
	case inLast == 0:
		return fmt.Sprintf("captured %d %s", st.Seeds, st.Why)
	case inLast == 1:
		return fmt.Sprintf("captured %d %s, with the capturing seed", st.Seeds-1, st.Why)
	}
	return fmt.Sprintf("captured %d %s, with the %d in %s", st.Seeds-inLast, st.Why, inLast, w.t.PitName(st.Pit))
}
