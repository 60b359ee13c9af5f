package tree

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// spec is a tree written out by hand: an internal node tests feature
// with threshold (numeric) or one child per value; a leaf has its class
// and class weights. Internal nodes get the sum of their children's.
type spec struct {
	feature   int
	threshold float64
	kids      []spec
	class     int
	w         []float64
}

func leafSpec(class int, w ...float64) spec { return spec{class: class, w: w} }

// buildSpec builds s with the Builder, depth first, and returns the tree.
func buildSpec(t testing.TB, domains []int, classes int, s spec) *Tree {
	b := NewBuilder(domains, classes)
	var grow func(n int, s spec) []float64
	grow = func(n int, s spec) []float64 {
		if s.kids == nil {
			b.SetLeaf(n, s.class)
			b.SetWeights(n, s.w)
			return s.w
		}
		var kids []int
		if domains[s.feature] == Numeric {
			le, gt := b.SplitNumeric(n, s.feature, s.threshold)
			kids = []int{le, gt}
		} else {
			kids = b.SplitMultiway(n, s.feature)
		}
		sum := make([]float64, classes)
		for i, k := range kids {
			for c, v := range grow(k, s.kids[i]) {
				sum[c] += v
			}
		}
		b.SetWeights(n, sum)
		return sum
	}
	grow(b.Root(), s)
	tr := b.Tree()
	if err := tr.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	return tr
}

// The labor features the unpruned J48 tree tests, and its classes.
const (
	wage = iota // wage-increase-first-year, numeric
	education
	pension
	health
	disability
	holidays // statutory-holidays, numeric
)

const bad, good = 0, 1

func laborNames() Names {
	return Names{
		Features: []string{"wage-increase-first-year", "education-allowance", "pension", "contribution-to-health-plan", "longterm-disability-assistance", "statutory-holidays"},
		Values:   [][]string{nil, {"yes", "no"}, {"none", "ret_allw", "empl_contr"}, {"none", "half", "full"}, {"yes", "no"}, nil},
		Classes:  []string{"bad", "good"},
	}
}

// laborTree is J48 -U's tree of labor.arff (testdata/labor-unpruned.j48),
// with leaf weights that print as Weka's do: (2.43/0.43) is 2 bad and 0.43
// good.
func laborTree(t testing.TB) *Tree {
	s := spec{feature: wage, threshold: 2.5, kids: []spec{
		{feature: education, kids: []spec{
			{feature: wage, threshold: 2.1, kids: []spec{
				{feature: pension, kids: []spec{
					leafSpec(bad, 2, 0.43), leafSpec(bad, 0, 0), leafSpec(good, 1.5, 1.66),
				}},
				leafSpec(bad, 2, 0.04),
			}},
			{feature: health, kids: []spec{
				leafSpec(bad, 3.39, 0), leafSpec(good, 0.05, 0.13), leafSpec(bad, 4.06, 0),
			}},
		}},
		{feature: disability, kids: []spec{
			{feature: holidays, threshold: 10, kids: []spec{
				{feature: wage, threshold: 3, kids: []spec{leafSpec(bad, 2, 0), leafSpec(good, 0, 3.99)}},
				leafSpec(good, 0, 25.67),
			}},
			{feature: health, kids: []spec{
				leafSpec(bad, 3, 1.07), leafSpec(bad, 2, 1.37), leafSpec(good, 0, 2.62),
			}},
		}},
	}}
	return buildSpec(t, []int{Numeric, 2, 3, 3, 2, Numeric}, 2, s)
}

// wekaTree returns the tree J48 printed in a Weka output file: the lines
// between the dashes under "J48 ... tree" and "Number of Leaves", with
// J48's bars ("|   ") written as WriteText's ("|  ").
func wekaTree(t testing.TB, path string) string {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	_, s, ok := strings.Cut(s, "------------------\n\n")
	if !ok {
		t.Fatalf("%s: no J48 tree", path)
	}
	s, _, ok = strings.Cut(s, "\n\nNumber of Leaves")
	if !ok {
		t.Fatalf("%s: no end of the J48 tree", path)
	}
	return strings.ReplaceAll(s, "|   ", "|  ") + "\n"
}

func TestWriteTextNumericAsJ48(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, laborTree(t), laborNames()); err != nil {
		t.Fatal(err)
	}
	if want := wekaTree(t, "testdata/labor-unpruned.j48"); buf.String() != want {
		t.Errorf("WriteText:\n%s\nWeka's J48 -U:\n%s", buf.String(), want)
	}
}

func TestWriteDOTNumeric(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteDOT(&buf, laborTree(t), laborNames()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`n0 [label="wage-increase-first-year"];`,
		`n0 -> n1 [label="<= 2.5"];`,
		`n0 -> n2 [label="> 2.5"];`,
		`[label="bad (2.43/0.43)", shape=box, style=filled];`,
		`[label="bad (0.0)", shape=box, style=filled];`,
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("WriteDOT lacks %s:\n%s", want, buf.String())
		}
	}
}

// getProbs is J48's ClassifierTree.getProbs transcribed for one class, as
// Weka computes it (the independent truth for DistributionValues): a leaf
// gives weight·p(c); a missing value, the sum over the non-empty sons of
// their getProbs with weight·share; an empty son, weight times the
// parent's p(c).
func getProbs(tr *Tree, n, c int, x []float64, weight float64) float64 {
	p := func(n int) float64 {
		w := tr.NodeWeights(n)
		total := 0.0
		for _, v := range w {
			total += v
		}
		if total == 0 {
			return 0
		}
		return w[c] / total
	}
	total := func(n int) float64 {
		s := 0.0
		for _, v := range tr.NodeWeights(n) {
			s += v
		}
		return s
	}
	if tr.IsLeaf(n) {
		return weight * p(n)
	}
	kids := tr.Children(n)
	f := tr.Feature[n]
	v := x[f]
	if math.IsNaN(v) {
		prob := 0.0
		seen := map[int32]bool{}
		for _, k := range kids {
			if seen[k] {
				continue
			}
			seen[k] = true
			if total(int(k)) < 1e-6 {
				continue
			}
			prob += getProbs(tr, int(k), c, x, total(int(k))/total(n)*weight)
		}
		return prob
	}
	var k int
	if tr.Domains[f] == Numeric {
		k = int(kids[1])
		if v <= tr.Threshold[n] {
			k = int(kids[0])
		}
	} else {
		k = int(kids[int(v)])
	}
	if total(k) < 1e-6 {
		return weight * p(n)
	}
	return getProbs(tr, k, c, x, weight)
}

// randomInstance draws an instance for the labor tree's features: values
// near the thresholds, each missing with probability 1/3.
func randomInstance(rng *rand.Rand, domains []int) []float64 {
	x := make([]float64, len(domains))
	for f, z := range domains {
		switch {
		case rng.IntN(3) == 0:
			x[f] = math.NaN()
		case z == Numeric:
			x[f] = []float64{1, 2.1, 2.2, 2.5, 2.6, 3, 3.5, 10, 11}[rng.IntN(9)]
		default:
			x[f] = float64(rng.IntN(z))
		}
	}
	return x
}

func TestDistributionValuesIsGetProbs(t *testing.T) {
	tr := laborTree(t)
	rng := rand.New(rand.NewPCG(1, 2))
	dst := make([]float64, tr.Classes)
	missing := 0
	for range 2000 {
		x := randomInstance(rng, tr.Domains)
		tr.DistributionValues(x, dst)
		for c := range dst {
			if want := getProbs(tr, 0, c, x, 1); math.Abs(dst[c]-want) > 1e-12 {
				t.Fatalf("DistributionValues(%v)[%d] = %v; getProbs %v", x, c, dst[c], want)
			}
		}
		if s := dst[0] + dst[1]; math.Abs(s-1) > 1e-9 {
			t.Fatalf("DistributionValues(%v) sums to %v", x, s)
		}
		if got, want := tr.PredictValues(x), maxIndex(dst); got != want {
			t.Fatalf("PredictValues(%v) = %d; argmax %d", x, got, want)
		}
		leaf := tr.ApplyValues(x)
		if leaf < 0 {
			missing++
			continue
		}
		if !tr.IsLeaf(leaf) {
			t.Fatalf("ApplyValues(%v) = %d, not a leaf", x, leaf)
		}
	}
	if missing == 0 || missing == 2000 {
		t.Fatalf("%d of 2000 instances met a missing value: the test draws badly", missing)
	}
}

// TestDistributionValuesByHand checks three instances against sums done
// by hand on the labor tree.
func TestDistributionValuesByHand(t *testing.T) {
	tr := laborTree(t)
	nan := math.NaN()
	cases := []struct {
		name string
		x    []float64
		want []float64
	}{
		// wage 2 <= 2.5, education yes, wage <= 2.1, pension none: 2 bad, 0.43 good.
		{"known path", []float64{2, 0, 0, nan, nan, nan}, []float64{2 / 2.43, 0.43 / 2.43}},
		// pension ret_allw: an empty leaf, so its parent's (3.5 bad, 2.09 good).
		{"empty leaf", []float64{2, 0, 1, nan, nan, nan}, []float64{3.5 / 5.59, 2.09 / 5.59}},
		// wage 3.5 > 2.5, disability yes, holidays missing: the <= 10 side
		// holds 5.99 of 31.66 (its leaves 2 bad and 3.99 good; wage 3.5 > 3
		// takes the 3.99 good leaf), the other 25.67 good.
		{"missing holidays", []float64{3.5, nan, nan, nan, 0, nan}, []float64{0, 5.99/31.66 + 25.67/31.66}},
	}
	dst := make([]float64, 2)
	for _, tc := range cases {
		tr.DistributionValues(tc.x, dst)
		for c := range dst {
			if math.Abs(dst[c]-tc.want[c]) > 1e-12 {
				t.Errorf("%s: DistributionValues = %v; want %v", tc.name, dst, tc.want)
				break
			}
		}
	}
}

func TestApplyValuesMatchesApplyOnNominal(t *testing.T) {
	weighted := weatherTree(t)
	weighted.Weights = make([]float64, len(weighted.Counts))
	for i, k := range weighted.Counts {
		weighted.Weights[i] = float64(k)
	}
	weighted.Counts = nil
	for _, tr := range []*Tree{weatherTree(t), weighted} {
		checkNominalValues(t, tr)
	}
}

// checkNominalValues checks every input of the weather tree's domain: the
// walks on instance vectors reach Apply's leaf and give Distribution's
// probabilities.
func checkNominalValues(t *testing.T, tr *Tree) {
	x := make([]uint8, 4)
	v := make([]float64, 4)
	for i := range 3 * 3 * 2 * 2 {
		r := i
		for f, z := range tr.Domains {
			x[f] = uint8(r % z)
			v[f] = float64(x[f])
			r /= z
		}
		if got, want := tr.ApplyValues(v), tr.Apply(x); got != want {
			t.Fatalf("ApplyValues(%v) = %d; Apply %d", v, got, want)
		}
		d1, d2 := make([]float64, 2), make([]float64, 2)
		tr.Distribution(x, d1)
		tr.DistributionValues(v, d2)
		if d1[0] != d2[0] || d1[1] != d2[1] {
			t.Fatalf("DistributionValues(%v) = %v; Distribution %v", v, d2, d1)
		}
	}
}

func TestValidateRejectsNumeric(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(*Tree)
		want   string
	}{
		{"no thresholds", func(tr *Tree) { tr.Threshold = nil }, "numeric node 0 has no threshold"},
		{"short thresholds", func(tr *Tree) { tr.Threshold = tr.Threshold[:3] }, "3 thresholds for"},
		{"NaN threshold", func(tr *Tree) { tr.Threshold[0] = math.NaN() }, "numeric node 0 has threshold NaN"},
		{"infinite threshold", func(tr *Tree) { tr.Threshold[0] = math.Inf(1) }, "numeric node 0 has threshold +Inf"},
		{"threshold at a nominal node", func(tr *Tree) { tr.Threshold[1] = 1 }, "nominal node 1 has threshold 1"},
		{"threshold at a leaf", func(tr *Tree) { tr.Threshold[tr.Len()-1] = 1 }, "has threshold 1 (NaN expected)"},
		{"one child twice", func(tr *Tree) { tr.Child[1] = tr.Child[0] }, "numeric node 0 has one child"},
		{"short weights", func(tr *Tree) { tr.Weights = tr.Weights[:5] }, "5 weights for"},
		{"negative weight", func(tr *Tree) { tr.Weights[3] = -0.5 }, "node 1 has weight -0.5 for class 1"},
		{"NaN weight", func(tr *Tree) { tr.Weights[2] = math.NaN() }, "node 1 has weight NaN for class 0"},
		{"infinite weight", func(tr *Tree) { tr.Weights[2] = math.Inf(1) }, "node 1 has weight +Inf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr := laborTree(t)
			tc.break_(tr)
			err := tr.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestBranchesNumeric(t *testing.T) {
	tr := laborTree(t)
	br := tr.Branches(0)
	if len(br) != 2 || br[0].Values != 1 || br[1].Values != 2 || br[0].Child != int(tr.Child[tr.Offset[0]]) || br[1].Child != int(tr.Child[tr.Offset[0]+1]) {
		t.Errorf("Branches(0) = %v", br)
	}
}

// TestReachValuesByHand checks the ends of the walks on the labor tree
// (node ids in the order buildSpec allocates them: 7, 8, 9 are pension's
// leaves under wage <= 2.1, 8 the empty one).
func TestReachValuesByHand(t *testing.T) {
	tr := laborTree(t)
	nan := math.NaN()
	for _, tc := range []struct {
		name    string
		x       []float64
		want    []int // ReachValues
		wantAll []int // ReachAllValues
	}{
		{"known path", []float64{2, 0, 0, nan, nan, nan}, []int{7}, []int{7}},
		{"into the empty leaf", []float64{2, 0, 1, nan, nan, nan}, []int{8}, []int{8}},
		{"missing holidays", []float64{3.5, nan, nan, nan, 0, nan}, []int{18, 16}, []int{18, 16}},
		{"missing everything", []float64{nan, nan, nan, nan, nan, nan},
			[]int{7, 9, 6, 10, 11, 12, 17, 18, 16, 19, 20, 21},
			[]int{7, 8, 9, 6, 10, 11, 12, 17, 18, 16, 19, 20, 21}},
	} {
		if got := tr.ReachValues(tc.x, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: ReachValues = %v; want %v", tc.name, got, tc.want)
		}
		if got := tr.ReachAllValues(tc.x, nil); !slices.Equal(got, tc.wantAll) {
			t.Errorf("%s: ReachAllValues = %v; want %v", tc.name, got, tc.wantAll)
		}
	}
}
