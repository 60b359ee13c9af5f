package schemas

import (
	"encoding/json"
	"os"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// TableOf returns the table a dtbench Parquet file holds (one of the table
// constants), from its footer alone.
func TableOf(path string) (string, error) {
	pf, f, err := openParquet(path, "")
	if err != nil {
		return "", err
	}
	defer f.Close() // read only
	table, _ := pf.Lookup(MetaTable)
	return table, nil
}

// ReadDatasetSchema returns the dataset schema (feature names, value and
// class labels) of a datasets/ file from its footer alone; ok is false for
// a file with no datasets.
func ReadDatasetSchema(path string) (s dataset.Schema, ok bool, err error) {
	defer recoverCorrupt(path, &err)
	pf, f, err := openParquet(path, Datasets)
	if err != nil {
		return dataset.Schema{}, false, err
	}
	defer f.Close() // read only
	return datasetSchemaOf(path, pf)
}

// datasetSchemaOf parses and checks the dataset schema in a datasets/
// file's metadata; ok is false when there is none.
func datasetSchemaOf(path string, pf *parquet.File) (dataset.Schema, bool, error) {
	js, ok := pf.Lookup(MetaDatasetSchema)
	if !ok {
		return dataset.Schema{}, false, nil
	}
	var sj datasetSchemaJSON
	if err := json.Unmarshal([]byte(js), &sj); err != nil {
		return dataset.Schema{}, false, input.Filef(path, 0, "metadata %s: %w", MetaDatasetSchema, err)
	}
	schema := sj.schema()
	names := make([]string, len(schema.Features))
	for i, a := range schema.Features {
		names[i] = a.Name
	}
	if err := schema.Validate(); err != nil {
		return dataset.Schema{}, false, input.Filef(path, 0, "metadata %s: %w", MetaDatasetSchema, err)
	}
	if err := checkFeatureNames(names); err != nil {
		return dataset.Schema{}, false, input.Filef(path, 0, "metadata %s: %w", MetaDatasetSchema, err)
	}
	return schema, true, nil
}

// StatisticsRight reports whether the statistics in the footer and page
// headers of the Parquet file at path can be trusted: false for a file an
// older dtbench wrote with null_count = 0 throughout (statisticsRight).
// Such a file's rows are right; a reader that trusts its statistics
// (DuckDB, polars) answers count(col), IS NULL and IS NOT NULL wrongly.
func StatisticsRight(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, &input.Error{File: path, Err: err}
	}
	defer f.Close() // read only
	st, err := f.Stat()
	if err != nil {
		return false, &input.Error{File: path, Err: err}
	}
	pf, err := OpenParquetFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return false, &input.Error{File: path, Err: err}
	}
	return statisticsRight(pf.Metadata().CreatedBy), nil
}

// FooterVersion returns the table and the schema version that a dtbench
// Parquet file's footer names, whether or not this dtbench reads that
// version (HashFile and the readers refuse the versions they do not read).
func FooterVersion(path string) (table string, version int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, &input.Error{File: path, Err: err}
	}
	defer f.Close() // read only
	st, err := f.Stat()
	if err != nil {
		return "", 0, &input.Error{File: path, Err: err}
	}
	pf, err := OpenParquetFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return "", 0, &input.Error{File: path, Err: err}
	}
	v, ok := pf.Lookup(MetaVersion)
	if !ok {
		return "", 0, input.Filef(path, 0, "not a dtbench table: no %s metadata", MetaVersion)
	}
	table, _ = pf.Lookup(MetaTable)
	if version, err = strconv.Atoi(v); err != nil {
		return "", 0, input.Filef(path, 0, "schema version %q is not a number", v)
	}
	return table, version, nil
}
