package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// tiedNumeric is n rows of three classes over two numeric features of
// values rounded to tenths (many ties, some within 1e-5 of each other
// after the rounding's float error) and a nominal one.
func tiedNumeric(t *testing.T, n int, seed uint64) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	s := dataset.Schema{
		Features: []dataset.Attribute{{Name: "a", Numeric: true}, {Name: "b", Numeric: true}, {Name: "z", Values: []string{"p", "q", "r"}}},
		Class:    dataset.Attribute{Name: "c", Values: []string{"x", "y", "w"}},
	}
	a, b := make([]float64, n), make([]float64, n)
	z, labels := make([]uint8, n), make([]uint8, n)
	for i := range n {
		labels[i] = uint8(rng.IntN(3))
		a[i] = math.Round((rng.NormFloat64()+float64(labels[i]))*10) / 10
		b[i] = math.Round(rng.NormFloat64()*30) / 10
		z[i] = uint8((int(labels[i]) + rng.IntN(2)) % 3)
	}
	d, err := dataset.NewMixed(s, [][]uint8{nil, nil, z}, [][]float64{a, b, nil}, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestJ48PresortedAgrees grows J48 both ways on numeric data without
// missing values: presorted (the port's fast path) and sorting at every
// node as J48 does, and checks that the trees are the same node for node
// (split points and weights equal as float64s), under J48's defaults, -U,
// -S and -M 5: on random data with many tied values and on the shared
// numeric datasets' rows that miss no value.
func TestJ48PresortedAgrees(t *testing.T) {
	sets := map[string]*dataset.Dataset{"tied-300": tiedNumeric(t, 300, 1), "tied-3000": tiedNumeric(t, 3000, 2)}
	if _, ok := shareddata.Dir(); ok {
		for _, name := range []string{"credit-approval", "heart-disease", "hepatitis"} {
			d := readNumeric(t, name)
			var rows []int
			x := make([]float64, d.NumFeatures())
			for r := range d.Len() {
				complete := true
				for _, v := range d.Values(r, x) {
					complete = complete && !math.IsNaN(v)
				}
				if complete {
					rows = append(rows, r)
				}
			}
			features := make([]int, d.NumFeatures())
			for f := range features {
				features[f] = f
			}
			p, err := d.Project(rows, features)
			if err != nil {
				t.Fatal(err)
			}
			sets[name+"-complete"] = p
		}
	}
	unpruned, noRaise, bigLeaf := DefaultC45Options(), DefaultC45Options(), DefaultC45Options()
	unpruned.Pruning, noRaise.SubtreeRaising, bigLeaf.MinLeaf = PruningNone, false, 5
	for name, d := range sets {
		if d.HasMissing() || !d.HasNumeric() {
			t.Fatalf("%s: missing values %v, numeric %v; want numbers and no missing value", name, d.HasMissing(), d.HasNumeric())
		}
		for _, v := range []struct {
			name string
			o    C45Options
		}{{"default", DefaultC45Options()}, {"-U", unpruned}, {"-S", noRaise}, {"-M 5", bigLeaf}} {
			key := name + " " + v.name
			order := ascending(d.Len())
			fast := newJ48WekaModel(d, j48Tree(d, order, v.o, &gainRatio{}, true)).Tree()
			slow := newJ48WekaModel(d, j48Tree(d, order, v.o, &gainRatio{}, false)).Tree()
			if fast.Len() < 3 {
				t.Errorf("%s: a tree of %d nodes tests nothing", key, fast.Len())
			}
			if diff := firstTreeDifference(key, j48Dump(fast, 0, 0, nil), j48Dump(slow, 0, 0, nil)); diff != "" {
				t.Error(diff)
			}
		}
	}
}
