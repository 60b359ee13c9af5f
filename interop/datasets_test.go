package interop

import (
	"database/sql"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
)

// numericDataset is a datasets/ record of real data as `discretize: none`
// and `missing: keep` import it: two nominal and two numeric features,
// each value missing with probability 0.15, rows over more than one page
// (pq.PageRows is 65,536).
func numericDataset(t *testing.T) (dataset.Schema, *dataset.Dataset) {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "colour", Values: []string{"red", "green", "blue"}},
			{Name: "temp", Numeric: true},
			{Name: "windy", Values: []string{"no", "yes"}},
			{Name: "wind speed", Numeric: true},
		},
		Class: dataset.Attribute{Name: "class", Values: []string{"+", "-"}},
	}
	rng := rand.New(rand.NewPCG(23, 2))
	n := 70_000
	cols := make([][]uint8, len(s.Features))
	nums := make([][]float64, len(s.Features))
	for f, a := range s.Features {
		if a.Numeric {
			nums[f] = make([]float64, n)
		} else {
			cols[f] = make([]uint8, n)
		}
		for r := range n {
			missing := rng.Float64() < 0.15
			switch {
			case a.Numeric && missing:
				nums[f][r] = math.NaN()
			case a.Numeric:
				nums[f][r] = math.Round(rng.NormFloat64()*1000) / 100 // ties, zeros and negatives among them
			case missing:
				cols[f][r] = dataset.MissingCode
			default:
				cols[f][r] = uint8(rng.IntN(len(a.Values)))
			}
		}
	}
	labels := make([]uint8, n)
	for r := range labels {
		labels[r] = uint8(rng.IntN(2))
	}
	d, err := dataset.NewMixed(s, cols, nums, labels)
	if err != nil {
		t.Fatal(err)
	}
	return s, d
}

// TestNumericDatasetsReadAsDocumented writes a datasets/ file with numeric
// features and missing values and reads it with DuckDB and polars, neither
// of which shares code with dtbench's writer: a nominal feature is an
// INTEGER column (DuckDB; Int32 in polars) holding the code, a numeric one
// a DOUBLE holding the value, a missing value is a null in both, and the
// nominal columns have the type a version 1 file's have, so a query over
// old and new run folders sees one type per column.
func TestNumericDatasetsReadAsDocumented(t *testing.T) {
	s, d := numericDataset(t)
	path := filepath.Join(t.TempDir(), "datasets", "part-0-0.parquet")
	if _, err := schemas.WriteDatasets(path, []schemas.DatasetRecord{{DatasetID: 7, OracleID: -1, Mode: "weather", Train: d}}); err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	types := func(file string) map[string]string {
		rows, err := db.Query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('" + file + "'))")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]string{}
		for rows.Next() {
			var name, typ string
			if err := rows.Scan(&name, &typ); err != nil {
				t.Fatal(err)
			}
			out[name] = typ
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	got := types(path)
	for col, want := range map[string]string{"colour": "INTEGER", "temp": "DOUBLE", "windy": "INTEGER", "wind speed": "DOUBLE", "class": "INTEGER", "row": "INTEGER"} {
		if got[col] != want {
			t.Errorf("DuckDB reads column %q as %q; want %s", col, got[col], want)
		}
	}
	v1, err := filepath.Abs(filepath.Join("..", "schemas", "testdata", "datasets-v1.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if got := types(v1)["outlook"]; got != "INTEGER" {
		t.Errorf("DuckDB reads a version 1 feature column as %q; want INTEGER, as a version 2 nominal one", got)
	}

	// Every cell, in row order, against the dataset.
	rows, err := db.Query(`SELECT "row", colour, temp, windy, "wind speed", class FROM read_parquet('` + path + `') ORDER BY "row"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	r, bad := 0, 0
	for rows.Next() {
		var row int
		var colour, windy sql.NullInt32
		var temp, speed sql.NullFloat64
		var class int32
		if err := rows.Scan(&row, &colour, &temp, &windy, &speed, &class); err != nil {
			t.Fatal(err)
		}
		code := func(f int, v sql.NullInt32) bool {
			c := d.Column(f)[r]
			return (c == dataset.MissingCode && !v.Valid) || (v.Valid && c != dataset.MissingCode && int32(c) == v.Int32)
		}
		number := func(f int, v sql.NullFloat64) bool {
			x := d.Numbers(f)[r]
			return (math.IsNaN(x) && !v.Valid) || (v.Valid && math.Float64bits(x) == math.Float64bits(v.Float64))
		}
		if row != r || !code(0, colour) || !number(1, temp) || !code(2, windy) || !number(3, speed) || class != int32(d.Label(r)) {
			t.Errorf("DuckDB row %d = %d %v %v %v %v %d; want row %d of the dataset", r, row, colour, temp, windy, speed, class, r)
			if bad++; bad > 5 {
				t.FailNow()
			}
		}
		r++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if r != d.Len() {
		t.Fatalf("DuckDB reads %d rows; want %d", r, d.Len())
	}

	// polars, by its lazy scan (which prunes by statistics): nulls and
	// the rows below, at and above a pivot, per feature column.
	pivots := []float64{1, 0, 1, 2.5}
	var qs []polarsQuestion
	for f, a := range s.Features {
		qs = append(qs, polarsQuestion{Path: path, Column: a.Name, Pivot: pivots[f]})
	}
	answers := polars(t, qs)
	for f, a := range s.Features {
		var want polarsAnswer
		var lt, eq, gt int64
		for r := range d.Len() {
			var x float64
			if a.Numeric {
				x = d.Numbers(f)[r]
			} else if c := d.Column(f)[r]; c == dataset.MissingCode {
				x = math.NaN()
			} else {
				x = float64(c)
			}
			p := pivots[f]
			switch {
			case math.IsNaN(x):
				want.IsNull++
			case x < p:
				want.IsNotNull++
				lt++
			case x == p:
				want.IsNotNull++
				eq++
			default:
				want.IsNotNull++
				gt++
			}
		}
		want.NullCount, want.Lt, want.Eq, want.Gt = want.IsNull, &lt, &eq, &gt
		g := answers[f]
		if g.IsNull != want.IsNull || g.IsNotNull != want.IsNotNull || g.NullCount != want.NullCount ||
			deref(g.Lt) != deref(want.Lt) || deref(g.Eq) != deref(want.Eq) || deref(g.Gt) != deref(want.Gt) {
			t.Errorf("polars on %s: null %d, not null %d, null_count %d, <,=,> %v %v %v; want %d, %d, %d, %v %v %v",
				a.Name, g.IsNull, g.IsNotNull, g.NullCount, deref(g.Lt), deref(g.Eq), deref(g.Gt),
				want.IsNull, want.IsNotNull, want.NullCount, lt, eq, gt)
		}
		if want.IsNull == 0 || lt+gt == 0 {
			t.Fatalf("column %s: the data miss a case (nulls %d, below %d, above %d)", a.Name, want.IsNull, lt, gt)
		}
	}
}
