package trainset

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// domains of the test data: six features, one of three values (96
// inputs, more than the rows a learner sees, so that the rows it sees show).
var domains = []int{2, 2, 3, 2, 2, 2}

// testData returns n rows over domains, drawn with seed: the class is
// f0 xor f1, flipped for one row in eight, so that the trees have
// structure and the learners disagree.
func testData(t *testing.T, n int, seed uint64) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var schema dataset.Schema
	for f, z := range domains {
		a := dataset.Attribute{Name: "f" + string(rune('0'+f))}
		for v := range z {
			a.Values = append(a.Values, string(rune('a'+v)))
		}
		schema.Features = append(schema.Features, a)
	}
	schema.Class = dataset.Attribute{Name: "class", Values: []string{"no", "yes"}}
	x, y := make([][]uint8, n), make([]uint8, n)
	for r := range n {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = x[r][0] ^ x[r][1]
		if rng.IntN(8) == 0 {
			y[r] ^= 1
		}
	}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// space returns every input over domains, in lexicographic order.
func space() [][]uint8 {
	out := [][]uint8{{}}
	for _, z := range domains {
		var next [][]uint8
		for _, x := range out {
			for v := range z {
				next = append(next, append(slices.Clone(x), uint8(v)))
			}
		}
		out = next
	}
	return out
}

// plan is the tasks of the tests: two cells of three repetitions.
var plan = flow.Plan{Cells: []string{"a", "b"}, Reps: 3, Seed: 5}

// kind is one of the train nodes with the inputs of a task of its study.
type kind struct {
	name  string
	node  func(*Set) flow.Node
	k     int // folds per task
	input func(t *testing.T, b *schemas.Bag)
}

// oracleID is the oracle of the held-out tasks' data.
const oracleID = 7

// folds of the cross-validated kind; its dataset's config name.
const (
	testFolds = 4
	toyName   = "toy"
)

func holdoutInput(slot *schemas.Slot[schemas.DatasetRecord], testRows int) func(t *testing.T, b *schemas.Bag) {
	return func(t *testing.T, b *schemas.Bag) {
		rec := schemas.DatasetRecord{OracleID: oracleID, Train: testData(t, 60, 1)}
		if testRows > 0 {
			rec.Test = testData(t, testRows, 2)
		}
		slot.Set(b, []schemas.DatasetRecord{rec})
	}
}

func cvInput(t *testing.T, b *schemas.Bag) {
	d := testData(t, 60, 1)
	flow.Splits.Set(b, []flow.Split{{Dataset: toyName, Data: d, Folds: cv.Weka(d.Labels(), testFolds, 1)}})
}

// kinds are the three train nodes: the oracle study's (datasets/), the
// cost study's (holdouts) and the benchmark study's (folds).
var kinds = []kind{
	{"fit", (*Set).FitNode, 1, holdoutInput(&schemas.DatasetTable.Slot, 30)},
	{"holdout", (*Set).HoldoutFitNode, 1, holdoutInput(flow.Holdouts, 30)},
	{"cv", (*Set).CVNode, testFolds, cvInput},
}

// kindOf returns the kind named name.
func kindOf(name string) kind {
	return kinds[slices.IndexFunc(kinds, func(k kind) bool { return k.name == name })]
}

// newSet builds the learners of specs.
func newSet(t *testing.T, specs ...train.Spec) *Set {
	t.Helper()
	s, err := New(specs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// specs names learners with no options.
func specs(names ...string) []train.Spec {
	out := make([]train.Spec, len(names))
	for i, n := range names {
		out[i] = train.Spec{Name: n}
	}
	return out
}

// runTask runs node n (Run, or Reload with models) on task id with the
// inputs of kind k, and returns the bag.
func runTask(t *testing.T, k kind, n flow.Node, id int64, reload bool, models []schemas.ModelRecord) *schemas.Bag {
	t.Helper()
	b := schemas.NewBag()
	k.input(t, b)
	task := plan.Task(id)
	run := n.Run
	if reload {
		schemas.ModelTable.Set(b, models)
		run = n.Reload
	}
	if err := run(&task, b); err != nil {
		t.Fatalf("%s task %d (reload %v): %v", k.name, id, reload, err)
	}
	return b
}

// roundTrip writes models to a models/ part and reads them back, as a
// staged evaluate reads what train wrote.
func roundTrip(t *testing.T, models []schemas.ModelRecord) []schemas.ModelRecord {
	t.Helper()
	path := filepath.Join(t.TempDir(), "part-0-00000.parquet")
	if _, err := schemas.ModelTable.Write(path, models); err != nil {
		t.Fatal(err)
	}
	got, err := schemas.ModelTable.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// sameTree reports whether a and b have the same nodes: tests, classes,
// children and counts.
func sameTree(a, b *tree.Tree) bool {
	if a.Len() != b.Len() || a.Classes != b.Classes || !slices.Equal(a.Domains, b.Domains) ||
		!slices.Equal(a.Feature, b.Feature) || !slices.Equal(a.Class, b.Class) {
		return false
	}
	for n := range a.Len() {
		if !slices.Equal(a.Children(n), b.Children(n)) || !slices.Equal(a.NodeCounts(n), b.NodeCounts(n)) {
			return false
		}
	}
	return true
}

// predictions are a model's classes for every input of the space, in
// order (a random classifier's draws included).
func predictions(m train.Model) []int {
	xs := space()
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = m.Predict(x)
	}
	return out
}
