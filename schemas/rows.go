package schemas

import (
	"errors"
	"fmt"
	"io"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/dtbench/dtbench/tree"
	"github.com/parquet-go/parquet-go"
)

// readRows reads every row of a parquet-go table file after checking its
// metadata (table, schema version) and its columns against want. The
// returned *parquet.File serves metadata lookups only.
func readRows[T any](path, table string, want *parquet.Schema) (rows []T, pf *parquet.File, err error) {
	defer recoverCorrupt(path, &err)
	pf, f, err := openParquet(path, table)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // read only
	if rows, err = rowsOf[T](path, pf, want); err != nil {
		return nil, nil, err
	}
	return rows, pf, nil
}

// rowsOf checks the columns of an open file against want and reads every
// row. The caller recovers from a panic of the decoder (recoverCorrupt).
func rowsOf[T any](path string, pf *parquet.File, want *parquet.Schema) ([]T, error) {
	if err := pq.CheckColumns(path, pf.Schema(), want); err != nil {
		return nil, err
	}
	rows := make([]T, pf.NumRows())
	r := parquet.NewGenericReader[T](pf)
	n, err := r.Read(rows)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, &input.Error{File: path, Err: fmt.Errorf("read rows: %w", err)}
	}
	if err := r.Close(); err != nil {
		return nil, &input.Error{File: path, Err: fmt.Errorf("read rows: %w", err)}
	}
	if n != len(rows) {
		return nil, input.Filef(path, 0, "read %d rows, footer says %d", n, len(rows))
	}
	return rows, nil
}

// readTrees reads a node table (oracles/ or models/) and rebuilds its trees.
// Rows of one tree are consecutive and share a tree_id (id); node converts
// a row to a nodeRow, given the tree's first row so that it can check the
// columns that must be constant within a tree; emit receives each tree with
// its first row, in file order. Every tree has the file's one shape
// (MetaTreeDomains, MetaTreeClasses).
func readTrees[T any](path, table string, want *parquet.Schema,
	id func(*T) int64, node func(first, r *T) (nodeRow, error), emit func(first *T, t *tree.Tree)) error {
	rows, pf, err := readRows[T](path, table, want)
	if err != nil {
		return err
	}
	shapes, err := singleShape(path, pf.Lookup, len(rows))
	if err != nil {
		return err
	}
	return buildTrees(path, rows, shapes, func(*T) int32 { return 0 }, id, node, emit)
}

// singleShape reads the one shape of a file with MetaTreeDomains and
// MetaTreeClasses; a file of rows without them is an error.
func singleShape(path string, lookup func(string) (string, bool), rows int) ([]treeShape, error) {
	domains, classes, ok, err := parseTreeMeta(lookup)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	if !ok {
		if rows > 0 {
			return nil, input.Filef(path, 0, "%d node rows but no %s metadata", rows, MetaTreeDomains)
		}
		return nil, nil
	}
	return []treeShape{{Domains: domains, Classes: classes}}, nil
}

// buildTrees rebuilds the trees of a node table's rows, as readTrees
// describes; shapeOf gives a tree's index in shapes, from its first row.
func buildTrees[T any](path string, rows []T, shapes []treeShape, shapeOf func(*T) int32,
	id func(*T) int64, node func(first, r *T) (nodeRow, error), emit func(first *T, t *tree.Tree)) error {
	seen := map[int64]bool{}
	var nodes []nodeRow
	for i := 0; i < len(rows); {
		first := &rows[i]
		tid := id(first)
		if seen[tid] {
			return input.Filef(path, 0, "tree %d: rows are not consecutive", tid)
		}
		seen[tid] = true
		nodes = nodes[:0]
		for ; i < len(rows) && id(&rows[i]) == tid; i++ {
			nr, err := node(first, &rows[i])
			if err != nil {
				return input.Filef(path, 0, "tree %d: %w", tid, err)
			}
			nodes = append(nodes, nr)
		}
		k := shapeOf(first)
		if k < 0 || int(k) >= len(shapes) {
			return input.Filef(path, 0, "tree %d: shape %d outside the %d of the metadata", tid, k, len(shapes))
		}
		t, err := buildTree(shapes[k].Domains, shapes[k].Classes, nodes)
		if err != nil {
			return input.Filef(path, 0, "tree %d: %w", tid, err)
		}
		emit(first, t)
	}
	return nil
}
