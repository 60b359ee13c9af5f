package cv

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWekaFoldsMatchWeka compares Weka's fold assignment, as Weka 3.6.14
// itself makes it (testdata/WekaFolds.java, run on shared datasets: see the
// comment at its top), with ours, row by row, for seeds 1, 2 and 3.
func TestWekaFoldsMatchWeka(t *testing.T) {
	files, _ := filepath.Glob("testdata/weka-folds-*.txt")
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			labels, seeds := readFoldFixture(t, file)
			for seed, want := range seeds {
				got := Weka(labels, 10, seed)
				for i := range want {
					if got.Of[i] != want[i] {
						t.Fatalf("seed %d: row %d in fold %d, Weka's %d", seed, i, got.Of[i], want[i])
					}
				}
			}
		})
	}
}

func readFoldFixture(t *testing.T, path string) ([]uint8, map[int64][]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var labels []uint8
	seeds := map[int64][]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch fields[0] {
		case "labels":
			for _, x := range fields[1:] {
				n, _ := strconv.Atoi(x)
				labels = append(labels, uint8(n))
			}
		case "seed":
			seed, _ := strconv.ParseInt(fields[1], 10, 64)
			for _, x := range fields[2:] {
				n, _ := strconv.Atoi(x)
				seeds[seed] = append(seeds[seed], n)
			}
		}
	}
	if len(labels) == 0 || len(seeds) != 3 {
		t.Fatalf("%s: %d labels, %d seeds", path, len(labels), len(seeds))
	}
	return labels, seeds
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
