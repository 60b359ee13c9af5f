package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// maxCells bounds the oracle grid's cells (depths × modes × sizes), so that
// a mistyped size range is refused before its sizes are listed.
const maxCells = 1_000_000

// The footprint's figures, one owner each. They were measured (peak heap
// and RSS of real runs, pipeline's TestFootprintCoversMeasuredPeaks) and
// are rounded up on purpose: an estimate may be rough but not low.
const (
	// treeNodeBytes is a tree node in memory (tree.Tree): feature, class,
	// offset and a child table entry, int32 each, with room for the slack
	// of slices grown by append.
	treeNodeBytes = 20
	// countBytes is a class count of a learned tree's node (int32), with
	// the same slack.
	countBytes = 5
	// layoutNodeBytes is the writer's layout of the tree it is writing
	// (schemas' nodeColumns: parent, values, offsets and two scratch
	// columns, int32 each).
	layoutNodeBytes = 20
	// ruleBytes is what the unique mode's draw needs per rule (leaf) of
	// the oracle: its size, its count and its place in a permutation.
	ruleBytes = 24
	// modelBytes is a learned model's fixed part (the learner's model
	// value, its record, a forest's or a kernel's bookkeeping).
	modelBytes = 8 << 10
	// taskBytes is a task's fixed part: its bag, evaluation and timing
	// rows, a learner's scratch.
	taskBytes = 1 << 20
	// diskNodeBytes is a node row of oracles/ or models/ on disk, zstd
	// and delta coded.
	diskNodeBytes = 4
	// readNodeBytes is what reading a node of oracles/ or models/ back
	// holds (parquet-go's rows, then the tree): a staged evaluate of six
	// oracles of 512K nodes peaked at 962 MB.
	readNodeBytes = 320
	// readRowBytes is what reading a dataset row back holds, per feature.
	readRowBytes = 4
)

// The costs of a task's work, in nanoseconds, for the progress's weights
// (only their ratios matter); measured from results/timings on a grid of
// depth-3 and depth-19 oracles (0.6 and 70 ms a task) and on quick.
const (
	nodeNanos = 70  // drawing an oracle's node and walking it against a model
	ruleNanos = 100 // the unique mode's two passes over an oracle's rule
	cellNanos = 20  // drawing, labelling and scoring one feature of a row
	fitNanos  = 5   // a learner's fit, per row and feature
	taskNanos = 50_000
)

// fitCost is the cost of fitting learners learners on rows rows of m
// features, fits times (once per fold).
func fitCost(rows float64, m, learners, fits int) float64 {
	return rows*float64(m)*(cellNanos+fitNanos*float64(learners*fits)) + taskNanos
}

// learnerRowBytes is a learner's working memory per row of m features
// while it fits (packed rows grouped by class, partitions, counts),
// measured on 10 binary features: a 1M-row ID3 fit peaks at about 90 MB.
func learnerRowBytes(m int) float64 { return 16*float64(m) + 100 }

// learnedNodes bounds the nodes of a tree learned on n rows over features
// of the given domains: at most one leaf per cell of the input space (a
// learner's leaves partition it), and at most n·Z_max + 1 leaves (a node
// is split only when it separates rows: fewer than n splits, of at most
// Z_max children each), times two for the internal nodes. An external
// learner may return any tree; its models are not bounded.
func learnedNodes(n float64, domains []int) float64 {
	cells, zmax := 1.0, 0
	for _, z := range domains {
		cells *= float64(z)
		zmax = max(zmax, z)
	}
	return 2 * min(cells, n*float64(zmax)+1)
}

// treeBytes is the memory of a tree of nodes nodes, with class counts
// of k classes when counts is set.
func treeBytes(nodes float64, k int, counts bool) float64 {
	if counts {
		return nodes * (treeNodeBytes + countBytes*float64(k))
	}
	return nodes * treeNodeBytes
}

// Predictions is what a run writes of results/predictions, for the
// footprint: a task holds its predictions from when it is evaluated until
// its chunk is written, and they add to the disk.
type Predictions struct {
	On     bool // the run writes them (config outputs.predictions)
	Costed bool // they carry test_cost and error_cost (a cost model is given)
}

// bytes returns what a task's predictions take, tested rows classified by
// each of learners learners into classes classes: in memory
// (schemas.PredictionBytes each) and on disk (schemas.PredictionDiskBytes
// each); nothing when the run writes none.
func (p Predictions) bytes(tested float64, learners, classes int) (held, disk float64) {
	if !p.On {
		return 0, 0
	}
	n := tested * float64(learners)
	return n * schemas.PredictionBytes(classes, p.Costed), n * schemas.PredictionDiskBytes
}

// Footprint estimates each cell's tasks from the config alone: a task
// holds its oracle (which grows as the product of the domains along its
// paths: depth 22 over binary features is 8.4 million nodes, 168 MB) and
// its dataset (training plus held-out rows), the models of learners
// learners and their predictions of the held-out rows (preds), and needs
// the learners' working memory while it runs.
func (o *OracleConfig) Footprint(learners int, preds Predictions) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "oracle.repetitions, oracle.depths, oracle.sizes, oracle.modes"}
	perDepth := 0
	for _, mode := range o.Modes {
		perDepth += len(o.Sizes[mode])
	}
	cells := float64(perDepth) * float64(len(o.Depths))
	fp.Tasks = int64(min(cells*float64(o.Repetitions), 1<<62))
	if perDepth == 0 {
		return fp
	}
	nodes := make([]float64, len(o.Depths)) // the biggest oracle of each depth
	for i, d := range o.Depths {
		nodes[i] = float64(o.Spec(d).MaxNodes())
	}
	values := 0
	for _, z := range o.Domains {
		values += z
	}
	m := o.Features
	// A dataset row: a code per feature, the (feature, value) bitsets,
	// the label and the rule.
	rowBytes := float64(m) + float64(values)/8 + 8
	fp.Cell = func(i int) flow.TaskFootprint {
		di, j := i/perDepth, i%perDepth
		mode := o.cellMode(j)
		q, oracle := float64(o.cellSize(j)), nodes[di]
		rows := q + float64(o.TestSize)
		leaves := oracle - (oracle-1)/2 // at least half the nodes of a tree whose splits have 2+ children
		learned := learnedNodes(q, o.Domains)
		model := treeBytes(learned, o.Classes, true)
		predHeld, predDisk := preds.bytes(float64(o.TestSize), learners, o.Classes)
		t := flow.TaskFootprint{
			Held:  treeBytes(oracle, 0, false) + rows*rowBytes + float64(learners)*(modelBytes+model) + predHeld + taskBytes,
			Work:  rows*learnerRowBytes(m) + taskBytes,
			Write: oracle * layoutNodeBytes,
			Read:  (oracle+float64(learners)*learned)*readNodeBytes + rows*(rowBytes+readRowBytes*float64(m)),
			Disk:  rows*(float64(values)/8+4) + oracle*diskNodeBytes + predDisk,
			Cost:  nodeNanos*oracle + fitCost(rows, m, learners, 1),
		}
		if mode == ModeUnique {
			t.Work += leaves * ruleBytes
			t.Cost += leaves * ruleNanos
		}
		return t
	}
	fp.Describe = func(i int) (what, keys string) {
		di, q := i/perDepth, o.cellSize(i%perDepth)
		oracle, rows := nodes[di], float64(q)+float64(o.TestSize)
		if oracle*treeNodeBytes > rows*(rowBytes+learnerRowBytes(m)) {
			return fmt.Sprintf("an oracle of %.0f nodes (depth %d)", oracle, o.Depths[di]), "oracle.depths, oracle.features"
		}
		if o.TestSize > q {
			return fmt.Sprintf("%d training and %d held-out rows", q, o.TestSize), "oracle.test_size, oracle.sizes"
		}
		return fmt.Sprintf("%d training and %d held-out rows", q, o.TestSize), "oracle.sizes, oracle.test_size"
	}
	return fp
}

// cellMode and cellSize are the mode and the training size of the j-th
// cell of a depth (the grid's cells are depth, then mode, then size).
func (o *OracleConfig) cellMode(j int) Mode {
	for _, md := range o.Modes {
		if j < len(o.Sizes[md]) {
			return md
		}
		j -= len(o.Sizes[md])
	}
	panic("generate: cell outside the grid")
}

func (o *OracleConfig) cellSize(j int) int {
	for _, md := range o.Modes {
		if j < len(o.Sizes[md]) {
			return o.Sizes[md][j]
		}
		j -= len(o.Sizes[md])
	}
	panic("generate: cell outside the grid")
}

// Footprint estimates the benchmark study from the rows of its datasets,
// known once they are imported (pending before: the rows are the data's,
// not the config's): a task holds its sample projected on the selected
// attributes, every fold's models of learners learners and their
// predictions (preds: a cross-validation classifies each row once), and
// needs every fold's learners' working memory while it runs. shared is
// the bag of a staged command's shared tables (the imported datasets), or
// nil.
func (b *Benchmark) Footprint(learners int, preds Predictions, shared *schemas.Bag) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "benchmark.repetitions, benchmark.select, benchmark.datasets"}
	fp.Tasks = int64(len(b.cells)) * int64(b.cfg.Repetitions)
	data := b.data.datasets(shared)
	if data == nil {
		fp.Pending = "the rows of benchmark.datasets"
		return fp
	}
	for _, d := range data {
		fp.Shared += bytesOfDataset(d)
	}
	m, k := b.cfg.Select, b.cfg.Folds.K
	fits := float64(k * learners)
	// sample returns cell i's dataset (its index in config order), its
	// rows (a scenario's quotas, or the whole dataset) and the key that
	// sets them.
	sample := func(i int) (int, float64, string) {
		c := b.cells[i]
		di := slices.IndexFunc(b.cfg.Datasets, func(s DatasetSpec) bool { return s.Name == c.Dataset })
		spec := b.cfg.Datasets[di]
		for _, s := range spec.Scenarios {
			if s.Name == c.Scenario {
				rows := 0.0
				for _, q := range s.Quotas {
					rows += float64(q.Rows)
				}
				return di, rows, spec.ScenariosKey
			}
		}
		return di, float64(data[di].Len()), fmt.Sprintf("benchmark.datasets[%d]", di)
	}
	fp.Cell = func(i int) flow.TaskFootprint {
		di, rows, _ := sample(i)
		d := data[di]
		nodes := learnedNodes(rows, largest(d.Domains(), m))
		predHeld, predDisk := preds.bytes(rows, learners, d.Classes())
		return flow.TaskFootprint{
			Held:  rows*(float64(m)+16) + fits*(modelBytes+treeBytes(nodes, d.Classes(), true)) + predHeld + taskBytes,
			Work:  rows*(float64(k)*learnerRowBytes(m)+64) + taskBytes,
			Write: nodes * layoutNodeBytes,
			Read:  fits*nodes*readNodeBytes + rows*(float64(m)+16)*2,
			Disk:  rows*0.1 + fits*nodes*diskNodeBytes + predDisk,
			Cost:  fitCost(rows, m, learners, k),
		}
	}
	fp.Describe = func(i int) (what, keys string) {
		di, rows, key := sample(i)
		return fmt.Sprintf("dataset %s's %.0f rows in %d folds of %d attributes", b.cfg.Datasets[di].Name, rows, k, m),
			"benchmark.folds, " + key + ", benchmark.select"
	}
	return fp
}

// Footprint estimates the cost study from the rows of its datasets, known
// once they are imported (pending before): a task holds its split of a
// dataset, the models of learners learners and their predictions of the
// split's test rows (preds).
func (c *Cost) Footprint(learners int, preds Predictions, shared *schemas.Bag) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "cost.repetitions, cost.misclassification, cost.datasets"}
	fp.Tasks = int64(len(c.cells)) * int64(c.cfg.Repetitions)
	data := c.data.datasets(shared)
	if data == nil {
		fp.Pending = "the rows of cost.datasets"
		return fp
	}
	for _, d := range data {
		fp.Shared += bytesOfDataset(d)
	}
	dataOf := func(i int) (int, *dataset.Dataset) {
		di := slices.IndexFunc(c.cfg.Datasets, func(s DatasetSpec) bool { return s.Name == c.cells[i].Dataset })
		return di, data[di]
	}
	fp.Cell = func(i int) flow.TaskFootprint {
		_, d := dataOf(i)
		rows, m := float64(d.Len()), d.NumFeatures()
		nodes := learnedNodes(rows, d.Domains())
		tested := float64(d.Len() - trainRows(d.Len(), c.cfg.Train)) // the split's test rows
		predHeld, predDisk := preds.bytes(tested, learners, d.Classes())
		return flow.TaskFootprint{
			Held:  rows*32 + float64(learners)*(modelBytes+treeBytes(nodes, d.Classes(), true)) + predHeld + taskBytes,
			Work:  rows*learnerRowBytes(m) + taskBytes,
			Write: nodes * layoutNodeBytes,
			Read:  float64(learners)*nodes*readNodeBytes + rows*64,
			Disk:  rows*0.1 + float64(learners)*nodes*diskNodeBytes + predDisk,
			Cost:  fitCost(rows, m, learners, 1),
		}
	}
	fp.Describe = func(i int) (what, keys string) {
		di, d := dataOf(i)
		return fmt.Sprintf("dataset %s's %d rows", c.cfg.Datasets[di].Name, d.Len()), fmt.Sprintf("cost.datasets[%d]", di)
	}
	return fp
}

// largest returns the n largest of domains.
func largest(domains []int, n int) []int {
	s := slices.Sorted(slices.Values(domains))
	slices.Reverse(s)
	return s[:min(n, len(s))]
}

// datasets returns the imported datasets in config order: those the
// import read, or those of a staged command's shared bag; nil when
// neither has them all.
func (s *importSet) datasets(shared *schemas.Bag) []*dataset.Dataset {
	if s.imported != nil {
		return s.imported
	}
	if shared == nil {
		return nil
	}
	recs := schemas.ImportedTable.Get(shared)
	out := make([]*dataset.Dataset, len(s.specs))
	for i, spec := range s.specs {
		d, err := datasetOf(spec.Name, recs)
		if err != nil {
			return nil
		}
		out[i] = d
	}
	return out
}

// bytesOfDataset is a dataset's memory: a code per feature and row, the
// (feature, value) row bitsets, the labels.
func bytesOfDataset(d *dataset.Dataset) float64 {
	values := 0
	for _, z := range d.Domains() {
		values += z
	}
	return float64(d.Len()) * (float64(d.NumFeatures()) + float64(values)/8 + 8)
}
