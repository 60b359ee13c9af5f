package importer

import (
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
)

var update = flag.Bool("update", false, "rewrite the Parquet files in testdata")

// weatherRow is testdata/weather.csv as Parquet: the same columns, values
// and missing cells (nulls).
type weatherRow struct {
	Outlook     *string  `parquet:"outlook"`
	Temperature *float64 `parquet:"temperature"`
	Humidity    int64    `parquet:"relative humidity"`
	Windy       string   `parquet:"windy"`
	Play        string   `parquet:"play"`
}

// nullRow has a column of every Parquet type the importer reads, each with
// nulls, and a NaN among the floats.
type nullRow struct {
	Color  *string  `parquet:"color"`
	Count  *int32   `parquet:"count"`
	Big    *int64   `parquet:"big"`
	Ratio  *float64 `parquet:"ratio"`
	Small  *float32 `parquet:"small"`
	Flag   *bool    `parquet:"flag"`
	Day    *int32   `parquet:"day,date"`
	Seen   *int64   `parquet:"seen,timestamp(millisecond)"`
	Result string   `parquet:"result"`
}

func ptr[T any](v T) *T { return &v }

func weatherRows() []weatherRow {
	temps := []float64{85, 80, 83, math.NaN(), 68, 65, 64, 72, 69, 75, 75, 72, 81, 71}
	outlooks := []string{"sunny", "sunny", "overcast", "rainy", "rainy", "rainy", "overcast", "sunny", "", "rainy", "sunny", "overcast", "overcast", "rainy"}
	hum := []int64{85, 90, 86, 96, 80, 70, 65, 95, 70, 80, 70, 90, 75, 91}
	windy := []string{"FALSE", "TRUE", "FALSE", "FALSE", "FALSE", "TRUE", "TRUE", "FALSE", "FALSE", "FALSE", "TRUE", "TRUE", "FALSE", "TRUE"}
	play := []string{"no", "no", "yes", "yes", "yes", "no", "yes", "no", "yes", "yes", "yes", "yes", "yes", "no"}
	rows := make([]weatherRow, len(temps))
	for i := range rows {
		rows[i] = weatherRow{Humidity: hum[i], Windy: windy[i], Play: play[i]}
		if outlooks[i] != "" {
			rows[i].Outlook = ptr(outlooks[i])
		}
		if !math.IsNaN(temps[i]) {
			rows[i].Temperature = ptr(temps[i])
		}
	}
	return rows
}

func nullRows() []nullRow {
	const day = 18700 // 2021-03-14
	return []nullRow{
		{ptr("red"), ptr[int32](3), ptr[int64](-7), ptr(0.5), ptr[float32](1.5), ptr(true), ptr[int32](day), ptr[int64](1615766400000), "a"},
		{nil, ptr[int32](1), nil, ptr(math.NaN()), nil, ptr(false), nil, nil, "b"},
		{ptr("blue"), nil, ptr[int64](12), ptr(2.25), ptr[float32](-1), nil, ptr[int32](day + 1), ptr[int64](1615852800000), "a"},
		{ptr("red"), ptr[int32](3), ptr[int64](5), nil, ptr[float32](0), ptr(true), ptr[int32](day + 2), nil, "b"},
		{ptr("green"), ptr[int32](8), ptr[int64](5), ptr(1.0), ptr[float32](2), ptr(false), ptr[int32](day), ptr[int64](1615939200000), "a"},
	}
}

func writeParquet[T any](t *testing.T, path string, rows []T) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[T](f, parquet.CreatedBy("dtbench importer tests", "", ""))
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestUpdateParquetFixtures rewrites testdata/*.parquet with -update.
func TestUpdateParquetFixtures(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the Parquet fixtures")
	}
	writeParquet(t, filepath.Join("testdata", "weather.parquet"), weatherRows())
	writeParquet(t, filepath.Join("testdata", "nulls.parquet"), nullRows())
}
