package tree

import (
	"slices"
	"testing"
)

// Weather feature codes (Quinlan's PlayTennis data, in the ARFF's order).
const (
	outlook, temperature, humidity, windy = 0, 1, 2, 3
	sunny, overcast, rainy                = 0, 1, 2
	high, normal                          = 0, 1
	windTrue, windFalse                   = 0, 1
	yes, no                               = 0, 1
)

// weatherTree builds ID3's textbook tree for the weather data, with the
// training counts of every node ([yes, no]):
//
//	0 outlook: sunny → 1, overcast → 2, rainy → 3
//	1 humidity: high → 4 (no), normal → 5 (yes)
//	3 windy: TRUE → 6 (no), FALSE → 7 (yes)
func weatherTree(t testing.TB) *Tree {
	b := NewBuilder([]int{3, 3, 2, 2}, 2)
	root := b.Root()
	kids := b.SplitMultiway(root, outlook)
	hum := b.SplitMultiway(kids[sunny], humidity)
	b.SetLeaf(hum[high], no)
	b.SetLeaf(hum[normal], yes)
	b.SetLeaf(kids[overcast], yes)
	wind := b.SplitMultiway(kids[rainy], windy)
	b.SetLeaf(wind[windTrue], no)
	b.SetLeaf(wind[windFalse], yes)
	counts := [][]int{{9, 5}, {2, 3}, {4, 0}, {3, 2}, {0, 3}, {2, 0}, {0, 2}, {3, 0}}
	for n, c := range counts {
		b.SetCounts(n, c)
	}
	tr := b.Tree()
	if err := tr.Validate(); err != nil {
		t.Fatalf("weather tree: Validate() = %v", err)
	}
	return tr
}

// weatherRule is the weather tree written as plain code: the independent
// truth for Predict, and the leaf each input should reach.
func weatherRule(x []uint8) (leaf, class int) {
	switch x[outlook] {
	case sunny:
		if x[humidity] == high {
			return 4, no
		}
		return 5, yes
	case overcast:
		return 2, yes
	default:
		if x[windy] == windTrue {
			return 6, no
		}
		return 7, yes
	}
}

// subsetTree builds a CART-style tree with shared branches and a feature
// tested twice on one path, over domains [3, 2] and 3 classes:
//
//	0 f0: {0, 2} → 1, {1} → 2
//	1 f0: {0, 1} → 3 (class 0), {2} → 4 (class 1)
//	2 f1: 0 → 5 (class 2), 1 → 6 (class 0)
func subsetTree(t testing.TB) *Tree {
	b := NewBuilder([]int{3, 2}, 3)
	kids := b.Split(b.Root(), 0, []int{0, 1, 0})
	left := b.Split(kids[0], 0, []int{0, 0, 1})
	b.SetLeaf(left[0], 0)
	b.SetLeaf(left[1], 1)
	right := b.SplitMultiway(kids[1], 1)
	b.SetLeaf(right[0], 2)
	b.SetLeaf(right[1], 0)
	tr := b.Tree()
	if err := tr.Validate(); err != nil {
		t.Fatalf("subset tree: Validate() = %v", err)
	}
	return tr
}

// subsetRule is subsetTree as plain code.
func subsetRule(x []uint8) (leaf, class int) {
	switch {
	case x[0] == 1 && x[1] == 0:
		return 5, 2
	case x[0] == 1:
		return 6, 0
	case x[0] == 0:
		return 3, 0
	default:
		return 4, 1
	}
}

// inputs returns every input over the given domains, in mixed-radix order.
func inputs(domains []int) [][]uint8 {
	out := [][]uint8{make([]uint8, len(domains))}
	for f := len(domains) - 1; f >= 0; f-- {
		var next [][]uint8
		for _, x := range out {
			for v := range domains[f] {
				y := slices.Clone(x)
				y[f] = uint8(v)
				next = append(next, y)
			}
		}
		out = next
	}
	return out
}

func TestApplyPredict(t *testing.T) {
	cases := []struct {
		name string
		tree *Tree
		rule func([]uint8) (int, int)
		want int // number of inputs
	}{
		{"weather", weatherTree(t), weatherRule, 36},
		{"subset", subsetTree(t), subsetRule, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			all := inputs(tc.tree.Domains)
			if len(all) != tc.want {
				t.Fatalf("%d inputs; want %d", len(all), tc.want)
			}
			for _, x := range all {
				leaf, class := tc.rule(x)
				if got := tc.tree.Apply(x); got != leaf {
					t.Errorf("Apply(%v) = %d; want %d", x, got, leaf)
				}
				if got := tc.tree.Predict(x); got != class {
					t.Errorf("Predict(%v) = %d; want %d", x, got, class)
				}
			}
		})
	}
}

func TestStructure(t *testing.T) {
	cases := []struct {
		name     string
		tree     *Tree
		parents  []int32
		depth    int
		leaves   int
		paths    map[int][]int
		branches map[int][]Branch
		children map[int][]int32
	}{
		{
			name:    "weather",
			tree:    weatherTree(t),
			parents: []int32{-1, 0, 0, 0, 1, 1, 3, 3},
			depth:   2,
			leaves:  5,
			paths:   map[int][]int{0: {0}, 2: {0, 2}, 5: {0, 1, 5}, 6: {0, 3, 6}},
			branches: map[int][]Branch{
				0: {{1, 0b001}, {2, 0b010}, {3, 0b100}},
				1: {{4, 0b01}, {5, 0b10}},
				2: nil,
			},
			children: map[int][]int32{0: {1, 2, 3}, 3: {6, 7}, 7: nil},
		},
		{
			name:    "subset",
			tree:    subsetTree(t),
			parents: []int32{-1, 0, 0, 1, 1, 2, 2},
			depth:   2,
			leaves:  4,
			paths:   map[int][]int{4: {0, 1, 4}, 5: {0, 2, 5}},
			branches: map[int][]Branch{
				0: {{1, 0b101}, {2, 0b010}},
				1: {{3, 0b011}, {4, 0b100}},
			},
			children: map[int][]int32{0: {1, 2, 1}, 1: {3, 3, 4}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tree
			if got := tr.Parents(); !slices.Equal(got, tc.parents) {
				t.Errorf("Parents() = %v; want %v", got, tc.parents)
			}
			if got := tr.Depth(); got != tc.depth {
				t.Errorf("Depth() = %d; want %d", got, tc.depth)
			}
			if got := tr.Leaves(); got != tc.leaves {
				t.Errorf("Leaves() = %d; want %d", got, tc.leaves)
			}
			for n, want := range tc.paths {
				if got := tr.Path(n); !slices.Equal(got, want) {
					t.Errorf("Path(%d) = %v; want %v", n, got, want)
				}
			}
			for n, want := range tc.branches {
				if got := tr.Branches(n); !slices.Equal(got, want) {
					t.Errorf("Branches(%d) = %v; want %v", n, got, want)
				}
			}
			for n, want := range tc.children {
				if got := tr.Children(n); !slices.Equal(got, want) {
					t.Errorf("Children(%d) = %v; want %v", n, got, want)
				}
			}
		})
	}
}

// TestPathMatchesApply checks Path against the walk Apply makes: for every
// input, the path to its leaf follows Next with the input's values.
func TestPathMatchesApply(t *testing.T) {
	for _, tr := range []*Tree{weatherTree(t), subsetTree(t)} {
		for _, x := range inputs(tr.Domains) {
			leaf := tr.Apply(x)
			path := tr.Path(leaf)
			if path[0] != 0 || path[len(path)-1] != leaf {
				t.Fatalf("Path(%d) = %v; want 0 … %d", leaf, path, leaf)
			}
			for i := 0; i+1 < len(path); i++ {
				n := path[i]
				if got := tr.Next(n, x[tr.Feature[n]]); got != path[i+1] {
					t.Fatalf("input %v: Next(%d) = %d; path says %d", x, n, got, path[i+1])
				}
			}
			if len(path)-1 > tr.Depth() {
				t.Fatalf("Path(%d) has %d tests, more than Depth() = %d", leaf, len(path)-1, tr.Depth())
			}
		}
	}
}

func TestNodeCounts(t *testing.T) {
	tr := weatherTree(t)
	if got := tr.NodeCounts(3); !slices.Equal(got, []int32{3, 2}) {
		t.Errorf("NodeCounts(3) = %v; want [3 2]", got)
	}
	// Counts of the children add up to their parent's.
	for n := range tr.Len() {
		if tr.IsLeaf(n) {
			continue
		}
		sum := make([]int32, tr.Classes)
		for _, br := range tr.Branches(n) {
			for c, k := range tr.NodeCounts(br.Child) {
				sum[c] += k
			}
		}
		if want := tr.NodeCounts(n); !slices.Equal(sum, want) {
			t.Errorf("node %d: children's counts sum to %v; want %v", n, sum, want)
		}
	}
	if got := subsetTree(t).NodeCounts(0); got != nil {
		t.Errorf("NodeCounts(0) without counts = %v; want nil", got)
	}
}

// TestSplitMultiwayRun: the run form builds the tree SplitMultiway
// builds, with the children it names, reserved room or not.
func TestSplitMultiwayRun(t *testing.T) {
	domains := []int{3, 2, 4}
	build := func(run bool, grow int) *Tree {
		b := NewBuilder(domains, 2)
		b.Grow(grow, grow)
		var kids []int
		if run {
			first := b.SplitMultiwayRun(b.Root(), 2)
			for v := range domains[2] {
				kids = append(kids, first+v)
			}
		} else {
			kids = b.SplitMultiway(b.Root(), 2)
		}
		for i, k := range kids {
			if i == 1 {
				sub := b.SplitMultiwayRun(k, 0)
				for v := range domains[0] {
					b.SetLeaf(sub+v, v%2)
				}
				continue
			}
			b.SetLeaf(k, i%2)
		}
		return b.Tree()
	}
	want := build(false, 0)
	if err := want.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, grow := range []int{0, 3, 100} {
		got := build(true, grow)
		if !slices.Equal(got.Feature, want.Feature) || !slices.Equal(got.Class, want.Class) ||
			!slices.Equal(got.Offset, want.Offset) || !slices.Equal(got.Child, want.Child) {
			t.Errorf("grow %d: run form %+v; want %+v", grow, got, want)
		}
	}
}

func TestSingleLeaf(t *testing.T) {
	b := NewBuilder([]int{2}, 2)
	b.SetLeaf(b.Root(), 1)
	tr := b.Tree()
	if err := tr.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	if got := tr.Predict([]uint8{0}); got != 1 {
		t.Errorf("Predict = %d; want 1", got)
	}
	if d, l := tr.Depth(), tr.Leaves(); d != 0 || l != 1 {
		t.Errorf("Depth, Leaves = %d, %d; want 0, 1", d, l)
	}
	if got := tr.Path(0); !slices.Equal(got, []int{0}) {
		t.Errorf("Path(0) = %v; want [0]", got)
	}
}

func TestDistribution(t *testing.T) {
	// Root tests f0 (3 values): value 0 → leaf (3 of class 0, 1 of class 1),
	// value 1 → leaf with no rows, value 2 → leaf (0, 2). Root counts (3, 3).
	b := NewBuilder([]int{3}, 2)
	root := b.Root()
	kids := b.Split(root, 0, []int{0, 1, 2})
	b.SetLeaf(kids[0], 0)
	b.SetLeaf(kids[1], 0)
	b.SetLeaf(kids[2], 1)
	b.SetCounts(root, []int{3, 3})
	b.SetCounts(kids[0], []int{3, 1})
	b.SetCounts(kids[1], []int{0, 0})
	b.SetCounts(kids[2], []int{0, 2})
	tr := b.Tree()
	dst := make([]float64, 2)
	for _, tc := range []struct {
		x    uint8
		want [2]float64
	}{{0, [2]float64{0.75, 0.25}}, {1, [2]float64{0.5, 0.5}}, {2, [2]float64{0, 1}}} {
		tr.Distribution([]uint8{tc.x}, dst)
		if dst[0] != tc.want[0] || dst[1] != tc.want[1] {
			t.Errorf("Distribution(%d) = %v; want %v", tc.x, dst, tc.want)
		}
	}
	// Without counts: one-hot on the prediction.
	b2 := NewBuilder([]int{2}, 3)
	b2.SetLeaf(b2.Root(), 2)
	d3 := make([]float64, 3)
	b2.Tree().Distribution([]uint8{0}, d3)
	if d3[2] != 1 || d3[0] != 0 {
		t.Errorf("Distribution without counts = %v", d3)
	}
}
