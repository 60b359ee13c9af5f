package dataset_test

import (
	"math"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// mixed is a three-row dataset with a numeric feature (a missing value in
// row 1) and a nominal one (missing in row 2).
func mixed(t *testing.T) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{{Name: "temp", Numeric: true}, {Name: "outlook", Values: []string{"sunny", "rainy"}}},
		Class:    dataset.Attribute{Name: "play", Values: []string{"no", "yes"}},
	}
	d, err := dataset.NewMixed(s, [][]uint8{nil, {1, 0, dataset.MissingCode}}, [][]float64{{64.5, math.NaN(), 83}, nil}, []uint8{0, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestMixedDatasetValues(t *testing.T) {
	d := mixed(t)
	if !d.HasNumeric() || !d.HasMissing() || !d.IsNumeric(0) || d.IsNumeric(1) || d.Domain(0) != 0 || d.Domain(1) != 2 {
		t.Fatalf("kinds: numeric %v missing %v, domains %v", d.HasNumeric(), d.HasMissing(), d.Domains())
	}
	want := [][]float64{{64.5, 1}, {math.NaN(), 0}, {83, math.NaN()}}
	var x []float64
	for r, w := range want {
		x = d.Values(r, x)
		for f := range w {
			if x[f] != w[f] && !(math.IsNaN(x[f]) && math.IsNaN(w[f])) {
				t.Errorf("Values(%d) = %v, want %v", r, x, w)
			}
		}
	}
	if got := d.Missing(0).Count(); got != 1 || !d.Missing(0).Has(1) {
		t.Errorf("Missing(temp) has %d rows, want row 1", got)
	}
	if !d.Missing(1).Has(2) || d.ValueRows(1, 0).Has(2) || d.ValueRows(1, 1).Has(2) {
		t.Error("the missing outlook of row 2 must be in Missing(1) and in no value's rows")
	}
	if d.Column(0) != nil || d.Numbers(1) != nil || d.Numbers(0)[2] != 83 {
		t.Error("a numeric feature has numbers and no codes, a nominal one the reverse")
	}
	p, err := d.Project([]int{2, 0}, []int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsNumeric(1) || p.Numbers(1)[0] != 83 || p.Column(0)[0] != dataset.MissingCode || !p.Missing(0).Has(0) {
		t.Errorf("Project lost a kind or a missing value: %v %v", p.Numbers(1), p.Column(0))
	}
}

// TestProjectKeepsClassPosition: a projection counts the kept features
// that followed the class in the source, so that the class keeps its
// place among them (Schema.ClassPosition).
func TestProjectKeepsClassPosition(t *testing.T) {
	a := func(name string) dataset.Attribute { return dataset.Attribute{Name: name, Values: []string{"x"}} }
	// Source columns: f0 f1 class f2 f3.
	s := dataset.Schema{Features: []dataset.Attribute{a("f0"), a("f1"), a("f2"), a("f3")}, Class: a("class"), FeaturesAfterClass: 2}
	d, err := dataset.New(s, [][]uint8{{0}, {0}, {0}, {0}}, []uint8{0})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schema().ClassPosition(); got != 2 {
		t.Fatalf("ClassPosition = %d, want 2", got)
	}
	for _, c := range []struct {
		features   []int
		after, pos int
	}{
		{[]int{0, 1, 2, 3}, 2, 2},
		{[]int{0, 1}, 0, 2},
		{[]int{2, 3}, 2, 0},
	} {
		p, err := d.Project([]int{0}, c.features)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Schema(); got.FeaturesAfterClass != c.after || got.ClassPosition() != c.pos {
			t.Errorf("Project(%v): %d features after the class, position %d; want %d, %d", c.features, got.FeaturesAfterClass, got.ClassPosition(), c.after, c.pos)
		}
	}
}

func TestNominalDatasetHasNoMissing(t *testing.T) {
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "a", Values: []string{"x", "y"}}}, Class: dataset.Attribute{Name: "c", Values: []string{"0", "1"}}}
	d, err := dataset.New(s, [][]uint8{{0, 1}}, []uint8{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if d.HasMissing() || d.HasNumeric() || d.Missing(0) != nil {
		t.Error("a dataset without numbers or missing values must say so")
	}
}

func TestNewMixedRefuses(t *testing.T) {
	num := dataset.Attribute{Name: "temp", Numeric: true}
	nom := dataset.Attribute{Name: "outlook", Values: []string{"sunny"}}
	class := dataset.Attribute{Name: "play", Values: []string{"no", "yes"}}
	cases := []struct {
		name   string
		schema dataset.Schema
		cols   [][]uint8
		nums   [][]float64
		want   string
	}{
		{"infinite value", dataset.Schema{Features: []dataset.Attribute{num}, Class: class}, [][]uint8{nil}, [][]float64{{math.Inf(1)}}, "not finite"},
		{"numeric with values", dataset.Schema{Features: []dataset.Attribute{{Name: "temp", Numeric: true, Values: []string{"a"}}}, Class: class}, [][]uint8{nil}, [][]float64{{1}}, "numeric feature has no values"},
		{"numeric class", dataset.Schema{Features: []dataset.Attribute{nom}, Class: dataset.Attribute{Name: "y", Numeric: true}}, [][]uint8{{0}}, nil, "class must be nominal"},
		{"numeric without numbers", dataset.Schema{Features: []dataset.Attribute{num}, Class: class}, [][]uint8{nil}, nil, "numeric column temp has 0 rows"},
		{"codes for a numeric feature", dataset.Schema{Features: []dataset.Attribute{num}, Class: class}, [][]uint8{{0}}, [][]float64{{1}}, "numeric feature temp has codes"},
		{"numbers for a nominal feature", dataset.Schema{Features: []dataset.Attribute{nom}, Class: class}, [][]uint8{{0}}, [][]float64{{1}}, "nominal feature outlook has numbers"},
		{"code outside the domain", dataset.Schema{Features: []dataset.Attribute{nom}, Class: class}, [][]uint8{{1}}, nil, "outside domain"},
		{"more features after the class than features", dataset.Schema{Features: []dataset.Attribute{nom}, Class: class, FeaturesAfterClass: 2}, [][]uint8{{0}}, nil, "2 features after it, of 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := dataset.NewMixed(c.schema, c.cols, c.nums, []uint8{0})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestCapabilitiesAdmit(t *testing.T) {
	d := mixed(t)
	cases := []struct {
		c    dataset.Capabilities
		want string // "" = admitted
	}{
		{dataset.Capabilities{}, "learner id3 takes nominal features only, and temp is numeric"},
		{dataset.Capabilities{Missing: true}, "temp is numeric"},
		{dataset.Capabilities{Numeric: true}, "learner id3 does not handle missing values, and temp has 1"},
		{dataset.Capabilities{Numeric: true, Missing: true}, ""},
	}
	for _, c := range cases {
		err := c.c.Admit("id3", d)
		if c.want == "" {
			if err != nil {
				t.Errorf("%+v: %v, want admitted", c.c, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err = %v, want %q", c.c, err, c.want)
		}
	}
}

// TestCodingBinsAsWeka: a value falls in the first bin whose upper cut is
// at or above it, a missing value in "?", and Apply gives the view of
// every row with Weka's bin labels.
func TestCodingBinsAsWeka(t *testing.T) {
	d := mixed(t) // temp: 64.5, NaN, 83; outlook: rainy, sunny, missing
	c, err := dataset.NewCoding(d, [][]float64{{70, 83}, nil})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    int
		x    float64
		want uint8
	}{{0, 64.5, 0}, {0, 70, 0}, {0, 70.01, 1}, {0, 83, 1}, {0, 83.5, 2}, {0, math.NaN(), 3}, {1, 1, 1}, {1, math.NaN(), 2}} {
		if got := c.Code(tc.f, tc.x); got != tc.want {
			t.Errorf("Code(%d, %v) = %d, want %d", tc.f, tc.x, got, tc.want)
		}
	}
	v, err := c.Apply(d)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Schema().Features[0].Values; strings.Join(got, " ") != "(-inf-70] (70-83] (83-inf) ?" {
		t.Errorf("bin labels %q", got)
	}
	if v.HasNumeric() || v.HasMissing() || v.Column(0)[1] != 3 || v.Column(1)[2] != 2 || v.Column(0)[2] != 1 {
		t.Errorf("the view is not nominal or misplaces a value: %v %v", v.Column(0), v.Column(1))
	}
	cuts := d.Cuts(d.All(), func(values []float64, labels []uint8, _ []float64) []float64 {
		if len(values) != 3 || !math.IsNaN(values[1]) || labels[2] != 1 {
			t.Errorf("Cuts passed %v %v", values, labels)
		}
		return []float64{1}
	})
	if len(cuts[0]) != 1 || cuts[1] != nil {
		t.Errorf("Cuts = %v, want cuts for the numeric feature only", cuts)
	}
}
