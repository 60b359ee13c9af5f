package external

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// mixedFixture is a dataset of a numeric feature whose values are hard to
// print exactly, a nominal feature with missing values, and a numeric
// feature with missing ones.
func mixedFixture(t testing.TB) *dataset.Dataset {
	t.Helper()
	nan := math.NaN()
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "n1", Numeric: true},
			{Name: "color", Values: []string{"red", "green", "blue"}},
			{Name: "n2", Numeric: true},
		},
		Class: dataset.Attribute{Name: "class", Values: []string{"-", "+"}},
	}
	n1 := []float64{0.1, 30.83, -1e-7, 123456789.123456789, 1e300, 5e-324, math.Copysign(0, -1), 2, 1.0 / 3}
	color := []uint8{0, dataset.MissingCode, 2, 1, dataset.MissingCode, 0, 1, 2, 0}
	n2 := []float64{nan, 1, 2, nan, 3.5, -4.25, nan, 0, 7}
	labels := []uint8{0, 1, 0, 1, 1, 0, 1, 0, 1}
	d, err := dataset.NewMixed(s, [][]uint8{nil, color, nil}, [][]float64{n1, nil, n2}, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestValuesRequest: rows with numbers or missing values go as lists of
// values that read back, through encoding/json, as exactly the instances
// dataset.Values gives (every float64 bit; null where missing); the
// schema marks the numeric features and gives them no values; y stays
// base64 of the class codes.
func TestValuesRequest(t *testing.T) {
	d := mixedFixture(t)
	train := dataset.NewBitset(d.Len())
	for _, r := range []int{0, 2, 3, 5, 6, 8} {
		train.Set(r)
	}
	test := dataset.NewBitset(d.Len())
	for _, r := range []int{1, 4, 7} {
		test.Set(r)
	}
	req, err := encodeFit(d, train, nil, 42, Query{Data: d, Rows: test}, false)
	if err != nil {
		t.Fatal(err)
	}
	line := string(req.buf)
	req.release()
	var got struct {
		Schema struct {
			Features []map[string]any `json:"features"`
		} `json:"schema"`
		Train struct {
			Rows int          `json:"rows"`
			X    [][]*float64 `json:"x"`
			Y    []byte       `json:"y"` // base64, as encoding/json reads []byte
		} `json:"train"`
		Predict struct {
			Rows int          `json:"rows"`
			X    [][]*float64 `json:"x"`
		} `json:"predict"`
	}
	if err := json.Unmarshal([]byte(line), &got); err != nil {
		t.Fatalf("request %s: %v", line, err)
	}
	if !strings.Contains(line, `{"name":"n1","numeric":true}`) || !strings.Contains(line, `{"name":"color","values":["red","green","blue"]}`) {
		t.Errorf("schema %v; want n1 marked numeric without values, color with its values", got.Schema.Features)
	}
	check := func(part string, rows dataset.Bitset, x [][]*float64) {
		t.Helper()
		if len(x) != rows.Count() {
			t.Fatalf("%s: %d rows, want %d", part, len(x), rows.Count())
		}
		i := 0
		var want []float64
		rows.Each(func(r int) {
			want = d.Values(r, want)
			for f, w := range want {
				v := x[i][f]
				switch {
				case math.IsNaN(w) && v != nil:
					t.Errorf("%s row %d feature %d: %v, want null", part, r, f, *v)
				case !math.IsNaN(w) && (v == nil || math.Float64bits(*v) != math.Float64bits(w) && !(w == 0 && *v == 0)):
					t.Errorf("%s row %d feature %d: %v, want %v", part, r, f, v, w)
				}
			}
			i++
		})
	}
	check("train", train, got.Train.X)
	check("predict", test, got.Predict.X)
	if string(got.Train.Y) != string([]byte{0, 0, 1, 0, 1, 1}) {
		t.Errorf("train.y = %v, want the classes of rows 0 2 3 5 6 8", got.Train.Y)
	}
}

// TestValuesForm: the values form is chosen by the data, training or
// held out: a numeric feature or a missing value anywhere.
func TestValuesForm(t *testing.T) {
	nominal := nominalFixture(t, 10, 1)
	mixed := mixedFixture(t)
	cols := [][]uint8{{0, dataset.MissingCode}, {1, 0}, {0, 1}}
	missing, err := dataset.New(nominal.Schema(), cols, []uint8{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		d    *dataset.Dataset
		q    Query
		want bool
	}{
		{"nominal", nominal, Query{Data: nominal}, false},
		{"nominal, no query", nominal, Query{}, false},
		{"numeric", mixed, Query{}, true},
		{"missing in the held-out rows only", nominal, Query{Data: missing}, true},
		{"missing nominal values", missing, Query{}, true},
	} {
		if got := valuesForm(tc.d, tc.q); got != tc.want {
			t.Errorf("%s: valuesForm = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestValuesKey: equal instances share a key (every NaN alike, -0 as 0),
// others do not.
func TestValuesKey(t *testing.T) {
	nan1, nan2 := math.NaN(), math.Float64frombits(0x7ff8000000000bad)
	key := func(x ...float64) string { return string(valuesKey(nil, x)) }
	if key(1, nan1, 0) != key(1, nan2, math.Copysign(0, -1)) {
		t.Error("NaNs of other bits, or -0 and 0, give other keys")
	}
	for _, other := range [][]float64{{1, 0, 0}, {1, nan1, 1e-300}, {1.0000000000000002, nan1, 0}} {
		if key(1, nan1, 0) == key(other...) {
			t.Errorf("%v has the key of [1 NaN 0]", other)
		}
	}
}

// TestParseHello: the protocol version an adapter speaks (absent: 1),
// its capabilities from version 2 only, a version dtbench does not speak
// refused.
func TestParseHello(t *testing.T) {
	for _, tc := range []struct {
		line    string
		want    helloReply
		wantErr string
	}{
		{line: `{"name":"a","version":"1"}`, want: helloReply{Name: "a", Version: "1", Protocol: 1}},
		{line: `{"name":"a","version":"1","protocol":1,"capabilities":{"numeric":true,"missing":true},"missing_values":"x"}`,
			want: helloReply{Name: "a", Version: "1", Protocol: 1}},
		{line: `{"name":"a","version":"1","protocol":2,"capabilities":{"numeric":true},"missing_values":"imputed"}`,
			want: helloReply{Name: "a", Version: "1", Protocol: 2, Capabilities: capabilitiesJSON{Numeric: true}, MissingValues: "imputed"}},
		{line: `{"name":"a","version":"1","protocol":3}`, wantErr: `adapter a (version 1) speaks protocol 3; dtbench speaks 1 to 2`},
		{line: `{"name":"a","version":"1","protocol":-1}`, wantErr: "speaks protocol -1"},
		{line: `{"name":"a","protocol":2}`, wantErr: "lacks a name or a version"},
	} {
		got, err := parseHello([]byte(tc.line))
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parseHello(%s) error %v; want %q", tc.line, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("parseHello(%s): %v", tc.line, err)
		case got != tc.want:
			t.Errorf("parseHello(%s) = %+v; want %+v", tc.line, got, tc.want)
		}
	}
}

// TestLacks: what a learner's refusal says of its adapter.
func TestLacks(t *testing.T) {
	v1 := Info{Name: "DtbenchWeka J48", Version: "Weka 3.6.14, adapter 2", Protocol: 1}
	v2 := Info{Name: "x", Version: "3", Protocol: 2, Capabilities: dataset.Capabilities{Numeric: true}}
	for _, tc := range []struct {
		info             Info
		numeric, missing bool
		want             string
	}{
		{v1, false, false, ""},
		{v1, true, false, `its adapter "DtbenchWeka J48" (version "Weka 3.6.14, adapter 2") speaks protocol 1, which carries nominal codes only; numeric features need an adapter that speaks protocol 2`},
		{v1, true, true, `numeric features and missing values need an adapter that speaks protocol 2`},
		{v1, false, true, `; missing values need an adapter that speaks protocol 2`},
		{v2, true, false, ""},
		{v2, false, true, `its adapter "x" (version "3") announces that it takes no missing values`},
		{Info{Name: "y", Version: "1", Protocol: 2}, true, true, `announces that it takes no numeric features`},
	} {
		got := tc.info.Lacks(tc.numeric, tc.missing)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%+v.Lacks(%v, %v) = %q; want %q", tc.info, tc.numeric, tc.missing, got, tc.want)
		}
	}
}

// TestValuesRequestOrder: the values form sends the training rows in the
// order given (the fold scheme's), with their classes in the same order;
// the codes form keeps row order, protocol 1's bytes.
func TestValuesRequestOrder(t *testing.T) {
	d := mixedFixture(t)
	order := []int{8, 3, 0, 5}
	rows := dataset.NewBitset(d.Len())
	for _, r := range order {
		rows.Set(r)
	}
	req, err := encodeFit(d, rows, order, 1, Query{}, false)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Train struct {
			X [][]*float64 `json:"x"`
			Y []byte       `json:"y"`
		} `json:"train"`
	}
	if err := json.Unmarshal(req.buf, &got); err != nil {
		t.Fatal(err)
	}
	req.release()
	for i, r := range order {
		if v := got.Train.X[i][0]; v == nil || *v != d.Numbers(0)[r] || got.Train.Y[i] != d.Label(r) {
			t.Errorf("training row %d: %v class %d; want row %d's %v class %d", i, v, got.Train.Y[i], r, d.Numbers(0)[r], d.Label(r))
		}
	}
	nominal := nominalFixture(t, 12, 3)
	all := nominal.All()
	a, _ := encodeFit(nominal, all, []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, 1, Query{}, false)
	lineA := string(a.buf)
	a.release()
	b, _ := encodeFit(nominal, all, nil, 1, Query{}, false)
	if lineB := string(b.buf); lineA != lineB {
		t.Errorf("codes form with an order:\n%s\nwithout:\n%s", lineA, lineB)
	}
	b.release()
}
