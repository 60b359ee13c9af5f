package generate

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func TestValidateNoise(t *testing.T) {
	for _, tc := range []struct {
		p  float64
		ok bool
	}{{0, true}, {0.25, true}, {1, true}, {-0.01, false}, {1.5, false}, {math.NaN(), false}} {
		t.Run(fmt.Sprint(tc.p), func(t *testing.T) {
			err := ValidateNoise(tc.p)
			if tc.ok {
				if err != nil {
					t.Fatalf("ValidateNoise(%v) = %v; want nil", tc.p, err)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != "oracle.noise" {
				t.Fatalf("ValidateNoise(%v) = %v; want an *input.Error for oracle.noise", tc.p, err)
			}
		})
	}
}

func TestAddNoiseZero(t *testing.T) {
	spec := OracleSpec{Domains: binaryDomains(6), Classes: 3, Depth: 3}
	rng := newRNG(1)
	o := mustOracle(t, spec, rng)
	s, err := Complete(o, Schema(spec), 200, rng)
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	a, b := newRNG(77), newRNG(77)
	got := AddNoise(s, 0, a)
	if got.Data != s.Data || &got.Rules[0] != &s.Rules[0] {
		t.Errorf("AddNoise(p=0) did not return the sample unchanged")
	}
	if a.Uint64() != b.Uint64() {
		t.Errorf("AddNoise(p=0) drew from the generator")
	}
}

// TestAddNoise checks that about p of the labels change, that a changed
// label always takes another class, uniformly among the others, and that
// inputs, rules and the original sample are untouched.
func TestAddNoise(t *testing.T) {
	const q = 20000
	for _, tc := range []struct {
		k int
		p float64
	}{{2, 0.1}, {2, 0.5}, {3, 0.2}, {4, 0.3}, {4, 1}} {
		t.Run(fmt.Sprintf("K%d p%v", tc.k, tc.p), func(t *testing.T) {
			spec := OracleSpec{Domains: binaryDomains(8), Classes: tc.k, Depth: 4}
			rng := newRNG(uint64(tc.k))
			o := mustOracle(t, spec, rng)
			s, err := Complete(o, Schema(spec), q, rng)
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			before := slices.Clone(s.Data.Labels())
			noisy := AddNoise(s, tc.p, rng)
			if !slices.Equal(s.Data.Labels(), before) {
				t.Fatalf("AddNoise modified the original sample's labels")
			}
			if !slices.Equal(noisy.Rules, s.Rules) {
				t.Fatalf("AddNoise changed the rules")
			}
			for f := range s.Data.NumFeatures() {
				if !slices.Equal(noisy.Data.Column(f), s.Data.Column(f)) {
					t.Fatalf("AddNoise changed feature f%d", f)
				}
			}
			changed := 0
			to := make([]int, tc.k*tc.k) // to[old*k+new]
			for r := range q {
				old, now := before[r], noisy.Data.Label(r)
				if old != now {
					changed++
					to[int(old)*tc.k+int(now)]++
				}
				if !noisy.Data.ClassRows(int(now)).Has(r) {
					t.Fatalf("row %d: class bitsets disagree with label %d", r, now)
				}
			}
			sd := math.Sqrt(q * tc.p * (1 - tc.p))
			if d := math.Abs(float64(changed) - q*tc.p); d > 5*sd+1 {
				t.Errorf("%d of %d labels changed; want about %.0f (±%.0f)", changed, q, q*tc.p, 5*sd)
			}
			if tc.k > 2 {
				for old := range tc.k {
					var obs []int
					total := 0
					for now := range tc.k {
						if now != old {
							obs = append(obs, to[old*tc.k+now])
							total += to[old*tc.k+now]
						}
					}
					if x2 := chiSquare(obs, uniform(len(obs), total)); x2 > chiBound(len(obs)-1) {
						t.Errorf("class %d flipped to %v: chi-square %.1f > %.1f", old, obs, x2, chiBound(len(obs)-1))
					}
				}
			}
		})
	}
}

func TestAddNoisePanicsOnBadP(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("AddNoise(p=2) did not panic")
		}
	}()
	AddNoise(Sample{}, 2, newRNG(1))
}
