package schemas

import (
	"context"
	"fmt"
	"sync"

	"github.com/dtbench/dtbench/schemas/internal/pq"
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
	// Fold is the cross-validation fold whose training rows grew the tree
	// (benchmark study), or NoFold for a tree grown on all of the task's
	// training rows (oracle study).
	Fold int32
	Tree *tree.Tree
	// Optimal says whether a learner that proves optimality (exact) did:
	// true proven, false not proven (its time budget ran out); nil for
	// learners that make no such claim. Stored as the nullable boolean
	// column optimal (since models version 2).
	Optimal *bool
}

// modelRow is one row of models/: one node of one learned tree. The writer
// writes the columns directly (trees_write.go); the reader and the schema
// use this type.
type modelRow struct {
	TreeID    int64   `parquet:"tree_id"`          // the model id (evaluations.model_id)
	DatasetID int64   `parquet:"dataset_id"`       // dataset the tree was grown on
	OracleID  int64   `parquet:"oracle_id"`        // oracle of that dataset
	Learner   string  `parquet:"learner,dict"`     // registered learner name
	Fold      int32   `parquet:"fold"`             // cross-validation fold the tree was grown for; -1 for all the training rows
	Shape     int32   `parquet:"shape"`            // the tree's shape (domains, classes) in the metadata's list
	Node      int32   `parquet:"node"`             // node id, 0 = root; children after parents
	Parent    int32   `parquet:"parent"`           // parent node, -1 for the root
	Values    []int32 `parquet:"values,list"`      // parent feature's values leading here; empty for the root
	Feature   int32   `parquet:"feature"`          // tested feature, -1 at a leaf
	Class     int32   `parquet:"class"`            // predicted class at a leaf, -1 inside
	Counts    []int32 `parquet:"counts,list"`      // training rows per class at the node; empty when not recorded
	Optimal   *bool   `parquet:"optimal,optional"` // true = proven optimal, false = not proven (time budget), null = no such claim
	// Threshold is a numeric node's cut point (x <= threshold to the
	// child of value 0, x > threshold to that of value 1); null at a leaf
	// and at a node that tests a nominal feature (since version 3).
	Threshold *float64 `parquet:"threshold,optional"`
	// Weights is the training weight per class at the node, fractional
	// where rows missing a tested value were spread over branches; empty
	// when not recorded (since version 3).
	Weights []float64 `parquet:"weights,list"`
}

var modelSchema = sync.OnceValue(func() *parquet.Schema { return parquet.NewSchema(Models, parquet.SchemaOf(modelRow{})) })

// modelRowV2 is a row of models/ version 2: modelRow without threshold
// and weights. ReadModels still reads it.
type modelRowV2 struct {
	TreeID    int64   `parquet:"tree_id"`
	DatasetID int64   `parquet:"dataset_id"`
	OracleID  int64   `parquet:"oracle_id"`
	Learner   string  `parquet:"learner,dict"`
	Fold      int32   `parquet:"fold"`
	Shape     int32   `parquet:"shape"`
	Node      int32   `parquet:"node"`
	Parent    int32   `parquet:"parent"`
	Values    []int32 `parquet:"values,list"`
	Feature   int32   `parquet:"feature"`
	Class     int32   `parquet:"class"`
	Counts    []int32 `parquet:"counts,list"`
	Optimal   *bool   `parquet:"optimal,optional"`
}

var modelSchemaV2 = sync.OnceValue(func() *parquet.Schema { return parquet.NewSchema(Models, parquet.SchemaOf(modelRowV2{})) })

// NoFold is ModelRecord.Fold for a tree grown on all of a task's training
// rows.
const NoFold = -1

// modelRowV1 is a row of models/ version 1, which stored optimal as int32:
// 1 proven, 0 not proven, -1 no claim. ReadModels still reads it.
type modelRowV1 struct {
	TreeID    int64   `parquet:"tree_id"`
	DatasetID int64   `parquet:"dataset_id"`
	OracleID  int64   `parquet:"oracle_id"`
	Learner   string  `parquet:"learner,dict"`
	Node      int32   `parquet:"node"`
	Parent    int32   `parquet:"parent"`
	Values    []int32 `parquet:"values,list"`
	Feature   int32   `parquet:"feature"`
	Class     int32   `parquet:"class"`
	Counts    []int32 `parquet:"counts,list"`
	Optimal   int32   `parquet:"optimal"`
}

var modelSchemaV1 = sync.OnceValue(func() *parquet.Schema { return parquet.NewSchema(Models, parquet.SchemaOf(modelRowV1{})) })

// WriteModels writes learned trees to path, one row per node, models in
// the order given and nodes in node order. Every tree must be valid and
// share the first one's domains and classes, and no two models may share
// an id. opts name the dtbench version (WithVersion).
func WriteModels(path string, recs []ModelRecord, opts ...WriteOption) (FileInfo, error) {
	return writeModels(context.Background(), path, recs, opts...)
}

// writeModels is WriteModels, stopped by ctx (see writeFile).
func writeModels(ctx context.Context, path string, recs []ModelRecord, opts ...WriteOption) (FileInfo, error) {
	trees := make([]*tree.Tree, len(recs))
	for i, r := range recs {
		trees[i] = r.Tree
	}
	shapeOf, meta, err := treeShapes(trees)
	if err == nil {
		err = uniqueIDs("model id", len(recs), func(i int) int64 { return recs[i].ModelID })
	}
	if err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	cols := newNodeColumns(trees, true)
	defer cols.release()
	learners, learner := dictionary(len(recs), func(t int) string { return recs[t].Learner })
	f := tableFile{table: Models, schema: modelSchema(), stats: []string{"tree_id", "dataset_id", "oracle_id"}, meta: meta}
	return f.write(ctx, path, int64(cols.rows()), opts, func(pw *pq.Writer) error {
		return cols.writeRowGroups(pw.GroupRows(), func(from, to int) error {
			ids := cols.int64PerTree(0, func(t int) int64 { return recs[t].ModelID })
			datasets := cols.int64PerTree(1, func(t int) int64 { return recs[t].DatasetID })
			oracles := cols.int64PerTree(2, func(t int) int64 { return recs[t].OracleID })
			learnerRows := cols.int32PerTree(0, func(t int) int32 { return learner[t] })
			folds := cols.int32PerTree(1, func(t int) int32 { return recs[t].Fold })
			shapes := cols.int32PerTree(2, func(t int) int32 { return shapeOf[t] })
			optimal := cols.optionalBoolPerTree(func(t int) *bool { return recs[t].Optimal })
			return writeColumns(pw.BeginRowGroup(to-from),
				func() error { return pw.Int64Column(ids) },
				func() error { return pw.Int64Column(datasets) },
				func() error { return pw.Int64Column(oracles) },
				func() error { return pw.StringColumn(learners, learnerRows) },
				func() error { return pw.Int32Column(folds) },
				func() error { return pw.Int32Column(shapes) },
				func() error { return cols.writeNodeColumns(pw) },
				func() error { return pw.Int32ListColumn(cols.counts, cols.countOffs) },
				func() error { return pw.OptionalBoolColumn(optimal) },
				func() error { return pw.NullableFloat64Column(cols.threshold) },
				func() error { return pw.Float64ListColumn(cols.weights, cols.weightOffs) },
			)
		})
	})
}

// ReadModels reads the trees of a models/ file, in file order: version 3,
// version 2 (no thresholds or weights: nominal trees) or version 1 with its
// int32 optimal column. The trees are canonical (see
// trees.go) and valid.
func ReadModels(path string) (recs []ModelRecord, err error) {
	defer recoverCorrupt(path, &err)
	pf, f, err := openParquet(path, Models)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read only
	var rows []modelRow
	switch v, _ := pf.Lookup(MetaVersion); v {
	case "1":
		old, err := rowsOf[modelRowV1](path, pf, modelSchemaV1())
		if err != nil {
			return nil, err
		}
		rows = make([]modelRow, len(old))
		for i, r := range old {
			rows[i] = modelRow{TreeID: r.TreeID, DatasetID: r.DatasetID, OracleID: r.OracleID, Learner: r.Learner, Fold: NoFold, Node: r.Node,
				Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class, Counts: r.Counts, Optimal: optimalOf(r.Optimal)}
		}
	case "2":
		old, err := rowsOf[modelRowV2](path, pf, modelSchemaV2())
		if err != nil {
			return nil, err
		}
		rows = make([]modelRow, len(old))
		for i, r := range old {
			rows[i] = modelRow{TreeID: r.TreeID, DatasetID: r.DatasetID, OracleID: r.OracleID, Learner: r.Learner, Fold: r.Fold, Shape: r.Shape,
				Node: r.Node, Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class, Counts: r.Counts, Optimal: r.Optimal}
		}
	default:
		if rows, err = rowsOf[modelRow](path, pf, modelSchema()); err != nil {
			return nil, err
		}
	}
	var shapes []treeShape
	if v, _ := pf.Lookup(MetaVersion); v == "1" {
		shapes, err = singleShape(path, pf.Lookup, len(rows))
	} else {
		shapes, err = parseTreeShapes(path, pf.Lookup, len(rows))
	}
	if err != nil {
		return nil, err
	}
	err = buildTrees(path, rows, shapes, func(r *modelRow) int32 { return r.Shape },
		func(r *modelRow) int64 { return r.TreeID },
		func(first, r *modelRow) (nodeRow, error) {
			if r.Learner != first.Learner || r.DatasetID != first.DatasetID || r.OracleID != first.OracleID || r.Fold != first.Fold || r.Shape != first.Shape {
				return nodeRow{}, fmt.Errorf("node %d has learner %q, dataset %d, oracle %d, fold %d; node 0 has %q, %d, %d, %d",
					r.Node, r.Learner, r.DatasetID, r.OracleID, r.Fold, first.Learner, first.DatasetID, first.OracleID, first.Fold)
			}
			if !sameOptional(r.Optimal, first.Optimal) {
				return nodeRow{}, fmt.Errorf("node %d has optimal %s; node 0 has %s", r.Node, optionalString(r.Optimal), optionalString(first.Optimal))
			}
			return nodeRow{Node: r.Node, Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class, Counts: r.Counts,
				Threshold: r.Threshold, Weights: r.Weights}, nil
		},
		func(first *modelRow, t *tree.Tree) {
			recs = append(recs, ModelRecord{ModelID: first.TreeID, Learner: first.Learner,
				DatasetID: first.DatasetID, OracleID: first.OracleID, Fold: first.Fold, Tree: t, Optimal: first.Optimal})
		})
	if err != nil {
		return nil, err
	}
	return recs, nil
}

// optimalOf maps the optimal column of models version 1 to
// ModelRecord.Optimal: 1 proven, 0 not proven, anything else no claim.
func optimalOf(code int32) *bool {
	if code != 0 && code != 1 {
		return nil
	}
	o := code == 1
	return &o
}

// sameOptional reports whether a and b are both null or hold equal values.
func sameOptional[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// optionalString formats a nullable value for an error message.
func optionalString[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}
