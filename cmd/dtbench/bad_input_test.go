package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

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
	{"report measure not a measure", []string{"run", "--set", "report.measures=[kapa]"}, nil, "", []string{"report.measures", `"kapa" is not a measure`, "kappa"}},
	{"report measure twice", []string{"run", "--set", "report.measures=[rmse, rmse]"}, nil, "", []string{"report.measures", `"rmse" is named twice`}},
	{"report unknown key", []string{"run", "--set", "report.measure=[rmse]"}, nil, "", []string{"report.measure"}},
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
	{"benchmark: select neither a number nor all", append(benchRun("{path: testdata/good.csv, class: c, header: true}"), "--set", "benchmark.select=most"), nil, "", []string{"benchmark.select", "most"}},
	{"benchmark: a dataset's own select above its attributes", benchRun("{path: testdata/good.csv, class: c, header: true, select: 3}"), nil, "", []string{"benchmark.datasets[0].select", "3"}},
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
	// Issue 21, items 6-8 and 15: no value is ignored, and every message
	// starts with where the value came from (the file, --set, the variable).
	{"benchmark: zero bins", append(benchRun(good), "--set", "benchmark.discretize.bins=0"), nil, "", []string{"dtbench: --set: benchmark.discretize.bins", "got 0"}},
	{"benchmark: negative bins", append(benchRun(good), "--set", "benchmark.discretize={bins: -3}"), nil, "", []string{"dtbench: --set: benchmark.discretize.bins", "-3"}},
	{"benchmark: a dataset's zero bins", benchRun("{path: testdata/good.csv, class: c, header: true, discretize: {bins: 0}}"), nil, "", []string{"dtbench: --set: benchmark.datasets[0].discretize.bins", "got 0"}},
	{"benchmark: zero bins in the file", []string{"run"}, nil, "study: benchmark\nbenchmark:\n  discretize: {bins: 0}\n  datasets: [{path: good.csv, class: c, header: true}]\n", []string{"bad.yaml: benchmark.discretize.bins", "got 0"}},
	{"cost: zero bins", append(costRun(goodCosts), "--set", "cost.discretize.bins=0"), nil, "", []string{"dtbench: --set: cost.discretize.bins", "got 0"}},
	{"import: zero bins", []string{"import", "testdata/good.csv", "--class", "c", "--header", "--bins", "0"}, nil, "", []string{"--bins", "got 0"}},
	{"benchmark key on an oracle run", []string{"run", "--set", "benchmark.datasets=[vote.arff]"}, nil, "", []string{"dtbench: --set: benchmark.datasets", "study oracle"}},
	{"cost key on an oracle run", []string{"run", "--set", "cost.repetitions=5"}, nil, "", []string{"dtbench: --set: cost.repetitions", "study oracle"}},
	{"cost key from the environment on an oracle run", []string{"run"}, []string{"DTBENCH_COST_REPETITIONS=5"}, "", []string{"dtbench: DTBENCH_COST_REPETITIONS: cost.repetitions", "study oracle"}},
	{"oracle key on a benchmark run", append(benchRun(good), "--set", "oracle.depths=[3]"), nil, "", []string{"dtbench: --set: oracle.depths", "study benchmark"}},
	{"oracle section of a file on a benchmark run", []string{"run"}, nil, "study: benchmark\nbenchmark:\n  datasets: [{path: good.csv, class: c, header: true}]\noracle:\n  depths: [3]\n", []string{"bad.yaml: oracle.depths", "study benchmark"}},
	{"cost: matrix beside the sweep", costRun("{tests: {default: 1}, matrix: [[0, 5], [5, 0]]}"), nil, "", []string{"dtbench: --set: cost.datasets[0].costs.matrix", "cost.misclassification"}},
	{"cost: config matrix beside the sweep", append(costRun(""), "--set", "costs={tests: {default: 1}, matrix: [[0, 5], [5, 0]]}"), nil, "", []string{"dtbench: --set: costs.matrix", "cost.misclassification"}},
	{"costs: a negative error cost", []string{"run", "--set", "costs={tests: {default: 1}, matrix: [[0, -1], [1, 0]]}"}, nil, "", []string{"dtbench: --set: costs.matrix", "[0][1]", "-1"}},
	{"costs: a right guess dearer than a wrong one", []string{"run", "--set", "costs={tests: {default: 1}, matrix: [[5, 1], [1, 0]]}"}, nil, "", []string{"dtbench: --set: costs.matrix", "[0][0]", "[1][0]"}},
	{"costs: rename from no test of the file", append(benchRun(good), "--set", "costs={uci: testdata/good, rename: {antviral: a}}"), nil, "", []string{"dtbench: --set: costs.rename.antviral", "good.cost"}},
	{"costs: a config's negative test cost over a cost file", append(benchRun(good), "--set", "costs={uci: testdata/good, tests: {a: -5}}"), nil, "", []string{"--set: costs.tests.a", "-5"}},
	{"empty config", []string{"run"}, nil, "# nothing\n", []string{"bad.yaml: oracle.sizes", "required"}},
	{"trillion-row test sets, named", []string{"run", "--set", "oracle.test_size=1e12"}, nil, "", []string{"dtbench: --set: oracle.test_size", "limits.memory"}},
	{"a million tasks a part, named", []string{"run", "--set", "chunk=1000000", "--set", "oracle.repetitions=100000"}, nil, "", []string{"dtbench: --set: chunk", "limits.memory"}},
	{"Slurm task id outside the array", []string{"run"}, []string{"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_COUNT=3"}, "", []string{"dtbench: SLURM_ARRAY_TASK_ID", "5", "3"}},
	{"a dataset entry's key from --set", benchRun("{path: testdata/good.csv, class: c, header: true, missing: x}"), nil, "", []string{"dtbench: --set: benchmark.datasets[0].missing", `"x"`}},
	{"a dataset entry's key from the file", []string{"run", "--set", "study=benchmark"}, nil, "benchmark:\n  datasets: [{path: good.csv, class: c, header: true, missing: x}]\n", []string{"bad.yaml: benchmark.datasets[0].missing", `"x"`}},
	{"unclosed bracket", []string{"run"}, nil, "name: x\noracle:\n  depths: [3, 5\n  sizes: [10]\n", []string{"bad.yaml:3"}},
	// Issue 22: one decoder for every key, a section's and a learner's
	// options alike: one rule set and one wording, naming the source.
	{"a number for a string key", []string{"run", "--set", "name=123"}, nil, "", []string{"dtbench: --set: name", "want a string, got 123 (a number)", "quote it"}},
	{"YAML's octal for a string key", []string{"run", "--set", "name=0123"}, nil, "", []string{"dtbench: --set: name", "got 83 (a number)"}},
	{"a number for a learner's string option", []string{"run"}, nil, "learners: [{exact: {time_budget: 90}}]\noracle:\n  depths: [3]\n  sizes: [10]\n", []string{"bad.yaml: learners.exact.time_budget", "want a string, got 90 (a number)"}},
	{"a number for a dataset entry's string key", benchRun("{path: testdata/good.csv, class: 1, header: true}"), nil, "", []string{"dtbench: --set: benchmark.datasets[0].class", "want a string, got 1 (a number)"}},
	{"a word for a learner's integer option", []string{"run", "--set", `learners=[{id3: {max_depth: "3"}}]`}, nil, "", []string{"dtbench: --set: learners.id3.max_depth", `want an integer, got "3"`}},
	{"a float past 2^53 for an integer key", []string{"run", "--set", "oracle.repetitions=1e17"}, nil, "", []string{"dtbench: --set: oracle.repetitions", "want an integer, got 1e+17", "2^53"}},
	{"a float past 2^53 for a learner's integer option", []string{"run", "--set", "learners=[{id3: {max_depth: 1e17}}]"}, nil, "", []string{"dtbench: --set: learners.id3.max_depth", "want an integer, got 1e+17", "2^53"}},
	{"a fraction for a section's integer key", append(benchRun(good), "--set", "benchmark.folds={k: 3.5}"), nil, "", []string{"dtbench: --set: benchmark.folds.k", "want an integer, got 3.5"}},
	{"a number for a learner's boolean option", []string{"run", "--set", "learners=[{c45: {subtree_raising: 1}}]"}, nil, "", []string{"dtbench: --set: learners.c45.subtree_raising", "want true or false, got 1"}},
	{"yes for a dataset entry's boolean key", benchRun("{path: testdata/good.csv, class: c, header: yes}"), nil, "", []string{"dtbench: --set: benchmark.datasets[0].header", `want true or false, got "yes"`}},
	{"NaN for a number key", []string{"run", "--set", "oracle.noise=.nan"}, nil, "", []string{"dtbench: --set: oracle.noise", "want a finite number, got NaN"}},
	{"auc_weighted in an oracle report without oracle.auc", []string{"run", "--set", "report={measures: [auc_weighted]}"}, nil, "", []string{"report.measures", "auc_weighted is null in the oracle study unless oracle.auc is true"}},
	{"an unknown learner option lists the known", []string{"run", "--set", "learners=[{id3: {max_dept: 3}}]"}, nil, "", []string{"dtbench: --set: learners.id3.max_dept", `unknown option "max_dept" (known: max_depth)`}},
	// Files that are not what the config says: the message names the file,
	// line and column and says what was expected, quoting nothing of a file
	// that fails from its first line (checkMessage: no piece of
	// testdata/passwd.txt or junk.bin).
	{"benchmark: a password file as ARFF", benchRun("{path: testdata/passwd.txt, class: c, format: arff}"), nil, "", []string{"passwd.txt:1:1", "@relation"}},
	{"benchmark: a password file as CSV", benchRun("{path: testdata/passwd.txt, class: c, format: csv, header: true}"), nil, "", []string{"passwd.txt:1", "delimiter"}},
	{"benchmark: a password file as Parquet", benchRun("{path: testdata/passwd.txt, class: c, format: parquet}"), nil, "", []string{"passwd.txt", "PAR1"}},
	{"benchmark: a password file as names file", benchRun("{path: testdata/headerless.data, class: c, names_file: testdata/passwd.txt}"), nil, "", []string{"passwd.txt", "names"}},
	{"costs: a password file", []string{"run", "--set", "costs={uci: testdata/passwd}"}, nil, "", []string{"passwd.cost:1:", "number"}},
	{"cost study: a password file", []string{"run", "--set", "study=cost", "--set", "cost.datasets=[{path: testdata/good.csv, class: c, header: true, costs: {uci: testdata/passwd}}]"}, nil, "", []string{"passwd.cost:1:"}},
	{"benchmark: junk as ARFF", benchRun("{path: testdata/junk.bin, class: c, format: arff}"), nil, "", []string{"junk.bin:1:"}},
	{"benchmark: junk as CSV", benchRun("{path: testdata/junk.bin, class: c, format: csv, header: true}"), nil, "", []string{"junk.bin:1:"}},
	{"benchmark: junk as Parquet", benchRun("{path: testdata/junk.bin, class: c, format: parquet}"), nil, "", []string{"junk.bin", "PAR1"}},
	{"costs: junk", []string{"run", "--set", "costs={uci: testdata/junk}"}, nil, "", []string{"junk.cost:1:"}},
	// Text that is not UTF-8, in every format the importer reads: the
	// file, line and byte column (for Parquet the row and column).
	{"benchmark: invalid UTF-8 in a CSV", benchRun("{path: testdata/badutf8.csv, class: c, header: true}"), nil, "", []string{"badutf8.csv:3:6", "0xe9", "UTF-8"}},
	{"benchmark: invalid UTF-8 in an ARFF file", benchRun("{path: testdata/badutf8.arff, class: c}"), nil, "", []string{"badutf8.arff:3:22", "0xe9", "UTF-8"}},
	{"benchmark: invalid UTF-8 in a names file", benchRun("{path: testdata/headerless.data, class: c, names_file: testdata/badutf8.names}"), nil, "", []string{"badutf8.names:8:14", "0xe9", "UTF-8"}},
	{"benchmark: invalid UTF-8 in a Parquet string", benchRun("{path: testdata/badutf8.parquet, class: c}"), nil, "", []string{"badutf8.parquet", "row 2", "column b", "byte 4", "0xe9", "UTF-8"}},
}

// good is the benchmark.datasets entry of testdata/good.csv, and
// goodCosts a costs section for it (testdata/good.cost).
const (
	good      = "{path: testdata/good.csv, class: c, header: true}"
	goodCosts = "{uci: testdata/good}"
)

// costRun is a cost-study run over testdata/good.csv with the given costs
// section ("" for none), sweeping the misclassification cost.
func costRun(costs string) []string {
	entry := "{path: testdata/good.csv, class: c, header: true}"
	if costs != "" {
		entry = "{path: testdata/good.csv, class: c, header: true, costs: " + costs + "}"
	}
	return []string{"run", "--set", "study=cost", "--set", "cost.datasets=[" + entry + "]", "--set", "cost.misclassification=[10]",
		"--set", "cost.repetitions=1", "--set", "learners=[c45]"}
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
			checkMessage(t, stderr, tc.want)
			if entries, _ := os.ReadDir(parent); len(entries) != 0 {
				t.Errorf("bad input wrote %v in %s", entries, parent)
			}
		})
	}
}

// TestCostRunsOfTheGoodFile checks that the costs cases above fail for
// the reason they name: the same runs with valid costs succeed (a cost
// file; a rename from a test it lists, in another case; a matrix with
// benefits on its diagonal, without the sweep).
func TestCostRunsOfTheGoodFile(t *testing.T) {
	for _, args := range [][]string{
		costRun(goodCosts),
		append(benchRun(good), "--set", "costs={uci: testdata/good, rename: {A: a}, tests: {B: 3}}"),
		{"run", "--set", "study=cost", "--set", "cost.datasets=[{path: testdata/good.csv, class: c, header: true, costs: {uci: testdata/good, matrix: [[-1, 5], [5, -1]]}}]",
			"--set", "cost.repetitions=1", "--set", "learners=[c45]"},
	} {
		out := filepath.Join(t.TempDir(), "runs")
		if code, _, stderr := cli(t, append(args, "--out", out)...); code != 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// secretFixtures are files that no message may quote from: a fake
// password file and binary junk, which fail from their first line in
// every format.
var secretFixtures = []string{"testdata/passwd.txt", "testdata/junk.bin"}

// checkMessage checks a refusal's message: one line of printable UTF-8,
// naming every string of want, and quoting nothing of the secret
// fixtures.
func checkMessage(t *testing.T, stderr string, want []string) {
	t.Helper()
	if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("message is not one line: %q", stderr)
	}
	if !utf8.ValidString(stderr) || strings.ContainsFunc(strings.TrimSpace(stderr), func(r rune) bool { return !unicode.IsPrint(r) }) {
		t.Errorf("message is not printable: %q", stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("message %q does not name %q", stderr, w)
		}
	}
	for _, f := range secretFixtures {
		if piece := echoed(t, stderr, f); piece != "" {
			t.Errorf("message %q quotes %q of %s", stderr, piece, f)
		}
	}
}

// echoed returns a piece of the file at path that msg quotes, raw or
// escaped as Go quotes it, or "" when it quotes none: every run of 5
// bytes of the file that holds a letter or a byte above ASCII is looked
// for (":1:1:" is in a message's file:line:col as well as in a password
// file).
func echoed(t *testing.T, msg, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const n = 5
	for i := 0; i+n <= len(b); i++ {
		w := string(b[i : i+n])
		if !strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || r >= utf8.RuneSelf }) {
			continue
		}
		if strings.Contains(msg, w) {
			return w
		}
		if q := strconv.Quote(w); strings.Contains(msg, q[1:len(q)-1]) {
			return w
		}
	}
	return ""
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
// the reason they name: the same runs over the good files succeed.
func TestBenchRunOfTheGoodFile(t *testing.T) {
	for _, dataset := range []string{
		"{path: testdata/good.csv, class: c, header: true}",
		"{path: testdata/headerless.data, class: c, names_file: testdata/good.names}",
	} {
		out := filepath.Join(t.TempDir(), "runs")
		if code, _, stderr := cli(t, append(benchRun(dataset), "--out", out)...); code != 0 {
			t.Fatalf("%s: exit %d, stderr %q", dataset, code, stderr)
		}
	}
}
