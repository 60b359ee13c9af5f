package cv

// JavaRandom is java.util.Random: the 48-bit linear congruential generator
// of the Java platform, bit for bit (its seeding, next(bits), nextInt(n)
// with its rejection loop, nextDouble and nextLong), so that fold
// assignments made from a seed equal Weka's.
type JavaRandom struct {
	seed uint64
}

const (
	javaMultiplier = 0x5DEECE66D
	javaAddend     = 0xB
	javaMask       = 1<<48 - 1
)

// NewJavaRandom returns the generator new java.util.Random(seed) makes.
func NewJavaRandom(seed int64) *JavaRandom {
	return &JavaRandom{seed: (uint64(seed) ^ javaMultiplier) & javaMask}
}

// next returns the next bits (1..32) random bits, as Random.next.
func (r *JavaRandom) next(bits uint) int32 {
	r.seed = (r.seed*javaMultiplier + javaAddend) & javaMask
	return int32(int64(r.seed) >> (48 - bits))
}

// Int returns Random.nextInt(): 32 random bits as a signed int.
func (r *JavaRandom) Int() int32 { return r.next(32) }

// IntN returns Random.nextInt(n), uniform in [0, n); n must be positive.
func (r *JavaRandom) IntN(n int32) int32 {
	if n <= 0 {
		panic("cv: JavaRandom.IntN with n <= 0")
	}
	if n&-n == n { // a power of two
		return int32((int64(n) * int64(r.next(31))) >> 31)
	}
	for {
		bits := r.next(31)
		val := bits % n
		if bits-val+(n-1) >= 0 { // no int32 overflow: the draw is not in the biased tail
			return val
		}
	}
}

// Float64 returns Random.nextDouble(), uniform in [0, 1).
func (r *JavaRandom) Float64() float64 {
	hi := int64(r.next(26))
	lo := int64(r.next(27))
	return float64(hi<<27+lo) / float64(int64(1)<<53)
}

// Int64 returns Random.nextLong().
func (r *JavaRandom) Int64() int64 {
	hi := int64(r.next(32))
	lo := int64(r.next(32))
	return hi<<32 + lo
}
