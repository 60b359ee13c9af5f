package trainset

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	os.Exit(m.Run())
}

// mixedData is a dataset of a numeric feature and a nominal one with a
// missing value.
func mixedData(t *testing.T) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "age", Numeric: true}, {Name: "color", Values: []string{"red", "blue"}}},
		Class: dataset.Attribute{Name: "class", Values: []string{"no", "yes"}}}
	d, err := dataset.NewMixed(s, [][]uint8{nil, {0, 1, dataset.MissingCode, 1}}, [][]float64{{30.5, math.NaN(), 41, 19}, nil}, []uint8{0, 1, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// externalSet is a Set of one external learner, name, running the fake
// adapter in mode.
func externalSet(t *testing.T, name string, mode ...string) *Set {
	t.Helper()
	spec := &external.Spec{Command: externaltest.Command(mode[0], mode[1:]...), Timeout: external.Duration(10 * time.Second), MaxFailures: 5}
	s, err := New([]train.Spec{{Name: name, External: spec}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// TestExternalCapabilities: an external learner takes what its adapter
// announced at the handshake (started by the check itself when no process
// runs yet); one whose adapter speaks protocol 1 is refused numeric and
// missing values by train.CheckData, naming the learner, the adapter and
// the protocol version it needs; a protocol-2 adapter's model reads
// instances (train.ValuesDistributor).
func TestExternalCapabilities(t *testing.T) {
	d := mixedData(t)
	old := externalSet(t, "weka-old", externaltest.Tree)
	if c := train.CapabilitiesOf(old.learners[0]); c != (train.Capabilities{}) {
		t.Errorf("protocol-1 adapter: Capabilities = %+v; want none", c)
	}
	err := train.CheckData("weka-old", old.learners[0], d)
	for _, want := range []string{"learner weka-old takes nominal features only, and age is numeric", `adapter "fake-tree" (version "0.1") speaks protocol 1`, "need an adapter that speaks protocol 2"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckData: %v; want it to say %q", err, want)
		}
	}

	cur := externalSet(t, "fake-v2", externaltest.Values)
	if c := train.CapabilitiesOf(cur.learners[0]); c != (train.Capabilities{Numeric: true, Missing: true}) {
		t.Errorf("protocol-2 adapter: Capabilities = %+v; want numeric and missing", c)
	}
	if err := train.CheckData("fake-v2", cur.learners[0], d); err != nil {
		t.Errorf("CheckData: %v", err)
	}
	m, err := fitQuery(cur.learners[0], d, d.All(), rand.New(rand.NewPCG(1, 1)), Query{Data: d})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.(train.ValuesDistributor); !ok {
		t.Errorf("model %T is no train.ValuesDistributor", m)
	}

	partial := externalSet(t, "fake-nomissing", externaltest.Values, "nomissing")
	err = train.CheckData("fake-nomissing", partial.learners[0], d)
	if err == nil || !strings.Contains(err.Error(), "does not handle missing values, and age has 1: import with missing: category or missing: drop, or leave fake-nomissing out; its adapter \"fake-values\" (version \"0.2\") announces that it takes no missing values") {
		t.Errorf("CheckData: %v; want missing values refused in the adapter's name", err)
	}
}

// TestExternalTreeModelReadsValues: the tree of a fit on nominal codes
// answers PredictValues and DistributionValues as Predict and
// Distribution do.
func TestExternalTreeModelReadsValues(t *testing.T) {
	s := externalSet(t, "fake", externaltest.Tree)
	d := testData(t, 60, 3)
	m, err := fitQuery(s.learners[0], d, d.All(), rand.New(rand.NewPCG(1, 1)), Query{})
	if err != nil {
		t.Fatal(err)
	}
	vd, ok := m.(train.ValuesDistributor)
	if !ok {
		t.Fatalf("model %T is no train.ValuesDistributor", m)
	}
	var x []uint8
	var v []float64
	a, b := make([]float64, 2), make([]float64, 2)
	for r := range d.Len() {
		x, v = d.Row(r, x[:0]), d.Values(r, v)
		m.(interface{ Distribution([]uint8, []float64) }).Distribution(x, a)
		vd.DistributionValues(v, b)
		if m.Predict(x) != vd.PredictValues(v) || a[0] != b[0] || a[1] != b[1] {
			t.Errorf("row %d: Predict %d, Distribution %v; PredictValues %d, DistributionValues %v", r, m.Predict(x), a, vd.PredictValues(v), b)
		}
	}
}
