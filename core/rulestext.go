package core

import (
	"slices"
	"strings"
)

// RulesText is a game's rules in plain words, in sections read in order ("Board",
// "Sowing", "Captures", "Moves", "End"): what `kalahlab variants show`, the variant
// page and the Play page show. Each game package writes its own from its rules (the
// mancala engine's from its descriptor, every field of it; the others from their
// knobs), and the variants package adds what a variant's hooks change.
type RulesText []RulesSection

// RulesSection is one part of a rules text: a title and its sentences, each a
// paragraph of its own.
type RulesSection struct {
	Title     string   `json:"title"`
	Sentences []string `json:"sentences"`
}

// RulesTexter is a game that states its rules in words.
type RulesTexter interface {
	RulesText() RulesText
}

// Section returns the section titled title (nil when there is none), for adding to it.
func (t RulesText) Section(title string) *RulesSection {
	for i := range t {
		if t[i].Title == title {
			return &t[i]
		}
	}
	return nil
}

// Add appends sentences to the section titled title, adding the section at the end
// when there is none; empty sentences are left out (and a section of none is not
// added). It returns the text.
func (t RulesText) Add(title string, sentences ...string) RulesText {
	if !slices.ContainsFunc(sentences, func(x string) bool { return x != "" }) {
		return t
	}
	s := t.Section(title)
	if s == nil {
		t = append(t, RulesSection{Title: title})
		s = &t[len(t)-1]
	}
	for _, x := range sentences {
		if x != "" {
			s.Sentences = append(s.Sentences, x)
		}
	}
	return t
}

// Format writes the text for a terminal: each section's title on a line of its own,
// its sentences below, indented and wrapped at width columns (0: not wrapped).
func (t RulesText) Format(indent string, width int) string {
	var b strings.Builder
	for _, s := range t {
		if len(s.Sentences) == 0 {
			continue
		}
		b.WriteString(indent + s.Title + "\n")
		for _, x := range s.Sentences {
			b.WriteString(Wrap(x, indent+"  ", indent+"    ", width))
		}
	}
	return b.String()
}

// String is the text at 80 columns, unindented (Format("", 80)).
func (t RulesText) String() string { return t.Format("", 80) }

// Wrap breaks text into lines of at most width columns (0: one line), the first line
// starting with first and the others with rest, each ending in a newline. A word longer
// than the width keeps a line of its own.
func Wrap(text, first, rest string, width int) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return ""
	}
	var b strings.Builder
	line := first + words[0]
	for _, w := range words[1:] {
		if width > 0 && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = rest + w
			continue
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
	return b.String()
}
