package generate

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/tree"
)

// Oracle draws a random oracle tree for spec s (Algorithm 1 of the paper,
// generalised to any domains and class counts).
//
// Every root-to-leaf path tests exactly s.Depth distinct features, each
// drawn uniformly from the features not yet used on that path, with one
// child per value. Leaf classes are uniform, except that the children of a
// node whose children are all leaves never all carry the same class: such a
// sibling group is redrawn as a whole until it is not constant, which makes
// it uniform over the non-constant assignments (the paper's
// clever_random_from, which keeps the parent's feature from being free).
//
// Draws from rng, in this order: the tree is built depth first, children
// in value order; at each internal node one rng.IntN(m-d) picks its feature
// (d = the node's depth, index into the unused features); at a node of
// depth Depth-1, right after its feature, its Z leaf classes are drawn as
// rng.IntN(K) in value order, the whole group again while all are equal.
// A constant group has probability K^(1-Z) <= 1/2, so redraws are rare.
//
// The error, when s is invalid, is the *input.Error of s.Validate.
func Oracle(s OracleSpec, rng *rand.Rand) (*tree.Tree, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	g := oracleGen{
		spec:    s,
		rng:     rng,
		b:       tree.NewBuilder(s.Domains, s.Classes),
		unused:  make([]int, len(s.Domains)),
		classes: make([]int, 0, maxDomain(s.Domains)),
	}
	for f := range g.unused {
		g.unused[f] = f
	}
	nodes := s.minNodes()
	g.b.Grow(nodes, nodes-1)
	g.expand(g.b.Root(), 0)
	return g.b.Tree(), nil
}

// oracleGen holds the state of one oracle draw.
type oracleGen struct {
	spec    OracleSpec
	rng     *rand.Rand
	b       *tree.Builder
	unused  []int // unused[d:] are the features not used above a node of depth d
	classes []int // scratch for a sibling group's classes
}

// expand splits node n, of depth d < Depth, and its subtree.
func (g *oracleGen) expand(n, d int) {
	m := len(g.unused)
	j := d + g.rng.IntN(m-d)
	g.unused[d], g.unused[j] = g.unused[j], g.unused[d]
	f := g.unused[d]
	first, z := g.b.SplitMultiwayRun(n, f), g.spec.Domains[f]
	if d+1 == g.spec.Depth {
		g.leafClasses(z)
		for v := range z {
			g.b.SetLeaf(first+v, g.classes[v])
		}
	} else {
		for v := range z {
			g.expand(first+v, d+1)
		}
	}
	// Restore the order of the unused features so that a node's choice
	// never depends on how its earlier siblings were drawn.
	g.unused[d], g.unused[j] = g.unused[j], g.unused[d]
}

// leafClasses draws z classes into g.classes, uniform over the assignments
// that are not all equal (z >= 2, K >= 2).
func (g *oracleGen) leafClasses(z int) {
	k := g.spec.Classes
	for {
		g.classes = g.classes[:0]
		constant := true
		for v := range z {
			c := g.rng.IntN(k)
			g.classes = append(g.classes, c)
			if v > 0 && c != g.classes[0] {
				constant = false
			}
		}
		if !constant {
			return
		}
	}
}

func maxDomain(domains []int) int {
	z := 0
	for _, d := range domains {
		z = max(z, d)
	}
	return z
}
