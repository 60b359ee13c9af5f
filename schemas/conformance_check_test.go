package schemas

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
)

// checkConformance checks every statistic of every chunk and data page of
// the file at path against its rows as Arrow reads them:
//   - the chunk's statistics, as Arrow reads them (it must trust them: a
//     reader that distrusted dtbench's created_by would drop them) and as
//     the footer holds them, have a null count equal to the chunk's null
//     entries, num_values equal to its level entries, and min/max, when
//     present, equal to its bounds;
//   - every data page header has null_count = num_nulls = the page's null
//     entries, num_values and num_rows of the page, and min/max as above;
//   - the column index, when there is one, has a null_pages flag, bounds
//     and a null count per page equal to the page's, and a boundary order
//     its bounds follow; the offset index has one location per data page,
//     at the page's header, of the page's size and first row.
//
// minmax names the columns that must carry min/max wherever the data has
// bounds (values, none of them NaN), and a column index.
func checkConformance(t testing.TB, path string, minmax func(string) bool) {
	t.Helper()
	names, rows := arrowRows(t, path)
	raw := readRawFile(t, path)
	rdr := arrowOpen(t, path)
	defer rdr.Close()
	schema := rdr.MetaData().Schema
	first := 0
	for g := range rdr.NumRowGroups() {
		rg := rdr.RowGroup(g)
		n := int(rg.NumRows())
		for j := range rg.NumColumns() {
			col := schema.Column(j)
			k := slices.Index(names, topName(col.Path()))
			cells := make([]any, n)
			for r := range n {
				cells[r] = rows[first+r][k]
			}
			c := chunkCheck{t: t, where: where(g, col.Path(), -1), typ: col.PhysicalType(), list: col.MaxRepetitionLevel() > 0,
				promised: minmax(topName(col.Path()))}
			c.check(rg, g, j, cells, raw)
		}
		first += n
	}
}

// chunkCheck checks one column chunk.
type chunkCheck struct {
	t        testing.TB
	where    string
	typ      parquet.Type
	list     bool // a list's leaf: an empty list is one null entry
	promised bool // min/max wherever the data has bounds
}

// pageTruth is a data page as its header tells it, and what its rows hold.
type pageTruth struct {
	from, to int // its rows, within the row group
	header   *file.DataPageV2
	truth
}

func (c chunkCheck) check(rg *file.RowGroupReader, g, j int, cells []any, raw rawFile) {
	t := c.t
	t.Helper()
	pages := c.pages(rg, j, cells)
	chunk := truthOf(cells, c.list)
	md, err := rg.MetaData().ColumnChunk(j)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	st, err := md.Statistics()
	switch {
	case err != nil:
		t.Errorf("%s: statistics: %v", c.where, err)
	case st == nil:
		t.Errorf("%s: Arrow reads no statistics", c.where)
	case st.NullCount() != int64(chunk.nulls):
		t.Errorf("%s: Arrow reads null_count %d; the chunk has %d null entries", c.where, st.NullCount(), chunk.nulls)
	case st.HasMinMax():
		c.bounds(c.where+" (Arrow)", true, st.EncodeMin(), true, st.EncodeMax(), chunk)
	}
	if md.NumValues() != int64(chunk.entries) {
		t.Errorf("%s: num_values %d; the chunk has %d entries", c.where, md.NumValues(), chunk.entries)
	}
	// The footer's statistics as written: Arrow's chunk statistics say
	// HasNullCount whether or not the field is there, and fold the
	// deprecated min and max into min_value and max_value.
	meta, _ := raw.chunk(t, g, j).sub(3)
	stats, ok := meta.sub(12)
	if !ok {
		t.Errorf("%s: no statistics in the footer", c.where)
	}
	if n, ok := stats.i64(3); !ok || n != int64(chunk.nulls) {
		t.Errorf("%s: footer null_count %d (present %v); the chunk has %d null entries", c.where, n, ok, chunk.nulls)
	}
	if n, ok := stats.i64(4); ok && n != int64(distinct(chunk.values)) {
		t.Errorf("%s: distinct_count %d; the chunk has %d distinct values", c.where, n, distinct(chunk.values))
	}
	lo, hasMin := stats[6].([]byte)
	hi, hasMax := stats[5].([]byte)
	c.bounds(c.where, hasMin, lo, hasMax, hi, chunk)
	if lo, hasMin := stats[2].([]byte); hasMin || stats[1] != nil {
		hi, hasMax := stats[1].([]byte)
		c.bounds(c.where+" (deprecated min/max)", hasMin, lo, hasMax, hi, chunk)
	}
	for i, p := range pages {
		w := c.where + " page " + strconv.Itoa(i)
		h := p.header
		if int(h.NumValues()) != p.entries || int(h.NumNulls()) != p.nulls || int(h.NumRows()) != p.to-p.from {
			t.Errorf("%s: num_values %d, num_nulls %d, num_rows %d; the page has %d entries, %d null, %d rows",
				w, h.NumValues(), h.NumNulls(), h.NumRows(), p.entries, p.nulls, p.to-p.from)
		}
		ps := h.Statistics()
		if !ps.HasNullCount || ps.NullCount != int64(p.nulls) {
			t.Errorf("%s: header null_count %d (present %v); the page has %d null entries", w, ps.NullCount, ps.HasNullCount, p.nulls)
		}
		c.bounds(w, ps.HasMin, ps.Min, ps.HasMax, ps.Max, p.truth)
	}
	c.pageIndex(raw, g, j, pages)
}

// pages reads the chunk's data pages with Arrow and pairs each with the
// truth of its rows.
func (c chunkCheck) pages(rg *file.RowGroupReader, j int, cells []any) []pageTruth {
	t := c.t
	t.Helper()
	pr, err := rg.GetColumnPageReader(j)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	var out []pageTruth
	at := 0
	for pr.Next() {
		switch p := pr.Page().(type) {
		case *file.DataPageV2:
			to := at + int(p.NumRows())
			if to > len(cells) {
				t.Fatalf("%s: pages hold more than the row group's %d rows", c.where, len(cells))
			}
			out = append(out, pageTruth{from: at, to: to, header: p, truth: truthOf(cells[at:to], c.list)})
			at = to
		case *file.DictionaryPage:
		default:
			t.Errorf("%s: a page of type %T", c.where, p)
		}
	}
	if err := pr.Err(); err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	if at != len(cells) {
		t.Errorf("%s: pages hold %d rows; the row group %d", c.where, at, len(cells))
	}
	return out
}

// pageIndex checks the chunk's column index and offset index.
func (c chunkCheck) pageIndex(raw rawFile, g, j int, pages []pageTruth) {
	t := c.t
	t.Helper()
	cc := raw.chunk(t, g, j)
	ci, oi := raw.pageIndex(t, cc)
	locs, _ := oi.list(1)
	if len(locs) != len(pages) {
		t.Errorf("%s: offset index of %d pages; the chunk has %d", c.where, len(locs), len(pages))
	}
	for i := range min(len(locs), len(pages)) {
		loc := locs[i].(tstruct)
		off, _ := loc.i64(1)
		size, _ := loc.i64(2)
		firstRow, _ := loc.i64(3)
		header, n := raw.at(t, off, -1)
		typ, _ := header.i64(1)
		body, _ := header.i64(3) // compressed_page_size
		v2, _ := header.sub(8)
		rows, _ := v2.i64(3)
		if typ != 3 || int64(n)+body != size || firstRow != int64(pages[i].from) || rows != int64(pages[i].to-pages[i].from) {
			c.t.Errorf("%s: offset index page %d at %d (%d bytes, first row %d) finds a page of type %d, %d bytes, %d rows; want a data page v2 of %d rows from row %d",
				c.where, i, off, size, firstRow, typ, int64(n)+body, rows, pages[i].to-pages[i].from, pages[i].from)
		}
	}
	if ci == nil {
		ordered := len(pages) > 0
		for _, p := range pages {
			_, _, ok := p.bounds()
			ordered = ordered && (ok || p.entries == p.nulls)
		}
		if c.promised && ordered {
			c.t.Errorf("%s: no column index", c.where)
		}
		return
	}
	nullPages, _ := ci.list(1)
	mins, _ := ci.list(2)
	maxs, _ := ci.list(3)
	counts, hasCounts := ci.list(5)
	if len(nullPages) != len(pages) || len(mins) != len(pages) || len(maxs) != len(pages) || !hasCounts || len(counts) != len(pages) {
		c.t.Errorf("%s: column index of %d/%d/%d pages, null counts %v; the chunk has %d pages", c.where, len(nullPages), len(mins), len(maxs), counts, len(pages))
		return
	}
	var bounded []int // pages with values
	for i, p := range pages {
		w := c.where + " column index page " + strconv.Itoa(i)
		empty := p.entries == p.nulls
		lo, hi := mins[i].([]byte), maxs[i].([]byte)
		if null := nullPages[i].(bool); null != empty {
			c.t.Errorf("%s: null_pages %v; the page has %d values", w, null, p.entries-p.nulls)
		} else if empty && (len(lo) > 0 || len(hi) > 0) {
			c.t.Errorf("%s: an all-null page with bounds %x..%x", w, lo, hi)
		} else if !empty {
			c.bounds(w, true, lo, true, hi, p.truth)
			bounded = append(bounded, i)
		}
		if counts[i].(int64) != int64(p.nulls) {
			c.t.Errorf("%s: null count %d; the page has %d null entries", w, counts[i], p.nulls)
		}
	}
	order, _ := ci.i64(4)
	for k := 1; k < len(bounded); k++ {
		a, b := bounded[k-1], bounded[k]
		val := func(b any) any { return decodeStat(c.typ, b.([]byte)) }
		up := !lessValue(val(mins[b]), val(mins[a])) && !lessValue(val(maxs[b]), val(maxs[a]))
		down := !lessValue(val(mins[a]), val(mins[b])) && !lessValue(val(maxs[a]), val(maxs[b]))
		if (order == 1 && !up) || (order == 2 && !down) {
			c.t.Errorf("%s: boundary order %d, but pages %d and %d are not in it", c.where, order, a, b)
		}
	}
}

// bounds checks a min/max pair of a page or chunk against what it holds:
// both or neither present; present only when the data has bounds, and
// then equal to them, a zero min written −0 and a zero max +0; present
// wherever the data has bounds when the column promises min/max.
func (c chunkCheck) bounds(w string, hasMin bool, lo []byte, hasMax bool, hi []byte, tr truth) {
	c.t.Helper()
	want, wantHi, ok := tr.bounds()
	switch {
	case hasMin != hasMax:
		c.t.Errorf("%s: min present %v, max present %v", w, hasMin, hasMax)
	case !hasMin:
		if c.promised && ok {
			c.t.Errorf("%s: no min/max; the values are within %v..%v", w, want, wantHi)
		}
	case !ok:
		c.t.Errorf("%s: min/max %v..%v, but its values have no bounds (none, or a NaN)", w, decodeStat(c.typ, lo), decodeStat(c.typ, hi))
	case !sameBound(decodeStat(c.typ, lo), want, true) || !sameBound(decodeStat(c.typ, hi), wantHi, false):
		c.t.Errorf("%s: min/max %v..%v; the values are within %v..%v", w, decodeStat(c.typ, lo), decodeStat(c.typ, hi), want, wantHi)
	}
}

// truth is what a run of rows holds in one leaf column: its level entries
// (num_values), the null ones (for a list's leaf, the empty lists), and
// its values.
type truth struct {
	entries, nulls int
	values         []any
}

// truthOf reads cells (Arrow's: nil for null, []int32, []float64 or
// []string for a list).
func truthOf(cells []any, list bool) truth {
	var tr truth
	for _, v := range cells {
		switch {
		case v == nil:
			tr.entries++
			tr.nulls++
		case list:
			vals := listValues(v)
			if len(vals) == 0 {
				tr.entries++
				tr.nulls++
			}
			for _, x := range vals {
				tr.entries++
				tr.values = append(tr.values, x)
			}
		default:
			tr.entries++
			tr.values = append(tr.values, v)
		}
	}
	return tr
}

// listValues is a list cell's values, each as an any.
func listValues(v any) []any {
	var out []any
	switch vals := v.(type) {
	case []int32:
		for _, x := range vals {
			out = append(out, x)
		}
	case []float64:
		for _, x := range vals {
			out = append(out, x)
		}
	case []string:
		for _, x := range vals {
			out = append(out, x)
		}
	default:
		panic(fmt.Sprintf("a list cell of %T", v))
	}
	return out
}

// bounds are the least and greatest of the values in the column's order,
// computed by brute force; ok is false without values or with a NaN.
func (tr truth) bounds() (lo, hi any, ok bool) {
	less := lessValue
	for i, v := range tr.values {
		if f, isFloat := v.(float64); isFloat && math.IsNaN(f) {
			return nil, nil, false
		}
		if i == 0 || less(v, lo) {
			lo = v
		}
		if i == 0 || less(hi, v) {
			hi = v
		}
	}
	return lo, hi, len(tr.values) > 0
}

// lessValue orders two values of one column as Parquet does: signed
// integers, numeric doubles, false before true, strings by unsigned bytes.
func lessValue(a, b any) bool {
	switch a := a.(type) {
	case int32:
		return a < b.(int32)
	case int64:
		return a < b.(int64)
	case float64:
		return a < b.(float64)
	case bool:
		return !a && b.(bool)
	case string:
		return bytes.Compare([]byte(a), []byte(b.(string))) < 0
	}
	panic("order of a " + reflect.TypeOf(a).String())
}

// distinct counts the distinct values (NaN as one).
func distinct(values []any) int {
	seen := map[any]bool{}
	for _, v := range values {
		if f, ok := v.(float64); ok && math.IsNaN(f) {
			v = "NaN"
		}
		seen[v] = true
	}
	return len(seen)
}

// decodeStat decodes a statistics value of a column of physical type typ.
func decodeStat(typ parquet.Type, b []byte) any {
	switch {
	case typ == parquet.Types.ByteArray:
		return string(b)
	case typ == parquet.Types.Boolean && len(b) == 1:
		return b[0] != 0
	case typ == parquet.Types.Int32 && len(b) == 4:
		return int32(binary.LittleEndian.Uint32(b))
	case typ == parquet.Types.Int64 && len(b) == 8:
		return int64(binary.LittleEndian.Uint64(b))
	case typ == parquet.Types.Double && len(b) == 8:
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	}
	return b // a wrong length: never equal to a value
}

// sameBound compares a bound with the data's: equal, and a zero written
// as −0 when it is a min, +0 when a max.
func sameBound(got, want any, isMin bool) bool {
	if g, ok := got.(float64); ok {
		w, _ := want.(float64)
		return g == w && (g != 0 || math.Signbit(g) == isMin)
	}
	return reflect.DeepEqual(got, want)
}
