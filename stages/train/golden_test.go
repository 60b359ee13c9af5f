package train

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/tree"
)

// update rewrites the golden files in testdata instead of comparing
// against them: go test ./stages/train/ -run Golden -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenTreesFile holds, per (dataset, learner) case, the node count and a
// SHA-256 of every array of the tree the greedy learners grew when it was
// written. Speed work on the growers must leave every line unchanged.
const goldenTreesFile = "testdata/golden_trees.txt"

// goldenLearners are the greedy learners and option sets the golden
// trees cover: every splitter, stopping rule and pruning mode.
func goldenLearners() []struct {
	name string
	l    Learner
} {
	c45NoCollapse := unprunedC45()
	c45NoCollapse.MinLeaf, c45NoCollapse.Collapse = 1, false
	return []struct {
		name string
		l    Learner
	}{
		{"id3", ID3{}},
		{"id3-depth4", ID3{Options: ID3Options{MaxDepth: 4}}},
		{"c45-unpruned", C45{Options: unprunedC45()}},
		{"c45-unpruned-m1-nocollapse", C45{Options: c45NoCollapse}},
		{"c45-pruned", C45{Options: DefaultC45Options()}},
		{"cart-unpruned", CART{Options: CARTOptions{MinLeaf: 2, Pruning: CARTPruneNone, Folds: 5, Heuristic: true}}},
		{"cart-unpruned-m1-exhaustive", CART{Options: CARTOptions{MinLeaf: 1, Pruning: CARTPruneNone, Folds: 5, Heuristic: false}}},
		{"cart-ccp", CART{Options: DefaultCARTOptions()}},
		{"randomtree", RandomTree{Options: DefaultRandomTreeOptions()}},
		{"randomtree-k1", RandomTree{Options: RandomTreeOptions{K: 1, MinLeaf: 1}}},
		{"randomtree-k3-m2-depth6", RandomTree{Options: RandomTreeOptions{K: 3, MinLeaf: 2, MaxDepth: 6}}},
	}
}

// goldenData is one training set of the golden trees: a dataset and the
// rows to fit on.
type goldenData struct {
	name string
	d    *dataset.Dataset
	rows dataset.Bitset
}

// goldenDatasets returns the synthetic golden training sets: noise-free
// and noisy oracle samples (binary and multi-valued features, 2 to 5
// classes), the benchmarks' two tiers, row subsets and a wide set.
func goldenDatasets(t *testing.T) []goldenData {
	var out []goldenData
	add := func(name string, d *dataset.Dataset, rows dataset.Bitset) {
		if rows == nil {
			rows = d.All()
		}
		out = append(out, goldenData{name, d, rows})
	}
	for seed := range uint64(6) {
		add(fmt.Sprintf("bin10-n3000-s%d", seed), oracleData(t, seed, repeat(2, 10), 2, 8, 3000), nil)
	}
	add("bin20-n100000-s1", oracleData(t, 1, repeat(2, 20), 2, 8, 100_000), nil)
	for seed := range uint64(4) {
		add(fmt.Sprintf("mixed-k3-s%d", seed), oracleData(t, seed, []int{2, 3, 4, 5, 3, 2, 6, 2}, 3, 4, 2500), nil)
		add(fmt.Sprintf("noisy-bin12-s%d", seed), noisyData(t, seed, repeat(2, 12), 2, 6, 5000, 0.15), nil)
	}
	for seed := range uint64(3) {
		add(fmt.Sprintf("noisy-mixed-k4-s%d", seed), noisyData(t, seed, []int{3, 3, 4, 2, 5, 2, 3, 7, 2, 2}, 4, 5, 4000, 0.2), nil)
	}
	add("wide-bin40-n20000", noisyData(t, 9, repeat(2, 40), 2, 10, 20_000, 0.05), nil)
	add("many-values-k5", noisyData(t, 11, []int{12, 9, 2, 16, 3, 5}, 5, 4, 3000, 0.1), nil)
	sub := func(d *dataset.Dataset, seed uint64, p float64) dataset.Bitset {
		rng := rand.New(rand.NewPCG(seed, 0x5b))
		b := dataset.NewBitset(d.Len())
		for r := range d.Len() {
			if rng.Float64() < p {
				b.Set(r)
			}
		}
		return b
	}
	d := oracleData(t, 0, repeat(2, 10), 2, 8, 3000)
	add("bin10-n3000-s0-subset60", d, sub(d, 1, 0.6))
	d = noisyData(t, 0, []int{3, 3, 4, 2, 5, 2, 3, 7, 2, 2}, 4, 5, 4000, 0.2)
	add("noisy-mixed-k4-s0-subset50", d, sub(d, 2, 0.5))
	d = oracleData(t, 1, repeat(2, 20), 2, 8, 100_000)
	add("bin20-n100000-s1-subset30", d, sub(d, 3, 0.3))

	return out
}

// treeDigest returns a SHA-256 over every array of t, in hex.
func treeDigest(t *tree.Tree) string {
	h := sha256.New()
	w := func(xs ...int32) {
		_ = binary.Write(h, binary.LittleEndian, int32(len(xs)))
		_ = binary.Write(h, binary.LittleEndian, xs)
	}
	dom := make([]int32, len(t.Domains))
	for i, z := range t.Domains {
		dom[i] = int32(z)
	}
	w(dom...)
	w(int32(t.Classes))
	w(t.Feature...)
	w(t.Class...)
	w(t.Offset...)
	w(t.Child...)
	w(t.Counts...)
	return hex.EncodeToString(h.Sum(nil))
}

// readGolden reads a golden file of "case nodes digest" lines.
func readGolden(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v (run with -update to create it)", path, err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out[name] = rest
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return out
}

// goldenSharedFile holds the golden trees of the shared real datasets
// (goldenShared), kept apart from goldenTreesFile so that each file lists
// exactly the cases that must run: every line of it runs whenever
// ../shared/datasets is present.
const goldenSharedFile = "testdata/golden_trees_shared.txt"

// goldenShared returns the golden training sets from the shared real
// datasets, or skips t when ../shared/datasets is absent. A dataset that
// is present but does not read is a failure, not a skip. They are read by
// the importer as the benchmark study reads them (readShared): the ARFF
// files with their declared values, breast-cancer's, vote's and soybean's
// missing values a value "?" of their own; the .data files with their
// values in sorted order (sortedCodes), the coding their trees were first
// recorded with.
func goldenShared(t *testing.T) []goldenData {
	datasetsDir(t)
	var out []goldenData
	for _, s := range []struct {
		name   string
		sorted bool
	}{
		{"weather-nominal", false},
		{"contact-lenses", false},
		{"car", true},
		{"tic-tac-toe", true},
		{"nursery", true},
		{"breast-cancer", false},
		{"vote", false},
		{"soybean", false},
	} {
		d := readShared(t, s.name, importer.MissingCategory)
		if s.sorted {
			d = sortedCodes(t, d)
		}
		out = append(out, goldenData{s.name, d, d.All()})
	}
	return out
}

// goldenFits fits every golden learner on every training set with two
// seeds and returns each tree's "nodes digest", by case name.
func goldenFits(t *testing.T, sets []goldenData) map[string]string {
	got := map[string]string{}
	for _, gd := range sets {
		for _, gl := range goldenLearners() {
			for seed := range uint64(2) {
				tr := fitTree(t, gl.l, gd.d, gd.rows, seed)
				got[fmt.Sprintf("%s/%s/seed%d", gd.name, gl.name, seed)] = fmt.Sprintf("%d %s", tr.Len(), treeDigest(tr))
			}
		}
	}
	return got
}

// writeGolden writes a golden file of "case nodes digest" lines, sorted.
func writeGolden(t *testing.T, path string, got map[string]string) {
	t.Helper()
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	var sb strings.Builder
	sb.WriteString("# case nodes sha256(tree arrays); rewritten by go test -run TestGoldenTrees -update\n")
	for _, name := range names {
		sb.WriteString(name + " " + got[name] + "\n")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkGolden compares the trees grown with the golden file at path:
// every case grown must be there with the same tree, and every case
// there must have been grown.
func checkGolden(t *testing.T, path string, got map[string]string) {
	t.Helper()
	if *update {
		writeGolden(t, path, got)
		return
	}
	want := readGolden(t, path)
	for name, g := range got {
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: no golden tree (run with -update)", name)
		case g != w:
			t.Errorf("%s: tree (nodes, digest) = %s; want %s", name, g, w)
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s: golden case not run", name)
		}
	}
}

// TestGoldenTrees fits every greedy learner on every golden training set
// (seeded generators, so randomtree and cart's pruning folds repeat) and
// checks that each tree is, array for array, the tree recorded in
// testdata: changes for speed must not change a single learned tree. The
// shared real datasets' cases skip, saying so, when ../shared/datasets is
// absent; any other case that does not run is a failure.
func TestGoldenTrees(t *testing.T) {
	if testing.Short() {
		t.Skip("golden trees take a few seconds")
	}
	t.Run("synthetic", func(t *testing.T) {
		checkGolden(t, goldenTreesFile, goldenFits(t, goldenDatasets(t)))
	})
	t.Run("shared", func(t *testing.T) {
		checkGolden(t, goldenSharedFile, goldenFits(t, goldenShared(t)))
	})
}
