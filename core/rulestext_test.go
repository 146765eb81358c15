package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRulesTextFormat(t *testing.T) {
	var text RulesText
	text = text.Add("Board", "Two rows of six houses.", "")
	text = text.Add("End", "")
	text = text.Add("Board", "Four seeds in each house, forty-eight in all.")
	assert.Len(t, text, 1, "a section of no sentences is not added")
	assert.NotNil(t, text.Section("Board"))
	assert.Nil(t, text.Section("End"))
	assert.Equal(t, "Board\n  Two rows of six houses.\n  Four seeds in each house,\n    forty-eight in all.\n", text.Format("", 28))
	assert.Equal(t, "Board\n  Two rows of six houses.\n  Four seeds in each house, forty-eight in all.\n", text.Format("", 0))
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  string
	}{
		{"", 10, ""},
		{"one two three", 0, "> one two three\n"},
		{"one two three", 9, "> one two\n  three\n"},
		{"averyveryverylongword x", 5, "> averyveryverylongword\n  x\n"},
	} {
		assert.Equal(t, c.want, Wrap(c.text, "> ", "  ", c.width), "%q at %d", c.text, c.width)
	}
}
