package schemas

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// The catalog: every table of a run folder, with its record type. The
// slots that live in memory only (a task's fits, its cost model, …) are
// package flow's.
var (
	// OracleTable is oracles/: one TreeRecord per task (tree_id = the task).
	OracleTable = &Table[TreeRecord]{Slot: Slot[TreeRecord]{Oracles},
		taskOf: func(r *TreeRecord) int64 { return r.ID }, write: writeOracles, read: ReadOracles}
	// DatasetTable is datasets/: one DatasetRecord per task.
	DatasetTable = &Table[DatasetRecord]{Slot: Slot[DatasetRecord]{Datasets},
		taskOf: func(r *DatasetRecord) int64 { return r.DatasetID }, write: writeDatasets, read: ReadDatasets}
	// ModelTable is models/: the learned trees of a task, in learner order.
	ModelTable = &Table[ModelRecord]{Slot: Slot[ModelRecord]{Models},
		taskOf: func(r *ModelRecord) int64 { return r.DatasetID }, write: writeModels, read: ReadModels}
	// EvaluationTable is results/evaluations: a task's rows, in learner order.
	EvaluationTable = &Table[OracleEvaluation]{Slot: Slot[OracleEvaluation]{Evaluations},
		taskOf: func(r *OracleEvaluation) int64 { return r.DatasetID }, write: flatWriter(evaluationTable), read: ReadEvaluations}
	// SummaryTable is report/summary.parquet, one file per run.
	SummaryTable = &Table[OracleSummary]{Slot: Slot[OracleSummary]{Summaries}, file: Summaries + ".parquet",
		taskOf: func(*OracleSummary) int64 { return 0 }, write: flatWriter(summaryTable), read: ReadSummary}
	// ReportDoc is report/report.md, one file per run.
	ReportDoc = &Document{Slot: Slot[byte]{"report/report.md"}}
	// ReportPlots is report/plots/: the report's figures, PNG and SVG.
	ReportPlots = &Files{Slot: Slot[File]{"report/plots"}}
	// The benchmark study's tables. Its datasets are imported once, each
	// to its own file (their schemas differ): datasets/imported/<name>.parquet.
	ImportedTable = &Table[DatasetRecord]{Slot: Slot[DatasetRecord]{Imported},
		fileOf: func(r *DatasetRecord) string { return Imported + "/" + r.Mode + ".parquet" },
		taskOf: func(r *DatasetRecord) int64 { return r.DatasetID }, write: writeDatasets, read: ReadDatasets}
	BenchmarkEvaluationTable = flatCatalog(Evaluations, benchmarkEvaluationTable, func(r *BenchmarkEvaluation) int64 { return r.DatasetID })
	ConfusionTable           = flatCatalog(Confusion, confusionTable, func(r *ConfusionRow) int64 { return r.DatasetID })
	AttributeTable           = flatCatalog(Attributes, attributeTable, func(r *AttributeRow) int64 { return r.DatasetID })
	EntropyTable             = flatCatalog(Entropy, entropyTable, func(r *EntropyRow) int64 { return r.DatasetID })
	// WinsTable is results/wins/wins.parquet and BenchmarkSummaryTable
	// report/summary.parquet, one file per run, written by the report.
	WinsTable             = singleFlat(Wins, Wins+"/wins.parquet", winsTable)
	BenchmarkSummaryTable = singleFlat(Summaries, Summaries+".parquet", benchmarkSummaryTable)
	// The cost study's evaluations and summary.
	CostEvaluationTable = flatCatalog(Evaluations, costEvaluationTable, func(r *CostEvaluation) int64 { return r.DatasetID })
	CostSummaryTable    = singleFlat(Summaries, Summaries+".parquet", costSummaryTable)
)

// flatCatalog declares a per-chunk flat table of the catalog.
func flatCatalog[R any](name string, t *flatTable[R], taskOf func(*R) int64) *Table[R] {
	w, r := flatIO(t)
	return &Table[R]{Slot: Slot[R]{name}, taskOf: taskOf, write: w, read: r}
}

// singleFlat declares a one-file run-level flat table.
func singleFlat[R any](name, file string, t *flatTable[R]) *Table[R] {
	w, r := flatIO(t)
	return &Table[R]{Slot: Slot[R]{name}, file: file, taskOf: func(*R) int64 { return 0 }, write: w, read: r}
}

// Document is a single text file of the run folder (report.md): its
// records are its bytes.
type Document struct {
	Slot[byte]
}

func (d *Document) Single() bool { return true }

func (d *Document) RunFiles(dir string) ([]string, error) {
	p := filepath.Join(dir, filepath.FromSlash(d.name))
	if _, err := os.Stat(p); err != nil {
		return nil, nil
	}
	return []string{p}, nil
}

// WriteRun writes the document; it takes no option (a text file has no
// created_by).
func (d *Document) WriteRun(ctx context.Context, dir string, b *Bag, _ ...WriteOption) ([]FileInfo, error) {
	info, err := d.WritePart(ctx, filepath.Join(dir, filepath.FromSlash(d.name)), []*Bag{b})
	if err != nil {
		return nil, err
	}
	return []FileInfo{info}, nil
}

// ReadPart adds the file's bytes to the bag of task 0.
func (d *Document) ReadPart(path string, bag func(int64) (*Bag, error)) error {
	data, b, err := readRunFile(path, bag)
	if err != nil {
		return err
	}
	d.Put(b, data...)
	return nil
}

// readRunFile reads a per-run file (a document or one of a file set) and
// returns it with the bag of task 0, which holds such files.
func readRunFile(path string, bag func(int64) (*Bag, error)) ([]byte, *Bag, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	b, err := bag(0)
	return data, b, err
}

// WritePart writes the bags' bytes, in order, atomically; it takes no
// option.
func (d *Document) WritePart(ctx context.Context, path string, bags []*Bag, _ ...WriteOption) (FileInfo, error) {
	var data []byte
	for _, b := range bags {
		data = append(data, d.Get(b)...)
	}
	return writeText(ctx, path, data)
}

func (d *Document) SortByTask(*Bag) {}

// Check reports whether path exists and is a regular file.
func (d *Document) Check(path string) error { return checkRegular(path) }

// checkRegular reports whether path exists and is a regular file: the
// check of the text tables (Document, Files), which have no footer.
func checkRegular(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("check %s: not a regular file", filepath.Base(path))
	}
	return nil
}
