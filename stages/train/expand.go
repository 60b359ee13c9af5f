package train

import (
	"github.com/dtbench/dtbench/dataset"
)

// expand splits node fr with test sp: it records the children's counts
// (sums of rows of the feature's table), settles the children that cannot
// split, divides the node's rows among the others and pushes them.
func (g *grower) expand(fr frame, sp split) {
	f, k := sp.feature, g.k
	z := g.domains[f]
	group := sp.group
	if group == nil {
		group = g.identity[:z]
	}
	table := g.stats.Table(f)
	if k == 2 && z == 2 && group[0] != group[1] {
		g.expand2(fr, f, group[0], table)
		return
	}
	parentMajority := dataset.ArgMax(g.counts)
	nk := 0
	for _, br := range group {
		nk = max(nk, br+1)
	}
	first := g.b.split(int(fr.id), f, group, nk)

	masks, sizes, open := g.masks[:nk], g.sizes[:nk], g.open[:nk]
	kc := g.kidCounts[:nk*k]
	clear(masks)
	clear(sizes)
	clear(kc)
	for v, br := range group {
		masks[br] |= 1 << v
		kb := kc[br*k : (br+1)*k]
		for c, x := range table[v*k : (v+1)*k] {
			kb[c] += x
			sizes[br] += x
		}
	}

	parentAvail := g.avail[f]
	// A child's candidates: the parent's, less f when f's values there
	// are narrowed to one.
	cands := int(fr.cands)
	if parentAvail&(parentAvail-1) != 0 {
		cands--
	}
	anyOpen := false
	for br := range nk {
		id := first + br
		g.b.setCounts(id, kc[br*k:(br+1)*k])
		a := parentAvail & masks[br]
		c := cands
		if a&(a-1) != 0 {
			c++
		}
		open[br] = g.leafOrOpen(id, int(fr.depth)+1, parentMajority, kc[br*k:(br+1)*k], c)
		anyOpen = anyOpen || open[br]
	}
	if !anyOpen {
		return
	}

	children := g.children[:nk]
	if !fr.rows.isList() {
		node := g.store.bitsOf(fr.rows)
		for br := range nk {
			switch {
			case !open[br]:
			case sizes[br] < g.listBelow:
				b := childBits(g.scratch, node, g.d, f, masks[br])
				children[br] = g.store.newList(b, kc[br*k:(br+1)*k])
			default:
				children[br] = g.store.newBits()
				childBits(g.store.bitsOf(children[br]), node, g.d, f, masks[br])
			}
		}
	} else {
		g.store.partition(fr.rows, f, group, sizes, children)
	}
	for br := nk - 1; br >= 0; br-- {
		if open[br] {
			a := parentAvail & masks[br]
			c := cands
			if a&(a-1) != 0 {
				c++
			}
			g.push(frame{id: int32(first + br), depth: fr.depth + 1, cands: int32(c), feat: int32(f), avail: a, rows: children[br]}, kc[br*k:(br+1)*k])
		}
	}
}

// expand2 is expand for a binary feature and two classes, the oracle
// study's case: value 0 goes to branch b0 and value 1 to the other, and
// the table's rows are the branches' class counts. It settles the leaves
// as leafOrOpen does, with no loop over classes or branches.
func (g *grower) expand2(fr frame, f, b0 int, t []int) {
	first := g.b.split2(int(fr.id), f, b0)
	var kc [4]int // branch br's counts: kc[2br], kc[2br+1]
	kc[2*b0], kc[2*b0+1], kc[2-2*b0], kc[3-2*b0] = t[0], t[1], t[2], t[3]
	parentMajority := 0
	if g.counts[1] > g.counts[0] {
		parentMajority = 1
	}
	parentAvail := g.avail[f]
	masks := [2]uint64{1 << b0, 2 >> b0}
	cands := int(fr.cands)
	if parentAvail&(parentAvail-1) != 0 {
		cands--
	}
	var open [2]bool
	var kidCands [2]int
	for br := range 2 {
		kidCands[br], open[br] = g.settle2(first+br, int(fr.depth)+1, cands, parentAvail&masks[br], parentMajority, kc[2*br], kc[2*br+1])
	}
	if !open[0] && !open[1] {
		return
	}
	var children [2]rowSet
	if !fr.rows.isList() {
		node := g.store.bitsOf(fr.rows)
		for br := range 2 {
			switch n := kc[2*br] + kc[2*br+1]; {
			case !open[br]:
			case n < g.listBelow:
				b := childBits(g.scratch, node, g.d, f, masks[br])
				children[br] = g.store.newList(b, kc[2*br:2*br+2])
			default:
				children[br] = g.store.newBits()
				childBits(g.store.bitsOf(children[br]), node, g.d, f, masks[br])
			}
		}
	} else if pf := &g.layout.feat[f]; g.layout.words == 1 && !g.layout.unpacked {
		// rowStore.partition's oracle-study case, inline.
		r := fr.rows
		mid := r.lo + int32(kc[0]+kc[1])
		side := r.side()
		children[0], children[1] = listIn(side, r.rev(), r.lo, mid), listIn(1-side, !r.rev(), mid, r.hi)
		partition2(g.store.arena[side].words[r.lo:r.hi], g.store.arena[1-side].words[r.lo:r.hi], pf.shift, uint64(b0))
	} else {
		sizes := [2]int{kc[0] + kc[1], kc[2] + kc[3]}
		group := [2]int{b0, 1 - b0}
		g.store.partition(fr.rows, f, group[:], sizes[:], children[:])
	}
	for br := 1; br >= 0; br-- {
		if open[br] {
			g.push(frame{id: int32(first + br), depth: fr.depth + 1, cands: int32(kidCands[br]), feat: int32(f), avail: parentAvail & masks[br], rows: children[br]}, kc[2*br:2*br+2])
		}
	}
}

// settle2 records node id's class counts x0 and x1 and settles it when it
// cannot split, as leafOrOpen does for two classes; a is the value set
// of the feature its parent tests, and cands the parent's candidates
// other than that feature. It returns the node's candidates and whether
// it is still open.
func (g *grower) settle2(id, depth, cands int, a uint64, parentMajority, x0, x1 int) (int, bool) {
	g.b.counts[2*id], g.b.counts[2*id+1] = int32(x0), int32(x1)
	if a&(a-1) != 0 {
		cands++
	}
	maj := 0
	if x1 > x0 {
		maj = 1
	}
	switch {
	case x0+x1 == 0:
		g.b.setLeaf(id, parentMajority)
	case x0 == 0, x1 == 0, g.opts.maxDepth > 0 && depth >= g.opts.maxDepth, cands == 0:
		g.b.setLeaf(id, maj)
	default:
		return cands, true
	}
	return cands, false
}
