package generate

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/cv"
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
// the better encoding, missing values spread over the values.
func TestRankNumericAndMissingAsWeka(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	want := readWekaMerits(t)
	for _, set := range wekasets.Sets(dir) {
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
