package schemas

import (
	"fmt"
	"io"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

// datasetColumns is a datasets/ file decoded column by column.
type datasetColumns struct {
	ids, oracles []int64
	modes        []int32 // ids in strings
	splits       []int32 // ids in strings
	strings      pq.StringTable
	rows, rules  []int32
	features     [][]uint8   // features[f][i] of a nominal feature, range-checked, MissingCode for null
	nums         [][]float64 // nums[f][i] of a numeric feature, NaN for null
	class        []uint8
}

// ReadDatasets reads the datasets of a datasets/ file, in file order:
// version 2, or version 1 (every feature a required code column). A null
// reads as a missing value (dataset.MissingCode, NaN). A split whose rules
// are all NoRule reads back with nil rules, and a dataset without test
// rows with a nil Test.
func ReadDatasets(path string) (recs []DatasetRecord, err error) {
	defer recoverCorrupt(path, &err)
	pf, f, err := openParquet(path, Datasets)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read only
	return readDatasetsFile(path, pf)
}

// ReadDatasetsAt is ReadDatasets of the size bytes of a datasets/ file
// (or datasets/imported/) that r holds, named path in errors: what the
// importer reads a run's own datasets with.
func ReadDatasetsAt(r io.ReaderAt, size int64, path string) (recs []DatasetRecord, err error) {
	defer recoverCorrupt(path, &err)
	pf, err := OpenParquetFile(r, size, parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	if _, _, err := checkMeta(path, pf.Lookup, Datasets); err != nil {
		return nil, err
	}
	return readDatasetsFile(path, pf)
}

// readDatasetsFile reads the datasets of an open datasets/ file.
func readDatasetsFile(path string, pf *parquet.File) ([]DatasetRecord, error) {
	_, version, err := checkMeta(path, pf.Lookup, Datasets)
	if err != nil {
		return nil, err
	}
	schema, ok, err := datasetSchemaOf(path, pf)
	if err != nil {
		return nil, err
	}
	if !ok {
		if pf.NumRows() == 0 {
			return nil, nil
		}
		return nil, input.Filef(path, 0, "no %s metadata", MetaDatasetSchema)
	}
	if version == 1 && slices.ContainsFunc(schema.Features, func(a dataset.Attribute) bool { return a.Numeric }) {
		return nil, input.Filef(path, 0, "%s version 1 with a numeric feature (version 1 holds codes only)", Datasets)
	}
	if err := pq.CheckColumns(path, pf.Schema(), datasetSchema(schema.Features, version)); err != nil {
		return nil, err
	}
	cols, err := readDatasetColumns(pf.RowGroups(), schema)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	recs, err := assembleDatasets(cols, schema)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	return recs, nil
}

// readDatasetColumns decodes every row group, checking feature and class
// codes against the schema's domains.
func readDatasetColumns(groups []parquet.RowGroup, schema dataset.Schema) (*datasetColumns, error) {
	m := len(schema.Features)
	var rows int64
	for _, g := range groups {
		rows += g.NumRows()
	}
	c := &datasetColumns{
		ids:      make([]int64, 0, rows),
		oracles:  make([]int64, 0, rows),
		modes:    make([]int32, 0, rows),
		splits:   make([]int32, 0, rows),
		rows:     make([]int32, 0, rows),
		rules:    make([]int32, 0, rows),
		features: make([][]uint8, m),
		nums:     make([][]float64, m),
		class:    make([]uint8, 0, rows),
	}
	for f, a := range schema.Features {
		if a.Numeric {
			c.nums[f] = make([]float64, 0, rows)
		} else {
			c.features[f] = make([]uint8, 0, rows)
		}
	}
	var scratch []int32
	const null = -1
	codes := func(dst []uint8, name string, z int, cc parquet.ColumnChunk) ([]uint8, error) {
		var err error
		if scratch, err = pq.AppendNullableInt32s(scratch[:0], cc, null); err != nil {
			return nil, fmt.Errorf("column %s: %w", name, err)
		}
		for _, v := range scratch {
			if v == null {
				dst = append(dst, dataset.MissingCode)
				continue
			}
			if v < 0 || int(v) >= z {
				return nil, fmt.Errorf("column %s: code %d outside 0..%d", name, v, z-1)
			}
			dst = append(dst, uint8(v))
		}
		return dst, nil
	}
	for _, g := range groups {
		cc := g.ColumnChunks()
		var err error
		if c.ids, err = pq.AppendInt64s(c.ids, cc[0]); err != nil {
			return nil, fmt.Errorf("column dataset_id: %w", err)
		}
		if c.oracles, err = pq.AppendInt64s(c.oracles, cc[1]); err != nil {
			return nil, fmt.Errorf("column oracle_id: %w", err)
		}
		if c.modes, err = pq.AppendStringIDs(c.modes, cc[2], &c.strings); err != nil {
			return nil, fmt.Errorf("column mode: %w", err)
		}
		if c.splits, err = pq.AppendStringIDs(c.splits, cc[3], &c.strings); err != nil {
			return nil, fmt.Errorf("column split: %w", err)
		}
		if c.rows, err = pq.AppendInt32s(c.rows, cc[4]); err != nil {
			return nil, fmt.Errorf("column row: %w", err)
		}
		if c.rules, err = pq.AppendInt32s(c.rules, cc[5]); err != nil {
			return nil, fmt.Errorf("column rule: %w", err)
		}
		for f, a := range schema.Features {
			if a.Numeric {
				if c.nums[f], err = pq.AppendNullableFloat64s(c.nums[f], cc[6+f]); err != nil {
					return nil, fmt.Errorf("column %s: %w", a.Name, err)
				}
				continue
			}
			if c.features[f], err = codes(c.features[f], a.Name, len(a.Values), cc[6+f]); err != nil {
				return nil, err
			}
		}
		if c.class, err = codes(c.class, "class", len(schema.Class.Values), cc[6+m]); err != nil {
			return nil, err
		}
		n := len(c.ids)
		for _, l := range []int{len(c.oracles), len(c.modes), len(c.splits), len(c.rows), len(c.rules), len(c.class)} {
			if l != n {
				return nil, fmt.Errorf("columns differ in length (%d and %d values)", n, l)
			}
		}
		for f := range c.features {
			if l := len(c.features[f]) + len(c.nums[f]); l != n {
				return nil, fmt.Errorf("columns differ in length (%d and %d values)", n, l)
			}
		}
	}
	return c, nil
}

// assembleDatasets cuts the decoded columns into records: runs of rows with
// one dataset_id, training rows first, then test rows, each numbered from 0.
func assembleDatasets(c *datasetColumns, schema dataset.Schema) ([]DatasetRecord, error) {
	var recs []DatasetRecord
	seen := map[int64]bool{}
	n := len(c.ids)
	for i := 0; i < n; {
		id := c.ids[i]
		if seen[id] {
			return nil, fmt.Errorf("dataset %d: rows are not consecutive", id)
		}
		seen[id] = true
		rec := DatasetRecord{DatasetID: id, OracleID: c.oracles[i], Mode: c.strings.Names[c.modes[i]]}
		j := i
		for j < n && c.ids[j] == id {
			if c.oracles[j] != rec.OracleID || c.modes[j] != c.modes[i] {
				return nil, fmt.Errorf("dataset %d: oracle_id or mode changes within the dataset", id)
			}
			j++
		}
		split := func(k int) string { return c.strings.Names[c.splits[k]] }
		t := i
		for t < j && split(t) == SplitTrain {
			t++
		}
		for k := t; k < j; k++ {
			if split(k) != SplitTest {
				return nil, fmt.Errorf("dataset %d: split %q after the training rows, want %q", id, split(k), SplitTest)
			}
		}
		var err error
		if rec.Train, rec.TrainRules, err = datasetPartOf(c, schema, i, t); err != nil {
			return nil, fmt.Errorf("dataset %d train: %w", id, err)
		}
		if t < j {
			if rec.Test, rec.TestRules, err = datasetPartOf(c, schema, t, j); err != nil {
				return nil, fmt.Errorf("dataset %d test: %w", id, err)
			}
		}
		recs = append(recs, rec)
		i = j
	}
	return recs, nil
}

// datasetPartOf builds the dataset of rows [from, to), which must be
// numbered 0, 1, … . The dataset's columns share the decoded arrays.
func datasetPartOf(c *datasetColumns, schema dataset.Schema, from, to int) (*dataset.Dataset, []int32, error) {
	for k := from; k < to; k++ {
		if int(c.rows[k]) != k-from {
			return nil, nil, fmt.Errorf("row %d is numbered %d", k-from, c.rows[k])
		}
	}
	cols := make([][]uint8, len(c.features))
	var nums [][]float64
	for f, a := range schema.Features {
		if !a.Numeric {
			cols[f] = c.features[f][from:to:to]
			continue
		}
		if nums == nil {
			nums = make([][]float64, len(c.features))
		}
		nums[f] = c.nums[f][from:to:to]
	}
	d, err := dataset.NewMixed(schema, cols, nums, c.class[from:to:to])
	if err != nil {
		return nil, nil, err
	}
	rules := c.rules[from:to:to]
	allNone := true
	for _, r := range rules {
		if r != NoRule {
			allNone = false
			break
		}
	}
	if allNone {
		rules = nil
	}
	return d, rules, nil
}
