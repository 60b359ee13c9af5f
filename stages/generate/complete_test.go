package generate

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

var sampleSpecs = []struct {
	name string
	spec OracleSpec
}{
	{"binary m10 k5", OracleSpec{Domains: binaryDomains(10), Classes: 2, Depth: 5}},
	{"binary m10 k8 K3", OracleSpec{Domains: binaryDomains(10), Classes: 3, Depth: 8}},
	{"binary m4 k4 K4", OracleSpec{Domains: binaryDomains(4), Classes: 4, Depth: 4}},
	{"multi m4 k2 K3", OracleSpec{Domains: []int{3, 2, 4, 5}, Classes: 3, Depth: 2}},
	{"multi m5 k3 K2 with 64 values", OracleSpec{Domains: []int{64, 3, 8, 2, 7}, Classes: 2, Depth: 3}},
}

func TestCompleteLabelled(t *testing.T) {
	for _, tc := range sampleSpecs {
		for _, q := range []int{0, 1, 63, 65, 1000} {
			t.Run(fmt.Sprintf("%s q%d", tc.name, q), func(t *testing.T) {
				for seed := range uint64(5) {
					rng := newRNG(seed)
					o := mustOracle(t, tc.spec, rng)
					s, err := Complete(o, Schema(tc.spec), q, rng)
					if err != nil {
						t.Fatalf("Complete: %v", err)
					}
					if s.Data.Len() != q {
						t.Fatalf("%d rows; want %d", s.Data.Len(), q)
					}
					checkLabelled(t, o, s)
				}
			})
		}
	}
}

// TestCompleteGeneralTree samples trees that are not oracles, through the
// binary table (odd, many rows) and the tree walk (the others).
func TestCompleteGeneralTree(t *testing.T) {
	for _, tc := range []struct {
		name string
		tree *tree.Tree
		q    int
	}{
		{"subset splits", subsetTree(), 500},
		{"odd binary table", oddBinaryTree(), 500},
		{"odd binary walk", oddBinaryTree(), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.tree
			schema := Schema(OracleSpec{Domains: o.Domains, Classes: o.Classes})
			s, err := Complete(o, schema, tc.q, newRNG(3))
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			checkLabelled(t, o, s)
		})
	}
}

// TestCompleteUniform checks that inputs are uniform over the whole input
// space: the joint counts of all features, not only each marginal.
func TestCompleteUniform(t *testing.T) {
	tests := []struct {
		name    string
		domains []int
		q       int
	}{
		{"binary 3", binaryDomains(3), 40001},
		{"binary 6", binaryDomains(6), 64*300 + 17},
		{"mixed 3 4 5", []int{3, 4, 5}, 30000},
		{"mixed 2 64", []int{2, 64}, 64000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := OracleSpec{Domains: tc.domains, Classes: 2, Depth: 1}
			rng := newRNG(11)
			o := mustOracle(t, spec, rng)
			s, err := Complete(o, Schema(spec), tc.q, rng)
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			cells := 1
			for _, z := range tc.domains {
				cells *= z
			}
			counts := make([]int, cells)
			var x []uint8
			for r := range s.Data.Len() {
				x = s.Data.Row(r, x)
				idx := 0
				for f := len(x) - 1; f >= 0; f-- {
					idx = idx*tc.domains[f] + int(x[f])
				}
				counts[idx]++
			}
			if x2 := chiSquare(counts, uniform(cells, tc.q)); x2 > chiBound(cells-1) {
				t.Errorf("inputs: chi-square %.1f > %.1f over %d cells", x2, chiBound(cells-1), cells)
			}
		})
	}
}

func TestCompleteSameSeed(t *testing.T) {
	spec := OracleSpec{Domains: []int{2, 3, 2, 4}, Classes: 2, Depth: 3}
	draw := func() Sample {
		rng := newRNG(5)
		o := mustOracle(t, spec, rng)
		s, err := Complete(o, Schema(spec), 300, rng)
		if err != nil {
			t.Fatalf("Complete: %v", err)
		}
		return s
	}
	a, b := draw(), draw()
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed, different samples")
	}
}

func TestSampleErrors(t *testing.T) {
	spec := OracleSpec{Domains: binaryDomains(4), Classes: 2, Depth: 2}
	o := mustOracle(t, spec, newRNG(1))
	wrong := Schema(OracleSpec{Domains: []int{2, 2, 3, 2}, Classes: 2})
	for _, tc := range []struct {
		name  string
		mode  string
		q     int
		wrong bool
		key   string // "" = an error that is not bad input
	}{
		{"complete negative size", "complete", -1, false, "oracle.sizes"},
		{"unique negative size", "unique", -1, false, "oracle.sizes"},
		{"unique beyond inputs", "unique", 17, false, "oracle.sizes"},
		{"complete schema mismatch", "complete", 10, true, ""},
		{"unique schema mismatch", "unique", 10, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schema := Schema(spec)
			if tc.wrong {
				schema = wrong
			}
			sample := Complete
			if tc.mode == "unique" {
				sample = Unique
			}
			_, err := sample(o, schema, tc.q, newRNG(2))
			if err == nil {
				t.Fatalf("%s(q=%d) = nil error", tc.mode, tc.q)
			}
			var ie *input.Error
			isInput := errors.As(err, &ie)
			switch {
			case tc.key == "" && isInput:
				t.Errorf("error %q is bad input; want an internal error", err)
			case tc.key != "" && (!isInput || ie.Key != tc.key):
				t.Errorf("error %q; want an *input.Error with key %s", err, tc.key)
			case tc.key != "" && !strings.Contains(err.Error(), strconv.Itoa(tc.q)):
				t.Errorf("error %q does not name the size %d", err, tc.q)
			}
		})
	}
}
