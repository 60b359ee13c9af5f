package info

import "math"

// WekaGainRatio is GainRatio computed in the order of Weka's
// ContingencyTables.gainRatio, from Σ n ln n terms: the same number to
// within rounding, and the same last bits as Weka's, so that two
// attributes whose merits differ only by rounding rank in Weka's order.
// The benchmark study ranks numeric attributes and attributes with
// missing values (weighted counts) with it, as GainRatioAttributeEval
// does; 0 when the split entropy is within Weka's 1e-6 of 0.
func WekaGainRatio(table []float64, k int) float64 {
	rows := len(table) / k
	preSplit, total := 0.0, 0.0
	for c := range k {
		column := 0.0
		for x := range rows {
			column += table[x*k+c]
		}
		preSplit += lnFunc(column)
		total += column
	}
	preSplit -= lnFunc(total)
	postSplit, splitEnt := 0.0, 0.0
	for x := range rows {
		row := 0.0
		for c := range k {
			postSplit += lnFunc(table[x*k+c])
			row += table[x*k+c]
		}
		splitEnt += lnFunc(row)
	}
	postSplit -= splitEnt
	splitEnt -= lnFunc(total)
	if math.Abs(splitEnt) < 1e-6 {
		return 0
	}
	return (preSplit - postSplit) / splitEnt
}
