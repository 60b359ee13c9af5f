package exact

import (
	"math/rand/v2"
	"testing"
)

func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var a, b [64]uint64
	for i := range a {
		a[i] = rng.Uint64()
	}
	b = a
	transpose64(&b)
	for i := range 64 {
		for j := range 64 {
			if got, want := b[i]>>j&1, a[j]>>i&1; got != want {
				t.Fatalf("bit %d of row %d = %d; want bit %d of row %d = %d", j, i, got, i, j, want)
			}
		}
	}
}

// TestTransposeLow checks transposeLow against transpose64 on the rows it
// promises, for every number of nonzero rows.
func TestTransposeLow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 65 {
		var a [64]uint64
		for i := range n {
			a[i] = rng.Uint64()
		}
		full, low := a, a
		transpose64(&full)
		transposeLow(&low, n)
		for i := range 32 {
			if low[i] != full[i] {
				t.Fatalf("%d rows: row %d = %#x; want %#x", n, i, low[i], full[i])
			}
		}
	}
}
