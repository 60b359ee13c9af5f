package schemas

import (
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

// TaskIDs returns the task of every row of a table file, in file order,
// reading that column alone: what a reader that keeps a part without
// reading it (--resume, verify) checks against the chunk the part's name
// gives. The column is the one the catalog's taskOf reads (taskColumn).
func TaskIDs(path string) (ids []int64, err error) {
	defer recoverCorrupt(path, &err)
	pf, f, err := openParquet(path, "")
	if err != nil {
		return nil, err
	}
	defer f.Close() // read only
	table, _ := pf.Lookup(MetaTable)
	col := taskColumn(table)
	leaf, ok := pf.Schema().Lookup(col)
	if !ok || leaf.Node.Type().Kind() != parquet.Int64 || leaf.MaxDefinitionLevel != 0 {
		return nil, input.Filef(path, 0, "no required int64 column %s, the task of a row of %s", col, table)
	}
	ids = make([]int64, 0, pf.NumRows())
	for _, g := range pf.RowGroups() {
		if ids, err = pq.AppendInt64s(ids, g.ColumnChunks()[leaf.ColumnIndex]); err != nil {
			return nil, &input.Error{File: path, Err: err}
		}
	}
	if int64(len(ids)) != pf.NumRows() {
		return nil, input.Filef(path, 0, "column %s has %d values for %d rows", col, len(ids), pf.NumRows())
	}
	return ids, nil
}

// taskColumn names the column that holds the task of a row of table:
// tree_id for the oracles (an oracle's id is its task), dataset_id for
// every other table. TestTaskIDs checks it against each table's taskOf.
func taskColumn(table string) string {
	if table == Oracles {
		return "tree_id"
	}
	return "dataset_id"
}
