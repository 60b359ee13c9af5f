package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/generate"
)

// tier is one size of the peer comparison: oracle datasets with Features
// binary features, Rows training rows and TestRows held-out rows, labelled
// by a random oracle of depth Depth; Seeds datasets unless -seeds says
// otherwise.
type tier struct {
	Name     string
	Features int
	Rows     int
	Depth    int
	TestRows int
	Seeds    int
}

// tiers are the sizes issue 3 names: the oracle paper's largest cell and
// the large one where Weka's Id3 takes seconds (fewer datasets there, as
// Weka's SimpleCart spends several seconds per fit).
var tiers = append([]tier{
	{Name: "m10n3000", Features: 10, Rows: 3000, Depth: 8, TestRows: 1000, Seeds: 5},
	{Name: "m20n100000", Features: 20, Rows: 100_000, Depth: 8, TestRows: 1000, Seeds: 3},
}, exactTiers()...)

// exactTiers are the cells of issue 12's comparison of exact learners
// (bench/peers/exact): 10 binary features, oracle depths 5–8, 200, 1000
// and 3000 rows, 5 datasets each; 20 features, depths 6 and 8, 1000 and
// 3000 rows, 3 each. Named x<features>d<depth>n<rows>.
func exactTiers() []tier {
	var ts []tier
	add := func(m, depth, n, seeds int) {
		ts = append(ts, tier{Name: fmt.Sprintf("x%dd%dn%d", m, depth, n), Features: m, Rows: n, Depth: depth, TestRows: 100, Seeds: seeds})
	}
	for depth := 5; depth <= 8; depth++ {
		for _, n := range []int{200, 1000, 3000} {
			add(10, depth, n, 5)
		}
	}
	for _, depth := range []int{6, 8} {
		for _, n := range []int{1000, 3000} {
			add(20, depth, n, 3)
		}
	}
	return ts
}

func main() {
	out := flag.String("out", "bench/out/peers", "directory to write the datasets and datasets.tsv into")
	seeds := flag.Int("seeds", 0, "datasets (oracles) per tier (0: the tier's default, 5 small and 3 large)")
	only := flag.String("tiers", "", "comma-separated tier names to export (default: m10n3000,m20n100000)")
	flag.Parse()
	if err := run(*out, *seeds, *only); err != nil {
		fmt.Fprintln(os.Stderr, "export:", err)
		os.Exit(1)
	}
}

// run writes every dataset of the selected tiers and the manifest.
func run(out string, seeds int, only string) error {
	if seeds < 0 {
		return fmt.Errorf("-seeds must be >= 0, got %d", seeds)
	}
	selected, err := selectTiers(only)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", out, err)
	}
	var manifest strings.Builder
	manifest.WriteString("tier\tseed\tfeatures\trows\ttest_rows\tdepth\ttrain_arff\ttest_arff\ttrain_csv\ttest_csv\ttrain_dl\n")
	for _, t := range selected {
		ti := slices.IndexFunc(tiers, func(u tier) bool { return u.Name == t.Name })
		n := t.Seeds
		if seeds > 0 {
			n = seeds
		}
		for s := range n {
			files, err := exportOne(out, t, uint64(ti), uint64(s))
			if err != nil {
				return fmt.Errorf("tier %s seed %d: %w", t.Name, s, err)
			}
			fmt.Fprintf(&manifest, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n",
				t.Name, s, t.Features, t.Rows, t.TestRows, t.Depth, strings.Join(files, "\t"))
		}
	}
	return writeFile(filepath.Join(out, "datasets.tsv"), func(w io.Writer) error {
		_, err := io.WriteString(w, manifest.String())
		return err
	})
}

// selectTiers returns the tiers named in the comma-separated list, or all.
func selectTiers(only string) ([]tier, error) {
	if only == "" {
		return tiers[:2], nil
	}
	var sel []tier
	for name := range strings.SplitSeq(only, ",") {
		found := false
		for _, t := range tiers {
			if t.Name == name {
				sel = append(sel, t)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown tier %q", name)
		}
	}
	return sel, nil
}

// exportOne draws one oracle of tier t, a training sample and a held-out
// sample from it, and writes both as ARFF and CSV, and the training
// sample also as DL8.5's text format (train_dl). It returns the five paths
// in manifest order. The oracle, training and test draws use three
// independent streams seeded by (tier index in tiers, seed), so a tier's
// datasets do not change when another tier is selected or added at the
// end, or the seed count changes.
func exportOne(out string, t tier, ti, seed uint64) ([]string, error) {
	spec := generate.OracleSpec{Domains: make([]int, t.Features), Classes: 2, Depth: t.Depth}
	for f := range spec.Domains {
		spec.Domains[f] = 2
	}
	stream := func(k uint64) *rand.Rand { return rand.New(rand.NewPCG(ti<<32|seed, k)) }
	oracle, err := generate.Oracle(spec, stream(0))
	if err != nil {
		return nil, fmt.Errorf("draw oracle: %w", err)
	}
	schema := generate.Schema(spec)
	train, err := generate.Complete(oracle, schema, t.Rows, stream(1))
	if err != nil {
		return nil, fmt.Errorf("draw training rows: %w", err)
	}
	test, err := generate.Complete(oracle, schema, t.TestRows, stream(2))
	if err != nil {
		return nil, fmt.Errorf("draw test rows: %w", err)
	}
	dir := filepath.Join(out, t.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	base := filepath.Join(dir, "s"+strconv.FormatUint(seed, 10))
	rel := fmt.Sprintf("oracle-%s-s%d", t.Name, seed)
	// Manifest order: train ARFF, test ARFF, train CSV, test CSV.
	files := make([]string, 5)
	for i, part := range []struct {
		suffix string
		d      *dataset.Dataset
	}{{".train", train.Data}, {".test", test.Data}} {
		files[i] = base + part.suffix + ".arff"
		if err := writeFile(files[i], func(w io.Writer) error { return dataset.WriteARFF(w, part.d, rel+part.suffix) }); err != nil {
			return nil, err
		}
		files[2+i] = base + part.suffix + ".csv"
		if err := writeFile(files[2+i], func(w io.Writer) error { return writeCSV(w, part.d) }); err != nil {
			return nil, err
		}
	}
	files[4] = base + ".train.txt"
	if err := writeFile(files[4], func(w io.Writer) error { return writeDL(w, train.Data) }); err != nil {
		return nil, err
	}
	return files, nil
}

// writeDL writes d in the text format of DL8.5, MurTree and STreeD: one
// line per row, the class code then every feature's code, separated by
// spaces.
func writeDL(w io.Writer, d *dataset.Dataset) error {
	bw := bufio.NewWriter(w)
	line := make([]byte, 0, 4*(d.NumFeatures()+1))
	for r := range d.Len() {
		line = strconv.AppendInt(line[:0], int64(d.Label(r)), 10)
		for f := range d.NumFeatures() {
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(d.Value(f, r)), 10)
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write dl: %w", err)
	}
	return nil
}

// writeCSV writes d as CSV: a header of the feature names then "class",
// and one line per row of value labels. The oracle schema's labels are the
// codes "0".."Z-1", so the CSV is also the ordinal encoding the
// scikit-learn script reads.
func writeCSV(w io.Writer, d *dataset.Dataset) error {
	s := d.Schema()
	bw := bufio.NewWriter(w)
	for _, a := range s.Features {
		bw.WriteString(a.Name)
		bw.WriteByte(',')
	}
	bw.WriteString(s.Class.Name)
	bw.WriteByte('\n')
	for r := range d.Len() {
		for f, a := range s.Features {
			bw.WriteString(a.Values[d.Value(f, r)])
			bw.WriteByte(',')
		}
		bw.WriteString(s.Class.Values[d.Label(r)])
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}

// writeFile writes path through fill, to a temporary file renamed into
// place once complete and closed without error.
func writeFile(path string, fill func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := fill(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
