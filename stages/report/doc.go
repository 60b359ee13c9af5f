// Package report turns evaluation rows into what a reader looks at: the
// summary table (one row per learner and grid cell, with each measure's
// count, mean, standard deviation and 95% confidence interval of the mean),
// the figures of report/plots (drawn by the subpackage chart, PNG and
// SVG), and report.md: the verdict first (Verdicts, writeBenchVerdicts,
// writeCostVerdicts), the failed fits, then the plots, then the tables.
//
// Conventions:
//
//   - A measure's null values (a nil pointer in schemas.Evaluation) are
//     skipped for that measure only; a Stat's N counts the non-null values.
//     With N = 0 every float of the Stat is NaN; with N = 1 the mean is set
//     and the SD and interval are NaN. NaN is written as null by schemas and
//     rendered as "–" in Markdown.
//   - The interval is mean ± t(0.975, N−1)·SD/√N with Student's t quantile
//     from TQuantile; the SD is the sample SD (divisor N−1).
//   - Everything is deterministic: the same rows in the same order give the
//     same bits, and output order depends only on the rows, never on map
//     iteration or timing.
//   - Summary order is learner (first appearance in the rows, which is the
//     config's order), features ascending, depth ascending, mode (first
//     appearance), size ascending.
//   - Markdown numbers have 3 decimals; tables are sizes × learners, so a
//     learner's column reads down the learning curve.
//   - A verdict names the test behind each claim and prints the size of
//     the difference beside it (Comparison, Lead, Trend own the wording).
//     Learners are compared by paired differences over the tasks they
//     share: Student's paired t over the repetitions (oracle), the
//     corrected resampled t-test over the splits (cost, Meta.SplitRatio)
//     and over the folds (benchmark, results/wins), all cv.PairedTTest; "clearly best" means ahead
//     of every rival at Alpha after Holm's adjustment (cv.Holm); a
//     difference that rounds to 0.000 is never above or below.
//   - A verdict's numbers come from report/summary.parquet, results/wins,
//     or the evaluation rows by repetition (repIndex), so a reader can
//     check each one. Only Meta.Run's lines (task times, cores) differ
//     between two runs of one config; the plots do not.
//   - A failed fit (status not ok) is no repetition: Summary.Failed
//     counts it, its row has no measures, and writeFailed lists it.
//
// This package does no file IO of its own: Parquet reading and writing
// belongs to package schemas (the plots go out as schemas.ReportPlots
// files), and the caller passes an io.Writer for
// report.md.
package report
