package train

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// noisyData returns a sample of n rows from a random oracle whose labels
// are each replaced, with probability noise, by another class drawn
// uniformly: data on which pruning has work to do.
func noisyData(t testing.TB, seed uint64, domains []int, k, depth, n int, noise float64) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	clean := sample(t, rng, randomOracle(rng, domains, k, depth), n)
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range n {
		x[r] = clean.Row(r, nil)
		y[r] = clean.Label(r)
		if rng.Float64() < noise {
			y[r] = uint8((int(y[r]) + 1 + rng.IntN(k-1)) % k)
		}
	}
	d, err := dataset.FromRows(clean.Schema(), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// c45Shapes are the data the C4.5 property tests sweep: binary and
// multi-valued features, several classes, a feature with so many values
// that J48 leaves it out of the average gain (10 values ≥ 0.3·30 rows),
// and tiny samples.
var c45Shapes = []struct {
	name    string
	domains []int
	classes int
	depth   int
	rows    int
	noise   float64
}{
	{"binary m=8, 400 rows, 20% noise", repeat(2, 8), 2, 5, 400, 0.2},
	{"binary m=10, 3000 rows, 10% noise", repeat(2, 10), 2, 8, 3000, 0.1},
	{"ternary m=5, 3 classes, 300 rows, 25% noise", repeat(3, 5), 3, 3, 300, 0.25},
	{"mixed domains, 4 classes, 200 rows", []int{2, 5, 3, 2, 4, 6}, 4, 3, 200, 0.15},
	{"a 10-valued feature, 30 rows", []int{10, 2, 3, 2}, 2, 2, 30, 0.1},
	{"only many-valued features, 20 rows", []int{8, 6, 7}, 3, 2, 20, 0.1},
	{"noise-free binary, 500 rows", repeat(2, 8), 2, 6, 500, 0},
	{"tiny", repeat(2, 6), 2, 4, 12, 0.2},
}

// c45Variants are the option sets the reference comparison sweeps.
func c45Variants() map[string]C45Options {
	v := map[string]C45Options{}
	add := func(name string, edit func(o *C45Options)) {
		o := DefaultC45Options()
		edit(&o)
		v[name] = o
	}
	add("default", func(*C45Options) {})
	add("unpruned", func(o *C45Options) { o.Pruning = PruningNone })
	add("unpruned, no collapse", func(o *C45Options) { o.Pruning, o.Collapse = PruningNone, false })
	add("no collapse", func(o *C45Options) { o.Collapse = false })
	add("no raising", func(o *C45Options) { o.SubtreeRaising = false })
	add("min_leaf 1", func(o *C45Options) { o.MinLeaf = 1 })
	add("min_leaf 5", func(o *C45Options) { o.MinLeaf = 5 })
	add("confidence 0.1", func(o *C45Options) { o.Confidence = 0.1 })
	add("confidence 0.5", func(o *C45Options) { o.Confidence = 0.5 })
	add("confidence 0.01, no raising", func(o *C45Options) { o.Confidence, o.SubtreeRaising = 0.01, false })
	return v
}

// TestC45Reference compares every tree with the reference J48 of
// c45_ref_test.go, printed as J48 prints trees (structure, leaf classes,
// row and error counts), over shapes, seeds and option sets. It also
// requires that subtree raising changed some of the trees, so that the
// comparison covers it.
func TestC45Reference(t *testing.T) {
	raised := 0
	for _, sh := range c45Shapes {
		t.Run(sh.name, func(t *testing.T) {
			for seed := range uint64(6) {
				d := noisyData(t, seed, sh.domains, sh.classes, sh.depth, sh.rows, sh.noise)
				rows := d.All().Rows(nil)
				texts := map[string]string{}
				for name, o := range c45Variants() {
					tr := fitTree(t, C45{Options: o}, d, d.All(), seed)
					got := j48Text(tr, d.Schema())
					want := refText(d, refC45(d, rows, o))
					if got != want {
						t.Fatalf("seed %d, %s: tree differs from the reference J48:\n%s\nwant:\n%s", seed, name, got, want)
					}
					texts[name] = got
				}
				if texts["default"] != texts["no raising"] {
					raised++
				}
			}
		})
	}
	if raised == 0 {
		t.Error("subtree raising changed no tree: the comparison does not cover it")
	}
	t.Logf("subtree raising changed %d of %d default trees", raised, 6*len(c45Shapes))
}

// TestC45Oracles checks properties on noise-free samples: with min_leaf 1
// and neither collapse nor pruning, a training row is misclassified only
// at a leaf where no feature untested on its path has any gain (the
// tree's own stopping rule), and such rows are rare; every node's counts
// are its rows' counts; pruning (replacement and raising both drop nodes)
// never gives a larger tree than J48 -U.
func TestC45Oracles(t *testing.T) {
	grow := DefaultC45Options()
	grow.MinLeaf, grow.Pruning, grow.Collapse = 1, PruningNone, false
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			misses, total := 0, 0
			for seed := range uint64(10) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				rows := d.All().Rows(nil)
				tr := fitTree(t, C45{Options: grow}, d, d.All(), seed)
				misses += checkStops(t, tr, d, rows, 1e-5)
				total += d.Len()
				pruned := fitTree(t, C45{Options: DefaultC45Options()}, d, d.All(), seed)
				unpruned := fitTree(t, C45{Options: unprunedC45()}, d, d.All(), seed)
				if pruned.Len() > unpruned.Len() {
					t.Errorf("seed %d: pruned tree has %d nodes, more than the unpruned %d", seed, pruned.Len(), unpruned.Len())
				}
			}
			if misses*100 > total {
				t.Errorf("%d of %d training rows misclassified on noise-free data", misses, total)
			}
		})
	}
}

// checkStops verifies, by brute force over rows, that every node's counts
// are those of the rows reaching it, that leaves predict their majority
// (an empty leaf its parent's), that no path tests a feature twice, and
// that a leaf misclassifies rows only when no feature untested on its
// path has a gain above eps. It returns the number of misclassified rows.
func checkStops(t *testing.T, tr *tree.Tree, d *dataset.Dataset, rows []int, eps float64) int {
	t.Helper()
	at := make([][]int, tr.Len())
	for _, r := range rows {
		x := d.Row(r, nil)
		for n := 0; ; n = tr.Next(n, x[tr.Feature[n]]) {
			at[n] = append(at[n], r)
			if tr.IsLeaf(n) {
				break
			}
		}
	}
	errs := 0
	var walk func(n, parentMajority int, used []bool)
	walk = func(n, parentMajority int, used []bool) {
		counts := make([]int, d.Classes())
		for _, r := range at[n] {
			counts[d.Label(r)]++
		}
		for c, x := range tr.NodeCounts(n) {
			if int(x) != counts[c] {
				t.Fatalf("node %d: counts %v; rows give %v", n, tr.NodeCounts(n), counts)
			}
		}
		maj := dataset.ArgMax(counts)
		if !tr.IsLeaf(n) {
			f := int(tr.Feature[n])
			if used[f] {
				t.Errorf("node %d tests f%d twice on its path", n, f)
			}
			used = append([]bool(nil), used...)
			used[f] = true
			for _, c := range tr.Children(n) {
				walk(int(c), maj, used)
			}
			return
		}
		want := maj
		if len(at[n]) == 0 {
			want = parentMajority
		}
		if int(tr.Class[n]) != want {
			t.Errorf("leaf %d predicts %d; want %d (counts %v)", n, tr.Class[n], want, counts)
		}
		if miss := len(at[n]) - counts[tr.Class[n]]; miss > 0 {
			errs += miss
			for f, u := range used {
				if g := bruteGain(d, at[n], f); !u && g > eps {
					t.Errorf("impure leaf %d %v could split on f%d (gain %g)", n, counts, f, g)
				}
			}
		}
	}
	walk(0, 0, make([]bool, d.NumFeatures()))
	return errs
}

// TestC45Subset checks that a fit on a row subset uses only those rows
// (N for J48's many-values rule included): it equals the fit on a
// dataset of just those rows.
func TestC45Subset(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, sh := range c45Shapes {
		t.Run(sh.name, func(t *testing.T) {
			for seed := range uint64(3) {
				d := noisyData(t, seed, sh.domains, sh.classes, sh.depth, sh.rows, sh.noise)
				sub := dataset.NewBitset(d.Len())
				var x [][]uint8
				var y []uint8
				for r := range d.Len() {
					if rng.IntN(3) > 0 {
						sub.Set(r)
						x = append(x, d.Row(r, nil))
						y = append(y, d.Label(r))
					}
				}
				only, err := dataset.FromRows(d.Schema(), x, y)
				if err != nil {
					t.Fatal(err)
				}
				for name, o := range c45Variants() {
					a := fitTree(t, C45{Options: o}, d, sub, seed)
					b := fitTree(t, C45{Options: o}, only, only.All(), seed)
					if diff := sameTree(a, b); diff != "" {
						t.Fatalf("seed %d, %s: subset fit differs from the fit on the subset alone: %s", seed, name, diff)
					}
				}
			}
		})
	}
}

// TestC45Edges covers degenerate inputs and bad options given directly.
func TestC45Edges(t *testing.T) {
	d := oracleData(t, 1, repeat(2, 4), 2, 3, 50)
	leaf := func(t *testing.T, tr *tree.Tree, class int) {
		if tr.Len() != 1 || int(tr.Class[0]) != class {
			t.Errorf("got %d nodes, class %d; want one leaf of class %d", tr.Len(), tr.Class[0], class)
		}
	}
	t.Run("no rows", func(t *testing.T) {
		leaf(t, fitTree(t, C45{Options: DefaultC45Options()}, d, dataset.NewBitset(d.Len()), 1), 0)
	})
	t.Run("one class", func(t *testing.T) { leaf(t, fitTree(t, C45{Options: DefaultC45Options()}, d, d.ClassRows(1), 1), 1) })
	t.Run("no features", func(t *testing.T) {
		nd, err := dataset.New(schemaFor(nil, 3), nil, []uint8{2, 1, 2})
		if err != nil {
			t.Fatal(err)
		}
		leaf(t, fitTree(t, C45{Options: DefaultC45Options()}, nd, nd.All(), 1), 2)
	})
	t.Run("wrong row set", func(t *testing.T) {
		if _, err := (C45{Options: DefaultC45Options()}).Fit(d, dataset.NewBitset(d.Len()+64), nil); err == nil {
			t.Error("Fit accepted a row set of the wrong length")
		}
	})
	t.Run("zero options", func(t *testing.T) {
		if _, err := (C45{}).Fit(d, d.All(), nil); err == nil {
			t.Error("Fit accepted min_leaf 0 and an empty pruning mode")
		}
	})
}

// TestC45Concurrent fits pruned trees from several goroutines at once on
// data of different shapes, so pooled growers and pruners are reused
// across shapes and never shared: every fit must equal the same fit done
// alone.
func TestC45Concurrent(t *testing.T) {
	var data []*dataset.Dataset
	var want []*tree.Tree
	for i, sh := range c45Shapes {
		d := noisyData(t, uint64(i), sh.domains, sh.classes, sh.depth, sh.rows, sh.noise)
		data = append(data, d)
		want = append(want, fitTree(t, C45{Options: DefaultC45Options()}, d, d.All(), 1))
	}
	errs := make(chan string, 4*3*len(data))
	done := make(chan bool)
	for w := range 4 {
		go func() {
			for j := range 3 * len(data) {
				i := (j + w) % len(data)
				m, err := C45{Options: DefaultC45Options()}.Fit(data[i], data[i].All(), nil)
				if err != nil {
					errs <- err.Error()
					continue
				}
				if diff := sameTree(want[i], m.(TreeModel).Tree()); diff != "" {
					errs <- fmt.Sprintf("shape %d: %s", i, diff)
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

// TestPrunerRoundTrip checks that loading a grown tree into the pruner
// (with and without row windows) and writing it out unchanged gives the
// same arrays, node ids included, and the same counts.
func TestPrunerRoundTrip(t *testing.T) {
	for _, sh := range c45Shapes {
		d := noisyData(t, 3, sh.domains, sh.classes, sh.depth, sh.rows, sh.noise)
		grown, err := grow.Tree(d, d.All(), &multiway{crit: &gainRatio{}, j48: newJ48Rule(d, d.All(), 1)}, grow.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, withRows := range []bool{false, true} {
			p := new(pruner)
			p.load(grown, d, d.All(), withRows)
			if diff := sameTree(grown, p.tree()); diff != "" {
				t.Errorf("%s, rows %v: %s", sh.name, withRows, diff)
			}
		}
	}
}
