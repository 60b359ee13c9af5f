package pipeline

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/schemas"
)

// The audit of a run from its predictions: every evaluation row of the
// benchmark and cost studies is recomputed from the rows of
// results/predictions, as a user would from the table, and every row_id is
// checked against the imported dataset it names.

// predictionBlocks reads every predictions part of run folder dir with
// read (the study's predictions table), in part order.
func predictionBlocks[R any](t *testing.T, dir string, read func(string) ([]schemas.PredictionBlock[R], error)) []schemas.PredictionBlock[R] {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(schemas.Predictions), "*.parquet"))
	if len(parts) == 0 {
		t.Fatalf("%s has no predictions parts", dir)
	}
	var out []schemas.PredictionBlock[R]
	for _, p := range parts {
		blocks, err := read(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, blocks...)
	}
	return out
}

// importedData reads a run's imported datasets, by name.
func importedData(t *testing.T, dir string) map[string]*dataset.Dataset {
	t.Helper()
	files, err := schemas.ImportedTable.RunFiles(dir)
	if err != nil || len(files) == 0 {
		t.Fatalf("no imported datasets in %s: %v", dir, err)
	}
	out := map[string]*dataset.Dataset{}
	for _, f := range files {
		recs, err := schemas.ImportedTable.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			out[r.Mode] = r.Train
		}
	}
	return out
}

// recount is what a user recomputes from a (task, learner)'s predictions
// rows, in table order: rows, rows right, the sums of the costs and of the
// rows' absolute errors (1/K)·Σ_c |p(c) − [c = actual]|.
type recount struct {
	rows, correct     int64
	tests, errs, abse float64
	costed            bool
	actual            []int       // each row's actual class, an index of probs
	probs             [][]float64 // each row's probabilities, in the classes' order
}

// add adds a block's rows, each as its own row: its labels compared as
// strings, its probabilities read through its classes list.
func (r *recount) add(t *testing.T, b *schemas.PredictionRows) {
	t.Helper()
	k := len(b.Classes)
	for i := range b.Len() {
		actual, predicted := b.Classes[b.Actual[i]], b.Classes[b.Predicted[i]]
		r.rows++
		if actual == predicted {
			r.correct++
		}
		e := 0.0
		for c, label := range b.Classes {
			p := b.Probabilities[i*k+c]
			if label == actual {
				e += math.Abs(p - 1)
			} else {
				e += math.Abs(p)
			}
		}
		r.abse += e / float64(k)
		r.actual = append(r.actual, slices.Index(b.Classes, actual))
		r.probs = append(r.probs, b.Probabilities[i*k:(i+1)*k])
		if b.TestCost != nil {
			r.costed = true
			r.tests += b.TestCost[i]
			r.errs += b.ErrorCost[i]
		}
	}
}

// weightedAUC is Weka's weighted ROC area by its definition, pair by
// pair: for each class with rows of it and rows of others, the share of
// (its row, another's row) pairs whose probabilities of the class are in
// the right order, a tie counting half, weighted by the class's rows; not
// ok with fewer than two classes among the rows.
func (r recount) weightedAUC() (float64, bool) {
	present := map[int]int{}
	for _, a := range r.actual {
		present[a]++
	}
	if len(present) < 2 {
		return 0, false
	}
	total := 0.0
	for c, pos := range present {
		var right, pairs float64
		for i, a := range r.actual {
			if a != c {
				continue
			}
			for j, b := range r.actual {
				if b == c {
					continue
				}
				pairs++
				switch pi, pj := r.probs[i][c], r.probs[j][c]; {
				case pi > pj:
					right++
				case pi == pj:
					right += 0.5
				}
			}
		}
		total += right / pairs * float64(pos)
	}
	return total / float64(len(r.actual)), true
}

// checkMeasures compares an evaluation row's measures with those recounted
// from its predictions: counts and costs exactly (the costs are sums over
// the rows in table order, divided by their number), the MAE to 1e-12
// (dtbench sums it fold by fold), and the weighted AUC to 1e-12 against
// its pair-by-pair definition.
func checkMeasures(t *testing.T, what string, m *schemas.Measures, r recount) {
	t.Helper()
	if m.Total == nil || *m.Total != r.rows || *m.Correct != r.correct {
		t.Errorf("%s: correct %v of %v; its predictions: %d of %d", what, showPtr(m.Correct), showPtr(m.Total), r.correct, r.rows)
		return
	}
	if acc := float64(r.correct) / float64(r.rows); *m.Accuracy != acc {
		t.Errorf("%s: accuracy %v; its predictions give %v", what, *m.Accuracy, acc)
	}
	if mae := r.abse / float64(r.rows); math.Abs(*m.MAE-mae) > 1e-12 {
		t.Errorf("%s: mae %v; its predictions give %v", what, *m.MAE, mae)
	}
	switch auc, ok := r.weightedAUC(); {
	case ok != (m.AUCWeighted != nil):
		t.Errorf("%s: auc_weighted %v; its predictions give %v (defined: %v)", what, showPtr(m.AUCWeighted), auc, ok)
	case ok && math.Abs(*m.AUCWeighted-auc) > 1e-12:
		t.Errorf("%s: auc_weighted %v; its predictions give %v", what, *m.AUCWeighted, auc)
	}
	if !r.costed {
		if m.AvgCost != nil {
			t.Errorf("%s: avg_cost %v, but its predictions have no costs", what, *m.AvgCost)
		}
		return
	}
	tests, errs := r.tests/float64(r.rows), r.errs/float64(r.rows)
	if m.AvgTestCost == nil || *m.AvgTestCost != tests || *m.AvgErrorCost != errs || *m.AvgCost != tests+errs {
		t.Errorf("%s: avg_test_cost %v, avg_error_cost %v, avg_cost %v; its predictions give %v, %v, %v",
			what, showPtr(m.AvgTestCost), showPtr(m.AvgErrorCost), showPtr(m.AvgCost), tests, errs, tests+errs)
	}
}

// checkRowIDs checks a block's rows against the imported dataset d: the
// classes are d's, every row_id is a row of d whose class is the row's
// actual class, and none repeats within the block.
func checkRowIDs(t *testing.T, what string, b *schemas.PredictionRows, d *dataset.Dataset) {
	t.Helper()
	if !slices.Equal(b.Classes, d.Schema().Class.Values) {
		t.Fatalf("%s: classes %q; the imported dataset's %q", what, b.Classes, d.Schema().Class.Values)
	}
	for i, id := range b.RowIDs {
		if id < 0 || id >= int64(d.Len()) {
			t.Fatalf("%s: row_id %d outside the imported dataset's %d rows", what, id, d.Len())
		}
		if got := d.Label(int(id)); got != b.Actual[i] {
			t.Fatalf("%s: row_id %d is of class %q in the imported dataset, %q in the predictions", what, id, b.Classes[got], b.Classes[b.Actual[i]])
		}
		if i > 0 && id <= b.RowIDs[i-1] {
			t.Fatalf("%s: row_ids not ascending (%d after %d)", what, id, b.RowIDs[i-1])
		}
	}
}

func showPtr[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// auditCost recomputes every evaluation row of a cost-study run from its
// predictions and checks their row ids: each split's test rows, the same
// for every learner and k, are rows of the imported dataset, the rest of
// which are its training rows (round(train·n) of them).
func auditCost(t *testing.T, dir string, train float64) {
	t.Helper()
	data := importedData(t, dir)
	byKey := map[string]recount{}
	tests := map[string][]int64{} // (dataset, rep) → the split's test rows
	for _, b := range predictionBlocks(t, dir, schemas.CostPredictionTable.Read) {
		key := fmt.Sprintf("%d %s", b.Head.DatasetID, b.Head.Learner)
		r := byKey[key]
		r.add(t, &b.PredictionRows)
		byKey[key] = r
		d := data[b.Head.Dataset]
		checkRowIDs(t, key, &b.PredictionRows, d)
		if b.Fold != schemas.NoFold {
			t.Errorf("%s: fold %d; want %d for a split", key, b.Fold, schemas.NoFold)
		}
		split := fmt.Sprintf("%s r%d", b.Head.Dataset, b.Rep)
		if seen, ok := tests[split]; ok && !slices.Equal(seen, b.RowIDs) {
			t.Errorf("%s: test rows differ between tasks of split %s", key, split)
		}
		tests[split] = b.RowIDs
		if want := d.Len() - int(math.Round(train*float64(d.Len()))); b.Len() != want {
			t.Errorf("%s: %d test rows; want %d of %d", key, b.Len(), want, d.Len())
		}
		for i := range b.Len() {
			want := 0.0 // a swept matrix: 0 on the diagonal, k elsewhere
			if b.Actual[i] != b.Predicted[i] {
				want = b.Head.Misclassification
			}
			if b.Head.Misclassification > 0 && b.ErrorCost[i] != want {
				t.Fatalf("%s row %d: error cost %v; want %v", key, b.RowIDs[i], b.ErrorCost[i], want)
			}
		}
	}
	evals := costEvals(t, dir)
	for _, e := range evals {
		key := fmt.Sprintf("%d %s", e.DatasetID, e.Learner)
		r, ok := byKey[key]
		if !ok {
			t.Errorf("%s (%s, k=%v): no predictions", key, e.Dataset, e.Misclassification)
			continue
		}
		checkMeasures(t, fmt.Sprintf("%s (%s, k=%v)", key, e.Dataset, e.Misclassification), &e.Measures, r)
		delete(byKey, key)
	}
	if len(evals) == 0 || len(byKey) > 0 {
		t.Errorf("%d evaluation rows; %d (task, learner)s of the predictions have none", len(evals), len(byKey))
	}
}

// auditBenchmark recomputes every evaluation row of a benchmark run from
// its predictions and checks their row ids: a (task, learner)'s folds
// partition the task's subsample, which holds each scenario's quotas (or
// every row of the dataset), and the confusion table counts the same rows.
func auditBenchmark(t *testing.T, dir string, quotas map[string]map[string]int) {
	t.Helper()
	data := importedData(t, dir)
	byKey := map[string]recount{}
	rows := map[string][]int64{} // (task, learner) → its rows over the folds
	cellOf := map[string]schemas.BenchmarkCell{}
	confusion := map[string]int64{}
	for _, b := range predictionBlocks(t, dir, schemas.BenchmarkPredictionTable.Read) {
		key := fmt.Sprintf("%d %s", b.Head.DatasetID, b.Head.Learner)
		r := byKey[key]
		r.add(t, &b.PredictionRows)
		byKey[key] = r
		checkRowIDs(t, fmt.Sprintf("%s fold %d", key, b.Fold), &b.PredictionRows, data[b.Head.Dataset])
		rows[key] = append(rows[key], b.RowIDs...)
		for i := range b.Len() {
			confusion[fmt.Sprintf("%s %d %s %s", key, b.Fold, b.Classes[b.Actual[i]], b.Classes[b.Predicted[i]])]++
		}
		cellOf[key] = b.Head.BenchmarkCell
	}
	for key, ids := range rows {
		sorted := slices.Sorted(slices.Values(ids))
		if len(slices.Compact(slices.Clone(sorted))) != len(ids) {
			t.Errorf("%s: a row is tested in two folds", key)
		}
		cell := cellOf[key]
		d := data[cell.Dataset]
		counts := map[string]int{}
		for _, id := range ids {
			counts[d.Schema().Class.Values[d.Label(int(id))]]++
		}
		if want := quotas[cell.Scenario]; cell.Scenario != "all" && !mapsEqual(counts, want) {
			t.Errorf("%s (%s): classes of its rows %v; the scenario's quotas %v", key, cell.Scenario, counts, want)
		}
	}
	parts, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(schemas.Confusion), "*.parquet"))
	var cells []schemas.ConfusionRow
	for _, p := range parts {
		rows, err := schemas.ConfusionTable.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		cells = append(cells, rows...)
	}
	for _, c := range cells {
		key := fmt.Sprintf("%d %s %d %s %s", c.DatasetID, c.Learner, c.Fold, c.Actual, c.Predicted)
		if confusion[key] != c.Count {
			t.Errorf("confusion %s: %d; its predictions %d", key, c.Count, confusion[key])
		}
		delete(confusion, key)
	}
	if len(confusion) > 0 {
		t.Errorf("%d (fold, actual, predicted) cells of the predictions are not in results/confusion", len(confusion))
	}
	evals := evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read)
	for _, e := range evals {
		key := fmt.Sprintf("%d %s", e.DatasetID, e.Learner)
		r, ok := byKey[key]
		if !ok {
			t.Errorf("%s: no predictions", key)
			continue
		}
		checkMeasures(t, fmt.Sprintf("%s (%s %s %s)", key, e.Dataset, e.Scenario, e.Subset), &e.Measures, r)
		if e.Scenario == "all" && len(rows[key]) != data[e.Dataset].Len() {
			t.Errorf("%s: %d rows tested; the dataset has %d", key, len(rows[key]), data[e.Dataset].Len())
		}
		delete(byKey, key)
	}
	if len(evals) == 0 || len(byKey) > 0 {
		t.Errorf("%d evaluation rows; %d (task, learner)s of the predictions have none", len(evals), len(byKey))
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestPredictionsAuditCost: on the toy cost study (test costs with a group
// and a delayed test, two swept costs), each evaluation row's average
// costs are exactly the means of its predictions' costs, its counts and
// MAE theirs, and its row ids the split's test rows.
func TestPredictionsAuditCost(t *testing.T) {
	cfg := costConfig(t)
	if !cfg.Outputs.Predictions {
		t.Fatal("outputs.predictions is off by default in the cost study")
	}
	auditCost(t, run(t, cfg, Options{Out: t.TempDir()}), costOf(cfg).Train)
}

// TestPredictionsAuditCostTurney is the cost audit on the shared
// heart-disease and hepatitis data with Turney's cost files.
func TestPredictionsAuditCostTurney(t *testing.T) {
	shareddata.DirOrSkip(t)
	cfg, err := Load(LoadOptions{File: "../configs/cost-turney.yaml", Env: []string{},
		Sets: []string{"cost.repetitions=2", "cost.misclassification=[10, 1000]"}})
	if err != nil {
		t.Fatal(err)
	}
	auditCost(t, run(t, cfg, Options{Out: t.TempDir()}), costOf(cfg).Train)
}

// TestPredictionsAuditBenchmark: on the toy benchmark study (two
// scenarios, with test costs), each evaluation row's counts, accuracy,
// MAE and average costs are those of its predictions, whose rows are the
// scenario's subsample, fold by fold.
func TestPredictionsAuditBenchmark(t *testing.T) {
	cfg := benchConfig(t, "costs={tests: {default: 1.5, a0: 7.27}, groups: {g: {common: 2.1, members: [a1, a2]}}, delayed: [a2]}")
	if !cfg.Outputs.Predictions {
		t.Fatal("outputs.predictions is off by default in the benchmark study")
	}
	auditBenchmark(t, run(t, cfg, Options{Out: t.TempDir()}), map[string]map[string]int{
		"S1": {"positive": 40, "negative": 40}, "S2": {"positive": 20, "negative": 80}})
}

// TestPredictionsAuditBenchmarkShared is the benchmark audit on
// configs/benchmark-small.yaml's shared datasets (one repetition).
func TestPredictionsAuditBenchmarkShared(t *testing.T) {
	shareddata.DirOrSkip(t)
	cfg, err := Load(LoadOptions{File: "../configs/benchmark-small.yaml", Env: []string{}, Sets: []string{"benchmark.repetitions=1"}})
	if err != nil {
		t.Fatal(err)
	}
	auditBenchmark(t, run(t, cfg, Options{Out: t.TempDir()}), nil)
}

// TestOraclePredictions: the oracle study writes no predictions unless
// asked (outputs.predictions, or its variable), nor auc_weighted unless
// asked (oracle.auc); asked, each evaluation row has its held-out rows'
// predictions, row_id the row of split test of datasets/, whose class is
// the row's actual class, and its measures, the weighted AUC among them,
// are those its predictions give.
func TestOraclePredictions(t *testing.T) {
	off := run(t, smallConfig(t), Options{Out: t.TempDir()})
	if _, err := os.Stat(filepath.Join(off, filepath.FromSlash(schemas.Predictions))); !os.IsNotExist(err) {
		t.Errorf("the oracle study wrote predictions by default: %v", err)
	}
	for _, e := range oracleEvals(t, off) {
		if e.AUCWeighted != nil {
			t.Fatalf("%s: auc_weighted %v without oracle.auc", e.Learner, *e.AUCWeighted)
		}
	}
	cfg, err := Load(LoadOptions{Sets: []string{"name=small", "oracle.features=6", "oracle.depths=[2,4]", "oracle.sizes=[30,60]",
		"oracle.repetitions=3", "oracle.test_size=50", "chunk=4", "oracle.auc=true",
		"learners=[id3, c45, cart, randomtree, naivebayes, intuitive, majority, random]"}, Env: []string{"DTBENCH_OUTPUTS_PREDICTIONS=true"}})
	if err != nil {
		t.Fatal(err)
	}
	dir := run(t, cfg, Options{Out: t.TempDir()})
	test := map[int64]*dataset.Dataset{}
	parts, _ := filepath.Glob(filepath.Join(dir, schemas.Datasets, "*.parquet"))
	for _, p := range parts {
		recs, err := schemas.DatasetTable.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			test[r.DatasetID] = r.Test
		}
	}
	byKey := map[string]recount{}
	for _, b := range predictionBlocks(t, dir, schemas.OraclePredictionTable.Read) {
		key := fmt.Sprintf("%d %s", b.Head.DatasetID, b.Head.Learner)
		d := test[b.Head.DatasetID]
		for i, id := range b.RowIDs {
			if id != int64(i) || d.Label(i) != b.Actual[i] {
				t.Fatalf("%s: row %d has row_id %d and class %d; test row %d is of class %d", key, i, id, b.Actual[i], i, d.Label(i))
			}
		}
		r := byKey[key]
		r.add(t, &b.PredictionRows)
		byKey[key] = r
	}
	for _, e := range oracleEvals(t, dir) {
		key := fmt.Sprintf("%d %s", e.DatasetID, e.Learner)
		checkMeasures(t, key, &e.Measures, byKey[key])
	}
}

// TestOutputsKey: outputs.predictions takes true or false from a file,
// --set or its variable, and nothing else; an unknown outputs key is an
// error naming it.
func TestOutputsKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts LoadOptions
		want string // error text; "" for none
	}{
		{"set false", LoadOptions{Sets: []string{"outputs.predictions=false"}}, ""},
		{"a number", LoadOptions{Sets: []string{"outputs.predictions=1"}}, "want true or false"},
		{"a word", LoadOptions{Env: []string{"DTBENCH_OUTPUTS_PREDICTIONS=yes please"}}, "DTBENCH_OUTPUTS_PREDICTIONS"},
		{"unknown key", LoadOptions{Sets: []string{"outputs.confusion=true"}}, "outputs.confusion"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.opts.Env == nil {
				tc.opts.Env = []string{}
			}
			cfg, err := Load(tc.opts)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Load: %v", err)
			case tc.want == "" && cfg.Outputs.Predictions:
				t.Errorf("outputs.predictions=false left it on")
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Load = %v; want an error naming %q", err, tc.want)
			}
		})
	}
}
