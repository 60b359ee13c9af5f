package schemas

import (
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// paperTree is a small hand-built tree with a multiway root and a binary
// subset split below it: f0 ∈ {0,1,2}; f0=0 → leaf 0; f0=1 → split on f1
// ({0,2} → leaf 1, {1} → leaf 0); f0=2 → leaf 1.
func handTree() *tree.Tree {
	b := tree.NewBuilder([]int{3, 3}, 2)
	kids := b.SplitMultiway(b.Root(), 0)
	b.SetLeaf(kids[0], 0)
	sub := b.Split(kids[1], 1, []int{0, 1, 0})
	b.SetLeaf(sub[0], 1)
	b.SetLeaf(sub[1], 0)
	b.SetLeaf(kids[2], 1)
	return b.Tree()
}

// TestNodeColumns checks the node rows of the hand-made tree and of a
// lone leaf written after it: ids, parents and the values leading to each
// node, in CSR form across both trees, laid out whole and in groups that
// end inside the first tree.
func TestNodeColumns(t *testing.T) {
	leaf := tree.NewBuilder([]int{3, 3}, 2)
	leaf.SetLeaf(leaf.Root(), 1)
	wantValues := [][]int32{{}, {0}, {1}, {2}, {0, 2}, {1}, {}}
	wantParent := []int32{-1, 0, 0, 0, 2, 2, -1}
	wantNode := []int32{0, 1, 2, 3, 4, 5, 0}
	for _, groups := range [][]int{{0, 7}, {0, 3, 7}, {0, 1, 5, 6, 7}} {
		c := newNodeColumns([]*tree.Tree{handTree(), leaf.Tree()}, false)
		if !slices.Equal(c.first, []int{0, 6, 7}) {
			t.Fatalf("first rows %v; want [0 6 7]", c.first)
		}
		for g := range len(groups) - 1 {
			from, to := groups[g], groups[g+1]
			c.fill(from, to)
			if !slices.Equal(c.parent, wantParent[from:to]) || !slices.Equal(c.node, wantNode[from:to]) {
				t.Errorf("groups %v, rows [%d, %d): parents %v, nodes %v; want %v, %v", groups, from, to, c.parent, c.node, wantParent[from:to], wantNode[from:to])
			}
			ids := c.int64PerTree(0, func(t int) int64 { return int64(10 + t) })
			for r := from; r < to; r++ {
				if got := c.values[c.valueOffs[r-from]:c.valueOffs[r-from+1]]; !slices.Equal(got, wantValues[r]) {
					t.Errorf("groups %v, row %d values %v; want %v", groups, r, got, wantValues[r])
				}
				if want := int64(10 + min(r/6, 1)); ids[r-from] != want {
					t.Errorf("groups %v, row %d tree id %d; want %d", groups, r, ids[r-from], want)
				}
			}
		}
		c.release()
	}
}

// completeTree is a tree whose every path tests depth features, features
// 0, 1, ... in turn; with subsets, a feature of more than two values splits
// in two ({0} and the rest). With counts, every node gets its id's digits.
func completeTree(domains []int, classes, depth int, subsets, counts bool) *tree.Tree {
	b := tree.NewBuilder(domains, classes)
	var grow func(n, d int)
	grow = func(n, d int) {
		if counts {
			c := make([]int, classes)
			for k := range c {
				c[k] = (n >> k) & 7
			}
			b.SetCounts(n, c)
		}
		if d == depth {
			b.SetLeaf(n, n%classes)
			return
		}
		var kids []int
		if z := domains[d]; subsets && z > 2 {
			group := make([]int, z)
			for v := 1; v < z; v++ {
				group[v] = 1
			}
			kids = b.Split(n, d, group)
		} else {
			kids = b.SplitMultiway(n, d)
		}
		for _, k := range kids {
			grow(k, d+1)
		}
	}
	grow(b.Root(), 0)
	return b.Tree()
}

// TestTreesAcrossRowGroups writes trees of more nodes than a row group
// holds between small ones, so that row groups start and end inside a
// tree, and reads them back (parquet-go's reader is the independent
// truth), for both node tables.
func TestTreesAcrossRowGroups(t *testing.T) {
	domains := []int{3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	small := completeTree(domains, 2, 2, true, false)
	big := completeTree(domains, 2, 17, true, false) // 2^17 leaves
	if small.Len()+big.Len() <= RowGroupRows {
		t.Fatalf("the big tree has %d nodes; want it to cross the first row group's end", big.Len())
	}
	subsets := completeTree(domains, 3, 16, true, true)
	trees := []*tree.Tree{small, big, small, subsets, small}
	rows := 0
	oracles := make([]TreeRecord, len(trees))
	models := make([]ModelRecord, len(trees))
	for i, tr := range trees {
		rows += tr.Len()
		oracles[i] = TreeRecord{ID: int64(3 * i), Tree: tr}
		proven := i%2 == 0
		models[i] = ModelRecord{ModelID: int64(i), DatasetID: int64(i / 2), OracleID: int64(i / 3), Learner: []string{"id3", "cart"}[i%2], Fold: int32(i), Tree: tr, Optimal: &proven}
	}
	// The trees of an oracles/ file share one shape: the subsets tree (3
	// classes) goes with the models only.
	oracles[3].Tree = big
	dir := t.TempDir()
	if _, err := WriteOracles(filepath.Join(dir, "o.parquet"), oracles); err != nil {
		t.Fatal(err)
	}
	gotO, err := ReadOracles(filepath.Join(dir, "o.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range oracles {
		if gotO[i].ID != oracles[i].ID {
			t.Errorf("oracle %d: id %d; want %d", i, gotO[i].ID, oracles[i].ID)
		}
		if err := sameTree(gotO[i].Tree, oracles[i].Tree); err != nil {
			t.Errorf("oracle %d: %v", i, err)
		}
	}
	info, err := WriteModels(filepath.Join(dir, "m.parquet"), models)
	if err != nil {
		t.Fatal(err)
	}
	if info.Rows != int64(rows) {
		t.Errorf("WriteModels rows = %d; want %d", info.Rows, rows)
	}
	gotM, err := ReadModels(filepath.Join(dir, "m.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range models {
		g := gotM[i]
		if g.ModelID != want.ModelID || g.Learner != want.Learner || g.DatasetID != want.DatasetID || g.OracleID != want.OracleID || g.Fold != want.Fold || *g.Optimal != *want.Optimal {
			t.Errorf("model %d: %d %q %d %d fold %d optimal %v; want %d %q %d %d fold %d optimal %v", i, g.ModelID, g.Learner, g.DatasetID, g.OracleID, g.Fold, *g.Optimal,
				want.ModelID, want.Learner, want.DatasetID, want.OracleID, want.Fold, *want.Optimal)
		}
		if err := sameTree(g.Tree, want.Tree); err != nil {
			t.Errorf("model %d: %v", i, err)
		}
		if !slices.Equal(g.Tree.Counts, want.Tree.Counts) {
			t.Errorf("model %d: counts differ", i)
		}
	}
}

func TestOraclesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		name    string
		domains []int
		classes int
		binary  bool
	}{
		{"binary features multiway", []int{2, 2, 2, 2, 2, 2}, 2, false},
		{"multi-valued multiway", []int{3, 5, 2, 4}, 3, false},
		{"multi-valued subset splits", []int{3, 5, 2, 4}, 4, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var recs []TreeRecord
			for i := range 20 {
				recs = append(recs, TreeRecord{ID: int64(100 + i), Tree: randomTree(rng, tc.domains, tc.classes, 4, tc.binary, false)})
			}
			// A lone leaf is a tree too.
			b := tree.NewBuilder(tc.domains, tc.classes)
			b.SetLeaf(b.Root(), tc.classes-1)
			recs = append(recs, TreeRecord{ID: 7, Tree: b.Tree()})
			path := filepath.Join(t.TempDir(), "oracles", "part-0-0.parquet")
			info, err := WriteOracles(path, recs)
			if err != nil {
				t.Fatal(err)
			}
			nodes := 0
			for _, r := range recs {
				nodes += r.Tree.Len()
			}
			if info.Rows != int64(nodes) {
				t.Errorf("WriteOracles rows = %d; want %d nodes", info.Rows, nodes)
			}
			got, err := ReadOracles(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(recs) {
				t.Fatalf("ReadOracles: %d trees; want %d", len(got), len(recs))
			}
			for i := range recs {
				if got[i].ID != recs[i].ID {
					t.Errorf("tree %d: id %d; want %d", i, got[i].ID, recs[i].ID)
				}
				if err := sameTree(got[i].Tree, recs[i].Tree); err != nil {
					t.Errorf("tree %d: %v", recs[i].ID, err)
				}
			}
		})
	}
}

func TestModelsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	domains := []int{3, 2, 4, 2}
	var recs []ModelRecord
	for i := range 12 {
		recs = append(recs, ModelRecord{
			ModelID: int64(i), Learner: []string{"id3", "cart", "c45"}[i%3], DatasetID: int64(i / 3), OracleID: int64(i / 6),
			Tree: randomTree(rng, domains, 3, 4, i%3 == 1, i%2 == 0),
		})
		if i%4 != 0 {
			proven := i%4 == 1
			recs[i].Optimal = &proven
		}
	}
	// Trees with and without counts may share a file.
	path := filepath.Join(t.TempDir(), "models.parquet")
	if _, err := WriteModels(path, recs); err != nil {
		t.Fatal(err)
	}
	got, err := ReadModels(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(recs) {
		t.Fatalf("ReadModels: %d models; want %d", len(got), len(recs))
	}
	for i, want := range recs {
		g := got[i]
		if g.ModelID != want.ModelID || g.Learner != want.Learner || g.DatasetID != want.DatasetID || g.OracleID != want.OracleID {
			t.Errorf("model %d: ids %d %q %d %d; want %d %q %d %d", i, g.ModelID, g.Learner, g.DatasetID, g.OracleID,
				want.ModelID, want.Learner, want.DatasetID, want.OracleID)
		}
		if err := sameTree(g.Tree, want.Tree); err != nil {
			t.Errorf("model %d: %v", i, err)
		}
		if (g.Optimal == nil) != (want.Optimal == nil) || (g.Optimal != nil && *g.Optimal != *want.Optimal) {
			t.Errorf("model %d: optimal %v; want %v", i, g.Optimal, want.Optimal)
		}
		if (len(want.Tree.Counts) == 0) != (len(g.Tree.Counts) == 0) {
			t.Errorf("model %d: counts %v; want %v", i, g.Tree.Counts, want.Tree.Counts)
		}
	}
}

func TestWriteTreesRejects(t *testing.T) {
	a := handTree()
	b := tree.NewBuilder([]int{2, 2}, 2)
	b.SetLeaf(b.Root(), 0)
	broken := handTree()
	broken.Class[1] = 5
	cases := []struct {
		name string
		recs []TreeRecord
		want string
	}{
		{"two shapes", []TreeRecord{{1, a}, {2, b.Tree()}}, "one shape"},
		{"invalid tree", []TreeRecord{{1, broken}}, "class 5"},
		{"nil tree", []TreeRecord{{1, nil}}, "nil"},
		{"duplicate ids", []TreeRecord{{1, a}, {2, a}, {1, a}}, "tree id 1 appears twice"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "o.parquet")
			_, err := WriteOracles(path, tc.recs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("WriteOracles = %v; want an error containing %q", err, tc.want)
			}
			if _, statErr := HashFile(path); statErr == nil {
				t.Errorf("WriteOracles failed but left %s", path)
			}
		})
	}
	models := []ModelRecord{{ModelID: 7, Tree: a}, {ModelID: 7, Tree: a}}
	if _, err := WriteModels(filepath.Join(t.TempDir(), "m.parquet"), models); err == nil || !strings.Contains(err.Error(), "model id 7 appears twice") {
		t.Errorf("WriteModels(duplicate ids) = %v", err)
	}
}

// TestBuildTreeRejects feeds buildTree the node rows a damaged file could
// hold; each must be refused with a message naming the problem.
func TestBuildTreeRejects(t *testing.T) {
	good := func() []nodeRow {
		return []nodeRow{
			{Node: 0, Parent: -1, Values: nil, Feature: 0, Class: -1},
			{Node: 1, Parent: 0, Values: []int32{0}, Feature: -1, Class: 0},
			{Node: 2, Parent: 0, Values: []int32{1, 2}, Feature: -1, Class: 1},
		}
	}
	if _, err := buildTree([]int{3}, 2, good()); err != nil {
		t.Fatalf("buildTree(good) = %v", err)
	}
	cases := []struct {
		name   string
		mutate func(r []nodeRow) []nodeRow
		want   string
	}{
		{"nodes out of order", func(r []nodeRow) []nodeRow { r[1].Node, r[2].Node = 2, 1; return r }, "in order"},
		{"root with parent", func(r []nodeRow) []nodeRow { r[0].Parent = 1; return r }, "node 0"},
		{"parent after child", func(r []nodeRow) []nodeRow { r[1].Parent = 2; return r }, "parent 2"},
		{"leaf parent", func(r []nodeRow) []nodeRow {
			return append(r, nodeRow{Node: 3, Parent: 1, Values: []int32{0}, Feature: -1, Class: 0})
		}, "a leaf"},
		{"value outside domain", func(r []nodeRow) []nodeRow { r[2].Values = []int32{1, 3}; return r }, "outside"},
		{"value twice", func(r []nodeRow) []nodeRow { r[2].Values = []int32{0, 1, 2}; return r }, "also leads"},
		{"value missing", func(r []nodeRow) []nodeRow { r[2].Values = []int32{1}; return r }, "value 2 of node 0"},
		{"no values", func(r []nodeRow) []nodeRow { r[1].Values = nil; return r }, "no values"},
		{"feature outside", func(r []nodeRow) []nodeRow { r[0].Feature = 4; return r }, "feature 4"},
		{"bad leaf class", func(r []nodeRow) []nodeRow { r[1].Class = 2; return r }, "class 2"},
		{"counts on some nodes", func(r []nodeRow) []nodeRow { r[1].Counts = []int32{1, 2}; return r }, "counts"},
		{"wrong count length", func(r []nodeRow) []nodeRow {
			for i := range r {
				r[i].Counts = []int32{1, 2}
			}
			r[2].Counts = []int32{1}
			return r
		}, "counts"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := buildTree([]int{3}, 2, tc.mutate(good()))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("buildTree = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestModelsOfSeveralShapes: one models file holds trees of different
// domains and class counts (a benchmark run's chunk spans datasets and
// attribute subsets), each read back with its own shape.
func TestModelsOfSeveralShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	recs := []ModelRecord{
		{ModelID: 1, Learner: "c45", DatasetID: 1, OracleID: -1, Fold: 0, Tree: randomTree(rng, []int{2, 3}, 2, 2, false, true)},
		{ModelID: 2, Learner: "c45", DatasetID: 1, OracleID: -1, Fold: 1, Tree: randomTree(rng, []int{4}, 3, 1, false, true)},
		{ModelID: 3, Learner: "c45", DatasetID: 2, OracleID: -1, Fold: 0, Tree: randomTree(rng, []int{2, 3}, 2, 2, false, true)},
	}
	path := filepath.Join(t.TempDir(), "m.parquet")
	if _, err := WriteModels(path, recs); err != nil {
		t.Fatal(err)
	}
	got, err := ReadModels(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		g, w := got[i].Tree, recs[i].Tree
		if !slices.Equal(g.Domains, w.Domains) || g.Classes != w.Classes || g.Len() != w.Len() || got[i].Fold != recs[i].Fold {
			t.Errorf("tree %d: domains %v classes %d nodes %d fold %d; want %v %d %d %d",
				i, g.Domains, g.Classes, g.Len(), got[i].Fold, w.Domains, w.Classes, w.Len(), recs[i].Fold)
		}
	}
}

// TestWriteOraclesMemory: writing a part of many big trees allocates
// about a row group's columns and one tree's layout, not columns for every
// node of the part (which took 32 bytes a node, 5.4 GB for a part of 20
// oracles of 4 million leaves). Measured by the bytes the writer
// allocates for 24 trees less those for 8: what each tree adds, a node
// (the one-time cost of the pools and the compressor cancels out).
func TestWriteOraclesMemory(t *testing.T) {
	// The writer's buffers come from sync.Pools, which keep an item put by
	// one P where another P cannot take it, and which two collections empty:
	// on one P, with the collector off, every write but the first finds
	// the buffers the one before left, whichever thread runs it.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	big := completeTree(slices.Repeat([]int{2}, 16), 2, 16, false, false)
	alloc := func(n int) uint64 {
		recs := make([]TreeRecord, n)
		for i := range recs {
			recs[i] = TreeRecord{ID: int64(i), Tree: big}
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := WriteOracles(filepath.Join(t.TempDir(), "o.parquet"), recs); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	alloc(8) // fill the pools
	few, many := alloc(8), alloc(24)
	perNode := (float64(many) - float64(few)) / float64(16*big.Len())
	// Validate's stack of a tree, 4 bytes a node, and a margin.
	if perNode > 8 {
		t.Errorf("WriteOracles allocates %.1f bytes a node for each tree more (%d bytes for 8 trees of %d nodes, %d for 24); want at most 8", perNode, few, big.Len(), many)
	}
}
