package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// The input-change tests' folder of data: toy.data (headerless CSV: six
// attributes a0…a5 of values x, y, z and a class), its UCI names file
// toy.names, Turney-style cost files toy.cost (no .delay, .group or
// .expense), the ARFF toy.arff (writeBenchData), and two configs over
// them: a benchmark study of both datasets and a cost study of toy.data.
const (
	benchInputs = "bench-inputs.yaml"
	costInputs  = "cost-inputs.yaml"
	// splitInputs reads toy.data cut in two, toy-1.data and toy-2.data,
	// through a pattern; wholeInputs the same study on toy.data.
	splitInputs = "split-inputs.yaml"
	wholeInputs = "whole-inputs.yaml"
)

// splitStudy is the config of splitInputs and wholeInputs, given the
// dataset's path entry.
func splitStudy(path string) string {
	return `name: split-inputs
study: benchmark
chunk: 2
benchmark:
  datasets:
    - {name: toy, ` + path + `, names_file: toy.names, class: class}
  select: 2
  folds: {k: 3, scheme: weka, seed: 1}
  repetitions: 2
learners: [c45, naivebayes, majority]
`
}

// writeInputs writes the data and configs into a new folder.
func writeInputs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(21, 22))
	var data strings.Builder
	for r := range 120 {
		row := make([]string, 6)
		for i := range row {
			row[i] = []string{"x", "y", "z"}[rng.IntN(3)]
		}
		class := "negative"
		if r%3 == 0 {
			class, row[2] = "positive", "x"
		}
		data.WriteString(strings.Join(row, ",") + "," + class + "\n")
	}
	names := "1. Title: toy\n\n2. Attribute Information:\n"
	costs := ""
	for i := range 6 {
		names += fmt.Sprintf("   %d. a%d: x, y, z\n", i+1, i)
		costs += fmt.Sprintf("a%d: %d.00\n", i, i+1)
	}
	names += "   7. class: positive, negative\n"
	files := map[string]string{
		"toy.data":  data.String(),
		"toy.names": names,
		"toy.cost":  costs,
		benchInputs: `name: inputs
study: benchmark
chunk: 2
benchmark:
  datasets:
    - {name: toy, path: toy.data, names_file: toy.names, class: class}
    - {name: other, path: toy.arff, class: class, subsets: top}
  select: 2
  folds: {k: 3, scheme: weka, seed: 1}
  repetitions: 2
learners: [c45, naivebayes, intuitive, majority, random]
`,
		costInputs: `name: cost-inputs
study: cost
chunk: 2
cost:
  repetitions: 2
  misclassification: [10, 100]
  datasets:
    - {name: toy, path: toy.data, names_file: toy.names, class: class, costs: {uci: toy}}
learners: [c45, eg2, majority]
`,
	}
	rows := strings.SplitAfter(data.String(), "\n")
	files["toy-1.data"] = strings.Join(rows[:50], "")
	files["toy-2.data"] = strings.Join(rows[50:], "")
	files[splitInputs] = splitStudy(`path: "toy-*.data"`)
	files[wholeInputs] = splitStudy("path: toy.data")
	for name, body := range files {
		writeText(t, filepath.Join(dir, name), body)
	}
	writeBenchData(t, dir)
	return dir
}

// loadInputs loads one of writeInputs' configs (reading its cost files).
func loadInputs(t *testing.T, dir, name string) *Config {
	t.Helper()
	cfg, err := Load(LoadOptions{File: filepath.Join(dir, name), Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func writeText(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// editLines rewrites the file at path line by line.
func editLines(t *testing.T, path string, edit func(i int, line string) string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	for i, l := range lines {
		lines[i] = edit(i, l)
	}
	writeText(t, path, strings.Join(lines, ""))
}

// flipClasses swaps positive and negative in the first n data lines of a
// CSV or ARFF file (lines ending in ",positive" or ",negative").
func flipClasses(t *testing.T, path string, n int) {
	t.Helper()
	flipped := 0
	editLines(t, path, func(_ int, l string) string {
		body := strings.TrimSuffix(l, "\n")
		switch {
		case flipped == n:
		case strings.HasSuffix(body, ",positive"):
			flipped++
			return strings.TrimSuffix(body, "positive") + "negative\n"
		case strings.HasSuffix(body, ",negative"):
			flipped++
			return strings.TrimSuffix(body, "negative") + "positive\n"
		}
		return l
	})
	if flipped != n {
		t.Fatalf("%s: flipped %d classes, want %d", path, flipped, n)
	}
}

// snapshot returns the sha256 of every file under dir (none when it does
// not exist), by path relative to it.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := sha256.Sum256(b)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// tableFiles returns the bytes of every file a run folder's manifests
// list but the timings (the one non-deterministic table) and the
// manifests, with report.md's run lines dropped and the shard dropped
// from part names: what two runs of the same config and inputs share.
func tableFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for rel := range snapshot(t, dir) {
		if strings.HasPrefix(rel, schemas.Timings+"/") || strings.HasPrefix(rel, "manifest") || strings.HasPrefix(rel, "journal") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if rel == schemas.ReportDoc.Name() {
			b = withoutRunLines(b)
		}
		if _, rest, ok := splitPart(path2base(rel)); ok {
			rel = pathDir(rel) + "/" + rest // the shard dropped
		}
		out[rel] = b
	}
	return out
}
