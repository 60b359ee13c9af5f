package schemas

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// reportRows reports rows/s of wall time and, where the platform tells,
// rows per CPU second (all threads, GC included).
func reportRows(b *testing.B, rowsPerOp int64, cpu0 time.Duration) {
	total := float64(rowsPerOp) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "rows/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(total/cpu.Seconds(), "rows/cpu-s")
	}
}

func benchDatasets(b *testing.B, n int) []DatasetRecord {
	rng := rand.New(rand.NewPCG(1, 2))
	s := testSchema([]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 2)
	recs := make([]DatasetRecord, n)
	for i := range recs {
		recs[i] = DatasetRecord{DatasetID: int64(i), OracleID: int64(i / 3), Mode: "complete",
			Train: randomDataset(b, rng, s, 3000), TrainRules: randomRules(rng, 3000)}
	}
	return recs
}

// BenchmarkWriteDatasets writes n datasets of 3000 rows and 10 binary
// features, as the paper grid does chunk by chunk, and reports rows/s and
// the file's bytes per row.
func BenchmarkWriteDatasets(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(fmt.Sprintf("datasets=%d", n), func(b *testing.B) {
			recs := benchDatasets(b, n)
			path := filepath.Join(b.TempDir(), "part-0-0.parquet")
			var info FileInfo
			cpu0 := cpuTime()
			for b.Loop() {
				var err error
				if info, err = WriteDatasets(path, recs); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, info.Rows, cpu0)
			if st, err := os.Stat(path); err == nil {
				b.ReportMetric(float64(st.Size())/float64(info.Rows), "B/row")
			}
		})
	}
}

// BenchmarkReadDatasets reads back 100 datasets of 3000 rows.
func BenchmarkReadDatasets(b *testing.B) {
	path := filepath.Join(b.TempDir(), "part-0-0.parquet")
	info, err := WriteDatasets(path, benchDatasets(b, 100))
	if err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := ReadDatasets(path); err != nil {
			b.Fatal(err)
		}
	}
	reportRows(b, info.Rows, cpu0)
}

// BenchmarkWriteEvaluations writes n evaluation rows with a mix of nulls.
func BenchmarkWriteEvaluations(b *testing.B) {
	for _, n := range []int{64, 10_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			base := testEvaluations()
			rows := make([]Evaluation, n)
			for i := range rows {
				rows[i] = base[i%len(base)]
				rows[i].DatasetID = int64(i)
			}
			path := filepath.Join(b.TempDir(), "part-0-0.parquet")
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := WriteEvaluations(path, rows); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, int64(n), cpu0)
		})
	}
}

// BenchmarkWriteModels writes 64 ID3-sized trees (depth 8, binary).
func BenchmarkWriteModels(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	domains := []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	recs := make([]ModelRecord, 64)
	nodes := 0
	for i := range recs {
		recs[i] = ModelRecord{ModelID: int64(i), Learner: "id3", Tree: randomTree(rng, domains, 2, 8, false, true)}
		nodes += recs[i].Tree.Len()
	}
	path := filepath.Join(b.TempDir(), "part-0-0.parquet")
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := WriteModels(path, recs); err != nil {
			b.Fatal(err)
		}
	}
	reportRows(b, int64(nodes), cpu0)
}
