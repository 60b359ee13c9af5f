package schemas

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Schema versions, one per table. A table's version is written into each of
// its files, under MetaVersion and in created_by (createdBy),
// and its reader refuses a file of a version it cannot read. Bump a table's
// version when one of its columns changes meaning, type, nullability or
// name; a change of encoding alone (what any Parquet reader decodes) keeps
// the version, and so do the bytes of the tables whose version stays.
const (
	OraclesVersion = 1
	// DatasetsVersion 2 made every feature column nullable (null = a
	// missing value) and a numeric feature a double column; version 1 had
	// a required int32 code per feature. ReadDatasets reads both.
	DatasetsVersion = 2
	// ModelsVersion 2 made optimal a nullable boolean (version 1 stored it
	// as int32 1/0/-1: proven, not proven, no claim) and added fold.
	// 3 added threshold (a numeric node's cut point) and weights (the
	// class weights at the node, fractional with missing values).
	// ReadModels reads all three.
	ModelsVersion = 3
	// EvaluationsVersion 2 added mae, correct and total; 3 added avg_cost,
	// avg_test_cost and avg_error_cost; 4 added status and message (how
	// the fit went: an external learner's failures are rows too); 5 names
	// the benchmark study's subsets by ordinal ranks, "1st,3rd"
	// (SubsetName; "A1,A3" before, which read as the attribute names of
	// datasets whose columns are A1, A2, …); 6 added kappa,
	// balanced_accuracy, f1_macro, f1_weighted, rmse and auc_weighted.
	EvaluationsVersion = 6
	TimingsVersion     = 1
	// The benchmark study's tables.
	ConfusionVersion  = 1
	AttributesVersion = 1
	EntropyVersion    = 2 // 2: subsets named by ordinal ranks (SubsetName)
	// WinsVersion 2 added folds, mean_diff, ci_low and ci_high (the
	// corrected t-test's difference and interval), and names subsets by
	// ordinal ranks (SubsetName).
	WinsVersion = 2
	// SummariesVersion 2: one row per (learner, cell, measure), through
	// the page writer (1 was one wide row per (learner, cell), written by
	// Arrow); 3 added failed (the group's rows whose fit gave no model)
	// and names the benchmark study's subsets by ordinal ranks.
	SummariesVersion = 3
	// PredictionsVersion is results/predictions' (every study's).
	PredictionsVersion = 1
	// ICETVersion is results/icet's (the cost study's ICET choices).
	ICETVersion = 1
	// CompareVersion is compare.parquet's (dtbench compare's table, not a
	// run folder's).
	CompareVersion = 1
	// RanksVersion is report/ranks' (the benchmark study's comparison
	// across datasets).
	RanksVersion = 1
)

// tableVersion is the version a table is written with and the versions
// its reader accepts.
type tableVersion struct {
	write int
	reads []int
}

// tableVersions lists every table that has a writer.
var tableVersions = map[string]tableVersion{
	Oracles:     {OraclesVersion, []int{1}},
	Datasets:    {DatasetsVersion, []int{1, 2}},
	Models:      {ModelsVersion, []int{1, 2, 3}},
	Evaluations: {EvaluationsVersion, []int{1, 2, 3, 4, 5, 6}},
	Timings:     {TimingsVersion, []int{1}},
	Confusion:   {ConfusionVersion, []int{1}},
	Attributes:  {AttributesVersion, []int{1}},
	Entropy:     {EntropyVersion, []int{1, 2}},
	Wins:        {WinsVersion, []int{1, 2}},
	Summaries:   {SummariesVersion, []int{2, 3}},
	Predictions: {PredictionsVersion, []int{1}},
	ICETChoices: {ICETVersion, []int{1}},
	Comparisons: {CompareVersion, []int{1}},
	Ranks:       {RanksVersion, []int{1}},
}

// TableVersion returns the schema version dtbench writes for table (one of
// the table constants), and false for a table it does not write.
func TableVersion(table string) (int, bool) {
	v, ok := tableVersions[table]
	return v.write, ok
}

// ReadableVersions returns the schema versions of table that this dtbench
// reads, oldest first; none for a table it does not write.
func ReadableVersions(table string) []int {
	return slices.Clone(tableVersions[table].reads)
}

// Versions returns the schema version of every table dtbench writes in a
// run folder (compare.parquet, written beside runs, aside), by
// table constant, for the run manifest.
func Versions() map[string]int {
	out := make(map[string]int, len(tableVersions))
	for t, v := range tableVersions {
		out[t] = v.write
	}
	delete(out, Comparisons) // written beside runs, never in one
	return out
}

// writeVersion is the version table is written with. Every writer passes
// one of the table constants, so an unknown one is a bug.
func writeVersion(table string) int {
	v, ok := tableVersions[table]
	if !ok {
		panic("schemas: no schema version for table " + strconv.Quote(table))
	}
	return v.write
}

// createdBy is the created_by field of table's files written by dtbench
// version: "dtbench version <version> (build schema <table's version>)".
// That is the "<application> version <version> (build <build>)" form that
// parquet-mr's, Arrow's and parquet-go's parsers of created_by read, so
// they see the application dtbench, which none of their workarounds for
// old parquet-mr or parquet-cpp statistics applies to. No library version
// is named, so that upgrading a library does not change the bytes.
func createdBy(table, version string) string {
	return createdByApp + version + " (build schema " + strconv.Itoa(writeVersion(table)) + ")"
}

// createdByApp opens the created_by of every file a dtbench whose
// statistics are right writes. Before it, created_by was "dtbench schema
// N", and every chunk and data page header declared null_count = 0 whatever
// the column held (and only the id columns had min/max).
const createdByApp = "dtbench version "

// statisticsRight reports whether a dtbench file whose footer says
// createdBy carries statistics that readers can trust: any file but one
// of a dtbench from before createdByApp, on whose files DuckDB and polars
// answer count(col), IS NULL and IS NOT NULL wrongly.
func statisticsRight(createdBy string) bool {
	return strings.HasPrefix(createdBy, createdByApp) || !strings.HasPrefix(createdBy, "dtbench schema ")
}

// knownTables lists the table constants that have a version, sorted.
func knownTables() []string { return slices.Sorted(maps.Keys(tableVersions)) }
