package report

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenEvaluations is a small hand-made oracle study: learners id3 (a
// tree learner) and majority (no tree), 10 features, both modes, depths 3
// and 5, sizes 100 and 300, three repetitions — except one cell where id3
// has a single row, so its interval is undefined.
func goldenEvaluations(withGamma bool) []schemas.OracleEvaluation {
	var rows []schemas.OracleEvaluation
	for _, mode := range []string{"complete", "unique"} {
		for _, depth := range []int32{3, 5} {
			for _, size := range []int32{100, 300} {
				for rep := range int32(3) {
					base := 0.5 + float64(size)/1000 - float64(depth)/20 + float64(rep)/50
					if mode == "unique" {
						base += 0.01
					}
					if !(mode == "unique" && depth == 5 && size == 100 && rep > 0) {
						id3 := oracleRow("id3", 10, depth, mode, size, rep, schemas.Measures{DOE: f64(base), Agreement: f64(base + 0.1), Accuracy: f64(base + 0.08),
							TreeDepth: i32(depth), TreeLeaves: i32(depth*3 + rep + size/100)})
						if withGamma {
							id3.GammaX, id3.GammaV, id3.GammaI = f64(base-0.2), f64(base-0.3), f64(0.1-float64(rep)/10)
						}
						rows = append(rows, id3)
					}
					maj := oracleRow("majority", 10, depth, mode, size, rep, schemas.Measures{Accuracy: f64(0.5 + float64(rep)/100)})
					if withGamma {
						maj.GammaX, maj.GammaV, maj.GammaI = f64(0.01*float64(rep)), f64(0), f64(-0.5)
					}
					rows = append(rows, maj)
				}
			}
		}
	}
	return rows
}

// oracleRow is an oracle-study evaluation row of one cell.
func oracleRow(learner string, features, depth int32, mode string, size, rep int32, m schemas.Measures) schemas.OracleEvaluation {
	return schemas.OracleEvaluation{Learner: learner, Rep: rep, Measures: m,
		OracleCell: schemas.OracleCell{Features: features, Depth: depth, Mode: mode, Size: size}}
}

var goldenMeta = Meta{
	Name:     "golden",
	Seed:     42,
	Version:  "v0.0.0-test",
	Learners: []string{"id3", "majority"},
	Notes:    []string{"study: oracle", "oracle: 10 binary features, 2 classes, depths 3 and 5, sizes 100 and 300, 3 repetitions"},
}

func TestMarkdownGolden(t *testing.T) {
	var b strings.Builder
	evals := goldenEvaluations(true)
	if err := Markdown(&b, goldenMeta, SummarizeOracle(evals), evals); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "report.golden.md")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if b.String() != string(want) {
		t.Errorf("Markdown differs from %s (rerun with -update if the change is intended):\n%s", path, b.String())
	}
}

func TestMarkdownSections(t *testing.T) {
	tests := []struct {
		name    string
		rows    []schemas.OracleEvaluation
		has     []string
		hasNot  []string
		repeats map[string]int
	}{
		{
			name:    "with gamma",
			rows:    goldenEvaluations(true),
			has:     []string{"Mean γ^X / γ^V / Γ", "## 10 features, complete mode", "## 10 features, unique mode", "id3 1–3, majority 3"},
			repeats: map[string]int{"### Depth": 4, "Mean DOE": 4, "Mean agreement / accuracy": 4, "Mean tree leaves": 4},
		},
		{
			name:   "without gamma",
			rows:   goldenEvaluations(false),
			hasNot: []string{"γ"},
		},
		{
			name: "no tree learner",
			rows: []schemas.OracleEvaluation{
				oracleRow("majority", 4, 2, "complete", 10, 0, schemas.Measures{Accuracy: f64(0.5)}),
			},
			has:    []string{"| 10 | – / 0.500 |"},
			hasNot: []string{"Mean DOE", "Mean tree leaves"},
		},
		{
			name: "empty",
			has:  []string{"No evaluation rows"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Markdown(&b, goldenMeta, SummarizeOracle(tc.rows), tc.rows); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, s := range tc.has {
				if !strings.Contains(out, s) {
					t.Errorf("report lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tc.hasNot {
				if strings.Contains(out, s) {
					t.Errorf("report has %q:\n%s", s, out)
				}
			}
			for s, n := range tc.repeats {
				if got := strings.Count(out, s); got != n {
					t.Errorf("report has %q %d times; want %d", s, got, n)
				}
			}
		})
	}
}

type failWriter struct{}

var errFull = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errFull }

func TestMarkdownWriteError(t *testing.T) {
	evals := goldenEvaluations(true)
	err := Markdown(failWriter{}, goldenMeta, SummarizeOracle(evals), evals)
	if !errors.Is(err, errFull) {
		t.Errorf("Markdown to a failing writer = %v; want an error wrapping %v", err, errFull)
	}
}
