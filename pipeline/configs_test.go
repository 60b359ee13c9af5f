package pipeline

import (
	"os"

	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/internal/shareddata"

	"github.com/dtbench/dtbench/stages/generate"
)

// TestShippedConfigsLoad: every config in configs/ loads (Load reads no
// data file, so the paper configs load without their data).
func TestShippedConfigsLoad(t *testing.T) {
	files, _ := filepath.Glob("../configs/*.yaml")
	if len(files) < 4 {
		t.Fatalf("configs/ holds %d YAML files; want quick, oracle-paper, benchmark-small and benchmark-paper at least", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if text, err := os.ReadFile(f); err != nil {
				t.Fatal(err)
			} else if strings.Contains(string(text), "shared/datasets") && strings.Contains(string(text), "uci:") {
				shareddata.DirOrSkip(t) // its cost files are read when it loads
			}
			if _, err := Load(LoadOptions{File: f, Env: []string{}}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestBenchmarkPaperConfigIsThePapersDesign checks configs/benchmark-paper.yaml
// against the paper: thyroid's five scenarios of Table 1, 31 subsets of
// the top 5 by gain ratio in Weka's cross-validation mode, 100 subsamples,
// so 15,500 cross-validations of J48 and I; and the extensive experiment's
// eleven datasets with the top set and J48, naive Bayes, SMO, random forest.
func TestBenchmarkPaperConfigIsThePapersDesign(t *testing.T) {
	cfg, err := Load(LoadOptions{File: "../configs/benchmark-paper.yaml", Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	b := benchmarkOf(cfg)
	if b.Select != 5 || b.Rank != generate.RankCV || b.Repetitions != 100 || b.Folds.K != 10 || b.Folds.Scheme != generate.SchemeWeka {
		t.Errorf("select %d, rank %s, repetitions %d, folds %+v; want 5, cv, 100, 10 weka", b.Select, b.Rank, b.Repetitions, b.Folds)
	}
	thyroid := b.Datasets[0]
	table1 := map[string][2]int{"S1": {2400, 800}, "S2": {2400, 1200}, "S3": {2400, 2400}, "S4": {2000, 4000}, "S5": {2000, 6000}}
	if thyroid.Name != "thyroid" || thyroid.Subsets != generate.SubsetsAll || len(thyroid.Scenarios) != 5 {
		t.Fatalf("first dataset %s, subsets %s, %d scenarios; want thyroid, all, 5", thyroid.Name, thyroid.Subsets, len(thyroid.Scenarios))
	}
	for _, s := range thyroid.Scenarios {
		got := map[string]int{}
		for _, q := range s.Quotas {
			got[q.Class] = q.Rows
		}
		if w := table1[s.Name]; got["positive"] != w[0] || got["negative"] != w[1] || len(got) != 2 {
			t.Errorf("scenario %s quotas %v; want positive %d, negative %d", s.Name, got, w[0], w[1])
		}
	}
	if len(thyroid.Options.Drop) != 7 || len(thyroid.Options.ClassMap) != 2 {
		t.Errorf("thyroid drops %v and recodes with %v; want the 7 measurements and 2 rules", thyroid.Options.Drop, thyroid.Options.ClassMap)
	}
	study, err := benchmarkStudy.build(cfg, studyEnv{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	// 5 scenarios × 31 subsets, then 11 datasets and 3 variants × the top set.
	if got, want := study.Footprint(nil).Tasks, int64((5*31+11+3)*100); got != want {
		t.Errorf("%d tasks; want %d", got, want)
	}
	extensive := b.Datasets[1:]
	if len(extensive) != 11+3 {
		t.Fatalf("%d extensive datasets; want 11 and 3 variants", len(extensive))
	}
	// The entries read the files as UCI distributes them (item 4 of
	// issue 24): healthy's headerless files named, avila's two .txt
	// files as one CSV table; the variants' preprocessing as the printed
	// numbers imply it.
	byName := map[string]generate.DatasetSpec{}
	for _, d := range extensive {
		byName[d.Name] = d
	}
	if h := byName["healthy"]; h.Options.Header || len(h.Options.Names) != 9 || h.Options.Class != "activity" {
		t.Errorf("healthy: header %v, names %v; want the 9 UCI names, no header row", h.Options.Header, h.Options.Names)
	}
	if a := byName["avila"]; len(a.Files()) != 2 || a.Options.Format != "csv" {
		t.Errorf("avila: files %v, format %q; want avila-tr.txt and avila-ts.txt as csv", a.Files(), a.Options.Format)
	}
	if c := byName["credit-nominal"]; len(c.Options.Drop) != 6 {
		t.Errorf("credit-nominal drops %v; want the 6 numeric attributes", c.Options.Drop)
	}
	if a := byName["adult-all-rows"]; a.Options.Missing != "category" {
		t.Errorf("adult-all-rows: missing %q; want category (all 32,561 rows)", a.Options.Missing)
	}
	if n := byName["nursery-no-health"]; strings.Join(n.Options.Drop, ",") != "health" {
		t.Errorf("nursery-no-health drops %v; want health", n.Options.Drop)
	}
	for _, d := range extensive {
		if d.Subsets != generate.SubsetsTop || len(d.Scenarios) != 0 {
			t.Errorf("%s: subsets %s, %d scenarios; want the top set of the whole dataset", d.Name, d.Subsets, len(d.Scenarios))
		}
	}
	var learners []string
	for _, l := range cfg.Learners {
		learners = append(learners, l.Name)
		if (l.Name == "c45" || l.Name == "intuitive") && len(l.Datasets) != 0 {
			t.Errorf("%s is limited to %v; J48 and I run everywhere", l.Name, l.Datasets)
		}
		if l.Name == "smo" && len(l.Datasets) != 11 {
			t.Errorf("smo runs on %v; want the 11 of the extensive experiment", l.Datasets)
		}
	}
	if got := strings.Join(learners, " "); got != "c45 naivebayes smo randomforest intuitive majority random" {
		t.Errorf("learners %s", got)
	}
}
