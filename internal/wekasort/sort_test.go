package wekasort

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSortAsWeka holds Sort to Weka 3.6's Utils.sort on arrays full of
// ties (testdata/sort.txt, made by testdata/sort.sh with Debian's weka):
// the order of equal values must be Weka's, not a stable one.
func TestSortAsWeka(t *testing.T) {
	f, err := os.Open("testdata/sort.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines, unstable := 0, 0
	for sc.Scan() {
		in, want, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("testdata/sort.txt: bad line %q", sc.Text())
		}
		var vals []float64
		for _, s := range strings.Fields(in) {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("testdata/sort.txt: %v", err)
			}
			vals = append(vals, v)
		}
		var order []int
		for _, s := range strings.Fields(want) {
			i, _ := strconv.Atoi(s)
			order = append(order, i)
		}
		if got := Sort(vals); !slices.Equal(got, order) {
			t.Errorf("Sort(%v) = %v; Weka: %v", vals, got, order)
		}
		stable := make([]int, len(vals))
		for i := range stable {
			stable[i] = i
		}
		slices.SortStableFunc(stable, func(a, b int) int { return cmpNaNLast(vals[a], vals[b]) })
		if !slices.Equal(stable, order) {
			unstable++
		}
		lines++
	}
	if lines < 20 {
		t.Fatalf("%d arrays in testdata/sort.txt", lines)
	}
	// The fixture must tell Weka's order from a stable sort's, or it
	// checks nothing about ties.
	if unstable < lines/2 {
		t.Errorf("only %d of %d arrays order ties otherwise than a stable sort", unstable, lines)
	}
}

func cmpNaNLast(a, b float64) int {
	switch {
	case a != a && b != b:
		return 0
	case a != a:
		return 1
	case b != b:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
