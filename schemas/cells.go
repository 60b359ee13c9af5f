package schemas

// OracleCell is one cell of the oracle study's grid: the columns that
// name it in results/evaluations and report/summary.
type OracleCell struct {
	Features int32  `parquet:"features"` // m
	Depth    int32  `parquet:"depth"`    // oracle depth k
	Mode     string `parquet:"mode"`     // complete | unique
	Size     int32  `parquet:"size"`     // training rows q
}
