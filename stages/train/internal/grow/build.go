package grow

import (
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
)

// The builder's core is one step, used for every node whatever holds its
// rows: ask the splitter for a test (a leaf of the majority class when it
// has none), record the split and the children's class counts and value
// sets, and settle each child by the one stopping rule (leafClass). Only
// what follows depends on the representation: handing the rows to the
// open children (handOut for bitset and list nodes on the stack, growTiny
// for small subtrees).

// run grows the tree of the rows in rows into g.b.
func (g *grower) run(rows dataset.Bitset, rng *rand.Rand) {
	root, cands := g.root()
	counts := g.d.ClassCounts(rows)
	if !g.settle(root, 0, cands, 0, counts) {
		return
	}
	n := 0
	for _, x := range counts {
		n += x
	}
	var rs rowSet
	if n < g.listBelow {
		rs = g.store.newList(dataset.And(g.scratch, rows, g.d.All()), counts)
	} else {
		rs = g.store.newBits()
		dataset.And(g.store.bitsOf(rs), rows, g.d.All()) // ignore bits past the last row
	}
	g.grow(root, cands, rs, counts, rng)
}

// runSample grows the tree of the multiset of rows listed in rows (in
// increasing order, repeats adjacent) into g.b, every node a list node
// whose rows are copied from p's packed rows: the tree run would grow on
// the dataset holding those rows, repeats included, in that order.
func (g *grower) runSample(p *Packed, rows []int, rng *rand.Rand) {
	root, cands := g.root()
	counts := g.counts
	clear(counts)
	labels := g.d.Labels()
	for _, r := range rows {
		counts[labels[r]]++
	}
	if !g.settle(root, 0, cands, 0, counts) {
		return
	}
	g.listBelow = math.MaxInt
	rs := g.store.newListOf(rows, p.words, counts)
	g.grow(root, cands, rs, counts, rng)
}

// root adds the root to the tree and opens every feature's values; it
// returns the root's id and the number of features that can split it.
func (g *grower) root() (root, cands int) {
	root = g.b.Node()
	for f, z := range g.domains {
		g.avail[f] = 1<<z - 1
		if z == 64 {
			g.avail[f] = ^uint64(0)
		}
	}
	for _, a := range g.avail {
		if a&(a-1) != 0 {
			cands++
		}
	}
	return root, cands
}

// grow grows the subtree of the open root from its rows rs and class
// counts, node by node from the grower's stack.
func (g *grower) grow(root, cands int, rs rowSet, counts []int, rng *rand.Rand) {
	g.path = g.path[:0]
	g.push(frame{id: int32(root), cands: int32(cands), feat: -1, rows: rs}, counts)

	for len(g.stack) > 0 {
		i := len(g.stack) - 1
		fr := g.stack[i]
		g.stack = g.stack[:i]
		copy(g.counts, g.countsBuf[i*g.k:(i+1)*g.k])
		// Enter fr: undo the value sets of the nodes at its depth or
		// below (the walk has left their subtrees, and fr's parent is on
		// the path), then apply its own.
		for len(g.path) > 0 && g.path[len(g.path)-1].depth >= fr.depth {
			u := g.path[len(g.path)-1]
			g.avail[u.feat] = u.old
			g.path = g.path[:len(g.path)-1]
		}
		if fr.feat >= 0 {
			g.path = append(g.path, undo{depth: fr.depth, feat: fr.feat, old: g.avail[fr.feat]})
			g.avail[fr.feat] = fr.avail
		}
		if fr.rows.isList() {
			if g.tiny && g.counts[0]+g.counts[1] <= tinyMax {
				c0, c1 := g.counts[0], g.counts[1]
				g.tinyFrom(fr.rows, c0, c1)
				sums := tinySumsOf(g.tinyBuf, c0, c1)
				g.growTiny(int(fr.id), int(fr.depth), int(fr.cands), 0, c0, c1, &sums, rng)
				continue
			}
			g.node.resetList(fr.rows, int(fr.depth))
		} else {
			g.node.resetBits(g.store.bitsOf(fr.rows), int(fr.depth))
		}
		if g.step(int(fr.id), int(fr.depth), int(fr.cands), rng) {
			g.handOut(fr)
		}
		g.store.release(fr.rows)
	}
}

// step splits node id at the given depth, with cands features that can
// still split it; its class counts are g.counts, its value sets g.avail
// and its statistics g.node. With no test from the splitter the node
// becomes a leaf of its majority class and step returns false. Otherwise
// step records the split in the tree, and in g.kids the children's class
// counts (sums of rows of the feature's table), the values leading to
// each and their candidate features; it settles each child and returns
// true. The two-class split of a binary feature, the oracle study's case,
// is written out here with no loop over classes or values; any other split
// is divide's.
func (g *grower) step(id, depth, cands int, rng *rand.Rand) bool {
	sp, ok := g.splitter.Split(g.node, rng)
	if !ok {
		g.b.SetLeaf(id, dataset.ArgMax(g.counts))
		return false
	}
	f, k := sp.Feature, g.k
	z := g.domains[f]
	c := &g.kids
	c.feature = f
	parentAvail := g.avail[f]
	// A child's candidates: the parent's, less f when f's values there
	// are narrowed to one, plus f again when they are not.
	if parentAvail&(parentAvail-1) != 0 {
		cands--
	}
	if k == 2 && z == 2 && (sp.Group == nil || sp.Group[0] != sp.Group[1]) {
		// Two classes, a binary feature, two branches (the oracle study's
		// case): value 0 goes to branch b0, and the table's rows are the
		// branches' class counts. The same as below, with no loop.
		b0 := 0
		if sp.Group != nil {
			b0 = sp.Group[0]
		}
		var t [4]int
		if n := g.node; n.fast {
			// The lane slots hold the table (the splitter read them).
			c, d := n.lane2(f)
			t = [4]int{g.counts[0] - c, g.counts[1] - d, c, d}
		} else {
			t = [4]int(n.Table(f))
		}
		first := g.b.split2(id, f, b0)
		var kc [4]int // branch br's class counts: kc[2br], kc[2br+1]
		kc[2*b0], kc[2*b0+1], kc[2-2*b0], kc[3-2*b0] = t[0], t[1], t[2], t[3]
		masks := [2]uint64{1 << b0, 2 >> b0}
		parentMajority := 0
		if g.counts[1] > g.counts[0] {
			parentMajority = 1
		}
		var kidCands [2]int
		for br := range 2 {
			x0, x1 := kc[2*br], kc[2*br+1]
			kid := first + br
			g.b.counts[2*kid], g.b.counts[2*kid+1] = int32(x0), int32(x1)
			maj := 0
			if x1 > x0 {
				maj = 1
			}
			kidCands[br] = cands
			if a := parentAvail & masks[br]; a&(a-1) != 0 {
				kidCands[br]++
			}
			leaf := g.leafClass(x0+x1, maj, x0 == 0 || x1 == 0, depth+1, kidCands[br], parentMajority)
			if leaf >= 0 {
				g.b.SetLeaf(kid, leaf)
			}
			c.open[br] = leaf < 0
		}
		c.binary, c.b0, c.first, c.n = true, b0, first, 2
		kids := c.counts[:4]
		kids[0], kids[1], kids[2], kids[3] = kc[0], kc[1], kc[2], kc[3]
		c.mask[0], c.mask[1] = masks[0], masks[1]
		c.size[0], c.size[1] = kc[0]+kc[1], kc[2]+kc[3]
		c.cands[0], c.cands[1] = kidCands[0], kidCands[1]
		c.anyOpen = c.open[0] || c.open[1]
		return true
	}
	g.divide(id, depth, cands, sp)
	return true
}

// divide is step's split of node id for any table: value v of the
// feature goes to branch sp.Group[v] (v, for a multiway split), and a
// branch's class counts are the sums of its values' rows of the table.
// cands already excludes the feature when its values narrow to one.
func (g *grower) divide(id, depth, cands int, sp Split) {
	f, k := sp.Feature, g.k
	z := g.domains[f]
	c := &g.kids
	parentAvail := g.avail[f]
	t := g.node.Table(f)
	group := sp.Group
	if group == nil {
		group = g.identity[:z]
	}
	nk := 0
	for _, br := range group {
		nk = max(nk, br+1)
	}
	c.binary, c.group, c.n = false, group, nk
	c.first = g.b.Split(id, f, group, nk)
	masks, sizes, kc := c.mask[:nk], c.size[:nk], c.counts[:nk*k]
	clear(masks)
	clear(sizes)
	clear(kc)
	for v, br := range group {
		masks[br] |= 1 << v
		kb := kc[br*k : (br+1)*k]
		for c, x := range t[v*k : (v+1)*k] {
			kb[c] += x
			sizes[br] += x
		}
	}
	parentMajority := dataset.ArgMax(g.counts)
	c.anyOpen = false
	for br := range nk {
		kidCands := cands
		if a := parentAvail & masks[br]; a&(a-1) != 0 {
			kidCands++
		}
		c.cands[br] = kidCands
		c.open[br] = g.settle(c.first+br, depth+1, kidCands, parentMajority, kc[br*k:(br+1)*k])
		c.anyOpen = c.anyOpen || c.open[br]
	}
}

// binaryGroups are the group tables of a binary feature's two-branch
// splits, value 0 to branch b0: binaryGroups[b0].
var binaryGroups = [2][2]int{{0, 1}, {1, 0}}

// settle records node id's class counts and makes it a leaf when it
// cannot split (leafClass). It reports whether the node is still open.
func (g *grower) settle(id, depth, cands, parentMajority int, counts []int) bool {
	g.b.SetCounts(id, counts)
	n, classes, maj := 0, 0, 0
	for c, x := range counts {
		n += x
		if x > 0 {
			classes++
		}
		if x > counts[maj] {
			maj = c
		}
	}
	leaf := g.leafClass(n, maj, classes == 1, depth, cands, parentMajority)
	if leaf >= 0 {
		g.b.SetLeaf(id, leaf)
	}
	return leaf < 0
}

// leafClass is the builder's one stopping rule: a node of n rows at the
// given depth, with majority class maj (ties to the lowest code), pure or
// not, that cands features can still split, is a leaf when it has no
// rows (predicting parentMajority, its parent's majority class), when it
// is pure, at the depth limit or no feature can split it (predicting
// maj). leafClass returns the leaf's class, or −1 for a node that stays
// open.
func (g *grower) leafClass(n, maj int, pure bool, depth, cands, parentMajority int) int {
	switch {
	case n == 0:
		return parentMajority
	case pure, cands == 0, g.opts.MaxDepth > 0 && depth >= g.opts.MaxDepth:
		return maj
	}
	return -1
}

// push puts an open node on the stack with its class counts.
func (g *grower) push(fr frame, counts []int) {
	g.stack = append(g.stack, fr)
	i := len(g.stack)
	if len(g.countsBuf) < i*g.k {
		g.countsBuf = append(g.countsBuf, make([]int, i*g.k-len(g.countsBuf))...)
	}
	copy(g.countsBuf[(i-1)*g.k:i*g.k], counts)
}

// handOut divides the rows of node fr, just split (g.kids), among its open
// children and pushes them, the last branch first, so that branch 0's
// subtree is grown first. A bitset node's child keeps a bitset or, below
// listBelow rows, becomes a list; a list node's rows are partitioned in
// its window of the arenas.
func (g *grower) handOut(fr frame) {
	c, k := &g.kids, g.k
	if !c.anyOpen {
		return
	}
	f := c.feature
	children := g.children[:c.n]
	if !fr.rows.isList() {
		node := g.store.bitsOf(fr.rows)
		for br := range c.n {
			switch {
			case !c.open[br]:
			case c.size[br] < g.listBelow:
				b := childBits(g.scratch, node, g.d, f, c.mask[br])
				children[br] = g.store.newList(b, c.counts[br*k:(br+1)*k])
			default:
				children[br] = g.store.newBits()
				childBits(g.store.bitsOf(children[br]), node, g.d, f, c.mask[br])
			}
		}
	} else {
		group := c.group
		if c.binary {
			group = binaryGroups[c.b0][:]
		}
		g.store.partition(fr.rows, f, group, c.size[:c.n], children)
	}
	parentAvail := g.avail[f]
	for br := c.n - 1; br >= 0; br-- {
		if c.open[br] {
			g.push(frame{id: int32(c.first + br), depth: fr.depth + 1, cands: int32(c.cands[br]), feat: int32(f), avail: parentAvail & c.mask[br], rows: children[br]}, c.counts[br*k:(br+1)*k])
		}
	}
}
