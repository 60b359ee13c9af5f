package pq

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// Writer is a Parquet writer that takes whole typed columns ([]int64,
// []int32, []uint8 codes, dictionary indexes, CSR lists) or the fields of
// rows in memory (the flat tables: nullable.go, lists.go) instead of one
// value at a time. parquet-go v0.32.0 takes typed data only through its
// GenericWriter (one Go struct per row) or as one parquet.Value per cell;
// on the paper grid that made these writes about half of all CPU. Writer is
// built from parquet-go's own parts (format and thrift for headers and
// footer, its delta and RLE encoders, its zstd codec) and parquet-go reads
// the files; the tests read them with Arrow's reader too.
//
// What the files hold, fixed so that they are byte-reproducible:
//   - the schema elements of a parquet.Schema, as parquet-go's writer
//     derives them, so readers see the same columns as before;
//   - row groups of the rows given to BeginRowGroup, every column cut into
//     data pages (v2) of Layout.PageRows rows (PageRows in a run), each
//     compressed with compressPage and carrying a CRC-32 as parquet-go's
//     pages do;
//   - encodings fixed per column kind: DELTA_BINARY_PACKED for the integers
//     of the node and row tables, PLAIN for the numbers and booleans of the
//     flat tables, RLE_DICTIONARY for strings and for codes (see pages.go
//     and nullable.go); RLE definition levels for nullable columns;
//   - statistics that hold for every reader (stats.go): the null count
//     of every chunk and page, in the chunk's metadata and every page
//     header, and min/max (chunk, page header and column index) for the
//     columns named in the stats set (the ids of the node and row tables,
//     every column of the flat tables); an offset index for every column;
//     key-value metadata sorted by key, and the created_by it is given.
//
// Misuse (a column of the wrong kind, length or order) is an error, never a
// damaged file. Call BeginRowGroup, then exactly one column method per
// leaf column in schema order, and Close after the last row group; Release
// the writer when done.
type Writer struct {
	layout   Layout
	out      countingWriter
	elements []format.SchemaElement
	leaves   []leafColumn
	orders   []format.ColumnOrder

	groups  []format.RowGroup
	indexes [][]pageIndex // per row group and column
	open    bool          // a row group is open
	rows    int           // rows of the open row group
	chunks  []format.ColumnChunk
	index   []pageIndex

	hdr  bytes.Buffer
	enc  *thrift.Encoder
	bufs *pageBuffers // pooled; see Release
}

// Magic opens and closes every Parquet file.
const Magic = "PAR1"

// leafColumn is one leaf column of the schema being written.
type leafColumn struct {
	path   []string
	kind   parquet.Kind
	maxRep byte
	maxDef byte
	stats  bool // write min/max statistics
}

// chunk is the column chunk being written.
type chunk struct {
	leaf  *leafColumn
	meta  format.ColumnMetaData
	pages []format.PageLocation
	data  int32 // data pages written
	// The chunk's statistics so far (stats.go): its null entries, and
	// when leaf.stats its bounds and column index, both dropped once a
	// page holds values without an order (a NaN).
	nulls     int64
	bounds    bounds
	index     format.ColumnIndex
	unordered bool
}

// pageIndex is the page index of one column chunk.
type pageIndex struct {
	column *format.ColumnIndex // nil for a column without statistics
	offset format.OffsetIndex
}

// countingWriter counts the bytes written through it: page offsets in the
// footer are file offsets.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// NewWriter starts a file of the given schema on w, cut into pages and
// row groups as layout says. stats names the top-level columns that get
// min/max statistics; the column methods that cannot write them
// (dictionaries of the node and row tables, lists) refuse such a column.
func NewWriter(w io.Writer, schema *parquet.Schema, layout Layout, stats ...string) (*Writer, error) {
	if layout.PageRows < 1 || layout.GroupRows < 1 {
		return nil, fmt.Errorf("parquet writer: layout of %d rows a page and %d a row group; want at least 1 of each", layout.PageRows, layout.GroupRows)
	}
	pw := &Writer{layout: layout, out: countingWriter{w: w}, bufs: pageBufferPool.Get()}
	pw.enc = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&pw.hdr))
	pw.elements = schemaElements(schema)
	found := 0
	for _, path := range schema.Columns() {
		leaf, _ := schema.Lookup(path...)
		kind := leaf.Node.Type().Kind()
		l := leafColumn{path: path, kind: kind, maxRep: byte(leaf.MaxRepetitionLevel), maxDef: byte(leaf.MaxDefinitionLevel)}
		if len(path) == 1 && slices.Contains(stats, path[0]) {
			l.stats = true
			found++
		}
		pw.leaves = append(pw.leaves, l)
		pw.orders = append(pw.orders, *leaf.Node.Type().ColumnOrder())
	}
	if found != len(stats) {
		pw.Release()
		return nil, fmt.Errorf("parquet writer: statistics for %q, which are not all top-level columns of %s", stats, schema.Name())
	}
	if _, err := io.WriteString(&pw.out, Magic); err != nil {
		pw.Release()
		return nil, err
	}
	return pw, nil
}

// schemaElements lists the schema's nodes depth first, as parquet-go's
// writer does, so that the footer describes the same columns.
func schemaElements(s *parquet.Schema) []format.SchemaElement {
	var out []format.SchemaElement
	var walk func(name string, n parquet.Node, root bool)
	walk = func(name string, n parquet.Node, root bool) {
		t := n.Type()
		e := format.SchemaElement{Name: name, FieldID: int32(n.ID())}
		if !root {
			switch {
			case n.Repeated():
				e.RepetitionType.Set(format.Repeated)
			case n.Optional():
				e.RepetitionType.Set(format.Optional)
			default:
				e.RepetitionType.Set(format.Required)
			}
		}
		if lt := t.LogicalType(); lt != nil {
			e.LogicalType = *lt
		}
		if l := t.Length(); l > 0 {
			e.TypeLength.Set(int32(l))
		}
		if !n.Leaf() {
			e.NumChildren.Set(int32(len(n.Fields())))
		}
		if pt := t.PhysicalType(); pt != nil {
			e.Type.Set(*pt)
		}
		if ct := t.ConvertedType(); ct != nil {
			e.ConvertedType.Set(*ct)
		}
		out = append(out, e)
		for _, f := range n.Fields() {
			walk(f.Name(), f, false)
		}
	}
	walk(s.Name(), s, true)
	return out
}

// beginRowGroup starts a row group of rows rows; every column written until
// the next beginRowGroup or close must hold exactly that many rows.
func (w *Writer) BeginRowGroup(rows int) error {
	if err := w.endRowGroup(); err != nil {
		return err
	}
	w.open, w.rows = true, rows
	w.chunks = make([]format.ColumnChunk, 0, len(w.leaves))
	w.index = make([]pageIndex, 0, len(w.leaves))
	return nil
}

// endRowGroup records the open row group once all its columns are in.
func (w *Writer) endRowGroup() error {
	if !w.open {
		return nil
	}
	w.open = false
	if len(w.chunks) != len(w.leaves) {
		return fmt.Errorf("parquet writer: row group has %d of %d columns", len(w.chunks), len(w.leaves))
	}
	g := format.RowGroup{Columns: w.chunks, NumRows: int64(w.rows), Ordinal: int16(len(w.groups))}
	first := w.chunks[0].MetaData
	g.FileOffset = first.DataPageOffset
	if first.DictionaryPageOffset > 0 {
		g.FileOffset = first.DictionaryPageOffset
	}
	for _, c := range w.chunks {
		g.TotalByteSize += c.MetaData.TotalUncompressedSize
		g.TotalCompressedSize += c.MetaData.TotalCompressedSize
	}
	w.groups = append(w.groups, g)
	w.indexes = append(w.indexes, w.index)
	return nil
}

// beginChunk checks that the next column is of kind and starts its chunk.
func (w *Writer) beginChunk(kind parquet.Kind, repeated bool) (*chunk, error) {
	if !w.open || len(w.chunks) == len(w.leaves) {
		return nil, fmt.Errorf("parquet writer: column written outside a row group or past the last column")
	}
	l := &w.leaves[len(w.chunks)]
	if l.kind != kind || (l.maxRep > 0) != repeated {
		return nil, fmt.Errorf("parquet writer: column %s is %v (repeated %v), written as %v (repeated %v)",
			strings.Join(l.path, "."), l.kind, l.maxRep > 0, kind, repeated)
	}
	return &chunk{leaf: l, meta: format.ColumnMetaData{
		Type:         format.Type(kind),
		PathInSchema: l.path,
		Codec:        format.Zstd,
	}}, nil
}

// endChunk records a finished chunk, its statistics and its page indexes.
func (w *Writer) endChunk(c *chunk, encodings ...format.Encoding) {
	slices.Sort(encodings)
	c.meta.Encoding = slices.Compact(encodings)
	c.meta.Statistics = c.statistics()
	idx := pageIndex{offset: format.OffsetIndex{PageLocations: c.pages}, column: c.columnIndex()}
	w.chunks = append(w.chunks, format.ColumnChunk{MetaData: c.meta})
	w.index = append(w.index, idx)
}

// writePage writes one page of chunk c: its header, then rep and def
// levels (never compressed, as data pages v2 require), then body
// compressed. firstRow is the page's first row within the row group; it is
// ignored for dictionary pages.
func (w *Writer) writePage(c *chunk, h format.PageHeader, rep, def, body []byte, firstRow int) error {
	comp := compressPage(w.bufs.zstd, body)
	w.bufs.zstd = comp
	levels := len(rep) + len(def)
	h.UncompressedPageSize = int32(levels + len(body))
	h.CompressedPageSize = int32(levels + len(comp))
	crc := crc32.Update(0, crc32.IEEETable, rep)
	crc = crc32.Update(crc, crc32.IEEETable, def)
	h.CRC = int32(crc32.Update(crc, crc32.IEEETable, comp))
	w.hdr.Reset()
	if err := w.enc.Encode(&h); err != nil {
		return fmt.Errorf("encode page header: %w", err)
	}
	offset := w.out.n
	for _, b := range [][]byte{w.hdr.Bytes(), rep, def, comp} {
		if _, err := w.out.Write(b); err != nil {
			return err
		}
	}
	size := w.out.n - offset
	c.meta.TotalCompressedSize += size
	c.meta.TotalUncompressedSize += int64(w.hdr.Len()) + int64(h.UncompressedPageSize)
	if h.Type == format.DictionaryPage {
		c.meta.DictionaryPageOffset = offset
		c.meta.EncodingStats = append(c.meta.EncodingStats, format.PageEncodingStats{
			PageType: format.DictionaryPage, Encoding: format.Plain, Count: 1})
		return nil
	}
	if c.data == 0 {
		c.meta.DataPageOffset = offset
	}
	c.data++
	v2 := h.DataPageHeaderV2.V
	c.meta.NumValues += int64(v2.NumValues)
	c.pages = append(c.pages, format.PageLocation{Offset: offset, CompressedPageSize: int32(size), FirstRowIndex: int64(firstRow)})
	if n := len(c.meta.EncodingStats); n == 0 || c.meta.EncodingStats[n-1].PageType != format.DataPageV2 {
		c.meta.EncodingStats = append(c.meta.EncodingStats, format.PageEncodingStats{PageType: format.DataPageV2, Encoding: v2.Encoding})
	}
	c.meta.EncodingStats[len(c.meta.EncodingStats)-1].Count++
	return nil
}

// dataPageHeader is the header of a data page of n values (levels
// included), nulls of them null or empty lists, rows rows, with the page's
// statistics st (chunk.pageStats).
func dataPageHeader(enc format.Encoding, n, nulls, rows, repLen, defLen int, st format.Statistics) format.PageHeader {
	var h format.PageHeader
	h.Type = format.DataPageV2
	h.DataPageHeaderV2.Set(format.DataPageHeaderV2{
		NumValues: int32(n), NumNulls: int32(nulls), NumRows: int32(rows), Encoding: enc,
		DefinitionLevelsByteLength: int32(defLen), RepetitionLevelsByteLength: int32(repLen),
		IsCompressed: thrift.New(true), Statistics: st,
	})
	return h
}

// Close ends the last row group and writes the page indexes and the footer
// with the key-value metadata meta, sorted by key, and createdBy as its
// created_by.
func (w *Writer) Close(createdBy string, meta map[string]string) error {
	if err := w.endRowGroup(); err != nil {
		return err
	}
	encode := func(v any) (offset int64, length int32, err error) {
		w.hdr.Reset()
		if err := w.enc.Encode(v); err != nil {
			return 0, 0, err
		}
		offset = w.out.n
		_, err = w.out.Write(w.hdr.Bytes())
		return offset, int32(w.hdr.Len()), err
	}
	// The page index goes between the row groups and the footer: every
	// column index, then every offset index.
	var err error
	var rows int64
	for g := range w.groups {
		rows += w.groups[g].NumRows
		for c, idx := range w.indexes[g] {
			if idx.column == nil {
				continue
			}
			col := &w.groups[g].Columns[c]
			if col.ColumnIndexOffset, col.ColumnIndexLength, err = encode(idx.column); err != nil {
				return err
			}
		}
	}
	for g := range w.groups {
		for c, idx := range w.indexes[g] {
			col := &w.groups[g].Columns[c]
			if col.OffsetIndexOffset, col.OffsetIndexLength, err = encode(&idx.offset); err != nil {
				return err
			}
		}
	}
	kv := make([]format.KeyValue, 0, len(meta))
	for k, v := range meta {
		kv = append(kv, format.KeyValue{Key: k, Value: v})
	}
	slices.SortFunc(kv, func(a, b format.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	md := format.FileMetaData{
		Version:          2, // the format version parquet-go writes: data pages v2, delta encodings
		Schema:           w.elements,
		NumRows:          rows,
		RowGroups:        w.groups,
		KeyValueMetadata: kv,
		CreatedBy:        createdBy,
		ColumnOrders:     w.orders,
	}
	if _, _, err := encode(&md); err != nil {
		return fmt.Errorf("encode footer: %w", err)
	}
	tail := binary.LittleEndian.AppendUint32(nil, uint32(w.hdr.Len()))
	_, err = w.out.Write(append(tail, Magic...))
	return err
}
