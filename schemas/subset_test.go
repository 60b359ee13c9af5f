package schemas

import (
	"slices"
	"testing"
)

func TestOrdinal(t *testing.T) {
	want := map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 10: "10th", 11: "11th", 12: "12th", 13: "13th",
		21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th", 113: "113th", 122: "122nd"}
	for n, w := range want {
		if got := Ordinal(n); got != w {
			t.Errorf("Ordinal(%d) = %q; want %q", n, got, w)
		}
	}
}

func TestSubsetName(t *testing.T) {
	tests := []struct {
		ranks []int
		name  string
	}{
		{[]int{1}, "1st"},
		{[]int{1, 3}, "1st,3rd"},
		{[]int{1, 2, 3, 4, 5}, "1st,2nd,3rd,4th,5th"},
		{[]int{11, 12, 22}, "11th,12th,22nd"},
	}
	for _, tc := range tests {
		if got := SubsetName(tc.ranks); got != tc.name {
			t.Errorf("SubsetName(%v) = %q; want %q", tc.ranks, got, tc.name)
		}
		if got, ok := SubsetRanks(tc.name); !ok || !slices.Equal(got, tc.ranks) {
			t.Errorf("SubsetRanks(%q) = %v, %v; want %v", tc.name, got, ok, tc.ranks)
		}
	}
	// Not subset names: the old notation, wrong suffixes, zero, blanks.
	for _, bad := range []string{"", "A1,A3", "1th", "2st", "11st", "0th", "1st,", "1st, 2nd", "st", "-1st"} {
		if got, ok := SubsetRanks(bad); ok {
			t.Errorf("SubsetRanks(%q) = %v, true; want false", bad, got)
		}
	}
}
