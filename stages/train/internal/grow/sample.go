package grow

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Packed is every row of a dataset packed into lane words (pack.go), made
// once and shared, read-only, by the trees a learner grows on bootstrap
// samples of that dataset (TreeOfSample): a forest of 100 trees then
// packs its training set once instead of materializing and packing 100
// samples. A Packed may be read by several goroutines at once.
type Packed struct {
	d     *dataset.Dataset
	words []uint64 // row r's lane words: words[r·W : (r+1)·W]
	w     int      // lane words per row
}

// Pack packs every row of d.
func Pack(d *dataset.Dataset) *Packed {
	var l packLayout
	l.bind(d)
	p := &Packed{d: d, w: l.words, words: make([]uint64, d.Len()*l.words)}
	l.pack(p.words, d)
	return p
}

// TreeOfSample grows a tree, as Tree does, on a multiset of p's rows:
// rows lists dataset row indices in increasing order, a row drawn t times
// listed t times, and weighs t times in every count. The tree is the one
// Tree grows on the dataset that holds exactly those rows in that order
// (d.Project(rows, every feature), on all of its rows), without making
// that dataset: every node keeps a list of its rows, copied at the root
// from p's packed words (and, when some feature is unpacked, read from
// d's columns through the rows' indices), so o.ListBelow has no effect.
// rows may hold at most d.Len() entries, as a bootstrap sample of d's
// rows does.
func TreeOfSample(p *Packed, rows []int, sp Splitter, o Options, rng *rand.Rand) (*tree.Tree, error) {
	d := p.d
	if len(rows) > d.Len() {
		return nil, fmt.Errorf("sample of %d rows from a dataset of %d rows", len(rows), d.Len())
	}
	prev := 0
	for i, r := range rows {
		if r < prev || r >= d.Len() {
			return nil, fmt.Errorf("sample row %d at position %d: rows must be in increasing order within 0..%d", r, i, d.Len()-1)
		}
		prev = r
	}
	g := growers.Get().(*grower)
	defer growers.Put(g)
	g.bind(d, sp, o)
	defer g.unbind()
	if g.layout.words != p.w {
		return nil, fmt.Errorf("packed rows of %d words, layout of %d", p.w, g.layout.words)
	}
	g.runSample(p, rows, rng)
	return g.b.Tree(), nil
}
