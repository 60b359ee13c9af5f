package adapters

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// repoRoot is the repository root, which the adapters' paths are
// relative to.
var repoRoot = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}()

// wekaJar is where Debian's weka package puts Weka 3.6.
const wekaJar = "/usr/share/java/weka.jar"

// sklearnCommand returns the scikit-learn adapter's command with args, or
// skips the test when scikit-learn cannot be imported (the adapter runs
// itself under /usr/bin/python3 when the python3 on PATH lacks it).
func sklearnCommand(t testing.TB, args ...string) []string {
	t.Helper()
	cmd := append([]string{"python3", filepath.Join(repoRoot, "adapters/sklearn/dtbench_sklearn.py")}, args...)
	sklearnOnce.Do(func() {
		c := exec.Command(cmd[0], cmd[1:]...)
		c.Stdin = strings.NewReader(`{"op":"hello"}` + "\n")
		out, err := c.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "scikit-learn") {
			sklearnMissing = fmt.Sprintf("scikit-learn adapter does not start (%v: %s); install python3-sklearn (.ci/run does)", err, strings.TrimSpace(string(out)))
		}
	})
	if sklearnMissing != "" {
		t.Skip(sklearnMissing)
	}
	return cmd
}

var (
	sklearnOnce    sync.Once
	sklearnMissing string
	wekaOnce       sync.Once
	wekaClasses    string // the directory DtbenchWeka.class was compiled to
	wekaMissing    string
)

// wekaCommand returns the Weka adapter's command for a classifier and its
// options, compiling the adapter once per test binary into a temporary
// directory; it skips the test when Weka or a JDK is missing.
func wekaCommand(t testing.TB, classifier ...string) []string {
	t.Helper()
	wekaOnce.Do(func() {
		if _, err := os.Stat(wekaJar); err != nil {
			wekaMissing = "no " + wekaJar + "; install Debian's weka (.ci/run does)"
			return
		}
		if _, err := exec.LookPath("javac"); err != nil {
			wekaMissing = "no javac; install a JDK, e.g. default-jdk-headless (.ci/run does)"
			return
		}
		dir, err := os.MkdirTemp("", "dtbench-weka-")
		if err != nil {
			wekaMissing = err.Error()
			return
		}
		out, err := exec.Command("javac", "-cp", wekaJar, "-d", dir, filepath.Join(repoRoot, "adapters/weka/DtbenchWeka.java")).CombinedOutput()
		if err != nil {
			wekaMissing = fmt.Sprintf("javac DtbenchWeka.java: %v: %s", err, out)
			return
		}
		wekaClasses = dir
	})
	if wekaMissing != "" {
		t.Skip(wekaMissing)
	}
	return append([]string{"java", "-cp", wekaJar + string(os.PathListSeparator) + wekaClasses, "DtbenchWeka"}, classifier...)
}

// entry is the YAML flow form of an external learner entry.
func entry(name string, cmd []string) string {
	c, _ := json.Marshal(cmd)
	return `{external: {name: ` + name + `, command: ` + string(c) + `}}`
}

// grid is the cross-implementation grid: 10 binary features, depths 3
// and 5, sizes 100 and 1000, both sampling modes, 10 repetitions.
func grid(name string, learners ...string) []string {
	return []string{"name=" + name, "oracle.features=10", "oracle.domain=2", "oracle.depths=[3,5]", "oracle.sizes=[100,1000]",
		"oracle.modes=[complete,unique]", "oracle.repetitions=10", "oracle.test_size=1000", "chunk=40",
		"learners=[" + strings.Join(learners, ", ") + "]"}
}

// runGrid runs the oracle study with sets into a temporary folder.
func runGrid(t testing.TB, workers int, sets ...string) string {
	t.Helper()
	cfg, err := pipeline.Load(pipeline.LoadOptions{Sets: sets, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := pipeline.Run(context.Background(), cfg, pipeline.Options{Out: t.TempDir(), Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// results are a run's evaluation rows and trees, by learner and task.
type results struct {
	evals map[string]map[int64]schemas.OracleEvaluation
	trees map[string]map[int64]*tree.Tree
	tasks []int64
}

func readResults(t testing.TB, dir string) *results {
	t.Helper()
	r := &results{evals: map[string]map[int64]schemas.OracleEvaluation{}, trees: map[string]map[int64]*tree.Tree{}}
	seen := map[int64]bool{}
	paths, _ := filepath.Glob(filepath.Join(dir, schemas.Evaluations, "*.parquet"))
	for _, p := range paths {
		rows, err := schemas.ReadEvaluations(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rows {
			if r.evals[e.Learner] == nil {
				r.evals[e.Learner] = map[int64]schemas.OracleEvaluation{}
			}
			r.evals[e.Learner][e.DatasetID] = e
			if !seen[e.DatasetID] {
				seen[e.DatasetID] = true
				r.tasks = append(r.tasks, e.DatasetID)
			}
		}
	}
	sort.Slice(r.tasks, func(i, j int) bool { return r.tasks[i] < r.tasks[j] })
	paths, _ = filepath.Glob(filepath.Join(dir, schemas.Models, "*.parquet"))
	for _, p := range paths {
		recs, err := schemas.ReadModels(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range recs {
			if r.trees[m.Learner] == nil {
				r.trees[m.Learner] = map[int64]*tree.Tree{}
			}
			r.trees[m.Learner][m.DatasetID] = m.Tree
		}
	}
	return r
}

// sameTree reports whether two trees make the same tests and predictions
// node for node from the root, whatever their node numbering.
func sameTree(a, b *tree.Tree) bool {
	var same func(na, nb int) bool
	same = func(na, nb int) bool {
		if a.IsLeaf(na) || b.IsLeaf(nb) {
			return a.IsLeaf(na) && b.IsLeaf(nb) && a.Class[na] == b.Class[nb]
		}
		if a.Feature[na] != b.Feature[nb] {
			return false
		}
		ca, cb := a.Children(na), b.Children(nb)
		for v := range ca {
			if !same(int(ca[v]), int(cb[v])) {
				return false
			}
		}
		return true
	}
	return same(0, 0)
}

func text(t *tree.Tree) string {
	var sb strings.Builder
	_ = tree.WriteText(&sb, t, tree.Names{})
	return sb.String()
}
