package generate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// binaryDomains returns m binary domains.
func binaryDomains(m int) []int {
	d := make([]int, m)
	for i := range d {
		d[i] = 2
	}
	return d
}

// newRNG returns a generator for test seed s.
func newRNG(s uint64) *rand.Rand { return rand.New(rand.NewPCG(s, 0x5eed)) }

// mustOracle draws an oracle or fails the test.
func mustOracle(t testing.TB, spec OracleSpec, rng *rand.Rand) *tree.Tree {
	t.Helper()
	o, err := Oracle(spec, rng)
	if err != nil {
		t.Fatalf("Oracle(%+v): %v", spec, err)
	}
	return o
}

// rowKey returns row r's input as a string, for duplicate checks.
func rowKey(d *dataset.Dataset, r int, buf []uint8) string {
	return string(d.Row(r, buf))
}

// eachInput calls fn with every input of the domains (brute force).
func eachInput(domains []int, fn func(x []uint8)) {
	x := make([]uint8, len(domains))
	for {
		fn(x)
		f := 0
		for ; f < len(x); f++ {
			x[f]++
			if int(x[f]) < domains[f] {
				break
			}
			x[f] = 0
		}
		if f == len(x) {
			return
		}
	}
}

// leafSizes counts, by brute force, the inputs that reach each node.
func leafSizes(o *tree.Tree) []int {
	n := make([]int, o.Len())
	eachInput(o.Domains, func(x []uint8) { n[o.Apply(x)]++ })
	return n
}

// chiSquare returns Σ (o-e)²/e over the cells.
func chiSquare(observed []int, expected []float64) float64 {
	s := 0.0
	for i, o := range observed {
		d := float64(o) - expected[i]
		s += d * d / expected[i]
	}
	return s
}

// chiBound is a loose upper bound for a chi-square statistic with df
// degrees of freedom under the null: mean df, sd √(2df), plus 6 sd and a
// margin. A biased sampler exceeds it by far with the sample sizes used.
func chiBound(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) + 5 }

// uniform returns n cells expecting total/n each.
func uniform(n int, total int) []float64 {
	e := make([]float64, n)
	for i := range e {
		e[i] = float64(total) / float64(n)
	}
	return e
}

// checkLabelled fails unless every row of s is labelled as the oracle
// labels it and names the oracle leaf it reaches.
func checkLabelled(t *testing.T, o *tree.Tree, s Sample) {
	t.Helper()
	d := s.Data
	if len(s.Rules) != d.Len() {
		t.Fatalf("%d rules for %d rows", len(s.Rules), d.Len())
	}
	var x []uint8
	for r := range d.Len() {
		x = d.Row(r, x)
		leaf := o.Apply(x)
		if int(s.Rules[r]) != leaf {
			t.Fatalf("row %d %v: Rules = %d; Apply = %d", r, x, s.Rules[r], leaf)
		}
		if got, want := int(d.Label(r)), o.Predict(x); got != want {
			t.Fatalf("row %d %v: label %d; oracle says %d", r, x, got, want)
		}
	}
}

// subsetTree builds a tree that is not an oracle, over domains {4, 2}:
// the root splits f0 into {0,1,2} → A (node 1) and {3} → B (node 2). A
// tests f0 again with the table 0 → leaf 3, {1,2} → leaf 4, 3 → leaf 5;
// value 3 was excluded at the root, so leaf 5 is reached by no input and
// leaf 4 by the inputs with f0 in {1, 2}. B splits f1 into leaves 6 and 7.
// Inputs per leaf: 2, 4, 0, 1, 1.
func subsetTree() *tree.Tree {
	b := tree.NewBuilder([]int{4, 2}, 2)
	root := b.Root()
	kids := b.Split(root, 0, []int{0, 0, 0, 1})
	a := b.Split(kids[0], 0, []int{0, 1, 1, 2})
	b.SetLeaf(a[0], 0)
	b.SetLeaf(a[1], 1)
	b.SetLeaf(a[2], 0)
	bb := b.SplitMultiway(kids[1], 1)
	b.SetLeaf(bb[0], 1)
	b.SetLeaf(bb[1], 0)
	return b.Tree()
}
