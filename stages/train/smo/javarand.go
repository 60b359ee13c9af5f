package smo

// javaRandom is java.util.Random: the 48-bit linear congruential generator
// of Knuth's TAOCP 3.2.1 with Java's constants and seed scrambling. Weka's
// SMO shuffles each pair's training data with one such generator seeded
// with its -W option (1 by default); it is reproduced bit for bit so that
// the same examples are examined in the same order.
type javaRandom struct{ seed uint64 }

const (
	javaMultiplier = 0x5DEECE66D
	javaAddend     = 0xB
	javaMask       = 1<<48 - 1
)

// newJavaRandom returns the generator new java.util.Random(seed) makes.
func newJavaRandom(seed int64) *javaRandom {
	return &javaRandom{seed: (uint64(seed) ^ javaMultiplier) & javaMask}
}

// next is Random.next(bits): the top bits of the advanced 48-bit state, as
// a signed 32-bit int.
func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*javaMultiplier + javaAddend) & javaMask
	return int32(r.seed >> (48 - bits))
}

// nextInt is Random.nextInt(bound) for bound > 0: uniform in [0, bound),
// rejecting the draws that would bias the modulus. The rejection test
// relies on 32-bit overflow, as Java's does.
func (r *javaRandom) nextInt(bound int32) int32 {
	if bound <= 0 {
		panic("smo: nextInt bound must be positive")
	}
	v := r.next(31)
	m := bound - 1
	if bound&m == 0 { // a power of two
		return int32((int64(bound) * int64(v)) >> 31)
	}
	for u := v; ; u = r.next(31) {
		v = u % bound
		if u-v+m >= 0 {
			return v
		}
	}
}

// shuffle is Weka's Instances.randomize: for j from n-1 down to 1, swap
// element j with element nextInt(j+1).
func (r *javaRandom) shuffle(idx []int32) {
	for j := len(idx) - 1; j > 0; j-- {
		k := r.nextInt(int32(j + 1))
		idx[j], idx[k] = idx[k], idx[j]
	}
}
