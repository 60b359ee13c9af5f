package pipeline

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
)

// report reads every evaluations part of the run folder (all shards), and
// writes report/summary.parquet and report/report.md.
func writeReport(dir string, cfg *Config, version string) error {
	parts, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(schemas.Evaluations), "part-*.parquet"))
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return fmt.Errorf("report %s: no evaluations; run evaluate first", dir)
	}
	// Part names sort by shard, then chunk; order rows by dataset_id so the
	// summary does not depend on how the run was sharded.
	var rows []schemas.Evaluation
	for _, p := range parts {
		r, err := schemas.ReadEvaluations(p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		rows = append(rows, r...)
	}
	slices.SortStableFunc(rows, func(a, b schemas.Evaluation) int {
		return cmp.Or(cmp.Compare(a.DatasetID, b.DatasetID), cmp.Compare(a.ModelID, b.ModelID))
	})
	summary := report.Summarize(rows)
	if _, err := schemas.WriteSummary(filepath.Join(dir, filepath.FromSlash(schemas.Summaries)+".parquet"), summary); err != nil {
		return err
	}
	var md bytes.Buffer
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: version, Learners: cfg.LearnerNames()}
	if err := report.Markdown(&md, meta, summary); err != nil {
		return fmt.Errorf("render report.md: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, "report", "report.md"), md.Bytes())
}
