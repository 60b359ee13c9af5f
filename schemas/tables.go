package schemas

import "github.com/dtbench/dtbench/schemas/internal/pq"

// Table directories under a run folder. A table is every *.parquet file in
// its directory, except Summaries: the single file report/summary.parquet
// (the constant is that path without its extension; it cannot be named
// Summary, which is the row type).
const (
	Oracles     = "oracles"             // oracle trees, one row per node
	Datasets    = "datasets"            // sampled or imported rows, one row per instance
	Models      = "models"              // learned trees, one row per node
	Evaluations = "results/evaluations" // one row per (dataset, learner): Evaluation
	Confusion   = "results/confusion"   // confusion counts per fold and learner: ConfusionRow
	Timings     = "results/timings"     // wall-clock times: Timing
	Summaries   = "report/summary"      // one row per (learner, grid cell): Summary; the single file report/summary.parquet
)

// Key-value metadata keys dtbench writes. Keys are sorted in every file.
const (
	MetaVersion       = "dtbench.schema_version" // the table's schema version (versions.go), in decimal
	MetaTable         = "dtbench.table"          // the table constant, e.g. "oracles"
	MetaTreeDomains   = "dtbench.tree.domains"   // oracles (models version 1): JSON array of Z_f per feature
	MetaTreeClasses   = "dtbench.tree.classes"   // oracles (models version 1): K, in decimal
	MetaTreeShapes    = "dtbench.tree.shapes"    // models: JSON array of {"domains": […], "classes": K}, indexed by the shape column
	MetaDatasetSchema = "dtbench.dataset.schema" // datasets: JSON of the dataset.Schema
)

// Settings that make the files byte-reproducible; changing one changes the
// bytes of every table, so treat them like the schema. The page writer
// (package schemas/internal/pq) owns them; they are published here with the
// rules every file follows (README.md).
const (
	// RowGroupRows is the largest number of rows in one row group.
	RowGroupRows = pq.GroupRows
	// ZstdLevel is the zstd level of every page, in zstd's numbering (1:
	// the Go encoder's fastest); see pq.ZstdLevel.
	ZstdLevel = pq.ZstdLevel
)
