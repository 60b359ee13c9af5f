// Package pq is dtbench's Parquet machinery: the page writer every table
// is written with, the decoders that read the flat tables and the columns
// of the row tables back, and the declaration of flat row types by their
// `parquet` tags. Package schemas, the catalog, says what each table holds
// (its rows, columns, version and metadata) and calls this package for how
// the bytes are laid out; nothing else imports it.
//
// Conventions, stated once:
//   - Writer (writer.go) builds a file column chunk by column chunk from
//     whole typed columns (pages.go) or from the fields of rows in memory
//     (nullable.go, lists.go): data pages v2 of Layout.PageRows rows, each
//     zstd-compressed at ZstdLevel with a CRC-32, an offset index on every
//     column, null counts on every chunk and page and min/max where asked
//     (stats.go), encodings fixed per column kind, dictionaries in order of
//     first appearance, key-value metadata sorted by key. The same rows
//     give the same bytes.
//   - A flat row type (flatcols.go) is a struct whose exported fields are
//     its columns, in order; Flat (flat.go) writes its rows field by field
//     and reads them back (flatread.go, flatlists.go) straight into the
//     fields. That is the only unsafe code of dtbench's tables: a field is
//     addressed as base + row·stride + offset, the offsets derived once by
//     reflection and checked against parquet-go's own schema of the type.
//   - Files are opened by Open (open.go), which checks the magic itself
//     and never quotes a file's bytes; CheckColumns (check.go) compares a
//     file's columns with the schema a reader expects. Errors about a file
//     are *input.Error values naming it; misuse by a caller (a column of
//     the wrong kind, length or order) is an error, never a damaged file.
//
// # Changing this safely
//
// Every byte of every table comes from here, and so does every statistic
// that DuckDB, polars and pandas answer queries from without reading a
// page: a change here that looks harmless can change a user's count(col)
// or skip the rows of a WHERE. The guards, which a change must keep green
// (and, for a new kind of column, extend):
//   - the fuzz round trips of every table (schemas/fuzz_test.go, and the
//     round trips of each table's tests): write, read back, compare;
//   - the statistics conformance test (schemas/conformance_test.go, with
//     conformance_check_test.go and thriftwalk_test.go): every table
//     writer's null counts, min/max, column and offset indexes, checked
//     against the data by Arrow's reader and Apache Thrift's decoder on
//     nulls, all-null pages, empty lists, NaN and both zeros across pages
//     and row groups;
//   - Apache Arrow's reader of every table and every cell
//     (schemas/arrow_test.go, flat_test.go), and schemas/arrowcheck, which
//     dtbench verify runs on every file of an archive;
//   - byte reproducibility (schemas/file_test.go, the golden files of
//     schemas/testdata) and damaged-file tests (truncated, corrupt);
//   - interop/, its own module: DuckDB (statistics on and off) and polars
//     read a real run's tables and must give the answers the rows hold;
//   - this package's tests (misuse, a flat write and read), and the
//     sha256 of every deterministic table of the shipped configs, which a
//     change of the writer must either keep or explain with a schema or
//     layout change (schemas/README.md).
package pq
