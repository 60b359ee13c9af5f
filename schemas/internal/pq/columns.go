package pq

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// Column-at-a-time decoding of flat, required parquet-go columns, for the
// tables whose columns are only known at run time (datasets/). Dictionary
// pages are resolved here, with every index checked, so a corrupt file
// gives an error rather than a panic. The callers have checked the column
// types with CheckColumns.

// EachPage calls fn for every page of a column chunk, in order.
func EachPage(cc parquet.ColumnChunk, fn func(p parquet.Page) error) error {
	pages := cc.Pages()
	defer pages.Close() // read only
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		err = fn(p)
		parquet.Release(p)
		if err != nil {
			return err
		}
	}
}

// AppendInt32s appends the int32 values of a column chunk to dst.
func AppendInt32s(dst []int32, cc parquet.ColumnChunk) ([]int32, error) {
	err := EachPage(cc, func(p parquet.Page) error {
		data := p.Data()
		vals := data.Int32()
		if dict := p.Dictionary(); dict != nil {
			dd := dict.Page().Data()
			return lookup(&dst, vals, dd.Int32())
		}
		dst = append(dst, vals...)
		return nil
	})
	return dst, err
}

// AppendInt64s appends the int64 values of a column chunk to dst.
func AppendInt64s(dst []int64, cc parquet.ColumnChunk) ([]int64, error) {
	err := EachPage(cc, func(p parquet.Page) error {
		data := p.Data()
		if dict := p.Dictionary(); dict != nil {
			dd := dict.Page().Data()
			return lookup(&dst, data.Int32(), dd.Int64())
		}
		dst = append(dst, data.Int64()...)
		return nil
	})
	return dst, err
}

// StringTable interns the distinct strings of a column: a row then costs
// an int32, not a string header. Names[id] is the string of id.
type StringTable struct {
	ids   map[string]int32
	Names []string
}

func (t *StringTable) id(b []byte) int32 {
	if id, ok := t.ids[string(b)]; ok { // no allocation for the lookup
		return id
	}
	if t.ids == nil {
		t.ids = map[string]int32{}
	}
	id := int32(len(t.Names))
	t.Names = append(t.Names, string(b))
	t.ids[string(b)] = id
	return id
}

// AppendStringIDs appends, for every byte-array value of a column chunk,
// the id of the value in t.
func AppendStringIDs(dst []int32, cc parquet.ColumnChunk, t *StringTable) ([]int32, error) {
	err := EachPage(cc, func(p parquet.Page) error {
		data := p.Data()
		if dict := p.Dictionary(); dict != nil {
			dd := dict.Page().Data()
			words, offsets := dd.ByteArray()
			ids := make([]int32, max(len(offsets)-1, 0))
			for i := range ids {
				ids[i] = t.id(words[offsets[i]:offsets[i+1]])
			}
			return lookup(&dst, data.Int32(), ids)
		}
		words, offsets := data.ByteArray()
		for i := 0; i+1 < len(offsets); i++ {
			dst = append(dst, t.id(words[offsets[i]:offsets[i+1]]))
		}
		return nil
	})
	return dst, err
}

// lookup appends dict[i] for every index i, checking the indexes.
func lookup[T any](dst *[]T, indexes []int32, dict []T) error {
	for _, i := range indexes {
		if i < 0 || int(i) >= len(dict) {
			return fmt.Errorf("dictionary index %d outside %d entries", i, len(dict))
		}
		*dst = append(*dst, dict[i])
	}
	return nil
}
