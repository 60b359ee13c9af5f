package schemas

import "context"

// The result tables are flat tables (flat.go): their columns are the
// parquet tags of their row types.
var (
	evaluationTable = newFlatTable[OracleEvaluation](Evaluations)
	timingTable     = newFlatTable[Timing](Timings)
	summaryTable    = newFlatTable[OracleSummary](Summaries)
)

// WriteEvaluations writes evaluation rows to path in the order given;
// opts name the dtbench version (WithVersion).
func WriteEvaluations(path string, rows []OracleEvaluation, opts ...WriteOption) (FileInfo, error) {
	return writeFlat(context.Background(), path, evaluationTable, rows, opts...)
}

// ReadEvaluations reads the rows of a results/evaluations file in file order.
func ReadEvaluations(path string) ([]OracleEvaluation, error) {
	return readFlat(path, evaluationTable)
}

// WriteTimings writes timing rows to path in the order given, with opts as
// WriteEvaluations.
func WriteTimings(path string, rows []Timing, opts ...WriteOption) (FileInfo, error) {
	return writeFlat(context.Background(), path, timingTable, rows, opts...)
}

// ReadTimings reads the rows of a results/timings file in file order.
func ReadTimings(path string) ([]Timing, error) {
	return readFlat(path, timingTable)
}

// WriteSummary writes summary rows to path in the order given, with opts as
// WriteEvaluations.
func WriteSummary(path string, rows []OracleSummary, opts ...WriteOption) (FileInfo, error) {
	return writeFlat(context.Background(), path, summaryTable, rows, opts...)
}

// ReadSummary reads the rows of a report/summary file in file order.
func ReadSummary(path string) ([]OracleSummary, error) {
	return readFlat(path, summaryTable)
}

var (
	benchmarkEvaluationTable = newFlatTable[BenchmarkEvaluation](Evaluations)
	confusionTable           = newFlatTable[ConfusionRow](Confusion)
	attributeTable           = newFlatTable[AttributeRow](Attributes)
	entropyTable             = newFlatTable[EntropyRow](Entropy)
	winsTable                = newFlatTable[WinsRow](Wins)
	benchmarkSummaryTable    = newFlatTable[BenchmarkSummary](Summaries)
	costEvaluationTable      = newFlatTable[CostEvaluation](Evaluations)
	costSummaryTable         = newFlatTable[CostSummary](Summaries)
)

// flatIO returns the writer and reader of a flat table, for the catalog.
func flatIO[R any](t *flatTable[R]) (func(context.Context, string, []R, ...WriteOption) (FileInfo, error), func(string) ([]R, error)) {
	return flatWriter(t), func(path string) ([]R, error) { return readFlat(path, t) }
}

// flatWriter returns the writer of a flat table, for the catalog.
func flatWriter[R any](t *flatTable[R]) func(context.Context, string, []R, ...WriteOption) (FileInfo, error) {
	return func(ctx context.Context, path string, rows []R, opts ...WriteOption) (FileInfo, error) {
		return writeFlat(ctx, path, t, rows, opts...)
	}
}
