package schemas

import (
	"strconv"
	"strings"
)

// SubsetName names an attribute subset of the benchmark study (the subset
// column of BenchmarkCell) by the ranks of its attributes by gain ratio,
// as ordinals in ascending order joined by commas: "1st,3rd" is the best
// and the third best attribute of a repetition's ranking
// (results/attributes), whichever attributes those are there. Ordinals,
// not the paper's "A1,A3", because datasets name their own columns A1,
// A2, … (credit's are A1–A16): a rank must not read as a name. Schema
// version 5 of results/evaluations, 2 of results/entropy and
// results/wins and 3 of report/summary name subsets so; older files used
// "A1,A3".
func SubsetName(ranks []int) string {
	parts := make([]string, len(ranks))
	for i, r := range ranks {
		parts[i] = Ordinal(r)
	}
	return strings.Join(parts, ",")
}

// SubsetRanks returns the ranks a SubsetName names; false when name is not
// one (such as the "A1,A3" of older files).
func SubsetRanks(name string) ([]int, bool) {
	if name == "" {
		return nil, false
	}
	var out []int
	for _, p := range strings.Split(name, ",") {
		if len(p) < 3 {
			return nil, false
		}
		r, err := strconv.Atoi(p[:len(p)-2])
		if err != nil || r < 1 || Ordinal(r) != p {
			return nil, false
		}
		out = append(out, r)
	}
	return out, true
}

// Ordinal writes n ≥ 1 as an English ordinal: 1st, 2nd, 3rd, 4th, 11th,
// 12th, 13th, 21st, 112th.
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}
