package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/dtbench/dtbench/importer"
)

// TestImportWritesAndReimportsTheSameBytes imports testdata/good.csv,
// checks the summary and the dataset in the written file, then imports
// the written file and checks that it gives the same bytes.
func TestImportWritesAndReimportsTheSameBytes(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "good.parquet")
	code, _, stderr := cli(t, "import", "testdata/good.csv", "--header", "--class", "c", "--out", first)
	if code != 0 {
		t.Fatalf("import: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"6 rows, 6 kept", "class    c", "2 values: yes | no", "feature  b", "wrote " + first} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary %q lacks %q", stderr, want)
		}
	}
	d, _, err := importer.Read(first, importer.Options{Class: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schema().Features[1].Values; strings.Join(got, ",") != "y,z" || d.Len() != 6 || d.Label(1) != 1 {
		t.Errorf("written dataset: b's values %v, %d rows, row 1's class %d", got, d.Len(), d.Label(1))
	}
	second := filepath.Join(dir, "again.parquet")
	if code, _, stderr := cli(t, "import", first, "--class", "c", "--out", second); code != 0 {
		t.Fatalf("import of the output: exit %d, stderr %q", code, stderr)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if !bytes.Equal(a, b) {
		t.Errorf("importing the output gives other bytes (%d vs %d)", len(a), len(b))
	}
	// --out exists: refused without --force, replaced with it.
	if code, _, stderr := cli(t, "import", "testdata/good.csv", "--header", "--class", "c", "--out", first); code != 2 || !strings.Contains(stderr, "--force") {
		t.Errorf("existing --out: exit %d, stderr %q; want 2 and a hint at --force", code, stderr)
	}
	if code, _, stderr := cli(t, "import", "testdata/good.csv", "--header", "--class", "c", "--out", first, "--force"); code != 0 {
		t.Errorf("--force: exit %d, stderr %q", code, stderr)
	}
}

// TestImportBadInput: every bad file or flag exits 2 with the file and
// line (or flag) named, and writes nothing.
func TestImportBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string // after import; --out is added
		want []string
	}{
		{"ragged row", []string{"testdata/ragged.csv", "--header", "--class", "c"}, []string{"ragged.csv:3", "2 fields"}},
		{"header only", []string{"testdata/header-only.csv", "--header", "--class", "c"}, []string{"header-only.csv:1", "no data rows"}},
		{"empty file", []string{"testdata/empty.csv", "--header", "--class", "c"}, []string{"empty.csv", "empty file"}},
		{"one class", []string{"testdata/one-class.csv", "--header", "--class", "c"}, []string{"one-class.csv", "one value"}},
		{"ARFF syntax", []string{"testdata/bad.arff", "--class", "c"}, []string{"bad.arff:2"}},
		{"no such file", []string{"testdata/none.csv", "--header", "--class", "c"}, []string{"none.csv"}},
		{"no class column", []string{"testdata/good.csv", "--header", "--class", "k"}, []string{"good.csv", `"k"`}},
		{"no class flag", []string{"testdata/good.csv", "--header"}, []string{"class"}},
		{"unknown drop", []string{"testdata/good.csv", "--header", "--class", "c", "--drop", "zz"}, []string{"drop", "zz"}},
		{"bins out of range", []string{"testdata/good.csv", "--header", "--class", "c", "--bins", "0"}, []string{"bins"}},
		{"a bad second file", []string{"testdata/good.csv", "testdata/ragged.csv", "--header", "--class", "c"}, []string{"ragged.csv:3", "2 fields"}},
		{"no file", []string{"--class", "c"}, []string{"arguments", "got none"}},
		{"a pattern matching nothing", []string{"testdata/*.nothing", "--class", "c"}, []string{"arguments", "matches no file"}},
		{"invalid UTF-8 in a CSV", []string{"testdata/badutf8.csv", "--header", "--class", "c"}, []string{"badutf8.csv:3:6", "UTF-8"}},
		{"invalid UTF-8 in an ARFF file", []string{"testdata/badutf8.arff", "--class", "c"}, []string{"badutf8.arff:3:22", "UTF-8"}},
		{"invalid UTF-8 in a names file", []string{"testdata/headerless.data", "--names-file", "testdata/badutf8.names", "--class", "c"}, []string{"badutf8.names:8:14", "UTF-8"}},
		{"invalid UTF-8 in a Parquet string", []string{"testdata/badutf8.parquet", "--class", "c"}, []string{"badutf8.parquet", "row 2", "column b", "UTF-8"}},
		{"a password file as ARFF", []string{"testdata/passwd.txt", "--format", "arff", "--class", "c"}, []string{"passwd.txt:1:1"}},
		{"junk as CSV", []string{"testdata/junk.bin", "--format", "csv", "--header", "--class", "c"}, []string{"junk.bin:1:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.parquet")
			code, _, stderr := cli(t, append(append([]string{"import"}, tc.args...), "--out", out)...)
			if code != 2 {
				t.Fatalf("exit %d, want 2 (stderr %q)", code, stderr)
			}
			checkMessage(t, stderr, tc.want)
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("bad input wrote %v", entries)
			}
		})
	}
}

// TestImportSeveralFiles: files given one by one, or as a quoted pattern,
// import as the one file they were cut from, and the summary counts each
// file's rows.
func TestImportSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	text, err := os.ReadFile("testdata/good.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	parts := []string{lines[0] + strings.Join(lines[1:3], ""), lines[0] + strings.Join(lines[3:], "")}
	var files []string
	for i, p := range parts {
		files = append(files, filepath.Join(dir, fmt.Sprintf("part%d.csv", i+1)))
		if err := os.WriteFile(files[i], []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole := filepath.Join(dir, "whole.parquet")
	if code, _, stderr := cli(t, "import", "testdata/good.csv", "--header", "--class", "c", "--out", whole); code != 0 {
		t.Fatalf("import: exit %d, stderr %q", code, stderr)
	}
	want, _ := os.ReadFile(whole)
	for i, args := range [][]string{files, {filepath.Join(dir, "part*.csv")}} {
		out := filepath.Join(dir, fmt.Sprintf("cut%d.parquet", i))
		code, _, stderr := cli(t, append(append([]string{"import"}, args...), "--header", "--class", "c", "--out", out)...)
		if code != 0 {
			t.Fatalf("import %q: exit %d, stderr %q", args, code, stderr)
		}
		if !strings.Contains(stderr, "6 rows (2 + 4), 6 kept") {
			t.Errorf("summary %q; want it to count 2 + 4 rows", stderr)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Errorf("import %q wrote other bytes than importing good.csv", args)
		}
	}
}

// TestImportToARFF: --out FILE.arff writes the same dataset as ARFF, for
// Weka: reading it back gives the codes of the Parquet output.
func TestImportToARFF(t *testing.T) {
	dir := t.TempDir()
	pq, arff := filepath.Join(dir, "good.parquet"), filepath.Join(dir, "good.arff")
	for _, out := range []string{pq, arff} {
		if code, _, stderr := cli(t, "import", "testdata/good.csv", "--header", "--class", "c", "--out", out); code != 0 {
			t.Fatalf("import --out %s: exit %d, stderr %q", out, code, stderr)
		}
	}
	a, _, err := importer.Read(pq, importer.Options{Class: "c"})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := importer.Read(arff, importer.Options{Class: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Schema(), b.Schema()) || !slices.Equal(a.Labels(), b.Labels()) || !slices.Equal(a.Column(1), b.Column(1)) {
		t.Errorf("ARFF output reads as %v, Parquet output as %v", b.Schema(), a.Schema())
	}
}

// TestImportRoundTripsARunsDataset: importing a run's own
// datasets/imported/<name>.parquet gives the dataset the run imported,
// byte for byte what importing the source file with the run's options
// writes: the bookkeeping columns (dataset_id, row, …) are not features,
// the codes and the class are the run's.
func TestImportRoundTripsARunsDataset(t *testing.T) {
	run := toyRun(t, "benchmark")
	dir := t.TempDir()
	fromRun, fromSource := filepath.Join(dir, "from-run.parquet"), filepath.Join(dir, "from-source.parquet")
	imported := filepath.Join(run, "datasets", "imported", "toy.parquet")
	if code, _, stderr := cli(t, "import", imported, "--class", "label", "--out", fromRun); code != 0 {
		t.Fatalf("import %s: exit %d: %s", imported, code, stderr)
	}
	source := filepath.Join(filepath.Dir(filepath.Dir(run)), "toy.csv")
	if code, _, stderr := cli(t, "import", source, "--header", "--class", "label", "--out", fromSource); code != 0 {
		t.Fatalf("import %s: exit %d: %s", source, code, stderr)
	}
	a, _ := os.ReadFile(fromRun)
	b, _ := os.ReadFile(fromSource)
	if !bytes.Equal(a, b) {
		d, _, _ := importer.Read(fromRun, importer.Options{Class: "label"})
		t.Errorf("the run's dataset imports to other bytes than its source (%d vs %d); it reads as %+v", len(a), len(b), d.Schema())
	}
}

// TestImportNamesItsVersion: the Parquet files import and export write
// name the dtbench version in created_by, in the form the run tables use
// ("dtbench version X (build ...)"), which Arrow and parquet-mr parse;
// parquet-go's own option wrote "dtbench version (build )".
func TestImportNamesItsVersion(t *testing.T) {
	out := filepath.Join(t.TempDir(), "good.parquet")
	if code, _, stderr := cli(t, "import", "testdata/good.csv", "--class", "c", "--header", "--out", out); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pf.Metadata().CreatedBy, "dtbench version "+dtbenchVersion()+" (build dataset)"; got != want {
		t.Errorf("created_by %q, want %q", got, want)
	}
}

// TestImportKeepsNumbersAndMissingValues: --discretize none --missing keep
// writes the weather fixture's numbers as they are and its missing values
// as missing, to Parquet (a DOUBLE column, nulls), ARFF (numeric, ?) and
// CSV (?), says so in the summary, and each output imports again (same
// flags) as the same dataset; the Parquet output gives the same bytes.
func TestImportKeepsNumbersAndMissingValues(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "importer", "testdata", "weather.csv")
	flags := []string{"--class", "play", "--discretize", "none", "--missing", "keep"}
	var outs []string
	for _, ext := range []string{"parquet", "arff", "csv"} {
		out := filepath.Join(dir, "w."+ext)
		code, _, stderr := cli(t, append([]string{"import", src, "--header", "--out", out}, flags...)...)
		if code != 0 {
			t.Fatalf("import --out %s: exit %d, stderr %q", out, code, stderr)
		}
		for _, want := range []string{"temperature              numeric  kept numeric (1 missing, kept missing)",
			"outlook                  text     3 values: sunny | overcast | rainy (1 missing, kept missing)"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("summary %q lacks %q", stderr, want)
			}
		}
		outs = append(outs, out)
	}
	want, _, err := importer.Read(src, importer.Options{Class: "play", Header: true,
		Discretize: importer.Discretization{Method: importer.NoDiscretization}, Missing: importer.MissingKeep})
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range outs {
		o := importer.Options{Class: "play", Header: strings.HasSuffix(out, ".csv"),
			Discretize: importer.Discretization{Method: importer.NoDiscretization}, Missing: importer.MissingKeep}
		got, _, err := importer.Read(out, o)
		if err != nil {
			t.Fatalf("Read(%s): %v", out, err)
		}
		if !reflect.DeepEqual(got.Schema(), want.Schema()) || !slices.Equal(got.Labels(), want.Labels()) ||
			!slices.Equal(got.Column(0), want.Column(0)) || fmt.Sprint(got.Numbers(1)) != fmt.Sprint(want.Numbers(1)) {
			t.Errorf("%s reads as %v %v; want %v %v", out, got.Schema(), got.Numbers(1), want.Schema(), want.Numbers(1))
		}
	}
	again := filepath.Join(dir, "again.parquet")
	if code, _, stderr := cli(t, append([]string{"import", outs[0], "--out", again}, flags...)...); code != 0 {
		t.Fatalf("import of the output: exit %d, stderr %q", code, stderr)
	}
	a, _ := os.ReadFile(outs[0])
	b, _ := os.ReadFile(again)
	if !bytes.Equal(a, b) {
		t.Errorf("importing the Parquet output gives other bytes (%d vs %d)", len(a), len(b))
	}
	f, err := os.Open(outs[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		kind     parquet.Kind
		optional bool
	}{{"outlook", parquet.ByteArray, true}, {"temperature", parquet.Double, true}, {"relative humidity", parquet.Double, false}, {"windy", parquet.ByteArray, false}} {
		field, ok := pf.Schema().Lookup(c.name)
		if !ok || field.Node.Type().Kind() != c.kind || field.Node.Optional() != c.optional {
			t.Errorf("column %s: %v; want kind %v, optional %v", c.name, field.Node, c.kind, c.optional)
		}
	}
	// discretize none with the default missing: category refuses the
	// missing temperature, naming the key.
	code, _, stderr := cli(t, "import", src, "--header", "--class", "play", "--discretize", "none", "--out", filepath.Join(dir, "x.parquet"))
	if code != 2 || !strings.Contains(stderr, "missing: numeric column \"temperature\" has 1 missing values") {
		t.Errorf("none with missing category: exit %d, stderr %q; want 2 naming missing", code, stderr)
	}
}
