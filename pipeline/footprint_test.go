package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFootprintMeasuresDataAndCountsPredictions: a benchmark study without
// scenarios is estimated from its dataset's rows once they are read (150
// here, not the 1e6 the config alone must assume), and results/predictions
// counts in the estimate: under a limit between the estimates with and
// without it, the run with predictions is refused before anything is
// written, naming the measured rows and the limit, and the run without
// them goes ahead.
func TestFootprintMeasuresDataAndCountsPredictions(t *testing.T) {
	dir := t.TempDir()
	writeBenchData(t, dir) // 150 rows
	file := filepath.Join(dir, "fp.yaml")
	// 7 subsets × 3 repetitions = 21 tasks in one chunk, 5 learners, one
	// worker, 2 classes: about 0.24 MB without predictions, 1.1 MB with them.
	yaml := `name: fp
study: benchmark
benchmark:
  datasets: [{path: toy.arff, class: class}]
  select: 3
  folds: {k: 5, scheme: weka, seed: 1}
  repetitions: 3
learners: [c45, naivebayes, intuitive, majority, random]
limits: {memory: 600KB}
`
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		predictions string
		refused     bool
	}{{"true", true}, {"false", false}} {
		t.Run("predictions="+tc.predictions, func(t *testing.T) {
			cfg, err := Load(LoadOptions{File: file, Sets: []string{"outputs.predictions=" + tc.predictions}, Env: []string{}})
			if err != nil {
				t.Fatalf("Load: %v (the config alone must not be refused for rows it cannot know)", err)
			}
			out := t.TempDir()
			_, err = Run(context.Background(), cfg, Options{Out: out, Workers: 1})
			if !tc.refused {
				if err != nil {
					t.Fatalf("Run: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "150 rows per dataset") || !strings.Contains(err.Error(), "limits.memory") {
				t.Fatalf("Run = %v; want a refusal naming the 150 measured rows and limits.memory", err)
			}
			if _, err := os.Stat(filepath.Join(out, "fp")); !os.IsNotExist(err) {
				t.Errorf("the refused run left its folder: %v", err)
			}
		})
	}
}
