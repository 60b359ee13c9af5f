package costs_test

import (
	"fmt"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/tree"
)

// A case pays for the tests on its path and for its class: here the
// root's question (5), then a delayed blood test, which orders both blood
// tests of its subtree at once (5 and 8, plus the drawing of blood, 2,
// once), and a wrong guess (50).
func ExampleModel_ForTree() {
	m := &costs.Model{
		Tests: []costs.Test{
			{Name: "question", Cost: 5, Group: costs.NoGroup},
			{Name: "blood1", Cost: 5, Group: 0, Delayed: true},
			{Name: "blood2", Cost: 8, Group: 0, Delayed: true},
		},
		Groups: []costs.Group{{Name: "blood", Common: 2}},
		Matrix: [][]float64{{0, 50}, {50, 0}},
	}
	b := tree.NewBuilder([]int{2, 2, 2}, 2)
	k := b.SplitMultiway(b.Root(), 0)
	b.SetLeaf(k[0], 0)
	k = b.SplitMultiway(k[1], 1)
	b.SetLeaf(k[1], 1)
	k = b.SplitMultiway(k[0], 2)
	b.SetLeaf(k[0], 0)
	b.SetLeaf(k[1], 1)
	c, err := m.ForTree(b.Tree())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Case([]uint8{1, 0, 0}, 1)) // guesses class 0
	fmt.Println(c.Case([]uint8{0, 0, 0}, 0)) // only the question
	// Output:
	// 70
	// 5
}
