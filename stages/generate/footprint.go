package generate

import (
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
)

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
