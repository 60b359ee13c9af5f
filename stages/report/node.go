package report

import (
	"bytes"
	"fmt"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// OracleNode is the oracle study's report stage, run once after every
// task: it summarises every evaluation row of the run (all shards, in
// task order) into report/summary.parquet, draws the figures of
// OraclePlots into report/plots/ and renders report/report.md, whose first
// line says so when the run is partial (flow.MissingChunks).
func OracleNode(meta Meta) flow.Node {
	return flow.Node{
		Stage:  flow.StageReport,
		PerRun: true,
		Reads:  []schemas.Ref{schemas.EvaluationTable},
		Writes: []schemas.Ref{schemas.SummaryTable, schemas.ReportDoc, schemas.ReportPlots},
		Run: func(_ *flow.Task, b *schemas.Bag) error {
			rows := schemas.EvaluationTable.Get(b)
			if len(rows) == 0 {
				return fmt.Errorf("report %s: no evaluations; run evaluate first", meta.Name)
			}
			summary := SummarizeOracle(rows)
			meta := meta.forRun(b)
			meta.Plots = OraclePlots(meta, summary)
			schemas.SummaryTable.Set(b, OracleRows(summary))
			return publish(b, meta, summary, func(md *bytes.Buffer) error { return Markdown(md, meta, summary, rows) })
		},
	}
}

// publish renders meta's plots and report.md into the report stage's bag:
// the partial-run note first when chunks are missing (with the oracle
// study's summary, nil for the others), then what markdown writes. Every
// study's report node ends with it.
func publish(b *schemas.Bag, meta Meta, summary []OracleSummary, markdown func(*bytes.Buffer) error) error {
	files, err := RenderPlots(meta.Plots)
	if err != nil {
		return err
	}
	var md bytes.Buffer
	if missing := flow.MissingChunks.Get(b); len(missing) > 0 {
		md.WriteString(partialNote(missing, summary))
	}
	if err := markdown(&md); err != nil {
		return fmt.Errorf("render report.md: %w", err)
	}
	schemas.ReportDoc.Set(b, md.Bytes())
	schemas.ReportPlots.Set(b, files)
	return nil
}

// forRun returns meta with what the report stage's bag says of this run:
// its run info (time, cores) and how many chunks are missing. Every
// study's report node calls it.
func (m Meta) forRun(b *schemas.Bag) Meta {
	if run := flow.RunInfo.Get(b); len(run) > 0 {
		m.Run = &run[0]
	}
	m.Missing = len(flow.MissingChunks.Get(b))
	return m
}
