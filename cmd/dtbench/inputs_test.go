package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchOver is a benchmark-study run over the CSV at path (class c, a
// header): benchRun's small settings.
func benchOver(path string, extra ...string) []string {
	return append(benchRun("{path: "+path+", class: c, header: true}"), extra...)
}

// folderBytes returns every file under dir with its bytes.
func folderBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out[p] = string(readFile(t, p))
		}
		return nil
	})
	return out
}

// TestChangedDatasetAtTheCLI: after a value of the dataset file
// changed, run --resume exits 2 with one line naming the file and the
// flag, writing nothing; verify exits 2 naming it; --recompute-changed
// recomputes, and verify passes. The file moved away is a note of
// verify, not a failure, and a run over the folder exits 2 saying it is
// gone.
func TestChangedDatasetAtTheCLI(t *testing.T) {
	data := filepath.Join(t.TempDir(), "good.csv")
	writeFile(t, data, readFile(t, filepath.Join("testdata", "good.csv")))
	out := filepath.Join(t.TempDir(), "runs")
	args := benchOver(data, "--out", out)
	code, stdout, stderr := cli(t, args...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	dir := strings.TrimSpace(stdout)
	writeFile(t, data, bytes.Replace(readFile(t, data), []byte("x,z,no\n"), []byte("y,z,no\n"), 1))
	before := folderBytes(t, out)
	code, _, stderr = cli(t, append(args, "--resume")...)
	if code != 2 || !strings.Contains(stderr, data+": changed since the run") || !strings.Contains(stderr, "--recompute-changed") || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("resume over a changed dataset: exit %d: %q", code, stderr)
	}
	if after := folderBytes(t, out); len(after) != len(before) {
		t.Errorf("the refused resume wrote files: %d before, %d after", len(before), len(after))
	} else {
		for p, b := range before {
			if after[p] != b {
				t.Errorf("the refused resume changed %s", p)
			}
		}
	}
	code, _, stderr = cli(t, "verify", dir)
	if code != 2 || !strings.Contains(stderr, "input "+data+": changed since the run") {
		t.Errorf("verify after the change: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli(t, append(args, "--resume", "--recompute-changed")...); code != 0 {
		t.Fatalf("--recompute-changed: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli(t, "verify", dir); code != 0 {
		t.Errorf("verify after --recompute-changed: exit %d: %s", code, stderr)
	}
	if err := os.Rename(data, data+".moved"); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = cli(t, "verify", dir)
	if code != 0 || !strings.Contains(stdout, "input "+data+": not found") || !strings.Contains(stdout, "files match the manifest") {
		t.Errorf("verify with the dataset moved away: exit %d: stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr := cli(t, append(args, "--resume")...); code != 2 || !strings.Contains(stderr, "gone since the run") {
		t.Errorf("resume with the dataset gone: exit %d: %s", code, stderr)
	}
}

// swapPart copies the part from over the part to of a run folder and
// edits its sha256 and rows into the manifest: bytes that match their
// record, and rows of another chunk.
func swapPart(t *testing.T, dir, from, to string) {
	t.Helper()
	path := filepath.Join(dir, "manifest.json")
	var m map[string]any
	if err := json.Unmarshal(readFile(t, path), &m); err != nil {
		t.Fatal(err)
	}
	byPath := map[string]map[string]any{}
	for _, f := range m["files"].([]any) {
		e := f.(map[string]any)
		byPath[e["path"].(string)] = e
	}
	if byPath[from] == nil || byPath[to] == nil {
		t.Fatalf("the manifest lists no %s or %s", from, to)
	}
	writeFile(t, filepath.Join(dir, filepath.FromSlash(to)), readFile(t, filepath.Join(dir, filepath.FromSlash(from))))
	byPath[to]["sha256"], byPath[to]["rows"] = byPath[from]["sha256"], byPath[from]["rows"]
	b, _ := json.MarshalIndent(m, "", "  ")
	writeFile(t, path, b)
}

// TestSwappedPart: a part holding another chunk's rows, its sha256 edited
// into the manifest, is refused, naming it, by every command that reads
// or keeps it — the report (whose verdict it would change: the chunk
// counted twice, the other not at all), --resume, a staged command — and
// by verify, with nothing written.
func TestSwappedPart(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to string
		args     func(dir string) []string
	}{
		{"report", "results/evaluations/part-0-00001.parquet", "results/evaluations/part-0-00000.parquet",
			func(dir string) []string { return []string{"report", "--run", dir} }},
		{"resume", "models/part-0-00002.parquet", "models/part-0-00003.parquet",
			func(dir string) []string {
				return append([]string{"run", "--out", filepath.Dir(dir), "--resume"}, small...)
			}},
		{"staged evaluate", "datasets/part-0-00000.parquet", "datasets/part-0-00001.parquet",
			func(dir string) []string { return []string{"evaluate", "--run", dir} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := archive(t)
			swapPart(t, dir, tc.from, tc.to)
			before := folderBytes(t, dir)
			code, _, stderr := cli(t, tc.args(dir)...)
			if code != 2 || !strings.Contains(stderr, tc.to) || !strings.Contains(stderr, "is not one of chunk") {
				t.Errorf("%s over a swapped part: exit %d: %s", tc.name, code, stderr)
			}
			after := folderBytes(t, dir)
			for p, b := range before {
				if after[p] != b {
					t.Errorf("the refused command changed %s", p)
				}
			}
			if len(after) != len(before) {
				t.Errorf("the refused command left %d files, there were %d", len(after), len(before))
			}
			if code, _, stderr := cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, tc.to+": holds rows of task") {
				t.Errorf("verify of a swapped part: exit %d: %s", code, stderr)
			}
		})
	}
}

// TestSwappedBenchmarkPart is TestSwappedPart in the benchmark study,
// whose verdicts read the confusion and evaluation parts: a part holding
// another chunk's rows, its sha256 edited into the manifest, is refused
// by the report and by verify, naming it, with nothing written.
func TestSwappedBenchmarkPart(t *testing.T) {
	for _, table := range []string{"results/confusion", "results/evaluations"} {
		t.Run(table, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "runs")
			code, stdout, stderr := cli(t, benchOver("testdata/good.csv", "--set", "benchmark.repetitions=2", "--set", "chunk=1", "--out", out)...)
			if code != 0 {
				t.Fatalf("run: exit %d: %s", code, stderr)
			}
			dir := strings.TrimSpace(stdout)
			to := table + "/part-0-00000.parquet"
			swapPart(t, dir, table+"/part-0-00003.parquet", to)
			before := folderBytes(t, dir)
			code, _, stderr = cli(t, "report", "--run", dir)
			if code != 2 || !strings.Contains(stderr, to) || !strings.Contains(stderr, "is not one of chunk") {
				t.Errorf("report over a swapped part: exit %d: %s", code, stderr)
			}
			if after := folderBytes(t, dir); len(after) != len(before) {
				t.Errorf("the refused report left %d files, there were %d", len(after), len(before))
			} else {
				for p, b := range before {
					if after[p] != b {
						t.Errorf("the refused report changed %s", p)
					}
				}
			}
			if code, _, stderr := cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, to+": holds rows of task") {
				t.Errorf("verify of a swapped part: exit %d: %s", code, stderr)
			}
		})
	}
}
