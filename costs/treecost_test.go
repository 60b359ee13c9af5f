package costs

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// handTree is the hand example: five ternary features a b c d e (0..4),
// a and b immediate, c and d delayed; b and c share group G's common
// cost of 3.
//
//	n0 a: {0} → leaf n1 c0; {1,2} → n2
//	n2 a again (a repeated test): {0,1} → n3; {2} → n4
//	n3 b: {0} → leaf n5 c1; {1,2} → n6
//	n6 c (delayed): {0} → leaf n7 c0; {1,2} → n8
//	n8 e: {0} → leaf n9 c1; {1,2} → leaf n10 c0
//	n4 d (delayed): 0 → n11; 1 → n12; 2 → leaf n13 c1
//	n11 c: {0} → leaf n14 c0; {1,2} → n15
//	n15 a (on the path already): {0} → leaf n16 c1; {1,2} → leaf n17 c0
//	n12 b: {0} → leaf n18 c0; {1,2} → n19
//	n19 c (again in d's subtree): {0} → leaf n20 c1; {1,2} → leaf n21 c0
//
// The matrix has a benefit: guessing c0 for a c0 case pays −1.
func handTree() (*Model, *tree.Tree) {
	m := &Model{
		Tests: []Test{
			{Name: "a", Cost: 1, Group: NoGroup},
			{Name: "b", Cost: 4, Group: 0},
			{Name: "c", Cost: 6, Group: 0, Delayed: true},
			{Name: "d", Cost: 10, Group: NoGroup, Delayed: true},
			{Name: "e", Cost: 2, Group: NoGroup},
		},
		Groups: []Group{{Name: "G", Common: 3}},
		Matrix: [][]float64{{-1, 5}, {20, 0}},
	}
	b := tree.NewBuilder([]int{3, 3, 3, 3, 3}, 2)
	const a, bb, c, d, e = 0, 1, 2, 3, 4
	split := func(n, f int, group ...int) []int { return b.Split(n, f, group) }
	n0 := b.Root()
	k := split(n0, a, 0, 1, 1) // n1, n2
	b.SetLeaf(k[0], 0)
	split(2, a, 0, 0, 1)      // n3, n4
	k = split(3, bb, 0, 1, 1) // n5, n6
	b.SetLeaf(k[0], 1)
	k = split(6, c, 0, 1, 1) // n7, n8
	b.SetLeaf(k[0], 0)
	k = split(8, e, 0, 1, 1) // n9, n10
	b.SetLeaf(k[0], 1)
	b.SetLeaf(k[1], 0)
	k = split(4, d, 0, 1, 2) // n11, n12, n13
	b.SetLeaf(k[2], 1)
	k = split(11, c, 0, 1, 1) // n14, n15
	b.SetLeaf(k[0], 0)
	k = split(15, a, 0, 1, 1) // n16, n17
	b.SetLeaf(k[0], 1)
	b.SetLeaf(k[1], 0)
	k = split(12, bb, 0, 1, 1) // n18, n19
	b.SetLeaf(k[0], 0)
	k = split(19, c, 0, 1, 1) // n20, n21
	b.SetLeaf(k[0], 1)
	b.SetLeaf(k[1], 0)
	return m, b.Tree()
}

// TestHandTree checks the hand example leaf by leaf and case by case.
//
//   - n1: a = 1.
//   - n5: a (1), a again (free), b and G's common cost (4 + 3) = 8.
//   - under n6: a, b with G (8), then c is delayed: its subtree tests c
//     and e, so c (6, G already paid) and e (2) = 16, and nothing below.
//   - under n4: a (1), then d is delayed: its subtree tests d, c, a and
//     b, so d (10), c with G (6 + 3), b (4, G paid once), a (already
//     paid) = 24 — c met twice in the subtree and a met again are each
//     charged once.
func TestHandTree(t *testing.T) {
	m, tr := handTree()
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	c, err := m.ForTree(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{1: 1, 5: 8, 7: 16, 9: 16, 10: 16}
	for _, n := range []int{13, 14, 16, 17, 18, 20, 21} {
		want[n] = 24
	}
	for n := range tr.Len() {
		if !tr.IsLeaf(n) {
			continue
		}
		if got := c.Tests(n); !near9(got, want[n]) {
			t.Errorf("Tests(leaf %d) = %.6g; want %.6g", n, got, want[n])
		}
	}
	cases := []struct {
		name   string
		x      []uint8 // a b c d e
		actual int
		leaf   int
		want   float64
	}{
		{"a only, right guess: a benefit", []uint8{0, 0, 0, 0, 0}, 0, 1, 0},
		{"a only, wrong guess", []uint8{0, 0, 0, 0, 0}, 1, 1, 1 + 5},
		{"a twice, b with its group", []uint8{1, 0, 0, 0, 0}, 0, 5, 8 + 20},
		{"delayed c orders e", []uint8{1, 1, 1, 0, 2}, 0, 10, 16 - 1},
		{"delayed c, leaf at once", []uint8{1, 2, 0, 0, 0}, 1, 7, 16 + 5},
		{"delayed d, a again below", []uint8{2, 0, 1, 0, 0}, 1, 17, 24 + 5},
		{"delayed d, c again below", []uint8{2, 2, 0, 1, 0}, 1, 20, 24 + 0},
		{"delayed d, leaf at once", []uint8{2, 0, 0, 2, 0}, 0, 13, 24 + 20},
	}
	x := make([][]uint8, len(cases))
	y := make([]uint8, len(cases))
	sum := 0.0
	for i, tc := range cases {
		if leaf := tr.Apply(tc.x); leaf != tc.leaf {
			t.Fatalf("%s: reaches leaf %d; want %d", tc.name, leaf, tc.leaf)
		}
		if got := c.Case(tc.x, tc.actual); !near9(got, tc.want) {
			t.Errorf("%s: Case = %.6g; want %.6g", tc.name, got, tc.want)
		}
		x[i], y[i] = tc.x, uint8(tc.actual)
		sum += tc.want
	}
	d, err := dataset.FromRows(schemaFor(tr.Domains, 2), x, y)
	if err != nil {
		t.Fatal(err)
	}
	got := c.Mean(d, d.All())
	if got.Cases != len(cases) || !near9(got.Total(), sum/float64(len(cases))) {
		t.Errorf("Mean = %+v (total %.6g); want %d cases, total %.6g", got, got.Total(), len(cases), sum/float64(len(cases)))
	}
}

// TestWorkedExample follows the seed's worked example (its Tables 1-3):
// tests alpha and beta immediate, delta and epsilon delayed and sharing a
// common cost of $2.00, so epsilon, $10.00 alone, costs $8.00 once delta
// is ordered; a wrong guess pays $50.00. The tree: alpha at the root;
// alpha = 0 → beta; alpha = 1 → delta, whose branch 0 tests epsilon.
// The traced case goes alpha (5), delta, which is delayed and orders its
// subtree: delta with the common cost (5 + 2 = 7) and epsilon (8); the
// epsilon step is paid already; the guess is wrong (50): 70 in all.
func TestWorkedExample(t *testing.T) {
	const alpha, beta, delta, epsilon = 0, 1, 2, 3
	m := &Model{
		Tests: []Test{
			{Name: "alpha", Cost: 5, Group: NoGroup},
			{Name: "beta", Cost: 10, Group: NoGroup},
			{Name: "delta", Cost: 5, Group: 0, Delayed: true},
			{Name: "epsilon", Cost: 8, Group: 0, Delayed: true},
		},
		Groups: []Group{{Name: "blood", Common: 2}},
		Matrix: [][]float64{{0, 50}, {50, 0}},
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if m.Full(epsilon) != 10 || m.Full(delta) != 7 {
		t.Fatalf("full costs: epsilon %v, delta %v; want 10 and 7", m.Full(epsilon), m.Full(delta))
	}
	b := tree.NewBuilder([]int{2, 2, 2, 2}, 2)
	k := b.SplitMultiway(b.Root(), alpha) // n1, n2
	kb := b.SplitMultiway(k[0], beta)     // n3, n4
	b.SetLeaf(kb[0], 0)
	b.SetLeaf(kb[1], 1)
	kd := b.SplitMultiway(k[1], delta) // n5, n6
	b.SetLeaf(kd[1], 1)
	ke := b.SplitMultiway(kd[0], epsilon) // n7, n8
	b.SetLeaf(ke[0], 0)
	b.SetLeaf(ke[1], 1)
	tr := b.Tree()
	c, err := m.ForTree(tr)
	if err != nil {
		t.Fatal(err)
	}
	traced := []uint8{1, 0, 0, 0} // alpha 1, delta 0, epsilon 0: leaf n7, class 0
	if got := c.Case(traced, 1); got != 70 {
		t.Errorf("traced case costs %v; want 5 + 7 + 8 + 50 = 70", got)
	}
	if got := c.Case([]uint8{1, 0, 1, 1}, 1); got != 20 {
		t.Errorf("delta = 1 costs %v; want 5 + 7 + 8 = 20: the subtree was ordered", got)
	}
	if got := c.Case([]uint8{0, 1, 0, 0}, 1); got != 15 {
		t.Errorf("the immediate side costs %v; want 5 + 10 = 15", got)
	}
}

// TestDelayedNeverCheaper is the property test: on random CART-like trees
// (features tested again below themselves) with random costs, groups and
// delayed tests, every leaf's test cost equals the reference reading of
// the definition (referenceTests), and making every test immediate never
// raises it.
func TestDelayedNeverCheaper(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 400 {
		m := 1 + rng.IntN(7)
		if i%50 == 0 {
			m = 70 + rng.IntN(60) // more than one word of features
		}
		domains := make([]int, m)
		for f := range domains {
			domains[f] = 2 + rng.IntN(3)
		}
		k := 2 + rng.IntN(2)
		tr := randomTree(rng, domains, k, 1+rng.IntN(7))
		if err := tr.Validate(); err != nil {
			t.Fatal(err)
		}
		model := randomModel(rng, m, k)
		immediate := *model
		immediate.Tests = append([]Test(nil), model.Tests...)
		for f := range immediate.Tests {
			immediate.Tests[f].Delayed = false
		}
		c, err := model.ForTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		ci, err := immediate.ForTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		for n := range tr.Len() {
			if !tr.IsLeaf(n) {
				continue
			}
			if got, want := c.Tests(n), referenceTests(model, tr, n); !near9(got, want) {
				t.Fatalf("tree %d leaf %d: Tests = %.9g; the definition gives %.9g", i, n, got, want)
			}
			if got, want := ci.Tests(n), referenceTests(&immediate, tr, n); !near9(got, want) {
				t.Fatalf("tree %d leaf %d, all immediate: Tests = %.9g; the definition gives %.9g", i, n, got, want)
			}
			if ci.Tests(n) > c.Tests(n)+1e-9 {
				t.Fatalf("tree %d leaf %d: all immediate costs %.9g, more than %.9g with delays", i, n, ci.Tests(n), c.Tests(n))
			}
		}
	}
}

// TestFreeTestsCostTheErrors checks that with every test free the average
// cost is the matrix-weighted error Σ M[predicted][actual] / N (with the
// default matrix, the error rate), and that Mean agrees with Case row by
// row whatever the costs.
func TestFreeTestsCostTheErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for i := range 100 {
		domains := []int{2, 3, 2, 4, 3, 2}
		k := 2 + i%3
		tr := randomTree(rng, domains, k, 5)
		d := sampleRows(t, rng, domains, k, 200)
		model := randomModel(rng, len(domains), k)
		if i%2 == 0 {
			model.Matrix = DefaultMatrix(k)
		}
		free := *model
		free.Tests = append([]Test(nil), model.Tests...)
		for f := range free.Tests {
			free.Tests[f].Cost = 0
		}
		free.Groups = []Group{}
		for f := range free.Tests {
			free.Tests[f].Group = NoGroup
		}
		cf, err := free.ForTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		c, err := model.ForTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		weighted, wrong, sum := 0.0, 0, 0.0
		x := make([]uint8, 0, len(domains))
		for r := range d.Len() {
			x = d.Row(r, x)
			p, a := tr.Predict(x), int(d.Label(r))
			weighted += model.Matrix[p][a]
			if p != a {
				wrong++
			}
			sum += c.Case(x, a)
		}
		n := float64(d.Len())
		got := cf.Mean(d, d.All())
		if got.Tests != 0 || !near9(got.Total(), weighted/n) {
			t.Fatalf("case %d: free tests: Mean = %+v; want tests 0, total %.9g", i, got, weighted/n)
		}
		if i%2 == 0 && !near9(got.Total(), float64(wrong)/n) {
			t.Fatalf("case %d: default matrix: Mean total %.9g; want the error rate %.9g", i, got.Total(), float64(wrong)/n)
		}
		if m := c.Mean(d, d.All()); !near9(m.Total(), sum/n) {
			t.Fatalf("case %d: Mean total %.9g; the cases average %.9g", i, m.Total(), sum/n)
		}
	}
}

// TestMeanRows checks that Mean counts only the rows in its row set and
// that an empty set gives a zero Breakdown.
func TestMeanRows(t *testing.T) {
	m, tr := handTree()
	c, err := m.ForTree(tr)
	if err != nil {
		t.Fatal(err)
	}
	x := [][]uint8{{0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {2, 0, 0, 2, 0}}
	d, err := dataset.FromRows(schemaFor(tr.Domains, 2), x, []uint8{0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	rows := dataset.NewBitset(d.Len())
	rows.Set(1)
	rows.Set(2)
	got := c.Mean(d, rows)
	want := Breakdown{Cases: 2, Tests: (8 + 24) / 2.0, Errors: (20 + 20) / 2.0}
	if got != want {
		t.Errorf("Mean(rows 1, 2) = %+v; want %+v", got, want)
	}
	if got := c.Mean(d, dataset.NewBitset(d.Len())); got != (Breakdown{}) {
		t.Errorf("Mean(no rows) = %+v; want zero", got)
	}
}

// TestForTreeShape checks that a model of the wrong shape for the tree
// is refused.
func TestForTreeShape(t *testing.T) {
	m, tr := handTree()
	short := *m
	short.Tests = m.Tests[:4]
	if _, err := short.ForTree(tr); err == nil {
		t.Error("ForTree with 4 tests for 5 features: no error")
	}
	wide := *m
	wide.Matrix = DefaultMatrix(3)
	if _, err := wide.ForTree(tr); err == nil {
		t.Error("ForTree with a 3×3 matrix for 2 classes: no error")
	}
}
