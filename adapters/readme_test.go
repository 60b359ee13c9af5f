package adapters

import (
	"context"
	"os/exec"
	"testing"

	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
)

// TestREADMEExample runs configs/external.yaml — the README's example,
// commands as written — from the repository root, after the README's
// one-line javac step, on fewer repetitions.
func TestREADMEExample(t *testing.T) {
	sklearnCommand(t)
	wekaCommand(t) // skips without Weka or a JDK
	t.Chdir(repoRoot)
	// The README's step: the class file beside its source (git-ignored).
	if out, err := exec.Command("javac", "-cp", wekaJar, "adapters/weka/DtbenchWeka.java").CombinedOutput(); err != nil {
		t.Fatalf("javac: %v: %s", err, out)
	}
	cfg, err := pipeline.Load(pipeline.LoadOptions{File: "configs/external.yaml", Sets: []string{"oracle.repetitions=2", "oracle.sizes=[100]"}, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := pipeline.Run(context.Background(), cfg, pipeline.Options{Out: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	r := readResults(t, dir)
	for _, name := range []string{"id3", "sklearn-entropy", "weka-j48u"} {
		if len(r.evals[name]) != 8 {
			t.Errorf("%s: %d rows; want 8", name, len(r.evals[name]))
		}
		for task, e := range r.evals[name] {
			if *e.Status != schemas.StatusOK || e.DOE == nil {
				t.Errorf("%s task %d: status %s, DOE %v", name, task, *e.Status, e.DOE)
			}
			// The adapters send no counts; dtbench counts the training rows.
			if c := r.trees[name][task].NodeCounts(0); len(c) != 2 || c[0]+c[1] != 100 {
				t.Errorf("%s task %d: root counts %v; want the 100 training rows", name, task, c)
			}
		}
	}
}
