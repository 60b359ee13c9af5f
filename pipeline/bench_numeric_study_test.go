package pipeline

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// writeNumericBenchData writes a small ARFF dataset with its class first
// (as hepatitis has it), two numeric attributes and two nominal ones, 5%
// of the values missing: 160 rows, the class depending on the first
// numeric attribute and the first nominal one.
func writeNumericBenchData(t *testing.T, dir string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(4, 2))
	var b strings.Builder
	b.WriteString("@relation toy-numeric\n@attribute class {yes,no}\n@attribute t numeric\n@attribute u numeric\n")
	b.WriteString("@attribute c {x,y,z}\n@attribute d {p,q}\n@data\n")
	maybe := func(s string) string {
		if rng.IntN(20) == 0 {
			return "?"
		}
		return s
	}
	for r := range 160 {
		class := "no"
		if r%3 == 0 {
			class = "yes"
		}
		tv := rng.NormFloat64()*2 + 10
		c := []string{"x", "y", "z"}[rng.IntN(3)]
		if class == "yes" {
			tv += 3
			if rng.IntN(3) > 0 {
				c = "x"
			}
		}
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s\n", class, maybe(fmt.Sprintf("%.2f", tv)), maybe(fmt.Sprintf("%.1f", rng.Float64()*100)), maybe(c), maybe([]string{"p", "q"}[rng.IntN(2)]))
	}
	path := filepath.Join(dir, "toy.arff")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBenchmarkNumericStudyIsDeterministic runs the benchmark study on
// numbers and missing values kept (discretize: none, missing: keep) with
// every learner that takes them, and checks that the run is the same
// byte for byte with 1 and 2 workers and after a resume that must reread
// the imported dataset (its numeric columns and the class's place), and
// that the tables hold what the learners saw: numeric attributes as
// numeric in the datasets table, every learner's evaluation present.
func TestBenchmarkNumericStudyIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	writeNumericBenchData(t, dir)
	file := filepath.Join(dir, "bench.yaml")
	yaml := `name: bench-numeric
study: benchmark
chunk: 4
benchmark:
  datasets: [{path: toy.arff, class: class}]
  discretize: none
  missing: keep
  select: 3
  folds: {k: 5, scheme: weka, seed: 1}
  repetitions: 2
learners: [c45, cart, {randomforest: {trees: 5}}, randomtree, naivebayes, smo, intuitive, majority, random]
`
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	whole := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	want := benchFiles(t, whole)

	imported, err := schemas.ReadDatasets(filepath.Join(whole, "datasets", "imported", "toy.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(imported) != 1 {
		t.Fatalf("%d imported datasets, want 1", len(imported))
	}
	s := imported[0].Train.Schema()
	var numeric []string
	for _, a := range s.Features {
		if a.Numeric {
			numeric = append(numeric, a.Name)
		}
	}
	if strings.Join(numeric, ",") != "t,u" || s.ClassPosition() != 0 || !imported[0].Train.HasMissing() {
		t.Errorf("imported schema: numeric %v, class at %d, missing %v; want t,u numeric, the class first, missing values kept",
			numeric, s.ClassPosition(), imported[0].Train.HasMissing())
	}
	seen := map[string]int{}
	for _, e := range evaluationRows(t, whole, schemas.BenchmarkEvaluationTable.Read) {
		if e.Correct != nil {
			seen[e.Learner]++
		}
	}
	for _, l := range []string{"c45", "cart", "randomforest", "randomtree", "naivebayes", "smo", "intuitive", "majority", "random"} {
		if seen[l] == 0 {
			t.Errorf("no evaluation of %s on numbers and missing values: %v", l, seen)
		}
	}

	t.Run("workers", func(t *testing.T) {
		sameFiles(t, "workers 1 vs 2", want, benchFiles(t, run(t, cfg, Options{Out: t.TempDir(), Workers: 2})))
	})
	t.Run("resume", func(t *testing.T) {
		dir := run(t, cfg, Options{Out: t.TempDir()})
		for _, rel := range []string{"results/evaluations/part-0-00001.parquet", "models/part-0-00000.parquet", "datasets/imported/toy.parquet"} {
			if err := os.Remove(filepath.Join(dir, rel)); err != nil {
				t.Fatal(err)
			}
		}
		run(t, cfg, Options{Out: filepath.Dir(dir), Resume: true})
		sameFiles(t, "resume", want, benchFiles(t, dir))
	})
}
