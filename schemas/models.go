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
}

// modelRow is one row of models/: one node of one learned tree.
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
	var rows []modelRow
	treeRows(trees, func(i, n int, parent int32, values []int32) {
		r, t := &recs[i], trees[i]
		counts := t.NodeCounts(n)
		if counts == nil {
			counts = []int32{}
		}
		rows = append(rows, modelRow{
			TreeID: r.ModelID, DatasetID: r.DatasetID, OracleID: r.OracleID, Learner: r.Learner,
			Node: int32(n), Parent: parent, Values: values, Feature: t.Feature[n], Class: t.Class[n],
			Counts: counts,
		})
	})
	return writeFile(path, int64(len(rows)), func(w io.Writer) error {
		return writeRows(w, rows, append(parquetOptions(Models, meta), modelSchema))
	})
}

// ReadModels reads the trees of a models/ file, in file order. The trees
// are canonical (see trees.go) and valid.
func ReadModels(path string) ([]ModelRecord, error) {
	var recs []ModelRecord
	err := readTrees(path, Models, modelSchema,
		func(r *modelRow) int64 { return r.TreeID },
		func(first, r *modelRow) (nodeRow, error) {
			if r.Learner != first.Learner || r.DatasetID != first.DatasetID || r.OracleID != first.OracleID {
				return nodeRow{}, fmt.Errorf("node %d has learner %q, dataset %d, oracle %d; node 0 has %q, %d, %d",
					r.Node, r.Learner, r.DatasetID, r.OracleID, first.Learner, first.DatasetID, first.OracleID)
			}
			return nodeRow{Node: r.Node, Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class, Counts: r.Counts}, nil
		},
		func(first *modelRow, t *tree.Tree) {
			recs = append(recs, ModelRecord{ModelID: first.TreeID, Learner: first.Learner,
				DatasetID: first.DatasetID, OracleID: first.OracleID, Tree: t})
		})
	if err != nil {
		return nil, err
	}
	return recs, nil
}
