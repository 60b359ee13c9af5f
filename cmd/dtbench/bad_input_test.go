package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// badInput is every input the CLI must refuse with exit status 2, a
// message naming what is wrong, and nothing written. One line a case:
// the arguments (--out is added for run and the stages), the environment,
// an optional config file body (passed as -c), and what the message must
// contain.
var badInput = []struct {
	name string
	args []string
	env  []string // KEY=VALUE
	yaml string   // written to a file and given with -c
	want []string // all in the message
}{
	{"depth above features", []string{"run", "--set", "oracle.depths=[11]"}, nil, "", []string{"oracle.depths"}},
	{"unknown key", []string{"run", "--set", "oracle.widht=3"}, nil, "", []string{"oracle.widht"}},
	{"unknown learner", []string{"run", "--set", "learners=[c99]"}, nil, "", []string{"c99"}},
	{"bad learner option", []string{"run", "--set", "learners=[{id3: {max_depth: -1}}]"}, nil, "", []string{"learners.id3.max_depth"}},
	{"missing config file", []string{"run", "-c", "/nonexistent/none.yaml"}, nil, "", []string{"none.yaml"}},
	{"bad shard", []string{"run", "--shard", "3/2"}, nil, "", []string{"--shard"}},
	{"unknown flag", []string{"run", "--wrokers", "2"}, nil, "", []string{"wrokers"}},
	{"stray argument", []string{"run", "extra"}, nil, "", []string{"extra"}},
	{"oracle above the leaf limit", []string{"run", "--set", "oracle.features=23", "--set", "oracle.depths=[23]"}, nil, "", []string{"oracle.depths"}},
	{"unique larger than input space", []string{"run", "--set", "oracle.features=4", "--set", "oracle.depths=[2]", "--set", "oracle.sizes=[17]"}, nil, "", []string{"oracle.sizes"}},
	{"train without a run folder", []string{"train"}, nil, "", []string{"generate"}},
	{"fractional integer", []string{"run", "--set", "oracle.repetitions=2.5"}, nil, "", []string{"--set", "oracle.repetitions", "2.5"}},
	{"negative seed", []string{"run", "--set", "seed=-1"}, nil, "", []string{"seed", "-1"}},
	{"empty --set value", []string{"run", "--set", "name="}, nil, "", []string{"name", "empty"}},
	{"name escaping --out", []string{"run", "--set", "name=../escape"}, nil, "", []string{"name", "../escape"}},
	{"absolute name", []string{"run", "--set", "name=/tmp/abs"}, nil, "", []string{"name", "/tmp/abs"}},
	{"name dot", []string{"run", "--set", "name=."}, nil, "", []string{"name"}},
	{"randomtree k above features", []string{"run", "--set", "learners=[{randomtree: {k: 50}}]"}, nil, "", []string{"learners.randomtree.k", "50"}},
	{"bad env value names the variable", []string{"run"}, []string{"DTBENCH_ORACLE_REPETITIONS=many"}, "", []string{"DTBENCH_ORACLE_REPETITIONS", "many"}},
	{"misspelt env variable", []string{"run"}, []string{"DTBENCH_ORACLE_REPETITONS=5"}, "", []string{"DTBENCH_ORACLE_REPETITONS"}},
	{"word for a number", []string{"run"}, nil, "oracle:\n  features: ten\n  depths: [3]\n  sizes: [10]\n", []string{"bad.yaml", "oracle.features", `"ten"`}},
	{"section given a scalar", []string{"run"}, nil, "oracle: 5\n", []string{"bad.yaml", "oracle", "section"}},
	{"range without step", []string{"run"}, nil, "oracle:\n  depths: [3]\n  sizes: {from: 3000, to: 100}\n", []string{"bad.yaml", "oracle.sizes.step"}},
	{"trillion-row training sets", []string{"run", "--set", "oracle.sizes=[1e12]", "--set", "oracle.modes=[complete]"}, nil, "", []string{"oracle.sizes", "limits.memory"}},
	{"billion-row training sets", []string{"run", "--set", "oracle.sizes=[1e9]", "--set", "oracle.modes=[complete]"}, nil, "", []string{"oracle.sizes", "limits.memory"}},
	{"trillion-row test sets", []string{"run", "--set", "oracle.test_size=1e12"}, nil, "", []string{"limits.memory"}},
	{"billion repetitions", []string{"run", "--set", "oracle.repetitions=1e9"}, nil, "", []string{"oracle.repetitions", "limits.tasks"}},
	{"trillion sizes in a range", []string{"run", "--set", "oracle.sizes={from: 1, to: 1e12, step: 1}"}, nil, "", []string{"oracle.sizes", "limit"}},
	{"terabytes of datasets", []string{"run", "--set", "oracle.sizes=[100000]", "--set", "oracle.modes=[complete]", "--set", "oracle.repetitions=1000000"}, nil, "", []string{"limits.disk"}},
	{"a part per task of a huge plan", []string{"run", "--set", "oracle.repetitions=1000000", "--set", "chunk=1"}, nil, "", []string{"chunk"}},
	{"bad memory limit", []string{"run", "--set", "limits.memory=lots"}, nil, "", []string{"limits.memory", "lots"}},
	{"depth 64", []string{"run", "--set", "oracle.depths=[64]"}, nil, "", []string{"oracle.depths", "64"}},
	// External learners: the command must start and pass the handshake.
	{"external: missing command", []string{"run", "--set", "learners=[id3, {external: {name: mine, command: [./no-such-adapter.py, --flag]}}]"}, nil, "",
		[]string{"learners.mine.command", "no-such-adapter.py"}},
	{"external: no command", []string{"run", "--set", "learners=[{external: {name: mine}}]"}, nil, "", []string{"learners.mine.command", "required"}},
	{"external: handshake slower than its timeout", []string{"run", "--set", "learners=[" + fakeLearner("slow", "timeout: 1s", externaltest.SlowHello, "30s") + "]"}, nil, "",
		[]string{"learners.slow.command", "handshake", "no reply within 1s"}},
	{"external: max_reply not a size", []string{"run", "--set", "learners=[" + fakeLearner("big", "max_reply: lots", externaltest.Tree) + "]"}, nil, "", []string{"learners.big.max_reply", "lots"}},
	// The benchmark study: the data files and what depends on them.
	{"benchmark: ragged CSV row", benchRun("{path: testdata/ragged.csv, class: c, header: true}"), nil, "", []string{"ragged.csv:3"}},
	{"benchmark: ARFF syntax error", benchRun("{path: testdata/bad.arff, class: c}"), nil, "", []string{"bad.arff:2"}},
	{"benchmark: header-only file", benchRun("{path: testdata/header-only.csv, class: c, header: true}"), nil, "", []string{"header-only.csv:1"}},
	{"benchmark: empty file", benchRun("{path: testdata/empty.csv, class: c, header: true}"), nil, "", []string{"empty.csv"}},
	{"benchmark: no such file", benchRun("{path: testdata/none.csv, class: c, header: true}"), nil, "", []string{"none.csv"}},
	{"benchmark: no class column", benchRun("{path: testdata/good.csv, class: k, header: true}"), nil, "", []string{"good.csv", `"k"`}},
	{"benchmark: one class", benchRun("{path: testdata/one-class.csv, class: c, header: true}"), nil, "", []string{"one-class.csv", "one value"}},
	{"benchmark: select above attributes", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.select=3"), nil, "", []string{"benchmark.select", "3"}},
	{"benchmark: quota above class count", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.scenarios=[{name: S1, quotas: {yes: 4, no: 2}}]", "--set", "benchmark.folds=2"), nil, "", []string{"benchmark.scenarios", "yes"}},
	{"benchmark: folds above smallest class", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.folds=4"), nil, "", []string{"benchmark.folds", "4"}},
	{"benchmark: no datasets", []string{"run", "--set", "study=benchmark"}, nil, "", []string{"benchmark.datasets"}},
	// The benchmark's memory is estimated from the rows its datasets have
	// (not a million assumed), and a refusal names what drives it.
	{"benchmark: 500 folds of 6 rows", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.folds={k: 500}"), nil, "", []string{"benchmark.folds", "500"}},
	{"benchmark: select 20 of 2 attributes", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.select=20", "--set", "benchmark.subsets=top", "--set", "benchmark.folds=10"), nil, "", []string{"benchmark.select", "20"}},
	{"benchmark: memory of the real rows", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "limits.memory=50MB"), nil, "", []string{"benchmark.folds", "benchmark.datasets[0]", "6 rows", "limits.memory"}},
	// Oracles: the memory of the trees a chunk holds.
	{"oracles too big for a chunk", []string{"run", "--set", "oracle.features=22", "--set", "oracle.depths=[22]", "--set", "oracle.sizes=[100]", "--set", "oracle.repetitions=64"}, nil, "",
		[]string{"oracle.depths", "8388607 nodes", "chunk", "limits.memory"}},
	// Costs and the cost study.
	{"costs: unknown test", []string{"run", "--set", "costs={tests: {f99: 1, default: 1}}"}, nil, "", []string{"f99"}},
	{"costs: matrix not square", []string{"run", "--set", "costs={tests: {default: 1}, matrix: [[0, 1]]}"}, nil, "", []string{"costs.matrix"}},
	{"costs: cost file missing", []string{"run", "--set", "costs={uci: testdata/none}"}, nil, "", []string{"none.cost"}},
	{"cost study without test costs", []string{"run", "--set", "study=cost", "--set", "cost.datasets=[{path: testdata/good.csv, class: c, header: true}]"}, nil, "", []string{"cost.datasets[0].costs"}},
	{"cost study: k of 0", []string{"run", "--set", "study=cost", "--set", "cost.datasets=[{path: testdata/good.csv, class: c, header: true, costs: {tests: {default: 1}}}]", "--set", "cost.misclassification=[0]"}, nil, "", []string{"cost.misclassification[0]"}},
	{"unclosed bracket", []string{"run"}, nil, "name: x\noracle:\n  depths: [3, 5\n  sizes: [10]\n", []string{"bad.yaml:3"}},
}

// fakeLearner is a config entry for an external learner run by the fake
// adapter (the test binary) in mode with args, with extra options.
func fakeLearner(name, extra, mode string, args ...string) string {
	cmd, _ := json.Marshal(externaltest.Command(mode, args...))
	return "{external: {name: " + name + ", command: " + string(cmd) + ", " + extra + "}}"
}

// benchRun is a benchmark-study run over the given benchmark.datasets
// entry, with small settings that the good file passes.
func benchRun(dataset string) []string {
	return []string{"run", "--set", "study=benchmark", "--set", "benchmark.datasets=[" + dataset + "]",
		"--set", "benchmark.select=2", "--set", "benchmark.folds=3", "--set", "benchmark.repetitions=1"}
}

func TestExitStatusForBadInput(t *testing.T) {
	for _, tc := range badInput {
		t.Run(tc.name, func(t *testing.T) {
			for _, kv := range tc.env {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			args := tc.args
			if tc.yaml != "" {
				file := filepath.Join(t.TempDir(), "bad.yaml")
				if err := os.WriteFile(file, []byte(tc.yaml), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(append([]string(nil), args...), "-c", file)
			}
			parent := t.TempDir()
			out := filepath.Join(parent, "runs")
			code, _, stderr := cli(t, append(args, "--out", out)...)
			if code != 2 {
				t.Fatalf("exit status %d, want 2 (stderr %q)", code, stderr)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("message is not one line: %q", stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("message %q does not name %q", stderr, w)
				}
			}
			if entries, _ := os.ReadDir(parent); len(entries) != 0 {
				t.Errorf("bad input wrote %v in %s", entries, parent)
			}
		})
	}
}

func TestTreeOfAForeignFile(t *testing.T) {
	foreign := filepath.Join(t.TempDir(), "foreign.parquet")
	if err := os.WriteFile(foreign, []byte("PAR1 this is not parquet PAR1"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "tree", foreign, "--id", "0"); code != 2 || !strings.Contains(stderr, "foreign.parquet") {
		t.Errorf("tree of a foreign file: exit %d, stderr %q", code, stderr)
	}
}

// TestBenchRunOfTheGoodFile checks that the benchmark cases above fail for
// the reason they name: the same run over testdata/good.csv succeeds.
func TestBenchRunOfTheGoodFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	if code, _, stderr := cli(t, append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--out", out)...); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
