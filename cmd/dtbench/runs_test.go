package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeToyCSV writes a small CSV with a header: a numeric column (which
// the import discretizes), nominal ones with missing values ("?", a value
// of its own under missing: category), a row whose class is missing (which
// the import drops) and the class label, yes or no, depending on colour
// and age. It returns the file's path.
func writeToyCSV(t *testing.T, dir string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("age,colour,shape,size,label\n")
	for r := range 120 {
		age := 20 + rng.IntN(50)
		colour := []string{"red", "green", "blue", "?"}[rng.IntN(4)]
		shape := []string{"round", "square"}[rng.IntN(2)]
		size := []string{"S", "M", "L", "XL"}[rng.IntN(4)]
		label := "no"
		if (colour == "red" && age > 40) || (colour == "blue" && shape == "round") || rng.IntN(10) == 0 {
			label = "yes"
		}
		if r == 17 {
			label = "?"
		}
		fmt.Fprintf(&b, "%d,%s,%s,%s,%s\n", age, colour, shape, size, label)
	}
	path := filepath.Join(dir, "toy.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// toyRun runs a study over the toy CSV with the CLI and returns its run
// folder: "benchmark" (every subset of the top 3 attributes, 5 folds of
// Weka's scheme, one repetition, c45 and majority) or "cost" (two splits
// with test costs, a group and a delayed test, k = 10).
func toyRun(t *testing.T, study string) string {
	t.Helper()
	dir := t.TempDir()
	writeToyCSV(t, dir)
	var yaml string
	switch study {
	case "benchmark":
		yaml = `name: toy-bench
study: benchmark
benchmark:
  datasets: [{name: toy, path: toy.csv, header: true, class: label}]
  select: 3
  folds: {k: 5, scheme: weka, seed: 1}
  repetitions: 1
learners: [c45, majority]
`
	case "cost":
		yaml = `name: toy-cost
study: cost
cost:
  datasets:
    - {name: toy, path: toy.csv, header: true, class: label,
       costs: {tests: {default: 2, age: 30}, groups: {g: {common: 4, members: [shape, size]}}, delayed: [size]}}
  repetitions: 2
  misclassification: [10]
learners: [c45, majority]
`
	default:
		t.Fatalf("no toy study %q", study)
	}
	file := filepath.Join(dir, study+".yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "run", "-c", file, "--out", filepath.Join(dir, "runs"), "--quiet")
	if code != 0 {
		t.Fatalf("run %s: exit %d: %s", study, code, stderr)
	}
	return strings.TrimSpace(stdout)
}
