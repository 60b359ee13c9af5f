package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// TestID3PlayTennis checks the textbook tree (Quinlan 1986, Fig. 2; Mitchell
// 1997, Fig. 3.1) on the weather data Weka ships.
func TestID3PlayTennis(t *testing.T) {
	d := readShared(t, "weather-nominal", importer.MissingCategory)
	tr := fitTree(t, ID3{}, d, d.All(), 1)
	want := `outlook
  sunny: humidity
    high: no
    normal: yes
  overcast: yes
  rainy: windy
    TRUE: no
    FALSE: yes
`
	if got := render(tr, d.Schema()); got != want {
		t.Errorf("ID3 on PlayTennis:\n%s\nwant:\n%s", got, want)
	}
	if got := tr.NodeCounts(0); got[0] != 9 || got[1] != 5 {
		t.Errorf("root counts = %v; want [9 5]", got)
	}
	checkID3(t, tr, d, d.All().Rows(nil))
}

// entropyOf is the entropy of counts from the textbook formula, written
// apart from criteria.go so the checks below are independent of it.
func entropyOf(counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return h
}

// bruteGain is the information gain of feature f on the given rows,
// counted row by row.
func bruteGain(d *dataset.Dataset, rows []int, f int) float64 {
	k := d.Classes()
	all := make([]int, k)
	by := make([][]int, d.Domain(f))
	for v := range by {
		by[v] = make([]int, k)
	}
	for _, r := range rows {
		all[d.Label(r)]++
		by[d.Value(f, r)][d.Label(r)]++
	}
	g := entropyOf(all)
	for _, c := range by {
		nv := 0
		for _, x := range c {
			nv += x
		}
		g -= float64(nv) / float64(len(rows)) * entropyOf(c)
	}
	return g
}

// checkID3 verifies tr against ID3's definition by brute force over the
// training rows: every node's counts; at every internal node the feature
// of largest gain among those untested on its path (ties to the lowest
// index) with a positive gain; every leaf's class (majority, ties low; an
// empty leaf takes its parent's majority); and that a leaf is impure only
// when no untested feature has a positive gain. It returns the number of
// training rows the tree misclassifies.
func checkID3(t *testing.T, tr *tree.Tree, d *dataset.Dataset, rows []int) int {
	t.Helper()
	const eps = 1e-9
	at := make([][]int, tr.Len())
	for _, r := range rows {
		x := d.Row(r, nil)
		for n := 0; ; {
			at[n] = append(at[n], r)
			if tr.IsLeaf(n) {
				break
			}
			n = tr.Next(n, x[tr.Feature[n]])
		}
	}
	k := d.Classes()
	majority := func(counts []int) int {
		best := 0
		for c, x := range counts {
			if x > counts[best] {
				best = c
			}
		}
		return best
	}
	errors := 0
	var walk func(n, parentMajority int, used []bool)
	walk = func(n, parentMajority int, used []bool) {
		counts := make([]int, k)
		for _, r := range at[n] {
			counts[d.Label(r)]++
		}
		for c, x := range tr.NodeCounts(n) {
			if int(x) != counts[c] {
				t.Errorf("node %d: recorded counts %v; brute force %v", n, tr.NodeCounts(n), counts)
				break
			}
		}
		best, bestGain := -1, 0.0
		for f := range used {
			if used[f] || len(at[n]) == 0 {
				continue
			}
			if g := bruteGain(d, at[n], f); best < 0 || g > bestGain+eps {
				best, bestGain = f, g
			}
		}
		if tr.IsLeaf(n) {
			c := int(tr.Class[n])
			switch {
			case len(at[n]) == 0 && c != parentMajority:
				t.Errorf("empty leaf %d predicts %d; want the parent's majority %d", n, c, parentMajority)
			case len(at[n]) > 0 && c != majority(counts):
				t.Errorf("leaf %d predicts %d; want majority %d of %v", n, c, majority(counts), counts)
			}
			if counts[c] != len(at[n]) && best >= 0 && bestGain > eps {
				t.Errorf("impure leaf %d %v could still split on feature %d (gain %g)", n, counts, best, bestGain)
			}
			errors += len(at[n]) - counts[c]
			return
		}
		f := int(tr.Feature[n])
		switch {
		case used[f]:
			t.Errorf("node %d tests feature %d twice on its path", n, f)
		case f != best:
			t.Errorf("node %d tests feature %d (gain %g); brute force prefers %d (gain %g)", n, f, bruteGain(d, at[n], f), best, bestGain)
		case bestGain <= eps:
			t.Errorf("node %d splits with gain %g", n, bestGain)
		}
		used = append([]bool(nil), used...)
		used[f] = true
		for _, c := range tr.Children(n) {
			walk(int(c), majority(counts), used)
		}
	}
	walk(0, 0, make([]bool, d.NumFeatures()))
	return errors
}

// oracleCases are the shapes the property tests sweep: the paper's binary
// features, multi-valued features, several classes, mixed domains.
var oracleCases = []struct {
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
	{"mixed domains classes 4", []int{2, 5, 3, 2, 4, 2, 6}, 4, 4, 800},
	{"tiny sample", repeat(2, 8), 2, 6, 20},
}

// TestID3Oracles fits ID3 on noise-free samples of random oracles and
// checks each tree against ID3's definition by brute force. On noise-free
// data a training row can be misclassified only at a leaf where no feature
// has any gain left (parity-like rows, as ID3's stopping rule intends);
// checkID3 asserts exactly that, and the test also requires such rows to
// be rare.
func TestID3Oracles(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			misses, total := 0, 0
			for seed := range uint64(20) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				tr := fitTree(t, ID3{}, d, d.All(), seed)
				misses += checkID3(t, tr, d, d.All().Rows(nil))
				total += d.Len()
			}
			if misses*100 > total {
				t.Errorf("%d of %d training rows misclassified on noise-free data", misses, total)
			}
		})
	}
}

// TestID3RowModes checks that a tree does not depend on how nodes hold
// their rows: all bitsets, all lists and the automatic mix agree.
func TestID3RowModes(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(5) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				var trees []*tree.Tree
				for _, below := range []int{0, -1, d.Len() + 1} { // automatic, bitsets only, lists only
					tr, err := grow.Tree(d, d.All(), &multiway{crit: &infoGain{}}, grow.Options{ListBelow: below}, nil)
					if err != nil {
						t.Fatal(err)
					}
					trees = append(trees, tr)
				}
				for i, tr := range trees[1:] {
					if diff := sameTree(trees[0], tr); diff != "" {
						t.Fatalf("seed %d: mode %d differs from automatic: %s", seed, i+1, diff)
					}
				}
			}
		})
	}
}

// TestID3Subset checks that a fit on a row subset uses only those rows: it
// equals the fit on a dataset built from just those rows.
func TestID3Subset(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			for seed := range uint64(5) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				sub := dataset.NewBitset(d.Len())
				var x [][]uint8
				var y []uint8
				for r := range d.Len() {
					if rng.IntN(3) == 0 {
						sub.Set(r)
						x = append(x, d.Row(r, nil))
						y = append(y, d.Label(r))
					}
				}
				only, err := dataset.FromRows(d.Schema(), x, y)
				if err != nil {
					t.Fatal(err)
				}
				a := fitTree(t, ID3{}, d, sub, seed)
				b := fitTree(t, ID3{}, only, only.All(), seed)
				if diff := sameTree(a, b); diff != "" {
					t.Fatalf("seed %d: subset fit differs from fit on the subset alone: %s", seed, diff)
				}
				checkID3(t, a, d, sub.Rows(nil))
			}
		})
	}
}

// TestID3EmptyBranch checks that a branch without training rows predicts
// its parent's majority, not the root's.
func TestID3EmptyBranch(t *testing.T) {
	// f0 ∈ {a, b}; f1 ∈ {x, y, z}. The root (4 yes, 3 no) splits on f0; its
	// b-branch (1 yes, 3 no: majority no) splits on f1, where z never
	// occurs: that leaf must say no, though the root's majority is yes.
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "f0", Values: []string{"a", "b"}},
			{Name: "f1", Values: []string{"x", "y", "z"}},
		},
		Class: dataset.Attribute{Name: "class", Values: []string{"yes", "no"}},
	}
	x := [][]uint8{{0, 0}, {0, 1}, {0, 0}, {1, 0}, {1, 1}, {1, 1}, {1, 1}}
	y := []uint8{0, 0, 0, 0, 1, 1, 1}
	d, err := dataset.FromRows(s, x, y)
	if err != nil {
		t.Fatal(err)
	}
	tr := fitTree(t, ID3{}, d, d.All(), 1)
	want := `f0
  a: yes
  b: f1
    x: yes
    y: no
    z: no
`
	if got := render(tr, s); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	z := tr.Apply([]uint8{1, 2})
	if c := tr.NodeCounts(z); c[0] != 0 || c[1] != 0 {
		t.Errorf("empty leaf counts = %v; want [0 0]", c)
	}
	checkID3(t, tr, d, d.All().Rows(nil))
}

// TestID3Deterministic checks that equal inputs and seeds give equal trees
// (ID3 uses no randomness, so other seeds must agree too).
func TestID3Deterministic(t *testing.T) {
	d := oracleData(t, 3, repeat(2, 10), 2, 8, 3000)
	a := fitTree(t, ID3{}, d, d.All(), 5)
	for _, seed := range []uint64{5, 6} {
		if diff := sameTree(a, fitTree(t, ID3{}, d, d.All(), seed)); diff != "" {
			t.Errorf("seed %d: %s", seed, diff)
		}
	}
}

func TestID3MaxDepth(t *testing.T) {
	d := oracleData(t, 4, repeat(2, 10), 2, 8, 3000)
	for _, depth := range []int{1, 2, 5} {
		tr := fitTree(t, ID3{Options: ID3Options{MaxDepth: depth}}, d, d.All(), 1)
		if got := tr.Depth(); got > depth {
			t.Errorf("max_depth %d: tree depth %d", depth, got)
		}
		full := fitTree(t, ID3{}, d, d.All(), 1)
		if full.Depth() <= depth {
			t.Fatalf("unlimited tree has depth %d; the test needs a deeper one", full.Depth())
		}
	}
}

// TestID3Edges covers degenerate inputs: no rows, one class, no features,
// and a row set of the wrong length.
func TestID3Edges(t *testing.T) {
	d := oracleData(t, 1, repeat(2, 4), 2, 3, 50)
	t.Run("no rows", func(t *testing.T) {
		tr := fitTree(t, ID3{}, d, dataset.NewBitset(d.Len()), 1)
		if tr.Len() != 1 || tr.Class[0] != 0 {
			t.Errorf("got %d nodes, class %d; want one leaf of class 0", tr.Len(), tr.Class[0])
		}
	})
	t.Run("one class", func(t *testing.T) {
		tr := fitTree(t, ID3{}, d, d.ClassRows(1), 1)
		if tr.Len() != 1 || tr.Class[0] != 1 {
			t.Errorf("got %d nodes, class %d; want one leaf of class 1", tr.Len(), tr.Class[0])
		}
	})
	t.Run("no features", func(t *testing.T) {
		nd, err := dataset.New(schemaFor(nil, 3), nil, []uint8{2, 1, 2})
		if err != nil {
			t.Fatal(err)
		}
		tr := fitTree(t, ID3{}, nd, nd.All(), 1)
		if tr.Len() != 1 || tr.Class[0] != 2 {
			t.Errorf("got %d nodes, class %d; want one leaf of class 2", tr.Len(), tr.Class[0])
		}
	})
	t.Run("wrong row set", func(t *testing.T) {
		if _, err := (ID3{}).Fit(d, dataset.NewBitset(d.Len()+64), nil); err == nil {
			t.Error("Fit accepted a row set of the wrong length")
		}
	})
}

// TestID3Concurrent fits from several goroutines at once, on datasets of
// different shapes, so pooled scratch memory is reused across shapes and
// never shared: every fit must equal the same fit done alone.
func TestID3Concurrent(t *testing.T) {
	var data []*dataset.Dataset
	var want []*tree.Tree
	for i, tc := range oracleCases {
		d := oracleData(t, uint64(i), tc.domains, tc.classes, tc.depth, tc.rows)
		data = append(data, d)
		want = append(want, fitTree(t, ID3{}, d, d.All(), 1))
	}
	errs := make(chan string, 4*3*len(data))
	done := make(chan bool)
	for w := range 4 {
		go func() {
			for j := range 3 * len(data) {
				i := (j + w) % len(data)
				m, err := ID3{}.Fit(data[i], data[i].All(), nil)
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
	for range 4 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
