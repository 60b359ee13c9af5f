package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Tests of verify --write-sums: SHA256SUMS, a detached list of the
// folder's sha256 for an archive, which sha256sum -c checks and a user
// may sign, and which verify checks when it is there.

// sha256sumCheck runs coreutils' sha256sum -c SHA256SUMS in dir, the
// independent check of the list; it skips the test without it.
func sha256sumCheck(t *testing.T, dir string) (bool, string) {
	t.Helper()
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("sha256sum (coreutils) is not installed: the independent check of SHA256SUMS cannot run")
	}
	cmd := exec.Command("sha256sum", "--strict", "-c", "SHA256SUMS")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return err == nil, string(out)
}

// TestWriteSums: verify --write-sums writes SHA256SUMS listing the
// manifest and every file it lists, which sha256sum -c accepts; the
// manifest does not list it and is left as it was; verify checks it.
func TestWriteSums(t *testing.T) {
	dir := archive(t)
	manifest := readFile(t, filepath.Join(dir, "manifest.json"))
	code, stdout, stderr := cli(t, "verify", "--write-sums", dir)
	if code != 0 || !strings.Contains(stdout, "wrote SHA256SUMS") {
		t.Fatalf("verify --write-sums: exit %d: %s%s", code, stdout, stderr)
	}
	if !bytes.Equal(readFile(t, filepath.Join(dir, "manifest.json")), manifest) {
		t.Error("verify --write-sums rewrote the manifest")
	}
	// It lists the manifest and exactly the files the manifest lists.
	var listed []string
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(dir, "SHA256SUMS")))), "\n") {
		sum, path, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			t.Fatalf("SHA256SUMS line %q is not sha256sum's", line)
		}
		listed = append(listed, path)
	}
	want := append(manifestPaths(t, dir), "manifest.json")
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("SHA256SUMS lists %q; want the manifest and its files %q", listed, want)
	}
	if ok, out := sha256sumCheck(t, dir); !ok {
		t.Errorf("sha256sum -c SHA256SUMS fails:\n%s", out)
	}
	code, stdout, stderr = cli(t, "verify", dir)
	if code != 0 || !strings.Contains(stdout, "SHA256SUMS lists") {
		t.Errorf("verify of a sealed folder: exit %d: %s%s", code, stdout, stderr)
	}
	// A signature beside it is the user's: noted, not a foreign file.
	writeFile(t, filepath.Join(dir, "SHA256SUMS.asc"), []byte("-----BEGIN PGP SIGNATURE-----\n"))
	if code, stdout, stderr := cli(t, "verify", dir); code != 0 || !strings.Contains(stdout, "SHA256SUMS.asc: a signature") {
		t.Errorf("verify with a signature: exit %d: %s%s", code, stdout, stderr)
	}
}

// TestSumsCatchAnEditedManifest is issue 21's case: a part copied over
// another, its sha256 and rows edited into manifest.json. The manifest
// alone cannot tell (verify still refuses the part, by its rows); a
// SHA256SUMS written before catches the edit of the manifest and of the
// part, as sha256sum -c does.
func TestSumsCatchAnEditedManifest(t *testing.T) {
	dir := archive(t)
	if code, _, stderr := cli(t, "verify", "--write-sums", dir); code != 0 {
		t.Fatalf("verify --write-sums: exit %d: %s", code, stderr)
	}
	to := "results/evaluations/part-0-00000.parquet"
	swapPart(t, dir, "results/evaluations/part-0-00001.parquet", to)
	code, _, stderr := cli(t, "verify", dir)
	for _, want := range []string{
		"SHA256SUMS:", ": manifest.json: sha256 ", // the manifest's edit
		": " + to + ": sha256 ", // the part's
		to + ": holds rows of task",
	} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("verify of an edited manifest: exit %d, want 2 naming %q:\n%s", code, want, stderr)
		}
	}
	if ok, out := sha256sumCheck(t, dir); ok || !strings.Contains(out, "manifest.json: FAILED") || !strings.Contains(out, to+": FAILED") {
		t.Errorf("sha256sum -c passes an edited manifest:\n%s", out)
	}
	if code, _, _ := cli(t, "report", "--run", dir); code != 2 {
		t.Errorf("report over the swapped part: exit %d, want 2", code)
	}
}

// TestWriteSumsRefuses: a folder that does not verify gets no SHA256SUMS,
// and an existing one that no longer matches (the folder changed since,
// as a rerun changes it) is not replaced until it is deleted; verify
// names what changed.
func TestWriteSumsRefuses(t *testing.T) {
	dir := archive(t)
	flipByte(t, filepath.Join(dir, "models", "part-0-00001.parquet"))
	if code, _, stderr := cli(t, "verify", "--write-sums", dir); code != 2 || !strings.Contains(stderr, "models/part-0-00001.parquet") {
		t.Errorf("verify --write-sums of a damaged folder: exit %d, want 2: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "SHA256SUMS")); !os.IsNotExist(err) {
		t.Errorf("a damaged folder got a SHA256SUMS (%v)", err)
	}

	dir = archive(t)
	if code, _, stderr := cli(t, "verify", "--write-sums", dir); code != 0 {
		t.Fatalf("verify --write-sums: exit %d: %s", code, stderr)
	}
	sums := readFile(t, filepath.Join(dir, "SHA256SUMS"))
	// The folder changes as a rerun of the report changes it (the run
	// time in report.md's header), its manifest following: it verifies,
	// but no longer matches SHA256SUMS.
	rewriteRecorded(t, dir, "report/report.md", append(readFile(t, filepath.Join(dir, "report", "report.md")), '\n'))
	if code, _, stderr := cli(t, "verify", dir); code != 2 || strings.Contains(stderr, "manifest says") {
		t.Fatalf("verify after the change: exit %d, want 2 for SHA256SUMS alone: %s", code, stderr)
	}
	code, _, stderr := cli(t, "verify", "--write-sums", dir)
	if code != 2 || !strings.Contains(stderr, ": report/report.md: sha256") || !strings.Contains(stderr, "delete it") {
		t.Errorf("verify --write-sums over a stale SHA256SUMS: exit %d, want 2 naming report.md: %s", code, stderr)
	}
	if !bytes.Equal(readFile(t, filepath.Join(dir, "SHA256SUMS")), sums) {
		t.Error("a refused verify --write-sums rewrote SHA256SUMS")
	}
	if err := os.Remove(filepath.Join(dir, "SHA256SUMS")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "verify", "--write-sums", dir); code != 0 {
		t.Errorf("verify --write-sums after deleting the stale one: exit %d: %s", code, stderr)
	}
	if ok, out := sha256sumCheck(t, dir); !ok {
		t.Errorf("sha256sum -c SHA256SUMS fails:\n%s", out)
	}
}

// TestVerifyReadsNoPathOutside: a SHA256SUMS line naming a path outside
// the run folder, or no sha256sum line at all, is a problem naming the
// line; the path is not read.
func TestVerifyReadsNoPathOutside(t *testing.T) {
	dir := archive(t)
	if code, _, stderr := cli(t, "verify", "--write-sums", dir); code != 0 {
		t.Fatalf("verify --write-sums: exit %d: %s", code, stderr)
	}
	path := filepath.Join(dir, "SHA256SUMS")
	b := readFile(t, path)
	b = append(b, []byte(strings.Repeat("0", 64)+"  ../../../etc/passwd\nroot:x:0:0:root:/root:/bin/bash\n")...)
	writeFile(t, path, b)
	code, _, stderr := cli(t, "verify", dir)
	lines := strings.Count(string(b), "\n")
	for _, want := range []string{
		"SHA256SUMS:" + strconv.Itoa(lines-1) + ": \"../../../etc/passwd\": not a path inside the run folder; not read",
		"SHA256SUMS:" + strconv.Itoa(lines) + ": not a line of sha256sum",
	} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("verify: exit %d, want 2 naming %q:\n%s", code, want, stderr)
		}
	}
	if strings.Contains(stderr, "root:x") {
		t.Errorf("verify quotes a bad line of SHA256SUMS:\n%s", stderr)
	}
}

// rewriteRecorded replaces the file rel of the run folder with data and
// its entry in manifest.json with data's sha256, as a command that
// rewrote it would.
func rewriteRecorded(t *testing.T, dir, rel string, data []byte) {
	t.Helper()
	path := filepath.Join(dir, "manifest.json")
	var m map[string]any
	if err := json.Unmarshal(readFile(t, path), &m); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range m["files"].([]any) {
		if e := f.(map[string]any); e["path"] == rel {
			sum := sha256.Sum256(data)
			e["sha256"], found = hex.EncodeToString(sum[:]), true
		}
	}
	if !found {
		t.Fatalf("the manifest lists no %s", rel)
	}
	writeFile(t, filepath.Join(dir, filepath.FromSlash(rel)), data)
	b, _ := json.MarshalIndent(m, "", "  ")
	writeFile(t, path, b)
}

// manifestPaths returns the paths of the files manifest.json lists.
func manifestPaths(t *testing.T, dir string) []string {
	t.Helper()
	var m struct {
		Files []struct {
			Path string `json:"path"`
		} `json:"files"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(dir, "manifest.json")), &m); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range m.Files {
		out = append(out, f.Path)
	}
	return out
}
