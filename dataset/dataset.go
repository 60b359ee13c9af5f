package dataset

import (
	"cmp"
	"errors"
	"fmt"
	"math"
)

// MaxValues is the largest domain a feature or the class may have: a set of
// values must fit one uint64 mask.
const MaxValues = 64

// MissingCode is the code a missing nominal value has in Column(f) and
// Row: no domain reaches it (MaxValues is far below), so a learner that
// indexes a table by code without checking Missing(f) fails loudly
// rather than reading a missing value as code 0.
const MissingCode uint8 = 255

// Attribute names a feature or the class. A nominal attribute labels its
// codes: Values[v] is the label of code v, and len(Values) is the domain
// size. A numeric attribute (Numeric, a feature only) has no values: its
// column holds float64 numbers, NaN where missing.
type Attribute struct {
	Name    string
	Values  []string
	Numeric bool
}

// Schema describes the columns of a dataset: its features and its class.
type Schema struct {
	Features []Attribute
	Class    Attribute
	// FeaturesAfterClass is how many of the features followed the class in
	// the source's column order: 0 when the class was the last column
	// (Weka's default), len(Features) when it was the first (Weka's -c 1).
	// Learners ported from Weka that depend on the class's place among the
	// attributes read it (SimpleCart's choice between a split of no gain
	// and the class; the text of an instance that seeds RandomTree's
	// generator).
	FeaturesAfterClass int
}

// ClassPosition is the class's place among the source's columns, the
// features in order around it: len(Features) when it came last.
func (s Schema) ClassPosition() int { return len(s.Features) - s.FeaturesAfterClass }

// Domains returns the domain size of every feature (0 for a numeric one).
func (s Schema) Domains() []int {
	d := make([]int, len(s.Features))
	for i, f := range s.Features {
		d[i] = len(f.Values)
	}
	return d
}

// Validate checks that every nominal feature and the class have
// 1..MaxValues values, that a numeric feature has none, and that the class
// is nominal. A one-class schema is allowed (a fold or a filtered file may
// have one); studies that need two classes check that themselves.
func (s Schema) Validate() error {
	for i, f := range s.Features {
		if f.Numeric {
			if len(f.Values) != 0 {
				return fmt.Errorf("feature %d (%s): a numeric feature has no values, got %d", i, f.Name, len(f.Values))
			}
			continue
		}
		if len(f.Values) < 1 || len(f.Values) > MaxValues {
			return fmt.Errorf("feature %d (%s): domain size %d outside 1..%d", i, f.Name, len(f.Values), MaxValues)
		}
	}
	if s.FeaturesAfterClass < 0 || s.FeaturesAfterClass > len(s.Features) {
		return fmt.Errorf("class %s: %d features after it, of %d", s.Class.Name, s.FeaturesAfterClass, len(s.Features))
	}
	if s.Class.Numeric {
		return fmt.Errorf("class %s: the class must be nominal", s.Class.Name)
	}
	if len(s.Class.Values) < 1 || len(s.Class.Values) > MaxValues {
		return fmt.Errorf("class %s: %d values outside 1..%d", s.Class.Name, len(s.Class.Values), MaxValues)
	}
	return nil
}

// Dataset is a column-major dataset of nominal and numeric features with
// per-(feature, value) and per-class row bitsets and, per feature that has
// any, a bitset of its missing rows. It is immutable once built.
type Dataset struct {
	schema  Schema
	rows    int
	cols    [][]uint8   // cols[f][row], a nominal feature's codes (MissingCode where missing); nil for a numeric one
	nums    [][]float64 // nums[f][row], a numeric feature's values (NaN where missing); nil for a nominal one
	labels  []uint8     // labels[row]
	valBits [][]Bitset  // valBits[f][v]: rows with feature f = v (none for a numeric feature)
	miss    []Bitset    // miss[f]: rows where feature f is missing; nil when none is
	clsBits []Bitset    // clsBits[c]: rows with class c
	all     Bitset
	numeric bool // some feature is numeric
	missing bool // some feature has a missing value
}

// New builds a nominal dataset from columns (cols[f][row]) and labels. It
// takes ownership of the slices and checks every code against the schema;
// MissingCode marks a missing value. A schema with numeric features needs
// NewMixed.
func New(schema Schema, cols [][]uint8, labels []uint8) (*Dataset, error) {
	return NewMixed(schema, cols, nil, labels)
}

// NewMixed builds a dataset whose nominal features take their codes from
// cols[f] (MissingCode = missing) and whose numeric features
// (schema.Features[f].Numeric) take their values from nums[f] (NaN =
// missing; ±Inf is refused). For a numeric feature cols[f] must be nil,
// for a nominal one nums[f]; nums may be nil when no feature is numeric.
// It takes ownership of the slices.
func NewMixed(schema Schema, cols [][]uint8, nums [][]float64, labels []uint8) (*Dataset, error) {
	if err := schema.Validate(); err != nil {
		return nil, err
	}
	if len(cols) != len(schema.Features) {
		return nil, fmt.Errorf("dataset: %d columns for %d features", len(cols), len(schema.Features))
	}
	if nums != nil && len(nums) != len(schema.Features) {
		return nil, fmt.Errorf("dataset: %d numeric columns for %d features", len(nums), len(schema.Features))
	}
	n := len(labels)
	words := (n + 63) / 64
	d := &Dataset{schema: schema, rows: n, cols: cols, labels: labels}
	d.valBits = make([][]Bitset, len(cols))
	d.miss = make([]Bitset, len(cols))
	for f, col := range cols {
		a := schema.Features[f]
		if a.Numeric {
			if col != nil {
				return nil, fmt.Errorf("dataset: numeric feature %s has codes", a.Name)
			}
			if nums == nil || len(nums[f]) != n {
				got := 0
				if nums != nil {
					got = len(nums[f])
				}
				return nil, fmt.Errorf("dataset: numeric column %s has %d rows, want %d", a.Name, got, n)
			}
			if d.nums == nil {
				d.nums = make([][]float64, len(cols))
			}
			d.nums[f] = nums[f]
			d.numeric = true
			for r, x := range nums[f] {
				switch {
				case math.IsNaN(x):
					d.markMissing(f, r, words)
				case math.IsInf(x, 0):
					return nil, fmt.Errorf("dataset: row %d feature %s: value %v is not finite", r, a.Name, x)
				}
			}
			continue
		}
		if nums != nil && nums[f] != nil {
			return nil, fmt.Errorf("dataset: nominal feature %s has numbers", a.Name)
		}
		if len(col) != n {
			return nil, fmt.Errorf("dataset: column %s has %d rows, want %d", a.Name, len(col), n)
		}
		z := len(a.Values)
		d.valBits[f] = make([]Bitset, z)
		buf := make([]uint64, z*words)
		for v := range z {
			d.valBits[f][v] = Bitset(buf[v*words : (v+1)*words])
		}
		if setCodeBits(col, d.valBits[f]) {
			continue
		}
		for r, v := range col { // a missing value or a code outside the domain
			if v == MissingCode {
				d.markMissing(f, r, words)
				continue
			}
			if int(v) >= z {
				return nil, fmt.Errorf("dataset: row %d feature %s: code %d outside domain of %d", r, a.Name, v, z)
			}
			d.valBits[f][v].Set(r)
		}
	}
	k := len(schema.Class.Values)
	d.clsBits = make([]Bitset, k)
	buf := make([]uint64, k*words)
	for c := range k {
		d.clsBits[c] = Bitset(buf[c*words : (c+1)*words : (c+1)*words])
	}
	if !setCodeBits(labels, d.clsBits) {
		for r, c := range labels {
			if int(c) >= k {
				return nil, fmt.Errorf("dataset: row %d: class code %d outside %d classes", r, c, k)
			}
		}
	}
	d.all = FullBitset(n)
	return d, nil
}

// markMissing records that feature f is missing in row r.
func (d *Dataset) markMissing(f, r, words int) {
	if d.miss[f] == nil {
		d.miss[f] = Bitset(make([]uint64, words))
	}
	d.miss[f].Set(r)
	d.missing = true
}

// setCodeBits sets bit r of bits[codes[r]] for every row r, into bits
// that are all clear, and reports true, when every code is below
// len(bits) (at most MaxValues); otherwise it sets nothing and reports
// false, and the caller reads the codes one by one (a missing value, or a
// code outside the domain). The words are built 64 rows at a time, in a
// register for two values (a binary feature or class), in a small array
// for more, and written once, rather than a row at a time in the sets:
// building a random forest's bootstrap samples spent most of their time
// here.
func setCodeBits(codes []uint8, bits []Bitset) bool {
	switch {
	case len(bits) == 0:
		return len(codes) == 0
	case len(bits) > MaxValues:
		return false
	case len(bits) != 2:
		var acc [MaxValues]uint64
		z := uint8(len(bits))
		for w := range bits[0] {
			block := codes[w*64 : min(w*64+64, len(codes))]
			for i, v := range block {
				if v >= z {
					for _, b := range bits {
						clear(b)
					}
					return false
				}
				acc[v&(MaxValues-1)] |= 1 << uint(i)
			}
			for v, b := range bits {
				b[w], acc[v] = acc[v], 0
			}
		}
		return true
	}
	var seen uint8 // every code ORed: above 1 when one is not 0 or 1
	for w := range bits[1] {
		block := codes[w*64 : min(w*64+64, len(codes))]
		var ones uint64
		for i, v := range block {
			ones |= uint64(v) << uint(i)
			seen |= v
		}
		bits[1][w] = ones
		bits[0][w] = ^ones & (^uint64(0) >> uint(64-len(block)))
	}
	if seen > 1 {
		clear(bits[0])
		clear(bits[1])
		return false
	}
	return true
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

// Domain returns the number of values of feature f (0 for a numeric one).
func (d *Dataset) Domain(f int) int { return len(d.schema.Features[f].Values) }

// IsNumeric reports whether feature f is numeric.
func (d *Dataset) IsNumeric(f int) bool { return d.schema.Features[f].Numeric }

// HasNumeric reports whether some feature is numeric.
func (d *Dataset) HasNumeric() bool { return d.numeric }

// HasMissing reports whether some feature has a missing value.
func (d *Dataset) HasMissing() bool { return d.missing }

// Numbers returns numeric feature f's values, one per row, NaN where
// missing; nil for a nominal feature. Callers must not modify it.
func (d *Dataset) Numbers(f int) []float64 {
	if d.nums == nil {
		return nil
	}
	return d.nums[f]
}

// Missing returns the rows where feature f is missing, nil when it never
// is. Callers must not modify it.
func (d *Dataset) Missing(f int) Bitset { return d.miss[f] }

// Values writes row r as Weka writes an instance, one float64 per feature,
// into dst (grown as needed) and returns it: a nominal feature's code, a
// numeric feature's value, NaN where missing. It is the input of the
// models that take numbers (ValuesModel in stages/train).
func (d *Dataset) Values(r int, dst []float64) []float64 {
	dst = dst[:0]
	for f, col := range d.cols {
		switch {
		case col == nil:
			dst = append(dst, d.nums[f][r])
		case col[r] == MissingCode:
			dst = append(dst, math.NaN())
		default:
			dst = append(dst, float64(col[r]))
		}
	}
	return dst
}

// Domains returns the domain size of every feature.
func (d *Dataset) Domains() []int { return d.schema.Domains() }

// CodesAsValues writes a row of nominal codes as Values writes an
// instance: each code as a float64, MissingCode as NaN. It is how a model
// that reads instances answers a row given as codes.
func CodesAsValues(x []uint8) []float64 {
	out := make([]float64, len(x))
	for f, v := range x {
		out[f] = float64(v)
		if v == MissingCode {
			out[f] = math.NaN()
		}
	}
	return out
}

// Classes returns the number of classes.
func (d *Dataset) Classes() int { return len(d.schema.Class.Values) }

// Column returns nominal feature f's codes, one per row (MissingCode where
// missing); nil for a numeric feature. Callers must not modify it.
func (d *Dataset) Column(f int) []uint8 { return d.cols[f] }

// Labels returns the class code of every row. Callers must not modify it.
func (d *Dataset) Labels() []uint8 { return d.labels }

// Value returns the code of feature f in row r.
func (d *Dataset) Value(f, r int) uint8 { return d.cols[f][r] }

// Label returns the class code of row r.
func (d *Dataset) Label(r int) uint8 { return d.labels[r] }

// Row copies row r's feature codes into dst (grown as needed) and returns
// it. It is for nominal datasets: a numeric feature has no codes (Values
// gives every kind of row), and it panics on one.
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
