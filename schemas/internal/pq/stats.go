package pq

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// The statistics Writer writes. Readers answer from them without reading
// a page: DuckDB and polars take count(col), IS NULL, IS NOT NULL and the
// placement of nulls in ORDER BY from null counts, and skip row groups and
// pages by min/max. So what a file says must hold for the data, and where
// it cannot be said exactly, nothing is said:
//   - null_count in the metadata of every chunk, in the header of every
//     data page and, where there is one, in the column index: the entries
//     whose definition level is below the column's maximum. In a list's
//     leaf (values.list.element) those are the empty lists, one entry each,
//     as parquet-mr and Arrow C++ count them. parquet-go's format writes
//     null_count even when it is zero, so a count is never absent: it has
//     to be right.
//   - min_value and max_value for the columns of leaf.stats, over the
//     non-null values, PLAIN-encoded (strings without a length prefix), in
//     the column's order: signed for integers, false < true, unsigned byte
//     order for strings (Go's string order), numeric for doubles with a
//     zero min written as −0 and a zero max as +0, as the format asks.
//     Strings are written whole, never truncated. A double page that holds
//     a NaN gets no bounds, nor does its chunk, and the chunk has no column
//     index: a reader that orders NaN above every number (DuckDB does)
//     would otherwise skip the row where `x > 0.9` holds for the NaN.
//   - a column index for every chunk of those columns that has bounds:
//     per page null_pages (an all-null page has empty min and max),
//     min_values, max_values, null_counts, and the boundary order of the
//     pages that hold values.

// bounds are the least and greatest of some values of one column,
// PLAIN-encoded as statistics store them; ok is false when there are none.
type bounds struct {
	min, max []byte
	ok       bool
}

// pageStats records one data page of c, whose entries are nulls nulls and
// values values, and whose values have bounds b (b.ok false when c has no
// min/max or the page has no value or an unordered one). It returns the
// statistics of the page's header. Call it once per data page, in order.
func (c *chunk) pageStats(nulls, values int, b bounds) format.Statistics {
	c.nulls += int64(nulls)
	st := format.Statistics{NullCount: int64(nulls)}
	if !c.leaf.stats {
		return st
	}
	ix := &c.index
	ix.NullCounts = append(ix.NullCounts, int64(nulls))
	switch {
	case values == 0:
		ix.NullPages = append(ix.NullPages, true)
		ix.MinValues = append(ix.MinValues, []byte{})
		ix.MaxValues = append(ix.MaxValues, []byte{})
	case b.ok:
		st.MinValue, st.MaxValue = b.min, b.max
		ix.NullPages = append(ix.NullPages, false)
		ix.MinValues = append(ix.MinValues, b.min)
		ix.MaxValues = append(ix.MaxValues, b.max)
		c.bounds = c.bounds.merge(b, c.leaf.kind)
	default:
		c.unordered = true
	}
	return st
}

// statistics are the finished chunk's statistics, for its metadata.
func (c *chunk) statistics() format.Statistics {
	st := format.Statistics{NullCount: c.nulls}
	if c.leaf.stats && !c.unordered && c.bounds.ok {
		st.MinValue, st.MaxValue = c.bounds.min, c.bounds.max
	}
	return st
}

// columnIndex is the finished chunk's column index, nil when it has none.
func (c *chunk) columnIndex() *format.ColumnIndex {
	if !c.leaf.stats || c.unordered || c.data == 0 {
		return nil
	}
	c.index.BoundaryOrder = boundaryOrder(c.leaf.kind, &c.index)
	return &c.index
}

// merge widens b to hold o too.
func (b bounds) merge(o bounds, kind parquet.Kind) bounds {
	if !b.ok {
		return o
	}
	if compareStat(kind, o.min, b.min) < 0 {
		b.min = o.min
	}
	if compareStat(kind, o.max, b.max) > 0 {
		b.max = o.max
	}
	return b
}

// compareStat compares two statistics values of a column of kind in the
// column's order. Doubles are never NaN here.
func compareStat(kind parquet.Kind, a, b []byte) int {
	le32 := func(p []byte) uint32 { return binary.LittleEndian.Uint32(p) }
	le64 := func(p []byte) uint64 { return binary.LittleEndian.Uint64(p) }
	switch kind {
	case parquet.Boolean:
		return cmp.Compare(a[0], b[0])
	case parquet.Int32:
		return cmp.Compare(int32(le32(a)), int32(le32(b)))
	case parquet.Int64:
		return cmp.Compare(int64(le64(a)), int64(le64(b)))
	case parquet.Double:
		return cmp.Compare(math.Float64frombits(le64(a)), math.Float64frombits(le64(b)))
	case parquet.ByteArray:
		return bytes.Compare(a, b)
	}
	panic("schemas: statistics of a " + kind.String() + " column")
}

// boundaryOrder tells how the bounds of the pages that hold values are
// ordered (all-null pages have none and are skipped, as parquet-mr and
// Arrow C++ skip them).
func boundaryOrder(kind parquet.Kind, ix *format.ColumnIndex) format.BoundaryOrder {
	asc, desc := true, true
	prev := -1
	for i, null := range ix.NullPages {
		if null {
			continue
		}
		if prev >= 0 {
			lo := compareStat(kind, ix.MinValues[prev], ix.MinValues[i])
			hi := compareStat(kind, ix.MaxValues[prev], ix.MaxValues[i])
			asc = asc && lo <= 0 && hi <= 0
			desc = desc && lo >= 0 && hi >= 0
		}
		prev = i
	}
	switch {
	case asc:
		return format.Ascending
	case desc:
		return format.Descending
	}
	return format.Unordered
}

// valueRange accumulates the least and greatest of values added one by
// one; a NaN marks the range unordered.
type valueRange[T int32 | int64 | float64 | uint8] struct {
	lo, hi T
	n      int
	nan    bool
}

func (r *valueRange[T]) add(v T) {
	switch {
	case math.IsNaN(float64(v)):
		r.nan = true
	case r.n == 0:
		r.lo, r.hi = v, v
	case v < r.lo:
		r.lo = v
	case v > r.hi:
		r.hi = v
	}
	r.n++
}

// bounds encodes the range with enc; none when it is empty or unordered.
func (r *valueRange[T]) bounds(enc func(T) []byte) bounds {
	if r.n == 0 || r.nan {
		return bounds{}
	}
	return bounds{min: enc(r.lo), max: enc(r.hi), ok: true}
}

// floatBounds encodes a range of doubles: a zero min as −0, a zero max as
// +0, so that no reader's order of the two zeros can exclude a row.
func floatBounds(r *valueRange[float64]) bounds {
	if r.lo == 0 {
		r.lo = math.Copysign(0, -1)
	}
	if r.hi == 0 {
		r.hi = 0
	}
	return r.bounds(float64Bytes)
}

// sliceBounds are the bounds of a page of integers.
func sliceBounds[T int32 | int64](vals []T, enc func(T) []byte) bounds {
	var r valueRange[T]
	for _, v := range vals {
		r.add(v)
	}
	return r.bounds(enc)
}

// The PLAIN encodings of statistics values.
func int64Bytes(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
func int32Bytes(v int32) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
func float64Bytes(v float64) []byte {
	return binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))
}
func boolBytes(v uint8) []byte { return []byte{v} }
