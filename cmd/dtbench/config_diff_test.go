package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDifferentConfigNamesTheKey (issue 21, item 17): a run over a folder
// made by another config is refused in one short line naming the first
// key that differs and its value there and here, in every study and for
// keys deep inside a list (a dataset's bins) or a list that changed length
// (the learners).
func TestDifferentConfigNamesTheKey(t *testing.T) {
	cases := []struct {
		name        string
		first, then []string // the runs' arguments, --out aside
		want        []string // in the message
	}{
		{"oracle scalar", append([]string{"run"}, small...), append(append([]string{"run"}, small...), "--set", "oracle.test_size=30"),
			[]string{"oracle.test_size", "20 there, 30 here"}},
		{"a dataset's bins", benchRun(good), append(benchRun(good), "--set", "benchmark.discretize.bins=4"),
			[]string{"benchmark.datasets[0]", "Bins", "5 there, 4 here"}},
		{"a dataset's class", benchRun(good), benchRun("{path: testdata/good.csv, class: b, header: true}"),
			[]string{"benchmark.datasets[0]", "Class", `"c" there, "b" here`}},
		{"another first learner", benchRun(good), append(benchRun(good), "--set", "learners=[c45]"),
			[]string{"learners[0].name", `"id3" there, "c45" here`}},
		{"fewer learners", append([]string{"run"}, small...), append(append([]string{"run"}, small...), "--set", "learners=[id3]"),
			[]string{"learners: ", `[{"name":"id3"},{"name":"c45"`, `…`, `[{"name":"id3"}] here`}},
		{"cost sweep", costRun(goodCosts), append(costRun(goodCosts), "--set", "cost.misclassification=[10, 20]"),
			[]string{"cost.misclassification", "[10] there, [10,20] here"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "runs")
			if code, _, stderr := cli(t, append(tc.first, "--out", out)...); code != 0 {
				t.Fatalf("first run: exit %d: %s", code, stderr)
			}
			code, _, stderr := cli(t, append(tc.then, "--out", out)...)
			if code != 2 || !strings.Contains(stderr, "different config") {
				t.Fatalf("second run: exit %d, want 2 refusing a different config: %s", code, stderr)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 || len(stderr) > 300 {
				t.Errorf("message of %d bytes, want one line of at most 300: %s", len(stderr), stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message %q does not name %q", stderr, w)
				}
			}
		})
	}
}
