package generate

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

var oracleSpecs = []struct {
	name string
	spec OracleSpec
}{
	{"binary m10 k1", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 1}},
	{"binary m10 k5", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 5}},
	{"binary m10 k8 K3", OracleSpec{Domains: binaryDomains(10), Classes: 3, Depth: 8}},
	{"binary m6 k6 K4", OracleSpec{Domains: binaryDomains(6), Classes: 4, Depth: 6}},
	{"multi m4 k2 K3", OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 3, Depth: 2}},
	{"multi m4 k4 K2", OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 2, Depth: 4}},
	{"multi m5 k3 K4", OracleSpec{Domains: []int{2, 3, 3, 2, 4}, Classes: 4, Depth: 3}},
}

// checkOracle fails unless o has the oracle properties of spec: a valid
// tree whose every root-to-leaf path tests exactly Depth distinct features
// with one child per value, and whose leaf sibling groups are not constant.
func checkOracle(t *testing.T, spec OracleSpec, o *tree.Tree) {
	t.Helper()
	if err := o.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	if !slices.Equal(o.Domains, spec.Domains) || o.Classes != spec.Classes {
		t.Fatalf("tree over %v, %d classes; want %v, %d", o.Domains, o.Classes, spec.Domains, spec.Classes)
	}
	var walk func(n, depth int, used uint64)
	walk = func(n, depth int, used uint64) {
		if o.IsLeaf(n) {
			if depth != spec.Depth {
				t.Fatalf("leaf %d at depth %d; want %d", n, depth, spec.Depth)
			}
			return
		}
		f := int(o.Feature[n])
		if used&(1<<f) != 0 {
			t.Fatalf("node %d tests f%d again on its path", n, f)
		}
		kids := o.Children(n)
		if len(kids) != spec.Domains[f] {
			t.Fatalf("node %d has %d branches; want %d", n, len(kids), spec.Domains[f])
		}
		distinct := map[int32]bool{}
		allLeaves, sameClass := true, true
		for _, c := range kids {
			distinct[c] = true
			allLeaves = allLeaves && o.IsLeaf(int(c))
			sameClass = sameClass && o.Class[c] == o.Class[kids[0]]
		}
		if len(distinct) != len(kids) {
			t.Fatalf("node %d is not a multiway split: children %v", n, kids)
		}
		if allLeaves && sameClass {
			t.Fatalf("node %d: sibling leaves all have class %d", n, o.Class[kids[0]])
		}
		for _, c := range kids {
			walk(int(c), depth+1, used|1<<f)
		}
	}
	walk(0, 0, 0)
}

func TestOracleProperties(t *testing.T) {
	for _, tc := range oracleSpecs {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi := tc.spec.minNodes(), tc.spec.MaxNodes()
			for seed := range uint64(60) {
				o := mustOracle(t, tc.spec, newRNG(seed))
				checkOracle(t, tc.spec, o)
				if n := o.Len(); n < lo || n > hi {
					t.Fatalf("seed %d: %d nodes, outside the spec's bounds [%d, %d]", seed, n, lo, hi)
				}
			}
		})
	}
}

// TestNodeBounds checks the node counts of complete oracles against hand
// sums: Σ over the levels of the product of the domains above.
func TestNodeBounds(t *testing.T) {
	for _, tc := range []struct {
		spec     OracleSpec
		min, max int
	}{
		{OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 3}, 15, 15},                // 1+2+4+8
		{OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 3, Depth: 2}, 1 + 2 + 6, 1 + 5 + 20}, // smallest 2,3; largest 5,4
		{OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 3, Depth: 4}, 1 + 2 + 6 + 24 + 120, 1 + 5 + 20 + 60 + 120},
		{OracleSpec{Domains: binaryDomains(22), Classes: 2, Depth: 22}, 1<<23 - 1, 1<<23 - 1},
	} {
		if lo, hi := tc.spec.minNodes(), tc.spec.MaxNodes(); lo != tc.min || hi != tc.max {
			t.Errorf("%v depth %d: nodes in [%d, %d]; want [%d, %d]", tc.spec.Domains, tc.spec.Depth, lo, hi, tc.min, tc.max)
		}
	}
}

func TestOracleSameSeed(t *testing.T) {
	for _, tc := range oracleSpecs {
		t.Run(tc.name, func(t *testing.T) {
			differ := false
			for seed := range uint64(10) {
				a := mustOracle(t, tc.spec, newRNG(seed))
				b := mustOracle(t, tc.spec, newRNG(seed))
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("seed %d: two draws differ", seed)
				}
				c := mustOracle(t, tc.spec, newRNG(seed+100))
				differ = differ || !reflect.DeepEqual(a, c)
			}
			if !differ {
				t.Errorf("ten pairs of different seeds gave identical trees")
			}
		})
	}
}

// TestOracleFeatureChoice checks that features are uniform among those
// unused on the path: the pair (root feature, feature below its value 0)
// is uniform over the m(m-1) ordered pairs of distinct features.
func TestOracleFeatureChoice(t *testing.T) {
	const m, trials = 5, 20000
	spec := OracleSpec{Domains: binaryDomains(m), Classes: 2, Depth: 3}
	counts := make([]int, m*m)
	rng := newRNG(7)
	for range trials {
		o := mustOracle(t, spec, rng)
		child := o.Next(0, 0)
		counts[int(o.Feature[0])*m+int(o.Feature[child])]++
	}
	var obs []int
	for a := range m {
		for b := range m {
			if a == b {
				if counts[a*m+b] != 0 {
					t.Fatalf("f%d tested twice on a path %d times", a, counts[a*m+b])
				}
				continue
			}
			obs = append(obs, counts[a*m+b])
		}
	}
	if x2 := chiSquare(obs, uniform(len(obs), trials)); x2 > chiBound(len(obs)-1) {
		t.Errorf("feature pairs %v: chi-square %.1f > %.1f", obs, x2, chiBound(len(obs)-1))
	}
}

// TestOracleLeafClasses checks that a sibling leaf group is uniform over
// the non-constant class assignments, for Z values and K classes.
func TestOracleLeafClasses(t *testing.T) {
	tests := []struct{ z, k int }{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 3}}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("Z%d_K%d", tc.z, tc.k), func(t *testing.T) {
			const trials = 30000
			spec := OracleSpec{Domains: []int{tc.z}, Classes: tc.k, Depth: 1}
			cells := 1
			for range tc.z {
				cells *= tc.k
			}
			counts := make([]int, cells)
			rng := newRNG(uint64(tc.z*10 + tc.k))
			for range trials {
				o := mustOracle(t, spec, rng)
				idx := 0
				for _, c := range slices.Backward(o.Children(0)) {
					idx = idx*tc.k + int(o.Class[c])
				}
				counts[idx]++
			}
			var obs []int
			for idx, n := range counts {
				if isConstant(idx, tc.z, tc.k) {
					if n != 0 {
						t.Fatalf("constant assignment %d drawn %d times", idx, n)
					}
					continue
				}
				obs = append(obs, n)
			}
			if len(obs) != cells-tc.k {
				t.Fatalf("%d non-constant cells; want %d", len(obs), cells-tc.k)
			}
			if x2 := chiSquare(obs, uniform(len(obs), trials)); x2 > chiBound(len(obs)-1) {
				t.Errorf("Z=%d K=%d: assignments %v: chi-square %.1f > %.1f", tc.z, tc.k, obs, x2, chiBound(len(obs)-1))
			}
		})
	}
}

// isConstant reports whether the z base-k digits of idx are all equal.
func isConstant(idx, z, k int) bool {
	first := idx % k
	for range z {
		if idx%k != first {
			return false
		}
		idx /= k
	}
	return true
}
