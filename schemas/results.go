package schemas

import "context"

// The result tables are flat tables (flat.go): their columns are the
// parquet tags of their row types.
var (
	evaluationTable = newFlatTable[OracleEvaluation](Evaluations, "dataset_id", "oracle_id", "model_id")
	timingTable     = newFlatTable[Timing](Timings, "dataset_id")
	summaryTable    = newFlatTable[OracleSummary](Summaries)
)

// WriteEvaluations writes evaluation rows to path in the order given.
func WriteEvaluations(path string, rows []OracleEvaluation) (FileInfo, error) {
	return writeFlat(context.Background(), path, evaluationTable, rows)
}

// ReadEvaluations reads the rows of a results/evaluations file in file order.
func ReadEvaluations(path string) ([]OracleEvaluation, error) {
	return readFlat(path, evaluationTable)
}

// WriteTimings writes timing rows to path in the order given.
func WriteTimings(path string, rows []Timing) (FileInfo, error) {
	return writeFlat(context.Background(), path, timingTable, rows)
}

// ReadTimings reads the rows of a results/timings file in file order.
func ReadTimings(path string) ([]Timing, error) {
	return readFlat(path, timingTable)
}

// WriteSummary writes summary rows to path in the order given.
func WriteSummary(path string, rows []OracleSummary) (FileInfo, error) {
	return writeFlat(context.Background(), path, summaryTable, rows)
}

// ReadSummary reads the rows of a report/summary file in file order.
func ReadSummary(path string) ([]OracleSummary, error) {
	return readFlat(path, summaryTable)
}

var (
	benchmarkEvaluationTable = newFlatTable[BenchmarkEvaluation](Evaluations, "dataset_id")
	confusionTable           = newFlatTable[ConfusionRow](Confusion, "dataset_id")
	attributeTable           = newFlatTable[AttributeRow](Attributes, "dataset_id")
	entropyTable             = newFlatTable[EntropyRow](Entropy, "dataset_id")
	winsTable                = newFlatTable[WinsRow](Wins)
	benchmarkSummaryTable    = newFlatTable[BenchmarkSummary](Summaries)
	costEvaluationTable      = newFlatTable[CostEvaluation](Evaluations, "dataset_id", "model_id")
	costSummaryTable         = newFlatTable[CostSummary](Summaries)
)

// flatIO returns the writer and reader of a flat table, for the catalog.
func flatIO[R any](t *flatTable[R]) (func(context.Context, string, []R) (FileInfo, error), func(string) ([]R, error)) {
	return flatWriter(t), func(path string) ([]R, error) { return readFlat(path, t) }
}

// flatWriter returns the writer of a flat table, for the catalog.
func flatWriter[R any](t *flatTable[R]) func(context.Context, string, []R) (FileInfo, error) {
	return func(ctx context.Context, path string, rows []R) (FileInfo, error) {
		return writeFlat(ctx, path, t, rows)
	}
}
