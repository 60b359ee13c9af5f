package generate

import "github.com/dtbench/dtbench/flow"

// maxCells bounds the oracle grid's cells (depths × modes × sizes), so that
// a mistyped size range is refused before its sizes are listed.
const maxCells = 1_000_000

// Footprint estimates what the grid needs, from the config alone: tasks,
// rows per task (training size plus the held-out rows), and bytes per row.
// The per-row figures were measured on 10 binary features (a 1M-row ID3
// task peaks at about 90 MB, with every learner but exact at about 200 MB)
// and scale with the features; they overestimate on purpose.
func (o *OracleConfig) Footprint() flow.Footprint {
	fp := flow.Footprint{RowsKeys: "oracle.sizes, oracle.test_size", TasksKeys: "oracle.repetitions, oracle.depths, oracle.sizes, oracle.modes"}
	values := 0
	for _, z := range o.Domains {
		values += z
	}
	m := float64(o.Features)
	var cells, rows float64
	for _, mode := range o.Modes {
		for _, q := range o.Sizes[mode] {
			n := int64(q) + int64(o.TestSize)
			fp.MaxRows = max(fp.MaxRows, n)
			rows += float64(n) * float64(len(o.Depths))
			cells += float64(len(o.Depths))
		}
	}
	fp.Tasks = int64(cells) * int64(o.Repetitions)
	if cells*float64(o.Repetitions) > float64(1<<62) {
		fp.Tasks = 1 << 62
	}
	if cells > 0 {
		fp.MeanRows = rows / cells
	}
	// A dataset row: a code per feature, the (feature, value) bitsets, the
	// label and the rule; the learners add their packed rows and counts.
	fp.HeldBytes = m + float64(values)/8 + 8
	fp.WorkBytes = 16*m + 100
	// On disk: bit-packed codes and delta-coded row numbers, about 2.4
	// bytes a row for 10 binary features; counted generously.
	fp.DiskBytes = float64(values)/8 + 4
	return fp
}
