package importer

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRead imports the largest shared dataset (nursery: 12,960 rows,
// 8 nominal features), synthetic CSV files of 8 numeric columns, which
// are discretized, at three sizes, and synthetic ARFF files of nominal
// and numeric attributes (nominalARFF) at two sizes.
func BenchmarkRead(b *testing.B) {
	b.Run("nursery", func(b *testing.B) {
		path := filepath.Join(sharedDir(b), "nursery", "nursery.data")
		requireFile(b, path)
		o := Options{Class: "class", Names: []string{"parents", "has_nurs", "form", "children", "housing", "finance", "social", "health", "class"}}
		benchRead(b, path, o, 12960)
	})
	for _, rows := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("numeric/rows=%d", rows), func(b *testing.B) {
			path := numericCSV(b, rows)
			benchRead(b, path, Options{Class: "class", Header: true}, rows)
		})
	}
	for _, rows := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("arff/rows=%d", rows), func(b *testing.B) {
			benchRead(b, nominalARFF(b, rows), Options{Class: "class"}, rows)
		})
	}
}

func benchRead(b *testing.B, path string, o Options, rows int) {
	b.Helper()
	for b.Loop() {
		d, _, err := Read(path, o)
		if err != nil {
			b.Fatal(err)
		}
		if d.Len() != rows {
			b.Fatalf("%d rows; want %d", d.Len(), rows)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// numericCSV writes a CSV of rows rows: 8 numeric columns (some with ties,
// 2% missing) and a class, from a fixed seed.
func numericCSV(b *testing.B, rows int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "numeric.csv")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, uint64(rows)))
	fmt.Fprintln(w, "x0,x1,x2,x3,x4,x5,x6,x7,class")
	for range rows {
		for c := range 8 {
			switch {
			case rng.IntN(50) == 0:
				w.WriteString("?")
			case c%2 == 0:
				fmt.Fprintf(w, "%.3f", rng.NormFloat64()*10)
			default:
				fmt.Fprintf(w, "%d", rng.IntN(20*(c+1)))
			}
			w.WriteByte(',')
		}
		fmt.Fprintf(w, "c%d\n", rng.IntN(3))
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// nominalARFF writes an ARFF file of rows rows from a fixed seed, shaped
// like the benchmark study's ARFF inputs (vote, the thyroid stand-in):
// 16 nominal attributes with one-letter labels, 4 with quoted labels of
// several letters, 2 numeric ones (1% missing) and a nominal class.
func nominalARFF(b *testing.B, rows int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "nominal.arff")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "@relation bench")
	for a := range 16 {
		fmt.Fprintf(w, "@attribute b%02d {f,t}\n", a)
	}
	for a := range 4 {
		fmt.Fprintf(w, "@attribute 'q%d' {'low','mid','high','very high'}\n", a)
	}
	fmt.Fprintln(w, "@attribute x0 numeric\n@attribute x1 real\n@attribute class {negative,positive}\n@data")
	quoted := []string{"'low'", "'mid'", "'high'", "'very high'"}
	rng := rand.New(rand.NewPCG(2, uint64(rows)))
	for range rows {
		for range 16 {
			w.WriteString([]string{"f,", "t,"}[rng.IntN(2)])
		}
		for range 4 {
			w.WriteString(quoted[rng.IntN(4)] + ",")
		}
		for c := range 2 {
			if rng.IntN(100) == 0 {
				w.WriteString("?,")
			} else {
				fmt.Fprintf(w, "%.2f,", rng.NormFloat64()*float64(10*(c+1)))
			}
		}
		fmt.Fprintln(w, []string{"negative", "positive"}[rng.IntN(2)])
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}
