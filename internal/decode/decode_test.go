package decode

import (
	"math"
	"testing"
)

func TestInt(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int
		ok   bool
	}{
		{3, 3, true}, {int64(-7), -7, true}, {uint64(9), 9, true}, {4.0, 4, true}, {-2.0, -2, true},
		{2.5, 0, false}, {uint64(math.MaxUint64), 0, false}, {float64(1 << 60), 0, false},
		{math.Inf(1), 0, false}, {math.NaN(), 0, false}, {"3", 0, false}, {true, 0, false}, {nil, 0, false},
	} {
		got, ok := Int(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Int(%v) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
