package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// parquetColumn says how to turn one leaf column's values into cells.
type parquetColumn struct {
	col *rawColumn
	// number converts a non-null value; nil for strings and booleans.
	number func(parquet.Value) float64
	// date says number yields milliseconds since 1970.
	date bool
	// closed says the column's values are declared (by the ValuesKey
	// metadata) and no other value may appear.
	closed bool
}

// readParquet reads a flat Parquet file into a table. Column types:
//
//   - BYTE_ARRAY (strings, enums, JSON, or no logical type): String;
//   - BOOLEAN: Boolean, values false and true;
//   - INT32, INT64, FLOAT, DOUBLE: Numeric (DECIMAL scaled, unsigned
//     INT read unsigned), except DATE and TIMESTAMP: Date, in
//     milliseconds since 1970;
//   - a null is a missing value, and so is a floating-point NaN (how
//     pandas writes a missing float); an infinity is an error.
//
// Nested or repeated columns, INT96 and FIXED_LEN_BYTE_ARRAY are errors
// naming the column. A corrupt file is an *input.Error, never a panic. A
// dtbench datasets file (a run's datasets/imported/<name>.parquet) is read
// as the dataset it holds (rundata.go).
func readParquet(r io.ReaderAt, size int64, file string) (t *table, err error) {
	defer func() {
		if v := recover(); v != nil {
			t, err = nil, input.Filef(file, 0, "corrupt Parquet file: %v", v)
		}
	}()
	if size == 0 {
		return nil, input.Filef(file, 0, "empty file")
	}
	pf, err := schemas.OpenParquetFile(r, size, parquet.SkipBloomFilters(true), parquet.SkipPageIndex(true))
	if err != nil {
		return nil, &input.Error{File: file, Err: err}
	}
	if _, ok := pf.Lookup(schemas.MetaDatasetSchema); ok {
		return readRunDataset(r, size, file) // a run folder's own dataset
	}
	t = &table{file: file, format: FormatParquet}
	declared, err := declaredValues(pf, file)
	if err != nil {
		return nil, err
	}
	var cols []parquetColumn
	for i, f := range pf.Schema().Fields() {
		if at := input.InvalidUTF8(f.Name()); at >= 0 {
			return nil, input.Filef(file, 0, "the name of column %d, at byte %d: %s", i+1, at+1, input.NotUTF8(f.Name()[at]))
		}
		pc, err := parquetKind(f)
		if err != nil {
			return nil, &input.Error{File: file, Key: "column " + f.Name(), Err: err}
		}
		if values, ok := declared[f.Name()]; ok {
			if pc.col.kind != String {
				return nil, &input.Error{File: file, Key: "column " + f.Name(),
					Err: fmt.Errorf("%s lists its values, but it is a %s column, not strings", ValuesKey, pc.col.kind)}
			}
			pc.col.kind, pc.closed = Nominal, true
			for _, v := range values {
				if !pc.col.declare(v) {
					return nil, &input.Error{File: file, Key: "column " + f.Name(), Err: fmt.Errorf("%s lists value %s twice", ValuesKey, input.Excerpt(v))}
				}
			}
			delete(declared, f.Name())
		}
		cols = append(cols, pc)
		t.cols = append(t.cols, pc.col)
	}
	if len(cols) == 0 {
		return nil, input.Filef(file, 0, "no columns")
	}
	for name := range declared {
		return nil, input.Filef(file, 0, "%s lists column %s, which the file does not have", ValuesKey, input.Excerpt(name))
	}
	buf := make([]parquet.Row, 256)
	for _, g := range pf.RowGroups() {
		if err := readRowGroup(t, cols, g, buf); err != nil {
			return nil, err
		}
	}
	if t.rows == 0 {
		return nil, input.Filef(file, 0, "no data rows")
	}
	return t, nil
}

// readRowGroup appends one row group's rows to t.
func readRowGroup(t *table, cols []parquetColumn, g parquet.RowGroup, buf []parquet.Row) error {
	rows := g.Rows()
	defer rows.Close() // read only
	for {
		n, err := rows.ReadRows(buf)
		for _, row := range buf[:n] {
			if len(row) != len(cols) {
				return input.Filef(t.file, 0, "row %d has %d values for %d columns", t.rows+1, len(row), len(cols))
			}
			for _, v := range row {
				if err := cols[v.Column()].add(v); err != nil {
					return &input.Error{File: t.file, Key: fmt.Sprintf("row %d, column %s", t.rows+1, cols[v.Column()].col.name), Err: err}
				}
			}
			t.rows++
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return input.Filef(t.file, 0, "read row group: %v", err)
		}
	}
}

// declaredValues reads the ValuesKey metadata of an imported dataset:
// column name → its values in code order; nil when the file has none.
func declaredValues(pf *parquet.File, file string) (map[string][]string, error) {
	text, ok := pf.Lookup(ValuesKey)
	if !ok {
		return nil, nil
	}
	var entries []columnValues
	if err := json.Unmarshal([]byte(text), &entries); err != nil {
		return nil, input.Filef(file, 0, "metadata %s is not a JSON list of {column, values}: %v", ValuesKey, err)
	}
	out := make(map[string][]string, len(entries))
	for _, e := range entries {
		if _, dup := out[e.Column]; dup {
			return nil, input.Filef(file, 0, "metadata %s lists column %s twice", ValuesKey, input.Excerpt(e.Column))
		}
		out[e.Column] = e.Values
	}
	return out, nil
}

// add appends one value.
func (pc parquetColumn) add(v parquet.Value) error {
	c := pc.col
	switch {
	case v.IsNull():
		c.addMissing()
	case c.kind == Boolean:
		c.codes = append(c.codes, int32(boolCode(v.Boolean())))
	case pc.number == nil:
		s := string(v.ByteArray())
		if at := input.InvalidUTF8(s); at >= 0 {
			return fmt.Errorf("at byte %d of the value: %s", at+1, input.NotUTF8(s[at]))
		}
		return c.add(s, pc.closed)
	default:
		x := pc.number(v)
		if math.IsNaN(x) {
			c.addMissing()
			return nil
		}
		if math.IsInf(x, 0) {
			return fmt.Errorf("%v is not a finite number", x)
		}
		c.addNumber(x, func() string { return numberText(v, x, pc.date) })
	}
	return nil
}

func boolCode(b bool) int {
	if b {
		return 1
	}
	return 0
}

// numberText writes a value as the label it gets when read as nominal:
// integers in decimal, floats in their shortest exact form, dates in
// RFC 3339.
func numberText(v parquet.Value, x float64, date bool) string {
	switch {
	case date:
		return time.UnixMilli(int64(x)).UTC().Format(time.RFC3339Nano)
	case v.Kind() == parquet.Int32 || v.Kind() == parquet.Int64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return strconv.FormatInt(int64(x), 10)
		}
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// parquetKind decides a leaf column's kind and conversion.
func parquetKind(f parquet.Field) (parquetColumn, error) {
	if !f.Leaf() {
		return parquetColumn{}, fmt.Errorf("nested columns are not supported")
	}
	if f.Repeated() {
		return parquetColumn{}, fmt.Errorf("repeated columns are not supported")
	}
	typ := f.Type()
	var lt format.LogicalTypeValue
	if l := typ.LogicalType(); l != nil {
		lt = l.Value
	}
	pc := parquetColumn{col: newColumn(f.Name(), Numeric)}
	switch typ.Kind() {
	case parquet.ByteArray:
		pc.col.kind = String
		return pc, nil
	case parquet.Boolean:
		pc.col = newColumn(f.Name(), Boolean)
		pc.col.declare("false")
		pc.col.declare("true")
		return pc, nil
	case parquet.Float:
		pc.number = func(v parquet.Value) float64 { return float64(v.Float()) }
		return pc, nil
	case parquet.Double:
		pc.number = func(v parquet.Value) float64 { return v.Double() }
		return pc, nil
	case parquet.Int32, parquet.Int64:
	default:
		return parquetColumn{}, fmt.Errorf("physical type %s is not supported", typ.Kind())
	}
	integer := func(v parquet.Value) float64 { return float64(v.Int64()) }
	if typ.Kind() == parquet.Int32 {
		integer = func(v parquet.Value) float64 { return float64(v.Int32()) }
	}
	switch lt := lt.(type) {
	case *format.IntType:
		if !lt.IsSigned {
			if typ.Kind() == parquet.Int32 {
				integer = func(v parquet.Value) float64 { return float64(uint32(v.Int32())) }
			} else {
				integer = func(v parquet.Value) float64 { return float64(uint64(v.Int64())) }
			}
		}
	case *format.DecimalType:
		scale := math.Pow(10, float64(lt.Scale))
		unscaled := integer
		integer = func(v parquet.Value) float64 { return unscaled(v) / scale }
	case *format.DateType:
		days := integer
		integer = func(v parquet.Value) float64 { return days(v) * 86400000 }
		pc.col.kind, pc.date = Date, true
	case *format.TimestampType:
		perMilli := float64(time.Millisecond) / float64(lt.Unit.Value.Duration()) // 1, 1e3 or 1e6
		ticks := integer
		integer = func(v parquet.Value) float64 { return ticks(v) / perMilli }
		pc.col.kind, pc.date = Date, true
	}
	pc.number = integer
	return pc, nil
}
