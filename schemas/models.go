package schemas

import (
	"fmt"
	"io"

	"github.com/dtbench/dtbench/tree"
	"github.com/parquet-go/parquet-go"
)

// ModelRecord is one learned tree: the model id (tree_id), the learner that
// grew it and the dataset and oracle it was grown from.
type ModelRecord struct {
	ModelID   int64
	Learner   string
	DatasetID int64
	OracleID  int64
	Tree      *tree.Tree
	// Optimal says whether a learner that proves optimality (exact) did;
	// nil for learners that make no such claim. Stored as the column
	// optimal: 1 proven, 0 not proven (time budget), -1 not applicable.
	Optimal *bool
}

// modelRow is one row of models/: one node of one learned tree. The writer
// writes the columns directly (trees_write.go); the reader and the schema
// use this type.
type modelRow struct {
	TreeID    int64   `parquet:"tree_id"`      // the model id (evaluations.model_id)
	DatasetID int64   `parquet:"dataset_id"`   // dataset the tree was grown on
	OracleID  int64   `parquet:"oracle_id"`    // oracle of that dataset
	Learner   string  `parquet:"learner,dict"` // registered learner name
	Node      int32   `parquet:"node"`         // node id, 0 = root; children after parents
	Parent    int32   `parquet:"parent"`       // parent node, -1 for the root
	Values    []int32 `parquet:"values,list"`  // parent feature's values leading here; empty for the root
	Feature   int32   `parquet:"feature"`      // tested feature, -1 at a leaf
	Class     int32   `parquet:"class"`        // predicted class at a leaf, -1 inside
	Counts    []int32 `parquet:"counts,list"`  // training rows per class at the node; empty when not recorded
	Optimal   int32   `parquet:"optimal"`      // 1 = the learner proved the tree optimal, 0 = it did not (time budget), -1 = no such claim
}

var modelSchema = parquet.NewSchema(Models, parquet.SchemaOf(modelRow{}))

// WriteModels writes learned trees to path, one row per node, models in
// the order given and nodes in node order. Every tree must be valid and
// share the first one's domains and classes.
func WriteModels(path string, recs []ModelRecord) (FileInfo, error) {
	trees := make([]*tree.Tree, len(recs))
	for i, r := range recs {
		trees[i] = r.Tree
	}
	meta, err := treeMeta(trees)
	if err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	cols := buildNodeColumns(trees, true)
	defer cols.release()
	return writeFile(path, int64(cols.rows()), func(w io.Writer) error {
		pw, err := newPQWriter(w, modelSchema, "tree_id", "dataset_id", "oracle_id")
		if err != nil {
			return err
		}
		defer pw.release()
		ids := cols.int64PerTree(0, func(t int) int64 { return recs[t].ModelID })
		datasets := cols.int64PerTree(1, func(t int) int64 { return recs[t].DatasetID })
		oracles := cols.int64PerTree(2, func(t int) int64 { return recs[t].OracleID })
		learners, learner := dictionary(len(recs), func(t int) string { return recs[t].Learner })
		learnerRows := cols.int32PerTree(func(t int) int32 { return learner[t] })
		optimal := make([]int32, cols.rows()) // int32PerTree's buffer holds learnerRows
		for t := range recs {
			fill(optimal[cols.first[t]:cols.first[t+1]], optimalCode(recs[t].Optimal))
		}
		err = cols.writeRowGroups(func(from, to int) error {
			return writeColumns(pw.beginRowGroup(to-from),
				func() error { return pw.int64Column(ids[from:to]) },
				func() error { return pw.int64Column(datasets[from:to]) },
				func() error { return pw.int64Column(oracles[from:to]) },
				func() error { return pw.stringColumn(learners, learnerRows[from:to]) },
				func() error { return cols.writeNodeColumns(pw, from, to) },
				func() error { return pw.int32ListColumn(cols.counts, cols.countOffs[from:to+1]) },
				func() error { return pw.int32Column(optimal[from:to]) },
			)
		})
		if err != nil {
			return err
		}
		return pw.close(Models, meta)
	})
}

// ReadModels reads the trees of a models/ file, in file order. The trees
// are canonical (see trees.go) and valid.
func ReadModels(path string) ([]ModelRecord, error) {
	var recs []ModelRecord
	err := readTrees(path, Models, modelSchema,
		func(r *modelRow) int64 { return r.TreeID },
		func(first, r *modelRow) (nodeRow, error) {
			if r.Learner != first.Learner || r.DatasetID != first.DatasetID || r.OracleID != first.OracleID || r.Optimal != first.Optimal {
				return nodeRow{}, fmt.Errorf("node %d has learner %q, dataset %d, oracle %d; node 0 has %q, %d, %d",
					r.Node, r.Learner, r.DatasetID, r.OracleID, first.Learner, first.DatasetID, first.OracleID)
			}
			return nodeRow{Node: r.Node, Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class, Counts: r.Counts}, nil
		},
		func(first *modelRow, t *tree.Tree) {
			recs = append(recs, ModelRecord{ModelID: first.TreeID, Learner: first.Learner,
				DatasetID: first.DatasetID, OracleID: first.OracleID, Tree: t, Optimal: optimalOf(first.Optimal)})
		})
	if err != nil {
		return nil, err
	}
	return recs, nil
}

// optimalCode and optimalOf map ModelRecord.Optimal to the optimal column.
func optimalCode(o *bool) int32 {
	switch {
	case o == nil:
		return -1
	case *o:
		return 1
	}
	return 0
}

func optimalOf(code int32) *bool {
	if code < 0 {
		return nil
	}
	o := code == 1
	return &o
}
