package schemas

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// testSchema returns a schema with the given feature domains and classes,
// named like oracle data (f0, f1, …) unless names are given.
func testSchema(domains []int, classes int, names ...string) dataset.Schema {
	s := dataset.Schema{Class: dataset.Attribute{Name: "class"}}
	for c := range classes {
		s.Class.Values = append(s.Class.Values, fmt.Sprintf("c%d", c))
	}
	for f, z := range domains {
		a := dataset.Attribute{Name: fmt.Sprintf("f%d", f)}
		if f < len(names) {
			a.Name = names[f]
		}
		for v := range z {
			a.Values = append(a.Values, fmt.Sprintf("v%d", v))
		}
		s.Features = append(s.Features, a)
	}
	return s
}

// randomDataset draws n rows uniformly.
func randomDataset(tb testing.TB, rng *rand.Rand, s dataset.Schema, n int) *dataset.Dataset {
	tb.Helper()
	cols := make([][]uint8, len(s.Features))
	for f, a := range s.Features {
		cols[f] = make([]uint8, n)
		for r := range cols[f] {
			cols[f][r] = uint8(rng.IntN(len(a.Values)))
		}
	}
	labels := make([]uint8, n)
	for r := range labels {
		labels[r] = uint8(rng.IntN(len(s.Class.Values)))
	}
	d, err := dataset.New(s, cols, labels)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// mixedSchema is testSchema with the features numeric where numeric[f]
// is set (and no values there).
func mixedSchema(domains []int, numeric []bool, classes int, names ...string) dataset.Schema {
	s := testSchema(domains, classes, names...)
	for f := range s.Features {
		if f < len(numeric) && numeric[f] {
			s.Features[f].Numeric, s.Features[f].Values = true, nil
		}
	}
	return s
}

// randomMixed draws n rows of a schema with numeric features: codes
// uniformly, numbers from a few exact values and a normal (a negative
// zero among them), each value missing with probability pMissing.
func randomMixed(tb testing.TB, rng *rand.Rand, s dataset.Schema, n int, pMissing float64) *dataset.Dataset {
	tb.Helper()
	cols := make([][]uint8, len(s.Features))
	nums := make([][]float64, len(s.Features))
	for f, a := range s.Features {
		if a.Numeric {
			nums[f] = make([]float64, n)
			for r := range nums[f] {
				switch k := rng.IntN(4); {
				case rng.Float64() < pMissing:
					nums[f][r] = math.NaN()
				case k == 0:
					nums[f][r] = []float64{0, math.Copysign(0, -1), 1.5, -3, math.MaxFloat64, math.SmallestNonzeroFloat64}[rng.IntN(6)]
				default:
					nums[f][r] = rng.NormFloat64() * 100
				}
			}
			continue
		}
		cols[f] = make([]uint8, n)
		for r := range cols[f] {
			if rng.Float64() < pMissing {
				cols[f][r] = dataset.MissingCode
			} else {
				cols[f][r] = uint8(rng.IntN(len(a.Values)))
			}
		}
	}
	labels := make([]uint8, n)
	for r := range labels {
		labels[r] = uint8(rng.IntN(len(s.Class.Values)))
	}
	d, err := dataset.NewMixed(s, cols, nums, labels)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// randomRules draws n rule ids.
func randomRules(rng *rand.Rand, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(rng.IntN(50))
	}
	return out
}

// randomTree grows a random tree of at most depth levels over domains:
// each internal node splits multiway or, when binary is set and the domain
// has more than two values, into a random two-way subset split. Counts
// are recorded when withCounts is set.
func randomTree(rng *rand.Rand, domains []int, classes, depth int, binary, withCounts bool) *tree.Tree {
	b := tree.NewBuilder(domains, classes)
	type item struct{ n, depth int }
	stack := []item{{b.Root(), 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if withCounts {
			counts := make([]int, classes)
			for c := range counts {
				counts[c] = rng.IntN(20)
			}
			b.SetCounts(it.n, counts)
		}
		if it.depth == depth || rng.IntN(4) == 0 {
			b.SetLeaf(it.n, rng.IntN(classes))
			continue
		}
		f := rng.IntN(len(domains))
		var kids []int
		if domains[f] == tree.Numeric {
			le, gt := b.SplitNumeric(it.n, f, []float64{0, math.Copysign(0, -1), -2.5, 1e300}[rng.IntN(4)]+math.Round(rng.NormFloat64()*1e4)/1e3)
			kids = []int{le, gt}
		} else if z := domains[f]; binary && z > 2 {
			group := make([]int, z)
			perm := rng.Perm(z)
			cut := 1 + rng.IntN(z-1)
			for i, v := range perm {
				if i >= cut {
					group[v] = 1
				}
			}
			kids = b.Split(it.n, f, group)
		} else {
			kids = b.SplitMultiway(it.n, f)
		}
		for _, k := range kids {
			stack = append(stack, item{k, it.depth + 1})
		}
	}
	return b.Tree()
}

// numericTree is randomTree over domains (tree.Numeric among them) with
// fractional class weights at every node when weighted.
func numericTree(rng *rand.Rand, domains []int, classes, depth int, weighted bool) *tree.Tree {
	t := randomTree(rng, domains, classes, depth, true, false)
	if weighted {
		t.Weights = make([]float64, t.Len()*classes)
		for i := range t.Weights {
			t.Weights[i] = []float64{0, 1, 0.1 + 0.2, 1e-300, 12.125}[rng.IntN(5)] * float64(rng.IntN(7))
		}
	}
	return t
}

// sameTree reports how a and b differ as trees (nil when they do not):
// shape, per-node feature, class, counts, thresholds (bit for bit, NaN
// alike), weights and child table. Offset and Child layouts may differ.
func sameTree(a, b *tree.Tree) error {
	if !slices.Equal(a.Domains, b.Domains) || a.Classes != b.Classes || a.Len() != b.Len() {
		return fmt.Errorf("shape: domains %v/%v, classes %d/%d, nodes %d/%d", a.Domains, b.Domains, a.Classes, b.Classes, a.Len(), b.Len())
	}
	if !slices.Equal(a.Feature, b.Feature) || !slices.Equal(a.Class, b.Class) || !slices.Equal(a.Counts, b.Counts) {
		return fmt.Errorf("features %v/%v, classes %v/%v, counts %v/%v", a.Feature, b.Feature, a.Class, b.Class, a.Counts, b.Counts)
	}
	bitsEqual := func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
	}
	if !slices.EqualFunc(a.Threshold, b.Threshold, bitsEqual) || (a.Threshold == nil) != (b.Threshold == nil) {
		return fmt.Errorf("thresholds %v/%v", a.Threshold, b.Threshold)
	}
	if !slices.EqualFunc(a.Weights, b.Weights, bitsEqual) || (a.Weights == nil) != (b.Weights == nil) {
		return fmt.Errorf("weights %v/%v", a.Weights, b.Weights)
	}
	for n := range a.Len() {
		if !slices.Equal(a.Children(n), b.Children(n)) {
			return fmt.Errorf("node %d children %v/%v", n, a.Children(n), b.Children(n))
		}
	}
	return nil
}

// sameDataset reports how a and b differ (nil when they do not).
func sameDataset(a, b *dataset.Dataset) error {
	if !sameSchema(a.Schema(), b.Schema()) {
		return fmt.Errorf("schema %+v / %+v", a.Schema(), b.Schema())
	}
	if a.Len() != b.Len() {
		return fmt.Errorf("rows %d / %d", a.Len(), b.Len())
	}
	for f := range a.NumFeatures() {
		if !slices.Equal(a.Column(f), b.Column(f)) {
			return fmt.Errorf("column %d differs", f)
		}
		// Bit for bit (a negative zero stays one), every NaN alike: a
		// missing value reads back as math.NaN() whatever NaN was written.
		same := func(x, y float64) bool {
			return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
		}
		if !slices.EqualFunc(a.Numbers(f), b.Numbers(f), same) || (a.Numbers(f) == nil) != (b.Numbers(f) == nil) {
			return fmt.Errorf("numeric column %d differs", f)
		}
	}
	if !slices.Equal(a.Labels(), b.Labels()) {
		return fmt.Errorf("labels differ")
	}
	return nil
}
