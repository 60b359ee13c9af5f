package schemas

import (
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/freelist"
	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// datasetPart is the train or test half of one record: a run of
// consecutive rows of datasets/ that share every column but row, rule, the
// features and the class.
type datasetPart struct {
	id, oracle  int64
	mode, split int32 // indexes into the mode and split dictionaries
	d           *dataset.Dataset
	rules       []int32 // nil: NoRule
}

// span is rows [from, to) of a part that fall into one row group.
type span struct {
	p        *datasetPart
	from, to int
}

// splitDict is the dictionary of the split column, indexed by
// datasetPart.split.
var splitDict = []string{SplitTrain, SplitTest}

// datasetColumnsBuf holds one row group of datasets/, column by column. A
// grid writes hundreds of these files, so the buffers (about 40 bytes per
// row) are pooled rather than allocated per file.
type datasetColumnsBuf struct {
	ids, oracles  []int64
	modes, splits []int32
	rows, rules   []int32
	features      [][]uint8   // a nominal feature's codes (MissingCode = null); nil for a numeric one
	nums          [][]float64 // a numeric feature's values (NaN = null); nil for a nominal one
	class         []uint8
}

var datasetBufs = freelist.New(keptBuffers, func() *datasetColumnsBuf { return new(datasetColumnsBuf) }).
	Bounded(keptBufferBytes, (*datasetColumnsBuf).bytes)

// bytes is the memory b's columns hold, by capacity.
func (b *datasetColumnsBuf) bytes() int {
	n := 8*(cap(b.ids)+cap(b.oracles)) + 4*(cap(b.modes)+cap(b.splits)+cap(b.rows)+cap(b.rules)) + cap(b.class)
	for _, f := range b.features {
		n += cap(f)
	}
	for _, f := range b.nums {
		n += 8 * cap(f)
	}
	return n
}

// reset sizes every column to n rows and the features of schema.
func (b *datasetColumnsBuf) reset(n int, schema dataset.Schema) {
	m := len(schema.Features)
	b.ids, b.oracles = resize(b.ids, n), resize(b.oracles, n)
	b.modes, b.splits = resize(b.modes, n), resize(b.splits, n)
	b.rows, b.rules = resize(b.rows, n), resize(b.rules, n)
	for len(b.features) < m {
		b.features, b.nums = append(b.features, nil), append(b.nums, nil)
	}
	b.features, b.nums = b.features[:m], b.nums[:m]
	for f, a := range schema.Features {
		if a.Numeric {
			b.nums[f] = resize(b.nums[f], n)
		} else {
			b.features[f] = resize(b.features[f], n)
		}
	}
	b.class = resize(b.class, n)
}

// writeDatasetColumns writes the rows of recs one row group of
// pw.GroupRows() rows (RowGroupRows) at a time. Each row group's columns
// are filled from the records —
// constants per part for the ids, mode and split, copies of the datasets'
// code and number columns — and handed to pw whole; nothing is done per cell but a
// store. The mode dictionary lists the records' modes in order of first
// appearance, so the bytes depend on the records only.
func writeDatasetColumns(pw *pq.Writer, recs []DatasetRecord, schema dataset.Schema) error {
	modes, modeIndex := dictionary(len(recs), func(i int) string { return recs[i].Mode })
	var parts []datasetPart
	for i, r := range recs {
		mi := modeIndex[i]
		parts = append(parts, datasetPart{id: r.DatasetID, oracle: r.OracleID, mode: mi, split: 0, d: r.Train, rules: r.TrainRules})
		if r.Test != nil {
			parts = append(parts, datasetPart{id: r.DatasetID, oracle: r.OracleID, mode: mi, split: 1, d: r.Test, rules: r.TestRules})
		}
	}
	buf := datasetBufs.Get()
	defer datasetBufs.Put(buf)
	var spans []span
	inGroup := 0
	flush := func() error {
		buf.reset(inGroup, schema)
		at := 0
		for _, s := range spans {
			n := s.to - s.from
			fill(buf.ids[at:at+n], s.p.id)
			fill(buf.oracles[at:at+n], s.p.oracle)
			fill(buf.modes[at:at+n], s.p.mode)
			fill(buf.splits[at:at+n], s.p.split)
			for i := range n {
				buf.rows[at+i] = int32(s.from + i)
			}
			if s.p.rules == nil {
				fill(buf.rules[at:at+n], NoRule)
			} else {
				copy(buf.rules[at:at+n], s.p.rules[s.from:s.to])
			}
			for f, a := range schema.Features {
				if a.Numeric {
					copy(buf.nums[f][at:at+n], s.p.d.Numbers(f)[s.from:s.to])
				} else {
					copy(buf.features[f][at:at+n], s.p.d.Column(f)[s.from:s.to])
				}
			}
			copy(buf.class[at:at+n], s.p.d.Labels()[s.from:s.to])
			at += n
		}
		spans, inGroup = spans[:0], 0
		return writeDatasetGroup(pw, buf, modes, schema)
	}
	for i := range parts {
		p := &parts[i]
		for from, n := 0, p.d.Len(); from < n; {
			to := min(n, from+pw.GroupRows()-inGroup)
			spans = append(spans, span{p, from, to})
			inGroup += to - from
			from = to
			if inGroup == pw.GroupRows() {
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

// writeDatasetGroup writes one row group from its filled columns, in the
// documented column order: a missing value (MissingCode, NaN) as a null.
func writeDatasetGroup(pw *pq.Writer, b *datasetColumnsBuf, modes []string, schema dataset.Schema) error {
	err := writeColumns(pw.BeginRowGroup(len(b.ids)),
		func() error { return pw.Int64Column(b.ids) },
		func() error { return pw.Int64Column(b.oracles) },
		func() error { return pw.StringColumn(modes, b.modes) },
		func() error { return pw.StringColumn(splitDict, b.splits) },
		func() error { return pw.Int32Column(b.rows) },
		func() error { return pw.Int32Column(b.rules) },
	)
	for f, a := range schema.Features {
		if err != nil {
			return err
		}
		if a.Numeric {
			err = pw.NullableFloat64Column(b.nums[f])
		} else {
			err = pw.NullableCodeColumn(b.features[f], len(a.Values), dataset.MissingCode)
		}
	}
	if err != nil {
		return err
	}
	return pw.CodeColumn(b.class, len(schema.Class.Values))
}
