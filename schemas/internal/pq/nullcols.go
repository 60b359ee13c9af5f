package pq

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/format"
)

// The nullable columns of datasets/ (version 2), whose features are only
// known at run time and arrive as whole columns of a dataset.Dataset:
//
//	NullableCodeColumn    an optional int32 holding the codes 0..z-1 of a
//	                      nominal attribute, RLE_DICTIONARY over the identity
//	                      dictionary as CodeColumn, with a null where the
//	                      code is the caller's missing code
//	NullableFloat64Column an optional double, PLAIN, with a null where the
//	                      value is NaN
//
// Both carry RLE definition levels of bit width 1 in every page (1 = a
// value, 0 = null; a page without nulls is one run, a few bytes), values
// for the non-null rows only, and null counts; no min/max.

// NullableCodeColumn writes the next column, an optional int32 whose
// values are the codes 0..z-1 (z ≤ 256) of a nominal attribute, given as
// bytes; a code equal to null is written as a null. Every other code must
// be below z.
func (w *Writer) NullableCodeColumn(codes []uint8, z int, null uint8) error {
	c, err := w.beginNullable(parquet.Int32, len(codes))
	if err != nil {
		return err
	}
	name := strings.Join(c.leaf.path, ".")
	if z < 1 || z > 256 {
		return fmt.Errorf("parquet writer: column %s: %d codes, want 1..256", name, z)
	}
	if int(null) < z {
		return fmt.Errorf("parquet writer: column %s: null code %d is a value of a domain of %d", name, null, z)
	}
	dict := w.bufs.dict[:0]
	for v := range z {
		dict = binary.LittleEndian.AppendUint32(dict, uint32(v))
	}
	w.bufs.dict = dict
	if len(codes) > 0 {
		var h format.PageHeader
		h.Type = format.DictionaryPage
		h.DictionaryPageHeader.Set(format.DictionaryPageHeader{NumValues: int32(z), Encoding: format.Plain})
		if err := w.writePage(c, h, nil, nil, dict, 0); err != nil {
			return err
		}
	}
	width := indexWidth(z)
	enc := rle.Encoding{BitWidth: width}
	for from := 0; from < len(codes); from += w.layout.PageRows {
		to := min(from+w.layout.PageRows, len(codes))
		page := codes[from:to]
		var def, vals []byte
		var nulls int
		if bytes.IndexByte(page, null) < 0 { // every row a value: the page's codes are its values
			if v, bad := codeAtOrAbove(page, z); bad {
				return fmt.Errorf("parquet writer: column %s: code %d outside 0..%d", name, v, z-1)
			}
			def, vals = w.allValidLevels(len(page)), page
		} else {
			vals = w.bufs.defLevels[:0] // the page's non-null codes, built beside its levels
			def, nulls = w.definitionLevels(to-from, func(i int) bool { return page[i] == null })
			for _, v := range page {
				if v == null {
					continue
				}
				if int(v) >= z {
					return fmt.Errorf("parquet writer: column %s: code %d outside 0..%d", name, v, z-1)
				}
				vals = append(vals, v)
			}
			w.bufs.defLevels = vals
		}
		packed, err := enc.EncodeLevels(w.bufs.enc, vals)
		if err != nil {
			return fmt.Errorf("encode %s: %w", name, err)
		}
		w.bufs.enc = packed
		body := append(append(w.bufs.body[:0], byte(width)), packed...)
		w.bufs.body = body
		h := dataPageHeader(format.RLEDictionary, to-from, nulls, to-from, 0, len(def), c.pageStats(nulls, to-from-nulls, bounds{}))
		if err := w.writePage(c, h, nil, def, body, from); err != nil {
			return err
		}
	}
	w.endChunk(c, format.Plain, format.RLEDictionary, format.RLE)
	return nil
}

// NullableFloat64Column writes the next column, an optional double; a NaN
// in vals is written as a null (so no NaN is ever a value of the column).
func (w *Writer) NullableFloat64Column(vals []float64) error {
	c, err := w.beginNullable(parquet.Double, len(vals))
	if err != nil {
		return err
	}
	for from := 0; from < len(vals); from += w.layout.PageRows {
		to := min(from+w.layout.PageRows, len(vals))
		def, nulls := w.definitionLevels(to-from, func(i int) bool { return math.IsNaN(vals[from+i]) })
		body := w.bufs.body[:0]
		for _, x := range vals[from:to] {
			if !math.IsNaN(x) {
				body = binary.LittleEndian.AppendUint64(body, math.Float64bits(x))
			}
		}
		w.bufs.body = body
		h := dataPageHeader(format.Plain, to-from, nulls, to-from, 0, len(def), c.pageStats(nulls, to-from-nulls, bounds{}))
		if err := w.writePage(c, h, nil, def, body, from); err != nil {
			return err
		}
	}
	w.endChunk(c, format.Plain, format.RLE)
	return nil
}

// beginNullable opens the chunk of the next column, which must be an
// optional (not repeated) column of kind without min/max statistics,
// holding the row group's n rows.
func (w *Writer) beginNullable(kind parquet.Kind, n int) (*chunk, error) {
	c, err := w.beginChunk(kind, false)
	if err != nil {
		return nil, err
	}
	if c.leaf.maxDef != 1 {
		return nil, fmt.Errorf("parquet writer: column %s has definition level %d, written as nullable", strings.Join(c.leaf.path, "."), c.leaf.maxDef)
	}
	if err := noBounds(c); err != nil {
		return nil, err
	}
	if err := w.checkRows(c, n); err != nil {
		return nil, err
	}
	return c, nil
}

// definitionLevels encodes the definition levels of a page of n rows, row
// i null when isNull(i), into the writer's level buffer, and returns them
// with the page's null count.
func (w *Writer) definitionLevels(n int, isNull func(i int) bool) ([]byte, int) {
	defs := resize(w.bufs.repLevels, n) // the repetition buffer: the caller may be using defLevels
	w.bufs.repLevels = defs
	nulls := 0
	for i := range n {
		if isNull(i) {
			defs[i] = 0
			nulls++
		} else {
			defs[i] = 1
		}
	}
	levels := rle.Encoding{BitWidth: 1}
	def, _ := levels.EncodeLevels(w.bufs.def, defs) // width 1 holds 0 and 1
	w.bufs.def = def
	return def, nulls
}

// allValidLevels returns the encoded definition levels of a page of n
// rows without a null, the bytes definitionLevels gives for them; the
// last page length's encoding is kept, as most pages of a column share it.
func (w *Writer) allValidLevels(n int) []byte {
	if w.bufs.validRows != n || w.bufs.valid == nil {
		def, _ := w.definitionLevels(n, func(int) bool { return false })
		w.bufs.valid, w.bufs.validRows = append(w.bufs.valid[:0], def...), n
	}
	return w.bufs.valid
}

// codeAtOrAbove returns a code of codes that is z or more, if there is
// one. It ORs the codes a word at a time first: when the OR is below z,
// so is every code.
func codeAtOrAbove(codes []byte, z int) (byte, bool) {
	if z >= 256 {
		return 0, false
	}
	var or uint64
	i := 0
	for ; i+8 <= len(codes); i += 8 {
		or |= binary.LittleEndian.Uint64(codes[i:])
	}
	for ; i < len(codes); i++ {
		or |= uint64(codes[i])
	}
	or |= or >> 32
	or |= or >> 16
	or |= or >> 8
	if int(or&0xff) < z {
		return 0, false
	}
	for _, v := range codes {
		if int(v) >= z {
			return v, true
		}
	}
	return 0, false
}

// AppendNullableInt32s appends the values of an optional (or required)
// int32 column chunk to dst, null as the given value.
func AppendNullableInt32s(dst []int32, cc parquet.ColumnChunk, null int32) ([]int32, error) {
	err := EachPage(cc, func(p parquet.Page) error {
		data := p.Data()
		vals := data.Int32()
		if dict := p.Dictionary(); dict != nil {
			dd := dict.Page().Data()
			d := dd.Int32()
			looked := make([]int32, 0, len(vals))
			if err := lookup(&looked, vals, d); err != nil {
				return err
			}
			vals = looked
		}
		var err error
		dst, err = spread(dst, int(p.NumValues()), p.DefinitionLevels(), vals, null)
		return err
	})
	return dst, err
}

// AppendNullableFloat64s appends the values of an optional (or required)
// double column chunk to dst, null as NaN.
func AppendNullableFloat64s(dst []float64, cc parquet.ColumnChunk) ([]float64, error) {
	err := EachPage(cc, func(p parquet.Page) error {
		data := p.Data()
		vals := data.Double()
		if dict := p.Dictionary(); dict != nil {
			dd := dict.Page().Data()
			looked := make([]float64, 0, len(vals))
			if err := lookup(&looked, data.Int32(), dd.Double()); err != nil {
				return err
			}
			vals = looked
		}
		var err error
		dst, err = spread(dst, int(p.NumValues()), p.DefinitionLevels(), vals, math.NaN())
		return err
	})
	return dst, err
}

// spread appends a page's n rows to dst: the non-null values vals in the
// rows whose definition level is 1, null in those whose level is 0. A
// required column's page has no levels (defs nil) and n values.
func spread[T any](dst []T, n int, defs []byte, vals []T, null T) ([]T, error) {
	if defs == nil {
		if len(vals) != n {
			return nil, fmt.Errorf("%d values for %d rows", len(vals), n)
		}
		return append(dst, vals...), nil
	}
	if len(defs) != n {
		return nil, fmt.Errorf("%d definition levels for %d values", len(defs), n)
	}
	k := 0
	for _, d := range defs {
		switch {
		case d == 0:
			dst = append(dst, null)
			continue
		case d > 1:
			return nil, fmt.Errorf("definition level %d in a column of maximum 1", d)
		case k == len(vals):
			return nil, fmt.Errorf("more non-null rows than the page's %d values", len(vals))
		}
		dst = append(dst, vals[k])
		k++
	}
	if k != len(vals) {
		return nil, fmt.Errorf("%d values for %d non-null rows", len(vals), k)
	}
	return dst, nil
}
