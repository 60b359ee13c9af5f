package importer

import (
	"slices"
	"sort"
)

// Cuts returns the cut points that method d puts into values, which must
// be finite (missing values left out). Bin gives a value's bin.
func (d Discretization) Cuts(values []float64) []float64 {
	v := slices.Clone(values)
	slices.Sort(v)
	distinct, counts := group(v)
	return d.cuts(distinct, counts)
}

// cuts is Cuts on distinct ascending values, counts[i] of values[i].
func (d Discretization) cuts(values []float64, counts []int) []float64 {
	d = Options{Discretize: d}.withDefaults().Discretize
	if d.Method == EqualWidth {
		if len(values) == 0 {
			return nil
		}
		return equalWidth(values[0], values[len(values)-1], d.Bins)
	}
	return equalFrequency(values, counts, d.Bins)
}

// group returns the distinct values of sorted v and how often each occurs.
func group(v []float64) ([]float64, []int) {
	var values []float64
	var counts []int
	for i, x := range v {
		if i > 0 && x == v[i-1] { // == merges -0 and 0, as Weka's < does
			counts[len(counts)-1]++
			continue
		}
		values = append(values, x)
		counts = append(counts, 1)
	}
	return values, counts
}

// EqualFrequencyCuts returns the cut points of at most bins bins holding
// about equally many of values: exactly those Weka 3.6 computes
// (weka.filters.unsupervised.attribute.Discretize with -F, method
// calculateCutPointsByEqualFrequencyBinning, every instance of weight 1).
//
// Weka walks the sorted values aiming at freq = n/bins values per bin. A
// cut can only fall between two different values, at their midpoint. At
// the first such gap where the current bin holds at least freq values it
// cuts there — or at the previous gap, when that one was nearer the
// target, carrying the values between the two gaps into the next bin —
// and then aims at (values left)/(bins left). A gap passed short of freq
// is remembered, and the last one remembered becomes a cut when bins
// remain at the end. So runs of equal values are never split and a column
// with few distinct values gets fewer bins. It returns nil when there is
// no cut (one bin).
func EqualFrequencyCuts(values []float64, bins int) []float64 {
	return Discretization{Method: EqualFrequency, Bins: bins}.Cuts(values)
}

// equalFrequency is Weka's walk over distinct ascending values, counts[i]
// instances of values[i]. Weka steps one instance at a time, but between
// two gaps it only counts, so stepping a run of equal values at once is
// the same walk; variable names follow Weka's (sum is the weight not yet
// walked past).
func equalFrequency(values []float64, counts []int, bins int) []float64 {
	if bins < 2 || len(values) < 2 {
		return nil
	}
	sum := 0.0
	for _, c := range counts {
		sum += float64(c)
	}
	cuts := make([]float64, bins-1)
	freq := sum / float64(bins)
	var counter, last float64
	cp, lastIndex := 0, -1
	for i := 0; i < len(values)-1; i++ { // the gap after values[i]
		counter += float64(counts[i])
		sum -= float64(counts[i])
		if counter < freq {
			lastIndex, last = i, counter
			continue
		}
		// cp < len(cuts) here: once every cut is placed, freq counts every
		// value not yet in a closed bin, and counter < freq while a value
		// lies ahead.
		if freq-last < counter-freq && lastIndex != -1 {
			cuts[cp] = (values[lastIndex] + values[lastIndex+1]) / 2
			counter -= last
			last = counter
			lastIndex = i
		} else {
			cuts[cp] = (values[i] + values[i+1]) / 2
			counter, last, lastIndex = 0, 0, -1
		}
		cp++
		freq = (sum + counter) / float64(len(cuts)+1-cp)
	}
	if cp < len(cuts) && lastIndex != -1 {
		cuts[cp] = (values[lastIndex] + values[lastIndex+1]) / 2
		cp++
	}
	if cp == 0 {
		return nil
	}
	return cuts[:cp]
}

// EqualWidthCuts returns the cut points of bins bins of equal width
// between the smallest and the largest of values: min + i·(max−min)/bins
// for i = 1..bins−1, as Weka 3.6 computes them (Discretize's default,
// calculateCutPointsByEqualWidthBinning). It returns nil for one bin, no
// values or a constant column. Where the width is below the precision of
// the values, cut points that come out equal are kept once (Weka would
// fail on the duplicate labels).
func EqualWidthCuts(values []float64, bins int) []float64 {
	if len(values) == 0 {
		return nil
	}
	lo, hi := values[0], values[0]
	for _, x := range values[1:] {
		lo, hi = min(lo, x), max(hi, x)
	}
	return equalWidth(lo, hi, bins)
}

// equalWidth cuts [lo, hi] into bins of equal width.
func equalWidth(lo, hi float64, bins int) []float64 {
	width := (hi - lo) / float64(bins)
	if bins < 2 || !(width > 0) {
		return nil
	}
	cuts := make([]float64, 0, bins-1)
	for i := 1; i < bins; i++ {
		c := lo + width*float64(i)
		if len(cuts) == 0 || c > cuts[len(cuts)-1] {
			cuts = append(cuts, c)
		}
	}
	return cuts
}

// Bin returns the bin of v among cuts (ascending): the first j with
// v <= cuts[j], or len(cuts) when v is above them all — Weka's rule, so a
// value equal to a cut point falls in the lower bin.
func Bin(cuts []float64, v float64) int {
	return sort.SearchFloat64s(cuts, v)
}
