// Package wekasort is Weka 3.6's weka.core.Utils.sort(double[]): the
// positions of an array's values in ascending order, by Weka's own
// quicksort, which is not stable. Where dtbench reproduces Weka, the
// order of equal values is Weka's: SimpleCart and RandomTree sum
// fractional weights in that order, and Ranker (attribute ranking) breaks
// ties of merits and of mean ranks by it. One copy, called by all.
package wekasort

import "math"

// Sort returns the positions of vals in ascending order as Weka 3.6's
// weka.core.Utils.sort(double[]) orders them: missing values (NaN) are
// taken as Double.MAX_VALUE, so they come last, and the sort is Weka's
// quicksort (median of three, then its partition), which is not stable.
// SimpleCart sorts each numeric attribute so once per fit and hands the
// order down to every node, and the order of equal values decides in
// which order fractional weights are summed; to sum them as SimpleCart
// does, its order must be the same.
func Sort(vals []float64) []int {
	return SortKeys(append([]float64(nil), vals...), make([]int, len(vals)))
}

// SortKeys is Sort for a caller that owns keys and a buffer index of
// len(keys) (a fit sorting at every node, which must not allocate there):
// it writes NaN keys as math.MaxFloat64, fills index with the positions of
// keys in Sort's order and returns it.
func SortKeys(keys []float64, index []int) []int {
	index = index[:len(keys)]
	for i := range index {
		index[i] = i
	}
	if len(keys) <= 1 {
		return index
	}
	for i, v := range keys {
		if math.IsNaN(v) {
			keys[i] = math.MaxFloat64
		}
	}
	quickSort(keys, index, 0, len(keys)-1)
	return index
}

// quickSort is Utils.quickSort(double[], int[], int, int).
func quickSort(a []float64, index []int, left, right int) {
	for {
		switch right - left {
		case 0:
			return
		case 1:
			condSwap(a, index, left, right)
			return
		case 2:
			condSwap(a, index, left, left+1)
			condSwap(a, index, left, right)
			condSwap(a, index, left+1, right)
			return
		}
		// sortLeftRightAndCenter
		c := (left + right) / 2
		condSwap(a, index, left, c)
		condSwap(a, index, left, right)
		condSwap(a, index, c, right)
		index[c], index[right-1] = index[right-1], index[c]
		center := partition(a, index, left, right, a[index[right-1]])
		index[center], index[right-1] = index[right-1], index[center]
		quickSort(a, index, left, center-1)
		left = center + 1 // the second recursive call, as a loop
	}
}

// condSwap is Utils.conditionalSwap: swap when out of order.
func condSwap(a []float64, index []int, l, r int) {
	if a[index[l]] > a[index[r]] {
		index[l], index[r] = index[r], index[l]
	}
}

// partition is Utils.partition(double[], int[], int, int, double).
func partition(a []float64, index []int, l, r int, pivot float64) int {
	r--
	for {
		for l++; a[index[l]] < pivot; l++ {
		}
		for r--; a[index[r]] > pivot; r-- {
		}
		if l >= r {
			return l
		}
		index[l], index[r] = index[r], index[l]
	}
}
