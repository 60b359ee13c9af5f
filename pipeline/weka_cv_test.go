package pipeline

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/schemas"
)

// wekaCV is one line of testdata/weka-cv.txt: what Weka 3.6.14's 10-fold
// cross-validation gives (see the file's header for how it was made).
type wekaCV struct {
	dataset    string
	seed       int
	classifier string // J48, NaiveBayes, SMO or SimpleCart
	correct    int64
	mae        float64
}

func readWekaCV(t *testing.T) []wekaCV {
	t.Helper()
	f, err := os.Open("testdata/weka-cv.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []wekaCV
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var w wekaCV
		if _, err := fmt.Sscan(line, &w.dataset, &w.seed, &w.classifier, &w.correct, &w.mae); err != nil {
			t.Fatalf("testdata/weka-cv.txt: %q: %v", line, err)
		}
		out = append(out, w)
	}
	return out
}

// TestWekaFoldSchemeReproducesWeka runs the benchmark study with the weka
// fold scheme (seed 1; repetition r uses seed 1 + r) on four shared
// datasets, every attribute, and checks that c45, naivebayes, smo and cart
// classify exactly as many rows correctly as Weka 3.6's J48, NaiveBayes,
// SMO and SimpleCart do in their own 10-fold cross-validation with those
// seeds, with the same mean absolute error to Weka's four printed
// decimals (the class probabilities of J48's leaves, of NaiveBayes'
// posteriors, and of SimpleCart's leaves, which are its training counts
// normalized, as the tree's). smo and cart train on each fold's rows in
// Weka's order (FitOrdered): SMO's model and SimpleCart's internal
// pruning folds depend on it.
func TestWekaFoldSchemeReproducesWeka(t *testing.T) {
	shared := shareddata.DirOrSkip(t)
	want := readWekaCV(t)
	datasets := map[string]string{ // dataset → its entry in benchmark.datasets
		"tic-tac-toe":   "{path: %s/tic-tac-toe/tic-tac-toe.data, names_file: %s/tic-tac-toe/tic-tac-toe.names, class: Class}",
		"car":           "{path: %s/car/car.data, names_file: %s/car/car.names, class: class}",
		"vote":          "{path: %s/vote/vote.arff, class: Class, missing: drop}",
		"breast-cancer": "{path: %s/breast-cancer/breast-cancer.arff, class: Class, missing: drop}",
		"nursery":       "{path: %s/nursery/nursery.data, names: [parents, has_nurs, form, children, housing, finance, social, health, class], class: class}",
	}
	attributes := map[string]int{"tic-tac-toe": 9, "car": 6, "vote": 16, "breast-cancer": 9, "nursery": 8}
	for name, entry := range datasets {
		t.Run(name, func(t *testing.T) {
			path := strings.Fields(strings.ReplaceAll(entry, ",", " "))[1]
			if _, err := os.Stat(fmt.Sprintf(path, shared)); err != nil {
				t.Skipf("shared dataset %s is absent: %v", name, err)
			}
			spec := strings.ReplaceAll(entry, "%s", shared)
			cfg, err := Load(LoadOptions{Env: []string{}, Sets: []string{"name=weka-" + name, "study=benchmark",
				"benchmark.datasets=[" + spec + "]", "benchmark.select=" + strconv.Itoa(attributes[name]), "benchmark.subsets=top",
				"benchmark.folds={k: 10, scheme: weka, seed: 1, allow_small_classes: true}", "benchmark.repetitions=3", "learners=[c45, naivebayes, smo, cart]"}})
			if err != nil {
				t.Fatal(err)
			}
			dir := run(t, cfg, Options{Out: t.TempDir()})
			got := map[string]int64{}
			gotMAE := map[string]float64{}
			for _, e := range evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read) {
				key := fmt.Sprintf("%d %s", e.Rep+1, e.Learner)
				got[key] = *e.Correct
				gotMAE[key] = *e.MAE
			}
			n := 0
			for _, w := range want {
				if w.dataset != name {
					continue
				}
				learner := map[string]string{"J48": "c45", "NaiveBayes": "naivebayes", "SMO": "smo", "SimpleCart": "cart"}[w.classifier]
				key := fmt.Sprintf("%d %s", w.seed, learner)
				if got[key] != w.correct {
					t.Errorf("seed %d: %s classifies %d rows correctly, Weka's %s %d", w.seed, learner, got[key], w.classifier, w.correct)
				}
				// Weka prints the MAE to 4 decimals (dropping trailing zeros).
				if mae := math.Round(gotMAE[key]*1e4) / 1e4; mae != w.mae {
					t.Errorf("seed %d: %s mean absolute error %.6f (%.4f), Weka's %s %.4f", w.seed, learner, gotMAE[key], mae, w.classifier, w.mae)
				}
				n++
			}
			if n != 12 {
				t.Errorf("%d fixture lines for %s, want 12", n, name)
			}
		})
	}
}
