package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
)

// Tests of a run folder as an archive: tamper with it, run a command,
// check the exit status, the message and the manifest.

// archive runs the small grid (4 chunks of 2 tasks) and returns its folder.
func archive(t *testing.T, extra ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "runs")
	code, stdout, stderr := cli(t, append(append([]string{"run", "--out", out}, small...), extra...)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	return strings.TrimSpace(stdout)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedInputLeavesTheManifest: a flipped byte in an evaluations
// part, or a timings part copied over it, makes report exit 2 naming the
// part, with the manifest as it was; verify fails too.
func TestDamagedInputLeavesTheManifest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(dir, part string)
	}{
		{"flipped byte", func(dir, part string) {
			b := readFile(t, part)
			b[len(b)/2] ^= 0x40
			writeFile(t, part, b)
		}},
		{"foreign part", func(dir, part string) {
			writeFile(t, part, readFile(t, filepath.Join(dir, "results", "timings", "part-0-00001-evaluate.parquet")))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := archive(t)
			part := filepath.Join(dir, "results", "evaluations", "part-0-00002.parquet")
			manifest := readFile(t, filepath.Join(dir, "manifest.json"))
			tc.damage(dir, part)
			code, _, stderr := cli(t, "report", "--run", dir)
			if code != 2 || !strings.Contains(stderr, "part-0-00002") || !strings.Contains(stderr, "--resume") {
				t.Errorf("report over a damaged part: exit %d: %s", code, stderr)
			}
			if now := readFile(t, filepath.Join(dir, "manifest.json")); !bytes.Equal(now, manifest) {
				t.Error("a failed report rewrote the manifest")
			}
			if code, _, stderr := cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, "part-0-00002") {
				t.Errorf("verify of a damaged part: exit %d: %s", code, stderr)
			}
		})
	}
}

// TestDeletedPartStaysInTheManifest: a report after a models part was
// deleted keeps that part's record, so verify still reports it missing.
func TestDeletedPartStaysInTheManifest(t *testing.T) {
	dir := archive(t)
	if err := os.Remove(filepath.Join(dir, "models", "part-0-00003.parquet")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "report", "--run", dir); code != 0 {
		t.Fatalf("report (which reads evaluations only): exit %d: %s", code, stderr)
	}
	if m := string(readFile(t, filepath.Join(dir, "manifest.json"))); !strings.Contains(m, "models/part-0-00003.parquet") || !strings.Contains(m, "report/report.md") {
		t.Error("the manifest dropped the deleted part, or does not list report.md")
	}
	if code, _, stderr := cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, "models/part-0-00003.parquet: missing") {
		t.Errorf("verify after a deleted part: exit %d: %s", code, stderr)
	}
}

// TestResumeRecomputesDamagedParts: --resume treats a truncated part as
// missing, says so, and gives the bytes of a fresh run.
func TestResumeRecomputesDamagedParts(t *testing.T) {
	dir := archive(t)
	part := filepath.Join(dir, "datasets", "part-0-00003.parquet")
	want := readFile(t, part)
	writeFile(t, part, want[:len(want)/3])
	code, _, stderr := cli(t, "run", "--out", filepath.Dir(dir), "--resume", "--set", "oracle.depths=[2,3]",
		"--set", "oracle.sizes=[20]", "--set", "oracle.repetitions=2", "--set", "oracle.test_size=20", "--set", "oracle.features=5", "--set", "chunk=2")
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "damaged") || !strings.Contains(stderr, "part-0-00003") {
		t.Errorf("resume did not say which part it recomputes: %s", stderr)
	}
	if got := readFile(t, part); !bytes.Equal(got, want) {
		t.Error("the recomputed part differs from the original")
	}
	if code, _, stderr := cli(t, "verify", dir); code != 0 {
		t.Errorf("verify after resume: exit %d: %s", code, stderr)
	}
}

// TestVerifyReportsUnlistedFiles: stray tables at any depth, temporary
// files and foreign files are all reported.
func TestVerifyReportsUnlistedFiles(t *testing.T) {
	dir := archive(t)
	writeFile(t, filepath.Join(dir, "models", "part-0-00099.parquet"), readFile(t, filepath.Join(dir, "models", "part-0-00000.parquet")))
	if err := os.MkdirAll(filepath.Join(dir, "results", "deep", "er"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "results", "deep", "er", "x.parquet"), []byte("PAR1"))
	writeFile(t, filepath.Join(dir, "datasets", ".part-0-00001.parquet.tmp-123"), []byte("half"))
	writeFile(t, filepath.Join(dir, "notes.txt"), []byte("mine"))
	code, _, stderr := cli(t, "verify", dir)
	if code != 2 {
		t.Fatalf("verify: exit %d", code)
	}
	for _, want := range []string{"models/part-0-00099.parquet: not in the manifest", "results/deep/er/x.parquet: not in the manifest",
		"datasets/.part-0-00001.parquet.tmp-123: temporary file", "notes.txt: not in the manifest"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("verify does not report %q:\n%s", want, stderr)
		}
	}
}

// TestShardedArchive: three shards and a report verify clean, with the
// merged manifest and each shard's; a report with a shard missing is
// refused naming the chunks and their shard, and --allow-partial says so
// on the report's first line; an interrupted shard shows as one line.
func TestShardedArchive(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	shard := func(i string) {
		if code, _, stderr := cli(t, append([]string{"run", "--out", out, "--shard", i + "/3"}, small...)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, stderr)
		}
	}
	shard("0")
	shard("2")
	dir := filepath.Join(out, "quick")
	code, _, stderr := cli(t, "report", "--run", dir)
	if code != 2 || !strings.Contains(stderr, "1 of 4 chunks missing (chunk 1 of shard 1/3)") {
		t.Errorf("report with shard 1/3 missing: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli(t, "report", "--run", dir, "--allow-partial"); code != 0 {
		t.Fatalf("report --allow-partial: exit %d: %s", code, stderr)
	}
	if md := string(readFile(t, filepath.Join(dir, "report", "report.md"))); !strings.HasPrefix(md, "**Partial report: 1 chunk(s) missing (chunk 1)") {
		t.Errorf("partial report.md starts %q", md[:min(len(md), 120)])
	}
	shard("1")
	if code, _, stderr := cli(t, "report", "--run", dir); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if md := string(readFile(t, filepath.Join(dir, "report", "report.md"))); strings.Contains(md, "Partial") {
		t.Error("the full report still says partial")
	}
	if code, stdout, stderr := cli(t, "verify", dir); code != 0 {
		t.Errorf("verify of a reported sharded run: exit %d: %s %s", code, stdout, stderr)
	}
	// A command killed before it changed a file leaves a journal that
	// verify notes; one that had rewritten a file, an incomplete run,
	// in a line naming the file (issue 21, item 9: not "4 of 4 chunks").
	header := `{"version":"dev","config":` + configJSON(t, dir) + `,"shard":"1/3","stages":["train"]}` + "\n"
	writeFile(t, filepath.Join(dir, "journal-1-of-3.jsonl"), []byte(header))
	code, stdout, stderr := cli(t, "verify", dir)
	if code != 0 || !strings.Contains(stdout, "journal-1-of-3.jsonl: `train` stopped (or is still running) before it changed any file") {
		t.Errorf("verify with a journal that changed nothing: exit %d: %q %q", code, stdout, stderr)
	}
	writeFile(t, filepath.Join(dir, "journal-1-of-3.jsonl"), []byte(header+`{"path":"models/part-1-00001.parquet","rows":1,"sha256":"00"}`+"\n"))
	code, _, stderr = cli(t, "verify", dir)
	if code != 2 || strings.Count(stderr, "\n") > 1 || strings.Contains(stderr, "4 of 4") ||
		!strings.Contains(stderr, "run incomplete (journal-1-of-3.jsonl: every chunk (4) is there, but `train` did not finish: it rewrote models/part-1-00001.parquet; `dtbench train --run") {
		t.Errorf("verify of an interrupted run: exit %d: %q", code, stderr)
	}
}

// configJSON returns the config a run folder's manifest records, as JSON.
func configJSON(t *testing.T, dir string) string {
	t.Helper()
	var m struct {
		Config json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(dir, "manifest.json")), &m); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, m.Config); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRerunOverShardsLeavesNoDuplicates: one process over a folder made by
// two shards recomputes every chunk, removes the other shard's parts, and
// gives the bytes and report of a fresh run.
func TestRerunOverShardsLeavesNoDuplicates(t *testing.T) {
	fresh := archive(t)
	out := filepath.Join(t.TempDir(), "runs")
	for _, i := range []string{"0", "1"} {
		if code, _, stderr := cli(t, append([]string{"run", "--out", out, "--shard", i + "/2"}, small...)...); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, stderr)
		}
	}
	code, stdout, stderr := cli(t, append([]string{"run", "--out", out}, small...)...)
	if code != 0 {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	dir := strings.TrimSpace(stdout)
	if left, _ := filepath.Glob(filepath.Join(dir, "*", "part-1-*")); len(left) > 0 {
		t.Errorf("shard 1's parts survived the rerun: %v", left)
	}
	for _, rel := range []string{"results/evaluations/part-0-00003.parquet", "report/summary.parquet", "report/report.md", "report/plots/doe-complete.png"} {
		if !bytes.Equal(withoutRunLines(readFile(t, filepath.Join(dir, rel))), withoutRunLines(readFile(t, filepath.Join(fresh, rel)))) {
			t.Errorf("%s differs from a fresh run's", rel)
		}
	}
	if code, _, stderr := cli(t, "verify", dir); code != 0 {
		t.Errorf("verify after the rerun: exit %d: %s", code, stderr)
	}
}

// TestResumeRefusesOtherSchemaVersions: parts recorded with another schema
// version of a table the command would keep are refused with --resume, and
// a command that reads only tables of the same version still runs.
func TestResumeRefusesOtherSchemaVersions(t *testing.T) {
	dir := archive(t)
	path := filepath.Join(dir, "manifest.json")
	m := string(readFile(t, path))
	cur := fmt.Sprintf(`"models": %d`, schemas.ModelsVersion)
	old := strings.Replace(m, cur, `"models": 1`, 1)
	if old == m {
		t.Fatalf("the manifest does not record models version %d", schemas.ModelsVersion)
	}
	writeFile(t, path, []byte(old))
	code, _, stderr := cli(t, append([]string{"run", "--out", filepath.Dir(dir), "--resume"}, small...)...)
	if code != 2 || !strings.Contains(stderr, "models is version 1") {
		t.Errorf("resume over models v1: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli(t, "report", "--run", dir); code != 0 {
		t.Errorf("report (evaluations only, same version): exit %d: %s", code, stderr)
	}
}

// withoutRunLines drops the lines of a report.md that say how the run ran
// (its times and cores), which no two runs share; other files pass as
// they are.
func withoutRunLines(b []byte) []byte {
	var keep [][]byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if !slices.ContainsFunc(report.RunLinePrefixes, func(p string) bool { return bytes.HasPrefix(line, []byte(p)) }) {
			keep = append(keep, line)
		}
	}
	return bytes.Join(keep, nil)
}

// TestVerifyReportsEverySchemaVersion: a manifest that records other
// schema versions than its files' footers makes verify name every file of
// every such table, and exit 2.
func TestVerifyReportsEverySchemaVersion(t *testing.T) {
	dir := archive(t)
	path := filepath.Join(dir, "manifest.json")
	m := string(readFile(t, path))
	old := regexp.MustCompile(`"(results/evaluations|oracles)": \d+`).ReplaceAllString(m, `"$1": 99`)
	if strings.Count(old, ": 99") != 2 {
		t.Fatal("the manifest records no evaluations or oracles version")
	}
	writeFile(t, path, []byte(old))
	code, _, stderr := cli(t, "verify", dir)
	if code != 2 {
		t.Fatalf("verify: exit %d; want 2: %s", code, stderr)
	}
	for _, table := range []string{"results/evaluations", "oracles"} {
		parts, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(table), "*.parquet"))
		if len(parts) < 2 {
			t.Fatalf("%s has %d parts; the test wants several", table, len(parts))
		}
		for _, p := range parts {
			rel, _ := filepath.Rel(dir, p)
			if !strings.Contains(stderr, filepath.ToSlash(rel)+": schema version") {
				t.Errorf("verify does not name %s's schema version:\n%s", rel, stderr)
			}
		}
	}
	v, _ := schemas.TableVersion(schemas.Evaluations)
	if !strings.Contains(stderr, fmt.Sprintf("schema version %d of results/evaluations, but the manifest records version 99", v)) {
		t.Errorf("verify's message does not give both versions:\n%s", stderr)
	}
}
