package compare

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// CellName names a study's grid cell (schemas.OracleCell, BenchmarkCell,
// CostCell: a struct of scalar fields with parquet tags) as its columns
// and values, "features=10 depth=3 mode=complete size=100", in column
// order: the cell column of compare.parquet. A float prints in its
// shortest exact form. It panics on anything but such a struct, which is
// a programmer's error.
func CellName(cell any) string {
	v := reflect.ValueOf(cell)
	t := v.Type()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("compare: a cell is a struct, not %v", t))
	}
	parts := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("parquet"), ",")
		if name == "" {
			panic(fmt.Sprintf("compare: cell field %s of %v has no parquet name", t.Field(i).Name, t))
		}
		f := v.Field(i)
		var s string
		switch f.Kind() {
		case reflect.String:
			s = f.String()
		case reflect.Int, reflect.Int32, reflect.Int64:
			s = strconv.FormatInt(f.Int(), 10)
		case reflect.Float64:
			s = strconv.FormatFloat(f.Float(), 'g', -1, 64)
		default:
			panic(fmt.Sprintf("compare: cell field %s of %v is a %v", t.Field(i).Name, t, f.Kind()))
		}
		parts = append(parts, name+"="+s)
	}
	return strings.Join(parts, " ")
}
