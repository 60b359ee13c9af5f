package info

// SpreadMissing returns the contingency table of an attribute (values ×
// k classes, row-major, as GainRatio takes it) with its rows of a missing
// value added in: missing[c] rows of class c are spread over the values in
// proportion to each value's row total among the rows with a value, as
// Weka's GainRatioAttributeEval spreads them by default ("missing values
// distributed", its -M off):
//
//	counts[x][c] += (n_x / (n − n_missing)) · missing[c].
//
// When no row has a value, nothing can be spread and the table is the
// values' (all zero). The class is never missing here: dtbench drops rows
// without a class at import.
func SpreadMissing[T Count](table []T, missing []T, k int) []float64 {
	out := make([]float64, len(table))
	rows := len(table) / k
	sums := make([]float64, rows)
	var withValue float64
	for i, c := range table {
		out[i] = float64(c)
		sums[i/k] += float64(c)
		withValue += float64(c)
	}
	var missingTotal float64
	for _, m := range missing {
		missingTotal += float64(m)
	}
	if missingTotal == 0 || withValue == 0 {
		return out
	}
	// Weka divides by sum − i_copy[missing] (the rows with a value) and
	// multiplies by the missing count, in this order.
	sum := withValue + missingTotal
	for c, m := range missing {
		if m <= 0 {
			continue
		}
		for x := range rows {
			out[x*k+c] += sums[x] / (sum - missingTotal) * float64(m)
		}
	}
	return out
}
