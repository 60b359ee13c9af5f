package costs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// schemaFor names features f0, f1, … with values v0, v1, … and classes c0, c1, ….
func schemaFor(domains []int, k int) dataset.Schema {
	values := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	s := dataset.Schema{Class: dataset.Attribute{Name: "class", Values: values("c", k)}}
	for f, z := range domains {
		s.Features = append(s.Features, dataset.Attribute{Name: fmt.Sprintf("f%d", f), Values: values("v", z)})
	}
	return s
}

// randomTree returns a random valid tree over the given domains in the
// manner of CART's trees: each node tests a random feature that can still
// split it (one it has tested above included), into two or more branches
// of the values still possible, so a feature may come back below itself.
func randomTree(rng *rand.Rand, domains []int, k, depth int) *tree.Tree {
	b := tree.NewBuilder(domains, k)
	var grow func(n, d int, avail []uint64)
	grow = func(n, d int, avail []uint64) {
		var cands []int
		for f, a := range avail {
			if a&(a-1) != 0 {
				cands = append(cands, f)
			}
		}
		if d == depth || len(cands) == 0 || rng.IntN(6) == 0 {
			b.SetLeaf(n, rng.IntN(k))
			return
		}
		f := cands[rng.IntN(len(cands))]
		var vals []int
		for v := range domains[f] {
			if avail[f]&(1<<v) != 0 {
				vals = append(vals, v)
			}
		}
		// Branches: 2..len(vals), the possible values dealt so that each
		// branch gets one; impossible values go to branch 0.
		g := 2 + rng.IntN(len(vals)-1)
		group := make([]int, domains[f])
		rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
		masks := make([]uint64, g)
		for i, v := range vals {
			br := i
			if i >= g {
				br = rng.IntN(g)
			}
			group[v] = br
			masks[br] |= 1 << v
		}
		for br, kid := range b.Split(n, f, group) {
			next := append([]uint64(nil), avail...)
			next[f] &= masks[br]
			grow(kid, d+1, next)
		}
	}
	avail := make([]uint64, len(domains))
	for f, z := range domains {
		avail[f] = 1<<z - 1
	}
	grow(b.Root(), 0, avail)
	return b.Tree()
}

// randomModel returns random costs for m features and k classes: costs in
// [0, 10), a random share delayed, up to three groups, a matrix with
// entries in [-5, 45).
func randomModel(rng *rand.Rand, m, k int) *Model {
	model := Unit(m, k, nil)
	groups := rng.IntN(4)
	for g := range groups {
		model.Groups = append(model.Groups, Group{Name: fmt.Sprintf("g%d", g), Common: 10 * rng.Float64()})
	}
	for f := range model.Tests {
		model.Tests[f].Cost = 10 * rng.Float64()
		model.Tests[f].Delayed = rng.IntN(3) == 0
		if groups > 0 && rng.IntN(2) == 0 {
			model.Tests[f].Group = rng.IntN(groups)
		}
	}
	// Under the matrix rule: errors cost [0, 50); a right guess from a
	// benefit of 5 up to the cheapest error of its class.
	for p := range model.Matrix {
		for a := range model.Matrix[p] {
			if p != a {
				model.Matrix[p][a] = 50 * rng.Float64()
			}
		}
	}
	for a := range model.Matrix {
		lowest := math.Inf(1)
		for p := range model.Matrix {
			if p != a {
				lowest = min(lowest, model.Matrix[p][a])
			}
		}
		model.Matrix[a][a] = -5 + (lowest+5)*rng.Float64()
	}
	return model
}

// referenceTests is the test cost of a case reaching leaf, computed as
// the definition reads, with no precomputation: walk the path, charging
// each test once and each group once; at the first delayed test, charge
// every test of its subtree and stop.
func referenceTests(m *Model, t *tree.Tree, leaf int) float64 {
	charged := map[int]bool{}
	paid := map[int]bool{}
	total := 0.0
	charge := func(f int) {
		if charged[f] {
			return
		}
		charged[f] = true
		total += m.Tests[f].Cost
		if g := m.Tests[f].Group; g != NoGroup && !paid[g] {
			paid[g] = true
			total += m.Groups[g].Common
		}
	}
	path := t.Path(leaf)
	for _, n := range path[:len(path)-1] {
		f := int(t.Feature[n])
		if !m.Tests[f].Delayed {
			charge(f)
			continue
		}
		stack := []int{n}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if t.IsLeaf(x) {
				continue
			}
			charge(int(t.Feature[x]))
			for _, br := range t.Branches(x) {
				stack = append(stack, br.Child)
			}
		}
		break
	}
	return total
}

// sampleRows returns n random rows over the tree's domains with random
// labels, as a dataset.
func sampleRows(t testing.TB, rng *rand.Rand, domains []int, k, n int) *dataset.Dataset {
	t.Helper()
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(rng.IntN(k))
	}
	d, err := dataset.FromRows(schemaFor(domains, k), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func near9(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }
