package train

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The expected values below were computed by hand from the textbook
// formulas (and checked with a separate script summing p·log2 p directly);
// the PlayTennis tables are Quinlan's (1986) counts of (yes, no) per value.
var (
	outlookTable  = []int{2, 3, 4, 0, 3, 2} // sunny, overcast, rainy
	tempTable     = []int{2, 2, 4, 2, 3, 1} // hot, mild, cool
	humidityTable = []int{3, 4, 6, 1}       // high, normal
	windyTable    = []int{3, 3, 6, 2}       // TRUE, FALSE
	threeClass    = []int{2, 1, 0, 0, 1, 3, 0, 0, 0}
)

const tol = 1e-12

func TestEntropy(t *testing.T) {
	tests := []struct {
		name   string
		counts []int
		want   float64
	}{
		{"play tennis", []int{9, 5}, 0.9402859586706311},
		{"uniform two", []int{7, 7}, 1},
		{"uniform four", []int{1, 1, 1, 1}, 2},
		{"half quarter quarter", []int{2, 1, 1}, 1.5},
		{"pure", []int{14, 0}, 0},
		{"empty", []int{0, 0}, 0},
		{"no classes", nil, 0},
		{"large counts", []int{50000, 50000}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Entropy(tc.counts); math.Abs(got-tc.want) > tol {
				t.Errorf("Entropy(%v) = %.15g; want %.15g", tc.counts, got, tc.want)
			}
		})
	}
}

func TestSplitCriteria(t *testing.T) {
	tests := []struct {
		name                   string
		table                  []int
		k                      int
		gain, splitInfo, ratio float64
	}{
		{"outlook", outlookTable, 2, 0.24674981977443933, 1.5774062828523454, 0.15642756242117528},
		{"temperature", tempTable, 2, 0.02922256565895487, 1.5566567074628228, 0.018772646222418813},
		{"humidity", humidityTable, 2, 0.15183550136234159, 1, 0.15183550136234159},
		{"windy", windyTable, 2, 0.04812703040826949, 0.9852281360342515, 0.048848615511520824},
		// Three classes, three branches, the last one empty.
		{"three classes", threeClass, 3, 0.6995138503199657, 0.9852281360342515, 0.7100019018292095},
		// Every row in one branch: no information, no split information.
		{"one branch", []int{0, 0, 5, 3}, 2, 0, 0, 0},
		// A perfect split of a 50/50 node: gain 1 bit, ratio 1.
		{"perfect", []int{4, 0, 0, 4}, 2, 1, 1, 1},
		// Branches with the node's distribution: gain 0, split info 1.
		{"independent", []int{2, 6, 2, 6}, 2, 0, 1, 0},
		{"empty", []int{0, 0, 0, 0}, 2, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := InfoGain(tc.table, tc.k); math.Abs(got-tc.gain) > tol {
				t.Errorf("InfoGain(%v) = %.15g; want %.15g", tc.table, got, tc.gain)
			}
			if got := SplitInfo(tc.table, tc.k); math.Abs(got-tc.splitInfo) > tol {
				t.Errorf("SplitInfo(%v) = %.15g; want %.15g", tc.table, got, tc.splitInfo)
			}
			if got := GainRatio(tc.table, tc.k); math.Abs(got-tc.ratio) > tol {
				t.Errorf("GainRatio(%v) = %.15g; want %.15g", tc.table, got, tc.ratio)
			}
		})
	}
}

func TestGini(t *testing.T) {
	tests := []struct {
		name   string
		counts []int
		want   float64
	}{
		{"play tennis", []int{9, 5}, 90.0 / 196},   // 1 − (81+25)/196
		{"uniform three", []int{3, 3, 3}, 2.0 / 3}, // 1 − 3·(1/9)
		{"pure", []int{0, 8}, 0},
		{"empty", []int{0, 0}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Gini(tc.counts); math.Abs(got-tc.want) > tol {
				t.Errorf("Gini(%v) = %.15g; want %.15g", tc.counts, got, tc.want)
			}
		})
	}
}

func TestGiniGain(t *testing.T) {
	tests := []struct {
		name  string
		table []int
		k     int
		want  float64
	}{
		// Gini(S) = 90/196; high (3,4) and normal (6,1) have Gini 24/49 and
		// 12/49, weighted 18/49 = 72/196; the gain is 18/196.
		{"humidity", humidityTable, 2, 18.0 / 196},
		// outlook: sunny 12/25, overcast 0, rainy 12/25, weighted
		// (5·12/25 + 5·12/25)/14 = 24/70; gain 90/196 − 24/70.
		{"outlook", outlookTable, 2, 90.0/196 - 24.0/70},
		{"perfect", []int{4, 0, 0, 4}, 2, 0.5},
		{"independent", []int{2, 6, 2, 6}, 2, 0},
		{"empty", []int{0, 0, 0, 0}, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := GiniGain(tc.table, tc.k); math.Abs(got-tc.want) > tol {
				t.Errorf("GiniGain(%v) = %.15g; want %.15g", tc.table, got, tc.want)
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
		if exact := GiniGain(tc.table, tc.k); math.Abs(got-exact) > 1e-15 {
			t.Errorf("SimpleCartGain(%v) = %.17g; GiniGain %.17g", tc.table, got, exact)
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
		if got := xlogx(n); got != want {
			t.Errorf("xlogx(%d) = %v; want %v", n, got, want)
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
		if fast, slow := infoGain2x2(table), infoGainSlow(table, 2); fast != slow {
			t.Fatalf("infoGain2x2(%v) = %v; general path gives %v", table, fast, slow)
		}
	}
}
