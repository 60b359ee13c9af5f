package schemas

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"testing"

	"github.com/apache/thrift/lib/go/thrift"
)

// The conformance test reads what Arrow's Go reader does not expose (the
// page index, the offsets of pages) by decoding the file's Thrift
// structures with Apache Thrift's own compact protocol and no IDL: a
// decoder independent of parquet-go, whose format structs the writer
// encodes with. A field that was not written is absent from its tstruct,
// so an absent statistic is never read as 0.

// tstruct is a Thrift struct decoded without its IDL: field id → value, a
// bool, int8, int16, int32, int64, float64, []byte, tstruct or []any.
type tstruct map[int16]any

// decodeThrift decodes the compact-protocol struct at the start of b and
// returns it with the number of bytes it took.
func decodeThrift(b []byte) (tstruct, int, error) {
	buf := thrift.NewTMemoryBufferLen(len(b))
	buf.Write(b)
	p := thrift.NewTCompactProtocolConf(buf, &thrift.TConfiguration{})
	s, err := readTStruct(context.Background(), p)
	return s, len(b) - buf.Len(), err
}

func readTStruct(ctx context.Context, p *thrift.TCompactProtocol) (tstruct, error) {
	if _, err := p.ReadStructBegin(ctx); err != nil {
		return nil, err
	}
	s := tstruct{}
	for {
		_, typ, id, err := p.ReadFieldBegin(ctx)
		if err != nil {
			return nil, err
		}
		if typ == thrift.STOP {
			break
		}
		if s[id], err = readTValue(ctx, p, typ); err != nil {
			return nil, fmt.Errorf("field %d: %w", id, err)
		}
		if err := p.ReadFieldEnd(ctx); err != nil {
			return nil, err
		}
	}
	return s, p.ReadStructEnd(ctx)
}

func readTValue(ctx context.Context, p *thrift.TCompactProtocol, typ thrift.TType) (any, error) {
	switch typ {
	case thrift.BOOL:
		return p.ReadBool(ctx)
	case thrift.BYTE:
		return p.ReadByte(ctx)
	case thrift.I16:
		return p.ReadI16(ctx)
	case thrift.I32:
		return p.ReadI32(ctx)
	case thrift.I64:
		return p.ReadI64(ctx)
	case thrift.DOUBLE:
		return p.ReadDouble(ctx)
	case thrift.STRING:
		return p.ReadBinary(ctx)
	case thrift.STRUCT:
		return readTStruct(ctx, p)
	case thrift.LIST, thrift.SET:
		elem, n, err := p.ReadListBegin(ctx)
		if err != nil {
			return nil, err
		}
		out := make([]any, n)
		for i := range out {
			if out[i], err = readTValue(ctx, p, elem); err != nil {
				return nil, err
			}
		}
		return out, p.ReadListEnd(ctx)
	}
	return nil, fmt.Errorf("thrift type %v", typ)
}

// The accessors of a tstruct's fields; a missing field or another type is
// the zero value and false.
func (s tstruct) i64(id int16) (int64, bool) {
	switch v := s[id].(type) {
	case int64:
		return v, true
	case int32:
		return int64(v), true
	}
	return 0, false
}

func (s tstruct) list(id int16) ([]any, bool)  { v, ok := s[id].([]any); return v, ok }
func (s tstruct) sub(id int16) (tstruct, bool) { v, ok := s[id].(tstruct); return v, ok }

// rawFile is a Parquet file's bytes and its footer, decoded as tstructs.
type rawFile struct {
	data   []byte
	footer tstruct
}

// readRawFile reads path and decodes its footer (FileMetaData).
func readRawFile(t testing.TB, path string) rawFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 12 || string(data[len(data)-4:]) != "PAR1" {
		t.Fatalf("%s: not a Parquet file", path)
	}
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	footer, _, err := decodeThrift(data[len(data)-8-n : len(data)-8])
	if err != nil {
		t.Fatalf("%s: footer: %v", path, err)
	}
	return rawFile{data: data, footer: footer}
}

// chunk returns the ColumnChunk of column j of row group g.
func (f rawFile) chunk(t testing.TB, g, j int) tstruct {
	t.Helper()
	groups, _ := f.footer.list(4) // FileMetaData.row_groups
	rg := groups[g].(tstruct)
	cols, _ := rg.list(1) // RowGroup.columns
	return cols[j].(tstruct)
}

// at decodes the struct at [offset, offset+length) of the file; length -1
// reads one struct from offset on. It returns the struct and its size.
func (f rawFile) at(t testing.TB, offset, length int64) (tstruct, int) {
	t.Helper()
	if offset < 0 || offset >= int64(len(f.data)) || length > int64(len(f.data))-offset {
		t.Fatalf("struct at %d (%d bytes) outside the file's %d", offset, length, len(f.data))
	}
	end := int64(len(f.data))
	if length >= 0 {
		end = offset + length
	}
	s, n, err := decodeThrift(f.data[offset:end])
	if err != nil {
		t.Fatalf("struct at %d: %v", offset, err)
	}
	if length >= 0 && int64(n) != length {
		t.Fatalf("struct at %d is %d bytes; the footer says %d", offset, n, length)
	}
	return s, n
}

// pageIndex returns the column index (nil when the chunk has none) and the
// offset index of a column chunk.
func (f rawFile) pageIndex(t testing.TB, cc tstruct) (column, offset tstruct) {
	t.Helper()
	if off, ok := cc.i64(6); ok { // column_index_offset
		n, ok := cc.i64(7)
		if !ok {
			t.Fatal("column_index_offset without column_index_length")
		}
		column, _ = f.at(t, off, n)
	}
	off, ok := cc.i64(4) // offset_index_offset
	if !ok {
		t.Fatal("no offset index")
	}
	n, ok := cc.i64(5)
	if !ok {
		t.Fatal("offset_index_offset without offset_index_length")
	}
	offset, _ = f.at(t, off, n)
	return column, offset
}
