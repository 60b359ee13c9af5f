package evaluate

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/dtbench/dtbench/costs"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/info"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// BenchmarkNode is the benchmark study's evaluate stage: per task, every
// configured learner's cross-validation is scored over its folds' test
// rows (one evaluation row per learner, in learner order, and the
// confusion counts per fold), and the entropies of the task's data are
// recorded; with predictions, every test row's prediction too
// (results/predictions). cells are the study's cells, indexed by
// Task.Cell; alpha is the order of the Tsallis entropy.
func BenchmarkNode(cells []schemas.BenchmarkCell, alpha float64, predictions bool) flow.Node {
	writes := []schemas.Ref{schemas.BenchmarkEvaluationTable, schemas.ConfusionTable, schemas.EntropyTable}
	if predictions {
		writes = append(writes, schemas.BenchmarkPredictionTable)
	}
	return flow.Node{
		Stage:  flow.StageEvaluate,
		Reads:  []schemas.Ref{flow.Splits, flow.Fits, flow.TaskCosts},
		Writes: writes,
		Run: func(t *flow.Task, b *schemas.Bag) error {
			splits := flow.Splits.Get(b)
			if len(splits) != 1 {
				return fmt.Errorf("task %d has %d splits, want 1", t.ID, len(splits))
			}
			res, err := BenchmarkTask(cells[t.Cell], t.ID, t.Rep, &splits[0], flow.Fits.Get(b), flow.CostsOf(b), predictions)
			if err != nil {
				return err
			}
			schemas.BenchmarkEvaluationTable.Set(b, res.Evaluations)
			schemas.ConfusionTable.Set(b, res.Confusion)
			schemas.EntropyTable.Set(b, []schemas.EntropyRow{Entropies(cells[t.Cell], t.ID, t.Rep, splits[0].Data, alpha)})
			if predictions {
				schemas.BenchmarkPredictionTable.Set(b, res.Predictions)
			}
			return nil
		},
	}
}

// BenchmarkResult is what BenchmarkTask makes of a task: its evaluation
// rows, its confusion counts and, when asked, its predictions (learner
// order, then fold, then row).
type BenchmarkResult struct {
	Evaluations []schemas.BenchmarkEvaluation
	Confusion   []schemas.ConfusionRow
	Predictions []schemas.PredictionBlock[schemas.BenchmarkPrediction]
}

// BenchmarkTask scores the fits of one cross-validated task. For each
// learner, over the folds: the rows classified correctly, the mean
// absolute error, the confusion counts; μ_X and μ_V are the benchmarks'
// analytic accuracies on each fold's test rows from its training rows'
// class counts (the paper's Eq. 7–9 and 12), summed over the folds as
// expected correct rows; μ_I is the cross-validated accuracy of I (the
// fits marked Intuitive); γ^X, γ^V and Γ compare the learner's accuracy
// with them. With a cost model cm, the average costs over the folds' test
// rows too. With predictions it records every test row's prediction, its
// row_id the imported dataset's row (sp.Rows).
func BenchmarkTask(cell schemas.BenchmarkCell, id int64, rep int, sp *flow.Split, fits []flow.Fit, cm *costs.Model, predictions bool) (BenchmarkResult, error) {
	d, k := sp.Data, sp.Data.Classes()
	labels := d.Schema().Class.Values
	folds := sp.Folds.K
	tests := make([]*Rows, folds)
	preds := make([]*Predictions, folds) // nil without predictions
	var expX, expV float64
	total := 0
	for fold := range folds {
		test, train := sp.TestRows(fold), sp.TrainRows(fold)
		tests[fold] = NewRows(d, test)
		if predictions {
			preds[fold] = newPredictions(d, test, sp.Rows, rep)
		}
		trainCounts, testCounts := d.ClassCounts(train), d.ClassCounts(test)
		n := float64(tests[fold].Len())
		if n == 0 {
			continue
		}
		expX += n * RandomAccuracy(trainCounts, testCounts)
		expV += n * MajorityAccuracy(trainCounts, testCounts)
		total += tests[fold].Len()
	}
	muX, muV := expX/float64(total), expV/float64(total)

	// Score every fit on its fold's test rows, by learner in first-seen
	// order (the config's), I among them or extra.
	type learnerScore struct {
		name      string
		extra     bool
		intuitive bool
		score     Score
		confusion [][]int // per fold, actual × predicted
		roc       ROCRows // every fold's test rows, pooled
		costs     CostSum
		failed    *flow.Fit                 // the first fold whose fit failed, if any
		preds     []*schemas.PredictionRows // per fold, with predictions
		sizes     treeSizes                 // the folds' trees' sizes, summed
	}
	var order []*learnerScore
	byName := map[string]*learnerScore{}
	for i := range fits {
		f := &fits[i]
		ls, ok := byName[f.Learner]
		if !ok {
			ls = &learnerScore{name: f.Learner, extra: f.Extra, intuitive: f.Intuitive, confusion: make([][]int, folds), roc: ROCRows{K: k}, preds: make([]*schemas.PredictionRows, folds)}
			byName[f.Learner] = ls
			order = append(order, ls)
		}
		if f.Failed() || ls.failed != nil {
			if ls.failed == nil {
				ls.failed = f
			}
			continue
		}
		conf := make([]int, k*k)
		p := preds[f.Fold]
		if ls.extra {
			p = nil
		}
		sc, rows, err := scoreFit(f, tests[f.Fold], d, k, cm, &ls.costs, conf, p, &ls.roc)
		if err != nil {
			return BenchmarkResult{}, err
		}
		ls.score = ls.score.Add(sc)
		ls.sizes.add(f.Tree)
		ls.confusion[f.Fold] = conf
		ls.preds[f.Fold] = rows
	}
	muI := math.NaN()
	for _, ls := range order {
		if ls.intuitive {
			muI = ls.score.Accuracy()
		}
	}
	attrs := strings.Join(sp.Attributes, ",")
	var evals []schemas.BenchmarkEvaluation
	var confusion []schemas.ConfusionRow
	var predicted []schemas.PredictionBlock[schemas.BenchmarkPrediction]
	for _, ls := range order {
		if ls.extra {
			continue
		}
		if f := ls.failed; f != nil {
			// No cross-validated model: every measure null, the first
			// failed fold's status.
			status, msg := f.Status, fmt.Sprintf("fold %d: %s", f.Fold, f.Message)
			evals = append(evals, schemas.BenchmarkEvaluation{DatasetID: id, Learner: ls.name, BenchmarkCell: cell, Attributes: attrs,
				Rep: int32(rep), Folds: int32(folds), Outcome: schemas.Outcome{Status: &status, Message: &msg}})
			continue
		}
		s := ls.score
		acc, mae := s.Accuracy(), s.MAE()
		correct, n := int64(s.Correct), int64(s.Total)
		gx, gv, gi := Gamma(acc, muX), Gamma(acc, muV), Gamma(acc, muI)
		x, v, i := muX, muV, muI
		evals = append(evals, schemas.BenchmarkEvaluation{
			DatasetID: id, Learner: ls.name, BenchmarkCell: cell, Attributes: attrs, Rep: int32(rep), Folds: int32(folds),
			Measures: schemas.Measures{Accuracy: &acc, MAE: &mae, Correct: &correct, Total: &n,
				AccX: &x, AccV: &v, AccI: &i, GammaX: &gx, GammaV: &gv, GammaI: &gi},
			Outcome: (&flow.Fit{}).Outcome(),
		})
		all := make([]int, k*k)
		for _, conf := range ls.confusion {
			for c, n := range conf {
				all[c] += n
			}
		}
		m := &evals[len(evals)-1].Measures
		ClassMeasures(all, k, s, m)
		if auc := ls.roc.WeightedAUC(); !math.IsNaN(auc) {
			m.AUCWeighted = &auc
		}
		ls.costs.Measures(m)
		ls.sizes.measures(folds, m)
		for fold, conf := range ls.confusion {
			for a := range k {
				for p := range k {
					if c := conf[a*k+p]; c > 0 {
						confusion = append(confusion, schemas.ConfusionRow{DatasetID: id, Learner: ls.name, Fold: int32(fold),
							Actual: labels[a], Predicted: labels[p], Count: int64(c)})
					}
				}
			}
		}
		for _, rows := range ls.preds {
			if rows != nil {
				predicted = append(predicted, schemas.PredictionBlock[schemas.BenchmarkPrediction]{
					Head: schemas.BenchmarkPrediction{DatasetID: id, Learner: ls.name, BenchmarkCell: cell}, PredictionRows: *rows})
			}
		}
	}
	return BenchmarkResult{Evaluations: evals, Confusion: confusion, Predictions: predicted}, nil
}

// treeSizes sums the sizes of a learner's fold trees, so that its
// evaluation row can carry their mean (results/evaluations' tree_depth,
// tree_leaves and tree_nodes, which are integers: the mean rounded).
type treeSizes struct {
	trees                int
	depth, leaves, nodes int
}

// add counts one fold's tree; a fit without a tree adds nothing.
func (s *treeSizes) add(t *tree.Tree) {
	if t == nil {
		return
	}
	s.trees++
	s.depth += t.Depth()
	s.leaves += t.Leaves()
	s.nodes += t.Len()
}

// measures sets m's tree sizes to the mean over the folds' trees, rounded
// to the nearest integer (halves away from zero), when every one of the
// folds grew a tree; otherwise (a non-tree learner) it leaves them null.
func (s *treeSizes) measures(folds int, m *schemas.Measures) {
	if s.trees == 0 || s.trees != folds {
		return
	}
	mean := func(sum int) *int32 {
		v := int32(math.Round(float64(sum) / float64(s.trees)))
		return &v
	}
	m.TreeDepth, m.TreeLeaves, m.TreeNodes = mean(s.depth), mean(s.leaves), mean(s.nodes)
}

// Entropies returns the class entropies of a task's data and the
// conditional entropy of the class given all its attributes together.
func Entropies(cell schemas.BenchmarkCell, id int64, rep int, d *dataset.Dataset, alpha float64) schemas.EntropyRow {
	counts := d.ClassCounts(d.All())
	k := d.Classes()
	// The joint distribution of the attributes: one table row per distinct
	// profile of values, in order of first appearance.
	profiles := map[string]int{}
	var table []int
	x := make([]uint8, d.NumFeatures())
	// Numbers have few repeated profiles to count: with numeric features
	// or missing values the profile is of the attributes' nominal view,
	// MDL bins on the task's rows and a missing value a value of its own
	// (or, for a view too wide for codes, of the values themselves).
	mixed := d.HasNumeric() || d.HasMissing()
	var coding *dataset.Coding
	if mixed {
		coding, _ = dataset.NewCoding(d, d.Cuts(d.All(), info.MDLCutPoints))
	}
	var values []float64
	for r := range d.Len() {
		switch {
		case coding != nil:
			values = d.Values(r, values)
			x = coding.Codes(values, x)
		case mixed:
			values = d.Values(r, values)
			x = x[:0]
			for _, v := range values {
				x = binary.LittleEndian.AppendUint64(x, math.Float64bits(v))
			}
		default:
			x = d.Row(r, x[:0])
		}
		p, ok := profiles[string(x)]
		if !ok {
			p = len(profiles)
			profiles[string(x)] = p
			table = append(table, make([]int, k)...)
		}
		table[p*k+int(d.Label(r))]++
	}
	return schemas.EntropyRow{DatasetID: id, BenchmarkCell: cell, Rep: int32(rep), Rows: int64(d.Len()),
		Shannon: info.Shannon(counts), ShannonNormalized: info.ShannonNormalized(counts),
		Renyi2: info.Renyi(counts, 2), RenyiInf: info.Renyi(counts, math.Inf(1)), Tsallis: info.Tsallis(counts, alpha),
		Conditional: info.Conditional(table, k)}
}
