package info

import "math"

// Count is what a contingency table holds: whole rows (int) or weighted
// ones (float64: a missing value's row spread over the values, as Weka's
// GainRatioAttributeEval spreads it). Every formula here takes either and
// gives the same number for the same counts.
type Count interface{ ~int | ~float64 }

// total returns Σ counts.
func total[T Count](counts []T) T {
	var n T
	for _, c := range counts {
		n += c
	}
	return n
}

// Shannon returns the Shannon entropy of the distribution, in bits:
//
//	H = −Σ_c p_c log2 p_c,   p_c = n_c / n.
func Shannon[T Count](counts []T) float64 {
	n := total(counts)
	if n == 0 {
		return 0
	}
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return max(0, h)
}

// ShannonNormalized returns Shannon(counts)/log2 K with K = len(counts),
// the number of classes: 1 for a uniform distribution, 0 for one class.
// It is 0 when K < 2.
func ShannonNormalized[T Count](counts []T) float64 {
	if len(counts) < 2 {
		return 0
	}
	return Shannon(counts) / math.Log2(float64(len(counts)))
}

// Renyi returns the Rényi entropy of order alpha >= 0, in bits:
//
//	H_α = log2(Σ_c p_c^α) / (1 − α),
//
// with its limits: α = 1 is Shannon's entropy, α = +Inf is the
// min-entropy −log2 max_c p_c.
func Renyi[T Count](counts []T, alpha float64) float64 {
	n := total(counts)
	if n == 0 {
		return 0
	}
	switch {
	case math.IsInf(alpha, 1):
		var top T
		for _, c := range counts {
			top = max(top, c)
		}
		return max(0, -math.Log2(float64(top)/float64(n)))
	case alpha == 1:
		return Shannon(counts)
	}
	s := 0.0
	for _, c := range counts {
		if c > 0 {
			s += math.Pow(float64(c)/float64(n), alpha)
		}
	}
	return max(0, math.Log2(s)/(1-alpha))
}

// Tsallis returns the Tsallis entropy of order q:
//
//	S_q = (1 − Σ_c p_c^q) / (q − 1),
//
// whose limit at q = 1 is Shannon's entropy in nats (natural logarithm),
// which it returns there.
func Tsallis[T Count](counts []T, q float64) float64 {
	n := total(counts)
	if n == 0 {
		return 0
	}
	if q == 1 {
		return Shannon(counts) * math.Ln2
	}
	s := 0.0
	for _, c := range counts {
		if c > 0 {
			s += math.Pow(float64(c)/float64(n), q)
		}
	}
	return max(0, (1-s)/(q-1))
}

// Conditional returns the conditional entropy of the class given an
// attribute (or a tuple of them), in bits, from the contingency table of
// the attribute's values (rows) by class (k columns):
//
//	H(C | X) = Σ_x (n_x / n) H(C | X = x).
func Conditional[T Count](table []T, k int) float64 {
	n := total(table)
	if n == 0 {
		return 0
	}
	h := 0.0
	for i := 0; i+k <= len(table); i += k {
		row := table[i : i+k]
		if nx := total(row); nx > 0 {
			h += float64(nx) / float64(n) * Shannon(row)
		}
	}
	return h
}

// classCounts returns the column sums of a contingency table.
func classCounts[T Count](table []T, k int) []T {
	out := make([]T, k)
	for i, x := range table {
		out[i%k] += x
	}
	return out
}

// InfoGain returns the information gain of an attribute with contingency
// table table (k class columns): H(C) − H(C | X).
func InfoGain[T Count](table []T, k int) float64 {
	return max(0, Shannon(classCounts(table, k))-Conditional(table, k))
}

// SplitInfo returns the entropy of the attribute's own distribution (the
// row sums of the table), −Σ_x (n_x/n) log2(n_x/n).
func SplitInfo[T Count](table []T, k int) float64 {
	rows := make([]T, 0, len(table)/k)
	for i := 0; i+k <= len(table); i += k {
		rows = append(rows, total(table[i:i+k]))
	}
	return Shannon(rows)
}

// GainRatio returns Quinlan's gain ratio InfoGain / SplitInfo, 0 when the
// split information is 0 (every row has one value, so no gain either).
func GainRatio[T Count](table []T, k int) float64 {
	si := SplitInfo(table, k)
	if si == 0 {
		return 0
	}
	return InfoGain(table, k) / si
}
