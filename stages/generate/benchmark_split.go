package generate

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/costs"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/info"
	"github.com/dtbench/dtbench/internal/wekasort"
	"github.com/dtbench/dtbench/schemas"
)

// SplitNode is the benchmark study's per-task generate stage: each task's
// data (flow.Split, in memory: its subsample, attributes and folds),
// and the gain-ratio ranking of its dataset's attributes, written once
// per (dataset, scenario, repetition) by the task of the whole top set.
// A staged train or evaluate draws the split again (Reload), from the
// imported datasets, with the same result.
func (b *Benchmark) SplitNode() flow.Node {
	run := func(t *flow.Task, bag *schemas.Bag) error {
		s, err := b.Split(t, schemas.ImportedTable.Get(bag))
		if err != nil {
			return err
		}
		flow.Splits.Set(bag, []flow.Split{s})
		m, err := b.taskCosts(s, schemas.ImportedTable.Get(bag))
		if err != nil {
			return err
		}
		setTaskCosts(bag, m)
		if len(b.subsets[t.Cell]) == b.selects[b.cellData[t.Cell]] {
			schemas.AttributeTable.Set(bag, s.Ranking)
		} else {
			schemas.AttributeTable.Set(bag, nil)
		}
		return nil
	}
	return flow.Node{
		Stage:  flow.StageGenerate,
		Reads:  []schemas.Ref{schemas.ImportedTable},
		Writes: []schemas.Ref{flow.Splits, schemas.AttributeTable, flow.TaskCosts},
		Run:    run,
		Reload: run,
	}
}

// taskCosts returns the cost model of a split: its dataset's, projected
// onto the subset's attributes; nil without costs.
func (b *Benchmark) taskCosts(s flow.Split, imported []schemas.DatasetRecord) (*costs.Model, error) {
	full, err := b.data.costModel(s.Dataset, imported)
	if err != nil || full == nil {
		return nil, err
	}
	features := make([]int, len(s.Attributes))
	for k, name := range s.Attributes {
		features[k] = slices.IndexFunc(full.Tests, func(tc costs.Test) bool { return tc.Name == name })
	}
	return full.Project(features), nil
}

// Split draws task t's data from the imported datasets. Everything that
// the attribute subsets of one (dataset, scenario, repetition) share —
// the subsample, the folds, the ranking — is drawn from the generator
// t.SharedRand("<dataset>/<scenario>/r<rep>") (or, for the weka fold
// scheme, java.util.Random(seed + rep)), so every subset of a repetition
// sees the same rows and folds, as the paper's design has it:
//
//  1. The subsample: for each quota of the scenario (classes in name
//     order), that many rows of the class drawn without replacement
//     (rng.Perm of the class's rows, the first ones taken); then sorted
//     in dataset order. Without scenarios, every row.
//  2. The folds over the subsample's rows: cv.Stratified with the same
//     generator, or cv.Weka.
//  3. The gain ratio of every attribute against the class on the
//     subsample (rank: full) or averaged over the folds' training rows
//     (rank: cv, cv-merit), best first in the rank mode's order (rank);
//     with rank: {per: scenario}, repetition 0's ranking for every
//     repetition (scenarioRanking).
//  4. The cell's subset: the attributes of its ranks, in dataset order
//     (as Weka's Remove filter keeps them), projected with the subsample.
func (b *Benchmark) Split(t *flow.Task, imported []schemas.DatasetRecord) (flow.Split, error) {
	cell := b.cells[t.Cell]
	var d *dataset.Dataset
	for i := range imported {
		if imported[i].Mode == cell.Dataset {
			d = imported[i].Train
		}
	}
	if d == nil {
		return flow.Split{}, fmt.Errorf("dataset %s is not among the imported datasets", cell.Dataset)
	}
	rows, labels, folds, err := b.draw(t, d, cell, t.Rep)
	if err != nil {
		return flow.Split{}, err
	}
	var ranking []schemas.AttributeRow
	if b.cfg.RankPer == RankPerScenario && t.Rep != 0 {
		if ranking, err = b.scenarioRanking(t, d, cell); err != nil {
			return flow.Split{}, err
		}
	} else {
		ranking = b.rank(d, rows, labels, folds, cell, t)
	}
	var features []int
	for _, r := range b.subsets[t.Cell] {
		features = append(features, slices.IndexFunc(d.Schema().Features, func(a dataset.Attribute) bool { return a.Name == ranking[r-1].Attribute }))
	}
	slices.Sort(features)
	data, err := d.Project(rows, features)
	if err != nil {
		return flow.Split{}, err
	}
	names := make([]string, len(features))
	for i, f := range features {
		names[i] = d.Schema().Features[f].Name
	}
	return flow.Split{Dataset: cell.Dataset, Data: data, Attributes: names, Rows: rows, Folds: folds, Ranking: ranking}, nil
}

// draw returns repetition rep's subsample of cell's (dataset, scenario)
// in d, its labels and its folds (steps 1 and 2 of Split).
func (b *Benchmark) draw(t *flow.Task, d *dataset.Dataset, cell schemas.BenchmarkCell, rep int) ([]int, []uint8, cv.Folds, error) {
	rng := t.SharedRand(cell.Dataset + "/" + cell.Scenario + "/r" + strconv.Itoa(rep))
	rows, err := b.subsample(d, b.data.spec(cell.Dataset).Scenarios, cell.Scenario, rng)
	if err != nil {
		return nil, nil, cv.Folds{}, err
	}
	labels := make([]uint8, len(rows))
	for i, r := range rows {
		labels[i] = d.Label(r)
	}
	var folds cv.Folds
	if b.cfg.Folds.Scheme == SchemeWeka {
		folds = cv.Weka(labels, b.cfg.Folds.K, b.cfg.Folds.Seed+int64(rep))
	} else {
		folds = cv.Stratified(labels, b.cfg.Folds.K, rng)
	}
	return rows, labels, folds, nil
}

// scenarioRanking is the ranking of rank: {per: scenario}: repetition
// 0's (its subsample and folds, drawn again), with task t's id and
// repetition, so that every repetition of a (dataset, scenario) names the
// same attributes A1, A2, … as the paper's ranking once per scenario did.
// It is computed once per process and dataset, scenario.
func (b *Benchmark) scenarioRanking(t *flow.Task, d *dataset.Dataset, cell schemas.BenchmarkCell) ([]schemas.AttributeRow, error) {
	key := cell.Dataset + "/" + cell.Scenario
	first, ok := b.scenarioRanks.Load(key)
	if !ok {
		rows, labels, folds, err := b.draw(t, d, cell, 0)
		if err != nil {
			return nil, err
		}
		first, _ = b.scenarioRanks.LoadOrStore(key, b.rank(d, rows, labels, folds, cell, &flow.Task{}))
	}
	out := slices.Clone(first.([]schemas.AttributeRow))
	for i := range out {
		out[i].DatasetID, out[i].Rep = t.ID, int32(t.Rep)
	}
	return out, nil
}

// subsample returns the rows of scenario s (every row for AllRows), in
// dataset order.
func (b *Benchmark) subsample(d *dataset.Dataset, scenarios []Scenario, scenario string, rng *rand.Rand) ([]int, error) {
	if scenario == AllRows {
		return d.All().Rows(nil), nil
	}
	i := slices.IndexFunc(scenarios, func(s Scenario) bool { return s.Name == scenario })
	if i < 0 {
		return nil, fmt.Errorf("no scenario %q", scenario)
	}
	var rows []int
	labels := d.Schema().Class.Values
	for _, q := range scenarios[i].Quotas {
		c := slices.Index(labels, q.Class)
		if c < 0 {
			return nil, fmt.Errorf("scenario %s: no class %q", scenario, q.Class)
		}
		of := d.ClassRows(c).Rows(nil)
		if q.Rows > len(of) {
			return nil, fmt.Errorf("scenario %s: %d rows of class %q, the dataset has %d", scenario, q.Rows, q.Class, len(of))
		}
		for _, k := range rng.Perm(len(of))[:q.Rows] {
			rows = append(rows, of[k])
		}
	}
	slices.Sort(rows)
	return rows, nil
}

// rank returns every attribute of d with its gain ratio on the rows (or
// its mean over the folds' training rows) and its rank, best first, in
// the order of b's rank mode: RankFull by the merit, RankCV by the mean
// rank over the folds (Weka's cross-validated attribute selection, which
// prints the mean merit beside it), RankCVMerit by the mean merit. Ties
// fall as Weka's Ranker lets them fall (wekaRanking).
func (b *Benchmark) rank(d *dataset.Dataset, rows []int, labels []uint8, folds cv.Folds, cell schemas.BenchmarkCell, t *flow.Task) []schemas.AttributeRow {
	m := d.NumFeatures()
	gr, foldMerits := gainRatios(d, rows, labels, folds, b.cfg.Rank != RankFull)
	var order []int
	switch b.cfg.Rank {
	case RankCV:
		order, _ = meanRankOrder(foldMerits)
	case RankCVMerit:
		order = make([]int, m)
		for f := range order {
			order[f] = f
		}
		slices.SortStableFunc(order, func(a, c int) int { return cmp.Compare(gr[c], gr[a]) })
	default:
		order = wekaRanking(gr)
	}
	out := make([]schemas.AttributeRow, m)
	for i, f := range order {
		out[i] = schemas.AttributeRow{DatasetID: t.ID, Dataset: cell.Dataset, Scenario: cell.Scenario, Rep: int32(t.Rep),
			Attribute: d.Schema().Features[f].Name, GainRatio: gr[f], Rank: int32(i + 1)}
	}
	return out
}

// gainRatios returns the gain ratio of every feature of d on the rows
// or, with cvMode, its mean over the folds' training rows and the merits
// of each fold ([fold][feature]).
func gainRatios(d *dataset.Dataset, rows []int, labels []uint8, folds cv.Folds, cvMode bool) (gr []float64, foldMerits [][]float64) {
	k := d.Classes()
	m := d.NumFeatures()
	gr = make([]float64, m)
	if cvMode {
		foldMerits = make([][]float64, folds.K)
		for fold := range foldMerits {
			foldMerits[fold] = make([]float64, m)
		}
	}
	var perFold, train []int // per fold, then the training rows' table
	for f := range m {
		if d.IsNumeric(f) || d.Missing(f) != nil {
			if !cvMode {
				gr[f] = spreadTableGainRatio(d, f, rows, labels)
				continue
			}
			sum := 0.0
			for fold, merit := range spreadFoldGainRatios(d, f, rows, labels, folds) {
				foldMerits[fold][f] = merit
				sum += merit
			}
			gr[f] = sum / float64(folds.K)
			continue
		}
		z := d.Domain(f)
		col := d.Column(f)
		if !cvMode {
			tab := make([]int, z*k)
			for i, r := range rows {
				tab[int(col[r])*k+int(labels[i])]++
			}
			gr[f] = info.GainRatio(tab, k)
			continue
		}
		// One pass counts each fold's rows; a fold's training table is
		// the whole table less its own (the same integers as counting the
		// training rows, so the same gain ratios).
		perFold = slices.Grow(perFold[:0], (folds.K+1)*z*k)[:(folds.K+1)*z*k]
		clear(perFold)
		all := perFold[folds.K*z*k:]
		for i, r := range rows {
			cell := int(col[r])*k + int(labels[i])
			perFold[folds.Of[i]*z*k+cell]++
			all[cell]++
		}
		train = slices.Grow(train[:0], z*k)[:z*k]
		sum := 0.0
		for fold := range folds.K {
			own := perFold[fold*z*k : (fold+1)*z*k]
			for j := range train {
				train[j] = all[j] - own[j]
			}
			merit := info.GainRatio(train, k)
			foldMerits[fold][f] = merit
			sum += merit
		}
		gr[f] = sum / float64(folds.K)
	}
	return gr, foldMerits
}

// wekaRanking is the order of Weka's Ranker on merits, best first: the
// reverse of Weka's ascending sort (Utils.sort, not stable), so that equal
// merits come in Weka's order.
func wekaRanking(merits []float64) []int {
	order := wekasort.Sort(merits)
	slices.Reverse(order)
	return order
}

// meanRankOrder is the order of Weka's cross-validated attribute selection
// (AttributeSelection.CVResultsString): each fold ranks the attributes by
// its merits (wekaRanking), and the attributes are sorted by their mean
// rank, ascending, with Weka's sort. Weka sorts an array over every
// column, the class's (whose rank stays 0) included; dtbench puts the
// class last, as the paper's ARFF files do, which decides the order of
// tied mean ranks only. It returns the order and the mean ranks.
func meanRankOrder(foldMerits [][]float64) (order []int, meanRanks []float64) {
	m := len(foldMerits[0])
	ranks := make([]float64, m+1) // the class's last
	for _, merits := range foldMerits {
		for pos, f := range wekaRanking(merits) {
			ranks[f] += float64(pos + 1)
		}
	}
	for f := range ranks {
		ranks[f] /= float64(len(foldMerits))
	}
	return slices.DeleteFunc(wekasort.Sort(ranks), func(f int) bool { return f == m }), ranks[:m]
}

// spreadFoldGainRatios is spreadTableGainRatio on each fold's training
// rows, each fold discretized on its own, as Weka's cross-validated
// attribute selection builds the evaluator on each fold's training data.
func spreadFoldGainRatios(d *dataset.Dataset, f int, rows []int, labels []uint8, folds cv.Folds) []float64 {
	out := make([]float64, folds.K)
	var sub []int
	var subLabels []uint8
	for fold := range folds.K {
		sub, subLabels = sub[:0], subLabels[:0]
		for i, r := range rows {
			if folds.Of[i] != fold {
				sub = append(sub, r)
				subLabels = append(subLabels, labels[i])
			}
		}
		out[fold] = spreadTableGainRatio(d, f, sub, subLabels)
	}
	return out
}

// spreadTableGainRatio is the gain ratio of a numeric feature, or of a
// nominal one with missing values, on rows (labels[i] is row rows[i]'s
// class), as Weka's GainRatioAttributeEval computes it: a numeric feature
// discretized first by Fayyad and Irani's MDL with the better encoding
// (info.MDLCutPointsBetterEncoding) on the rows ranked, and the rows with
// a missing value spread over the values in proportion
// (info.SpreadMissing).
func spreadTableGainRatio(d *dataset.Dataset, f int, rows []int, labels []uint8) float64 {
	k := d.Classes()
	missing := make([]int, k)
	var table []int
	if d.IsNumeric(f) {
		all := d.Numbers(f)
		values := make([]float64, len(rows))
		for i, r := range rows {
			values[i] = all[r]
		}
		cuts := info.MDLCutPointsBetterEncoding(values, labels, nil)
		table = make([]int, (len(cuts)+1)*k)
		for i, v := range values {
			if math.IsNaN(v) {
				missing[labels[i]]++
				continue
			}
			bin, _ := slices.BinarySearch(cuts, v) // the first cut >= v: Weka's bin of v
			table[bin*k+int(labels[i])]++
		}
	} else {
		col := d.Column(f)
		table = make([]int, d.Domain(f)*k)
		for i, r := range rows {
			if col[r] == dataset.MissingCode {
				missing[labels[i]]++
				continue
			}
			table[int(col[r])*k+int(labels[i])]++
		}
	}
	return info.WekaGainRatio(info.SpreadMissing(table, missing, k), k)
}

// Attributes returns the comma-separated attribute names of a split.
func Attributes(s *flow.Split) string { return strings.Join(s.Attributes, ",") }
