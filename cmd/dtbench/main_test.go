package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// small is a grid of a fraction of a second.
var small = []string{"--set", "oracle.depths=[2,3]", "--set", "oracle.sizes=[20]", "--set", "oracle.repetitions=2",
	"--set", "oracle.test_size=20", "--set", "oracle.features=5", "--set", "chunk=2"}

func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	code = execute(context.Background(), args, &out, &errw)
	return code, out.String(), errw.String()
}

func TestRunTreeVerify(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	code, stdout, stderr := cli(t, append([]string{"run", "--out", out}, small...)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	dir := strings.TrimSpace(stdout)
	if dir != filepath.Join(out, "quick") {
		t.Errorf("run printed %q", dir)
	}
	code, stdout, stderr = cli(t, "tree", filepath.Join(dir, "models", "part-0-00000.parquet"))
	if code != 0 || !strings.Contains(stdout, "tree_id") || !strings.Contains(stdout, "id3") {
		t.Errorf("tree without --id lists the trees: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr = cli(t, "tree", filepath.Join(dir, "models", "part-0-00000.parquet"), "--id", "99999"); code != 2 || !strings.Contains(stderr, "99999") {
		t.Errorf("tree --id of no tree: exit %d, stderr %q", code, stderr)
	}
	code, stdout, stderr = cli(t, "tree", filepath.Join(dir, "oracles", "part-0-00000.parquet"), "--id", "1")
	if code != 0 || !strings.Contains(stdout, "f") || !strings.Contains(stdout, ":") {
		t.Errorf("tree: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = cli(t, "tree", filepath.Join(dir, "models", "part-0-00000.parquet"), "--id", "0", "--format", "dot")
	if code != 0 || !strings.HasPrefix(stdout, "digraph") {
		t.Errorf("tree --format dot: exit %d, stdout %q", code, stdout)
	}
	if code, _, stderr = cli(t, "verify", dir); code != 0 {
		t.Errorf("verify: exit %d: %s", code, stderr)
	}
	// A tampered archive fails verification with status 2.
	part := filepath.Join(dir, "results", "evaluations", "part-0-00000.parquet")
	b, _ := os.ReadFile(part)
	os.WriteFile(part, append(b[:len(b)-1:len(b)-1], b[len(b)-1]^1), 0o644)
	if code, _, stderr = cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, "part-0-00000") {
		t.Errorf("verify of a tampered run: exit %d: %s", code, stderr)
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := cli(t, "version")
	if code != 0 || !strings.HasPrefix(stdout, "dtbench ") {
		t.Errorf("version: exit %d, %q", code, stdout)
	}
}

func TestStagesOverARunFolder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	if code, _, stderr := cli(t, append([]string{"generate", "--out", out}, small...)...); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	dir := filepath.Join(out, "quick")
	for _, stage := range []string{"train", "evaluate", "report"} {
		if code, _, stderr := cli(t, stage, "--run", dir); code != 0 {
			t.Fatalf("%s --run: exit %d: %s", stage, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "report", "report.md")); err != nil {
		t.Error(err)
	}
	if code, _, stderr := cli(t, "train", "--run", dir, "--set", "seed=3"); code != 2 || !strings.Contains(stderr, "--run") {
		t.Errorf("--run with --set: exit %d: %s", code, stderr)
	}
	if code, _, _ := cli(t, "train", "--run", filepath.Join(out, "nothing")); code != 2 {
		t.Errorf("--run on a missing folder: exit %d, want 2", code)
	}
}
