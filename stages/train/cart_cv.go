package train

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// cartPruned grows a CART tree on rows and prunes it by minimal
// cost-complexity pruning with alpha chosen by internal cross-validation,
// as SimpleCart's buildClassifier does:
//
//  1. Shuffle the rows with rng and stratify them into o.Folds folds the
//     way Weka's Instances.stratify does (cartStratify).
//  2. For each fold, grow a tree on the other folds and record its alpha
//     sequence and, after each step, its error rate on the fold.
//  3. Grow the tree on all rows and compute its alpha sequence α_0 = 0,
//     α_1, …, α_m, closed by α_{m+1} = 1. Step i is scored at the
//     geometric midpoint β_i = √(α_i α_{i+1}) by the mean over folds of
//     each fold's error at the step before its first alpha above β_i.
//  4. Take the step of least mean error, the most pruned on ties; with the
//     one-SE rule, the most pruned step whose error is at most that least
//     error e plus √(e(1−e)/N), N the number of rows.
//  5. Prune the tree on all rows at β of that step.
//
// SimpleCart shuffles with its own seed (-S 1) and, through an off-by-one
// in its percentage option, leaves the last shuffled row out of the
// folds; we draw from the task's rng and keep every row. With fewer rows
// than folds we use one fold per row, and with fewer than two rows the
// tree (then a single leaf) is returned as grown; SimpleCart fails there.
func cartPruned(d *dataset.Dataset, rows dataset.Bitset, sp grow.Splitter, o CARTOptions, rng *rand.Rand) (*tree.Tree, error) {
	full, err := grow.Tree(d, rows, sp, grow.Options{}, nil)
	if err != nil {
		return nil, err
	}
	mine := dataset.And(make(dataset.Bitset, len(rows)), rows, d.All())
	idx := mine.Rows(nil)
	n := len(idx)
	folds := min(o.Folds, n)
	if folds < 2 {
		return full, nil
	}
	cartStratify(idx, d.Labels(), folds, rng)

	var p cartPruner
	foldAlphas := make([][]float64, folds)
	foldErrors := make([][]float64, folds)
	train := make(dataset.Bitset, len(rows))
	var test []int
	for i := range folds {
		first, size := cartTestFold(n, folds, i)
		copy(train, mine)
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

// cartStratify shuffles rows with rng and orders them for stratified
// folds as Weka's Instances.randomize and stratify do: a Fisher–Yates
// shuffle; then the rows are grouped by class, classes in order of first
// appearance, by Weka's swapping pass; then the grouped list is dealt
// round-robin, taking rows start, start+folds, start+2·folds, … for start
// = 0, 1, …, so each fold (a contiguous block, cartTestFold) gets every
// class in proportion.
func cartStratify(rows []int, labels []uint8, folds int, rng *rand.Rand) {
	rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	n := len(rows)
	for index := 1; index < n; index++ {
		c := labels[rows[index-1]]
		for j := index; j < n; j++ {
			if labels[rows[j]] == c {
				rows[index], rows[j] = rows[j], rows[index]
				index++
			}
		}
	}
	dealt := make([]int, 0, n)
	for start := 0; start < folds; start++ {
		for j := start; j < n; j += folds {
			dealt = append(dealt, rows[j])
		}
	}
	copy(rows, dealt)
}

// cartTestFold returns where fold i's test rows start in the stratified
// list of n rows and how many there are, as Weka's Instances.testCV: the
// first n mod folds folds have one row more.
func cartTestFold(n, folds, i int) (first, size int) {
	size = n / folds
	offset := n % folds
	if i < offset {
		size++
		offset = i
	}
	return i*(n/folds) + offset, size
}
