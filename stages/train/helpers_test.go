package train

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/tree"
)

// This file holds the tests' own data makers: random oracle trees and
// samples labelled by them (a stage never imports another stage, so these
// do not come from stages/generate), the shared datasets, and a tree
// printer.

// schemaFor names features f0, f1, … with values v0, v1, … and classes c0, c1, ….
func schemaFor(domains []int, k int) dataset.Schema {
	values := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("v%d", i)
		}
		return out
	}
	s := dataset.Schema{Class: dataset.Attribute{Name: "class", Values: values(k)}}
	for f, z := range domains {
		s.Features = append(s.Features, dataset.Attribute{Name: fmt.Sprintf("f%d", f), Values: values(z)})
	}
	for c := range s.Class.Values {
		s.Class.Values[c] = fmt.Sprintf("c%d", c)
	}
	return s
}

// randomOracle returns a random tree in the manner of the oracle paper's
// Algorithm 1: every root-to-leaf path tests depth distinct features, each
// drawn uniformly from those not yet used on the path, and the leaf
// children of a node never all carry the same class.
func randomOracle(rng *rand.Rand, domains []int, k, depth int) *tree.Tree {
	b := tree.NewBuilder(domains, k)
	type item struct {
		id    int
		depth int
		used  []bool
	}
	stack := []item{{id: b.Root(), used: make([]bool, len(domains))}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var free []int
		for f, u := range it.used {
			if !u {
				free = append(free, f)
			}
		}
		f := free[rng.IntN(len(free))]
		kids := b.SplitMultiway(it.id, f)
		if it.depth+1 == depth {
			classes := make([]int, len(kids))
			for {
				same := true
				for i := range classes {
					classes[i] = rng.IntN(k)
					same = same && classes[i] == classes[0]
				}
				if !same {
					break
				}
			}
			for i, c := range kids {
				b.SetLeaf(c, classes[i])
			}
			continue
		}
		for _, c := range kids {
			used := append([]bool(nil), it.used...)
			used[f] = true
			stack = append(stack, item{id: c, depth: it.depth + 1, used: used})
		}
	}
	return b.Tree()
}

// sample draws n inputs uniformly and labels them with the oracle.
func sample(t testing.TB, rng *rand.Rand, oracle *tree.Tree, n int) *dataset.Dataset {
	t.Helper()
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, len(oracle.Domains))
		for f, z := range oracle.Domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(oracle.Predict(x[r]))
	}
	d, err := dataset.FromRows(schemaFor(oracle.Domains, oracle.Classes), x, y)
	if err != nil {
		t.Fatalf("sample: %v", err)
	}
	return d
}

// oracleData returns a noise-free sample of n rows from a random oracle.
func oracleData(t testing.TB, seed uint64, domains []int, k, depth, n int) *dataset.Dataset {
	rng := rand.New(rand.NewPCG(seed, 0xd7be))
	return sample(t, rng, randomOracle(rng, domains, k, depth), n)
}

// repeat returns n copies of z.
func repeat(z, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = z
	}
	return out
}

// render prints a tree with the schema's labels, one node per line,
// children indented under "value: ".
func render(t *tree.Tree, s dataset.Schema) string {
	var sb strings.Builder
	var walk func(n int, indent string)
	walk = func(n int, indent string) {
		if t.IsLeaf(n) {
			sb.WriteString(s.Class.Values[t.Class[n]] + "\n")
			return
		}
		f := t.Feature[n]
		sb.WriteString(s.Features[f].Name + "\n")
		for v, c := range t.Children(n) {
			sb.WriteString(indent + "  " + s.Features[f].Values[v] + ": ")
			walk(int(c), indent+"  ")
		}
	}
	walk(0, "")
	return sb.String()
}

// fitTree fits l and returns its tree, failing the test on error or when
// the model is not a TreeModel.
func fitTree(t testing.TB, l Learner, d *dataset.Dataset, rows dataset.Bitset, seed uint64) *tree.Tree {
	t.Helper()
	m, err := l.Fit(d, rows, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	tm, ok := m.(TreeModel)
	if !ok {
		t.Fatalf("Fit returned %T, not a TreeModel", m)
	}
	if err := tm.Tree().Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return tm.Tree()
}

// sameTree reports the first difference between two trees' arrays, or "".
func sameTree(a, b *tree.Tree) string {
	eq := func(x, y []int32) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	switch {
	case a.Classes != b.Classes:
		return "classes differ"
	case !eq(a.Feature, b.Feature):
		return fmt.Sprintf("features differ:\n%v\n%v", a.Feature, b.Feature)
	case !eq(a.Class, b.Class):
		return fmt.Sprintf("classes differ:\n%v\n%v", a.Class, b.Class)
	case !eq(a.Offset, b.Offset):
		return "offsets differ"
	case !eq(a.Child, b.Child):
		return "child tables differ"
	case !eq(a.Counts, b.Counts):
		return fmt.Sprintf("counts differ:\n%v\n%v", a.Counts, b.Counts)
	}
	return ""
}

// datasetsDir returns the shared real datasets, or skips t.
func datasetsDir(t testing.TB) string { return shareddata.DirOrSkip(t) }
