package cv

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestWekaFoldsMatchWeka compares Weka's fold assignment and each fold's
// training order, as Weka 3.6.14 itself makes them (testdata/WekaFolds.java,
// run on shared datasets: see the comment at its top), with ours, row by
// row, for seeds 1, 2 and 3.
func TestWekaFoldsMatchWeka(t *testing.T) {
	files, _ := filepath.Glob("testdata/weka-folds-*.txt")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			fx := readFoldFixture(t, file)
			for seed, want := range fx.folds {
				got := Weka(fx.labels, 10, seed)
				if !slices.Equal(got.Of, want) {
					t.Fatalf("seed %d: folds %v, Weka's %v", seed, got.Of, want)
				}
				for fold, order := range fx.train[seed] {
					if !slices.Equal(got.TrainOrder[fold], order) {
						t.Fatalf("seed %d fold %d: training order %v, Weka's %v", seed, fold, got.TrainOrder[fold], order)
					}
				}
			}
		})
	}
}

// foldFixture is one WekaFolds.java output: the class codes, the test fold
// of every row per seed, and per seed and fold the training rows in order.
type foldFixture struct {
	labels []uint8
	folds  map[int64][]int
	train  map[int64][][]int
}

func readFoldFixture(t *testing.T, path string) foldFixture {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fx := foldFixture{folds: map[int64][]int{}, train: map[int64][][]int{}}
	ints := func(fields []string) []int {
		out := make([]int, len(fields))
		for i, x := range fields {
			n, err := strconv.Atoi(x)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			out[i] = n
		}
		return out
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch fields[0] {
		case "labels":
			for _, c := range ints(fields[1:]) {
				fx.labels = append(fx.labels, uint8(c))
			}
		case "seed":
			seed := int64(ints(fields[1:2])[0])
			fx.folds[seed] = ints(fields[2:])
		case "train":
			head := ints(fields[1:3])
			seed, fold := int64(head[0]), head[1]
			if fold != len(fx.train[seed]) {
				t.Fatalf("%s: seed %d: fold %d out of order", path, seed, fold)
			}
			fx.train[seed] = append(fx.train[seed], ints(fields[3:]))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(fx.labels) == 0 || len(fx.folds) != 3 || len(fx.train) != 3 {
		t.Fatalf("%s: %d labels, %d seeds, %d seeds with training orders", path, len(fx.labels), len(fx.folds), len(fx.train))
	}
	return fx
}

// TestStratifiedKeepsProportions: every fold holds each class's share to
// within one row, and fold sizes differ by at most one.
func TestStratifiedKeepsProportions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		counts []int
		k      int
	}{{[]int{50, 50}, 10}, {[]int{2400, 800}, 10}, {[]int{7, 13, 1, 30}, 5}, {[]int{3, 3}, 3}} {
		var labels []uint8
		for c, n := range tc.counts {
			for range n {
				labels = append(labels, uint8(c))
			}
		}
		rng.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
		f := Stratified(labels, tc.k, rng)
		sizes := make([]int, tc.k)
		perClass := make([][]int, len(tc.counts))
		for c := range perClass {
			perClass[c] = make([]int, tc.k)
		}
		for i, fold := range f.Of {
			sizes[fold]++
			perClass[labels[i]][fold]++
		}
		for fold := range tc.k {
			if lo, hi := len(labels)/tc.k, (len(labels)+tc.k-1)/tc.k; sizes[fold] < lo || sizes[fold] > hi {
				t.Errorf("%v/%d: fold %d has %d rows, want %d..%d", tc.counts, tc.k, fold, sizes[fold], lo, hi)
			}
			for c, n := range tc.counts {
				share := float64(n) / float64(tc.k)
				if got := float64(perClass[c][fold]); got < share-1 || got > share+1 {
					t.Errorf("%v/%d: fold %d has %v rows of class %d, want %.1f ± 1", tc.counts, tc.k, fold, got, c, share)
				}
			}
		}
	}
}

// TestWekaStratifyKeepsProportions checks WekaStratify and TestBlock on
// rows in an order of their own (not 0..n−1; dataset rows, as SimpleCart's
// internal folds pass them): the blocks tile the list, every row is in one
// block, each block's class counts are within one of proportional, and the
// same seed gives the same blocks.
func TestWekaStratifyKeepsProportions(t *testing.T) {
	for _, n := range []int{7, 10, 101, 1000} {
		for _, k := range []int{2, 5, 10} {
			if k > n {
				continue
			}
			rng := rand.New(rand.NewPCG(uint64(n), uint64(k)))
			labels := make([]uint8, 2*n) // rows 0..2n−1; n of them are stratified
			for i := range labels {
				labels[i] = uint8(rng.IntN(3))
			}
			rows := rng.Perm(2 * n)[:n]
			classCount := make([]int, 3)
			for _, r := range rows {
				classCount[labels[r]]++
			}
			again := slices.Clone(rows)
			WekaRandomize(rows, NewJavaRandom(int64(n)))
			WekaRandomize(again, NewJavaRandom(int64(n)))
			rows, again = WekaStratify(rows, labels, k), WekaStratify(again, labels, k)
			if !slices.Equal(rows, again) {
				t.Fatalf("n=%d k=%d: same seed, different folds", n, k)
			}
			seen := map[int]bool{}
			next := 0
			for i := range k {
				first, size := TestBlock(n, k, i)
				if first != next {
					t.Fatalf("n=%d k=%d: fold %d starts at %d; want %d", n, k, i, first, next)
				}
				next += size
				got := make([]int, 3)
				for _, r := range rows[first : first+size] {
					if seen[r] {
						t.Fatalf("n=%d k=%d: row %d in two folds", n, k, r)
					}
					seen[r] = true
					got[labels[r]]++
				}
				for c, x := range got {
					if want := float64(classCount[c]) / float64(k); math.Abs(float64(x)-want) >= 1 {
						t.Errorf("n=%d k=%d: fold %d has %d rows of class %d; want about %.1f", n, k, i, x, c, want)
					}
				}
			}
			if next != n || len(seen) != n {
				t.Errorf("n=%d k=%d: folds cover %d rows, %d distinct", n, k, next, len(seen))
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		k, n, minClass int
		ok             bool
	}{{10, 100, 10, true}, {10, 100, 9, false}, {1, 100, 50, false}, {11, 10, 5, false}, {2, 2, 1, false}, {2, 4, 2, true}} {
		if err := Check(tc.k, tc.n, tc.minClass); (err == nil) != tc.ok {
			t.Errorf("Check(%d, %d, %d) = %v, want ok %v", tc.k, tc.n, tc.minClass, err, tc.ok)
		}
	}
}
