package exact

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// newData builds a dataset over features with the given domains and k classes.
func newData(t testing.TB, domains []int, k int, x [][]uint8, y []uint8) *dataset.Dataset {
	t.Helper()
	var s dataset.Schema
	for f, z := range domains {
		a := dataset.Attribute{Name: fmt.Sprintf("f%d", f)}
		for v := range z {
			a.Values = append(a.Values, fmt.Sprint(v))
		}
		s.Features = append(s.Features, a)
	}
	s.Class.Name = "class"
	for c := range k {
		s.Class.Values = append(s.Class.Values, fmt.Sprint(c))
	}
	d, err := dataset.FromRows(s, x, y)
	if err != nil {
		t.Fatalf("FromRows: %v", err)
	}
	return d
}

// randomData draws n uniform inputs over domains; consistent data label
// each distinct input with one random class, otherwise every row draws its
// own class (so repeated inputs may disagree).
func randomData(t testing.TB, rng *rand.Rand, domains []int, k, n int, consistent bool) *dataset.Dataset {
	t.Helper()
	label := map[string]uint8{}
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range n {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(rng.IntN(k))
		if consistent {
			key := string(x[r])
			if c, ok := label[key]; ok {
				y[r] = c
			} else {
				label[key] = y[r]
			}
		}
	}
	return newData(t, domains, k, x, y)
}

// binaryDomains returns the domains of m binary features.
func binaryDomains(m int) []int {
	domains := make([]int, m)
	for f := range domains {
		domains[f] = 2
	}
	return domains
}

// somePoints returns the points 0…n−1, each kept with probability 2/3.
func somePoints(rng *rand.Rand, n int) []int32 {
	var pts []int32
	for p := range n {
		if rng.IntN(3) > 0 {
			pts = append(pts, int32(p))
		}
	}
	return pts
}

// someFeatures returns the features 0…m−1, each kept with probability
// 3/4: a random set of free features.
func someFeatures(rng *rand.Rand, m int) []int {
	var free []int
	for f := range m {
		if rng.IntN(4) > 0 {
			free = append(free, f)
		}
	}
	return free
}

// oracleData samples n uniform rows over m binary features labelled by a
// random perfect oracle of the given depth with k classes: every path tests
// depth distinct features and no bottom sibling group is constant, as the
// oracle paper's generator draws them.
func oracleData(t testing.TB, seed uint64, m, depth, k, n int) *dataset.Dataset {
	return noisyOracleData(t, seed, m, 2, depth, k, n, 0)
}

// noisyOracleData is oracleData over features of domain z, with each label
// replaced, with probability noise, by another class drawn uniformly.
func noisyOracleData(t testing.TB, seed uint64, m, z, depth, k, n int, noise float64) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xe7ac7))
	o := randomOracle(rng, m, z, depth, k)
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range n {
		x[r] = make([]uint8, m)
		for f := range x[r] {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(o.Predict(x[r]))
		if noise > 0 && rng.Float64() < noise {
			y[r] = uint8((int(y[r]) + 1 + rng.IntN(k-1)) % k)
		}
	}
	return newData(t, o.Domains, k, x, y)
}

// distinctOracleData samples n distinct inputs over m ≤ 20 binary features
// (n ≤ 2^m) labelled by a random perfect oracle, spread over the oracle's
// rules as the oracle paper's "uniquely random" mode spreads them: in a
// random order of the rules, each rule takes one unused input of its own,
// drawn uniformly, round after round, until n inputs are placed.
func distinctOracleData(t testing.TB, seed uint64, m, depth, k, n int) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xd15c7))
	o := randomOracle(rng, m, 2, depth, k)
	var rules [][]uint32 // per leaf reached: its inputs, as bit masks
	leafOf := map[int]int{}
	x := make([]uint8, m)
	for in := range uint32(1) << m {
		for f := range x {
			x[f] = uint8(in >> f & 1)
		}
		leaf := o.Apply(x)
		r, ok := leafOf[leaf]
		if !ok {
			r = len(rules)
			leafOf[leaf] = r
			rules = append(rules, nil)
		}
		rules[r] = append(rules[r], in)
	}
	order := rng.Perm(len(rules))
	rows := make([][]uint8, 0, n)
	y := make([]uint8, 0, n)
	for len(rows) < n {
		for _, r := range order {
			ins := rules[r]
			if len(ins) == 0 || len(rows) == n {
				continue
			}
			i := rng.IntN(len(ins))
			in := ins[i]
			ins[i] = ins[len(ins)-1]
			rules[r] = ins[:len(ins)-1]
			row := make([]uint8, m)
			for f := range row {
				row[f] = uint8(in >> f & 1)
			}
			rows = append(rows, row)
			y = append(y, uint8(o.Predict(row)))
		}
	}
	rng.Shuffle(len(rows), func(i, j int) {
		rows[i], rows[j] = rows[j], rows[i]
		y[i], y[j] = y[j], y[i]
	})
	return newData(t, o.Domains, k, rows, y)
}

// randomOracle draws a perfect oracle over m features of domain z with k
// classes: every path tests depth distinct features and no bottom sibling
// group is constant, as the oracle paper's generator draws them.
func randomOracle(rng *rand.Rand, m, z, depth, k int) *tree.Tree {
	domains := make([]int, m)
	for f := range domains {
		domains[f] = z
	}
	b := tree.NewBuilder(domains, k)
	var grow func(node, d int, used uint64)
	grow = func(node, d int, used uint64) {
		f := rng.IntN(m)
		for used&(1<<f) != 0 {
			f = rng.IntN(m)
		}
		kids := b.SplitMultiway(node, f)
		if d+1 < depth {
			for _, c := range kids {
				grow(c, d+1, used|1<<f)
			}
			return
		}
		for {
			first, constant := rng.IntN(k), true
			b.SetLeaf(kids[0], first)
			for _, c := range kids[1:] {
				cls := rng.IntN(k)
				b.SetLeaf(c, cls)
				constant = constant && cls == first
			}
			if !constant {
				return
			}
		}
	}
	grow(b.Root(), 0, 0)
	return b.Tree()
}

// score is a tree's lexicographic objective: training errors, then leaves.
type score struct{ errors, leaves int }

func (a score) less(b score) bool {
	return a.errors < b.errors || a.errors == b.errors && a.leaves < b.leaves
}

// brute searches every multiway tree exhaustively, independently of the
// learner: no cache, no bounds, rows instead of points.
type brute struct {
	d    *dataset.Dataset
	used []bool
}

func (bf *brute) counts(rows []int) []int {
	c := make([]int, bf.d.Classes())
	for _, r := range rows {
		c[bf.d.Label(r)]++
	}
	return c
}

func (bf *brute) leaf(rows []int) score {
	c := bf.counts(rows)
	return score{len(rows) - c[dataset.ArgMax(c)], 1}
}

func (bf *brute) part(rows []int, f int) [][]int {
	out := make([][]int, bf.d.Domain(f))
	for _, r := range rows {
		v := bf.d.Value(f, r)
		out[v] = append(out[v], r)
	}
	return out
}

// best returns the least score of a tree of depth ≤ depth over rows, each
// feature at most once per path.
func (bf *brute) best(rows []int, depth int) score {
	best := bf.leaf(rows)
	if best.errors == 0 || depth == 0 {
		return best
	}
	for f := range bf.used {
		if s, ok := bf.split(rows, f, depth); ok && s.less(best) {
			best = s
		}
	}
	return best
}

func (bf *brute) split(rows []int, f, depth int) (score, bool) {
	if bf.used[f] {
		return score{}, false
	}
	bf.used[f] = true
	var s score
	for _, part := range bf.part(rows, f) {
		c := bf.best(part, depth-1)
		s.errors += c.errors
		s.leaves += c.leaves
	}
	bf.used[f] = false
	return s, true
}

// minDepth returns the least depth at which the least achievable score's
// errors are reached, with the score there.
func (bf *brute) minDepth(rows []int) (int, score) {
	floor := bf.best(rows, bf.d.NumFeatures()).errors
	for depth := 0; ; depth++ {
		if s := bf.best(rows, depth); s.errors == floor {
			return depth, s
		}
	}
}

// tree builds the canonical optimal tree of depth ≤ depth: at every node the
// leaf if it is optimal, else the lowest-index optimal feature.
func (bf *brute) tree(rows []int, depth int) *tree.Tree {
	b := tree.NewBuilder(bf.d.Domains(), bf.d.Classes())
	var grow func(n int, rows []int, depth, maj int)
	grow = func(n int, rows []int, depth, maj int) {
		c := bf.counts(rows)
		b.SetCounts(n, c)
		if len(rows) > 0 {
			maj = dataset.ArgMax(c)
		}
		want := bf.best(rows, depth)
		if bf.leaf(rows) == want {
			b.SetLeaf(n, maj)
			return
		}
		for f := range bf.used {
			if s, ok := bf.split(rows, f, depth); ok && s == want {
				bf.used[f] = true
				kids := b.SplitMultiway(n, f)
				for v, part := range bf.part(rows, f) {
					grow(kids[v], part, depth-1, maj)
				}
				bf.used[f] = false
				return
			}
		}
		panic("brute: no option reaches the best score")
	}
	grow(b.Root(), rows, depth, 0)
	return b.Tree()
}

// sameTree reports where two trees first differ in shape, tests, classes
// or counts, walking both from their roots ("" when equal).
func sameTree(a, b *tree.Tree) string {
	var walk func(x, y int, path string) string
	walk = func(x, y int, path string) string {
		if a.Feature[x] != b.Feature[y] || a.Class[x] != b.Class[y] {
			return fmt.Sprintf("at %q: feature %d class %d vs feature %d class %d", path, a.Feature[x], a.Class[x], b.Feature[y], b.Class[y])
		}
		if fmt.Sprint(a.NodeCounts(x)) != fmt.Sprint(b.NodeCounts(y)) {
			return fmt.Sprintf("at %q: counts %v vs %v", path, a.NodeCounts(x), b.NodeCounts(y))
		}
		ca, cb := a.Children(x), b.Children(y)
		for v := range ca {
			if d := walk(int(ca[v]), int(cb[v]), fmt.Sprintf("%s/f%d=%d", path, a.Feature[x], v)); d != "" {
				return d
			}
		}
		return ""
	}
	return walk(0, 0, "")
}

// trainingErrors counts the rows the tree misclassifies.
func trainingErrors(t *tree.Tree, d *dataset.Dataset, rows []int) int {
	n := 0
	var x []uint8
	for _, r := range rows {
		x = d.Row(r, x)
		if t.Predict(x) != int(d.Label(r)) {
			n++
		}
	}
	return n
}

// leastErrors counts the rows outside their input's majority class.
func leastErrors(d *dataset.Dataset, rows []int) int {
	byInput := map[string][]int{}
	var x []uint8
	for _, r := range rows {
		x = d.Row(r, x)
		c := byInput[string(x)]
		if c == nil {
			c = make([]int, d.Classes())
			byInput[string(x)] = c
		}
		c[d.Label(r)]++
	}
	n := 0
	for _, c := range byInput {
		for _, v := range c {
			n += v
		}
		n -= c[dataset.ArgMax(c)]
	}
	return n
}

// engine is one way a fit can go (see solve): the search alone, the
// lattice alone, or the search under work limits small enough that it
// hands over to the lattice at some point of its two phases.
type engine struct {
	name                        string
	maxCells, perTick, minTicks int
}

var engines = []engine{
	{"search", 0, cellsPerTick, minSearchTicks},
	{"lattice", maxLatticeCells, 1 << 30, minSearchTicks},
	{"hybrid", maxLatticeCells, 16, 0},         // hands over late, or never
	{"hybrid-early", maxLatticeCells, 1024, 0}, // hands over in phase 1 on 10 features
}

// use sets the package's engine variables for e and returns a function
// that restores them.
func (e engine) use() func() {
	cells, perTick, minTicks := maxLatticeCells, cellsPerTick, minSearchTicks
	maxLatticeCells, cellsPerTick, minSearchTicks = e.maxCells, e.perTick, e.minTicks
	return func() { maxLatticeCells, cellsPerTick, minSearchTicks = cells, perTick, minTicks }
}

// forEngines runs check in one subtest per engine, with that engine set.
func forEngines(t *testing.T, check func(t *testing.T)) {
	t.Helper()
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			defer e.use()()
			check(t)
		})
	}
}

// forEachPath runs test with the Go loops and, where the CPU has it, again
// with the AVX-512 kernels (useAVX512), as subtests "go" and "avx512".
func forEachPath(t *testing.T, test func(t *testing.T)) {
	has := useAVX512
	defer func() { useAVX512 = has }()
	useAVX512 = false
	t.Run("go", test)
	if !has {
		t.Log("this CPU has no AVX-512 VPOPCNTDQ: the kernels are not tested here")
		return
	}
	useAVX512 = true
	t.Run("avx512", test)
}

// pureSearcher returns the problem of all of d's rows and a searcher of
// pure trees over it (weights not exact, no time budget).
func pureSearcher(d *dataset.Dataset) (*problem, *searcher) {
	pr := newProblem(d, d.All())
	return pr, newSearcher(pr, false, pr.m, time.Time{}, false)
}

// opts returns the options of a fit with depth bound maxDepth (0: none)
// and objective obj, without a time budget, so that the result is a
// function of the rows alone.
func opts(maxDepth int, obj Objective) Options {
	return Options{MaxDepth: maxDepth, TimeBudget: "0", Objective: obj.String()}
}
