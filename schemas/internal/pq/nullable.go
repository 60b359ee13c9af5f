package pq

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/format"
)

// scalarColumn is the page writer's column of the flat tables (flat.go): a
// required or optional scalar, read straight from a field of the rows in
// memory, so no column is gathered first. Its pages are fixed by the values
// alone:
//   - data pages v2 of PageRows rows (Layout);
//   - an optional column carries, per page, RLE definition levels of bit
//     width 1 (1 = a value, 0 = null), NumNulls, and values for its non-null
//     rows only; a required column has no levels;
//   - int64, int32 and double values are PLAIN (little-endian), booleans
//     PLAIN (bit-packed, least significant bit first);
//   - strings are RLE_DICTIONARY: every chunk starts with a PLAIN dictionary
//     page of its distinct values in order of first appearance (empty when
//     the chunk has no non-null value), and each data page holds the bit
//     width and the RLE/bit-packed indexes of its values;
//   - a null count in every page and chunk, and min/max statistics for the
//     columns the writer was told (every column of a flat table), of any
//     kind: integers, doubles, booleans and strings (stats.go).

// fieldSource is one field of a slice of rows in memory: row i's field is
// at base + i*stride + offset. A nullable field holds a pointer to its
// value; nil is null.
type fieldSource struct {
	base           unsafe.Pointer // the first row; nil when there are none
	stride, offset uintptr
	kind           Kind
	nullable       bool
}

// field returns the address of row i's field: the value, or for a
// nullable field the pointer to it.
func (s *fieldSource) field(i int) unsafe.Pointer {
	return unsafe.Add(s.base, uintptr(i)*s.stride+s.offset)
}

// at returns the address of row i's value, or nil when it is null.
func (s *fieldSource) at(i int) unsafe.Pointer {
	p := s.field(i)
	if s.nullable {
		return *(*unsafe.Pointer)(p)
	}
	return p
}

// OptionalBoolColumn writes the next column, a nullable boolean: vals[i]
// is row i's value, nil for a null. It is scalarColumn over the pointers
// (a slice of *bool is a slice of rows whose one field is nullable).
func (w *Writer) OptionalBoolColumn(vals []*bool) error {
	src := fieldSource{base: unsafe.Pointer(unsafe.SliceData(vals)), stride: unsafe.Sizeof(vals[0]), kind: KindBool, nullable: true}
	err := w.scalarColumn(&src, 0, len(vals))
	runtime.KeepAlive(vals) // the column writer reads vals through unsafe pointers
	return err
}

// scalarColumn writes the next column from rows [from, to) of src, which
// must be the open row group's rows.
func (w *Writer) scalarColumn(src *fieldSource, from, to int) error {
	c, err := w.beginChunk(src.kind.parquetKind(), false)
	if err != nil {
		return err
	}
	name := strings.Join(c.leaf.path, ".")
	if (c.leaf.maxDef > 0) != src.nullable {
		return fmt.Errorf("parquet writer: column %s has definition level %d, written as nullable %v", name, c.leaf.maxDef, src.nullable)
	}
	if err := w.checkRows(c, to-from); err != nil {
		return err
	}
	enc, encodings := format.Plain, []format.Encoding{format.Plain}
	width := 0
	if src.kind == KindString {
		enc, encodings = format.RLEDictionary, append(encodings, format.RLEDictionary)
		if width, err = w.stringDictionary(c, src, from, to); err != nil {
			return err
		}
	}
	if src.nullable {
		encodings = append(encodings, format.RLE)
	}
	levels := rle.Encoding{BitWidth: 1}
	for p := from; p < to; p += w.layout.PageRows {
		q := min(p+w.layout.PageRows, to)
		var def []byte
		nulls := 0
		if src.nullable {
			defs := resize(w.bufs.defLevels, q-p)
			w.bufs.defLevels = defs
			for i := p; i < q; i++ {
				if src.at(i) == nil {
					defs[i-p] = 0
					nulls++
				} else {
					defs[i-p] = 1
				}
			}
			def, _ = levels.EncodeLevels(w.bufs.def, defs) // width 1 holds 0 and 1
			w.bufs.def = def
		}
		body, b, err := w.scalarBody(src, p, q, from, width)
		if err != nil {
			return fmt.Errorf("encode %s: %w", name, err)
		}
		if !c.leaf.stats {
			b = bounds{}
		}
		h := dataPageHeader(enc, q-p, nulls, q-p, 0, len(def), c.pageStats(nulls, q-p-nulls, b))
		if err := w.writePage(c, h, nil, def, body, p-from); err != nil {
			return err
		}
	}
	w.endChunk(c, encodings...)
	return nil
}

// scalarBody encodes the non-null values of rows [p, q) of src into the
// writer's body buffer and returns them with their bounds, computed in the
// same pass over the rows (a flat table's rows are wide: each pass over a
// column is a pass over memory). Strings are the indexes stringDictionary
// assigned to the chunk's rows, which start at row from, in width bits;
// their order is their index's rank, so no string is compared per row.
func (w *Writer) scalarBody(src *fieldSource, p, q, from, width int) ([]byte, bounds, error) {
	body := w.bufs.body[:0]
	var b bounds
	switch src.kind {
	case KindInt64:
		var r valueRange[int64]
		for i := p; i < q; i++ {
			if v := src.at(i); v != nil {
				x := *(*int64)(v)
				body = binary.LittleEndian.AppendUint64(body, uint64(x))
				r.add(x)
			}
		}
		b = r.bounds(int64Bytes)
	case KindInt32:
		var r valueRange[int32]
		for i := p; i < q; i++ {
			if v := src.at(i); v != nil {
				x := *(*int32)(v)
				body = binary.LittleEndian.AppendUint32(body, uint32(x))
				r.add(x)
			}
		}
		b = r.bounds(int32Bytes)
	case KindFloat64:
		var r valueRange[float64]
		for i := p; i < q; i++ {
			if v := src.at(i); v != nil {
				x := *(*float64)(v)
				body = binary.LittleEndian.AppendUint64(body, math.Float64bits(x))
				r.add(x)
			}
		}
		b = floatBounds(&r)
	case KindBool:
		var r valueRange[uint8]
		var bits byte
		n := 0
		for i := p; i < q; i++ {
			v := src.at(i)
			if v == nil {
				continue
			}
			x := *(*uint8)(v) // a Go bool is one byte, 0 or 1
			r.add(x)
			bits |= x << (n % 8)
			if n++; n%8 == 0 {
				body, bits = append(body, bits), 0
			}
		}
		if n%8 != 0 {
			body = append(body, bits)
		}
		b = r.bounds(boolBytes)
	case KindString:
		var r valueRange[int32]
		idx := w.bufs.indexes[:0]
		for _, x := range w.bufs.rowIndexes[p-from : q-from] {
			if x >= 0 {
				idx = append(idx, x)
				r.add(w.bufs.ranks[x])
			}
		}
		w.bufs.indexes = idx
		enc := rle.Encoding{BitWidth: width}
		packed, err := enc.EncodeInt32(w.bufs.enc[:0], idx)
		if err != nil {
			return nil, bounds{}, err
		}
		w.bufs.enc = packed
		body = append(append(body, byte(width)), packed...)
		b = r.bounds(func(rank int32) []byte { return []byte(w.bufs.dictValues[w.bufs.byRank[rank]]) })
	default:
		return nil, bounds{}, fmt.Errorf("column kind %v", src.kind)
	}
	w.bufs.body = body
	return body, b, nil
}

// stringDictionary writes the dictionary page of a string chunk of rows
// [from, to) of src: the distinct non-null values in order of first
// appearance, PLAIN. It leaves each row's index (-1 for null) in
// w.bufs.rowIndexes, the values by index in w.bufs.dictValues, their
// ranks in string order (stringRanks), and returns the bit width of the
// indexes.
func (w *Writer) stringDictionary(c *chunk, src *fieldSource, from, to int) (int, error) {
	ids := map[string]int32{}
	rows := resize(w.bufs.rowIndexes, to-from)
	w.bufs.rowIndexes = rows
	values := w.bufs.dictValues[:0]
	plain := w.bufs.dict[:0]
	for i := from; i < to; i++ {
		v := src.at(i)
		if v == nil {
			rows[i-from] = -1
			continue
		}
		s := *(*string)(v)
		id, ok := ids[s]
		if !ok {
			id = int32(len(ids))
			ids[s] = id
			values = append(values, s)
			plain = binary.LittleEndian.AppendUint32(plain, uint32(len(s)))
			plain = append(plain, s...)
		}
		rows[i-from] = id
	}
	w.bufs.dict = plain
	w.bufs.dictValues = values
	w.bufs.ranks, w.bufs.byRank = stringRanks(w.bufs.ranks, w.bufs.byRank, values)
	var h format.PageHeader
	h.Type = format.DictionaryPage
	h.DictionaryPageHeader.Set(format.DictionaryPageHeader{NumValues: int32(len(ids)), Encoding: format.Plain})
	if err := w.writePage(c, h, nil, nil, plain, 0); err != nil {
		return 0, err
	}
	return indexWidth(max(len(ids), 1)), nil
}

// stringRanks orders a dictionary's values by unsigned byte order (Go's
// string order, the statistics' order of a string column): rank[i] is
// value i's place, byRank[k] the value in place k. The slices reuse the
// given buffers.
func stringRanks(rank, byRank []int32, values []string) ([]int32, []int32) {
	rank, byRank = resize(rank, len(values)), resize(byRank, len(values))
	for i := range byRank {
		byRank[i] = int32(i)
	}
	slices.SortFunc(byRank, func(a, b int32) int { return strings.Compare(values[a], values[b]) })
	for k, i := range byRank {
		rank[i] = int32(k)
	}
	return rank, byRank
}
