package external_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// pointers is an instance as the fake adapter reads one: nil where
// missing.
func pointers(x []float64) []*float64 {
	out := make([]*float64, len(x))
	for f := range x {
		if !math.IsNaN(x[f]) {
			out[f] = &x[f]
		}
	}
	return out
}

// TestFitValues: a protocol-2 adapter fitted on numbers and missing
// values answers every held-out instance (the fake's ValuesClass of the
// instance it read, which needs every number and every missing value to
// have come through exactly), through PredictValues and
// DistributionValues, and through Predict for an all-nominal instance.
func TestFitValues(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.Values), 10*time.Second, 5), nil)
	defer l.Close()
	d := external.MixedFixture(t)
	rng := rand.New(rand.NewPCG(1, 2))
	seed := int64(rand.New(rand.NewPCG(1, 2)).Int32()) // the seed Fit draws
	m, err := l.Fit(d, d.All(), rng, external.Query{Data: d})
	if err != nil {
		t.Fatal(err)
	}
	p, ok := m.(*external.Probabilities)
	if !ok {
		t.Fatalf("Fit returned %T; want *external.Probabilities", m)
	}
	if p.Space() != nil {
		t.Errorf("a fit in the values form has a space of %d predictions", len(p.Space()))
	}
	var x []float64
	dist := make([]float64, 2)
	for r := range d.Len() {
		x = d.Values(r, x)
		want := externaltest.ValuesClass(pointers(x), 2, seed)
		if got := p.PredictValues(x); got != want {
			t.Errorf("row %d %v: PredictValues = %d; want %d", r, x, got, want)
		}
		p.DistributionValues(x, dist)
		if dist[want] != 0.75 || dist[1-want] != 0.25 {
			t.Errorf("row %d: DistributionValues = %v; want 0.75 on class %d", r, dist, want)
		}
	}
	if info, _ := l.Info(); info.Protocol != 2 || !info.Capabilities.Numeric || !info.Capabilities.Missing || info.MissingValues == "" {
		t.Errorf("Info() = %+v; want protocol 2, numeric and missing, a missing_values text", info)
	}
}

// TestFitValuesNominalMissing: nominal data with missing values go in
// the values form too, and the model answers Predict for codes with
// MissingCode as it answers PredictValues for NaN.
func TestFitValuesNominalMissing(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.Values), 10*time.Second, 5), nil)
	defer l.Close()
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "a", Values: []string{"0", "1", "2"}}, {Name: "b", Values: []string{"0", "1"}}},
		Class: dataset.Attribute{Name: "c", Values: []string{"0", "1", "2"}}}
	cols := [][]uint8{{0, 1, 2, dataset.MissingCode, 1}, {1, dataset.MissingCode, 0, 1, 1}}
	d, err := dataset.New(s, cols, []uint8{0, 1, 2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	seed := int64(rand.New(rand.NewPCG(3, 4)).Int32())
	m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(3, 4)), external.Query{Data: d})
	if err != nil {
		t.Fatal(err)
	}
	p := m.(*external.Probabilities)
	var x []float64
	var codes []uint8
	for r := range d.Len() {
		x = d.Values(r, x)
		codes = d.Row(r, codes[:0])
		want := externaltest.ValuesClass(pointers(x), 3, seed)
		if got := p.Predict(codes); got != want {
			t.Errorf("row %d %v: Predict = %d; want %d", r, codes, got, want)
		}
	}
}

// TestOldAdapterRefusedOnValues: an adapter of protocol 1 is never sent
// numbers or missing values: the fit is an error (not a fault the run
// records) that names the learner, the adapter and the protocol it needs.
func TestOldAdapterRefusedOnValues(t *testing.T) {
	l := external.New("weka-old", spec(externaltest.Command(externaltest.Tree), 10*time.Second, 5), nil)
	defer l.Close()
	d := external.MixedFixture(t)
	_, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)), external.Query{Data: d})
	var f *external.Failure
	if err == nil || errors.As(err, &f) {
		t.Fatalf("Fit error %v; want an error that is no *Failure", err)
	}
	for _, want := range []string{"external learner weka-old", `adapter "fake-tree" (version "0.1") speaks protocol 1`, "protocol 2"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Fit error %q; want it to say %q", err, want)
		}
	}
	// A protocol-2 adapter that takes no missing values is refused them.
	l2 := external.New("nomissing", spec(externaltest.Command(externaltest.Values, "nomissing"), 10*time.Second, 5), nil)
	defer l2.Close()
	if _, err := l2.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)), external.Query{Data: d}); err == nil || !strings.Contains(err.Error(), "announces that it takes no missing values") {
		t.Errorf("Fit error %v; want the adapter's missing values refused", err)
	}
}

// TestTreeReplyToValues: a tree in reply to rows in the values form is a
// bad reply (dtbench's trees test codes), the process replaced.
func TestTreeReplyToValues(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.ValuesTree), 10*time.Second, 5), nil)
	defer l.Close()
	d := external.MixedFixture(t)
	_, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)), external.Query{Data: d})
	var f *external.Failure
	if !errors.As(err, &f) || f.Status != external.StatusBadReply || !strings.Contains(f.Message, "reply with predictions") {
		t.Fatalf("Fit error %v; want a bad_reply asking for predictions", err)
	}
	// On nominal codes the same adapter's tree stands.
	nd := external.BinaryData(t, 30, 3, 1)
	if m, err := l.Fit(nd, nd.All(), rand.New(rand.NewPCG(1, 2)), external.Query{}); err != nil {
		t.Fatal(err)
	} else if _, ok := m.(*external.TreeModel); !ok {
		t.Errorf("Fit on nominal data returned %T; want a tree", m)
	}
}
