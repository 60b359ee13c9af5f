// Package interop checks that the tables of a dtbench run read as
// schemas/README.md documents them in DuckDB (through
// github.com/duckdb/duckdb-go/v2), that the queries of the README's
// "Analysing a run" section work and give the figures the tables hold, and
// that the files' statistics hold for every reader: DuckDB with its
// statistics optimizer on and off, on a file and under union_by_name, and
// polars (nodejs-polars, through polars.js, installed by `npm ci` beside
// this file), each compared with the rows Arrow's reader decodes. It is its
// own Go module, so that cgo and DuckDB stay out of the main module's
// dependency graph.
package interop
