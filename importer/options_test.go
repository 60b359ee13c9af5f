package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func TestOptionsValidate(t *testing.T) {
	ok := Options{Class: "c"}
	cases := []struct {
		name string
		edit func(*Options)
		key  string
		msg  string
	}{
		{"defaults", func(*Options) {}, "", ""},
		{"full", func(o *Options) {
			*o = Options{Class: "c", Drop: []string{"a"}, Nominal: []string{"b"}, Format: FormatCSV, Names: []string{"a", "b", "c"},
				Delimiter: ";", Quote: "'", MissingMarker: "NA", Discretize: Discretization{EqualWidth, 63}, Missing: MissingDrop}
		}, "", ""},
		{"no class", func(o *Options) { o.Class = "" }, "class", "must name the class column"},
		{"drop twice", func(o *Options) { o.Drop = []string{"a", "a"} }, "drop", `lists "a" twice`},
		{"drop empty", func(o *Options) { o.Drop = []string{""} }, "drop", "empty name"},
		{"drop class", func(o *Options) { o.Drop = []string{"c"} }, "drop", `lists the class column "c"`},
		{"nominal twice", func(o *Options) { o.Nominal = []string{"b", "b"} }, "nominal", "twice"},
		{"format", func(o *Options) { o.Format = "xlsx" }, "format", `got "xlsx"`},
		{"header and names", func(o *Options) { o.Header, o.Names = true, []string{"a"} }, "header", "only one of"},
		{"names and file", func(o *Options) { o.NamesFile, o.Names = "x.names", []string{"a"} }, "header", "only one of"},
		{"names twice", func(o *Options) { o.Names = []string{"a", "a"} }, "names", "twice"},
		{"csv option on arff", func(o *Options) { o.Format, o.Delimiter = FormatARFF, ";" }, "delimiter", "applies to CSV"},
		{"names on parquet", func(o *Options) { o.Format, o.NamesFile = FormatParquet, "x" }, "names_file", "applies to CSV"},
		{"delimiter long", func(o *Options) { o.Delimiter = ";;" }, "delimiter", "one ASCII character"},
		{"delimiter newline", func(o *Options) { o.Delimiter = "\n" }, "delimiter", "one ASCII character"},
		{"delimiter unicode", func(o *Options) { o.Delimiter = "§" }, "delimiter", "one ASCII character"},
		{"quote is delimiter", func(o *Options) { o.Quote = "," }, "quote", "the delimiter"},
		{"quote blank", func(o *Options) { o.Quote = " " }, "quote", "a blank"},
		{"marker with delimiter", func(o *Options) { o.MissingMarker = "a,b" }, "missing_marker", "the delimiter"},
		{"method", func(o *Options) { o.Discretize.Method = "kmeans" }, "discretize.method", `got "kmeans"`},
		{"bins negative", func(o *Options) { o.Discretize.Bins = -1 }, "discretize.bins", "must be in 1..63, got -1"},
		{"bins too many", func(o *Options) { o.Discretize.Bins = 64 }, "discretize.bins", "got 64"},
		{"missing", func(o *Options) { o.Missing = "impute" }, "missing", `got "impute"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := ok
			tc.edit(&o)
			err := o.Validate()
			if tc.key == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Key != tc.key || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Validate = %v; want an *input.Error for key %s containing %q", err, tc.key, tc.msg)
			}
		})
	}
}

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"a/b.csv", FormatCSV}, {"b.CSV.GZ", FormatCSV}, {"crx.data", FormatCSV}, {"crx.data.gz", FormatCSV},
		{"vote.arff", FormatARFF}, {"vote.Arff.gz", FormatARFF}, {"t.parquet", FormatParquet}, {"t.parquet.gz", FormatParquet},
		{"t.txt", ""}, {"t.gz", ""}, {"noext", ""},
	} {
		got, err := FormatOf(tc.path)
		if got != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("FormatOf(%q) = %q, %v; want %q", tc.path, got, err, tc.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Nominal: "nominal", String: "string", Boolean: "boolean", Text: "text",
		Numeric: "numeric", Date: "date", Kind(9): "kind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q; want %q", k, got, want)
		}
	}
}
