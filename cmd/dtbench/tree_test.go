package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// treeRun makes a small run and returns its first models part.
func treeRun(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "runs")
	code, stdout, stderr := cli(t, append([]string{"run", "--out", out}, small...)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	return filepath.Join(strings.TrimSpace(stdout), "models", "part-0-00000.parquet")
}

func TestTreeRendersWithDot(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("Graphviz's dot is not on PATH (apt-get install graphviz): the svg and png formats are not tested")
	}
	part := treeRun(t)
	for _, tc := range []struct {
		format string
		magic  []byte
	}{{"svg", []byte("<svg")}, {"png", []byte("\x89PNG\r\n\x1a\n")}} {
		t.Run(tc.format, func(t *testing.T) {
			code, stdout, stderr := cli(t, "tree", part, "--id", "0", "--format", tc.format)
			if code != 0 || !bytes.Contains([]byte(stdout[:min(len(stdout), 512)]), tc.magic) {
				t.Errorf("tree --format %s: exit %d, %d bytes starting %q, stderr %q", tc.format, code, len(stdout), stdout[:min(len(stdout), 40)], stderr)
			}
		})
	}
}

func TestTreeWithoutDot(t *testing.T) {
	part := treeRun(t)
	t.Setenv("PATH", t.TempDir()) // no dot there
	code, stdout, stderr := cli(t, "tree", part, "--id", "0", "--format", "svg")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "Graphviz") || !strings.Contains(stderr, "--format dot") {
		t.Errorf("tree --format svg without dot: exit %d, stdout %q, stderr %q; want exit 2 and a message naming Graphviz", code, stdout, stderr)
	}
	if code, _, stderr := cli(t, "tree", part, "--id", "0", "--format", "gif"); code != 2 || !strings.Contains(stderr, "text, dot, svg, png") {
		t.Errorf("tree --format gif: exit %d, stderr %q", code, stderr)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestTreeNamesBenchmarkAndCostModels: dtbench tree prints a benchmark
// model (c45, task 6 of the toy run: the top subset 1st,2nd,3rd, fold 1) and a cost
// model (c45 on split 1) with the attribute, value and class names of the
// run's imported dataset, the subset's attributes for the benchmark
// model's features, under a line naming the data, the task and the fold;
// as the golden files in testdata/ (go test -update rewrites them).
func TestTreeNamesBenchmarkAndCostModels(t *testing.T) {
	bench, cost := toyRun(t, "benchmark"), toyRun(t, "cost")
	for _, tc := range []struct {
		name, run string
		id        int
		want      []string // in the output, independently of the golden file
	}{
		// Model ids of a cross-validated task: t·L·K + f·L + i (2 learners, 5 folds).
		{"tree-benchmark", bench, 6*2*5 + 1*2 + 0, []string{"c45 on toy, scenario all, subset 1st,2nd,3rd", "fold 1 of 5", "task 6, tree 62"}},
		// Model ids of a split: t·L + i.
		{"tree-cost", cost, 1*2 + 0, []string{"c45 on toy, misclassification cost 10, split 1 (task 1, tree 2)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []string{"text", "dot"} {
				code, stdout, stderr := cli(t, "tree", filepath.Join(tc.run, "models", "part-0-00000.parquet"), "--id", strconv.Itoa(tc.id), "--format", format)
				if code != 0 {
					t.Fatalf("tree --format %s: exit %d: %s", format, code, stderr)
				}
				for _, w := range tc.want {
					if !strings.Contains(stdout, w) {
						t.Errorf("%s output lacks %q:\n%s", format, w, stdout)
					}
				}
				if regexp.MustCompile(`\bf[0-9]+\b`).MatchString(stdout) {
					t.Errorf("%s output names a feature by its index:\n%s", format, stdout)
				}
				golden := filepath.Join("testdata", tc.name+map[string]string{"text": ".txt", "dot": ".dot"}[format])
				if *update {
					if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test -update writes it)", err)
				}
				if stdout != string(want) {
					t.Errorf("tree --format %s =\n%s\nwant (%s)\n%s", format, stdout, golden, want)
				}
			}
		})
	}
}

// TestTreeNamesTheSubsetsAttributes: every benchmark model of the toy run
// names, as its features, exactly the attributes of its task's
// evaluation row, in that order.
func TestTreeNamesTheSubsetsAttributes(t *testing.T) {
	run := toyRun(t, "benchmark")
	part := filepath.Join(run, "models", "part-0-00000.parquet")
	trees, err := pipeline.ReadTrees(part)
	if err != nil {
		t.Fatal(err)
	}
	evals, err := schemas.BenchmarkEvaluationTable.Read(filepath.Join(run, "results", "evaluations", "part-0-00000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range trees {
		names, err := pipeline.TreeLabels(part, ti)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(evals, func(e schemas.BenchmarkEvaluation) bool {
			return e.DatasetID == ti.DatasetID && e.Learner == ti.Learner
		})
		if i < 0 || strings.Join(names.Features, ",") != evals[i].Attributes {
			t.Errorf("tree %d: features %q; its task's attributes %v", ti.ID, names.Features, evals[i])
		}
		if !slices.Equal(names.Classes, []string{"no", "yes"}) && !slices.Equal(names.Classes, []string{"yes", "no"}) {
			t.Errorf("tree %d: classes %q", ti.ID, names.Classes)
		}
	}
}

// TestTreePrintsDeepTrees: dtbench tree prints a tree 100,000 levels deep
// (an external learner can return one) as text and as DOT, one line a
// branch (text) or a node and an edge (DOT), the text's deep lines with
// their depth in brackets. Its text with Weka's bars on every line would
// be 15 GB: it was, in 425 s, until the process was killed at 23.7 GB.
func TestTreePrintsDeepTrees(t *testing.T) {
	const levels = 100000
	b := tree.NewBuilder([]int{2}, 2)
	n := b.Root()
	for range levels {
		kids := b.SplitMultiway(n, 0)
		b.SetLeaf(kids[0], 0)
		n = kids[1]
	}
	b.SetLeaf(n, 1)
	part := filepath.Join(t.TempDir(), "models", "part-0-00000.parquet")
	if _, err := schemas.ModelTable.Write(part, []schemas.ModelRecord{{ModelID: 3, Learner: "deep", Fold: schemas.NoFold, Tree: b.Tree()}}); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "tree", part, "--id", "3")
	if code != 0 {
		t.Fatalf("tree: exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 2*levels || len(stdout) > 40*2*levels {
		t.Fatalf("tree: %d lines, %d bytes; want %d lines of under 40 bytes", len(lines), len(stdout), 2*levels)
	}
	if got, want := lines[len(lines)-1], "[depth 99999] f0 = 1: 1"; got != want {
		t.Errorf("tree: last line %q, want %q", got, want)
	}
	code, stdout, stderr = cli(t, "tree", part, "--id", "3", "--format", "dot")
	if code != 0 || strings.Count(stdout, "->") != 2*levels || strings.Count(stdout, "shape=box") != levels+1 {
		t.Errorf("tree --format dot: exit %d, %d edges and %d leaves, want %d and %d: %s", code, strings.Count(stdout, "->"), strings.Count(stdout, "shape=box"), 2*levels, levels+1, stderr)
	}
}
