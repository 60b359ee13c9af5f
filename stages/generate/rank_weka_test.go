package generate

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekasets"
	"github.com/dtbench/dtbench/schemas"
)

// wekaMerit is one line of testdata/weka-gainratio.txt.
type wekaMerit struct {
	rank      int
	merit     string // as Ranker printed it
	attribute string
}

func readWekaMerits(t *testing.T) map[string][]wekaMerit {
	t.Helper()
	f, err := os.Open("testdata/weka-gainratio.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]wekaMerit{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.SplitN(line, " ", 4)
		rank, err := strconv.Atoi(fields[1])
		if len(fields) != 4 || err != nil {
			t.Fatalf("testdata/weka-gainratio.txt: bad line %q", line)
		}
		out[fields[0]] = append(out[fields[0]], wekaMerit{rank, fields[2], fields[3]})
	}
	return out
}

// TestRankNumericAndMissingAsWeka ranks every attribute of six shared
// datasets with numeric attributes and missing values kept (rank: full)
// and checks order and merits against Weka 3.6's GainRatioAttributeEval
// (testdata/weka-gainratio.sh): numeric attributes discretized by MDL with
// the better encoding, missing values spread over the values; and three
// nominal datasets, where equal merits come in Ranker's order (on
// tic-tac-toe the four corners tie: top-right, bottom-right, top-left,
// bottom-left).
func TestRankNumericAndMissingAsWeka(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	want := readWekaMerits(t)
	for _, set := range rankCVSets(dir) {
		t.Run(set.Name, func(t *testing.T) {
			d, _, err := importer.Read(set.Path, set.Options)
			if err != nil {
				t.Fatal(err)
			}
			rows := d.All().Rows(nil)
			labels := make([]uint8, len(rows))
			for i, r := range rows {
				labels[i] = d.Label(r)
			}
			b := &Benchmark{cfg: &BenchmarkConfig{Rank: RankFull}}
			got := b.rank(d, rows, labels, cv.Folds{}, schemas.BenchmarkCell{Dataset: set.Name}, &flow.Task{})
			w := want[set.Name]
			if len(w) != len(got) {
				t.Fatalf("%d attributes ranked, Weka ranks %d", len(got), len(w))
			}
			for i, g := range got {
				decimals := 4
				if dot := strings.IndexByte(w[i].merit, '.'); dot >= 0 {
					decimals = max(decimals, len(w[i].merit)-dot-1)
				}
				merit, _ := strconv.ParseFloat(w[i].merit, 64)
				tol := 0.5*math.Pow(10, -float64(decimals)) + 1e-12
				if g.Attribute != w[i].attribute || math.Abs(g.GainRatio-merit) > tol {
					t.Errorf("rank %d: %s %.6f, Weka: %s %s", i+1, g.Attribute, g.GainRatio, w[i].attribute, w[i].merit)
				}
			}
		})
	}
}

// wekaCVRank is one line of testdata/weka-gainratio-cv.txt.
type wekaCVRank struct {
	merit, rank float64 // as Weka prints them: 3 and 1 decimals
	attribute   string
}

// rankCVSets are the datasets of testdata/weka-gainratio-cv.sh: package
// wekasets' six, with numeric attributes and missing values as they are,
// and three nominal ones read with the script's column names.
func rankCVSets(dir string) []wekasets.Set {
	sets := wekasets.Sets(dir)
	for _, n := range []struct{ name, file, class, names string }{
		{"tic-tac-toe", "tic-tac-toe/tic-tac-toe.data", "Class", "top-left-square,top-middle-square,top-right-square,middle-left-square," +
			"middle-middle-square,middle-right-square,bottom-left-square,bottom-middle-square,bottom-right-square,Class"},
		{"car", "car/car.data", "class", "buying,maint,doors,persons,lug_boot,safety,class"},
		{"nursery", "nursery/nursery.data", "class", "parents,has_nurs,form,children,housing,finance,social,health,class"},
	} {
		sets = append(sets, wekasets.Set{Name: n.name, Path: filepath.Join(dir, n.file),
			Options: importer.Options{Class: n.class, Names: strings.Split(n.names, ","), Nominal: strings.Split(n.names, ",")}})
	}
	return sets
}

// TestRankCVAsWeka is issue 24's first item: rank: cv orders the
// attributes as Weka's cross-validated attribute selection does (10 folds,
// seed 1: Weka's folds), by the mean of each fold's rank, with the mean
// merit beside it; not by the mean merit, which on tic-tac-toe (the four
// corners at 0.009) gives another order. Checked on nine shared datasets
// against Debian's weka (testdata/weka-gainratio-cv.sh): the order, the
// mean merits to Weka's 3 decimals and the mean ranks to its 1.
func TestRankCVAsWeka(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	f, err := os.Open("testdata/weka-gainratio-cv.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]wekaCVRank{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.SplitN(line, " ", 5)
		if len(fields) != 5 {
			t.Fatalf("testdata/weka-gainratio-cv.txt: bad line %q", line)
		}
		merit, err1 := strconv.ParseFloat(fields[2], 64)
		rank, err2 := strconv.ParseFloat(fields[3], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("testdata/weka-gainratio-cv.txt: bad line %q", line)
		}
		want[fields[0]] = append(want[fields[0]], wekaCVRank{merit, rank, fields[4]})
	}
	byMeritDiffers := false
	for _, set := range rankCVSets(dir) {
		t.Run(set.Name, func(t *testing.T) {
			w := want[set.Name]
			if len(w) == 0 {
				t.Fatalf("no Weka ranking of %s in the fixture", set.Name)
			}
			d, _, err := importer.Read(set.Path, set.Options)
			if err != nil {
				t.Fatal(err)
			}
			rows := d.All().Rows(nil)
			labels := d.Labels()
			folds := cv.Weka(labels, 10, 1)
			b := &Benchmark{cfg: &BenchmarkConfig{Rank: RankCV}}
			got := b.rank(d, rows, labels, folds, schemas.BenchmarkCell{Dataset: set.Name}, &flow.Task{})
			_, foldMerits := gainRatios(d, rows, labels, folds, true)
			_, meanRanks := meanRankOrder(foldMerits)
			if len(got) != len(w) {
				t.Fatalf("%d attributes ranked, Weka ranks %d", len(got), len(w))
			}
			names := d.Schema().Features
			for i, g := range got {
				f := slices.IndexFunc(names, func(a dataset.Attribute) bool { return a.Name == g.Attribute })
				if g.Attribute != w[i].attribute || math.Abs(g.GainRatio-w[i].merit) > 0.0005+1e-9 || math.Abs(meanRanks[f]-w[i].rank) > 0.05+1e-9 {
					t.Errorf("position %d: %s (mean merit %.4f, mean rank %.2f); Weka: %s (%.3f, %.1f)",
						i+1, g.Attribute, g.GainRatio, meanRanks[f], w[i].attribute, w[i].merit, w[i].rank)
				}
			}
			byMerit := (&Benchmark{cfg: &BenchmarkConfig{Rank: RankCVMerit}}).rank(d, rows, labels, folds, schemas.BenchmarkCell{}, &flow.Task{})
			for i := range byMerit {
				byMeritDiffers = byMeritDiffers || byMerit[i].Attribute != got[i].Attribute
			}
		})
	}
	if !byMeritDiffers {
		t.Errorf("rank: cv-merit gives the mean-rank order on every dataset; the fixture does not tell them apart")
	}
}
