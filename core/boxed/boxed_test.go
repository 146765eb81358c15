package boxed_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kalahlab/kalahlab/core/boxed"
)

func row(above bool, labels []int, texts ...string) boxed.Row {
	r := boxed.Row{Above: above}
	for i, t := range texts {
		r.Cells = append(r.Cells, boxed.Cell{Text: t, Label: labels[i]})
	}
	return r
}

// TestRender draws two rows with the stores between them, and one row with the stores
// under it; colour paints the cells and stores that have a code.
func TestRender(t *testing.T) {
	b := boxed.Board{Top: "  North", Bottom: "  South", Half: 1,
		Rows: []boxed.Row{row(true, []int{2, 1}, "  4 ", "  0 "), row(false, []int{1, 2}, " 12 ", "  3s")},
		Left: boxed.Store{Text: "[  1]"}, Right: boxed.Store{Text: "[ 10]"}, Notes: []string{"game over"}}
	assert.Equal(t, `  North
          2    1
       +----+----+
       |  4 |  0 |
 [  1] +----+----+ [ 10]
       | 12 |  3s|
       +----+----+
          1    2
  South
game over
`, boxed.Render(b))

	one := boxed.Board{Top: "  North", Bottom: "  South", Color: true,
		Rows: []boxed.Row{{Cells: []boxed.Cell{{Text: "  2 ", Code: "\x1b[1m", Label: 1}, {Text: "    "}}}},
		Left: boxed.Store{Text: "[  0]", Code: "\x1b[33m"}, Right: boxed.Store{Text: "[  3]"}}
	assert.Equal(t, "  North\n       +----+----+\n       |\x1b[1m  2 \x1b[0m|    |\n       +----+----+\n          1\n"+
		" \x1b[33m[  0]\x1b[0m             [  3]\n  South\n", boxed.Render(one))
}
