package dataset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// schemaOf returns a schema with features of the given domains and k
// classes, named f0…, values v0…, classes c0….
func schemaOf(domains []int, k int) Schema {
	labels := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	var s Schema
	for f, z := range domains {
		s.Features = append(s.Features, Attribute{Name: fmt.Sprintf("f%d", f), Values: labels("v", z)})
	}
	s.Class = Attribute{Name: "class", Values: labels("c", k)}
	return s
}

// randomRows draws n rows uniformly over the schema's domains.
func randomRows(rng *rand.Rand, s Schema, n int) (x [][]uint8, y []uint8) {
	for range n {
		row := make([]uint8, len(s.Features))
		for f, a := range s.Features {
			row[f] = uint8(rng.IntN(len(a.Values)))
		}
		x = append(x, row)
		y = append(y, uint8(rng.IntN(len(s.Class.Values))))
	}
	return x, y
}

func TestNewErrors(t *testing.T) {
	s := schemaOf([]int{2, 3}, 2)
	cases := []struct {
		name   string
		schema Schema
		cols   [][]uint8
		labels []uint8
		want   string
	}{
		{"feature code out of domain", s, [][]uint8{{0, 1}, {2, 3}}, []uint8{0, 1}, "row 1 feature f1: code 3 outside domain of 3"},
		{"class code out of range", s, [][]uint8{{0, 1}, {2, 0}}, []uint8{0, 2}, "row 1: class code 2 outside 2 classes"},
		{"missing column", s, [][]uint8{{0, 1}}, []uint8{0, 1}, "1 columns for 2 features"},
		{"short column", s, [][]uint8{{0, 1}, {2}}, []uint8{0, 1}, "column f1 has 1 rows, want 2"},
		{"empty domain", schemaOf([]int{2, 0}, 2), [][]uint8{{}, {}}, nil, "domain size 0"},
		{"domain too large", schemaOf([]int{65}, 2), [][]uint8{{}}, nil, "domain size 65"},
		{"no classes", schemaOf([]int{2}, 0), [][]uint8{{}}, nil, "0 values"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.schema, tc.cols, tc.labels)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New() error = %v; want one containing %q", err, tc.want)
			}
		})
	}
}

func TestFromRowsErrors(t *testing.T) {
	s := schemaOf([]int{2, 3}, 2)
	cases := []struct {
		name string
		x    [][]uint8
		y    []uint8
		want string
	}{
		{"ragged row", [][]uint8{{0, 1}, {1}}, []uint8{0, 1}, "row 1 has 1 values, want 2"},
		{"long row", [][]uint8{{0, 1, 1}}, []uint8{0}, "row 0 has 3 values, want 2"},
		{"labels short", [][]uint8{{0, 1}, {1, 1}}, []uint8{0}, "differ in length"},
		{"code out of domain", [][]uint8{{0, 1}, {2, 1}}, []uint8{0, 1}, "row 1 feature f0: code 2 outside domain of 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromRows(s, tc.x, tc.y)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("FromRows() error = %v; want one containing %q", err, tc.want)
			}
		})
	}
}

// TestAccessors checks every accessor and row bitset of random datasets
// against the rows they were built from.
func TestAccessors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	cases := []struct {
		domains []int
		classes int
		rows    int
	}{
		{[]int{2}, 2, 0},
		{[]int{2, 3}, 2, 1},
		{[]int{2, 2, 2}, 3, 64},
		{[]int{4, 1, 3, 64}, 5, 65},
		{[]int{3, 3}, 64, 1000},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%v/k=%d/n=%d", tc.domains, tc.classes, tc.rows), func(t *testing.T) {
			s := schemaOf(tc.domains, tc.classes)
			x, y := randomRows(rng, s, tc.rows)
			d, err := FromRows(s, x, y)
			if err != nil {
				t.Fatal(err)
			}
			if d.Len() != tc.rows || d.NumFeatures() != len(tc.domains) || d.Classes() != tc.classes {
				t.Fatalf("Len, NumFeatures, Classes = %d, %d, %d", d.Len(), d.NumFeatures(), d.Classes())
			}
			if !slices.Equal(d.Domains(), tc.domains) {
				t.Errorf("Domains() = %v; want %v", d.Domains(), tc.domains)
			}
			if !slices.Equal(d.Labels(), y) {
				t.Errorf("Labels() differ from y")
			}
			var row []uint8
			for r := range tc.rows {
				row = d.Row(r, row)
				if !slices.Equal(row, x[r]) || d.Label(r) != y[r] {
					t.Fatalf("row %d = %v/%d; want %v/%d", r, row, d.Label(r), x[r], y[r])
				}
				for f := range tc.domains {
					if d.Value(f, r) != x[r][f] || d.Column(f)[r] != x[r][f] {
						t.Fatalf("Value(%d, %d) = %d; want %d", f, r, d.Value(f, r), x[r][f])
					}
				}
			}
			for f, z := range tc.domains {
				if d.Domain(f) != z {
					t.Errorf("Domain(%d) = %d; want %d", f, d.Domain(f), z)
				}
				for v := range z {
					var want []int
					for r := range tc.rows {
						if x[r][f] == uint8(v) {
							want = append(want, r)
						}
					}
					if got := d.ValueRows(f, v).Rows(nil); !slices.Equal(got, want) {
						t.Errorf("ValueRows(%d, %d) = %v; want %v", f, v, got, want)
					}
				}
			}
			for c := range tc.classes {
				var want []int
				for r := range tc.rows {
					if y[r] == uint8(c) {
						want = append(want, r)
					}
				}
				if got := d.ClassRows(c).Rows(nil); !slices.Equal(got, want) {
					t.Errorf("ClassRows(%d) = %v; want %v", c, got, want)
				}
			}
			if d.All().Count() != tc.rows {
				t.Errorf("All().Count() = %d; want %d", d.All().Count(), tc.rows)
			}

			// ClassCounts and Majority on a random subset, by brute force.
			sub := NewBitset(tc.rows)
			want := make([]int, tc.classes)
			for r := range tc.rows {
				if rng.IntN(3) == 0 {
					sub.Set(r)
					want[y[r]]++
				}
			}
			if got := d.ClassCounts(sub); !slices.Equal(got, want) {
				t.Errorf("ClassCounts = %v; want %v", got, want)
			}
			best := 0
			for c := range want {
				if want[c] > want[best] {
					best = c
				}
			}
			if got := d.Majority(sub); got != best {
				t.Errorf("Majority = %d; want %d (counts %v)", got, best, want)
			}
		})
	}
}

func TestMajorityTies(t *testing.T) {
	s := schemaOf([]int{2}, 3)
	d, err := FromRows(s, [][]uint8{{0}, {0}, {1}, {1}, {0}}, []uint8{2, 1, 1, 2, 0})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		rows Bitset
		want int
	}{
		{"tie 1 and 2 goes to 1", d.All(), 1},
		{"no rows gives 0", NewBitset(5), 0},
		{"value 1 rows: classes 1, 2 tie", d.ValueRows(0, 1), 1},
		{"value 0 rows: 2, 1, 0 all tie", d.ValueRows(0, 0), 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := d.Majority(tc.rows); got != tc.want {
				t.Errorf("Majority = %d; want %d (counts %v)", got, tc.want, d.ClassCounts(tc.rows))
			}
		})
	}
	for _, tc := range []struct {
		counts []int
		want   int
	}{{nil, 0}, {[]int{0}, 0}, {[]int{1, 3, 3}, 1}, {[]int{5, 0, 5}, 0}, {[]int{0, 0, 1}, 2}} {
		if got := ArgMax(tc.counts); got != tc.want {
			t.Errorf("ArgMax(%v) = %d; want %d", tc.counts, got, tc.want)
		}
	}
}

func TestProject(t *testing.T) {
	s := Schema{
		Features: []Attribute{{Name: "a", Values: []string{"x", "y"}}, {Name: "b", Values: []string{"p", "q", "r"}}, {Name: "c", Values: []string{"0", "1"}}},
		Class:    Attribute{Name: "k", Values: []string{"no", "yes"}},
	}
	d, err := FromRows(s, [][]uint8{{0, 2, 1}, {1, 0, 0}, {1, 1, 1}, {0, 0, 0}}, []uint8{1, 0, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Project([]int{2, 0}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 2 || p.NumFeatures() != 2 || p.Schema().Features[0].Name != "c" || p.Domain(1) != 3 {
		t.Fatalf("Project: %d rows, %d features, schema %+v", p.Len(), p.NumFeatures(), p.Schema())
	}
	want := [][]uint8{{1, 1}, {1, 2}} // rows 2 and 0, features c then b
	for r := range want {
		if got := p.Row(r, nil); !slices.Equal(got, want[r]) || p.Label(r) != 1 {
			t.Errorf("row %d = %v class %d; want %v class 1", r, got, p.Label(r), want[r])
		}
	}
	if p.ClassCounts(p.All())[1] != 2 || p.ValueRows(1, 2).Count() != 1 {
		t.Error("the projection's bitsets do not match its rows")
	}
	if _, err := d.Project([]int{4}, []int{0}); err == nil {
		t.Error("a row outside the dataset was projected")
	}
}
