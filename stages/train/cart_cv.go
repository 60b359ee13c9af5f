package train

import (
	"math"
	"slices"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// cartPruned grows a CART tree on rows and prunes it by minimal
// cost-complexity pruning with alpha chosen by internal cross-validation,
// as SimpleCart's buildClassifier does:
//
//  1. Stratify the rows folded returns (in the caller's shuffled order;
//     it is called once the tree on rows has grown, so rows is a valid
//     row set) into o.Folds folds as Weka's Instances.stratify does
//     (cv.WekaStratify): fold i is the i-th block of that list
//     (Instances.testCV, cv.TestBlock), and its training rows are the
//     other rows folded (trainCV).
//  2. For each fold, grow a tree on its training rows and record its alpha
//     sequence and, after each step, its error rate on the fold.
//  3. Grow the tree on all rows and compute its alpha sequence α_0 = 0,
//     α_1, …, α_m, closed by α_{m+1} = 1. Step i is scored at the
//     geometric midpoint β_i = √(α_i α_{i+1}) by the mean over folds of
//     each fold's error at the step before its first alpha above β_i.
//  4. Take the step of least mean error, the most pruned on ties; with the
//     one-SE rule, the most pruned step whose error is at most that least
//     error e plus √(e(1−e)/N), N the number of rows (all of them, as in
//     SimpleCart, folded or not).
//  5. Prune the tree on all rows at β of that step.
//
// With fewer rows folded than folds we use one fold per row, and with
// fewer than two the tree is returned as grown; SimpleCart fails there.
func cartPruned(d *dataset.Dataset, rows dataset.Bitset, sp grow.Splitter, o CARTOptions, folded func() []int) (*tree.Tree, error) {
	full, err := grow.Tree(d, rows, sp, grow.Options{}, nil)
	if err != nil {
		return nil, err
	}
	n := dataset.AndCount(rows, d.All())
	idx := folded()
	m := len(idx)
	folds := min(o.Folds, m)
	if folds < 2 {
		return full, nil
	}
	idx = cv.WekaStratify(idx, d.Labels(), folds)
	inFolds := make(dataset.Bitset, len(rows))
	for _, r := range idx {
		inFolds.Set(r)
	}

	var p cartPruner
	foldAlphas := make([][]float64, folds)
	foldErrors := make([][]float64, folds)
	train := make(dataset.Bitset, len(rows))
	var test []int
	for i := range folds {
		first, size := cv.TestBlock(m, folds, i)
		copy(train, inFolds)
		for _, r := range idx[first : first+size] {
			train.Clear(r)
		}
		t, err := grow.Tree(d, train, sp, grow.Options{}, nil)
		if err != nil {
			return nil, err
		}
		if err := p.reset(t); err != nil {
			return nil, err
		}
		// In row order, the walk reads each column front to back.
		test = append(test[:0], idx[first:first+size]...)
		slices.Sort(test)
		p.setTest(d, test)
		foldAlphas[i], foldErrors[i] = p.sequence(nil, nil)
	}

	if err := p.reset(full); err != nil {
		return nil, err
	}
	alphas, _ := p.sequence(nil, nil)
	steps := len(alphas) - 1 // steps 0..steps−1; alphas[steps] is the end mark
	cvError := make([]float64, steps)
	for i := range steps {
		beta := math.Sqrt(alphas[i] * alphas[i+1])
		sum := 0.0
		for k := range folds {
			a := foldAlphas[k]
			l := 0
			for l < len(a)-1 && a[l] <= beta {
				l++
			}
			sum += foldErrors[k][max(l-1, 0)]
		}
		cvError[i] = sum / float64(folds)
	}
	best, bestError := -1, math.MaxFloat64
	for i := steps - 1; i >= 0; i-- {
		if cvError[i] < bestError {
			best, bestError = i, cvError[i]
		}
	}
	if o.OneSE {
		se := math.Sqrt(bestError * (1 - bestError) / float64(n))
		for i := steps - 1; i >= 0; i-- {
			if cvError[i] <= bestError+se {
				best = i
				break
			}
		}
	}
	p.pruneTo(math.Sqrt(alphas[best] * alphas[best+1]))
	return p.tree(), nil
}
