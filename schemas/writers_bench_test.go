package schemas

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/parquet-go/parquet-go"
)

// BenchmarkEvaluationWriters writes the same evaluation rows with the page
// writer dtbench uses (WriteEvaluations, statistics on every column) and
// with parquet-go's GenericWriter at the same compression (its default
// statistics and page index), the measure behind keeping one writing
// stack: the page writer. Rows per CPU second is the figure to compare on a
// shared machine.
func BenchmarkEvaluationWriters(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		base := testEvaluations()
		rows := make([]OracleEvaluation, n)
		for i := range rows {
			rows[i] = base[i%len(base)]
			rows[i].DatasetID = int64(i)
		}
		dir := b.TempDir()
		b.Run(fmt.Sprintf("page-writer/rows=%d", n), func(b *testing.B) {
			path := filepath.Join(dir, "a.parquet")
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := WriteEvaluations(path, rows); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, int64(n), cpu0)
		})
		b.Run(fmt.Sprintf("parquet-go-GenericWriter/rows=%d", n), func(b *testing.B) {
			path := filepath.Join(dir, "b.parquet")
			cpu0 := cpuTime()
			for b.Loop() {
				f, err := os.Create(path)
				if err != nil {
					b.Fatal(err)
				}
				w := parquet.NewGenericWriter[OracleEvaluation](f, parquet.Compression(&pqzstd.Codec{Level: zstd.EncoderLevelFromZstd(ZstdLevel)}))
				if _, err := w.Write(rows); err != nil {
					b.Fatal(err)
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
			reportRows(b, int64(n), cpu0)
		})
	}
}

// BenchmarkPredictionsWriter writes a chunk's predictions blocks (500-row
// blocks of two classes, with costs) as results/predictions does: the
// rows are made one row group at a time from the blocks.
func BenchmarkPredictionsWriter(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		blocks := predictionBlocks(rand.New(rand.NewPCG(1, 1)), n, func(int) bool { return false })
		bag := NewBag()
		BenchmarkPredictionTable.Set(bag, blocks)
		path := filepath.Join(b.TempDir(), "p.parquet")
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := BenchmarkPredictionTable.WritePart(context.Background(), path, []*Bag{bag}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
