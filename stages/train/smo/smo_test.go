package smo

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

func fit(t *testing.T, d *dataset.Dataset, o Options) *Model {
	t.Helper()
	m, err := Learner{Options: o}.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	return m
}

// TestSeparable checks that SMO separates linearly separable data: every
// training row is classified correctly, with two and with three classes.
// With C = 1 a soft margin may trade a point for a wider margin; the last
// case needs a larger C (a harder margin) to separate.
func TestSeparable(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k       int
		label   func(x []uint8) uint8
		c       float64
	}{
		{"two classes, x0 or x1", []int{2, 2, 2, 2}, 2, func(x []uint8) uint8 { return x[0] | x[1] }, 1},
		{"two classes, majority of three", []int{2, 2, 2, 2}, 2, func(x []uint8) uint8 {
			if x[0]+x[1]+x[2] >= 2 {
				return 1
			}
			return 0
		}, 1},
		{"three classes from a one-hot feature", []int{3, 2, 4}, 3, func(x []uint8) uint8 { return x[0] }, 1},
		{"three classes, threshold on two features", []int{3, 3}, 3, func(x []uint8) uint8 { return min((x[0]+x[1]+1)/2, 2) }, 100},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := allInputs(tc.domains)
			y := make([]uint8, len(x))
			for r := range x {
				y[r] = tc.label(x[r])
			}
			o := DefaultOptions()
			o.Complexity = tc.c
			m := fit(t, build(t, tc.domains, tc.k, x, y), o)
			for r := range x {
				if got := m.Predict(x[r]); got != int(y[r]) {
					t.Errorf("Predict(%v) = %d; want %d", x[r], got, y[r])
				}
			}
		})
	}
}

// TestTwoPoints checks the SVM of one point per class against its closed
// form. With points a (class 0, y = -1) and b (class 1, y = +1) and
// d = ||b - a||², the dual maximises 2α - α² d / 2, so α = 2/d (when it is
// at most C), w = α (b - a) = 2 (b - a)/d, and both points lie on the
// margin: w·b - θ = 1 and w·a - θ = -1, so θ = w·(a + b)/2, where the
// output is w·x - θ (Weka's sign convention).
func TestTwoPoints(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		a, b    []uint8
	}{
		{"d=4 on binary features", []int{2, 2, 2, 2}, []uint8{0, 0, 0, 0}, []uint8{1, 1, 1, 1}},
		{"d=3, shared coordinate", []int{2, 2, 2, 2, 2}, []uint8{1, 0, 1, 0, 0}, []uint8{0, 1, 1, 1, 0}},
		{"one-hot features, d=4", []int{3, 3, 2}, []uint8{0, 1, 1}, []uint8{2, 0, 1}},
		{"d=2, alpha at the bound C", []int{2, 2, 2}, []uint8{1, 0, 0}, []uint8{0, 1, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := fit(t, build(t, tc.domains, 2, [][]uint8{tc.a, tc.b}, []uint8{0, 1}), DefaultOptions())
			enc := newEncoding(tc.domains)
			va, vb := dense(enc, tc.a), dense(enc, tc.b)
			dd := 0.0
			for c := range va {
				dd += (vb[c] - va[c]) * (vb[c] - va[c])
			}
			alpha := 2 / dd
			want := make([]float64, enc.dims)
			wantB := 0.0
			for c := range want {
				want[c] = alpha * (vb[c] - va[c])
				wantB += want[c] * (va[c] + vb[c]) / 2
			}
			w, b, ok := m.Machine(0, 1)
			if !ok {
				t.Fatal("Machine(0, 1) not trained")
			}
			for c := range want {
				if math.Abs(w[c]-want[c]) > 1e-12 {
					t.Errorf("w = %v; want %v", w, want)
					break
				}
			}
			if math.Abs(b-wantB) > 1e-12 {
				t.Errorf("b = %.17g; want %.17g", b, wantB)
			}
			if m.Predict(tc.a) != 0 || m.Predict(tc.b) != 1 {
				t.Errorf("Predict(a), Predict(b) = %d, %d; want 0, 1", m.Predict(tc.a), m.Predict(tc.b))
			}
		})
	}
}

// dense is the 0/1 coordinate vector of x.
func dense(e encoding, x []uint8) []float64 {
	v := make([]float64, e.dims)
	for f, code := range x {
		if c := e.coord[e.offset[f]+int(code)]; c >= 0 {
			v[c] = 1
		}
	}
	return v
}

func TestEncoding(t *testing.T) {
	// Weka's NominalToBinary: 3 values → 3 coordinates, 2 values → 1
	// (the code), 1 value → 1 (always 0), 4 values → 4.
	e := newEncoding([]int{3, 2, 1, 4})
	if e.dims != 9 || e.words != 1 {
		t.Fatalf("dims, words = %d, %d; want 9, 1", e.dims, e.words)
	}
	cases := []struct {
		x    []uint8
		want []float64
	}{
		{[]uint8{0, 0, 0, 0}, []float64{1, 0, 0, 0, 0, 1, 0, 0, 0}},
		{[]uint8{2, 1, 0, 3}, []float64{0, 0, 1, 1, 0, 0, 0, 0, 1}},
		{[]uint8{1, 0, 0, 2}, []float64{0, 1, 0, 0, 0, 0, 0, 1, 0}},
	}
	for _, tc := range cases {
		if got := dense(e, tc.x); !slices.Equal(got, tc.want) {
			t.Errorf("coding of %v = %v; want %v", tc.x, got, tc.want)
		}
	}
	if e := newEncoding(slices.Repeat([]int{3}, 22)); e.dims != 66 || e.words != 2 {
		t.Errorf("22 ternary features: dims, words = %d, %d; want 66, 2", e.dims, e.words)
	}
}

func TestOptionsValidate(t *testing.T) {
	with := func(f func(*Options)) Options { o := DefaultOptions(); f(&o); return o }
	cases := []struct {
		name string
		opts Options
		key  string // "" when valid
	}{
		{"defaults", DefaultOptions(), ""},
		{"probabilities", with(func(o *Options) { o.Probabilities = true }), ""},
		{"large C", with(func(o *Options) { o.Complexity = 1e6 }), ""},
		{"zero C", with(func(o *Options) { o.Complexity = 0 }), "complexity"},
		{"negative C", with(func(o *Options) { o.Complexity = -1 }), "complexity"},
		{"NaN C", with(func(o *Options) { o.Complexity = math.NaN() }), "complexity"},
		{"infinite C", with(func(o *Options) { o.Complexity = math.Inf(1) }), "complexity"},
		{"zero tolerance", with(func(o *Options) { o.Tolerance = 0 }), "tolerance"},
		{"NaN tolerance", with(func(o *Options) { o.Tolerance = math.NaN() }), "tolerance"},
		{"negative epsilon", with(func(o *Options) { o.Epsilon = -1e-12 }), "epsilon"},
		{"infinite epsilon", with(func(o *Options) { o.Epsilon = math.Inf(1) }), "epsilon"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.opts.Validate()
			if tc.key == "" {
				if err != nil {
					t.Fatalf("Validate() = %v; want nil", err)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != tc.key {
				t.Fatalf("Validate() = %v; want an *input.Error for key %s", err, tc.key)
			}
		})
	}
}

func TestFitRejectsBadArguments(t *testing.T) {
	d := build(t, []int{2}, 2, [][]uint8{{0}, {1}}, []uint8{0, 1})
	bad := DefaultOptions()
	bad.Complexity = 0
	cases := []struct {
		name  string
		opts  Options
		d     *dataset.Dataset
		rows  dataset.Bitset
		input bool // bad user input (exit status 2)
		want  string
	}{
		{"bad option", bad, d, d.All(), true, "complexity"},
		{"nil dataset", DefaultOptions(), nil, d.All(), false, "nil dataset"},
		{"short row set", DefaultOptions(), d, dataset.Bitset{}, false, "row set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Learner{Options: tc.opts}.Fit(tc.d, tc.rows, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Fit error = %v; want one mentioning %q", err, tc.want)
			}
			if input.Is(err) != tc.input {
				t.Fatalf("input.Is(%v) = %v; want %v", err, input.Is(err), tc.input)
			}
		})
	}
}

// TestDegenerateTraining covers training sets Weka handles specially: no
// rows, and rows of one class only (every pair with that class votes for
// it; pairs of two absent classes do not vote).
func TestDegenerateTraining(t *testing.T) {
	d := build(t, []int{2, 3}, 3, [][]uint8{{0, 0}, {1, 2}, {0, 1}}, []uint8{2, 2, 2})
	for _, probs := range []bool{false, true} {
		o := DefaultOptions()
		o.Probabilities = probs
		m := fit(t, d, o)
		dist := make([]float64, 3)
		for _, x := range [][]uint8{{0, 0}, {1, 1}} {
			if got := m.Predict(x); got != 2 {
				t.Errorf("probabilities=%v: one-class Predict(%v) = %d; want 2", probs, x, got)
			}
			m.Distribution(x, dist)
			if dist[2] < 0.5 || math.Abs(dist[0]+dist[1]+dist[2]-1) > 1e-12 {
				t.Errorf("probabilities=%v: one-class Distribution(%v) = %v", probs, x, dist)
			}
		}
		empty, err := Learner{Options: o}.Fit(d, dataset.NewBitset(d.Len()), nil)
		if err != nil {
			t.Fatalf("Fit(no rows): %v", err)
		}
		empty.Distribution([]uint8{1, 1}, dist)
		if got := empty.Predict([]uint8{1, 1}); got != 0 || !slices.Equal(dist, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}) {
			t.Errorf("probabilities=%v: no rows: Predict = %d, Distribution = %v; want 0 and uniform", probs, got, dist)
		}
	}
}

// TestMissingCodeTakesMode checks that a code outside a feature's domain
// (a missing value) is read as the training mode, as Weka's
// ReplaceMissingValues replaces a missing value.
func TestMissingCodeTakesMode(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	domains := []int{3, 2, 4}
	x, y := randomRows(rng, 200, domains, 3)
	d := build(t, domains, 3, x, y)
	m := fit(t, d, DefaultOptions())
	for _, row := range allInputs(domains) {
		for f := range domains {
			missing := slices.Clone(row)
			missing[f] = 255
			filled := slices.Clone(row)
			filled[f] = m.modes[f]
			if m.Predict(missing) != m.Predict(filled) {
				t.Fatalf("Predict(%v) = %d; Predict with the mode %v = %d", missing, m.Predict(missing), filled, m.Predict(filled))
			}
		}
	}
}

// TestDistributionProperties checks, on random data with four classes:
// without probabilities the distribution is the pairwise votes over the
// number of pairs; with them it sums to 1; for two classes the Platt
// probability of the second class grows with the machine's output.
func TestDistributionProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	domains := []int{2, 3, 2, 4, 2}
	x, y := randomRows(rng, 300, domains, 4)
	for r := range x { // some signal, so the machines are not trivial
		if rng.IntN(3) > 0 {
			y[r] = x[r][1] + x[r][0]
		}
	}
	d := build(t, domains, 4, x, y)
	votes := fit(t, d, DefaultOptions())
	o := DefaultOptions()
	o.Probabilities = true
	probs := fit(t, d, o)
	dist := make([]float64, 4)
	v := make([]int, 4)
	for _, in := range allInputs(domains) {
		votes.Distribution(in, dist)
		votes.votes(in, v)
		for c := range dist {
			if dist[c] != float64(v[c])/6 {
				t.Fatalf("Distribution(%v) = %v; votes %v / 6", in, dist, v)
			}
		}
		if got, want := votes.Predict(in), slices.Index(v, slices.Max(v)); got != want {
			t.Fatalf("Predict(%v) = %d; want the first class of most votes %d (votes %v)", in, got, want, v)
		}
		probs.Distribution(in, dist)
		sum := 0.0
		for _, p := range dist {
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Fatalf("probabilities Distribution(%v) = %v", in, dist)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("probabilities Distribution(%v) sums to %.17g", in, sum)
		}
		if got, want := probs.Predict(in), slices.Index(dist, slices.Max(dist)); got != want {
			t.Fatalf("probabilities Predict(%v) = %d; want the most probable class %d (%v)", in, got, want, dist)
		}
	}

	// Two classes: P(class 1) against the output of machine (0, 1).
	for r := range y {
		y[r] = min(y[r], 1)
	}
	d2 := build(t, domains, 2, x, y)
	m := fit(t, d2, o)
	w, b, _ := m.Machine(0, 1)
	type point struct{ out, p float64 }
	var pts []point
	dist2 := make([]float64, 2)
	for _, in := range allInputs(domains) {
		out := -b
		for c, v := range dense(m.enc, in) {
			out += w[c] * v
		}
		m.Distribution(in, dist2)
		pts = append(pts, point{out, dist2[1]})
	}
	slices.SortFunc(pts, func(a, b point) int {
		if a.out < b.out {
			return -1
		}
		if a.out > b.out {
			return 1
		}
		return 0
	})
	for i := 1; i < len(pts); i++ {
		if pts[i].out-pts[i-1].out > 1e-9 && pts[i].p < pts[i-1].p {
			t.Fatalf("P(class 1) falls from %.6g to %.6g as the output grows from %.6g to %.6g",
				pts[i-1].p, pts[i].p, pts[i-1].out, pts[i].out)
		}
	}
	if pts[0].p >= 0.5 || pts[len(pts)-1].p <= 0.5 {
		t.Errorf("P(class 1) spans [%.3g, %.3g]; want it below 1/2 at the most negative output and above at the most positive", pts[0].p, pts[len(pts)-1].p)
	}
}

func TestPredictDoesNotAllocate(t *testing.T) {
	d, x := benchData(t, 10, 500)
	m := fit(t, d, DefaultOptions())
	dist := make([]float64, 2)
	if n := testing.AllocsPerRun(100, func() { m.Predict(x[7]); m.Distribution(x[7], dist) }); n != 0 {
		t.Errorf("Predict and Distribution allocate %v times per call; want 0", n)
	}
}

// TestJavaRandom checks cv.JavaRandom, the java.util.Random SMO shuffles
// with, against Java 17:
//
//	r := new java.util.Random(1);
//	for (int b : new int[]{10, 10, 10, 10, 10, 16, 16, 1000, 1000, 1000, 7, 1 << 30, 1500000000})
//	  System.out.print(r.nextInt(b) + ", ");
//
// prints 5, 8, 7, 3, 4, 0, 5, 606, 978, 748, 5, 163999236, 342691263.
func TestJavaRandom(t *testing.T) {
	r := cv.NewJavaRandom(1)
	var got []int32
	for _, bound := range []int32{10, 10, 10, 10, 10, 16, 16, 1000, 1000, 1000, 7, 1 << 30, 1500000000} {
		got = append(got, r.IntN(bound))
	}
	want := []int32{5, 8, 7, 3, 4, 0, 5, 606, 978, 748, 5, 163999236, 342691263}
	if !slices.Equal(got, want) {
		t.Errorf("java.util.Random(1) draws %v; want %v", got, want)
	}
}

// randomRows draws n rows uniformly over the domains with labels uniform in 0..k-1.
func randomRows(rng *rand.Rand, n int, domains []int, k int) ([][]uint8, []uint8) {
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(rng.IntN(k))
	}
	return x, y
}

// allInputs lists every input vector over the domains, in lexicographic order.
func allInputs(domains []int) [][]uint8 {
	out := [][]uint8{{}}
	for _, z := range domains {
		var next [][]uint8
		for _, p := range out {
			for v := range z {
				next = append(next, append(slices.Clone(p), uint8(v)))
			}
		}
		out = next
	}
	return out
}
