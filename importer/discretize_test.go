package importer

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestEqualFrequencyCuts checks cut points worked out by hand with
// Weka's walk (see EqualFrequencyCuts).
func TestEqualFrequencyCuts(t *testing.T) {
	cases := []struct {
		name   string
		values []float64
		bins   int
		want   []float64
	}{
		{"none", nil, 5, nil},
		{"one value", []float64{3}, 5, nil},
		{"constant", []float64{2, 2, 2, 2}, 5, nil},
		{"one bin", []float64{1, 2, 3}, 1, nil},
		{"every gap", []float64{5, 1, 4, 2, 3}, 5, []float64{1.5, 2.5, 3.5, 4.5}},
		{"two bins", []float64{1, 2, 3, 4}, 2, []float64{2.5}},
		// freq = 0.8: 1 closes a bin; then freq 0.75 and the run of 3s
		// stays whole.
		{"run kept whole", []float64{1, 3, 3, 8}, 5, []float64{2, 5.5}},
		// freq = 2.5: at the gap after the second 1 (counter 3) the
		// previous gap (counter 1) is farther from 2.5, so it cuts here.
		{"first passing gap", []float64{0, 1, 1, 2, 2}, 2, []float64{1.5}},
		// freq = 4: the gap after the 0s (counter 2) is remembered; at the
		// gap after the 1s (counter 7) the remembered one is nearer 4
		// (4-2 < 7-4), so Weka cuts at 0.5 and carries the 1s on.
		{"previous gap nearer", []float64{0, 0, 1, 1, 1, 1, 1, 2}, 2, []float64{0.5}},
		// A tie (3-1 = 5-3) goes to the gap at hand.
		{"tie", []float64{0, 1, 1, 1, 1, 2}, 2, []float64{1.5}},
		// After a cut, freq is what is left over the bins left: 2, then 1.
		{"aim updated", []float64{0, 0, 0, 0, 1, 2}, 3, []float64{0.5, 1.5}},
		// A gap remembered short of freq (4) becomes the last cut.
		{"leftover gap", []float64{0, 1, 2, 2, 2, 2, 2, 2}, 2, []float64{1.5}},
		{"negative", []float64{-3, -1, -2}, 3, []float64{-2.5, -1.5}},
	}
	for _, tc := range cases {
		got := EqualFrequencyCuts(tc.values, tc.bins)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: EqualFrequencyCuts(%v, %d) = %v; want %v", tc.name, tc.values, tc.bins, got, tc.want)
		}
	}
}

func TestEqualWidthCuts(t *testing.T) {
	cases := []struct {
		values []float64
		bins   int
		want   []float64
	}{
		{nil, 5, nil},
		{[]float64{4, 4}, 5, nil},
		{[]float64{0, 10}, 1, nil},
		{[]float64{10, 0, 3}, 5, []float64{2, 4, 6, 8}},
		{[]float64{-1, 1}, 4, []float64{-0.5, 0, 0.5}},
		// A width below the values' precision gives equal cuts, kept once.
		{[]float64{1, math.Nextafter(1, 2)}, 4, []float64{1, math.Nextafter(1, 2)}},
	}
	for _, tc := range cases {
		if got := EqualWidthCuts(tc.values, tc.bins); !slices.Equal(got, tc.want) {
			t.Errorf("EqualWidthCuts(%v, %d) = %v; want %v", tc.values, tc.bins, got, tc.want)
		}
	}
}

func TestBin(t *testing.T) {
	cuts := []float64{1.5, 3.5}
	for _, tc := range []struct {
		v    float64
		want int
	}{{-10, 0}, {1.5, 0}, {1.6, 1}, {3.5, 1}, {3.51, 2}, {99, 2}} {
		if got := Bin(cuts, tc.v); got != tc.want {
			t.Errorf("Bin(%v, %v) = %d; want %d", cuts, tc.v, got, tc.want)
		}
	}
	if got := Bin(nil, 7); got != 0 {
		t.Errorf("Bin(nil, 7) = %d; want 0", got)
	}
}

// TestEqualFrequencyProperties checks, on random columns with many ties,
// that cuts are strictly ascending midpoints of neighbouring distinct
// values, at most bins-1, and that no bin is empty.
func TestEqualFrequencyProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for trial := range 2000 {
		n := 1 + rng.IntN(60)
		values := make([]float64, n)
		distinct := 1 + rng.IntN(12)
		for i := range values {
			values[i] = float64(rng.IntN(distinct)) * 0.25
		}
		bins := 1 + rng.IntN(12)
		cuts := EqualFrequencyCuts(values, bins)
		if len(cuts) > bins-1 {
			t.Fatalf("trial %d: %d cuts for %d bins", trial, len(cuts), bins)
		}
		counts := make([]int, len(cuts)+1)
		for _, v := range values {
			counts[Bin(cuts, v)]++
		}
		for j, c := range cuts {
			if j > 0 && !(c > cuts[j-1]) {
				t.Fatalf("trial %d: cuts %v not ascending", trial, cuts)
			}
			lo, hi := math.Inf(-1), math.Inf(1)
			for _, v := range values {
				if v < c {
					lo = max(lo, v)
				} else {
					hi = min(hi, v)
				}
			}
			if c != (lo+hi)/2 {
				t.Fatalf("trial %d: cut %v is not the midpoint of its neighbours %v, %v", trial, c, lo, hi)
			}
		}
		for j, k := range counts {
			if k == 0 {
				t.Fatalf("trial %d: bin %d of cuts %v is empty (values %v)", trial, j, cuts, values)
			}
		}
	}
}

// wekaEqualFrequency is Weka 3.6's calculateCutPointsByEqualFrequencyBinning
// transliterated instance by instance (unit weights, no missing values),
// the reference for the run-at-a-time walk.
func wekaEqualFrequency(values []float64, bins int) []float64 {
	v := slices.Clone(values)
	slices.Sort(v)
	sum := float64(len(v))
	cuts := make([]float64, bins-1)
	freq := sum / float64(bins)
	counter, last := 0.0, 0.0
	cp, lastIndex := 0, -1
	for i := 0; i < len(v)-1; i++ {
		counter++
		sum--
		if v[i] < v[i+1] {
			if counter >= freq {
				if freq-last < counter-freq && lastIndex != -1 {
					cuts[cp] = (v[lastIndex] + v[lastIndex+1]) / 2
					counter -= last
					last = counter
					lastIndex = i
				} else {
					cuts[cp] = (v[i] + v[i+1]) / 2
					counter = 0
					last = 0
					lastIndex = -1
				}
				cp++
				freq = (sum + counter) / float64(len(cuts)+1-cp)
			} else {
				lastIndex = i
				last = counter
			}
		}
	}
	if cp < len(cuts) && lastIndex != -1 {
		cuts[cp] = (v[lastIndex] + v[lastIndex+1]) / 2
		cp++
	}
	if cp == 0 {
		return nil
	}
	return cuts[:cp]
}

// TestEqualFrequencyMatchesWekaWalk checks the run-at-a-time walk against
// Weka's instance-at-a-time one on random columns with ties.
func TestEqualFrequencyMatchesWekaWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 5000 {
		values := make([]float64, rng.IntN(80))
		scale := []float64{1, 0.1, 1e-3, 1e6}[rng.IntN(4)]
		distinct := 1 + rng.IntN(30)
		for i := range values {
			values[i] = (float64(rng.IntN(distinct)) - 5) * scale
		}
		bins := 1 + rng.IntN(15)
		got, want := EqualFrequencyCuts(values, bins), wekaEqualFrequency(values, bins)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: EqualFrequencyCuts(%v, %d) = %v; Weka's walk gives %v", trial, values, bins, got, want)
		}
	}
}
