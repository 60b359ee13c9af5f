package external

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

var update = flag.Bool("update", false, "rewrite testdata/fit-request-v1.jsonl from today's encoder")

// nominalFixture is a small nominal dataset of three features (binary,
// three values, binary) and three classes, without missing values: the
// data of the golden request.
func nominalFixture(t *testing.T, n int, seed uint64) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "a", Values: []string{"no", "yes"}},
			{Name: "b é", Values: []string{"low", "mid", "high"}},
			{Name: `c"q`, Values: []string{"0", "1"}},
		},
		Class: dataset.Attribute{Name: "class", Values: []string{"x", "y", "z"}},
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = []uint8{uint8(rng.IntN(2)), uint8(rng.IntN(3)), uint8(rng.IntN(2))}
		y[r] = uint8(rng.IntN(3))
	}
	d, err := dataset.FromRows(s, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestNominalRequestIsProtocol1: a fit request on nominal data without
// missing values is, byte for byte, the line protocol 1's encoder wrote
// (testdata/fit-request-v1.jsonl, written by this test with -update at
// commit bbe9189, before protocol 2): an adapter that speaks only
// protocol 1 gets the requests it always got.
func TestNominalRequestIsProtocol1(t *testing.T) {
	d := nominalFixture(t, 40, 1)
	train := dataset.NewBitset(d.Len())
	for r := range d.Len() {
		if r%4 != 0 {
			train.Set(r)
		}
	}
	test := nominalFixture(t, 9, 2)
	req, err := encodeFit(d, train, nil, 123456789, Query{Data: test}, true)
	if err != nil {
		t.Fatal(err)
	}
	got := bytes.Clone(req.buf)
	req.release()
	const golden = "testdata/fit-request-v1.jsonl"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("fit request on nominal data:\n got %s\nwant %s", got, want)
	}
}
