package importer

import (
	"bufio"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// wekaSummary is one testdata/weka/*-summary.tsv file: what Weka 3.6.14's
// own loader made of a dataset (WekaSummary.java, summary.sh).
type wekaSummary struct {
	rows    int
	columns []wekaAttr
}

type wekaAttr struct {
	name    string
	kind    string // numeric, date, nominal, string
	missing int
	sum     float64 // numeric and date: the sum of the values in row order
	values  int     // nominal: the number of values
}

func parseWekaSummary(t *testing.T, name string, text string) wekaSummary {
	t.Helper()
	var s wekaSummary
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		l := sc.Text()
		if n, ok := strings.CutPrefix(l, "# rows "); ok {
			var err error
			if s.rows, err = strconv.Atoi(n); err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			continue
		}
		if strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "\t")
		if len(p) != 4 {
			t.Fatalf("%s:%d: %d fields; want 4", name, line, len(p))
		}
		a := wekaAttr{name: p[0], kind: p[1]}
		var err error
		if a.missing, err = strconv.Atoi(p[2]); err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		if a.kind == "numeric" || a.kind == "date" {
			a.sum, err = strconv.ParseFloat(p[3], 64) // Double.toHexString
		} else {
			a.values, err = strconv.Atoi(p[3])
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		s.columns = append(s.columns, a)
	}
	return s
}

func readWekaSummary(t *testing.T, name string) wekaSummary {
	t.Helper()
	path := filepath.Join("testdata", "weka", name+"-summary.tsv")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseWekaSummary(t, path, string(b))
}

// keepSets are the datasets whose Weka summaries testdata/weka holds, with
// the options that read them as Weka's loader does: numbers kept, missing
// values kept.
func keepSets(t *testing.T) []struct {
	name, path string
	o          Options
} {
	shared := sharedDir(t)
	keep := func(o Options) Options {
		o.Discretize = Discretization{Method: NoDiscretization}
		o.Missing = MissingKeep
		return o
	}
	return []struct {
		name, path string
		o          Options
	}{
		{"crx", filepath.Join(shared, "credit-approval", "crx.data"),
			keep(Options{Class: "A16", NamesFile: filepath.Join(shared, "credit-approval", "crx.names")})},
		{"cleveland", filepath.Join(shared, "heart-disease", "processed.cleveland.data"),
			keep(Options{Class: "num", NamesFile: filepath.Join(shared, "heart-disease", "heart-disease.names")})},
		{"hepatitis", filepath.Join(shared, "hepatitis", "hepatitis.data"),
			keep(Options{Class: "Class", NamesFile: filepath.Join(shared, "hepatitis", "hepatitis.names")})},
		{"breast-cancer", filepath.Join(shared, "breast-cancer", "breast-cancer.arff"), keep(Options{Class: "Class"})},
		{"soybean", filepath.Join(shared, "soybean", "soybean.arff"), keep(Options{Class: "class"})},
		{"vote", filepath.Join(shared, "vote", "vote.arff"), keep(Options{Class: "Class"})},
		{"edges", filepath.Join("testdata", "weka", "edges.arff"), keep(Options{Class: "class"})},
	}
}

// checkAgainstWeka compares a dataset imported with numbers and missing
// values kept with Weka's summary of the same file: per feature its kind
// (numeric and date columns numeric, the others nominal), its missing
// count, the bits of the sum of its numbers in row order, and its number
// of nominal values (no "?" added). The class is nominal here whatever
// Weka's CSVLoader typed it (hepatitis' 1/2, Cleveland's 0..4), so only
// its rows are compared.
func checkAgainstWeka(t *testing.T, w wekaSummary, d *dataset.Dataset, rep Report) {
	t.Helper()
	s := d.Schema()
	if rep.Rows != w.rows || d.Len() != w.rows {
		t.Errorf("rows: read %d, kept %d; Weka's loader %d", rep.Rows, d.Len(), w.rows)
	}
	byName := map[string]wekaAttr{}
	for _, a := range w.columns {
		byName[a.name] = a
	}
	if wc, ok := byName[s.Class.Name]; !ok || wc.missing != 0 {
		t.Errorf("class %s: Weka has %+v (want present, none missing)", s.Class.Name, wc)
	}
	if len(s.Features) != len(w.columns)-1 {
		t.Fatalf("%d features; Weka has %d attributes besides the class", len(s.Features), len(w.columns)-1)
	}
	for f, a := range s.Features {
		wc, ok := byName[a.Name]
		if !ok {
			t.Errorf("feature %s: Weka has no attribute of that name", a.Name)
			continue
		}
		wantNumeric := wc.kind == "numeric" || wc.kind == "date"
		if a.Numeric != wantNumeric {
			t.Errorf("feature %s: numeric %v; Weka's kind %s", a.Name, a.Numeric, wc.kind)
			continue
		}
		if rep.Features[f].Numeric != a.Numeric {
			t.Errorf("feature %s: report says numeric %v, the schema %v", a.Name, rep.Features[f].Numeric, a.Numeric)
		}
		missing := 0
		if m := d.Missing(f); m != nil {
			missing = m.Count()
		}
		if missing != wc.missing || rep.Features[f].Missing != wc.missing {
			t.Errorf("feature %s: %d missing (report %d); Weka %d", a.Name, missing, rep.Features[f].Missing, wc.missing)
		}
		if !a.Numeric {
			if len(a.Values) != wc.values {
				t.Errorf("feature %s: %d values %q; Weka %d", a.Name, len(a.Values), a.Values, wc.values)
			}
			codes := 0 // rows coded dataset.MissingCode
			for r := range d.Len() {
				if d.Value(f, r) == dataset.MissingCode {
					codes++
				}
			}
			if codes != wc.missing {
				t.Errorf("feature %s: %d rows coded MissingCode; Weka has %d missing", a.Name, codes, wc.missing)
			}
			continue
		}
		sum := 0.0
		for _, x := range d.Numbers(f) {
			if !math.IsNaN(x) {
				sum += x
			}
		}
		if math.Float64bits(sum) != math.Float64bits(wc.sum) {
			t.Errorf("feature %s: sum of the numbers %v (%x); Weka's %v (%x)", a.Name, sum, sum, wc.sum, wc.sum)
		}
	}
}

// TestKeepMatchesWeka imports every dataset of testdata/weka's summaries
// with discretize none and missing keep and checks each column against
// what Weka's own loader (CSVLoader, ArffLoader) made of the same file.
func TestKeepMatchesWeka(t *testing.T) {
	for _, set := range keepSets(t) {
		t.Run(set.name, func(t *testing.T) {
			requireFile(t, set.path)
			d, rep, err := Read(set.path, set.o)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if rep.Missing != MissingKeep {
				t.Errorf("report: missing %q; want %q", rep.Missing, MissingKeep)
			}
			checkAgainstWeka(t, readWekaSummary(t, set.name), d, rep)
		})
	}
}

// TestKeptARFFReadsInWeka writes each kept dataset as ARFF and has Weka
// 3.6 itself read the files (WekaSummary.java through Java's source
// launcher, one JVM for all): Weka must find in them the numbers and
// missing values its own loader finds in the original files. It skips,
// saying so, without java or /usr/share/java/weka.jar.
func TestKeptARFFReadsInWeka(t *testing.T) {
	weka := "/usr/share/java/weka.jar"
	requireFile(t, weka)
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("java not on the PATH: this test runs Weka")
	}
	src, err := filepath.Abs(filepath.Join("testdata", "weka", "WekaSummary.java"))
	if err != nil {
		t.Fatal(err)
	}
	type written struct {
		name, path string
		d          *dataset.Dataset
		rep        Report
	}
	var files []written
	dir := t.TempDir()
	for _, set := range keepSets(t) {
		requireFile(t, set.path)
		d, rep, err := Read(set.path, set.o)
		if err != nil {
			t.Fatalf("%s: Read: %v", set.name, err)
		}
		out := filepath.Join(dir, set.name+".arff")
		if err := WriteARFF(out, d); err != nil {
			t.Fatal(err)
		}
		files = append(files, written{set.name, out, d, rep})
	}
	args := []string{"-Duser.timezone=UTC", "-cp", weka, src}
	for _, f := range files {
		args = append(args, f.path)
	}
	cmd := exec.Command(java, args...)
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v", cmd, err)
	}
	parts := strings.Split(string(b), "# file ")[1:]
	if len(parts) != len(files) {
		t.Fatalf("Weka summarized %d files of %d:\n%s", len(parts), len(files), b)
	}
	for i, f := range files {
		t.Run(f.name, func(t *testing.T) {
			_, body, _ := strings.Cut(parts[i], "\n") // after the file's name
			got := parseWekaSummary(t, f.path, body)
			want := readWekaSummary(t, f.name)
			checkAgainstWeka(t, got, f.d, f.rep)
			// Weka reads our dates as numbers (ms since 1970), and the
			// class as we wrote it, nominal and last.
			wantBy := map[string]wekaAttr{}
			for _, a := range want.columns {
				if a.kind == "date" {
					a.kind = "numeric"
				}
				wantBy[a.name] = a
			}
			for _, g := range got.columns {
				if g.name == f.d.Schema().Class.Name {
					continue
				}
				if w := wantBy[g.name]; g != w {
					t.Errorf("attribute %s: Weka reads %+v from our file, %+v from the original", g.name, g, w)
				}
			}
		})
	}
}

// TestKeptARFFTrainsInWekaAsTheOriginal: Weka's J48 (10-fold
// cross-validation, its defaults) on credit-approval as dtbench import
// writes it with discretize none and missing keep classifies exactly as on
// the original file read by Weka's CSVLoader (a header row added): the
// same correct count and mean absolute error, so the numbers and missing
// values Weka trains on are the same. Skips, saying so, without java or
// /usr/share/java/weka.jar.
func TestKeptARFFTrainsInWekaAsTheOriginal(t *testing.T) {
	weka := "/usr/share/java/weka.jar"
	requireFile(t, weka)
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("java not on the PATH: this test runs Weka")
	}
	set := keepSets(t)[0] // crx
	requireFile(t, set.path)
	d, _, err := Read(set.path, set.o)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ours := filepath.Join(dir, "crx.arff")
	if err := WriteARFF(ours, d); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(set.path)
	if err != nil {
		t.Fatal(err)
	}
	orig := filepath.Join(dir, "crx.csv")
	header := "A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16\n"
	if err := os.WriteFile(orig, append([]byte(header), raw...), 0o644); err != nil {
		t.Fatal(err)
	}
	j48 := func(file string) []string {
		cmd := exec.Command(java, "-cp", weka, "weka.classifiers.trees.J48", "-t", file, "-o")
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v", cmd, err)
		}
		_, cv, ok := strings.Cut(string(b), "=== Stratified cross-validation ===")
		if !ok {
			t.Fatalf("%v: no cross-validation in\n%s", cmd, b)
		}
		var lines []string
		for _, l := range strings.Split(cv, "\n") {
			if strings.HasPrefix(l, "Correctly Classified") || strings.HasPrefix(l, "Mean absolute error") {
				lines = append(lines, strings.Join(strings.Fields(l), " "))
			}
		}
		if len(lines) != 2 {
			t.Fatalf("%v: %q", cmd, lines)
		}
		return lines
	}
	got, want := j48(ours), j48(orig)
	if !slices.Equal(got, want) {
		t.Errorf("J48 on our ARFF: %q; on the original CSV: %q", got, want)
	}
	t.Logf("J48, 10-fold CV, on both files: %q", got)
}
