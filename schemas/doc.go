// Package schemas is the catalog of every table dtbench writes to disk: the
// table names, the schema version, one Go row type per table and the
// Parquet readers and writers that move those rows between memory and files.
//
// Conventions, stated once:
//   - A run folder holds one directory per table (Oracles, Datasets, Models,
//     Evaluations, Confusion, Timings, Summaries); a table is every
//     *.parquet file of its directory. The constants are relative paths under
//     the run folder, never bare strings at call sites.
//   - Every file carries the key-value metadata dtbench.schema_version
//     (Version) and dtbench.table (its table name). Readers check both and
//     the columns, and report a foreign, truncated or unreadable file as an
//     *input.Error naming the file and what is wrong.
//   - Node and row tables (oracles, models, datasets) are read with
//     parquet-go and written column by column with pqWriter (pqwriter.go),
//     which builds pages straight from typed Go slices with parquet-go's
//     encoders; result tables (evaluations, timings, summary) go through
//     Arrow record batches and pqarrow. The column names are fixed by the
//     issue and listed in README.md beside this file.
//   - Output is byte-reproducible: created_by is "dtbench schema <Version>",
//     pages are zstd-compressed at one fixed level, row groups hold at most
//     RowGroupRows rows, encodings and page sizes are fixed per column,
//     dictionaries list values in order of first appearance, key-value
//     metadata is sorted by key and rows are written in the order given
//     (callers sort). The same rows give the same bytes.
//   - Writers create the parent directory, write a temporary file beside the
//     target, check the error of Close and only then rename it into place, so
//     a table directory never holds a partial *.parquet file. They return a
//     FileInfo (path, rows, SHA-256) for the run manifest.
//   - Arrow's zstd codec is replaced, in this package's init, by one that
//     reuses its encoders (same bytes, a fraction of the cost per page); see
//     zstd.go. This is the package's only process-wide effect.
//   - Ids and counts are required columns. Nullable columns exist only where
//     a value is truly undefined, and each says when it is null.
package schemas
