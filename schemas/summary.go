package schemas

// OracleSummary is one row of report/summary in the oracle study: one
// measure of one learner in one cell of the grid, summarised over the
// cell's repetitions. The table is long (one row per measure, the measures
// of Measures in column order), so a new measure adds rows, not columns:
//
//	SELECT size, mean FROM 'report/summary.parquet' WHERE learner = 'id3' AND measure = 'doe'
type OracleSummary struct {
	Learner string `parquet:"learner"`
	OracleCell
	Measure string `parquet:"measure"`         // a column of Measures, e.g. doe
	Count   int64  `parquet:"count"`           // evaluation rows in the group
	Failed  *int64 `parquet:"failed,optional"` // those whose fit gave no model (status not ok; no measures); null in files of version 2
	Stat
}

// Stat summarises one measure over the evaluation rows of a group: N rows
// where the measure is not null, their mean, sample standard deviation and
// the two-sided 95% confidence interval of the mean (Student's t with N−1
// degrees of freedom). Mean is null when N = 0; SD and the interval when
// N < 2.
type Stat struct {
	N      int64    `parquet:"n"`
	Mean   *float64 `parquet:"mean,optional"`
	SD     *float64 `parquet:"sd,optional"`
	CILow  *float64 `parquet:"ci_low,optional"`
	CIHigh *float64 `parquet:"ci_high,optional"`
}
