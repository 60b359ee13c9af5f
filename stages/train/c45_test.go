package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/info"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// unprunedC45 is J48 -U: grown and collapsed, not pruned.
func unprunedC45() C45Options {
	o := DefaultC45Options()
	o.Pruning = PruningNone
	return o
}

// TestC45Textbook checks J48's published trees: on Quinlan's weather data
// (Witten, Frank & Hall, Data Mining, 3rd ed., Fig. 11.2 and Weka's own
// output) pruned and unpruned trees are the same; on contact-lenses, the
// pruned tree of Weka's documentation. Unpruned contact-lenses is the same
// tree, because J48's collapse merges the astigmatism = no subtree (age
// splits it into three leaves, one of them soft (2.0/1.0), so the subtree
// makes the 1 training error its root makes as a leaf); without collapse
// (J48 -U -O) that subtree stays.
func TestC45Textbook(t *testing.T) {
	weather := `outlook = sunny
|   humidity = high: no (3.0)
|   humidity = normal: yes (2.0)
outlook = overcast: yes (4.0)
outlook = rainy
|   windy = TRUE: no (2.0)
|   windy = FALSE: yes (3.0)`
	lenses := `tear-prod-rate = reduced: none (12.0)
tear-prod-rate = normal
|   astigmatism = no: soft (6.0/1.0)
|   astigmatism = yes
|   |   spectacle-prescrip = myope: hard (3.0)
|   |   spectacle-prescrip = hypermetrope: none (3.0/1.0)`
	lensesNoCollapse := `tear-prod-rate = reduced: none (12.0)
tear-prod-rate = normal
|   astigmatism = no
|   |   age = young: soft (2.0)
|   |   age = pre-presbyopic: soft (2.0)
|   |   age = presbyopic: soft (2.0/1.0)
|   astigmatism = yes
|   |   spectacle-prescrip = myope: hard (3.0)
|   |   spectacle-prescrip = hypermetrope: none (3.0/1.0)`
	noCollapse := unprunedC45()
	noCollapse.Collapse = false
	tests := []struct {
		name, data string
		opts       C45Options
		want       string
	}{
		{"weather pruned", "weather-nominal", DefaultC45Options(), weather},
		{"weather unpruned", "weather-nominal", unprunedC45(), weather},
		{"contact-lenses pruned", "contact-lenses", DefaultC45Options(), lenses},
		{"contact-lenses unpruned", "contact-lenses", unprunedC45(), lenses},
		{"contact-lenses unpruned, not collapsed", "contact-lenses", noCollapse, lensesNoCollapse},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := readShared(t, tc.data, importer.MissingCategory)
			tr := fitTree(t, C45{Options: tc.opts}, d, d.All(), 1)
			if got := j48Text(tr, d.Schema()); got != tc.want {
				t.Errorf("J48 tree:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestAddErrs checks Weka's Stats.addErrs at CF = 0.25, where
// z = Φ⁻¹(0.75) = 0.6744897501960817 and z² = 0.4549364231195724.
func TestAddErrs(t *testing.T) {
	tests := []struct {
		n, e, want float64
	}{
		// e = 0: n·(1 − 0.25^(1/n)).
		{1, 0, 0.75},               // 1·(1 − 0.25)
		{2, 0, 1},                  // 2·(1 − 0.5)
		{6, 0, 1.2377968440954012}, // 6·(1 − 0.7937005)
		{9, 0, 1.284804154322345},  // 9·(1 − 0.8572440)
		// e + 0.5 ≥ n: n − e.
		{1, 1, 0},
		{3, 2.5, 0.5},
		// Normal approximation, e.g. n = 16, e = 1: f = 1.5/16 = 0.09375,
		// r = (0.09375 + 0.0142168 + 0.6744898·√(0.0057544))/(1.0284335)
		//   = 0.1547322, and r·16 − 1 = 1.4757146.
		{16, 1, 1.4757146318372638},
		// n = 5, e = 2: f = 0.5, r = (0.5 + 0.0454936 + 0.6744898·√0.0545494)/1.0909873
		//   = 0.6443945, and r·5 − 2 = 1.2219723.
		{5, 2, 1.2219722686202368},
		{2, 1, 0.7914930432372691},
		// 0 < e < 1: linear between e = 0 and e = 1.
		{16, 0.5, 0.5*16*(1-math.Pow(0.25, 1.0/16)) + 0.5*1.4757146318372638},
	}
	for _, tc := range tests {
		if got := addErrs(tc.n, tc.e, 0.25); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("addErrs(%v, %v, 0.25) = %.12g; want %.12g", tc.n, tc.e, got, tc.want)
		}
	}
	// J48 keeps CF as a float32: at CF = 0.1f, z = Φ⁻¹(0.8999999761581421)
	// (1 − 0.1f in float32), not Φ⁻¹(0.9), which would give 2.5155122107.
	if got, want := addErrs(10, 3, 0.1), 2.515512005651564; math.Abs(got-want) > 1e-12 {
		t.Errorf("addErrs(10, 3, 0.1f) = %.13g; want %.13g", got, want)
	}
}

// dataOf builds a dataset from rows written as codes, the class last.
func dataOf(t *testing.T, domains []int, k int, rows [][]uint8) *dataset.Dataset {
	t.Helper()
	var x [][]uint8
	var y []uint8
	for _, r := range rows {
		x = append(x, r[:len(r)-1])
		y = append(y, r[len(r)-1])
	}
	d, err := dataset.FromRows(schemaFor(domains, k), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// times returns n copies of row.
func times(n int, row ...uint8) [][]uint8 {
	out := make([][]uint8, n)
	for i := range out {
		out[i] = row
	}
	return out
}

// concat joins row lists.
func concat(parts ...[][]uint8) [][]uint8 {
	var out [][]uint8
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TestC45SubtreeReplacement checks pessimistic pruning on Quinlan's
// (1993, §4.2) example, with Weka's estimates. f0 has three values: 6 rows
// of class c0, 9 rows of c0, and r rows of c1. Unpruned, the split stands
// (it makes no training error). Pruned, at CF = 0.25, with r = 1:
//
//	subtree: 6·(1−0.25^(1/6)) + 9·(1−0.25^(1/9)) + 1·(1−0.25)
//	       = 1.2378 + 1.2848 + 0.7500 = 3.2726
//	leaf:    1 + addErrs(16, 1) = 1 + 1.4757 = 2.4757
//	largest branch (the 9, a leaf, with all 16 rows): 2.4757
//
// and 2.4757 ≤ 3.2726 + 0.1 and ≤ 2.4757 + 0.1: the root becomes a leaf.
// With r = 4 the subtree costs 1.2378 + 1.2848 + 4·(1−0.25^(1/4)) =
// 2.5226 + 1.1716 = 3.6942 and the leaf 4 + addErrs(19, 4) = 4 + 1.8577 =
// 5.8577: the split stays.
func TestC45SubtreeReplacement(t *testing.T) {
	tests := []struct {
		r                      int
		unpruned, pruned       string
		subtree, leaf, largest float64
	}{
		{
			r:        1,
			unpruned: "f0 = v0: c0 (6.0)\nf0 = v1: c0 (9.0)\nf0 = v2: c1 (1.0)",
			pruned:   ": c0 (16.0/1.0)",
			subtree:  1.2377968440954012 + 1.284804154322345 + 0.75,
			leaf:     1 + 1.4757146318372638,
			largest:  1 + 1.4757146318372638,
		},
		{
			r:        4,
			unpruned: "f0 = v0: c0 (6.0)\nf0 = v1: c0 (9.0)\nf0 = v2: c1 (4.0)",
			pruned:   "f0 = v0: c0 (6.0)\nf0 = v1: c0 (9.0)\nf0 = v2: c1 (4.0)",
			subtree:  1.2377968440954012 + 1.284804154322345 + 4*(1-math.Sqrt(0.5)),
			leaf:     4 + 1.8576799118914646,
			largest:  4 + 1.8576799118914646,
		},
	}
	for _, tc := range tests {
		d := dataOf(t, []int{3}, 2, concat(times(6, 0, 0), times(9, 1, 0), times(tc.r, 2, 1)))
		unpruned := fitTree(t, C45{Options: unprunedC45()}, d, d.All(), 1)
		if got := j48Text(unpruned, d.Schema()); got != tc.unpruned {
			t.Fatalf("r = %d: unpruned:\n%s\nwant:\n%s", tc.r, got, tc.unpruned)
		}
		pruned := fitTree(t, C45{Options: DefaultC45Options()}, d, d.All(), 1)
		if got := j48Text(pruned, d.Schema()); got != tc.pruned {
			t.Errorf("r = %d: pruned:\n%s\nwant:\n%s", tc.r, got, tc.pruned)
		}
		p := &pruner{}
		p.load(unpruned, d, d.All(), true)
		p.setConfidence(0.25, d.Len())
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"subtree", p.treeEstimate(0), tc.subtree},
			{"leaf", p.estimate(p.nodeCounts(0)), tc.leaf},
			{"largest branch", p.branchEstimate(p.children(0)[1], 0), tc.largest},
		} {
			if math.Abs(c.got-c.want) > 1e-9 {
				t.Errorf("r = %d: %s estimate = %.10g; want %.10g", tc.r, c.name, c.got, c.want)
			}
		}
	}
}

// TestC45SubtreeRaising prunes a hand-made tree whose root's largest
// branch should replace it. Rows (f0, f1 → class): (0,0 → c0) ×6,
// (0,1 → c1) ×6, (1,0 → c0) ×1, (1,1 → c1) ×1. The tree tests f0 at the
// root; f0 = v0 (12 rows) tests f1 with pure leaves of 6; f0 = v1 is a
// leaf of 2 rows, 1 error. At CF = 0.25:
//
//	node f1 (12 rows): subtree 2·6·(1−0.25^(1/6)) = 2.4756, leaf
//	  6 + addErrs(12, 6) = 7.6246, largest branch the same 7.6246: kept.
//	root (14 rows): subtree 2.4756 + (1 + addErrs(2, 1)) = 2.4756 + 1.7915
//	  = 4.2671; leaf 7 + addErrs(14, 7) = 8.7230; largest branch f0 = v0
//	  with all 14 rows: its leaves get 7 rows each, 2·7·(1−0.25^(1/7)) =
//	  2.5153.
//
// The leaf loses (8.7230 > 2.5153 + 0.1), the largest branch wins
// (2.5153 ≤ 4.2671 + 0.1): the f1 subtree is raised to the root and the
// rows with f0 = v1 are redistributed into its leaves, which now hold 7
// rows each. Pruned again, it stays. Without subtree raising the root
// compares only leaf and subtree and keeps the tree as grown.
func TestC45SubtreeRaising(t *testing.T) {
	d := dataOf(t, []int{2, 2}, 2, concat(times(6, 0, 0, 0), times(6, 0, 1, 1), times(1, 1, 0, 0), times(1, 1, 1, 1)))
	b := tree.NewBuilder(d.Domains(), 2)
	root := b.Root()
	kids := b.SplitMultiway(root, 0)
	grand := b.SplitMultiway(kids[0], 1)
	b.SetLeaf(kids[1], 0)
	b.SetLeaf(grand[0], 0)
	b.SetLeaf(grand[1], 1)
	for n, c := range map[int][]int{root: {7, 7}, kids[0]: {6, 6}, kids[1]: {1, 1}, grand[0]: {6, 0}, grand[1]: {0, 6}} {
		b.SetCounts(n, c)
	}
	grown := b.Tree()
	grownText := "f0 = v0\n|   f1 = v0: c0 (6.0)\n|   f1 = v1: c1 (6.0)\nf0 = v1: c0 (2.0/1.0)"
	if got := j48Text(grown, d.Schema()); got != grownText {
		t.Fatalf("hand-made tree:\n%s\nwant:\n%s", got, grownText)
	}
	for _, tc := range []struct {
		raising bool
		want    string
		changed bool
	}{
		{true, "f1 = v0: c0 (7.0)\nf1 = v1: c1 (7.0)", true},
		{false, grownText, false},
	} {
		p := &pruner{}
		p.load(grown, d, d.All(), tc.raising)
		p.setConfidence(0.25, d.Len())
		if tc.raising {
			if got, want := p.branchEstimate(1, 0), 2*1.2576525079465344; math.Abs(got-want) > 1e-9 {
				t.Errorf("largest-branch estimate = %.10g; want %.10g", got, want)
			}
		}
		if got, want := p.treeEstimate(0), 2*1.2377968440954012+1.791493043237269; math.Abs(got-want) > 1e-9 {
			t.Errorf("subtree estimate = %.10g; want %.10g", got, want)
		}
		changed := p.pruneRoot()
		out := grown
		if changed {
			out = p.tree()
		}
		if err := out.Validate(); err != nil {
			t.Fatal(err)
		}
		if changed != tc.changed {
			t.Errorf("raising %v: changed = %v; want %v", tc.raising, changed, tc.changed)
		}
		if got := j48Text(out, d.Schema()); got != tc.want {
			t.Errorf("raising %v: pruned:\n%s\nwant:\n%s", tc.raising, got, tc.want)
		}
	}
}

// TestC45MinLeaf checks J48's -M: a split needs two branches of at least
// min_leaf rows (a third may be smaller), and a node of fewer than
// 2·min_leaf rows is a leaf.
func TestC45MinLeaf(t *testing.T) {
	oneVsFive := concat(times(1, 0, 1), times(5, 1, 0))
	threeThree := concat(times(3, 0, 1), times(3, 1, 0))
	small := concat(times(2, 0, 0), times(2, 1, 1), times(1, 2, 1))
	tests := []struct {
		name    string
		domain  int
		rows    [][]uint8
		minLeaf int
		want    string
	}{
		{"1 and 5 rows, M=1", 2, oneVsFive, 1, "f0 = v0: c1 (1.0)\nf0 = v1: c0 (5.0)"},
		{"1 and 5 rows, M=2: one branch too small", 2, oneVsFive, 2, ": c0 (6.0/1.0)"},
		{"3 and 3 rows, M=3", 2, threeThree, 3, "f0 = v0: c1 (3.0)\nf0 = v1: c0 (3.0)"},
		{"3 and 3 rows, M=4: 6 rows < 2·4", 2, threeThree, 4, ": c0 (6.0/3.0)"},
		{"2, 2 and 1 rows, M=2: the third branch may be small", 3, small, 2, "f0 = v0: c0 (2.0)\nf0 = v1: c1 (2.0)\nf0 = v2: c1 (1.0)"},
		{"2, 2 and 1 rows, M=3", 3, small, 3, ": c1 (5.0/2.0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := dataOf(t, []int{tc.domain}, 2, tc.rows)
			o := unprunedC45()
			o.MinLeaf = tc.minLeaf
			if got := j48Text(fitTree(t, C45{Options: o}, d, d.All(), 1), d.Schema()); got != tc.want {
				t.Errorf("min_leaf %d:\n%s\nwant:\n%s", tc.minLeaf, got, tc.want)
			}
		})
	}
}

// TestC45AverageGain checks the rule that decides between gain ratio and
// gain: on 16 rows (8 c0, 8 c1), f0 splits (2, 0) | (6, 8) and f1 splits
// (6, 2) | (2, 6). f0 has the larger gain ratio (0.1379/0.5436 = 0.2537
// against 0.1887/1 = 0.1887) but its gain 0.1379 is below the average
// 0.1633, so C4.5 splits on f1.
func TestC45AverageGain(t *testing.T) {
	d := dataOf(t, []int{2, 2}, 2, concat(
		times(2, 0, 0, 0), times(4, 1, 0, 0), times(2, 1, 1, 0), times(2, 1, 0, 1), times(6, 1, 1, 1)))
	ta, tb := []int{2, 0, 6, 8}, []int{6, 2, 2, 6}
	ga, gb := bruteGain(d, d.All().Rows(nil), 0), bruteGain(d, d.All().Rows(nil), 1)
	if math.Abs(ga-info.InfoGain(ta, 2)) > 1e-12 || math.Abs(gb-info.InfoGain(tb, 2)) > 1e-12 {
		t.Fatalf("the data do not have the intended tables: gains %g, %g", ga, gb)
	}
	if !(info.GainRatio(ta, 2) > info.GainRatio(tb, 2) && ga < (ga+gb)/2) {
		t.Fatalf("f0 must have the larger gain ratio and a below-average gain")
	}
	tr := fitTree(t, C45{Options: unprunedC45()}, d, d.All(), 1)
	if tr.Feature[0] != 1 {
		t.Errorf("root tests f%d; want f1 (f0 has a below-average gain)\n%s", tr.Feature[0], j48Text(tr, d.Schema()))
	}
}

// TestLearnerOptions checks the options of c45, randomtree and the naive
// learners as the registry builds them from config: defaults, accepted
// values, and bad values as *input.Error keyed learners.<name>.<option>.
func TestLearnerOptions(t *testing.T) {
	tests := []struct {
		name    string
		spec    Spec
		wantKey string // "" = no error
		wantMsg string
		check   func(t *testing.T, l Learner)
	}{
		{name: "c45 defaults are J48's", spec: Spec{Name: "c45"}, check: func(t *testing.T, l Learner) {
			if got := l.(C45).Options; got != (C45Options{MinLeaf: 2, Pruning: "pessimistic", Confidence: 0.25, SubtreeRaising: true, Collapse: true}) {
				t.Errorf("options = %+v", got)
			}
		}},
		{name: "c45 unpruned", spec: Spec{Name: "c45", Options: map[string]any{"pruning": "none", "min_leaf": 1, "collapse": false}}, check: func(t *testing.T, l Learner) {
			if got := l.(C45).Options; got.Pruning != "none" || got.MinLeaf != 1 || got.Collapse || !got.SubtreeRaising {
				t.Errorf("options = %+v", got)
			}
		}},
		{name: "c45 confidence 0.5", spec: Spec{Name: "c45", Options: map[string]any{"confidence": 0.5, "subtree_raising": false}}},
		{name: "c45 unknown pruning", spec: Spec{Name: "c45", Options: map[string]any{"pruning": "reduced-error"}},
			wantKey: "learners.c45.pruning", wantMsg: `must be "none" or "pessimistic", got "reduced-error"`},
		{name: "c45 confidence 0", spec: Spec{Name: "c45", Options: map[string]any{"confidence": 0}},
			wantKey: "learners.c45.confidence", wantMsg: "must be in (0, 0.5], got 0"},
		{name: "c45 confidence above 0.5", spec: Spec{Name: "c45", Options: map[string]any{"confidence": 0.6}},
			wantKey: "learners.c45.confidence", wantMsg: "must be in (0, 0.5], got 0.6"},
		{name: "c45 negative confidence", spec: Spec{Name: "c45", Options: map[string]any{"confidence": -0.25}},
			wantKey: "learners.c45.confidence", wantMsg: "must be in (0, 0.5]"},
		{name: "c45 NaN confidence", spec: Spec{Name: "c45", Options: map[string]any{"confidence": math.NaN()}},
			wantKey: "learners.c45.confidence", wantMsg: "want a finite number, got NaN"},
		{name: "c45 min_leaf 0", spec: Spec{Name: "c45", Options: map[string]any{"min_leaf": 0}},
			wantKey: "learners.c45.min_leaf", wantMsg: "must be >= 1, got 0"},
		{name: "c45 unknown option", spec: Spec{Name: "c45", Options: map[string]any{"binary_splits": true}},
			wantKey: "learners.c45.binary_splits", wantMsg: `unknown option "binary_splits"`},
		{name: "randomtree defaults", spec: Spec{Name: "randomtree"}, check: func(t *testing.T, l Learner) {
			if got := l.(RandomTree).Options; got != (RandomTreeOptions{K: 0, MinLeaf: 1, MaxDepth: 0}) {
				t.Errorf("options = %+v", got)
			}
		}},
		{name: "randomtree k", spec: Spec{Name: "randomtree", Options: map[string]any{"k": 3, "max_depth": 4, "min_leaf": 2}}, check: func(t *testing.T, l Learner) {
			if got := l.(RandomTree).Options; got != (RandomTreeOptions{K: 3, MinLeaf: 2, MaxDepth: 4}) {
				t.Errorf("options = %+v", got)
			}
		}},
		{name: "randomtree negative k", spec: Spec{Name: "randomtree", Options: map[string]any{"k": -1}},
			wantKey: "learners.randomtree.k", wantMsg: "must be >= 0 (0 = floor(log2 m) + 1), got -1"},
		{name: "randomtree min_leaf 0", spec: Spec{Name: "randomtree", Options: map[string]any{"min_leaf": 0}},
			wantKey: "learners.randomtree.min_leaf", wantMsg: "must be >= 1, got 0"},
		{name: "randomtree negative max_depth", spec: Spec{Name: "randomtree", Options: map[string]any{"max_depth": -2}},
			wantKey: "learners.randomtree.max_depth", wantMsg: "got -2"},
		{name: "naivebayes", spec: Spec{Name: "naivebayes", Options: map[string]any{}}},
		{name: "exact defaults", spec: Spec{Name: "exact"}},
		{name: "exact options", spec: Spec{Name: "exact", Options: map[string]any{"max_depth": 3, "time_budget": "90s", "objective": "depth"}}},
		{name: "exact negative max_depth", spec: Spec{Name: "exact", Options: map[string]any{"max_depth": -2}},
			wantKey: "learners.exact.max_depth", wantMsg: "must be >= 0 (0 = no bound), got -2"},
		{name: "exact budget not a duration", spec: Spec{Name: "exact", Options: map[string]any{"time_budget": "soon"}},
			wantKey: "learners.exact.time_budget", wantMsg: `want a non-negative duration such as 90s or 2m, got "soon"`},
		{name: "exact empty budget", spec: Spec{Name: "exact", Options: map[string]any{"time_budget": ""}},
			wantKey: "learners.exact.time_budget", wantMsg: `want a non-negative duration such as 90s or 2m, got ""`},
		{name: "exact negative budget", spec: Spec{Name: "exact", Options: map[string]any{"time_budget": "-1m"}},
			wantKey: "learners.exact.time_budget", wantMsg: `got "-1m"`},
		{name: "exact budget as a number", spec: Spec{Name: "exact", Options: map[string]any{"time_budget": 90}},
			wantKey: "learners.exact.time_budget"},
		{name: "exact unknown objective", spec: Spec{Name: "exact", Options: map[string]any{"objective": "leaves"}},
			wantKey: "learners.exact.objective", wantMsg: `want depth-then-leaves or depth, got "leaves"`},
		{name: "exact unknown option", spec: Spec{Name: "exact", Options: map[string]any{"timeout": "1m"}},
			wantKey: "learners.exact.timeout", wantMsg: `unknown option "timeout"`},
		{name: "naivebayes: an unknown option", spec: Spec{Name: "naivebayes", Options: map[string]any{"laplace": 1}},
			wantKey: "learners.naivebayes.laplace", wantMsg: `unknown option "laplace"`},
		{name: "intuitive takes no option", spec: Spec{Name: "intuitive", Options: map[string]any{"k": 1}},
			wantKey: "learners.intuitive.k", wantMsg: `unknown option "k"`},
		{name: "majority takes no option", spec: Spec{Name: "majority", Options: map[string]any{"class": 0}},
			wantKey: "learners.majority.class", wantMsg: `unknown option "class"`},
		{name: "random takes no option", spec: Spec{Name: "random", Options: map[string]any{"seed": 1}},
			wantKey: "learners.random.seed", wantMsg: `unknown option "seed"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := New(tc.spec)
			if tc.wantKey == "" {
				if err != nil {
					t.Fatalf("New(%+v): %v", tc.spec, err)
				}
				if tc.check != nil {
					tc.check(t, l)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("New(%+v) error = %v (%T); want *input.Error", tc.spec, err, err)
			}
			if ie.Key != tc.wantKey {
				t.Errorf("key = %q; want %q (error %v)", ie.Key, tc.wantKey, err)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) {
				t.Errorf("error %q does not contain %q", err, tc.wantMsg)
			}
		})
	}
}

// TestNaiveRegistered checks that the naive learners are registered and
// fitted through the registry as the models of package naive.
func TestNaiveRegistered(t *testing.T) {
	d := oracleData(t, 2, repeat(2, 6), 2, 3, 100)
	for name, want := range map[string]string{
		"naivebayes": "*naive.NaiveBayesModel",
		"intuitive":  "*naive.IntuitiveModel",
		"majority":   "*naive.MajorityModel",
		"random":     "*naive.RandomModel",
	} {
		l, err := New(Spec{Name: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := fmt.Sprintf("%T", m); got != want {
			t.Errorf("%s fits a %s; want %s", name, got, want)
		}
		if About(name) == "" {
			t.Errorf("%s has no description", name)
		}
	}
}
