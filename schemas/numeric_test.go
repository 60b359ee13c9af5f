package schemas

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// reflectFloat64 is what Numeric.Float64 must return, through reflect.
func reflectFloat64(v reflect.Value, index []int) (float64, bool) {
	f := v.FieldByIndex(index)
	if f.Kind() == reflect.Pointer {
		if f.IsNil() {
			return 0, false
		}
		f = f.Elem()
	}
	switch f.Kind() {
	case reflect.Float64:
		return f.Float(), true
	case reflect.Int64, reflect.Int32:
		return float64(f.Int()), true
	case reflect.Bool:
		if f.Bool() {
			return 1, true
		}
		return 0, true
	}
	panic("not numeric: " + f.Kind().String())
}

// TestNumericColumns reads every numeric column of flatRow rows (embedded
// structs, nulls) by offset and through reflect.
func TestNumericColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	rows := flatRows(rng, 500, func(int, int) bool { return rng.IntN(3) == 0 })
	nums := NumericColumns[flatRow]()
	var names []string
	for _, m := range nums {
		names = append(names, m.Name)
	}
	if want := []string{"id", "depth", "rep", "weight", "done", "score", "leaves", "big", "optimal"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("numeric columns %q; want %q", names, want)
	}
	for i := range rows {
		v := reflect.ValueOf(&rows[i]).Elem()
		for _, m := range nums {
			got, ok := m.Float64(&rows[i])
			want, wantOK := reflectFloat64(v, m.Index)
			if got != want || ok != wantOK {
				t.Fatalf("row %d %s: Float64 = %v, %v; want %v, %v", i, m.Name, got, ok, want, wantOK)
			}
		}
	}
	// The measures of an embedded struct, read from the embedded field.
	scores := NumericColumns[flatScores]()
	for i := range rows {
		for _, m := range scores {
			got, ok := m.Float64(&rows[i].flatScores)
			want, wantOK := reflectFloat64(reflect.ValueOf(&rows[i].flatScores).Elem(), m.Index)
			if got != want || ok != wantOK {
				t.Fatalf("row %d flatScores.%s: Float64 = %v, %v; want %v, %v", i, m.Name, got, ok, want, wantOK)
			}
		}
	}
}

func TestNumericColumn(t *testing.T) {
	e := testEvaluations()[0]
	doe, err := NumericColumn[OracleEvaluation]("doe")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := doe.Float64(&e); v != 0.625 || !ok {
		t.Errorf("doe = %v, %v; want 0.625, true", v, ok)
	}
	opt, _ := NumericColumn[OracleEvaluation]("optimal")
	if v, ok := opt.Float64(&e); v != 0 || !ok {
		t.Errorf("optimal = %v, %v; want 0 (false), true", v, ok)
	}
	var empty OracleEvaluation
	if v, ok := doe.Float64(&empty); v != 0 || ok {
		t.Errorf("doe of a null = %v, %v; want 0, false", v, ok)
	}
	for name, want := range map[string]string{"learner": "not a number", "nope": "no column nope"} {
		if _, err := NumericColumn[OracleEvaluation](name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NumericColumn(%q) = %v; want an error containing %q", name, err, want)
		}
	}
	if _, err := NumericColumn[struct{ X int }]("X"); err == nil {
		t.Error("NumericColumn of a bad row type succeeded")
	}
}

// BenchmarkNumeric sums every numeric column of 200,000 evaluation rows,
// as the report summarises them, by offset and through reflect.
func BenchmarkNumeric(b *testing.B) {
	base := testEvaluations()
	rows := make([]OracleEvaluation, 200_000)
	for i := range rows {
		rows[i] = base[i%len(base)]
	}
	nums := NumericColumns[OracleEvaluation]()
	cells := int64(len(rows) * len(nums))
	b.Run("offset", func(b *testing.B) {
		var sum float64
		for b.Loop() {
			for i := range rows {
				for _, m := range nums {
					if v, ok := m.Float64(&rows[i]); ok {
						sum += v
					}
				}
			}
		}
		b.ReportMetric(float64(cells)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		_ = fmt.Sprint(sum)
	})
	b.Run("reflect", func(b *testing.B) {
		var sum float64
		for b.Loop() {
			for i := range rows {
				v := reflect.ValueOf(&rows[i]).Elem()
				for _, m := range nums {
					if x, ok := reflectFloat64(v, m.Index); ok {
						sum += x
					}
				}
			}
		}
		b.ReportMetric(float64(cells)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		_ = fmt.Sprint(sum)
	})
}
