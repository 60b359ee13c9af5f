package evaluate

import (
	"math/rand/v2"
	"testing"
)

// FuzzCompare draws a random tree pair of one of the pairKinds from a seed
// and checks the walk against both brute-force references.
func FuzzCompare(f *testing.F) {
	for kind := range pairKinds {
		f.Add(uint64(kind), uint8(kind))
	}
	f.Add(uint64(0xdeadbeef), uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, kind uint8) {
		k := pairKinds[int(kind)%len(pairKinds)]
		oracle, learned := k.gen(rand.New(rand.NewPCG(seed, uint64(kind))))
		if err := oracle.Validate(); err != nil {
			t.Fatalf("%s: generated oracle: %v", k.name, err)
		}
		if err := learned.Validate(); err != nil {
			t.Fatalf("%s: generated learned tree: %v", k.name, err)
		}
		checkBruteForce(t, oracle, learned)
		e, err := Compare(learned, learned)
		if err != nil || e.DOE() != 1 {
			t.Fatalf("%s: Compare(t, t) = %+v, %v; want DOE 1", k.name, e, err)
		}
	})
}
