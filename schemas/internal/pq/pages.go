package pq

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/format"

	"github.com/dtbench/dtbench/internal/freelist"
)

// The column kinds Writer writes, one method each. Every method takes the
// whole column of the current row group, cuts it into pages of PageRows
// rows (Layout) and encodes each page straight from the typed slice;
// each page's statistics go through chunk.pageStats (stats.go):
//
//	Int64Column   DELTA_BINARY_PACKED; ids (constant runs cost ~nothing);
//	              min/max when asked
//	Int32Column   DELTA_BINARY_PACKED; row numbers, rules, node fields;
//	              min/max when asked
//	CodeColumn    RLE_DICTIONARY over the identity dictionary 0..z-1: a
//	              code is its own dictionary index, so nothing is hashed
//	              and a binary feature costs one bit per row
//	StringColumn  RLE_DICTIONARY over a dictionary the caller built, with
//	              one index per row (runs of one value cost a few bytes)
//	Int32ListColumn  list<int32> in CSR form, DELTA_BINARY_PACKED values
//	              with RLE repetition and definition levels; an empty
//	              list is one null entry of the leaf
//	Float64ListColumn  list<double> in CSR form as Int32ListColumn, PLAIN
//	              values
//	NullableCodeColumn, NullableFloat64Column  the nullable features of
//	              datasets/ (nullcols.go)
//	OptionalBoolColumn  a nullable boolean, one *bool per row (nullable.go)
//	scalarColumn  a required or optional int64, int32, double, boolean or
//	              string read from a field of rows in memory (flat tables,
//	              flat.go and nullable.go): PLAIN numbers and booleans,
//	              strings RLE_DICTIONARY, RLE definition levels when
//	              optional; min/max of any kind when asked
//	listColumn    a required list of doubles or strings read from a field
//	              of rows in memory (lists.go)
//
// CodeColumn and StringColumn write null counts only and refuse a column
// named for min/max; a list's leaf cannot be named (NewWriter).

// pageBuffers are the scratch buffers of one writer, reused page to page.
type pageBuffers struct {
	body, dict, rep, def, zstd, enc []byte
	repLevels, defLevels            []uint8
	indexes, rowIndexes             []int32  // dictionary indexes of a page and of a chunk's rows (nullable.go)
	dictValues                      []string // a string chunk's dictionary, by index (nullable.go)
	ranks, byRank                   []int32  // the dictionary's order: index → rank, rank → index (nullable.go)
	valid                           []byte   // the definition levels of a page of validRows rows without a null (nullcols.go)
	validRows                       int
}

// KeptBuffers is how many of each large write buffer (a page writer's
// scratch here, a file's and a row group's in package schemas) are kept
// for the next file (freelist: a sync.Pool would drop them at every
// collection): a run writes files from a few goroutines at a time.
const KeptBuffers = 4

var pageBufferPool = freelist.New(KeptBuffers, func() *pageBuffers { return new(pageBuffers) })

// Release returns the writer's scratch buffers to their pool; the writer
// must not be used after.
func (w *Writer) Release() {
	if w.bufs != nil {
		clear(w.bufs.dictValues[:cap(w.bufs.dictValues)]) // the pool keeps no caller's strings
		pageBufferPool.Put(w.bufs)
		w.bufs = nil
	}
}

var deltaEncoding delta.BinaryPackedEncoding

// Int64Column writes the next column, a required int64, one value per row.
func (w *Writer) Int64Column(vals []int64) error {
	return deltaColumn(w, parquet.Int64, vals, deltaEncoding.EncodeInt64, int64Bytes)
}

// Int32Column writes the next column, a required int32, one value per row.
func (w *Writer) Int32Column(vals []int32) error {
	return deltaColumn(w, parquet.Int32, vals, deltaEncoding.EncodeInt32, int32Bytes)
}

// deltaColumn writes the next column, a required integer of kind, one
// value per row, in delta-binary-packed pages of the layout's size with
// their bounds (encode and toBytes are the kind's encoder and its plain
// bytes for statistics).
func deltaColumn[T int32 | int64](w *Writer, kind parquet.Kind, vals []T, encode func([]byte, []T) ([]byte, error), toBytes func(T) []byte) error {
	c, err := w.beginChunk(kind, false)
	if err != nil {
		return err
	}
	if err := w.checkRows(c, len(vals)); err != nil {
		return err
	}
	for from := 0; from < len(vals); from += w.layout.PageRows {
		page := vals[from:min(from+w.layout.PageRows, len(vals))]
		body, _ := encode(w.bufs.body, page) // never fails
		w.bufs.body = body
		var b bounds
		if c.leaf.stats {
			b = sliceBounds(page, toBytes)
		}
		h := dataPageHeader(format.DeltaBinaryPacked, len(page), 0, len(page), 0, 0, c.pageStats(0, len(page), b))
		if err := w.writePage(c, h, nil, nil, body, from); err != nil {
			return err
		}
	}
	w.endChunk(c, format.DeltaBinaryPacked)
	return nil
}

// CodeColumn writes the next column, a required int32 whose values are the
// codes 0..z-1 (z ≤ 256) of a nominal attribute, given as bytes. Every code
// must be below z: the dictionary is 0..z-1 and a code is its own index.
func (w *Writer) CodeColumn(codes []uint8, z int) error {
	c, err := w.beginChunk(parquet.Int32, false)
	if err != nil {
		return err
	}
	if err := w.checkRows(c, len(codes)); err != nil {
		return err
	}
	if z < 1 || z > 256 {
		return fmt.Errorf("parquet writer: column %s: %d codes, want 1..256", strings.Join(c.leaf.path, "."), z)
	}
	dict := w.bufs.dict[:0]
	for v := range z {
		dict = binary.LittleEndian.AppendUint32(dict, uint32(v))
	}
	w.bufs.dict = dict
	return w.dictionaryChunk(c, len(codes), z, dict, func(enc *rle.Encoding, dst []byte, from, to int) ([]byte, error) {
		return enc.EncodeLevels(dst, codes[from:to])
	})
}

// StringColumn writes the next column, a required string, as indexes (one
// per row) into dict.
func (w *Writer) StringColumn(dict []string, idx []int32) error {
	c, err := w.beginChunk(parquet.ByteArray, false)
	if err != nil {
		return err
	}
	if err := w.checkRows(c, len(idx)); err != nil {
		return err
	}
	for _, i := range idx {
		if i < 0 || int(i) >= len(dict) {
			return fmt.Errorf("parquet writer: column %s: index %d outside a dictionary of %d", strings.Join(c.leaf.path, "."), i, len(dict))
		}
	}
	plain := w.bufs.dict[:0]
	for _, s := range dict {
		plain = binary.LittleEndian.AppendUint32(plain, uint32(len(s)))
		plain = append(plain, s...)
	}
	w.bufs.dict = plain
	return w.dictionaryChunk(c, len(idx), len(dict), plain, func(enc *rle.Encoding, dst []byte, from, to int) ([]byte, error) {
		return enc.EncodeInt32(dst, idx[from:to])
	})
}

// dictionaryChunk writes the pages of c, a dictionary-encoded column of n
// rows: the dictionary page (size entries, PLAIN-encoded in plain), then
// data pages whose body is the indexes' bit width followed by the indexes
// of the page's rows, which encode writes into dst in the RLE/bit-packed
// hybrid encoding.
func (w *Writer) dictionaryChunk(c *chunk, n, size int, plain []byte,
	encode func(enc *rle.Encoding, dst []byte, from, to int) ([]byte, error)) error {
	if err := noBounds(c); err != nil {
		return err
	}
	if n > 0 {
		var h format.PageHeader
		h.Type = format.DictionaryPage
		h.DictionaryPageHeader.Set(format.DictionaryPageHeader{NumValues: int32(size), Encoding: format.Plain})
		if err := w.writePage(c, h, nil, nil, plain, 0); err != nil {
			return err
		}
	}
	width := indexWidth(size)
	enc := rle.Encoding{BitWidth: width}
	for from := 0; from < n; from += w.layout.PageRows {
		to := min(from+w.layout.PageRows, n)
		packed, err := encode(&enc, w.bufs.enc, from, to)
		if err != nil {
			return fmt.Errorf("encode %s: %w", strings.Join(c.leaf.path, "."), err)
		}
		w.bufs.enc = packed
		body := append(append(w.bufs.body[:0], byte(width)), packed...)
		w.bufs.body = body
		h := dataPageHeader(format.RLEDictionary, to-from, 0, to-from, 0, 0, c.pageStats(0, to-from, bounds{}))
		if err := w.writePage(c, h, nil, nil, body, from); err != nil {
			return err
		}
	}
	w.endChunk(c, format.Plain, format.RLEDictionary)
	return nil
}

// Int32ListColumn writes the next column, a list<int32> (a required list
// of required elements), in CSR form: row r holds vals[offs[r]:offs[r+1]],
// so len(offs) is rows+1 and offs never decreases. offs need not start at
// 0: a row group is a window of a file-wide CSR array. The values are
// DELTA_BINARY_PACKED.
func (w *Writer) Int32ListColumn(vals, offs []int32) error {
	return csrListColumn(w, parquet.Int32, format.DeltaBinaryPacked, vals, offs, func(dst []byte, v []int32) []byte {
		body, _ := deltaEncoding.EncodeInt32(dst, v) // never fails
		return body
	})
}

// Float64ListColumn writes the next column, a list<double> (a required
// list of required elements), in CSR form as Int32ListColumn; the values
// are PLAIN.
func (w *Writer) Float64ListColumn(vals []float64, offs []int32) error {
	return csrListColumn(w, parquet.Double, format.Plain, vals, offs, func(dst []byte, v []float64) []byte {
		dst = dst[:0]
		for _, x := range v {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(x))
		}
		return dst
	})
}

// csrListColumn writes the next column, a required list of required
// values of kind in CSR form (see Int32ListColumn), the values of each
// page encoded by encode with encoding enc, RLE repetition and definition
// levels.
func csrListColumn[T any](w *Writer, kind parquet.Kind, enc format.Encoding, vals []T, offs []int32, encode func(dst []byte, v []T) []byte) error {
	c, err := w.beginChunk(kind, true)
	if err != nil {
		return err
	}
	name := strings.Join(c.leaf.path, ".")
	if c.leaf.maxRep != 1 || c.leaf.maxDef != 1 {
		return fmt.Errorf("parquet writer: column %s has levels %d/%d, want a required list of required values", name, c.leaf.maxRep, c.leaf.maxDef)
	}
	if len(offs) == 0 || offs[0] < 0 || int(offs[len(offs)-1]) > len(vals) {
		return fmt.Errorf("parquet writer: column %s: offsets outside the %d values", name, len(vals))
	}
	rows := len(offs) - 1
	if err := w.checkRows(c, rows); err != nil {
		return err
	}
	levels := rle.Encoding{BitWidth: 1}
	for from := 0; from < rows; from += w.layout.PageRows {
		to := min(from+w.layout.PageRows, rows)
		// One entry per value, and one for each empty list; every entry
		// but a row's first repeats the row (rep 1), every entry but an
		// empty list's holds a value (def 1).
		nulls := 0
		for r := from; r < to; r++ {
			switch k := offs[r+1] - offs[r]; {
			case k < 0:
				return fmt.Errorf("parquet writer: column %s: offsets decrease at row %d", name, r)
			case k == 0:
				nulls++
			}
		}
		n := int(offs[to]-offs[from]) + nulls
		rep, def := resize(w.bufs.repLevels, n), resize(w.bufs.defLevels, n)
		w.bufs.repLevels, w.bufs.defLevels = rep, def
		fill(rep, 1)
		fill(def, 1)
		at := 0
		for r := from; r < to; r++ {
			rep[at] = 0
			if k := int(offs[r+1] - offs[r]); k > 0 {
				at += k
			} else {
				def[at] = 0
				at++
			}
		}
		repEnc, _ := levels.EncodeLevels(w.bufs.rep, rep) // width 1 holds 0 and 1
		defEnc, _ := levels.EncodeLevels(w.bufs.def, def)
		w.bufs.rep, w.bufs.def = repEnc, defEnc
		body := encode(w.bufs.body, vals[offs[from]:offs[to]])
		w.bufs.body = body
		h := dataPageHeader(enc, n, nulls, to-from, len(repEnc), len(defEnc), c.pageStats(nulls, n-nulls, bounds{}))
		if err := w.writePage(c, h, repEnc, defEnc, body, from); err != nil {
			return err
		}
	}
	w.endChunk(c, format.RLE, enc)
	return nil
}

// noBounds refuses min/max statistics for c, whose column method writes
// null counts only.
func noBounds(c *chunk) error {
	if c.leaf.stats {
		return fmt.Errorf("parquet writer: column %s: no min/max statistics for this column kind", strings.Join(c.leaf.path, "."))
	}
	return nil
}

// checkRows checks that a column holds the row group's rows.
func (w *Writer) checkRows(c *chunk, n int) error {
	if n != w.rows {
		return fmt.Errorf("parquet writer: column %s has %d rows, the row group %d", strings.Join(c.leaf.path, "."), n, w.rows)
	}
	return nil
}

// indexWidth is the bit width of the indexes into a dictionary of n
// entries; at least 1, which every reader accepts.
func indexWidth(n int) int { return max(1, bits.Len(uint(n-1))) }
