package schemas

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// The shape the evaluation rows will take: ids, an embedded grid cell, a
// repetition, embedded nullable measures.
type exCell struct {
	Depth int32  `parquet:"depth"`
	Mode  string `parquet:"mode"`
}

type exMeasures struct {
	DOE    *float64 `parquet:"doe,optional"`
	Leaves *int32   `parquet:"tree_leaves,optional"`
}

type exEvaluation struct {
	DatasetID int64 `parquet:"dataset_id"`
	exCell
	Rep int32 `parquet:"rep"`
	exMeasures
}

func TestColumnsOfEmbedded(t *testing.T) {
	got := Columns[exEvaluation]()
	want := []Column{
		{Name: "dataset_id", Kind: KindInt64, Index: []int{0}},
		{Name: "depth", Kind: KindInt32, Index: []int{1, 0}},
		{Name: "mode", Kind: KindString, Index: []int{1, 1}},
		{Name: "rep", Kind: KindInt32, Index: []int{2}},
		{Name: "doe", Kind: KindFloat64, Nullable: true, Index: []int{3, 0}},
		{Name: "tree_leaves", Kind: KindInt32, Nullable: true, Index: []int{3, 1}},
	}
	var row exEvaluation
	base := reflect.ValueOf(&row).Elem()
	for i := range want {
		want[i].Offset = base.FieldByIndex(want[i].Index).Addr().Pointer() - base.Addr().Pointer()
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Columns[exEvaluation]() =\n%+v\nwant\n%+v", got, want)
	}
	// The footer's schema is parquet-go's, with the same leaves.
	if got, want := pq.DescribeColumns(newFlatTable[exEvaluation](Evaluations).rows.Schema()), []string{
		"dataset_id INT64 required", "depth INT32 required", "mode BYTE_ARRAY required", "rep INT32 required",
		"doe DOUBLE optional", "tree_leaves INT32 optional",
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("schema columns %q; want %q", got, want)
	}
}

// TestColumnsOfEvaluation checks that the columns of OracleEvaluation,
// Measures and Timing are their parquet tags in order, the embedded
// structs' fields in place, at their offsets.
func TestColumnsOfEvaluation(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[OracleEvaluation](), reflect.TypeFor[Measures](), reflect.TypeFor[Timing]()} {
		cols, err := ColumnsOf(typ)
		if err != nil {
			t.Fatal(err)
		}
		var fields []reflect.StructField
		var walk func(t reflect.Type, offset uintptr)
		walk = func(t reflect.Type, offset uintptr) {
			for i := range t.NumField() {
				f := t.Field(i)
				f.Offset += offset
				if f.Anonymous {
					walk(f.Type, f.Offset)
					continue
				}
				fields = append(fields, f)
			}
		}
		walk(typ, 0)
		if len(cols) != len(fields) {
			t.Fatalf("%v: %d columns for %d fields", typ, len(cols), len(fields))
		}
		for i, c := range cols {
			f := fields[i]
			name, _, _ := strings.Cut(f.Tag.Get("parquet"), ",")
			if c.Name != name || c.Nullable != (f.Type.Kind() == reflect.Pointer) || c.Offset != f.Offset {
				t.Errorf("%v column %d = %+v; field %s tagged %q at %d", typ, i, c, f.Name, name, f.Offset)
			}
		}
	}
}

func TestColumnsOfRejects(t *testing.T) {
	type inner struct {
		A int64 `parquet:"a"`
	}
	cases := []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"not a struct", reflect.TypeFor[int64](), "not a struct"},
		{"pointer without optional", reflect.TypeFor[struct {
			X *int64 `parquet:"x"`
		}](), `lacks "optional"`},
		{"optional value", reflect.TypeFor[struct {
			X int64 `parquet:"x,optional"`
		}](), "not a pointer"},
		{"int", reflect.TypeFor[struct {
			X int `parquet:"x"`
		}](), "has type int"},
		{"float32", reflect.TypeFor[struct {
			X float32 `parquet:"x"`
		}](), "has type float32"},
		{"list", reflect.TypeFor[struct {
			X []int32 `parquet:"x,list"`
		}](), "has type []int32"},
		{"time", reflect.TypeFor[struct {
			X time.Time `parquet:"x"`
		}](), "has type time.Time"},
		{"nested struct", reflect.TypeFor[struct {
			X inner `parquet:"x"`
		}](), "has type"},
		{"embedded pointer", reflect.TypeFor[struct {
			*inner
		}](), "only structs"},
		{"duplicate names", reflect.TypeFor[struct {
			B int64 `parquet:"a"`
			inner
		}](), `two columns named "a"`},
		{"encoding option", reflect.TypeFor[struct {
			X string `parquet:"x,dict"`
		}](), `tag options "dict"`},
		{"parquet-go disagrees", reflect.TypeFor[struct {
			X int64 `protobuf:"varint,1,opt,name=other"` // parquet-go names it other
		}](), "parquet-go derives other"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ColumnsOf(tc.typ)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ColumnsOf = %v; want an error containing %q", err, tc.want)
			}
			if _, again := ColumnsOf(tc.typ); again == nil || again.Error() != err.Error() {
				t.Errorf("second ColumnsOf = %v; want the cached %v", again, err)
			}
		})
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("Columns of a bad row type did not panic")
		}
	}()
	Columns[struct{ X int }]()
}

// TestColumnsOfSkips checks the fields that are no columns: tagged "-",
// unexported, and the tag of an embedded struct, which parquet-go ignores.
func TestColumnsOfSkips(t *testing.T) {
	type row struct {
		A      int64 `parquet:"a"`
		B      int64 `parquet:"-"`
		c      int64
		exCell `parquet:"cell"`
		Dash   int64 `parquet:"-,"` // a column named "-"
		Plain  bool
	}
	var names []string
	for _, c := range Columns[row]() {
		names = append(names, c.Name)
	}
	if want := []string{"a", "depth", "mode", "-", "Plain"}; !reflect.DeepEqual(names, want) {
		t.Errorf("columns %q; want %q", names, want)
	}
	_ = row{}.c
}

// TestColumnsIsolated checks that callers cannot change the cached list.
func TestColumnsIsolated(t *testing.T) {
	a := Columns[Timing]()
	a[0].Name = "changed"
	if b := Columns[Timing](); b[0].Name != "dataset_id" {
		t.Errorf("Columns returned the cached slice: %q", b[0].Name)
	}
}
