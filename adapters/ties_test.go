package adapters

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// tieTolerance is how close two information gains must be for the choice
// between them to be ambiguous: gains that are equal in exact arithmetic
// come out of two implementations' floating-point sums a few ulps apart,
// and which is larger is rounding, not learning.
const tieTolerance = 1e-9

// readTraining returns every task's training dataset of a run folder.
func readTraining(t testing.TB, dir string) map[int64]*dataset.Dataset {
	t.Helper()
	out := map[int64]*dataset.Dataset{}
	paths, _ := filepath.Glob(filepath.Join(dir, schemas.Datasets, "*.parquet"))
	for _, p := range paths {
		recs, err := schemas.ReadDatasets(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			out[r.DatasetID] = r.Train
		}
	}
	return out
}

// divergence is a node where two trees part: the path to it, each
// tree's test there (−1 for a leaf), their information gains on the
// training rows reaching it, and whether the choice is a tie.
type divergence struct {
	path     string
	fa, fb   int
	ga, gb   float64
	resolved bool // false: a tie (gains within tieTolerance, or both below Weka's 1e-6 "no gain")
}

func (d divergence) String() string {
	return fmt.Sprintf("at %s: feature %d (gain %.12g) vs feature %d (gain %.12g)", d.path, d.fa, d.ga, d.fb, d.gb)
}

// divergences walks two trees learned on d from the root and returns
// every node where they first make different tests, each classified: a
// tie between the two tests' information gains (ID3's criterion) is
// ambiguous; anything else is a real difference.
func divergences(d *dataset.Dataset, a, b *tree.Tree) []divergence {
	var out []divergence
	var walk func(na, nb int, rows dataset.Bitset, path string)
	walk = func(na, nb int, rows dataset.Bitset, path string) {
		fa, fb := int(a.Feature[na]), int(b.Feature[nb])
		if fa == fb {
			if fa == tree.Leaf {
				if a.Class[na] != b.Class[nb] {
					out = append(out, divergence{path: path, fa: -1, fb: -1, resolved: true})
				}
				return
			}
			ca, cb := a.Children(na), b.Children(nb)
			for v := range ca {
				sub := dataset.And(dataset.NewBitset(d.Len()), rows, d.ValueRows(fa, v))
				walk(int(ca[v]), int(cb[v]), sub, fmt.Sprintf("%s f%d=%d", path, fa, v))
			}
			return
		}
		ga, gb := gain(d, rows, fa), gain(d, rows, fb)
		tie := math.Abs(ga-gb) < tieTolerance || (ga < 1e-6 && gb < 1e-6)
		out = append(out, divergence{path: path, fa: fa, fb: fb, ga: ga, gb: gb, resolved: !tie})
	}
	walk(0, 0, d.All(), "root")
	return out
}

// gain is the information gain of splitting rows of d on feature f; 0
// for f = −1 (a leaf).
func gain(d *dataset.Dataset, rows dataset.Bitset, f int) float64 {
	if f < 0 {
		return 0
	}
	h := func(counts []int) float64 {
		n := 0
		for _, c := range counts {
			n += c
		}
		e := 0.0
		for _, c := range counts {
			if c > 0 {
				p := float64(c) / float64(n)
				e -= p * math.Log2(p)
			}
		}
		return e
	}
	total := rows.Count()
	g := h(d.ClassCounts(rows))
	for v := range d.Domain(f) {
		sub := dataset.And(dataset.NewBitset(d.Len()), rows, d.ValueRows(f, v))
		if n := sub.Count(); n > 0 {
			g -= float64(n) / float64(total) * h(d.ClassCounts(sub))
		}
	}
	return g
}
