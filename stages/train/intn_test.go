package train

import (
	"math/rand/v2"
	"testing"
)

// TestIntN checks that intN draws what rand.Rand.IntN draws from equal
// generators, for bounds of every kind (powers of two, 1, small and
// large), so the trees RandomTree grows are those IntN would give.
func TestIntN(t *testing.T) {
	a := rand.New(rand.NewPCG(11, 12))
	b := rand.New(rand.NewPCG(11, 12))
	bounds := []int{1, 2, 3, 4, 5, 7, 8, 20, 21, 64, 1000, 1 << 20, 1<<31 - 1, 1<<40 + 3, 1<<62 + 1}
	for i := range 200000 {
		n := bounds[i%len(bounds)]
		if i%3 == 0 {
			n = 1 + a.IntN(100) // keep the streams in step: both draw
			if m := 1 + b.IntN(100); m != n {
				t.Fatalf("streams diverged")
			}
		}
		if got, want := intN(a, n), b.IntN(n); got != want {
			t.Fatalf("draw %d: intN(%d) = %d; IntN gives %d", i, n, got, want)
		}
	}
}
