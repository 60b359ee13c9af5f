package cv

import (
	"fmt"
	"math/rand/v2"
)

// Folds is a k-fold assignment of a task's rows: Of[i] is the test fold,
// 0..K−1, of the i-th row of the list the assignment was made over.
type Folds struct {
	K  int
	Of []int
	// TrainOrder, when not nil, is per fold the order in which Weka hands
	// the fold's training rows to the learner (positions into the row
	// list); learners whose result depends on row order (SMO) follow it.
	// Only the weka scheme sets it: the other schemes train on the rows in
	// list order.
	TrainOrder [][]int
}

// Check reports whether k folds can be made of n rows whose smallest
// class has minClass rows: 2 <= k <= n, and k <= minClass so that every
// fold can hold every class (as stratification promises).
func Check(k, n, minClass int) error {
	switch {
	case k < 2:
		return fmt.Errorf("%d folds: want at least 2", k)
	case k > n:
		return fmt.Errorf("%d folds of %d rows", k, n)
	case k > minClass:
		return fmt.Errorf("%d folds, but the smallest class has %d rows", k, minClass)
	}
	return nil
}

// Stratified assigns the rows, with class codes labels (one per row), to
// k folds so that every fold's class counts are within one row of the
// class's share: the rows of each class, in an order shuffled with rng,
// are dealt to folds 0, 1, …, k−1, 0, …, continuing from class to class.
// Fold sizes differ by at most one row too.
func Stratified(labels []uint8, k int, rng *rand.Rand) Folds {
	classes := 0
	for _, c := range labels {
		classes = max(classes, int(c)+1)
	}
	byClass := make([][]int, classes)
	for i, c := range labels {
		byClass[c] = append(byClass[c], i)
	}
	f := Folds{K: k, Of: make([]int, len(labels))}
	next := 0
	for _, rows := range byClass {
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		for _, r := range rows {
			f.Of[r] = next
			next = (next + 1) % k
		}
	}
	return f
}

// Weka assigns the rows to k folds as Weka 3.6's
// Evaluation.crossValidateModel(classifier, data, k, new Random(seed)) and
// its Experimenter's run number seed do: the rows (in the order given)
// are randomized with java.util.Random(seed) (Instances.randomize: for j
// from the last down to 1, swap j with nextInt(j+1)), stratified
// (Instances.stratify: its swap sort by class, then stratStep, which deals
// every k-th row), and fold i is the i-th contiguous block of that order
// (Instances.testCV: n/k rows, one more for the first n mod k folds).
// Fold i's training rows are the rest of that order, before and after
// the block, then randomized with the same generator, folds in turn
// (Instances.trainCV(k, i, random)): TrainOrder.
func Weka(labels []uint8, k int, seed int64) Folds {
	n := len(labels)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rnd := NewJavaRandom(seed)
	WekaRandomize(order, rnd)
	order = WekaStratify(order, labels, k)
	f := Folds{K: k, Of: make([]int, n), TrainOrder: make([][]int, k)}
	for fold := range k {
		pos, size := TestBlock(n, k, fold)
		for _, r := range order[pos : pos+size] {
			f.Of[r] = fold
		}
		train := make([]int, 0, n-size)
		train = append(append(train, order[:pos]...), order[pos+size:]...)
		WekaRandomize(train, rnd)
		f.TrainOrder[fold] = train
	}
	return f
}

// WekaRandomize shuffles order in place as Weka's Instances.randomize
// does with rnd: for j from the last index down to 1, swap j with
// rnd.IntN(j+1). Weka's SMO shuffles each class pair's examples so too.
func WekaRandomize[T any](order []T, rnd *JavaRandom) {
	for j := len(order) - 1; j > 0; j-- {
		i := int(rnd.IntN(int32(j + 1)))
		order[j], order[i] = order[i], order[j]
	}
}

// WekaStratify is Instances.stratify(k) on the rows in order (labels[r]
// is row r's class): its sort by class (each row's class run is gathered
// by swapping forward the rows of the same class, which is not a stable
// sort; order is permuted in place), then stratStep, which deals every
// k-th row into a new list, returned. Fold i of k is then the i-th
// contiguous block of that list, as Instances.testCV cuts it (TestBlock).
func WekaStratify(order []int, labels []uint8, k int) []int {
	n := len(order)
	for index := 1; index < n; index++ {
		c := labels[order[index-1]]
		for j := index; j < n; j++ {
			if labels[order[j]] == c {
				order[index], order[j] = order[j], order[index]
				index++
			}
		}
	}
	out := make([]int, 0, n)
	for start := 0; len(out) < n; start++ {
		for j := start; j < n; j += k {
			out = append(out, order[j])
		}
	}
	return out
}

// TestBlock returns where fold i of k starts in a stratified list of n
// rows and how many rows it has, as Weka's Instances.testCV cuts it: n/k
// rows, one more for each of the first n mod k folds.
func TestBlock(n, k, i int) (first, size int) {
	size = n / k
	offset := n % k
	if i < offset {
		size++
		offset = i
	}
	return i*(n/k) + offset, size
}

// Test returns the positions (into the row list) of fold i's test rows,
// in list order.
func (f Folds) Test(i int) []int {
	var out []int
	for r, fold := range f.Of {
		if fold == i {
			out = append(out, r)
		}
	}
	return out
}
