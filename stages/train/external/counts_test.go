package external

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// TestCountRows checks the counts countRows gives a tree without them
// against their definition: a leaf's are the class counts of the chosen
// rows whose input reaches it (tree.Apply), an internal node's the sum of
// its distinct children's. The tree has a subset split, so one child is
// reached by two values; every third row is left out of the set.
func TestCountRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	schema := dataset.Schema{Class: dataset.Attribute{Name: "c", Values: []string{"a", "b", "c"}}}
	domains := []int{3, 2, 2}
	for f, z := range domains {
		a := dataset.Attribute{Name: string(rune('p' + f))}
		for v := range z {
			a.Values = append(a.Values, string(rune('0'+v)))
		}
		schema.Features = append(schema.Features, a)
	}
	x, y := make([][]uint8, 500), make([]uint8, 500)
	for r := range x {
		x[r] = []uint8{uint8(rng.IntN(3)), uint8(rng.IntN(2)), uint8(rng.IntN(2))}
		y[r] = uint8(rng.IntN(3))
	}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		t.Fatal(err)
	}
	rows := dataset.NewBitset(d.Len())
	for r := range d.Len() {
		if r%3 != 0 {
			rows.Set(r)
		}
	}
	b := tree.NewBuilder(domains, 3)
	kids := b.Split(b.Root(), 0, []int{0, 1, 1}) // value 0 | values 1 and 2
	b.SetLeaf(kids[0], 0)
	for i, c := range b.SplitMultiway(kids[1], 2) {
		b.SetLeaf(c, i+1)
	}
	tr := b.Tree()
	countRows(tr, d, rows)

	want := make([]int32, tr.Len()*3)
	for r := range d.Len() {
		if rows.Has(r) {
			want[tr.Apply(x[r])*3+int(y[r])]++
		}
	}
	for n := tr.Len() - 1; n >= 0; n-- { // children follow their parents
		for _, br := range tr.Branches(n) {
			for c := range 3 {
				want[n*3+c] += want[br.Child*3+c]
			}
		}
	}
	for n := range tr.Len() {
		for c := range 3 {
			if got := tr.Counts[n*3+c]; got != want[n*3+c] {
				t.Errorf("node %d class %d: count %d, want %d", n, c, got, want[n*3+c])
			}
		}
	}
	if root := tr.Counts[0] + tr.Counts[1] + tr.Counts[2]; int(root) != rows.Count() {
		t.Errorf("root counts %d rows, the set has %d", root, rows.Count())
	}
}
