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

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int64
		ok   bool
	}{
		{4096, 4096, true}, {1.0, 1, true}, {"64MiB", 64 << 20, true}, {"8GiB", 8 << 30, true}, {"500MB", 500e6, true},
		{"1.5 KiB", 1536, true}, {"7 B", 7, true}, {"12", 12, true},
		{0, 0, false}, {-3, 0, false}, {"lots", 0, false}, {"0.2B", 0, false}, {"9999999TiB", 0, false}, {"64 mib", 0, false}, {true, 0, false},
	} {
		got, ok := Size(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Size(%v) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	for b, want := range map[float64]string{512: "512 B", 1536: "1.5 KiB", 8 << 30: "8.0 GiB"} {
		if got := HumanSize(b); got != want {
			t.Errorf("HumanSize(%v) = %q; want %q", b, got, want)
		}
	}
}
