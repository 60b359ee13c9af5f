package generate

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// checkUnique fails unless s is a valid unique sample of q rows from o:
// labelled by o, no input twice, min(q, #rules) rules covered, and the
// rules' shares balanced round-robin (a rule below the largest share by
// more than one has no inputs left). sizes[n] is the number of inputs
// reaching node n, or nil to skip the balance check.
func checkUnique(t *testing.T, o *tree.Tree, s Sample, q int, sizes []int) {
	t.Helper()
	if s.Data.Len() != q {
		t.Fatalf("%d rows; want %d", s.Data.Len(), q)
	}
	checkLabelled(t, o, s)
	seen := make(map[string]int, q)
	var buf []uint8
	for r := range q {
		k := rowKey(s.Data, r, buf)
		if prev, dup := seen[k]; dup {
			t.Fatalf("rows %d and %d are both %v", prev, r, []byte(k))
		}
		seen[k] = r
	}
	share := map[int32]int{}
	for _, leaf := range s.Rules {
		share[leaf]++
	}
	reachable := 0
	for n := range o.Len() {
		if o.IsLeaf(n) && (sizes == nil || sizes[n] > 0) {
			reachable++
		}
	}
	if want := min(q, reachable); len(share) != want {
		t.Fatalf("%d rules covered; want min(%d, %d) = %d", len(share), q, reachable, want)
	}
	if sizes == nil {
		return
	}
	most := 0
	for _, n := range share {
		most = max(most, n)
	}
	for n := range o.Len() {
		if !o.IsLeaf(n) || sizes[n] == 0 {
			continue
		}
		if got := share[int32(n)]; got < most-1 && got != sizes[n] {
			t.Fatalf("rule %d has %d of its %d inputs while another has %d", n, got, sizes[n], most)
		}
	}
}

func TestUniqueSmall(t *testing.T) {
	tests := []struct {
		name  string
		spec  OracleSpec
		sizes []int
	}{
		{"binary m10 k5", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 5}, []int{1, 20, 32, 33, 100, 1000, 1023, 1024}},
		{"binary m10 k8 K3", OracleSpec{Domains: binaryDomains(10), Classes: 3, Depth: 8}, []int{50, 256, 257, 1000, 1024}},
		{"binary m6 k6 K4", OracleSpec{Domains: binaryDomains(6), Classes: 4, Depth: 6}, []int{10, 64}},
		{"multi m4 k2 K3", OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 3, Depth: 2}, []int{5, 17, 100, 119, 120}},
		{"multi m3 k1 K2", OracleSpec{Domains: []int{5, 3, 7}, Classes: 2, Depth: 1}, []int{1, 4, 50, 105}},
	}
	for _, tc := range tests {
		for _, q := range tc.sizes {
			t.Run(fmt.Sprintf("%s q%d", tc.name, q), func(t *testing.T) {
				for seed := range uint64(8) {
					rng := newRNG(seed)
					o := mustOracle(t, tc.spec, rng)
					s, err := Unique(o, Schema(tc.spec), q, rng)
					if err != nil {
						t.Fatalf("Unique: %v", err)
					}
					checkUnique(t, o, s, q, leafSizes(o))
				}
			})
		}
	}
}

func TestUniqueGeneralTree(t *testing.T) {
	o := subsetTree()
	sizes := leafSizes(o)
	if want := []int{0, 0, 0, 2, 4, 0, 1, 1}; !slices.Equal(sizes, want) {
		t.Fatalf("subsetTree inputs per node %v; want %v", sizes, want)
	}
	schema := Schema(OracleSpec{Domains: o.Domains, Classes: o.Classes})
	for q := range 9 {
		for seed := range uint64(5) {
			s, err := Unique(o, schema, q, newRNG(seed))
			if err != nil {
				t.Fatalf("Unique(q=%d): %v", q, err)
			}
			checkUnique(t, o, s, q, sizes)
		}
	}
	if _, err := Unique(o, schema, 9, newRNG(1)); err == nil {
		t.Errorf("Unique(q=9) over 8 inputs = nil error")
	}
}

// TestUniqueLarge covers rules far larger than the sample (30 binary
// features; 30 features of 64 values, more than 2^64 inputs per rule) and
// rules sampled up to their capacity.
func TestUniqueLarge(t *testing.T) {
	dom64 := make([]int, 30)
	for i := range dom64 {
		dom64[i] = 64
	}
	tests := []struct {
		name string
		spec OracleSpec
		q    int
	}{
		{"binary m30 k3", OracleSpec{Domains: binaryDomains(30), Classes: 2, Depth: 3}, 5000},
		{"64 values m30 k2", OracleSpec{Domains: dom64, Classes: 4, Depth: 2}, 6000},
		{"binary m14 k1 near capacity", OracleSpec{Domains: binaryDomains(14), Classes: 2, Depth: 1}, 1<<14 - 1},
		{"binary m14 k2 full", OracleSpec{Domains: binaryDomains(14), Classes: 2, Depth: 2}, 1 << 14},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := newRNG(9)
			o := mustOracle(t, tc.spec, rng)
			s, err := Unique(o, Schema(tc.spec), tc.q, rng)
			if err != nil {
				t.Fatalf("Unique: %v", err)
			}
			checkUnique(t, o, s, tc.q, nil)
		})
	}
}

// TestUniqueWithinRule checks that a rule's inputs are a uniform random
// subset of its inputs: with 4 binary features, depth 1 and q = 4, each
// rule takes 2 of its 8 inputs, and every one of the 28 pairs is equally
// likely; with q = 2 each input is.
func TestUniqueWithinRule(t *testing.T) {
	spec := OracleSpec{Domains: binaryDomains(4), Classes: 2, Depth: 1}
	for _, per := range []int{1, 2, 7} {
		t.Run(fmt.Sprintf("%d per rule", per), func(t *testing.T) {
			const trials = 8000
			counts := map[[2]int]int{} // (rule side, set of free inputs as a mask)
			rng := newRNG(uint64(per))
			for range trials {
				o := mustOracle(t, spec, rng)
				s, err := Unique(o, Schema(spec), 2*per, rng)
				if err != nil {
					t.Fatalf("Unique: %v", err)
				}
				root := int(o.Feature[0])
				var sets [2]int
				var x []uint8
				for r := range s.Data.Len() {
					x = s.Data.Row(r, x)
					idx, bit := 0, 0
					for f, v := range x {
						if f != root {
							idx |= int(v) << bit
							bit++
						}
					}
					sets[x[root]] |= 1 << idx
				}
				for side, set := range sets {
					counts[[2]int{side, set}]++
				}
			}
			subsets := map[int]int{1: 8, 2: 28, 7: 8}[per]
			if len(counts) != 2*subsets {
				t.Fatalf("%d distinct (rule, subset) pairs; want %d", len(counts), 2*subsets)
			}
			var obs []int
			for _, n := range counts {
				obs = append(obs, n)
			}
			if x2 := chiSquare(obs, uniform(len(obs), 2*trials)); x2 > chiBound(len(obs)-1) {
				t.Errorf("subset counts %v: chi-square %.1f > %.1f", obs, x2, chiBound(len(obs)-1))
			}
		})
	}
}

// TestUniqueRuleOrder checks that with q < #rules every rule is equally
// likely to be covered.
func TestUniqueRuleOrder(t *testing.T) {
	const trials = 16000
	spec := OracleSpec{Domains: binaryDomains(5), Classes: 2, Depth: 3}
	rng := newRNG(4)
	o := mustOracle(t, spec, rng)
	counts := make([]int, o.Len())
	for range trials {
		s, err := Unique(o, Schema(spec), 3, rng)
		if err != nil {
			t.Fatalf("Unique: %v", err)
		}
		for _, leaf := range s.Rules {
			counts[leaf]++
		}
	}
	var obs []int
	for n, c := range counts {
		if o.IsLeaf(n) {
			obs = append(obs, c)
		}
	}
	if x2 := chiSquare(obs, uniform(len(obs), 3*trials)); x2 > chiBound(len(obs)-1) {
		t.Errorf("rule coverage %v: chi-square %.1f > %.1f", obs, x2, chiBound(len(obs)-1))
	}
}

func TestUniqueSameSeed(t *testing.T) {
	spec := OracleSpec{Domains: []int{2, 3, 2, 4, 2}, Classes: 3, Depth: 3}
	draw := func() Sample {
		rng := newRNG(5)
		o := mustOracle(t, spec, rng)
		s, err := Unique(o, Schema(spec), 80, rng)
		if err != nil {
			t.Fatalf("Unique: %v", err)
		}
		return s
	}
	if a, b := draw(), draw(); !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, different samples")
	}
}

// TestUniqueShuffled checks that rows come in random order: drawing all 16
// inputs of 4 binary features, the input on row 0 is uniform.
func TestUniqueShuffled(t *testing.T) {
	const trials = 8000
	spec := OracleSpec{Domains: binaryDomains(4), Classes: 2, Depth: 2}
	rng := newRNG(8)
	o := mustOracle(t, spec, rng)
	counts := make([]int, 16)
	var x []uint8
	for range trials {
		s, err := Unique(o, Schema(spec), 16, rng)
		if err != nil {
			t.Fatalf("Unique: %v", err)
		}
		x = s.Data.Row(0, x)
		counts[int(x[0])|int(x[1])<<1|int(x[2])<<2|int(x[3])<<3]++
	}
	if x2 := chiSquare(counts, uniform(16, trials)); x2 > chiBound(15) {
		t.Errorf("inputs on row 0 %v: chi-square %.1f > %.1f", counts, x2, chiBound(15))
	}
}
