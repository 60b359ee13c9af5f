package schemas

import (
	"github.com/klauspost/compress/zstd"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
)

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
// bytes of every table, so treat them like the schema.
const (
	// RowGroupRows is the largest number of rows in one row group.
	RowGroupRows = 1 << 18
	// ZstdLevel is the zstd level of every page, in zstd's numbering; 1 is
	// the Go encoder's "fastest" speed. The big table (datasets/) is mostly
	// bit-packed codes and deltas that zstd can barely shrink, so a higher
	// level costs time for little.
	ZstdLevel = 1
)

// parquetZstd is the zstd codec of the node and row tables (pqWriter's
// pages; parquet-go's codec, with the same bytes). It is shared so
// that its pool of encoders is reused from file to file (a new encoder per
// file costs more than writing a small file); it is safe for concurrent use.
var parquetZstd = &pqzstd.Codec{Level: zstd.EncoderLevelFromZstd(ZstdLevel)}
