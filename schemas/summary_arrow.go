package schemas

import (
	"math"
	"slices"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// summaryColumns are the columns of report/summary: the grid cell, the row
// count, then five columns per Stat (see statColumns), measures in the
// order of Summary's fields.
var summaryColumns = slices.Concat(
	[]column[Summary]{
		stringCol("learner", func(r *Summary) *string { return &r.Learner }),
		int32Col("features", func(r *Summary) *int32 { return &r.Features }),
		int32Col("depth", func(r *Summary) *int32 { return &r.Depth }),
		stringCol("mode", func(r *Summary) *string { return &r.Mode }),
		int32Col("size", func(r *Summary) *int32 { return &r.Size }),
		int64Col("count", func(r *Summary) *int64 { return &r.Count }),
	},
	statColumns("doe", func(r *Summary) *Stat { return &r.DOE }),
	statColumns("agreement", func(r *Summary) *Stat { return &r.Agreement }),
	statColumns("accuracy", func(r *Summary) *Stat { return &r.Accuracy }),
	statColumns("acc_x", func(r *Summary) *Stat { return &r.AccX }),
	statColumns("acc_v", func(r *Summary) *Stat { return &r.AccV }),
	statColumns("acc_i", func(r *Summary) *Stat { return &r.AccI }),
	statColumns("gamma_x", func(r *Summary) *Stat { return &r.GammaX }),
	statColumns("gamma_v", func(r *Summary) *Stat { return &r.GammaV }),
	statColumns("gamma_i", func(r *Summary) *Stat { return &r.GammaI }),
	statColumns("tree_depth", func(r *Summary) *Stat { return &r.TreeDepth }),
	statColumns("tree_leaves", func(r *Summary) *Stat { return &r.TreeLeaves }),
)

// statColumns returns the five columns of one Stat: <name>_n (required),
// <name>_mean (null when N = 0), <name>_sd, <name>_ci_low and
// <name>_ci_high (null when N < 2). Nulls read back as NaN, so a Stat
// that follows its doc comment round-trips exactly.
func statColumns(name string, stat func(*Summary) *Stat) []column[Summary] {
	n := func(r *Summary) *int64 { return &stat(r).N }
	return []column[Summary]{
		int64Col(name+"_n", n),
		statFloatCol(name+"_mean", 1, stat, func(s *Stat) *float64 { return &s.Mean }),
		statFloatCol(name+"_sd", 2, stat, func(s *Stat) *float64 { return &s.SD }),
		statFloatCol(name+"_ci_low", 2, stat, func(s *Stat) *float64 { return &s.CILow }),
		statFloatCol(name+"_ci_high", 2, stat, func(s *Stat) *float64 { return &s.CIHigh }),
	}
}

// statFloatCol is a nullable float column of a Stat, null when the Stat's
// N is below minN. Columns are filled in order, so N is known on read.
func statFloatCol(name string, minN int64, stat func(*Summary) *Stat, v func(*Stat) *float64) column[Summary] {
	return column[Summary]{
		field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		put: func(b array.Builder, rows []Summary) {
			bb := b.(*array.Float64Builder)
			for i := range rows {
				if s := stat(&rows[i]); s.N >= minN {
					bb.Append(*v(s))
				} else {
					bb.AppendNull()
				}
			}
		},
		get: func(a arrow.Array, rows []Summary, off int) {
			arr := a.(*array.Float64)
			for i := range arr.Len() {
				x := math.NaN()
				if arr.IsValid(i) {
					x = arr.Value(i)
				}
				*v(stat(&rows[off+i])) = x
			}
		},
	}
}

// WriteSummary writes summary rows to path in the order given.
func WriteSummary(path string, rows []Summary) (FileInfo, error) {
	return writeSummary(memory.DefaultAllocator, path, rows)
}

// ReadSummary reads the rows of a report/summary file in file order.
func ReadSummary(path string) ([]Summary, error) {
	return readSummary(memory.DefaultAllocator, path)
}

func writeSummary(mem memory.Allocator, path string, rows []Summary) (FileInfo, error) {
	return writeTable(mem, path, Summaries, summaryColumns, rows)
}

func readSummary(mem memory.Allocator, path string) ([]Summary, error) {
	return readTable(mem, path, Summaries, summaryColumns)
}
