package dataset

// The input space of a schema is every combination of feature codes,
// Π_f Z_f inputs. It is numbered in lexicographic order with feature 0
// varying slowest (mixed radix, the order of Python's itertools.product
// over range(Z_0), range(Z_1), …):
//
//	index(x) = (…((x_0·Z_1 + x_1)·Z_2 + x_2)…)·Z_{m-1} + x_{m-1}
//
// External learners predict the whole space in this order when it is
// small (see stages/train/external), so that agreement with an oracle is
// exact without a tree.

// SpaceSize returns Π domains, the number of inputs of the space, when it
// is at most limit; false when it is larger (no overflow whatever the
// domains).
func SpaceSize(domains []int, limit int) (int, bool) {
	n := 1
	for _, z := range domains {
		if z < 1 || n > limit/z {
			return 0, false
		}
		n *= z
	}
	return n, n <= limit
}

// SpaceIndex returns the index of input x in the space of domains.
func SpaceIndex(domains []int, x []uint8) int {
	i := 0
	for f, z := range domains {
		i = i*z + int(x[f])
	}
	return i
}

// NextInput advances x to the next input of the space in index order and
// reports whether there is one; after the last input it leaves x at the
// first (all zeros) and returns false. Starting from all zeros, it visits
// every input once.
func NextInput(domains []int, x []uint8) bool {
	for f := len(domains) - 1; f >= 0; f-- {
		x[f]++
		if int(x[f]) < domains[f] {
			return true
		}
		x[f] = 0
	}
	return false
}
