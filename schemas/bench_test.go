package schemas

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dtbench/dtbench/tree"
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

func benchDatasets(b testing.TB, n int) []DatasetRecord {
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
			rows := make([]OracleEvaluation, n)
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

// benchTrees grows n random trees of depth at most 8 over 10 binary
// features, about the size ID3 learns on the paper grid, and returns them
// with their total node count.
func benchTrees(n int, withCounts bool) ([]*tree.Tree, int) {
	rng := rand.New(rand.NewPCG(3, 4))
	domains := []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	trees := make([]*tree.Tree, n)
	nodes := 0
	for i := range trees {
		trees[i] = randomTree(rng, domains, 2, 8, false, withCounts)
		nodes += trees[i].Len()
	}
	return trees, nodes
}

// BenchmarkWriteModels writes n ID3-sized trees with counts; a grid chunk
// of 256 tasks holds 256 per learner. Small files measure the fixed cost of
// a file (create, rename, footer), large ones the cost per node.
func BenchmarkWriteModels(b *testing.B) {
	for _, n := range []int{64, 2048} {
		b.Run(fmt.Sprintf("trees=%d", n), func(b *testing.B) {
			trees, nodes := benchTrees(n, true)
			recs := make([]ModelRecord, n)
			for i, t := range trees {
				recs[i] = ModelRecord{ModelID: int64(i), Learner: "id3", DatasetID: int64(i), OracleID: int64(i / 3), Tree: t}
			}
			path := filepath.Join(b.TempDir(), "part-0-0.parquet")
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := WriteModels(path, recs); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, int64(nodes), cpu0)
		})
	}
}

// BenchmarkWriteOracles writes n oracle-sized trees without counts.
func BenchmarkWriteOracles(b *testing.B) {
	for _, n := range []int{64, 2048} {
		b.Run(fmt.Sprintf("trees=%d", n), func(b *testing.B) {
			trees, nodes := benchTrees(n, false)
			recs := make([]TreeRecord, n)
			for i, t := range trees {
				recs[i] = TreeRecord{ID: int64(i), Tree: t}
			}
			path := filepath.Join(b.TempDir(), "part-0-0.parquet")
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := WriteOracles(path, recs); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, int64(nodes), cpu0)
		})
	}
}

// BenchmarkReadEvaluations reads back n evaluation rows with a mix of
// nulls.
func BenchmarkReadEvaluations(b *testing.B) {
	for _, n := range []int{64, 10_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			base := testEvaluations()
			rows := make([]OracleEvaluation, n)
			for i := range rows {
				rows[i] = base[i%len(base)]
				rows[i].DatasetID = int64(i)
			}
			path := filepath.Join(b.TempDir(), "part-0-0.parquet")
			if _, err := WriteEvaluations(path, rows); err != nil {
				b.Fatal(err)
			}
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := ReadEvaluations(path); err != nil {
					b.Fatal(err)
				}
			}
			reportRows(b, int64(n), cpu0)
		})
	}
}
