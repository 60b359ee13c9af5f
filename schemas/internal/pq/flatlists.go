package pq

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/parquet-go/parquet-go"
)

// A flat table may hold list columns besides its scalars: a field of type
// []float64 or []string tagged `parquet:"name,list"` is a required LIST of
// required elements (name.list.element, as parquet-go derives it), which
// DuckDB reads as DOUBLE[] or VARCHAR[], polars as a List and pandas (with
// pyarrow) as arrays. The predictions table keeps each row's classes and
// their probabilities this way. The page writer writes them with
// listColumn (lists.go) and Flat.Read reads them with readFlatList.

// List reports whether k is a list kind.
func (k Kind) List() bool { return k == KindFloat64List || k == KindStringList }

// listKind is the kind of a list field of type t; 0 for a type that is no
// list column.
func listKind(t reflect.Type) Kind {
	switch t.Elem().Kind() {
	case reflect.Float64:
		return KindFloat64List
	case reflect.String:
		return KindStringList
	}
	return 0
}

// listLen returns the length of row i's list.
func (s *fieldSource) listLen(i int) int {
	if s.kind == KindFloat64List {
		return len(*(*[]float64)(s.field(i)))
	}
	return len(*(*[]string)(s.field(i)))
}

// readFlatList decodes a list column chunk into rows [from, from+n) of
// dst. Each page must start a row (data pages v2 do); every row's list is
// a window of one array per page, capped so that appending to it copies.
func readFlatList(cc parquet.ColumnChunk, dst *fieldSource, from, n int) error {
	row := from
	var dict *stringDict
	err := EachPage(cc, func(p parquet.Page) error {
		reps, defs := p.RepetitionLevels(), p.DefinitionLevels()
		entries := int(p.NumValues())
		if len(reps) != entries || len(defs) != entries {
			return fmt.Errorf("%d repetition and %d definition levels for %d entries", len(reps), len(defs), entries)
		}
		if entries > 0 && reps[0] != 0 {
			return fmt.Errorf("page starts inside a row's list")
		}
		switch dst.kind {
		case KindFloat64List:
			vals, err := pageFloats(p)
			if err != nil {
				return err
			}
			return storeLists(dst, &row, from+n, reps, defs, vals)
		case KindStringList:
			vals, err := pageStrings(p, &dict)
			if err != nil {
				return err
			}
			return storeLists(dst, &row, from+n, reps, defs, vals)
		}
		return fmt.Errorf("list column kind %v", dst.kind)
	})
	if err != nil {
		return err
	}
	if row != from+n {
		return fmt.Errorf("%d lists for %d rows", row-from, n)
	}
	return nil
}

// pageFloats returns the double values of a page, PLAIN or through its
// dictionary, copied out of the page's buffers.
func pageFloats(p parquet.Page) ([]float64, error) {
	data := p.Data()
	if d := p.Dictionary(); d != nil {
		dd := d.Page().Data()
		return lookupValues(data.Int32(), dd.Double())
	}
	return slices.Clone(data.Double()), nil
}

// pageStrings returns the string values of a page, PLAIN or through the
// chunk's dictionary (cached in dict while the pages share it).
func pageStrings(p parquet.Page, dict **stringDict) ([]string, error) {
	data := p.Data()
	if d := p.Dictionary(); d != nil {
		if *dict == nil || (*dict).page != d.Page() {
			*dict = &stringDict{page: d.Page(), words: wordsOf(d.Page().Data())}
		}
		return lookupValues(data.Int32(), (*dict).words)
	}
	return wordsOf(data), nil
}

// lookupValues maps dictionary indexes to their entries.
func lookupValues[T any](indexes []int32, dict []T) ([]T, error) {
	out := make([]T, len(indexes))
	for k, i := range indexes {
		if i < 0 || int(i) >= len(dict) {
			return nil, fmt.Errorf("dictionary index %d outside %d entries", i, len(dict))
		}
		out[k] = dict[i]
	}
	return out, nil
}

// storeLists stores one page's lists into the rows from *row on (before
// end), advancing *row: every entry with repetition level 0 starts a row,
// every entry with definition level 1 holds the next of vals, and a row
// whose only entry has definition level 0 is an empty list.
func storeLists[T any](dst *fieldSource, row *int, end int, reps, defs []byte, vals []T) error {
	k, start := 0, 0
	open := false
	flush := func() {
		if open {
			*(*[]T)(dst.field(*row)) = vals[start:k:k]
			*row++
		}
	}
	for e := range reps {
		switch {
		case reps[e] > 1 || defs[e] > 1:
			return fmt.Errorf("levels %d/%d in a list column of maximum 1/1", reps[e], defs[e])
		case reps[e] == 0:
			flush()
			if *row >= end {
				return fmt.Errorf("more lists than the row group's rows")
			}
			open, start = true, k
		case defs[e] == 0 || k == start:
			return fmt.Errorf("an empty list with a second entry")
		}
		if defs[e] == 1 {
			if k == len(vals) {
				return fmt.Errorf("more list entries than the page's %d values", len(vals))
			}
			k++
		}
	}
	flush()
	if k != len(vals) {
		return fmt.Errorf("%d values for %d list entries", len(vals), k)
	}
	return nil
}
