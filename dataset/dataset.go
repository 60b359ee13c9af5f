package dataset

import (
	"cmp"
	"errors"
	"fmt"
)

// MaxValues is the largest domain a feature or the class may have: a set of
// values must fit one uint64 mask.
const MaxValues = 64

// Attribute names a feature or the class and labels its codes:
// Values[v] is the label of code v, and len(Values) is the domain size.
type Attribute struct {
	Name   string
	Values []string
}

// Schema describes the columns of a dataset: its features and its class.
type Schema struct {
	Features []Attribute
	Class    Attribute
}

// Domains returns the domain size of every feature.
func (s Schema) Domains() []int {
	d := make([]int, len(s.Features))
	for i, f := range s.Features {
		d[i] = len(f.Values)
	}
	return d
}

// Validate checks that every feature and the class have 1..MaxValues values.
// A one-class schema is allowed (a fold or a filtered file may have one);
// studies that need two classes check that themselves.
func (s Schema) Validate() error {
	for i, f := range s.Features {
		if len(f.Values) < 1 || len(f.Values) > MaxValues {
			return fmt.Errorf("feature %d (%s): domain size %d outside 1..%d", i, f.Name, len(f.Values), MaxValues)
		}
	}
	if len(s.Class.Values) < 1 || len(s.Class.Values) > MaxValues {
		return fmt.Errorf("class %s: %d values outside 1..%d", s.Class.Name, len(s.Class.Values), MaxValues)
	}
	return nil
}

// Dataset is a nominal, column-major dataset with per-(feature, value) and
// per-class row bitsets. It is immutable once built.
type Dataset struct {
	schema  Schema
	rows    int
	cols    [][]uint8  // cols[f][row]
	labels  []uint8    // labels[row]
	valBits [][]Bitset // valBits[f][v]: rows with feature f = v
	clsBits []Bitset   // clsBits[c]: rows with class c
	all     Bitset
}

// New builds a dataset from columns (cols[f][row]) and labels. It takes
// ownership of the slices and checks every code against the schema.
func New(schema Schema, cols [][]uint8, labels []uint8) (*Dataset, error) {
	if err := schema.Validate(); err != nil {
		return nil, err
	}
	if len(cols) != len(schema.Features) {
		return nil, fmt.Errorf("dataset: %d columns for %d features", len(cols), len(schema.Features))
	}
	n := len(labels)
	d := &Dataset{schema: schema, rows: n, cols: cols, labels: labels}
	d.valBits = make([][]Bitset, len(cols))
	for f, col := range cols {
		if len(col) != n {
			return nil, fmt.Errorf("dataset: column %s has %d rows, want %d", schema.Features[f].Name, len(col), n)
		}
		z := len(schema.Features[f].Values)
		d.valBits[f] = make([]Bitset, z)
		words := make([]uint64, z*((n+63)/64))
		for v := range z {
			d.valBits[f][v] = Bitset(words[v*((n+63)/64) : (v+1)*((n+63)/64)])
		}
		for r, v := range col {
			if int(v) >= z {
				return nil, fmt.Errorf("dataset: row %d feature %s: code %d outside domain of %d", r, schema.Features[f].Name, v, z)
			}
			d.valBits[f][v].Set(r)
		}
	}
	k := len(schema.Class.Values)
	d.clsBits = make([]Bitset, k)
	for c := range k {
		d.clsBits[c] = NewBitset(n)
	}
	for r, c := range labels {
		if int(c) >= k {
			return nil, fmt.Errorf("dataset: row %d: class code %d outside %d classes", r, c, k)
		}
		d.clsBits[c].Set(r)
	}
	d.all = FullBitset(n)
	return d, nil
}

// FromRows builds a dataset from row-major inputs x[row][f] and labels y.
func FromRows(schema Schema, x [][]uint8, y []uint8) (*Dataset, error) {
	if len(x) != len(y) {
		return nil, errors.New("dataset: inputs and labels differ in length")
	}
	cols := make([][]uint8, len(schema.Features))
	for f := range cols {
		cols[f] = make([]uint8, len(x))
	}
	for r, row := range x {
		if len(row) != len(cols) {
			return nil, fmt.Errorf("dataset: row %d has %d values, want %d", r, len(row), len(cols))
		}
		for f, v := range row {
			cols[f][r] = v
		}
	}
	return New(schema, cols, append([]uint8(nil), y...))
}

// Schema returns the feature and class descriptions.
func (d *Dataset) Schema() Schema { return d.schema }

// Len returns the number of rows.
func (d *Dataset) Len() int { return d.rows }

// NumFeatures returns the number of features.
func (d *Dataset) NumFeatures() int { return len(d.cols) }

// Domain returns the number of values of feature f.
func (d *Dataset) Domain(f int) int { return len(d.schema.Features[f].Values) }

// Domains returns the domain size of every feature.
func (d *Dataset) Domains() []int { return d.schema.Domains() }

// Classes returns the number of classes.
func (d *Dataset) Classes() int { return len(d.schema.Class.Values) }

// Column returns feature f's codes, one per row. Callers must not modify it.
func (d *Dataset) Column(f int) []uint8 { return d.cols[f] }

// Labels returns the class code of every row. Callers must not modify it.
func (d *Dataset) Labels() []uint8 { return d.labels }

// Value returns the code of feature f in row r.
func (d *Dataset) Value(f, r int) uint8 { return d.cols[f][r] }

// Label returns the class code of row r.
func (d *Dataset) Label(r int) uint8 { return d.labels[r] }

// Row copies row r's feature codes into dst (grown as needed) and returns it.
func (d *Dataset) Row(r int, dst []uint8) []uint8 {
	dst = dst[:0]
	for _, col := range d.cols {
		dst = append(dst, col[r])
	}
	return dst
}

// ValueRows returns the rows where feature f has value v. Callers must not modify it.
func (d *Dataset) ValueRows(f, v int) Bitset { return d.valBits[f][v] }

// ClassRows returns the rows of class c. Callers must not modify it.
func (d *Dataset) ClassRows(c int) Bitset { return d.clsBits[c] }

// All returns the set of every row. Callers must not modify it.
func (d *Dataset) All() Bitset { return d.all }

// ClassCounts returns, for each class, how many rows of the set carry it.
func (d *Dataset) ClassCounts(rows Bitset) []int {
	out := make([]int, d.Classes())
	for c := range out {
		out[c] = AndCount(rows, d.clsBits[c])
	}
	return out
}

// Majority returns the most frequent class among rows, ties to the lowest code;
// with no rows it returns 0.
func (d *Dataset) Majority(rows Bitset) int {
	return ArgMax(d.ClassCounts(rows))
}

// ArgMax returns the index of the largest value (a count, a probability,
// a score), ties to the lowest index, as Weka's Utils.maxIndex breaks
// them; 0 for an empty slice.
func ArgMax[T cmp.Ordered](values []T) int {
	best := 0
	for i, v := range values {
		if v > values[best] {
			best = i
		}
	}
	return best
}
