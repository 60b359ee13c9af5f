package train

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// unprunedCART returns CART's options without pruning and with min_leaf m.
func unprunedCART(m int) CART {
	o := DefaultCARTOptions()
	o.Pruning, o.MinLeaf = CARTPruneNone, m
	return CART{Options: o}
}

// textOf renders a tree as tree.WriteText does.
func textOf(t *testing.T, tr *tree.Tree, s dataset.Schema) string {
	t.Helper()
	var sb strings.Builder
	if err := tree.WriteText(&sb, tr, tree.NamesOf(s)); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// noisyOracleData returns a sample of n rows from a random oracle whose
// labels are replaced, with probability noise, by another class drawn
// uniformly.
func noisyOracleData(t testing.TB, seed uint64, domains []int, k, depth, n int, noise float64) *dataset.Dataset {
	t.Helper()
	d := oracleData(t, seed, domains, k, depth, n)
	rng := rand.New(rand.NewPCG(seed, 0x0153))
	x := make([][]uint8, d.Len())
	y := make([]uint8, d.Len())
	for r := range x {
		x[r] = d.Row(r, nil)
		y[r] = d.Label(r)
		if rng.Float64() < noise {
			y[r] = uint8((int(y[r]) + 1 + rng.IntN(k-1)) % k)
		}
	}
	out, err := dataset.FromRows(d.Schema(), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCARTPlayTennis checks the unpruned SimpleCart tree (min_leaf 2) on
// Weka's weather.nominal, derived by hand. Classes (yes, no); a split's
// Gini gain is Gini(node) − Σ_b n_b/n Gini(b), Gini = 1 − Σ p².
//
// Root (9,5), Gini = 1 − (81+25)/196 = 0.459184. Best subset per feature
// (two classes: values in order of their share of yes, prefix splits):
//
//	outlook: sunny 2/5 < rainy 3/5 < overcast 4/4
//	  {sunny} | {rainy,overcast}: (2,3) (7,2): 0.459184 − 5/14·0.48 − 9/14·0.345679 = 0.065533
//	  {sunny,rainy} | {overcast}: (5,5) (4,0): 0.459184 − 10/14·0.5 − 0      = 0.102041
//	temperature: hot 2/4 < mild 4/6 < cool 3/4
//	  {hot} | {mild,cool}: (2,2) (7,3): 0.459184 − 4/14·0.5 − 10/14·0.42      = 0.016327
//	humidity: {high} | {normal}: (3,4) (6,1): 0.459184 − 7/14·0.489796 − 7/14·0.244898 = 0.091837
//	windy: {TRUE} | {FALSE}: (3,3) (6,2): 0.459184 − 6/14·0.5 − 8/14·0.375 = 0.030612
//
// so the root splits outlook ∈ {sunny, rainy} (10 rows, (5,5)) against
// overcast (4,0), a pure leaf. In the (5,5) node, Gini 0.5:
//
//	outlook {sunny} | {rainy}: (2,3) (3,2): 0.5 − 0.48 = 0.02
//	temperature {hot} | {mild,cool}: (0,2) (5,3): 0.5 − 8/10·0.46875 = 0.125
//	humidity {high} | {normal}: (1,4) (4,1): 0.5 − 0.32 = 0.18
//	windy {TRUE} | {FALSE}: (1,3) (4,2): 0.5 − 4/10·0.375 − 6/10·0.444444 = 0.083333
//
// humidity wins. high (1,4), Gini 0.32: outlook {sunny} | {rainy} (0,3)
// (1,1) gains 0.32 − 2/5·0.5 = 0.12, temperature and windy 0.053333;
// overcast has no rows there and joins the larger branch, sunny's; the
// rainy leaf (1,1) has fewer than 2·2 rows and takes the lower class, yes.
// normal (4,1): windy {TRUE} | {FALSE} (1,1) (3,0) gains 0.32 − 0.2 = 0.12
// against 0.053333 for outlook and temperature; both leaves say yes, and
// the unpruned tree keeps the split.
func TestCARTPlayTennis(t *testing.T) {
	d := readShared(t, "weather-nominal", importer.MissingCategory)
	tr := fitTree(t, unprunedCART(2), d, d.All(), 1)
	want := `outlook in {sunny, rainy}
|  humidity = high
|  |  outlook in {sunny, overcast}: no (3)
|  |  outlook = rainy: yes (2/1)
|  humidity = normal
|  |  windy = TRUE: yes (2/1)
|  |  windy = FALSE: yes (3)
outlook = overcast: yes (4)
`
	if got := textOf(t, tr, d.Schema()); got != want {
		t.Errorf("CART on PlayTennis:\n%s\nwant:\n%s", got, want)
	}
	checkCART(t, tr, d, d.All().Rows(nil), 2, true)
}

// cartCases are the shapes the property tests sweep; exhaustive is true
// where SimpleCart's search is optimal with its defaults (two classes, or
// at most 4 values per feature).
var cartCases = []struct {
	name    string
	domains []int
	classes int
	depth   int
	rows    int
}{
	{"binary m=10 depth 3", repeat(2, 10), 2, 3, 200},
	{"binary m=10 depth 5", repeat(2, 10), 2, 5, 1000},
	{"binary m=10 depth 8", repeat(2, 10), 2, 8, 3000},
	{"ternary m=6 depth 4 classes 3", repeat(3, 6), 3, 4, 600},
	{"mixed domains classes 2", []int{2, 5, 3, 2, 6, 2, 7}, 2, 4, 800},
	{"mixed domains <= 4 classes 4", []int{2, 4, 3, 2, 4}, 4, 3, 500},
	{"tiny sample", repeat(2, 8), 2, 6, 20},
}

// TestCARTOracles fits unpruned CART (min_leaf 1 and SimpleCart's 2) on
// noise-free samples of random oracles and checks each tree by brute force
// (checkCART). With min_leaf 1 a training row can be misclassified only at
// a leaf where no split has any gain; the test requires such rows to be
// rare.
func TestCARTOracles(t *testing.T) {
	for _, tc := range cartCases {
		for _, minLeaf := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/min_leaf=%d", tc.name, minLeaf), func(t *testing.T) {
				misses, total := 0, 0
				for seed := range uint64(10) {
					d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
					tr := fitTree(t, unprunedCART(minLeaf), d, d.All(), seed)
					misses += checkCART(t, tr, d, d.All().Rows(nil), minLeaf, true)
					total += d.Len()
				}
				if minLeaf == 1 && misses*100 > total {
					t.Errorf("%d of %d training rows misclassified on noise-free data", misses, total)
				}
			})
		}
	}
}

// TestCARTHeuristicTree checks trees grown with the principal-component
// heuristic (three classes, six values): structurally sound, every split
// of positive gain, and never better than brute force.
func TestCARTHeuristicTree(t *testing.T) {
	for seed := range uint64(5) {
		d := noisyOracleData(t, seed, repeat(6, 5), 3, 3, 600, 0.1)
		tr := fitTree(t, unprunedCART(2), d, d.All(), seed)
		checkCART(t, tr, d, d.All().Rows(nil), 2, false)
		o := unprunedCART(2)
		o.Options.Heuristic = false
		checkCART(t, fitTree(t, o, d, d.All(), seed), d, d.All().Rows(nil), 2, true)
	}
}

// TestCARTRowModes checks that a tree does not depend on how nodes hold
// their rows: all bitsets, all lists and the automatic mix agree.
func TestCARTRowModes(t *testing.T) {
	for _, tc := range cartCases {
		t.Run(tc.name, func(t *testing.T) {
			d := oracleData(t, 3, tc.domains, tc.classes, tc.depth, tc.rows)
			sp := newCARTSplitter(unprunedCART(1).Options)
			var trees []*tree.Tree
			for _, below := range []int{0, -1, d.Len() + 1} {
				tr, err := grow.Tree(d, d.All(), sp, grow.Options{ListBelow: below}, nil)
				if err != nil {
					t.Fatal(err)
				}
				trees = append(trees, tr)
			}
			for i, tr := range trees[1:] {
				if diff := sameTree(trees[0], tr); diff != "" {
					t.Fatalf("mode %d differs from automatic: %s", i+1, diff)
				}
			}
		})
	}
}

// TestCARTPruned checks pruned fits: the same seed gives the same tree,
// the tree is valid and never larger than the unpruned one, and on noisy
// data pruning removes most of the unpruned tree's leaves.
func TestCARTPruned(t *testing.T) {
	var grown, kept int
	for seed := range uint64(8) {
		d := noisyOracleData(t, seed, repeat(2, 10), 2, 4, 1000, 0.25)
		for _, oneSE := range []bool{false, true} {
			o := DefaultCARTOptions()
			o.OneSE = oneSE
			a := fitTree(t, CART{Options: o}, d, d.All(), seed)
			b := fitTree(t, CART{Options: o}, d, d.All(), seed)
			if diff := sameTree(a, b); diff != "" {
				t.Fatalf("seed %d: same seed, different trees: %s", seed, diff)
			}
			full := fitTree(t, unprunedCART(2), d, d.All(), seed)
			if a.Leaves() > full.Leaves() {
				t.Errorf("seed %d: pruned tree has %d leaves; unpruned %d", seed, a.Leaves(), full.Leaves())
			}
			grown += full.Leaves()
			kept += a.Leaves()
		}
	}
	if kept*2 > grown {
		t.Errorf("pruning kept %d of %d leaves on 25%% label noise; want under half", kept, grown)
	}
}

// TestCARTOptions checks option decoding and validation through the
// registry: bad values are *input.Error naming learners.cart.<option>.
func TestCARTOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    map[string]any
		wantKey string
		want    CARTOptions
	}{
		{name: "defaults", want: DefaultCARTOptions()},
		{
			name: "all options", opts: map[string]any{"min_leaf": 1, "pruning": "none", "folds": 10, "one_se": true, "heuristic": false, "seed": -7},
			want: CARTOptions{MinLeaf: 1, Pruning: "none", Folds: 10, OneSE: true, Heuristic: false, Seed: -7},
		},
		{name: "seed beyond a Java int", opts: map[string]any{"seed": 1 << 31}, wantKey: "learners.cart.seed"},
		{name: "min_leaf 0", opts: map[string]any{"min_leaf": 0}, wantKey: "learners.cart.min_leaf"},
		{name: "folds 1", opts: map[string]any{"folds": 1}, wantKey: "learners.cart.folds"},
		{name: "unknown pruning", opts: map[string]any{"pruning": "pessimistic"}, wantKey: "learners.cart.pruning"},
		{name: "unknown option", opts: map[string]any{"max_depth": 3}, wantKey: "learners.cart.max_depth"},
		{name: "string for a bool", opts: map[string]any{"one_se": "yes"}, wantKey: "learners.cart.one_se"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := New(Spec{Name: "cart", Options: tc.opts})
			if tc.wantKey == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := l.(CART).Options; got != tc.want {
					t.Errorf("options = %+v; want %+v", got, tc.want)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != tc.wantKey {
				t.Fatalf("New(cart, %v) error = %v; want an *input.Error keyed %s", tc.opts, err, tc.wantKey)
			}
		})
	}
	// A CART built in Go with bad options fails at Fit with the same error.
	d := oracleData(t, 1, repeat(2, 4), 2, 2, 50)
	_, err := CART{}.Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)))
	if !input.Is(err) || !strings.Contains(err.Error(), "learners.cart.min_leaf") {
		t.Errorf("Fit with zero options: error %v; want an input error naming learners.cart.min_leaf", err)
	}
}

// TestCARTEdges covers degenerate inputs.
func TestCARTEdges(t *testing.T) {
	d := oracleData(t, 1, repeat(2, 4), 2, 3, 50)
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }
	pruned := CART{Options: DefaultCARTOptions()}
	t.Run("no rows", func(t *testing.T) {
		for _, l := range []CART{pruned, unprunedCART(2)} {
			tr := fitTree(t, l, d, dataset.NewBitset(d.Len()), 1)
			if tr.Len() != 1 || tr.Class[0] != 0 {
				t.Errorf("got %d nodes, class %d; want one leaf of class 0", tr.Len(), tr.Class[0])
			}
		}
	})
	t.Run("one class", func(t *testing.T) {
		tr := fitTree(t, pruned, d, d.ClassRows(1), 1)
		if tr.Len() != 1 || tr.Class[0] != 1 {
			t.Errorf("got %d nodes, class %d; want one leaf of class 1", tr.Len(), tr.Class[0])
		}
	})
	t.Run("fewer rows than folds", func(t *testing.T) {
		few := dataset.NewBitset(d.Len())
		for r := range 3 {
			few.Set(r)
		}
		fitTree(t, pruned, d, few, 1)
	})
	t.Run("min_leaf above half the rows", func(t *testing.T) {
		tr := fitTree(t, unprunedCART(26), d, d.All(), 1)
		if tr.Len() != 1 {
			t.Errorf("got %d nodes; want a single leaf (50 rows < 2·26)", tr.Len())
		}
	})
	t.Run("pruning without a generator", func(t *testing.T) {
		if _, err := pruned.Fit(d, d.All(), nil); err == nil {
			t.Error("pruned Fit accepted a nil generator")
		}
		if _, err := unprunedCART(2).Fit(d, d.All(), nil); err != nil {
			t.Errorf("unpruned Fit with a nil generator: %v", err)
		}
	})
	t.Run("wrong row set", func(t *testing.T) {
		if _, err := pruned.Fit(d, dataset.NewBitset(d.Len()+64), rng()); err == nil {
			t.Error("Fit accepted a row set of the wrong length")
		}
	})
	t.Run("a feature tested twice on a path", func(t *testing.T) {
		// With four-valued features a binary split leaves values for a
		// later test of the same feature on the path; checkCART's brute
		// force vouches for every such split.
		dd := oracleData(t, 7, []int{4, 4, 2}, 2, 3, 400)
		tr := fitTree(t, unprunedCART(1), dd, dd.All(), 1)
		checkCART(t, tr, dd, dd.All().Rows(nil), 1, true)
		twice := false
		for n := range tr.Len() {
			if tr.IsLeaf(n) {
				continue
			}
			for _, a := range tr.Path(n)[:len(tr.Path(n))-1] {
				twice = twice || tr.Feature[a] == tr.Feature[n]
			}
		}
		if !twice {
			t.Error("no path tests a feature twice; the case does not exercise re-testing")
		}
	})
}

// TestCARTConcurrent fits pruned trees from several goroutines at once;
// every fit must equal the same fit done alone.
func TestCARTConcurrent(t *testing.T) {
	var data []*dataset.Dataset
	var want []*tree.Tree
	l := CART{Options: DefaultCARTOptions()}
	for i, tc := range cartCases {
		d := noisyOracleData(t, uint64(i), tc.domains, tc.classes, tc.depth, tc.rows, 0.1)
		data = append(data, d)
		want = append(want, fitTree(t, l, d, d.All(), 1))
	}
	errs := make(chan string, 3*2*len(data))
	done := make(chan bool)
	for w := range 3 {
		go func() {
			for j := range 2 * len(data) {
				i := (j + w) % len(data)
				m, err := l.Fit(data[i], data[i].All(), rand.New(rand.NewPCG(1, 1)))
				if err != nil {
					errs <- err.Error()
					continue
				}
				if diff := sameTree(want[i], m.(TreeModel).Tree()); diff != "" {
					errs <- diff
				}
			}
			done <- true
		}()
	}
	for range 3 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
