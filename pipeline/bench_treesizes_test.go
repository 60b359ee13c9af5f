package pipeline

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestBenchmarkTreeSizes: a benchmark evaluation row's tree_depth,
// tree_leaves and tree_nodes are the mean (rounded) over its fold trees,
// recomputed here from the run's models/ table; c45's are filled, a
// non-tree learner's stay null.
func TestBenchmarkTreeSizes(t *testing.T) {
	dir := run(t, benchConfig(t), Options{Out: t.TempDir()})
	type key struct {
		id      int64
		learner string
	}
	type sums struct{ trees, depth, leaves, nodes int }
	got := map[key]*sums{}
	parts, _ := filepath.Glob(filepath.Join(dir, schemas.Models, "*.parquet"))
	for _, p := range parts {
		recs, err := schemas.ReadModels(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			k := key{r.DatasetID, r.Learner}
			if got[k] == nil {
				got[k] = &sums{}
			}
			s := got[k]
			s.trees++
			s.depth += r.Tree.Depth()
			s.leaves += r.Tree.Leaves()
			s.nodes += r.Tree.Len()
		}
	}
	mean := func(sum, n int) int32 { return int32(math.Round(float64(sum) / float64(n))) }
	c45 := 0
	for _, e := range evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read) {
		s := got[key{e.DatasetID, e.Learner}]
		if s == nil {
			if e.TreeDepth != nil || e.TreeLeaves != nil || e.TreeNodes != nil {
				t.Errorf("task %d %s: no trees in models/ but tree sizes set", e.DatasetID, e.Learner)
			}
			continue
		}
		if s.trees != int(e.Folds) {
			t.Fatalf("task %d %s: %d trees for %d folds", e.DatasetID, e.Learner, s.trees, e.Folds)
		}
		cases := []struct {
			name string
			col  *int32
			sum  int
		}{{"tree_depth", e.TreeDepth, s.depth}, {"tree_leaves", e.TreeLeaves, s.leaves}, {"tree_nodes", e.TreeNodes, s.nodes}}
		for _, c := range cases {
			if want := mean(c.sum, s.trees); c.col == nil || *c.col != want {
				t.Errorf("task %d %s: %s = %v, want %d (mean over %d fold trees)", e.DatasetID, e.Learner, c.name, c.col, want, s.trees)
			}
		}
		if e.Learner == "c45" {
			c45++
		}
	}
	if c45 == 0 {
		t.Fatal("no c45 evaluation row with trees in models/")
	}
}
