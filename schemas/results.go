package schemas

// The result tables are flat tables (flat.go): their columns are the
// parquet tags of Evaluation and Timing.
var (
	evaluationTable = newFlatTable[Evaluation](Evaluations, "dataset_id", "oracle_id", "model_id")
	timingTable     = newFlatTable[Timing](Timings, "dataset_id")
)

// WriteEvaluations writes evaluation rows to path in the order given.
func WriteEvaluations(path string, rows []Evaluation) (FileInfo, error) {
	return writeFlat(path, evaluationTable, rows)
}

// ReadEvaluations reads the rows of a results/evaluations file in file order.
func ReadEvaluations(path string) ([]Evaluation, error) {
	return readFlat(path, evaluationTable)
}

// WriteTimings writes timing rows to path in the order given.
func WriteTimings(path string, rows []Timing) (FileInfo, error) {
	return writeFlat(path, timingTable, rows)
}

// ReadTimings reads the rows of a results/timings file in file order.
func ReadTimings(path string) ([]Timing, error) {
	return readFlat(path, timingTable)
}
