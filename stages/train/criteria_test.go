package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/info"
)

// PlayTennis tables: Quinlan's (1986) counts of (yes, no) per value.
var (
	outlookTable  = []int{2, 3, 4, 0, 3, 2} // sunny, overcast, rainy
	humidityTable = []int{3, 4, 6, 1}       // high, normal
)

// randomSplitTable returns a random contingency table of 1 to 6 branches and 2
// to 5 classes (k), some cells 0, some branches empty, and now and then
// counts past the end of xlogxTable, so that every path of the sums runs.
func randomSplitTable(rng *rand.Rand, i int) ([]int, int) {
	k, branches := 2+rng.IntN(4), 1+rng.IntN(6)
	if i%3 == 0 {
		k, branches = 2, 2 // the 2×2 fast path
	}
	limit := 40
	if i%10 == 0 {
		limit = 3 * xlogxSize
	}
	table := make([]int, k*branches)
	for j := range table {
		if rng.IntN(5) > 0 {
			table[j] = rng.IntN(limit)
		}
	}
	if i%7 == 0 {
		clear(table[rng.IntN(branches)*k:][:k])
	}
	return table, k
}

// sumsOf returns the node sums of table's column sums, as a splitter sets
// them before it scores the node's splits.
func sumsOf(table []int, k int) *nodeSums {
	var s nodeSums
	s.setColumns(table, k)
	return &s
}

// TestCriteriaMatchInfo checks the learners' fast path (nodeSums, terms and
// the criteria built on them) against package info's reference formulas on
// random tables: the node's entropy, the information gain (ID3's and
// RandomTree's criterion), the split information and gain ratio (C4.5's,
// where J48's 1e-6 rules leave it alone), and the Gini gain. The
// tolerance is relative: both sides sum rounded terms, in other orders.
func TestCriteriaMatchInfo(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	close := func(got, want float64) bool { return math.Abs(got-want) <= 1e-12*max(1, math.Abs(want)) }
	for i := range 20000 {
		table, k := randomSplitTable(rng, i)
		s := sumsOf(table, k)
		cols := make([]int, k)
		for j, x := range table {
			cols[j%k] += x
		}
		if s.n > 0 {
			if got, want := s.base/float64(s.n), info.Shannon(cols); !close(got, want) {
				t.Fatalf("node entropy of %v = %.17g; info.Shannon %.17g", cols, got, want)
			}
		}
		if got, _ := (&infoGain{}).score(s, 0, table); !close(got, info.InfoGain(table, k)) {
			t.Fatalf("infoGain criterion on %v (k=%d) = %.17g; info.InfoGain %.17g", table, k, got, info.InfoGain(table, k))
		}
		xv, xvc := s.terms(table)
		if s.n > 0 {
			if got, want := (s.xn-xv)/float64(s.n), info.SplitInfo(table, k); !close(got, want) {
				t.Fatalf("split information of %v = %.17g; info.SplitInfo %.17g", table, got, want)
			}
		}
		gain, ratio := s.j48Criteria(xv, xvc)
		if gain*float64(s.n) >= 1e-5 && s.xn-xv >= 1e-5 { // past J48's 1e-6 cut-offs
			if !close(gain, info.InfoGain(table, k)) || !close(ratio, info.GainRatio(table, k)) {
				t.Fatalf("gainRatio criterion on %v = (%.17g, %.17g); info (%.17g, %.17g)", table, gain, ratio, info.InfoGain(table, k), info.GainRatio(table, k))
			}
		}
		if got, _ := (&giniGain{}).score(s, 0, table); !close(got, info.GiniGain(table, k)) {
			t.Fatalf("giniGain criterion on %v (k=%d) = %.17g; info.GiniGain %.17g", table, k, got, info.GiniGain(table, k))
		}
	}
	// The textbook tables, against info's hand-computed values.
	for _, table := range [][]int{outlookTable, humidityTable} {
		if got, _ := (&infoGain{}).score(sumsOf(table, 2), 0, table); !close(got, info.InfoGain(table, 2)) {
			t.Errorf("infoGain criterion on %v = %.17g; info.InfoGain %.17g", table, got, info.InfoGain(table, 2))
		}
	}
}

// BenchmarkGain compares the learners' fast path with info's reference
// on the oracle study's hot case, a 2×2 table, and on a 4×3 table: the
// node's sums once, then one split's gain (what a splitter pays per
// candidate split), against info.InfoGain of the same table.
func BenchmarkGain(b *testing.B) {
	for _, tc := range []struct {
		name  string
		table []int
		k     int
	}{
		{"2x2", []int{310, 122, 87, 481}, 2},
		{"4x3", []int{31, 12, 8, 4, 48, 19, 0, 7, 22, 13, 40, 2}, 3},
	} {
		s := sumsOf(tc.table, tc.k)
		crit := &infoGain{}
		b.Run(tc.name+"/criterion", func(b *testing.B) {
			sink := 0.0
			for b.Loop() {
				g, _ := crit.score(s, 0, tc.table)
				sink += g
			}
			if sink < 0 {
				b.Fatal("negative gain")
			}
		})
		b.Run(tc.name+"/info", func(b *testing.B) {
			sink := 0.0
			for b.Loop() {
				sink += info.InfoGain(tc.table, tc.k)
			}
			if sink < 0 {
				b.Fatal("negative gain")
			}
		})
	}
}

// TestSimpleCartGain checks SimpleCartGain bit for bit against the values
// Weka 3.6.14's SimpleCart.computeGiniGain returns for the same tables
// (testdata/SimpleCartGiniBits.java prints them), among them splits of no
// gain that come out above 0 and tables whose gain changes in the last
// bit when the branches swap.
func TestSimpleCartGain(t *testing.T) {
	tests := []struct {
		table []int
		k     int
		bits  uint64
	}{
		{[]int{3, 4, 6, 1}, 2, 0x3fb7829cbc14e5d8},
		{[]int{2, 2, 1, 1}, 2, 0x3c80000000000000}, // no gain, yet 2^-55
		{[]int{1, 1, 2, 2}, 2, 0x3c90000000000000}, // the same split, branches swapped: 2^-54
		{[]int{4, 0, 0, 4}, 2, 0x3fe0000000000000},
		{[]int{2, 6, 2, 6}, 2, 0},
		{[]int{0, 0, 3, 5}, 2, 0},
		{[]int{1, 2, 3, 4, 5, 6}, 3, 0x3f70b7e6ec259d80},
		{[]int{4, 5, 6, 1, 2, 3}, 3, 0x3f70b7e6ec259da0},
		{[]int{3, 0, 1, 0, 7, 2}, 3, 0x3fcfda4c69b2e9f2},
		{[]int{5, 5, 2, 2}, 2, 0},
		{[]int{1, 3, 2, 6}, 2, 0},
		{[]int{2, 6, 1, 3}, 2, 0},
	}
	for _, tc := range tests {
		got := SimpleCartGain(tc.table, tc.k)
		if want := math.Float64frombits(tc.bits); got != want {
			t.Errorf("SimpleCartGain(%v) = %v (%#x); want SimpleCart's %v (%#x)", tc.table, got, math.Float64bits(got), want, tc.bits)
		}
		if exact := info.GiniGain(tc.table, tc.k); math.Abs(got-exact) > 1e-15 {
			t.Errorf("SimpleCartGain(%v) = %.17g; info.GiniGain %.17g", tc.table, got, exact)
		}
	}
}

// TestXlogxTable checks the table against the direct formula on both
// sides of its end, so the lookup never changes a result.
func TestXlogxTable(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 1000, xlogxSize - 1, xlogxSize, xlogxSize + 1, 1 << 20} {
		want := 0.0
		if n > 0 {
			want = float64(n) * math.Log2(float64(n))
		}
		if got := xl(xlogxTable(), n); got != want {
			t.Errorf("xl(xlogxTable(), %d) = %v; want %v", n, got, want)
		}
	}
}

// TestInfoGain2x2 checks that the two-by-two fast path gives bit for bit
// what the general sum gives, so a tree never depends on which ran.
func TestInfoGain2x2(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 10000 {
		limit := 50
		if i%10 == 0 {
			limit = 3 * xlogxSize // past the table's end
		}
		table := []int{rng.IntN(limit), rng.IntN(limit), rng.IntN(limit), rng.IntN(limit)}
		if i%7 == 0 {
			table[rng.IntN(4)] = 0
		}
		s := sumsOf(table, 2)
		fastV, fastC, ok := terms2x2(s.tab, table)
		slowV, slowC := termsAny(s.tab, table, 2)
		if ok && (fastV != slowV || fastC != slowC) {
			t.Fatalf("terms2x2(%v) = (%v, %v); general path gives (%v, %v)", table, fastV, fastC, slowV, slowC)
		}
		if !ok && table[0]+table[1]+table[2]+table[3] < xlogxSize {
			t.Fatalf("terms2x2(%v) declined a table within the n·log2 n table", table)
		}
	}
}
