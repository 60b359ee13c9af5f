// Package schemas is the catalog of every table dtbench writes to disk: the
// table names, each table's schema version, one Go row type per table and
// the Parquet readers and writers that move those rows between memory and
// files; and the slots (catalog.go, bag.go) through which the stages say
// which tables they read and write, and the bags that hold a task's
// records. The slots that live in memory only (fits, splits, cost models,
// the timing log) are package flow's.
//
// Conventions, stated once:
//   - A run folder holds one directory per table (Oracles, Datasets, Models,
//     Evaluations, Confusion, Timings, Summaries); a table is every
//     *.parquet file of its directory. The constants are relative paths under
//     the run folder, never bare strings at call sites.
//   - Every table has its own schema version (versions.go: OraclesVersion,
//     ModelsVersion, …). Every file carries the key-value metadata
//     dtbench.schema_version (its table's version) and dtbench.table (its
//     table name). Readers check both, accepting the versions their table
//     declares it reads (ReadableVersions), and the columns, and report a
//     foreign, truncated or unreadable file as an *input.Error naming the
//     file and what is wrong. HashFile accepts the same versions.
//   - Every table is written by the page writer of package
//     schemas/internal/pq (the Parquet machinery: pages, statistics, the
//     flat tables' field-by-field writer and reader, all of the tables'
//     unsafe code), which builds data pages v2 straight from typed Go
//     slices or from the fields of rows in memory, with an offset index on
//     every column, a null count in every chunk and page that readers can
//     trust, and min/max statistics on the id columns of the node and row
//     tables and on every column of the flat tables. This package says
//     what each file holds (tablefile.go: the table's schema, statistics
//     and metadata). The node and row tables (oracles, models, datasets)
//     are written column by column (trees_write.go, datasets_write.go) and
//     read with parquet-go. The result tables (evaluations, timings,
//     summary, …) are flat tables (flat.go): their row type's parquet tags
//     declare the columns once (flatcols.go), and the same declaration
//     drives the writer, the reader and the column listing other code uses
//     (Columns, NumericColumns; the measures: Measures and MeasureColumns).
//     Apache Arrow's reader is the second implementation that checks the
//     files (package arrowcheck, and the tests). README.md beside this
//     file lists every column and encoding.
//   - Output is byte-reproducible: created_by is "dtbench version <the
//     version given by WithVersion> (build schema <the table's version>)",
//     with no library version, pages are zstd-compressed at one fixed level, row
//     groups hold at most RowGroupRows rows, encodings and page sizes are
//     fixed per column, dictionaries list values in order of first
//     appearance, key-value metadata is sorted by key and rows are written in
//     the order given (callers sort). The same rows give the same bytes.
//   - Writers create the parent directory, write a temporary file beside the
//     target, check the error of Close and only then rename it into place, so
//     a table directory never holds a partial *.parquet file. They return a
//     FileInfo (path, rows, SHA-256) for the run manifest.
//   - Ids and counts are required columns. Nullable columns exist only where
//     a value is truly undefined, and each says when it is null (models'
//     optimal: the learner makes no optimality claim).
package schemas
