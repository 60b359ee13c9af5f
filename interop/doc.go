// Package interop checks that the tables of a dtbench run read as
// schemas/README.md documents them in DuckDB (through
// github.com/duckdb/duckdb-go/v2), and that the queries of the README's
// "Analysing a run" section work. It is its own Go module, so that cgo
// and DuckDB stay out of the main module's dependency graph.
package interop
