package interop

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/internal/arrowrows"
)

// The truth the statistics tests compare DuckDB's and polars' answers
// with: every cell of a table file as Apache Arrow's Go reader decodes it
// from the pages. Arrow's reader does not answer from the statistics: it
// decodes every page's levels.

// column is one top-level column of a table file: its cells, row by row,
// each an int64, int32, float64, bool, string or, for a list, []int32,
// []float64 or []string; nil for a null.
type column struct {
	name     string
	list     bool
	nullable bool // an optional column (a list's leaf holds its empty lists as nulls)
	cells    []any
}

// arrowColumns reads every column of the file at path with Arrow
// (internal/arrowrows).
func arrowColumns(t *testing.T, path string) []column {
	t.Helper()
	tbl, err := arrowrows.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]column, len(tbl.Columns))
	for i, c := range tbl.Columns {
		out[i] = column{name: c.Name, list: c.List, nullable: c.Nullable, cells: tbl.Cells(i)}
	}
	return out
}

// nulls counts the column's nulls.
func (c column) nulls() int {
	n := 0
	for _, v := range c.cells {
		if v == nil {
			n++
		}
	}
	return n
}

// listTotals counts a list column's empty lists and elements.
func (c column) listTotals() (empty, elements int) {
	for _, v := range c.cells {
		n := listLen(v)
		if n == 0 {
			empty++
		}
		elements += n
	}
	return empty, elements
}

// listLen is the length of a list cell as arrowrows gives it ([]int32,
// []float64 or []string); a list cell of another type fails loudly.
func listLen(v any) int {
	switch vals := v.(type) {
	case []int32:
		return len(vals)
	case []float64:
		return len(vals)
	case []string:
		return len(vals)
	}
	panic(fmt.Sprintf("a list cell of %T", v))
}

// pivot is a value of the column to filter on, the median of its non-null
// values, and how many values are below, equal to and above it; ok is
// false for a list or a column without values. A NaN is above every
// number, as DuckDB and polars order it.
func (c column) pivot() (v any, below, equal, above int, ok bool) {
	var vals []any
	for _, x := range c.cells {
		if x != nil {
			vals = append(vals, x)
		}
	}
	if c.list || len(vals) == 0 {
		return nil, 0, 0, 0, false
	}
	sort.SliceStable(vals, func(i, j int) bool { return compare(vals[i], vals[j]) < 0 })
	v = vals[len(vals)/2]
	for _, x := range vals {
		switch compare(x, v) {
		case -1:
			below++
		case 0:
			equal++
		default:
			above++
		}
	}
	return v, below, equal, above, true
}

// compare orders two values of one column as SQL does: numbers (NaN
// above all), false before true, strings by bytes.
func compare(a, b any) int {
	switch a := a.(type) {
	case int64:
		return cmpOrdered(a, b.(int64))
	case int32:
		return cmpOrdered(a, b.(int32))
	case float64:
		b := b.(float64)
		switch an, bn := math.IsNaN(a), math.IsNaN(b); {
		case an && bn:
			return 0
		case an:
			return 1
		case bn:
			return -1
		}
		return cmpOrdered(a, b)
	case bool:
		return cmpOrdered(boolInt(a), boolInt(b.(bool)))
	case string:
		return strings.Compare(a, b.(string))
	}
	panic(fmt.Sprintf("interop: compare %T", a))
}

func cmpOrdered[T int64 | int32 | float64 | int](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sqlLiteral writes v as a DuckDB literal of its column's type: a double
// through a string cast, so that it is the same double.
func sqlLiteral(v any) string {
	switch v := v.(type) {
	case float64:
		return "'" + strconv.FormatFloat(v, 'g', -1, 64) + "'::DOUBLE"
	case string:
		return "'" + strings.ReplaceAll(v, "'", "''") + "'"
	}
	return fmt.Sprint(v)
}
