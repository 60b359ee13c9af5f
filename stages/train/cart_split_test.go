package train

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// giniOf is the Gini impurity 1 − Σ p_c² from the textbook formula, written
// apart from criteria.go so that the checks below are independent of it.
func giniOf(counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	g := 1.0
	for _, c := range counts {
		p := float64(c) / float64(n)
		g -= p * p
	}
	return g
}

// subsetGain is the Gini gain of sending the values in mask to one branch
// and the others to the other, from the textbook formula.
func subsetGain(table []int, k int, mask uint64) float64 {
	parent := make([]int, k)
	in := make([]int, k)
	out := make([]int, k)
	for v := range len(table) / k {
		for c := range k {
			x := table[v*k+c]
			parent[c] += x
			if mask>>v&1 != 0 {
				in[c] += x
			} else {
				out[c] += x
			}
		}
	}
	n, nIn := 0, 0
	for c := range k {
		n += parent[c]
		nIn += in[c]
	}
	if n == 0 {
		return 0
	}
	return giniOf(parent) - float64(nIn)/float64(n)*giniOf(in) - float64(n-nIn)/float64(n)*giniOf(out)
}

// bruteSubset returns the largest Gini gain over every subset of the
// feature's values (both branches counted twice, harmlessly).
func bruteSubset(table []int, k int) float64 {
	z := len(table) / k
	best := 0.0
	for mask := uint64(0); mask < 1<<z; mask++ {
		best = max(best, subsetGain(table, k, mask))
	}
	return best
}

// randomTable returns a z×k table of small counts where about a fifth of
// the values have no rows and, with zeroClass ≥ 0, that class has none.
func randomTable(rng *rand.Rand, z, k, zeroClass int) []int {
	t := make([]int, z*k)
	for v := range z {
		if rng.IntN(5) == 0 {
			continue
		}
		for c := range k {
			if c != zeroClass {
				t[v*k+c] = rng.IntN(12)
			}
		}
	}
	return t
}

// columnSums returns the class counts of a table.
func columnSums(table []int, k int) []int {
	out := make([]int, k)
	for i, x := range table {
		out[i%k] += x
	}
	return out
}

// presentMask returns the values of a table that have rows.
func presentMask(table []int, k int) uint64 {
	var m uint64
	for v := range len(table) / k {
		for _, x := range table[v*k : (v+1)*k] {
			if x > 0 {
				m |= 1 << v
				break
			}
		}
	}
	return m
}

// bestGini runs the subset search on one feature alone with CART's
// criterion: the largest Gini gain of a binary split of the feature with
// contingency table table (k classes) at a node with class counts counts,
// and the values that go to branch 0 (bit v = value v); (0, 0) when fewer
// than two values have rows. Gains within gainTie are ties.
func (cs *cartSubsets) bestGini(table []int, k int, counts []int) (float64, uint64) {
	var s nodeSums
	s.set(counts)
	return cs.best(&giniGain{}, &s, 0, table, counts)
}

// checkSubset runs cartSubsets.bestGini on a table and checks its answer: the
// subset holds only values with rows, not all of them, and is empty only
// when no split has any gain; and its gain, recomputed from the textbook
// formula, is the gain returned. It returns that gain.
func checkSubset(t *testing.T, cs *cartSubsets, table []int, k int) float64 {
	t.Helper()
	gain, subset := cs.bestGini(table, k, columnSums(table, k))
	present := presentMask(table, k)
	if bits.OnesCount64(present) < 2 {
		if gain != 0 || subset != 0 {
			t.Errorf("table %v with < 2 values present: best = (%g, %b); want (0, 0)", table, gain, subset)
		}
		return gain
	}
	// With no gain at all (every value has the node's class proportions)
	// the exhaustive search keeps its first candidate, the empty subset.
	if subset&^present != 0 || subset == present || (subset == 0 && gain > 1e-12) {
		t.Errorf("table %v: subset %b is not a proper non-empty subset of the present values %b", table, subset, present)
	}
	if g := subsetGain(table, k, subset); math.Abs(g-gain) > 1e-12 {
		t.Errorf("table %v: returned gain %.15g; the subset %b has gain %.15g", table, gain, subset, g)
	}
	return gain
}

// TestCARTSubsetsOptimal checks the subset search against brute force over
// every subset: the two-class ordering trick (Breiman et al.'s theorem) and
// the exhaustive search with more classes must both find the best gain.
func TestCARTSubsetsOptimal(t *testing.T) {
	tests := []struct {
		name          string
		k, maxZ       int
		exhaustiveMax int
	}{
		{"two classes, ordering", 2, 8, cartExhaustiveWeka},
		{"three classes, exhaustive (heuristic off)", 3, 8, cartExhaustiveMax},
		{"four classes, exhaustive (heuristic off)", 4, 8, cartExhaustiveMax},
		{"three classes, Z <= 4 with the heuristic on", 3, 4, cartExhaustiveWeka},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.k), uint64(tc.maxZ)))
			cs := &cartSubsets{exhaustiveMax: tc.exhaustiveMax}
			for range 2000 {
				z := 2 + rng.IntN(tc.maxZ-1)
				table := randomTable(rng, z, tc.k, -1)
				got := checkSubset(t, cs, table, tc.k)
				if want := bruteSubset(table, tc.k); math.Abs(got-want) > 1e-12 {
					t.Fatalf("best(%v) gain = %.15g; brute force %.15g", table, got, want)
				}
			}
		})
	}
}

// TestCARTSubsetsHeuristic checks the principal-component heuristic: it
// never beats brute force, it returns a real split, and with a third class
// that never occurs it reduces to the two-class order and is optimal.
func TestCARTSubsetsHeuristic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	cs := &cartSubsets{exhaustiveMax: cartExhaustiveWeka}
	worse := 0
	for i := range 2000 {
		z := 5 + rng.IntN(6)
		zero := -1
		if i%2 == 0 {
			zero = 2
		}
		table := randomTable(rng, z, 3, zero)
		got := checkSubset(t, cs, table, 3)
		want := bruteSubset(table, 3)
		switch {
		case got > want+1e-12:
			t.Fatalf("heuristic on %v: gain %.15g beats brute force %.15g", table, got, want)
		case zero >= 0 && math.Abs(got-want) > 1e-12:
			t.Fatalf("heuristic on %v (class 2 absent): gain %.15g; brute force %.15g", table, got, want)
		case got < want-1e-12:
			worse++
		}
	}
	t.Logf("heuristic below the optimum on %d of 1000 three-class tables", worse)
}

// TestCARTSubsetsOrder checks which of several equally good splits wins,
// and which side is branch 0, as SimpleCart decides.
func TestCARTSubsetsOrder(t *testing.T) {
	tests := []struct {
		name  string
		k     int
		table []int
		want  uint64 // values in branch 0
	}{
		// Two classes: v0 (3,1), v1 (0,4), v2 (1,1); node (4,6), n = 10,
		// Σ n_c² = 52. Shares of class 0: v1 0 < v2 1/2 < v0 3/4, so the
		// prefixes are {v1} and {v1,v2}:
		//   {v1}:    (16/4 + 20/6)/10 − 52/100 = 0.21333
		//   {v1,v2}: (26/6 + 10/4)/10 − 52/100 = 0.16333
		// {v1} wins and is branch 0.
		{"two classes, lowest share first", 2, []int{3, 1, 0, 4, 1, 1}, 0b010},
		// Two classes, v0 (4,0), v1 (2,2), v2 (0,4); node (6,6), n = 12:
		//   {v2}:    (16/4 + 40/8)/12 − 72/144 = 0.25
		//   {v2,v1}: (40/8 + 16/4)/12 − 72/144 = 0.25
		// a tie, which the shorter prefix wins.
		{"two classes, shortest prefix on ties", 2, []int{4, 0, 2, 2, 0, 4}, 0b100},
		// Two values (the oracle study's case): v1 has the lower share of
		// class 0 (1/4 < 3/4) and is branch 0; on equal shares v0 is.
		{"two classes, two values", 2, []int{3, 1, 1, 3}, 0b10},
		{"two classes, two values, equal shares", 2, []int{1, 1, 2, 2}, 0b01},
		// Three singletons of three pure classes: {v2} (pattern 1), {v1}
		// (pattern 2) and {v1,v2} (pattern 3, the split {v0}) all tie;
		// SimpleCart meets pattern 1 first, so v2 is branch 0.
		{"three classes, first subset in SimpleCart's order", 3, []int{4, 0, 0, 0, 4, 0, 0, 0, 4}, 0b100},
		// Value v1 has no rows: it is not in the search, and the three
		// present values v0, v2, v3 are patterns over (v3, v2): {v3} first.
		{"three classes, a value without rows", 3, []int{4, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 4}, 0b1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs := &cartSubsets{exhaustiveMax: cartExhaustiveWeka}
			checkSubset(t, cs, tc.table, tc.k)
			if _, got := cs.bestGini(tc.table, tc.k, columnSums(tc.table, tc.k)); got != tc.want {
				t.Errorf("best(%v) branch 0 = %b; want %b", tc.table, got, tc.want)
			}
		})
	}
}

// TestJAMASymmetricEigen checks the eigen-solver on random symmetric
// positive semi-definite matrices: the eigenvalues ascend, the columns of
// v are orthonormal, and each is an eigenvector of its eigenvalue.
func TestJAMASymmetricEigen(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, k := range []int{1, 2, 3, 5, 8, 19} {
		for range 50 {
			b := make([]float64, k*k)
			for i := range b {
				b[i] = rng.NormFloat64()
			}
			a := make([]float64, k*k) // a = bᵀb
			for i := range k {
				for j := range k {
					for r := range k {
						a[i*k+j] += b[r*k+i] * b[r*k+j]
					}
				}
			}
			v := append([]float64(nil), a...)
			d, e := make([]float64, k), make([]float64, k)
			jamaSymmetricEigen(v, d, e, k)
			for i := 1; i < k; i++ {
				if d[i] < d[i-1] {
					t.Fatalf("k=%d: eigenvalues %v not ascending", k, d)
				}
			}
			for i := range k {
				for j := range k {
					dot := 0.0
					for r := range k {
						dot += v[r*k+i] * v[r*k+j]
					}
					if want := float64(bool2int(i == j)); math.Abs(dot-want) > 1e-9 {
						t.Fatalf("k=%d: column %d · column %d = %g; want %g", k, i, j, dot, want)
					}
				}
				for r := range k {
					av := 0.0
					for c := range k {
						av += a[r*k+c] * v[c*k+i]
					}
					if math.Abs(av-d[i]*v[r*k+i]) > 1e-8*(1+math.Abs(d[i])) {
						t.Fatalf("k=%d: (A v_%d)_%d = %g; λ v = %g", k, i, r, av, d[i]*v[r*k+i])
					}
				}
			}
		}
	}
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}
