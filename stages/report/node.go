package report

import (
	"bytes"
	"fmt"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// OracleNode is the oracle study's report stage, run once after every
// task: it summarises every evaluation row of the run (all shards, in
// task order) into report/summary.parquet and renders report/report.md,
// whose first line says so when the run is partial (schemas.MissingChunks).
func OracleNode(meta Meta) flow.Node {
	return flow.Node{
		Stage:  flow.StageReport,
		PerRun: true,
		Reads:  []schemas.Ref{schemas.EvaluationTable},
		Writes: []schemas.Ref{schemas.SummaryTable, schemas.ReportDoc},
		Run: func(_ *flow.Task, b *schemas.Bag) error {
			rows := schemas.EvaluationTable.Get(b)
			if len(rows) == 0 {
				return fmt.Errorf("report %s: no evaluations; run evaluate first", meta.Name)
			}
			summary := SummarizeOracle(rows)
			var md bytes.Buffer
			if missing := schemas.MissingChunks.Get(b); len(missing) > 0 {
				md.WriteString(partialNote(missing, summary))
			}
			if err := Markdown(&md, meta, summary); err != nil {
				return fmt.Errorf("render report.md: %w", err)
			}
			schemas.SummaryTable.Set(b, OracleRows(summary))
			schemas.ReportDoc.Set(b, md.Bytes())
			return nil
		},
	}
}
