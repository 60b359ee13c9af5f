package external

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// binaryData returns n random rows over m binary features and two
// classes, the class being feature 0 (so a stump on it is perfect).
func binaryData(t testing.TB, n, m int, seed uint64) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	s := dataset.Schema{Class: dataset.Attribute{Name: "class", Values: []string{"no", "yes"}}}
	for f := range m {
		s.Features = append(s.Features, dataset.Attribute{Name: "f" + string(rune('a'+f)), Values: []string{"0", "1"}})
	}
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, m)
		for f := range x[r] {
			x[r][f] = uint8(rng.IntN(2))
		}
		y[r] = x[r][0]
	}
	d, err := dataset.FromRows(s, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
