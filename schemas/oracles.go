package schemas

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/dtbench/dtbench/tree"
	"github.com/parquet-go/parquet-go"
)

// TreeRecord is one oracle tree and its id (the tree_id column).
type TreeRecord struct {
	ID   int64
	Tree *tree.Tree
}

// oracleRow is one row of oracles/: one node of one oracle tree. The writer
// writes the columns directly (trees_write.go); the reader and the schema
// use this type.
type oracleRow struct {
	TreeID  int64   `parquet:"tree_id"`     // the oracle's id
	Node    int32   `parquet:"node"`        // node id, 0 = root; children after parents
	Parent  int32   `parquet:"parent"`      // parent node, -1 for the root
	Values  []int32 `parquet:"values,list"` // parent feature's values leading here; empty for the root
	Feature int32   `parquet:"feature"`     // tested feature, -1 at a leaf
	Class   int32   `parquet:"class"`       // predicted class at a leaf, -1 inside
}

var oracleSchema = sync.OnceValue(func() *parquet.Schema { return parquet.NewSchema(Oracles, parquet.SchemaOf(oracleRow{})) })

// WriteOracles writes oracle trees to path, one row per node, trees in the
// order given and nodes in node order. Every tree must be valid and share
// the first one's domains and classes, and no two may share an id. opts
// name the dtbench version (WithVersion).
func WriteOracles(path string, recs []TreeRecord, opts ...WriteOption) (FileInfo, error) {
	return writeOracles(context.Background(), path, recs, opts...)
}

// writeOracles is WriteOracles, stopped by ctx (see writeFile).
func writeOracles(ctx context.Context, path string, recs []TreeRecord, opts ...WriteOption) (FileInfo, error) {
	trees := make([]*tree.Tree, len(recs))
	for i, r := range recs {
		trees[i] = r.Tree
	}
	meta, err := treeMeta(trees)
	if err == nil {
		err = uniqueIDs("tree id", len(recs), func(i int) int64 { return recs[i].ID })
	}
	for i, t := range trees {
		// An oracle is a nominal tree (version 1 has no thresholds or
		// weights); a learned tree with them goes to models/.
		if err == nil && (len(t.Threshold) > 0 || len(t.Weights) > 0 || slices.Contains(t.Domains, tree.Numeric)) {
			err = fmt.Errorf("tree %d (id %d) tests a numeric feature or has weights: %s holds nominal trees only", i, recs[i].ID, Oracles)
		}
	}
	if err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	cols := newNodeColumns(trees, false)
	defer cols.release()
	f := tableFile{table: Oracles, schema: oracleSchema(), stats: []string{"tree_id"}, meta: meta}
	return f.write(ctx, path, int64(cols.rows()), opts, func(pw *pq.Writer) error {
		return cols.writeRowGroups(pw.GroupRows(), func(from, to int) error {
			ids := cols.int64PerTree(0, func(t int) int64 { return recs[t].ID })
			return writeColumns(pw.BeginRowGroup(to-from),
				func() error { return pw.Int64Column(ids) },
				func() error { return cols.writeNodeColumns(pw) },
			)
		})
	})
}

// ReadOracles reads the trees of an oracles/ file, in file order. The trees
// are canonical (see trees.go) and valid.
func ReadOracles(path string) ([]TreeRecord, error) {
	var recs []TreeRecord
	err := readTrees(path, Oracles, oracleSchema(),
		func(r *oracleRow) int64 { return r.TreeID },
		func(_, r *oracleRow) (nodeRow, error) {
			return nodeRow{Node: r.Node, Parent: r.Parent, Values: r.Values, Feature: r.Feature, Class: r.Class}, nil
		},
		func(first *oracleRow, t *tree.Tree) { recs = append(recs, TreeRecord{ID: first.TreeID, Tree: t}) })
	if err != nil {
		return nil, err
	}
	return recs, nil
}
