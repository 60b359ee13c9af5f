package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/compare"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
)

// failOnChoices are --fail-on's values.
var failOnChoices = []string{"none", "regression"}

func compareCmd() *cobra.Command {
	o := compare.Defaults()
	var out, failOn string
	cmd := &cobra.Command{
		Use:   "compare RUN_A RUN_B",
		Short: "Compare two runs of one config task by task (what changed from A to B): compare.parquet and compare.md",
		Long: `Compare two completed runs of the same study and tasks (the same config
but for its name, learners, outputs, report, workers and limits; the same inputs;
the same generated tasks) learner by learner, cell by cell: both means,
the paired differences B − A over the tasks both ran, Student's paired t
interval and test, Holm's adjustment over each measure's rows, and a
verdict (improved, regressed, unchanged) that needs Holm's p below
--alpha and a mean difference of at least --min-effect. Learners one run
lacks and fits whose status changed are listed. Writes compare.parquet
and compare.md to --out; with --fail-on regression it exits 1 when a row
regressed (a nightly gate). Exit 2 when the runs cannot be compared.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return input.Keyf("arguments", "compare takes two run folders, RUN_A and RUN_B, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Check(); err != nil {
				return input.Keyf("--measure, --alpha, --min-effect", "%v", err)
			}
			if failOn != "none" && failOn != "regression" {
				return input.Keyf("--fail-on", "%q: one of %v", failOn, failOnChoices)
			}
			a, err := pipeline.ReadCompared(args[0])
			if err != nil {
				return err
			}
			b, err := pipeline.ReadCompared(args[1])
			if err != nil {
				return err
			}
			if err := pipeline.Comparable(a, b); err != nil {
				return &input.Error{File: args[1], Err: fmt.Errorf("cannot be compared with %s: %w", args[0], err)}
			}
			study := a.Manifest.Config.Study
			o.SplitRatio = a.SplitRatio // Comparable: the same task config in both
			res, err := compare.Compare(study, a.Tasks, b.Tasks, o)
			if err != nil {
				return &input.Error{File: args[1], Err: err}
			}
			var md bytes.Buffer
			runOf := func(r *pipeline.ComparedRun) compare.Run {
				return compare.Run{Dir: r.Dir, Name: r.Manifest.Config.Name, Version: r.Manifest.Version}
			}
			if err := compare.Markdown(&md, runOf(a), runOf(b), study, res, o); err != nil {
				return err
			}
			if err := writeComparison(out, res.Rows, md.Bytes()); err != nil {
				return err
			}
			n := res.Regressions()
			fmt.Fprintf(cmd.OutOrStdout(), "%s → %s: %d rows compared, %d regressed, %d improved, %d fits changed status; wrote %s and %s\n",
				args[0], args[1], len(res.Rows), n, len(res.Improvements()), len(res.StatusChanges),
				filepath.Join(out, "compare.parquet"), filepath.Join(out, "compare.md"))
			if n > 0 && failOn == "regression" {
				return fmt.Errorf("%d rows regressed from %s to %s (--fail-on regression; see %s)", n, args[0], args[1], filepath.Join(out, "compare.md"))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&o.Measures, "measure", o.Measures, "measures to compare (comma-separated or repeated): columns of results/evaluations that rank learners, e.g. accuracy,mae,doe,avg_cost")
	fl.Float64Var(&o.Alpha, "alpha", o.Alpha, "significance level of the tests after Holm's adjustment (the interval is 1 − alpha)")
	fl.Float64Var(&o.MinEffect, "min-effect", o.MinEffect, "smallest mean difference a verdict calls improved or regressed, in the measure's units")
	fl.StringVar(&failOn, "fail-on", "none", "exit 1 when a row regressed: regression, or none")
	fl.StringVar(&out, "out", "compare", "folder to write compare.parquet and compare.md to (made if absent; both are replaced)")
	return cmd
}

// writeComparison writes compare.parquet and compare.md to dir, each
// through a temporary file renamed into place, so that a reader never
// sees half of one.
func writeComparison(dir string, rows []schemas.CompareRow, md []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	pq := filepath.Join(dir, "compare.parquet")
	if _, err := schemas.CompareTable.Write(pq+".tmp", rows); err != nil {
		return fmt.Errorf("compare: writing %s: %w", pq, err)
	}
	if err := os.Rename(pq+".tmp", pq); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	mdPath := filepath.Join(dir, "compare.md")
	if err := os.WriteFile(mdPath+".tmp", md, 0o644); err != nil {
		return fmt.Errorf("compare: writing %s: %w", mdPath, err)
	}
	return os.Rename(mdPath+".tmp", mdPath)
}
