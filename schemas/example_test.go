package schemas_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// Example writes an oracle tree as a part file of the oracles/ table, reads
// it back, and shows that a file of another table is refused as bad input.
func Example() {
	run, err := os.MkdirTemp("", "dtbench-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(run)

	// f0 ∈ {0,1}, f1 ∈ {0,1,2}: f0 = 0 → class 0; f0 = 1 → test f1 with a
	// binary subset split, {0} → class 1 and {1,2} → class 0.
	b := tree.NewBuilder([]int{2, 3}, 2)
	kids := b.SplitMultiway(b.Root(), 0)
	b.SetLeaf(kids[0], 0)
	sub := b.Split(kids[1], 1, []int{0, 1, 1})
	b.SetLeaf(sub[0], 1)
	b.SetLeaf(sub[1], 0)

	path := filepath.Join(run, schemas.Oracles, "part-0-0.parquet")
	info, err := schemas.WriteOracles(path, []schemas.TreeRecord{{ID: 42, Tree: b.Tree()}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rows:", info.Rows, "sha256 digits:", len(info.SHA256))

	recs, err := schemas.ReadOracles(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	t := recs[0].Tree
	fmt.Println("tree", recs[0].ID, "predicts", t.Predict([]uint8{0, 2}), t.Predict([]uint8{1, 0}), t.Predict([]uint8{1, 2}))

	_, err = schemas.ReadEvaluations(path)
	fmt.Println("bad input:", input.Is(err))
	// Output:
	// rows: 5 sha256 digits: 64
	// tree 42 predicts 0 1 0
	// bad input: true
}
