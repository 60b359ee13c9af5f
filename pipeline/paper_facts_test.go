package pipeline

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/schemas"
)

// TestEntropyPaperFacts checks the benchmark study's tables against the
// paper's numbers on two shared datasets (Entropy 2021): the normalized
// Shannon entropy of the class is 0.931 for tic-tac-toe and 0.991 for
// credit approval (Table 10), and tic-tac-toe's top 5 attributes by gain
// ratio are middle-middle-square (0.0593) and then the four corners, tied
// at 0.00887 (Table 8).
func TestEntropyPaperFacts(t *testing.T) {
	shared := shareddata.DirOrSkip(t)
	for _, f := range []string{"tic-tac-toe/tic-tac-toe.data", "credit-approval/crx.data"} {
		if _, err := os.Stat(filepath.Join(shared, f)); err != nil {
			t.Skipf("shared dataset %s is absent: %v", f, err)
		}
	}
	datasets := fmt.Sprintf("benchmark.datasets=[{name: tic-tac-toe, path: %[1]s/tic-tac-toe/tic-tac-toe.data, names_file: %[1]s/tic-tac-toe/tic-tac-toe.names, class: Class},"+
		" {name: credit, path: %[1]s/credit-approval/crx.data, names_file: %[1]s/credit-approval/crx.names, class: A16}]", shared)
	cfg, err := Load(LoadOptions{Env: []string{}, Sets: []string{"name=paper-facts", "study=benchmark", datasets,
		"benchmark.select=5", "benchmark.subsets=top", "benchmark.rank=full", "benchmark.repetitions=1", "learners=[majority]"}})
	if err != nil {
		t.Fatal(err)
	}
	dir := run(t, cfg, Options{Out: t.TempDir()})
	read := func(table string, each func(p string) error) {
		parts, _ := filepath.Glob(filepath.Join(dir, table, "*.parquet"))
		if len(parts) == 0 {
			t.Fatalf("no %s parts", table)
		}
		for _, p := range parts {
			if err := each(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	entropy := map[string]float64{}
	read(schemas.Entropy, func(p string) error {
		rows, err := schemas.EntropyTable.Read(p)
		for _, r := range rows {
			entropy[r.Dataset] = r.ShannonNormalized
		}
		return err
	})
	for name, want := range map[string]float64{"tic-tac-toe": 0.931, "credit": 0.991} {
		if got := entropy[name]; math.Round(got*1000)/1000 != want {
			t.Errorf("%s: normalized Shannon entropy %.4f; the paper's %.3f", name, got, want)
		}
	}
	var ranking []schemas.AttributeRow
	read(schemas.Attributes, func(p string) error {
		rows, err := schemas.AttributeTable.Read(p)
		for _, r := range rows {
			if r.Dataset == "tic-tac-toe" {
				ranking = append(ranking, r)
			}
		}
		return err
	})
	slices.SortFunc(ranking, func(a, b schemas.AttributeRow) int { return int(a.Rank - b.Rank) })
	if len(ranking) != 9 {
		t.Fatalf("%d ranked attributes of tic-tac-toe; want 9", len(ranking))
	}
	if ranking[0].Attribute != "middle-middle-square" || math.Round(ranking[0].GainRatio*1e4)/1e4 != 0.0593 {
		t.Errorf("first attribute %s (%.5f); the paper's middle-middle-square (0.0593)", ranking[0].Attribute, ranking[0].GainRatio)
	}
	corners := []string{"top-left-square", "top-right-square", "bottom-left-square", "bottom-right-square"}
	for _, r := range ranking[1:5] {
		if !slices.Contains(corners, r.Attribute) || math.Round(r.GainRatio*1e5)/1e5 != 0.00887 {
			t.Errorf("rank %d: %s (%.6f); the paper's four corners, 0.00887 each", r.Rank, r.Attribute, r.GainRatio)
		}
	}
}
