package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/compare"
	"github.com/dtbench/dtbench/schemas"
)

// TestCompareFlagsAHurtingOption (issue 25, part 2): two runs of the
// quick config compare clean; a third whose c45 needs 60 rows a leaf
// regresses c45, and only c45, in every cell, and --fail-on regression
// then exits 1; compare.parquet's rows are the ones compare.md counts.
func TestCompareFlagsAHurtingOption(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	hurt := "learners=[id3, {c45: {pruning: none, min_leaf: 60}}, {cart: {pruning: none}}, randomtree, exact, naivebayes, intuitive, majority, random]"
	for _, args := range [][]string{
		{"run", "--out", runs, "-q"},
		{"run", "--out", runs, "-q", "--set", "name=again"},
		{"run", "--out", runs, "-q", "--set", "name=hurt", "--set", hurt},
	} {
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	same := filepath.Join(dir, "same")
	code, stdout, stderr := cli(t, "compare", filepath.Join(runs, "quick"), filepath.Join(runs, "again"), "--out", same, "--fail-on", "regression")
	if code != 0 || !strings.Contains(stdout, "108 rows compared, 0 regressed, 0 improved, 0 fits changed status") {
		t.Fatalf("identical runs: exit %d\n%s%s", code, stdout, stderr)
	}
	rows, err := schemas.CompareTable.Read(filepath.Join(same, "compare.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Verdict != compare.Unchanged || r.Diff == nil || *r.Diff != 0 || r.Pairs != 10 {
			t.Errorf("identical runs: %s %s: %s, diff %v over %d pairs", r.Learner, r.Cell, r.Verdict, r.Diff, r.Pairs)
		}
	}

	worse := filepath.Join(dir, "worse")
	code, stdout, stderr = cli(t, "compare", filepath.Join(runs, "quick"), filepath.Join(runs, "hurt"), "--out", worse, "--fail-on", "regression")
	if code != 1 || !strings.Contains(stderr, "12 rows regressed") {
		t.Fatalf("hurt c45: exit %d, want 1\n%s%s", code, stdout, stderr)
	}
	rows, err = schemas.CompareTable.Read(filepath.Join(worse, "compare.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	regressed := 0
	for _, r := range rows {
		switch {
		case r.Learner == "c45" && r.Verdict != compare.Regressed:
			t.Errorf("c45 %s: %s (diff %v), want regressed", r.Cell, r.Verdict, *r.Diff)
		case r.Learner != "c45" && r.Verdict != compare.Unchanged:
			t.Errorf("%s %s: %s, want unchanged", r.Learner, r.Cell, r.Verdict)
		case r.Verdict == compare.Regressed:
			regressed++
			if !(*r.CIHigh < 0 && *r.HolmP < 0.05 && *r.Diff <= -0.005) {
				t.Errorf("c45 %s regressed without the evidence: diff %v, interval [%v, %v], holm p %v", r.Cell, *r.Diff, *r.CILow, *r.CIHigh, *r.HolmP)
			}
		}
	}
	md, err := os.ReadFile(filepath.Join(worse, "compare.md"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(md), "Caveat") {
		t.Errorf("the oracle study draws every repetition afresh; compare.md has a caveat:\n%s", md)
	}
	if regressed != 12 || !strings.Contains(string(md), "**Verdict: 12 regressions, 0 improvements.**") || !strings.Contains(string(md), "| c45 | accuracy | 12 | 0 | 0 | 0 |") {
		t.Errorf("%d regressed rows in compare.parquet; compare.md:\n%s", regressed, md)
	}
	// Without --fail-on the same comparison succeeds.
	if code, _, stderr := cli(t, "compare", filepath.Join(runs, "quick"), filepath.Join(runs, "hurt"), "--out", worse); code != 0 {
		t.Errorf("without --fail-on: exit %d: %s", code, stderr)
	}
}

// TestCompareRefuses: runs that cannot be compared, or bad options, exit
// 2 with the key or folder named and write nothing.
func TestCompareRefuses(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	for _, args := range [][]string{
		append([]string{"run", "--out", runs, "-q", "--set", "name=a"}, small...),
		append(append([]string{"run", "--out", runs, "-q", "--set", "name=b"}, small...), "--set", "oracle.test_size=30"),
		append(append([]string{"run", "--out", runs, "-q", "--set", "name=c"}, small...), "--set", "seed=2"),
		append([]string{"generate", "--out", runs, "-q", "--set", "name=d"}, small...),
	} {
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	a := filepath.Join(runs, "a")
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"another test size", []string{a, filepath.Join(runs, "b")}, []string{"config key oracle.test_size: 20 in", "30 in"}},
		{"another seed", []string{a, filepath.Join(runs, "c")}, []string{"config key seed: 1 in", "2 in"}},
		{"not reported", []string{a, filepath.Join(runs, "d")}, []string{"no report/summary.parquet"}},
		{"no folder", []string{a, filepath.Join(runs, "none")}, []string{"none: no such run folder"}},
		{"a measure without direction", []string{a, a, "--measure", "tree_nodes"}, []string{"does not rank learners"}},
		{"an unknown measure", []string{a, a, "--measure", "speed"}, []string{`"speed": not a measure`}},
		{"a bad gate", []string{a, a, "--fail-on", "improvement"}, []string{"--fail-on"}},
		{"one folder", []string{a}, []string{"two run folders"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(c.name, " ", "-"))
			code, _, stderr := cli(t, append(append([]string{"compare"}, c.args...), "--out", out)...)
			if code != 2 {
				t.Errorf("exit %d, want 2: %s", code, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message lacks %q: %s", w, stderr)
				}
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written (%v)", out, err)
			}
		})
	}
}

// TestCompareOtherStudies: benchmark and cost runs compare by their own
// cells (a learner one run lacks is listed, not compared); a benchmark
// run whose data file changed under the same path is refused, naming the
// input.
func TestCompareOtherStudies(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	data := filepath.Join(dir, "data.csv")
	src, err := os.ReadFile("testdata/good.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, src, 0o644); err != nil {
		t.Fatal(err)
	}
	bench := func(name, learners string) []string {
		return append(benchRun("{path: "+data+", class: c, header: true}"), "--out", runs, "-q", "--set", "name="+name,
			"--set", "benchmark.repetitions=2", "--set", "learners="+learners)
	}
	for _, args := range [][]string{
		bench("b1", "[c45, naivebayes]"),
		bench("b2", "[c45, majority]"),
		append(costRun(goodCosts), "--out", runs, "-q", "--set", "name=k1", "--set", "cost.repetitions=3"),
		append(costRun(goodCosts), "--out", runs, "-q", "--set", "name=k2", "--set", "cost.repetitions=3", "--set", "learners=[c45, eg2]"),
	} {
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	for _, c := range []struct {
		a, b, measure string
		want          []string
	}{
		{"b1", "b2", "accuracy", []string{"Caveat: the benchmark study's repetitions cross-validate the same dataset", "Only in A (not compared; B has none of their tasks): naivebayes.", "Only in B (not compared; A has none of their tasks): majority.",
			"| c45 | accuracy | 0 | 0 | 3 | 0 |"}}, // three subsets of the top 2
		{"k1", "k2", "avg_cost", []string{"study cost", "with the corrected resampled t-test over the splits", "Only in B (not compared; A has none of their tasks): eg2.", "| c45 | avg_cost | 0 | 0 | 1 | 0 |"}},
	} {
		out := filepath.Join(dir, c.a+c.b)
		if code, _, stderr := cli(t, "compare", filepath.Join(runs, c.a), filepath.Join(runs, c.b), "--out", out, "--measure", c.measure); code != 0 {
			t.Fatalf("%s → %s: exit %d: %s", c.a, c.b, code, stderr)
		}
		md, err := os.ReadFile(filepath.Join(out, "compare.md"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(md), w) {
				t.Errorf("%s → %s: compare.md lacks %q:\n%s", c.a, c.b, w, md)
			}
		}
		if c.a == "k1" && strings.Contains(string(md), "Caveat") {
			t.Errorf("%s → %s: the splits are tested with the correction, yet compare.md warns that they are not:\n%s", c.a, c.b, md)
		}
		rows, err := schemas.CompareTable.Read(filepath.Join(out, "compare.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			// The benchmark's accuracy pairs 3 folds × 2 repetitions with
			// the corrected test; the cost study's 3 splits are corrected
			// for their shared rows.
			want, pairs := compare.CorrectedSplitsT, int64(3)
			if c.a == "b1" {
				want, pairs = compare.CorrectedT, 6
			}
			if r.Learner == "c45" && (r.Test != want || r.Pairs != pairs) {
				t.Errorf("%s → %s: c45 %s %s: %s over %d pairs, want %s over %d", c.a, c.b, r.Cell, r.Measure, r.Test, r.Pairs, want, pairs)
			}
		}
	}
	if err := os.WriteFile(data, append(src, []byte("y,z,no\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, bench("b3", "[c45, naivebayes]")...); code != 0 {
		t.Fatalf("b3: exit %d: %s", code, stderr)
	}
	code, _, stderr := cli(t, "compare", filepath.Join(runs, "b1"), filepath.Join(runs, "b3"), "--out", filepath.Join(dir, "changed"))
	if code != 2 || !strings.Contains(stderr, "input "+data) || !strings.Contains(stderr, "the runs read different data") {
		t.Errorf("a changed data file: exit %d, %s", code, stderr)
	}
}

// TestCompareShardedRun: a run made in two shards (its parts named by
// the shard that wrote them) has the tasks of the unsharded run of the
// same config, and compares clean with it.
func TestCompareShardedRun(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	for _, args := range [][]string{
		append([]string{"run", "--out", runs, "-q", "--set", "name=one"}, small...),
		append([]string{"run", "--out", runs, "-q", "--set", "name=two", "--shard", "0/2"}, small...),
		append([]string{"run", "--out", runs, "-q", "--set", "name=two", "--shard", "1/2"}, small...),
		{"report", "--run", filepath.Join(runs, "two"), "-q"},
	} {
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	if parts, _ := filepath.Glob(filepath.Join(runs, "two", "datasets", "part-1-*.parquet")); len(parts) == 0 {
		t.Fatal("shard 1 wrote no datasets part: the test does not test what it says")
	}
	code, stdout, stderr := cli(t, "compare", filepath.Join(runs, "one"), filepath.Join(runs, "two"), "--out", filepath.Join(dir, "c"), "--fail-on", "regression")
	if code != 0 || !strings.Contains(stdout, "0 regressed, 0 improved, 0 fits changed status") {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
}
