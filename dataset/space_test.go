package dataset

import (
	"math"
	"testing"
)

func TestSpaceSize(t *testing.T) {
	for _, tc := range []struct {
		name    string
		domains []int
		limit   int
		want    int
		ok      bool
	}{
		{"none", nil, 10, 1, true},
		{"binary10", []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 1 << 20, 1024, true},
		{"at the limit", []int{4, 4}, 16, 16, true},
		{"past the limit", []int{4, 5}, 16, 0, false},
		{"no overflow", []int{64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64}, math.MaxInt, 0, false},
		{"empty domain", []int{2, 0}, 10, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := SpaceSize(tc.domains, tc.limit)
			if got != tc.want || ok != tc.ok {
				t.Errorf("SpaceSize(%v, %d) = %d, %v; want %d, %v", tc.domains, tc.limit, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestSpaceOrder: NextInput visits inputs in SpaceIndex order, feature 0
// slowest, each once.
func TestSpaceOrder(t *testing.T) {
	domains := []int{2, 3, 2}
	x := make([]uint8, len(domains))
	want := [][]uint8{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}}
	for i := 0; ; i++ {
		if got := SpaceIndex(domains, x); got != i {
			t.Fatalf("SpaceIndex(%v) = %d; want %d", x, got, i)
		}
		if i < len(want) && string(x) != string(want[i]) {
			t.Errorf("input %d = %v; want %v", i, x, want[i])
		}
		if !NextInput(domains, x) {
			if i != 11 {
				t.Errorf("visited %d inputs; want 12", i+1)
			}
			break
		}
	}
}
