package info

// Gini returns the Gini impurity of the distribution:
//
//	Gini = 1 − Σ_c p_c²,   p_c = n_c / n.
func Gini(counts []int) float64 {
	n := total(counts)
	if n == 0 {
		return 0
	}
	s := 0.0
	for _, c := range counts {
		p := float64(c) / float64(n)
		s += p * p
	}
	return max(0, 1-s)
}

// GiniGain returns the decrease in Gini impurity of an attribute with
// contingency table table (k class columns), CART's criterion:
//
//	ΔGini = Gini(C) − Σ_x (n_x / n) Gini(C | X = x).
func GiniGain(table []int, k int) float64 {
	n := total(table)
	if n == 0 {
		return 0
	}
	within := 0.0
	for i := 0; i+k <= len(table); i += k {
		row := table[i : i+k]
		if nx := total(row); nx > 0 {
			within += float64(nx) / float64(n) * Gini(row)
		}
	}
	return max(0, Gini(classCounts(table, k))-within)
}
