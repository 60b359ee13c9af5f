package pq

import (
	"fmt"
	"runtime"
	"strings"
	"unsafe"

	"github.com/dtbench/dtbench/input"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
)

// Read reads every row of the open flat table file pf, named path in
// errors, in file order, after checking that its columns are exactly R's
// (names, physical types, nullability: the schema parquet.SchemaOf derives
// from R), or, unless current, that they are R's less some nullable
// columns, which read as null (a file of an older version of the table).
// The caller has checked the file's metadata, and recovers from a panic
// of the decoder.
//
// It decodes each column chunk page by page with parquet-go and stores
// the values straight into the rows' fields, as the writer reads them. It
// does not use parquet-go's GenericReader: v0.32.0 reads a null of a
// pointer field inside an embedded struct as a pointer to zero (its
// fieldByIndex allocates the pointer on the way to the leaf; upstream issue
// parquet-go/parquet-go#163), and evaluation rows embed structs of
// nullable measures.
//
// A nullable column's values are stored in one array per page, to which
// the rows' pointers point: no allocation per value.
func (t *Flat[R]) Read(filePath string, pf *parquet.File, current bool) (rows []R, err error) {
	lay := t.layout()
	order := make([]int, len(lay.columns)) // file column i → lay.columns[order[i]]
	for i := range order {
		order[i] = i
	}
	if current {
		if err := CheckColumns(filePath, pf.Schema(), lay.schema); err != nil {
			return nil, err
		}
	} else if order, err = olderColumns(filePath, pf.Schema(), &lay); err != nil {
		return nil, err
	}
	rows = make([]R, pf.NumRows())
	dst := make([]fieldSource, len(order))
	for i, k := range order {
		c := lay.columns[k]
		dst[i] = fieldSource{base: unsafe.Pointer(unsafe.SliceData(rows)), stride: unsafe.Sizeof(*new(R)),
			offset: c.Offset, kind: c.Kind, nullable: c.Nullable}
	}
	at := 0
	for g, rg := range pf.RowGroups() {
		n := int(rg.NumRows())
		if n < 0 || n > len(rows)-at {
			return nil, input.Filef(filePath, 0, "row group %d has %d rows, past the %d of the footer", g, n, len(rows))
		}
		for i, cc := range rg.ColumnChunks() {
			read := readFlatColumn
			if dst[i].kind.List() {
				read = readFlatList
			}
			if err := read(cc, &dst[i], at, n); err != nil {
				return nil, input.Filef(filePath, 0, "row group %d column %s: %w", g, lay.columns[order[i]].Name, err)
			}
		}
		at += n
	}
	runtime.KeepAlive(rows)
	if at != len(rows) {
		return nil, input.Filef(filePath, 0, "row groups hold %d rows, the footer says %d", at, len(rows))
	}
	return rows, nil
}

// olderColumns maps the columns of a file of an older version of a flat
// table to lay's: each must be one of lay's, with its type and
// nullability, in lay's order, and every column of lay the file lacks
// must be nullable (it reads as null). It returns, per file column, the
// index of lay's column.
func olderColumns(filePath string, got *parquet.Schema, lay *flatLayout) ([]int, error) {
	want := DescribeColumns(lay.schema)
	var order []int
	k := 0
	for _, g := range DescribeColumns(got) {
		for k < len(want) && want[k] != g {
			if !lay.columns[k].Nullable {
				return nil, input.Filef(filePath, 0, "missing column %s", want[k])
			}
			k++
		}
		if k == len(want) {
			return nil, input.Filef(filePath, 0, "unexpected column %s", g)
		}
		order = append(order, k)
		k++
	}
	for ; k < len(want); k++ {
		if !lay.columns[k].Nullable {
			return nil, input.Filef(filePath, 0, "missing column %s", want[k])
		}
	}
	return order, nil
}

// readFlatColumn decodes a column chunk into rows [from, from+n) of dst.
func readFlatColumn(cc parquet.ColumnChunk, dst *fieldSource, from, n int) error {
	row := from
	var dict *stringDict
	err := EachPage(cc, func(p parquet.Page) error {
		rows := int(p.NumValues())
		if rows < 0 || rows > from+n-row {
			return fmt.Errorf("page of %d values past the row group's %d rows", rows, n)
		}
		var defs []byte
		if dst.nullable {
			if defs = p.DefinitionLevels(); len(defs) != rows {
				return fmt.Errorf("%d definition levels for %d values", len(defs), rows)
			}
		}
		if err := storePage(p, dst, row, rows, defs, &dict); err != nil {
			return err
		}
		row += rows
		return nil
	})
	if err != nil {
		return err
	}
	if row != from+n {
		return fmt.Errorf("%d values for %d rows", row-from, n)
	}
	return nil
}

// stringDict is a page's dictionary of strings, kept while the following
// pages share it.
type stringDict struct {
	page  parquet.Page
	words []string
}

// storePage stores the values of one page, for rows [row, row+n).
func storePage(p parquet.Page, dst *fieldSource, row, n int, defs []byte, dict **stringDict) error {
	data := p.Data()
	if d := p.Dictionary(); d != nil {
		// A dictionary-encoded page: its data are the indexes (possibly
		// none) into the chunk's dictionary, of any kind.
		indexes, dictData, size := data.Int32(), d.Page().Data(), d.Len()
		if dst.kind == KindString && (*dict == nil || (*dict).page != d.Page()) {
			*dict = &stringDict{page: d.Page(), words: wordsOf(dictData)}
		}
		switch dst.kind {
		case KindInt64:
			return storeIndexed(dst, row, n, defs, indexes, dictData.Int64)
		case KindInt32:
			return storeIndexed(dst, row, n, defs, indexes, dictData.Int32)
		case KindFloat64:
			return storeIndexed(dst, row, n, defs, indexes, dictData.Double)
		case KindBool:
			return storeIndexed(dst, row, n, defs, indexes, func() []bool {
				all, _ := unpackBools(dictData.Boolean(), size) // too few bits: no entries, every index fails
				return all
			})
		case KindString:
			return storeIndexed(dst, row, n, defs, indexes, func() []string { return (*dict).words })
		}
	}
	switch dst.kind {
	case KindInt64:
		return storeValues(dst, row, n, defs, data.Int64())
	case KindInt32:
		return storeValues(dst, row, n, defs, data.Int32())
	case KindFloat64:
		return storeValues(dst, row, n, defs, data.Double())
	case KindBool:
		plain, err := unpackBools(data.Boolean(), nonNull(n, defs))
		if err != nil {
			return err
		}
		return storeValues(dst, row, n, defs, plain)
	case KindString:
		return storeValues(dst, row, n, defs, wordsOf(data))
	}
	return fmt.Errorf("column kind %v", dst.kind)
}

// nonNull is the number of values a page of n rows holds: its rows whose
// definition level is not 0 (every row of a required column).
func nonNull(n int, defs []byte) int {
	if defs == nil {
		return n
	}
	k := 0
	for _, d := range defs {
		if d != 0 {
			k++
		}
	}
	return k
}

// storeIndexed stores dict()[i] for each dictionary index i of a page, as
// storeValues stores values.
func storeIndexed[T any](dst *fieldSource, row, n int, defs []byte, indexes []int32, dict func() []T) error {
	d := dict()
	vals := make([]T, len(indexes))
	for k, i := range indexes {
		if i < 0 || int(i) >= len(d) {
			return fmt.Errorf("dictionary index %d outside %d entries", i, len(d))
		}
		vals[k] = d[i]
	}
	return storeValues(dst, row, n, defs, vals)
}

// storeValues stores a page's values into rows [row, row+n) of dst; defs
// (nil for a required column) tells which rows are null.
func storeValues[T any](dst *fieldSource, row, n int, defs []byte, vals []T) error {
	if defs == nil {
		if len(vals) != n {
			return fmt.Errorf("%d values for %d rows", len(vals), n)
		}
		for i, v := range vals {
			*(*T)(dst.field(row + i)) = v
		}
		return nil
	}
	own := append([]T(nil), vals...) // out of the page's buffers, which are reused
	k := 0
	for i, d := range defs {
		switch {
		case d == 0:
			continue
		case d > 1:
			return fmt.Errorf("definition level %d in a column of maximum 1", d)
		case k == len(own):
			return fmt.Errorf("more non-null rows than the page's %d values", len(own))
		}
		*(*unsafe.Pointer)(dst.field(row + i)) = unsafe.Pointer(&own[k])
		k++
	}
	if k != len(own) {
		return fmt.Errorf("%d values for %d non-null rows", len(own), k)
	}
	return nil
}

// unpackBools unpacks n bit-packed booleans, least significant bit first.
func unpackBools(bits []byte, n int) ([]bool, error) {
	if len(bits)*8 < n {
		return nil, fmt.Errorf("%d bytes of booleans for %d values", len(bits), n)
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = bits[i/8]>>(i%8)&1 != 0
	}
	return out, nil
}

// wordsOf copies the byte-array values of data out as strings; equal
// neighbours share one string (learner names repeat down a column).
func wordsOf(data encoding.Values) []string {
	words, offsets := data.ByteArray()
	out := make([]string, max(len(offsets)-1, 0))
	for i := range out {
		w := words[offsets[i]:offsets[i+1]]
		if i > 0 && string(w) == out[i-1] {
			out[i] = out[i-1]
		} else {
			out[i] = strings.Clone(string(w))
		}
	}
	return out
}
