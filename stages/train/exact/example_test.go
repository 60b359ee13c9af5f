package exact_test

import (
	"fmt"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/exact"
)

// The class is the exclusive or of a and b; c is noise to a greedy
// learner. The exact learner finds the depth-2 tree with four leaves.
func Example() {
	bit := []string{"0", "1"}
	schema := dataset.Schema{
		Features: []dataset.Attribute{{Name: "a", Values: bit}, {Name: "b", Values: bit}, {Name: "c", Values: bit}},
		Class:    dataset.Attribute{Name: "xor", Values: bit},
	}
	x := [][]uint8{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 1}, {0, 0, 1}, {1, 1, 0}}
	y := []uint8{0, 1, 1, 0, 0, 0}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := exact.Learner{Opts: exact.DefaultOptions()}.Fit(d, d.All(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	t := m.Tree()
	fmt.Println("depth", t.Depth(), "leaves", t.Leaves(), "optimal", m.Optimal(), "errors", m.TrainingErrors())
	fmt.Println("root tests", schema.Features[t.Feature[0]].Name)
	fmt.Println("predict (1, 0, 1):", m.Predict([]uint8{1, 0, 1}))
	// Output:
	// depth 2 leaves 4 optimal true errors 0
	// root tests a
	// predict (1, 0, 1): 1
}
