package train

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
)

// The fixtures testdata/WekaTreeDump.java writes: Weka's trees node by
// node, and its 10-fold cross-validation results.

// dumpNode is one node line of a WekaTreeDump fixture.
type dumpNode struct {
	depth   int
	kind    string // L leaf, N numeric split (x < split first), J J48's numeric split (x <= split first), S nominal subset split, M multiway split
	class   int    // L
	feature int    // N, S, M
	split   float64
	values  []int     // S: the values of the first child
	weights []float64 // nil for "-"
}

// dumpCV is one cv line: correct rows and mean absolute error of a 10-fold
// cross-validation with a seed.
type dumpCV struct {
	seed    int64
	correct int
	mae     float64
}

// dumpSet is a fixture's entry for one dataset.
type dumpSet struct {
	tree []dumpNode
	cv   []dumpCV
}

// readDump reads a WekaTreeDump fixture, by dataset name, in file order
// (names).
func readDump(t *testing.T, path string) (map[string]*dumpSet, []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sets := map[string]*dumpSet{}
	var names []string
	var cur *dumpSet
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		bad := func(err error) {
			t.Helper()
			t.Fatalf("%s:%d: %q: %v", path, line, sc.Text(), err)
		}
		switch fs[0] {
		case "tree":
			cur = &dumpSet{}
			sets[fs[1]] = cur
			names = append(names, fs[1])
		case "cv":
			var c dumpCV
			if _, err := fmt.Sscan(strings.Join(fs[2:], " "), &c.seed, &c.correct, &c.mae); err != nil {
				bad(err)
			}
			sets[fs[1]].cv = append(sets[fs[1]].cv, c)
		default:
			n, err := parseDumpNode(fs)
			if err != nil {
				bad(err)
			}
			cur.tree = append(cur.tree, n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sets, names
}

func parseDumpNode(fs []string) (dumpNode, error) {
	var n dumpNode
	var err error
	if len(fs) < 3 {
		return n, fmt.Errorf("short line")
	}
	if n.depth, err = strconv.Atoi(fs[0]); err != nil {
		return n, err
	}
	n.kind = fs[1]
	rest := fs[2:]
	atoi := func() int {
		v, e := strconv.Atoi(rest[0])
		if e != nil {
			err = e
		}
		rest = rest[1:]
		return v
	}
	switch n.kind {
	case "L":
		n.class = atoi()
	case "N", "J":
		n.feature = atoi()
		if n.split, err = strconv.ParseFloat(rest[0], 64); err != nil {
			return n, err
		}
		rest = rest[1:]
	case "S":
		n.feature = atoi()
		for _, v := range strings.Split(rest[0], ",") {
			x, e := strconv.Atoi(v)
			if e != nil {
				return n, e
			}
			n.values = append(n.values, x)
		}
		rest = rest[1:]
	case "M":
		n.feature = atoi()
	default:
		return n, fmt.Errorf("unknown node kind %q", n.kind)
	}
	if err != nil {
		return n, err
	}
	if len(rest) == 1 && rest[0] == "-" {
		return n, nil
	}
	for _, w := range rest {
		x, e := strconv.ParseFloat(w, 64)
		if e != nil {
			return n, e
		}
		n.weights = append(n.weights, x)
	}
	return n, nil
}

// String prints the node as WekaTreeDump does (Go's float formatting).
func (n dumpNode) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d %s", n.depth, n.kind)
	switch n.kind {
	case "L":
		fmt.Fprintf(&sb, " %d", n.class)
	case "N", "J":
		fmt.Fprintf(&sb, " %d %v", n.feature, n.split)
	case "S":
		s := make([]string, len(n.values))
		for i, v := range n.values {
			s[i] = strconv.Itoa(v)
		}
		fmt.Fprintf(&sb, " %d %s", n.feature, strings.Join(s, ","))
	case "M":
		fmt.Fprintf(&sb, " %d", n.feature)
	}
	if n.weights == nil {
		sb.WriteString(" -")
	}
	for _, w := range n.weights {
		fmt.Fprintf(&sb, " %v", w)
	}
	return sb.String()
}

// equal reports whether two nodes are the same, floats compared exactly.
func (n dumpNode) equal(o dumpNode) bool {
	if n.depth != o.depth || n.kind != o.kind || n.class != o.class || n.feature != o.feature ||
		len(n.values) != len(o.values) || len(n.weights) != len(o.weights) || (n.weights == nil) != (o.weights == nil) {
		return false
	}
	if (n.kind == "N" || n.kind == "J") && n.split != o.split {
		return false
	}
	for i := range n.values {
		if n.values[i] != o.values[i] {
			return false
		}
	}
	for i := range n.weights {
		if n.weights[i] != o.weights[i] {
			return false
		}
	}
	return true
}

// checkDumpTree compares a tree (as dump lines) with Weka's, node for
// node, and reports the first difference with its context.
func checkDumpTree(t *testing.T, name string, got, want []dumpNode) {
	t.Helper()
	if d := firstTreeDifference(name, got, want); d != "" {
		t.Error(d)
	}
}

// firstTreeDifference describes the first node where got and want differ,
// "" when they are the same tree.
func firstTreeDifference(name string, got, want []dumpNode) string {
	for i := range max(len(got), len(want)) {
		if i < len(got) && i < len(want) && got[i].equal(want[i]) {
			continue
		}
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i].String()
		}
		if i < len(want) {
			w = want[i].String()
		}
		return fmt.Sprintf("%s: %d nodes, Weka's %d; node %d (preorder) is\n\t%s\nWeka's\n\t%s", name, len(got), len(want), i, g, w)
	}
	return ""
}

// wekaCV cross-validates l on every row of d in Weka's folds with seed
// (cv.Weka; each fold's training rows in Weka's order, FitOrdered when l
// follows it) and returns what Weka's Evaluation counts: the rows whose
// first most probable class (above 0) is theirs, and the mean absolute
// error of the class probabilities.
func wekaCV(t *testing.T, l Learner, d *dataset.Dataset, seed int64) (int, float64) {
	t.Helper()
	folds := cv.Weka(d.Labels(), 10, seed)
	correct, sumAbs := 0, 0.0
	dist := make([]float64, d.Classes())
	var x []float64
	for fold := range 10 {
		train := folds.TrainOrder[fold]
		var m Model
		var err error
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(fold)))
		if ol, ok := l.(OrderedLearner); ok {
			m, err = ol.FitOrdered(d, train, rng)
		} else {
			m, err = l.Fit(d, rowSet(d.Len(), train), rng)
		}
		if err != nil {
			t.Fatal(err)
		}
		vd := m.(ValuesDistributor)
		for _, r := range folds.Test(fold) {
			x = d.Values(r, x)
			vd.DistributionValues(x, dist)
			c, best := -1, 0.0
			for j, p := range dist {
				if p > best {
					c, best = j, p
				}
			}
			if c == int(d.Label(r)) {
				correct++
			}
			e := 0.0
			for j, p := range dist {
				e += math.Abs(p - float64(bool2int(j == int(d.Label(r)))))
			}
			sumAbs += e / float64(d.Classes())
		}
	}
	return correct, sumAbs / float64(d.Len())
}

// checkDumpCV compares wekaCV's results with the fixture's cv lines:
// the same correct rows, and the mean absolute error within 1e-9 (Weka
// sums it in another order).
func checkDumpCV(t *testing.T, name string, l Learner, d *dataset.Dataset, want []dumpCV) {
	t.Helper()
	checkDumpCVWithin(t, name, l, d, want, 0, 1e-9)
}

// checkDumpCVWithin is checkDumpCV allowing rows correct rows of
// difference and mae of mean absolute error.
func checkDumpCVWithin(t *testing.T, name string, l Learner, d *dataset.Dataset, want []dumpCV, rows int, maeTol float64) {
	t.Helper()
	if len(want) == 0 {
		t.Errorf("%s: no cross-validation in the fixture", name)
	}
	for _, w := range want {
		correct, mae := wekaCV(t, l, d, w.seed)
		if rows > 0 || maeTol > 1e-9 {
			t.Logf("%s seed %d: %d rows correct, mean absolute error %.10f; Weka's %d, %.10f", name, w.seed, correct, mae, w.correct, w.mae)
		}
		if correct < w.correct-rows || correct > w.correct+rows || math.Abs(mae-w.mae) > maeTol {
			t.Errorf("%s seed %d: %d rows correct, mean absolute error %.10f; Weka's %d, %.10f", name, w.seed, correct, mae, w.correct, w.mae)
		}
	}
}
