package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// TestStumpInOracleStudy runs the stump through a small oracle study: it
// gets every tree measure, never grows past depth 1, and recovers a
// depth-1 oracle exactly from 1000 rows.
func TestStumpInOracleStudy(t *testing.T) {
	dir, err := run(context.Background(), "stump.yaml", t.TempDir(), []string{"oracle.repetitions=3"})
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, schemas.Evaluations, "*.parquet"))
	n := 0
	for _, p := range paths {
		rows, err := schemas.ReadEvaluations(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rows {
			if e.Learner != "stump" {
				continue
			}
			n++
			if e.DOE == nil || e.Agreement == nil || e.TreeDepth == nil || *e.TreeDepth > 1 {
				t.Fatalf("stump row %+v: want DOE, agreement and depth <= 1", e.Measures)
			}
			if e.Depth == 1 && e.Size == 1000 && (*e.DOE != 1 || *e.Agreement != 1) {
				t.Errorf("task %d: stump on a depth-1 oracle: DOE %v, agreement %v; want 1", e.DatasetID, *e.DOE, *e.Agreement)
			}
		}
	}
	if n != 12 {
		t.Errorf("%d stump rows; want 12 (2 depths × 2 sizes × 3 repetitions)", n)
	}
}

// TestStumpNeedsItsRegistry: without the program's registry, dtbench does
// not know the stump; with it, the stump's options are checked.
func TestStumpNeedsItsRegistry(t *testing.T) {
	if _, err := pipeline.Load(pipeline.LoadOptions{File: "stump.yaml", Env: []string{}}); !input.Is(err) || !strings.Contains(err.Error(), `unknown learner "stump"`) {
		t.Errorf("Load without the registry = %v; want unknown learner stump", err)
	}
	reg, err := Learners()
	if err != nil {
		t.Fatal(err)
	}
	_, err = pipeline.Load(pipeline.LoadOptions{File: "stump.yaml", Sets: []string{"learners=[{stump: {min_gain: -1}}]"}, Env: []string{}, Learners: reg})
	if !input.Is(err) || !strings.Contains(err.Error(), "learners.stump.min_gain") {
		t.Errorf("Load with min_gain -1 = %v; want learners.stump.min_gain", err)
	}
	if _, err := reg.With(stumpEntry(t)); err == nil {
		t.Error("registering stump twice succeeded")
	}
}

// stumpEntry is the stump's entry again, to try registering it twice.
func stumpEntry(t *testing.T) train.Entry {
	t.Helper()
	return train.NewEntry("stump", "again", StumpOptions{}, func(o StumpOptions) train.Learner { return Stump{Options: o} })
}
