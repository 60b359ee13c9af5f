package importer

import "strconv"

// Kind is what a column held in the file, before it became nominal.
type Kind uint8

// Column kinds. Nominal, String, Boolean and Text columns become nominal
// as they are; Numeric and Date columns are discretized, or kept numeric
// under discretize: none.
const (
	Nominal Kind = iota // declared values: an ARFF {a, b, …} attribute
	String              // an ARFF string or Parquet byte-array column: its distinct values
	Boolean             // a Parquet boolean column: values false and true
	Text                // CSV text that is not all numbers: its distinct values
	Numeric             // numbers: ARFF numeric/real/integer, Parquet ints and floats, CSV numbers
	Date                // an ARFF date, or a Parquet DATE or TIMESTAMP: milliseconds since 1970 (UTC)
)

var kindNames = [...]string{"nominal", "string", "boolean", "text", "numeric", "date"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// discretized reports whether columns of kind k are cut into bins.
func (k Kind) discretized() bool { return k == Numeric || k == Date }

// Report says what Read did to the file.
type Report struct {
	File   string // the path read; ReadFiles' paths joined by " + "
	Format string // csv, whitespace, arff or parquet
	// Compression is how the file was compressed: "", Gzip or Compress
	// (MixedCompression for files of ReadFiles compressed differently).
	Compression string

	// Files are the files read, in order, with their rows: one for Read,
	// one per path for ReadFiles.
	Files []FileRows

	Rows           int // data rows in the file (in all the files)
	DroppedClass   int // rows dropped because their class was missing (always done)
	DroppedMissing int // rows dropped for a missing value in a kept column (Missing: drop)
	// Missing is the policy applied to missing values: MissingCategory,
	// MissingDrop or MissingKeep (they stay missing in the dataset).
	Missing string

	DroppedColumns []string // the columns Options.Drop removed, in file order
	Class          Column   // the class column
	Features       []Column // one per feature, in dataset order
}

// FileRows is one file of a Report and its data rows.
type FileRows struct {
	File string
	Rows int
}

// Kept returns the number of rows in the dataset.
func (r Report) Kept() int { return r.Rows - r.DroppedClass - r.DroppedMissing }

// Column reports how one column was read.
type Column struct {
	Name string
	// Kind is what the file held. A Numeric or Date column named in
	// Options.Nominal, and the class, keep their kind here but were read
	// as nominal: Cuts is nil and Discretized false.
	Kind Kind
	// Discretized says the column was cut into bins at Cuts.
	Discretized bool
	// Numeric says the column was kept as numbers (discretize: none): a
	// numeric attribute, NaN where missing; Date columns in milliseconds
	// since 1970.
	Numeric bool
	// Missing counts missing values in the kept rows.
	Missing int
	// Cuts are the cut points, ascending: value v falls in bin j, the
	// first with v <= Cuts[j], or in the last bin when v > every cut.
	// Nil for a discretized column with one bin. Date cuts are in
	// milliseconds since 1970-01-01T00:00:00Z.
	Cuts []float64
}
