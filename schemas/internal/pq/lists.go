package pq

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/format"
)

// listColumn is the page writer's list column of the flat tables
// (flatlists.go): a required list of required float64 or string values,
// read straight from a []float64 or []string field of the rows in memory.
// Its pages are fixed by the values alone, as scalarColumn's are:
//   - data pages v2 of the writer's page size in rows (PageRows in a
//     run; a row never spans two pages);
//   - RLE repetition and definition levels of bit width 1, one entry per
//     value and one for each empty list (repetition 0 at a row's first
//     entry, definition 0 for an empty list); NumNulls counts the empty
//     lists, as their entries hold no value;
//   - doubles PLAIN (little-endian);
//   - strings RLE_DICTIONARY: a PLAIN dictionary page of the chunk's
//     distinct values in order of first appearance (empty when every list
//     of the chunk is), and per data page the bit width and the
//     RLE/bit-packed indexes of its values;
//   - statistics: null counts only (chunk, page header; no column
//     index), as for int32ListColumn.
func (w *Writer) listColumn(src *fieldSource, from, to int) error {
	c, err := w.beginChunk(src.kind.parquetKind(), true)
	if err != nil {
		return err
	}
	name := strings.Join(c.leaf.path, ".")
	if c.leaf.maxRep != 1 || c.leaf.maxDef != 1 {
		return fmt.Errorf("parquet writer: column %s has levels %d/%d, want a required list of required values", name, c.leaf.maxRep, c.leaf.maxDef)
	}
	if !src.kind.List() || src.nullable {
		return fmt.Errorf("parquet writer: column %s is a list, written as %v (nullable %v)", name, src.kind, src.nullable)
	}
	if err := w.checkRows(c, to-from); err != nil {
		return err
	}
	enc, encodings := format.Plain, []format.Encoding{format.Plain, format.RLE}
	width := 0
	if src.kind == KindStringList {
		enc, encodings = format.RLEDictionary, append(encodings, format.RLEDictionary)
		if width, err = w.stringListDictionary(c, src, from, to); err != nil {
			return err
		}
	}
	levels := rle.Encoding{BitWidth: 1}
	value := 0 // the chunk's values before page p
	for p := from; p < to; p += w.layout.PageRows {
		q := min(p+w.layout.PageRows, to)
		n, nulls := 0, 0
		for i := p; i < q; i++ {
			if k := src.listLen(i); k > 0 {
				n += k
			} else {
				n++
				nulls++
			}
		}
		rep, def := resize(w.bufs.repLevels, n), resize(w.bufs.defLevels, n)
		w.bufs.repLevels, w.bufs.defLevels = rep, def
		fill(rep, 1)
		fill(def, 1)
		at := 0
		for i := p; i < q; i++ {
			rep[at] = 0
			if k := src.listLen(i); k > 0 {
				at += k
			} else {
				def[at] = 0
				at++
			}
		}
		repEnc, _ := levels.EncodeLevels(w.bufs.rep, rep) // width 1 holds 0 and 1
		defEnc, _ := levels.EncodeLevels(w.bufs.def, def)
		w.bufs.rep, w.bufs.def = repEnc, defEnc
		values := n - nulls
		body, err := w.listBody(src, p, q, value, values, width)
		if err != nil {
			return fmt.Errorf("encode %s: %w", name, err)
		}
		value += values
		h := dataPageHeader(enc, n, nulls, q-p, len(repEnc), len(defEnc), c.pageStats(nulls, values, bounds{}))
		if err := w.writePage(c, h, repEnc, defEnc, body, p-from); err != nil {
			return err
		}
	}
	w.endChunk(c, encodings...)
	return nil
}

// listBody encodes the values of the lists of rows [p, q) of src into the
// writer's body buffer: doubles PLAIN; strings the indexes
// stringListDictionary assigned to the chunk's values, of which the page's
// are the values values from first, in width bits.
func (w *Writer) listBody(src *fieldSource, p, q, first, values, width int) ([]byte, error) {
	body := w.bufs.body[:0]
	switch src.kind {
	case KindFloat64List:
		for i := p; i < q; i++ {
			for _, x := range *(*[]float64)(src.field(i)) {
				body = binary.LittleEndian.AppendUint64(body, math.Float64bits(x))
			}
		}
	case KindStringList:
		enc := rle.Encoding{BitWidth: width}
		packed, err := enc.EncodeInt32(w.bufs.enc[:0], w.bufs.rowIndexes[first:first+values])
		if err != nil {
			return nil, err
		}
		w.bufs.enc = packed
		body = append(append(body, byte(width)), packed...)
	default:
		return nil, fmt.Errorf("list column kind %v", src.kind)
	}
	w.bufs.body = body
	return body, nil
}

// stringListDictionary writes the dictionary page of a string-list chunk
// of rows [from, to) of src: the distinct values in order of first
// appearance, PLAIN. It leaves each value's index, in row then list
// order, in w.bufs.rowIndexes and returns the bit width of the indexes.
func (w *Writer) stringListDictionary(c *chunk, src *fieldSource, from, to int) (int, error) {
	ids := map[string]int32{}
	idx := w.bufs.rowIndexes[:0]
	plain := w.bufs.dict[:0]
	var last []string // the previous row's list: rows of one dataset share their classes
	lastAt := 0       // where its indexes start in idx
	for i := from; i < to; i++ {
		list := *(*[]string)(src.field(i))
		if len(list) > 0 && len(list) == len(last) && unsafe.SliceData(list) == unsafe.SliceData(last) {
			idx = append(idx, idx[lastAt:lastAt+len(list)]...)
			lastAt = len(idx) - len(list)
			continue
		}
		last, lastAt = list, len(idx)
		for _, s := range list {
			id, ok := ids[s]
			if !ok {
				id = int32(len(ids))
				ids[s] = id
				plain = binary.LittleEndian.AppendUint32(plain, uint32(len(s)))
				plain = append(plain, s...)
			}
			idx = append(idx, id)
		}
	}
	w.bufs.rowIndexes, w.bufs.dict = idx, plain
	var h format.PageHeader
	h.Type = format.DictionaryPage
	h.DictionaryPageHeader.Set(format.DictionaryPageHeader{NumValues: int32(len(ids)), Encoding: format.Plain})
	if err := w.writePage(c, h, nil, nil, plain, 0); err != nil {
		return 0, err
	}
	return indexWidth(max(len(ids), 1)), nil
}
