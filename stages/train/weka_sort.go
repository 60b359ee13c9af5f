package train

import "math"

// wekaSort returns the positions of vals in ascending order as Weka 3.6's
// weka.core.Utils.sort(double[]) orders them: missing values (NaN) are
// taken as Double.MAX_VALUE, so they come last, and the sort is Weka's
// quicksort (median of three, then its partition), which is not stable.
// SimpleCart sorts each numeric attribute so once per fit and hands the
// order down to every node, and the order of equal values decides in
// which order fractional weights are summed; to sum them as SimpleCart
// does, its order must be the same.
func wekaSort(vals []float64) []int {
	index := make([]int, len(vals))
	for i := range index {
		index[i] = i
	}
	if len(vals) <= 1 {
		return index
	}
	a := make([]float64, len(vals))
	for i, v := range vals {
		if math.IsNaN(v) {
			v = math.MaxFloat64
		}
		a[i] = v
	}
	wekaQuickSort(a, index, 0, len(a)-1)
	return index
}

// wekaQuickSort is Utils.quickSort(double[], int[], int, int).
func wekaQuickSort(a []float64, index []int, left, right int) {
	for {
		switch right - left {
		case 0:
			return
		case 1:
			wekaCondSwap(a, index, left, right)
			return
		case 2:
			wekaCondSwap(a, index, left, left+1)
			wekaCondSwap(a, index, left, right)
			wekaCondSwap(a, index, left+1, right)
			return
		}
		// sortLeftRightAndCenter
		c := (left + right) / 2
		wekaCondSwap(a, index, left, c)
		wekaCondSwap(a, index, left, right)
		wekaCondSwap(a, index, c, right)
		index[c], index[right-1] = index[right-1], index[c]
		center := wekaPartition(a, index, left, right, a[index[right-1]])
		index[center], index[right-1] = index[right-1], index[center]
		wekaQuickSort(a, index, left, center-1)
		left = center + 1 // the second recursive call, as a loop
	}
}

// wekaCondSwap is Utils.conditionalSwap: swap when out of order.
func wekaCondSwap(a []float64, index []int, l, r int) {
	if a[index[l]] > a[index[r]] {
		index[l], index[r] = index[r], index[l]
	}
}

// wekaPartition is Utils.partition(double[], int[], int, int, double).
func wekaPartition(a []float64, index []int, l, r int, pivot float64) int {
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
