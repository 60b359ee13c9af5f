package importer

import (
	"io"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// A run folder's own datasets (datasets/imported/<name>.parquet, and the
// oracle study's datasets/ parts) are Parquet files in dtbench's datasets
// layout: bookkeeping columns (dataset_id, oracle_id, mode, split, row,
// rule), then one column of codes per feature and the class's, with every
// label in the footer (schemas.MetaDatasetSchema). Read knows them by that
// metadata and reads the dataset they hold: its features, their values in
// code order, the class under its own name; the bookkeeping columns are no
// features. Importing a run's imported dataset so gives the dataset the run
// imported, codes and all.

// readRunDataset reads the one dataset of a dtbench datasets file held by
// r (size bytes), its training rows then its test rows, as a table of
// nominal columns whose values are declared in code order.
func readRunDataset(r io.ReaderAt, size int64, file string) (*table, error) {
	recs, err := schemas.ReadDatasetsAt(r, size, file)
	if err != nil {
		return nil, err
	}
	switch {
	case len(recs) == 0:
		return nil, input.Filef(file, 0, "no data rows")
	case len(recs) > 1:
		return nil, input.Filef(file, 0, "a dtbench datasets file of %d datasets (dataset_id %d to %d); import one dataset's file (datasets/imported/<name>.parquet), or write one task's rows with dtbench export",
			len(recs), recs[0].DatasetID, recs[len(recs)-1].DatasetID)
	}
	parts := []*dataset.Dataset{recs[0].Train}
	if recs[0].Test != nil {
		parts = append(parts, recs[0].Test)
	}
	s := recs[0].Train.Schema()
	t := &table{file: file, format: FormatParquet}
	attrs := append(append([]dataset.Attribute{}, s.Features...), s.Class)
	for f, a := range attrs {
		c := newColumn(a.Name, Nominal)
		for _, v := range a.Values {
			c.declare(v)
		}
		for _, d := range parts {
			for r := range d.Len() {
				if f < len(s.Features) {
					c.codes = append(c.codes, int32(d.Value(f, r)))
				} else {
					c.codes = append(c.codes, int32(d.Label(r)))
				}
			}
		}
		t.cols = append(t.cols, c)
	}
	for _, d := range parts {
		t.rows += d.Len()
	}
	return t, nil
}
