package importer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// Formats Read knows, as Options.Format spells them.
const (
	FormatCSV     = "csv"
	FormatARFF    = "arff"
	FormatParquet = "parquet"
	// FormatWhitespace is CSV whose fields are separated by runs of
	// blanks (spaces, tabs), with blanks at either end of a line ignored:
	// UCI's thyroid files as Turney used them (ann-train.data). The CSV
	// options apply but delimiter; quote encloses a field holding blanks.
	FormatWhitespace = "whitespace"
)

// Discretization methods, as Discretization.Method spells them.
const (
	EqualFrequency = "equal-frequency" // Weka's Discretize -F: bins of about equal counts
	EqualWidth     = "equal-width"     // Weka's Discretize default: bins of equal width
	// NoDiscretization keeps numeric and date columns numeric
	// (dataset.Attribute.Numeric: float64, dates in milliseconds since
	// 1970 as Weka holds them), for learners that split on numbers.
	NoDiscretization = "none"
)

// Missing-value policies, as Options.Missing spells them.
const (
	MissingCategory = "category" // a missing value is a value of its own, labelled "?"
	MissingDrop     = "drop"     // drop every row with a missing value in a kept column
	// MissingKeep keeps a missing value missing, as Weka's "?": a
	// nominal column's code is dataset.MissingCode (no "?" value is
	// added to its domain), a numeric column's value NaN.
	MissingKeep = "keep"
)

// Defaults for the zero values of Options.
const (
	DefaultBins          = 5
	DefaultDelimiter     = ","
	DefaultQuote         = `"`
	DefaultMissingMarker = "?"
	// NoQuote as Options.Quote turns quoting off: every field is read as
	// it stands, quote characters included.
	NoQuote = "none"
)

// MaxBins is the most bins a numeric column may be cut into: with the
// missing category the domain is then dataset.MaxValues.
const MaxBins = dataset.MaxValues - 1

// Options says how Read turns a file into a nominal dataset. The zero
// value of every field but Class means its default. Keys in errors are the
// mapstructure names below (discretize.bins for Discretize.Bins).
type Options struct {
	// Class names the class column (required). It is never discretized:
	// its labels are its declared values (ARFF nominal, Parquet boolean)
	// or its distinct values as written, in order of first appearance —
	// in ascending numeric order when they are all numbers (heart-disease's
	// num 0..4), as Weka's NumericToNominal orders them.
	Class string `mapstructure:"class"`
	// ClassMap recodes the class: each class value as written gets the
	// label of the first rule whose regular expression matches it (Go
	// RE2 syntax, unanchored), and the class labels are the rules' labels
	// in rule order. A value no rule matches is an error naming it.
	// Thyroid0387's diagnosis "-[840801013]" becomes negative with
	// [{match: "^-", label: negative}, {match: ".", label: positive}].
	ClassMap []ClassRule `mapstructure:"class_map"`
	// Drop names columns to leave out; an unknown name is an error.
	Drop []string `mapstructure:"drop"`
	// Nominal names columns to read as nominal even when every value is a
	// number (numeric codes such as hepatitis' 1 = no, 2 = yes); their
	// labels are the values as written (Parquet numbers in decimal, dates
	// in RFC 3339), in ascending numeric order. An unknown name is an
	// error.
	Nominal []string `mapstructure:"nominal"`
	// Format is csv, whitespace, arff or parquet; "" takes it from the
	// file name: .csv and .data are CSV, .arff ARFF, .parquet Parquet,
	// each optionally followed by .gz; a .data file without a delimiter
	// option whose first record has no comma and blanks between values
	// is read as whitespace.
	Format string `mapstructure:"format"`

	// CSV and whitespace only.

	// Header says the first row names the columns. Without it the names
	// come from Names or NamesFile (exactly one of them).
	Header bool `mapstructure:"header"`
	// Names are the column names of a headerless CSV, in file order.
	Names []string `mapstructure:"names"`
	// NamesFile is a UCI .names file listing the column names of a
	// headerless CSV, class included (see ParseNames).
	NamesFile string `mapstructure:"names_file"`
	// Delimiter separates fields: one ASCII character, default ","
	// (CSV only: whitespace fields are separated by blanks).
	Delimiter string `mapstructure:"delimiter"`
	// Quote encloses fields that hold delimiters, line ends or blanks at
	// either end: one ASCII character, default `"`, doubled inside a
	// quoted field to stand for itself; NoQuote ("none") turns quoting off.
	Quote string `mapstructure:"quote"`
	// MissingMarker is the unquoted field text that means a missing value,
	// default "?". An empty unquoted field is missing too.
	MissingMarker string `mapstructure:"missing_marker"`

	// All formats.

	// Discretize says how numeric (and date) columns are cut into bins.
	Discretize Discretization `mapstructure:"discretize"`
	// Missing is MissingCategory (the default), MissingDrop or
	// MissingKeep. A numeric column kept numeric (NoDiscretization) has
	// no category to put a missing value in: with MissingCategory, such a
	// column with a missing value among the kept rows is an error.
	Missing string `mapstructure:"missing"`

	// sniffBlanks lets the CSV reader switch to whitespace: set by Read
	// when the format and the delimiter come from no option.
	sniffBlanks bool
}

// ClassRule is one rule of Options.ClassMap.
type ClassRule struct {
	Match string `mapstructure:"match"` // a regular expression
	Label string `mapstructure:"label"` // the class label of the values it matches
}

// Discretization says how numeric columns become nominal ones.
type Discretization struct {
	// Method is EqualFrequency (the default), EqualWidth or
	// NoDiscretization (Bins then has no effect).
	Method string `mapstructure:"method"`
	// Bins is the number of bins, 1..MaxBins, default 5. A column may get
	// fewer: equal-frequency bins never split a run of equal values, and
	// a constant column has one bin.
	Bins int `mapstructure:"bins"`
}

// SetScalar lets a config give the section as its method alone:
// discretize: none is discretize: {method: none} (see decode.Scalar).
func (d *Discretization) SetScalar(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("want %s, %s, %s or a section {method, bins}, got %v", EqualFrequency, EqualWidth, NoDiscretization, v)
	}
	d.Method = s
	return nil
}

// Numeric reports whether d keeps numeric columns numeric.
func (d Discretization) Numeric() bool { return d.Method == NoDiscretization }

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	if o.Delimiter == "" {
		o.Delimiter = DefaultDelimiter
	}
	if o.Quote == "" {
		o.Quote = DefaultQuote
	}
	if o.MissingMarker == "" {
		o.MissingMarker = DefaultMissingMarker
	}
	if o.Discretize.Method == "" {
		o.Discretize.Method = EqualFrequency
	}
	if o.Discretize.Bins == 0 {
		o.Discretize.Bins = DefaultBins
	}
	if o.Missing == "" {
		o.Missing = MissingCategory
	}
	return o
}

// Validate checks the options on their own, before any file is read:
// ranges, spellings, and CSV options given for another format. Errors are
// *input.Error values naming the key.
func (o Options) Validate() error {
	if o.Class == "" {
		return input.Keyf("class", "must name the class column")
	}
	if err := distinctNames("drop", o.Drop); err != nil {
		return err
	}
	if slices.Contains(o.Drop, o.Class) {
		return input.Keyf("drop", "lists the class column %q", o.Class)
	}
	if err := distinctNames("nominal", o.Nominal); err != nil {
		return err
	}
	for i, r := range o.ClassMap {
		key := fmt.Sprintf("class_map[%d]", i)
		if r.Match == "" {
			return input.Keyf(key+".match", "required: a regular expression (\".\" matches every value)")
		}
		if _, err := regexp.Compile(r.Match); err != nil {
			return input.Keyf(key+".match", "%q is not a regular expression: %v", r.Match, err)
		}
		if r.Label == "" {
			return input.Keyf(key+".label", "required: the class label")
		}
	}
	switch o.Format {
	case "", FormatCSV, FormatWhitespace, FormatARFF, FormatParquet:
	default:
		return input.Keyf("format", "must be %s, %s, %s or %s, got %q", FormatCSV, FormatWhitespace, FormatARFF, FormatParquet, o.Format)
	}
	if err := o.validateCSV(); err != nil {
		return err
	}
	d := o.withDefaults().Discretize
	if d.Method != EqualFrequency && d.Method != EqualWidth && d.Method != NoDiscretization {
		return input.Keyf("discretize.method", "must be %s, %s or %s, got %q", EqualFrequency, EqualWidth, NoDiscretization, d.Method)
	}
	if err := CheckBins("discretize.bins", d.Bins); err != nil {
		return err
	}
	if m := o.withDefaults().Missing; m != MissingCategory && m != MissingDrop && m != MissingKeep {
		return input.Keyf("missing", "must be %s, %s or %s, got %q", MissingCategory, MissingDrop, MissingKeep, m)
	}
	return nil
}

// CheckBins checks a number of bins as a config key or flag (named key)
// gives it: 1..MaxBins. There 0 is a value like any other, refused, not
// "the default": the zero value of Options.Discretize.Bins means
// DefaultBins for Go callers only, the config and the flags having their
// own defaults.
func CheckBins(key string, bins int) error {
	if bins < 1 || bins > MaxBins {
		return input.Keyf(key, "must be in 1..%d, got %d", MaxBins, bins)
	}
	return nil
}

// validateCSV checks the CSV-only options.
func (o Options) validateCSV() error {
	if o.Format == FormatWhitespace && o.Delimiter != "" {
		return input.Keyf("delimiter", "applies to format %s only: %s fields are separated by blanks", FormatCSV, FormatWhitespace)
	}
	if o.Format != "" && o.Format != FormatCSV && o.Format != FormatWhitespace {
		for _, k := range []struct {
			key string
			set bool
		}{
			{"header", o.Header}, {"names", o.Names != nil}, {"names_file", o.NamesFile != ""},
			{"delimiter", o.Delimiter != ""}, {"quote", o.Quote != ""}, {"missing_marker", o.MissingMarker != ""},
		} {
			if k.set {
				return input.Keyf(k.key, "applies to CSV and whitespace only, not format %s", o.Format)
			}
		}
	}
	sources := 0
	for _, set := range []bool{o.Header, o.Names != nil, o.NamesFile != ""} {
		if set {
			sources++
		}
	}
	if sources > 1 {
		return input.Keyf("header", "give only one of header, names and names_file")
	}
	if err := distinctNames("names", o.Names); err != nil {
		return err
	}
	o = o.withDefaults()
	if !isFieldChar(o.Delimiter) {
		return input.Keyf("delimiter", "must be one ASCII character other than a line end, got %q", o.Delimiter)
	}
	if o.Quote != NoQuote && (!isFieldChar(o.Quote) || o.Quote == o.Delimiter || o.Quote == " " || o.Quote == "\t") {
		return input.Keyf("quote", "must be one ASCII character other than a line end, a blank or the delimiter, or %q, got %q", NoQuote, o.Quote)
	}
	if strings.ContainsAny(o.MissingMarker, "\r\n"+o.Delimiter) {
		return input.Keyf("missing_marker", "must not hold a line end or the delimiter, got %q", o.MissingMarker)
	}
	return nil
}

// isFieldChar reports whether s is one ASCII character that may separate
// or enclose CSV fields.
func isFieldChar(s string) bool {
	return len(s) == 1 && s[0] < 0x80 && s[0] != '\r' && s[0] != '\n' && s[0] != 0
}

// distinctNames checks that a list of column names has no empty or
// repeated entry.
func distinctNames(key string, names []string) error {
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if n == "" {
			return input.Keyf(key, "lists an empty name")
		}
		if seen[n] {
			return input.Keyf(key, "lists %q twice", n)
		}
		seen[n] = true
	}
	return nil
}
