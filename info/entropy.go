package info

import "math"

// total returns Σ counts.
func total(counts []int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// Shannon returns the Shannon entropy of the distribution, in bits:
//
//	H = −Σ_c p_c log2 p_c,   p_c = n_c / n.
func Shannon(counts []int) float64 {
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
func ShannonNormalized(counts []int) float64 {
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
func Renyi(counts []int, alpha float64) float64 {
	n := total(counts)
	if n == 0 {
		return 0
	}
	switch {
	case math.IsInf(alpha, 1):
		top := 0
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
func Tsallis(counts []int, q float64) float64 {
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
func Conditional(table []int, k int) float64 {
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
func classCounts(table []int, k int) []int {
	out := make([]int, k)
	for i, x := range table {
		out[i%k] += x
	}
	return out
}

// InfoGain returns the information gain of an attribute with contingency
// table table (k class columns): H(C) − H(C | X).
func InfoGain(table []int, k int) float64 {
	return max(0, Shannon(classCounts(table, k))-Conditional(table, k))
}

// SplitInfo returns the entropy of the attribute's own distribution (the
// row sums of the table), −Σ_x (n_x/n) log2(n_x/n).
func SplitInfo(table []int, k int) float64 {
	rows := make([]int, 0, len(table)/k)
	for i := 0; i+k <= len(table); i += k {
		rows = append(rows, total(table[i:i+k]))
	}
	return Shannon(rows)
}

// GainRatio returns Quinlan's gain ratio InfoGain / SplitInfo, 0 when the
// split information is 0 (every row has one value, so no gain either).
func GainRatio(table []int, k int) float64 {
	si := SplitInfo(table, k)
	if si == 0 {
		return 0
	}
	return InfoGain(table, k) / si
}
