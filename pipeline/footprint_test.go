package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestFootprintMeasuresDataAndCountsPredictions: the benchmark and cost
// studies are estimated from their dataset's rows once they are read (150
// here, which the config alone cannot know), and in every study
// results/predictions counts in each task's held memory: the estimate with predictions
// exceeds the one without by the predictions the chunks hold until they
// are written (the tasks held at once × the learners × the tested rows,
// with the collector's headroom), and under a limit of the estimate
// without them the run with predictions is refused before anything is
// written, naming the task's rows and the limit, while the run
// without them goes ahead.
func TestFootprintMeasuresDataAndCountsPredictions(t *testing.T) {
	for _, tc := range []struct {
		study string
		yaml  string
		// held is the tasks the chunks hold at once, learners the
		// learners that predict, tested the rows each classifies.
		held, learners, tested int
		costed                 bool
		names                  string // what the refusal names in a task
		// atLoad: the config alone gives the rows, so that Load refuses
		// it; the real-data studies' rows are known once Run reads them.
		atLoad bool
		tasks  int                                       // the plan's tasks
		rows   func(t *testing.T, dir string) (rows int) // the predictions' rows in run folder dir
	}{
		// 7 subsets × 3 repetitions = 21 tasks in one chunk; a
		// cross-validation classifies each of the 150 rows once.
		{"benchmark", `study: benchmark
benchmark:
  datasets: [{path: toy.arff, class: class}]
  select: 3
  folds: {k: 5, scheme: weka, seed: 1}
  repetitions: 3
chunk: 21
learners: [c45, naivebayes, intuitive, majority, random]
`, 21, 5, 150, false, "150 rows", false, 21, countRows(schemas.BenchmarkPredictionTable.Read)},
		// 3 splits × 2 costs = 6 tasks in two chunks of 3, both held
		// while one is written and the next computed; a split tests the
		// third of the rows it does not train on.
		{"cost", `study: cost
cost:
  datasets:
    - {path: toy.arff, class: class, costs: {tests: {default: 2}}}
  repetitions: 3
  misclassification: [5, 500]
chunk: 3
learners: [c45, eg2, icet, majority]
`, 6, 4, 50, true, "150 rows", false, 6, countRows(schemas.CostPredictionTable.Read)},
		// The oracle study, whose predictions are opt-in: 3 tasks in one
		// chunk, each learner classifying the 40 held-out rows.
		{"oracle", `study: oracle
oracle:
  features: 4
  depths: [2]
  modes: [complete]
  sizes: [10]
  test_size: 40
  repetitions: 3
chunk: 3
learners: [id3, c45]
`, 3, 2, 40, false, "10 training and 40 held-out rows", true, 3, countRows(schemas.OraclePredictionTable.Read)},
	} {
		t.Run(tc.study, func(t *testing.T) {
			dir := t.TempDir()
			writeBenchData(t, dir) // 150 rows, 2 classes
			file := filepath.Join(dir, "fp.yaml")
			if err := os.WriteFile(file, []byte("name: fp\n"+tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			// run runs the config with the given outputs.predictions and
			// memory limit, returning the plan's logged estimate, the
			// output folder and the error.
			run := func(predictions bool, memory string) (int64, string, error) {
				cfg, err := Load(LoadOptions{File: file, Env: []string{},
					Sets: []string{fmt.Sprintf("outputs.predictions=%v", predictions), "limits.memory=" + memory}})
				if err != nil {
					if !tc.atLoad {
						t.Fatalf("Load: %v (the config alone must not be refused for rows it cannot know)", err)
					}
					return -1, "", err
				}
				var log bytes.Buffer
				out := t.TempDir()
				_, err = Run(context.Background(), cfg, Options{Out: out, Workers: 1, Log: slog.New(slog.NewJSONHandler(&log, nil))})
				var est int64 = -1
				for line := range strings.Lines(log.String()) {
					var rec struct {
						Msg      string `json:"msg"`
						Estimate *int64 `json:"memory_estimate_bytes"`
					}
					if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "plan" && rec.Estimate != nil {
						est = *rec.Estimate
					}
				}
				return est, filepath.Join(out, "fp"), err
			}
			off, _, err := run(false, "8GiB")
			if err != nil || off < 0 {
				t.Fatalf("run without predictions: estimate %d, %v", off, err)
			}
			on, dir, err := run(true, "8GiB")
			if err != nil || on < 0 {
				t.Fatalf("run with predictions: estimate %d, %v", on, err)
			}
			// The rows counted are those the run writes.
			if got, want := tc.rows(t, dir), tc.tasks*tc.learners*tc.tested; got != want {
				t.Errorf("results/predictions has %d rows; want %d tasks × %d learners × %d rows", got, tc.tasks, tc.learners, tc.tested)
			}
			per := schemas.PredictionBytes(2, tc.costed)
			held := gcHeadroom * float64(tc.held*tc.learners*tc.tested) * per
			if got := float64(on - off); math.Abs(got-held) > 2 {
				t.Errorf("the predictions add %.0f bytes to the estimate; want %.0f (%d tasks × %d learners × %d rows × %g bytes × %g)",
					got, held, tc.held, tc.learners, tc.tested, per, gcHeadroom)
			}
			limit := fmt.Sprint(off + 1) // the log truncates the estimate to whole bytes
			_, refused, err := run(true, limit)
			if err == nil || !strings.Contains(err.Error(), tc.names) || !strings.Contains(err.Error(), "limits.memory") {
				t.Fatalf("Run with predictions under limits.memory=%s = %v; want a refusal naming %q and limits.memory", limit, err, tc.names)
			}
			if !tc.atLoad {
				if _, err := os.Stat(refused); !os.IsNotExist(err) {
					t.Errorf("the refused run left its folder: %v", err)
				}
			}
			if _, _, err := run(false, limit); err != nil {
				t.Errorf("Run without predictions under limits.memory=%s: %v", limit, err)
			}
		})
	}
}

// countRows returns a counter of the rows of a run folder's
// results/predictions, read with read (a study's predictions table).
func countRows[R any](read func(string) ([]schemas.PredictionBlock[R], error)) func(*testing.T, string) int {
	return func(t *testing.T, dir string) int {
		n := 0
		for _, b := range predictionBlocks(t, dir, read) {
			n += b.Len()
		}
		return n
	}
}
