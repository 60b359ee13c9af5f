package schemas

import (
	"fmt"

	"github.com/dtbench/dtbench/dataset"
	"github.com/parquet-go/parquet-go"
)

// datasetPart is the train or test half of one record: a run of
// consecutive rows of datasets/ that share every column but row, rule, the
// features and the class.
type datasetPart struct {
	id, oracle  parquet.Value
	mode, split parquet.Value
	d           *dataset.Dataset
	rules       []int32 // nil: NoRule
}

// span is rows [from, to) of a part that fall into one row group.
type span struct {
	p        *datasetPart
	from, to int
}

// valueBatch is how many values go to a column writer per call: large
// enough to amortise the call, small enough that pages stay near
// parquet-go's page buffer size.
const valueBatch = 4096

// writeDatasetColumns writes the rows of recs column by column, one row
// group of RowGroupRows rows at a time. This table is the largest dtbench
// writes, so the loop avoids per-row work: parquet-go's column writers take
// parquet.Values, and these come from tables built once (row numbers,
// feature codes) or from buffers that are refilled only when a constant
// column changes value (ids, mode, split). See BenchmarkWriteDatasets.
func writeDatasetColumns(pw *parquet.Writer, recs []DatasetRecord, features int) error {
	var parts []datasetPart
	longest := 0
	for _, r := range recs {
		base := datasetPart{
			id:     parquet.Int64Value(r.DatasetID),
			oracle: parquet.Int64Value(r.OracleID),
			mode:   parquet.ByteArrayValue([]byte(r.Mode)),
		}
		train := base
		train.split, train.d, train.rules = parquet.ByteArrayValue([]byte(SplitTrain)), r.Train, r.TrainRules
		parts = append(parts, train)
		longest = max(longest, r.Train.Len())
		if r.Test != nil {
			test := base
			test.split, test.d, test.rules = parquet.ByteArrayValue([]byte(SplitTest)), r.Test, r.TestRules
			parts = append(parts, test)
			longest = max(longest, r.Test.Len())
		}
	}
	cols := pw.ColumnWriters()
	if len(cols) != 7+features {
		return fmt.Errorf("datasets: %d column writers for %d features", len(cols), features)
	}
	w := columnWriter{
		features: features,
		rowVals:  make([]parquet.Value, longest),
		buf:      make([]parquet.Value, 0, valueBatch),
		constant: make([]parquet.Value, valueBatch),
	}
	for r := range w.rowVals {
		w.rowVals[r] = parquet.Int32Value(int32(r))
	}
	for v := range w.codeVals {
		w.codeVals[v] = parquet.Int32Value(int32(v))
	}
	var spans []span
	inGroup := 0
	flush := func() error {
		for c, cw := range cols {
			w.constantOK = false
			for _, s := range spans {
				for from := s.from; from < s.to; from += valueBatch {
					if _, err := cw.WriteRowValues(w.values(c, s.p, from, min(from+valueBatch, s.to))); err != nil {
						return err
					}
				}
			}
		}
		spans, inGroup = spans[:0], 0
		return pw.Flush()
	}
	for i := range parts {
		p := &parts[i]
		for from, n := 0, p.d.Len(); from < n; {
			to := min(n, from+RowGroupRows-inGroup)
			spans = append(spans, span{p, from, to})
			inGroup += to - from
			from = to
			if inGroup == RowGroupRows {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if inGroup > 0 {
		return flush()
	}
	return nil
}

// columnWriter produces the values of one column for a run of rows.
type columnWriter struct {
	features   int
	rowVals    []parquet.Value                  // rowVals[r] = r, for the row column
	codeVals   [dataset.MaxValues]parquet.Value // codeVals[v] = v, for features and class
	buf        []parquet.Value                  // scratch for rule, features, class
	constant   []parquet.Value                  // valueBatch copies of constantVal
	constantOK bool                             // constant holds constantVal
	constantV  parquet.Value
}

// values returns column c's values for rows [from, to) of part p, to
// ≤ from+valueBatch. The columns are dataset_id, oracle_id, mode, split,
// row, rule, the features, class. The result is valid until the next call.
func (w *columnWriter) values(c int, p *datasetPart, from, to int) []parquet.Value {
	switch c {
	case 0:
		return w.repeat(p.id, to-from)
	case 1:
		return w.repeat(p.oracle, to-from)
	case 2:
		return w.repeat(p.mode, to-from)
	case 3:
		return w.repeat(p.split, to-from)
	case 4:
		return w.rowVals[from:to]
	case 5:
		if p.rules == nil {
			return w.repeat(parquet.Int32Value(NoRule), to-from)
		}
		buf := w.buf[:0]
		for _, rule := range p.rules[from:to] {
			buf = append(buf, parquet.Int32Value(rule))
		}
		return buf
	}
	var codes []uint8
	if f := c - 6; f < w.features {
		codes = p.d.Column(f)[from:to]
	} else {
		codes = p.d.Labels()[from:to]
	}
	buf := w.buf[:len(codes)]
	for i, v := range codes {
		buf[i] = w.codeVals[v]
	}
	return buf
}

// repeat returns n copies of v, refilling the constant buffer only when v
// differs from what it holds.
func (w *columnWriter) repeat(v parquet.Value, n int) []parquet.Value {
	if !w.constantOK || !parquet.Equal(v, w.constantV) {
		for i := range w.constant {
			w.constant[i] = v
		}
		w.constantV, w.constantOK = v, true
	}
	return w.constant[:n]
}
