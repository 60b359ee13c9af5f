package generate

import (
	"fmt"
	"slices"
	"strings"
)

// Describe says what the grid is in one line, for the report's header:
// "10 features with 2 values each, 2 classes; depths 5–8; complete mode
// sizes 100–3000 (30), unique mode sizes 50–1000 (20); 100 repetitions;
// 1000 test rows; label noise 0".
func (o *OracleConfig) Describe() string {
	var b strings.Builder
	domains := slices.Compact(slices.Clone(o.Domains))
	if len(domains) == 1 {
		fmt.Fprintf(&b, "%d features with %d values each", o.Features, domains[0])
	} else {
		fmt.Fprintf(&b, "%d features with %s values", o.Features, ints(o.Domains))
	}
	fmt.Fprintf(&b, ", %d classes; depths %s;", o.Classes, span(o.Depths))
	for i, m := range o.Modes {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s mode sizes %s", m, span(o.Sizes[m]))
	}
	fmt.Fprintf(&b, "; %d repetitions; %d test rows; label noise %g", o.Repetitions, o.TestSize, o.Noise)
	return b.String()
}

// span writes a sorted list as "a–b (n)" when it has more than three
// values, else in full.
func span(xs []int) string {
	if len(xs) <= 3 {
		return ints(xs)
	}
	s := slices.Sorted(slices.Values(xs))
	return fmt.Sprintf("%d–%d (%d)", s[0], s[len(s)-1], len(s))
}

func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
