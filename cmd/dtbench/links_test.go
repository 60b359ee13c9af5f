package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tests of a run folder that holds a link (or a file that is no file): no
// command writes, deletes or reads through it; each refuses the folder
// with exit status 2, naming the link, and verify reports every link.

// tampered is every run folder the CLI must refuse, one line a case: what
// is done to the small grid's folder dir (other is a folder outside the
// run), the command, and what its message must name. Nothing in the run
// folder or in other may change.
var tampered = []struct {
	name  string
	plant func(t *testing.T, dir, other string)
	args  func(dir string) []string
	want  []string
}{
	{"table folder linked outside, a part damaged there: --resume", func(t *testing.T, dir, other string) {
		moveAndLink(t, filepath.Join(dir, "results", "evaluations"), filepath.Join(other, "evaluations"))
		flipByte(t, filepath.Join(other, "evaluations", "part-0-00001.parquet"))
	}, resumeArgs, []string{"results/evaluations", "symbolic link", "evaluations"}},
	{"table folder linked outside: report", func(t *testing.T, dir, other string) {
		moveAndLink(t, filepath.Join(dir, "results", "evaluations"), filepath.Join(other, "evaluations"))
	}, reportArgs, []string{"results/evaluations", "symbolic link"}},
	{"part linked to a copy with the right bytes: report", func(t *testing.T, dir, other string) {
		moveAndLink(t, filepath.Join(dir, "models", "part-0-00002.parquet"), filepath.Join(other, "copy.parquet"))
	}, reportArgs, []string{"models/part-0-00002.parquet", "symbolic link"}},
	{"part linked to a copy: staged evaluate", func(t *testing.T, dir, other string) {
		moveAndLink(t, filepath.Join(dir, "models", "part-0-00002.parquet"), filepath.Join(other, "copy.parquet"))
	}, func(dir string) []string { return []string{"evaluate", "--run", dir} }, []string{"models/part-0-00002.parquet"}},
	{"link to a folder inside the run", func(t *testing.T, dir, other string) {
		if err := os.Symlink("../models", filepath.Join(dir, "results", "more")); err != nil {
			t.Fatal(err)
		}
	}, resumeArgs, []string{"results/more", "symbolic link"}},
	{"dangling link", func(t *testing.T, dir, other string) {
		if err := os.Symlink(filepath.Join(other, "none.png"), filepath.Join(dir, "report", "plots", "x.png")); err != nil {
			t.Fatal(err)
		}
	}, resumeArgs, []string{"report/plots/x.png", "symbolic link"}},
	{"manifest linked", func(t *testing.T, dir, other string) {
		moveAndLink(t, filepath.Join(dir, "manifest.json"), filepath.Join(other, "manifest.json"))
	}, reportArgs, []string{"manifest.json", "symbolic link"}},
	{"run folder linked: rerun", func(t *testing.T, dir, other string) {
		moveAndLink(t, dir, filepath.Join(other, "quick"))
	}, func(dir string) []string { return append([]string{"run", "--out", filepath.Dir(dir)}, small...) }, []string{"quick", "run folder", "symbolic link"}},
	{"run folder linked: report", func(t *testing.T, dir, other string) {
		moveAndLink(t, dir, filepath.Join(other, "quick"))
	}, reportArgs, []string{"quick", "run folder", "symbolic link"}},
	{"named pipe for a part", func(t *testing.T, dir, other string) {
		p := filepath.Join(dir, "results", "evaluations", "part-0-00003.parquet")
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := mkfifo(p); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}, reportArgs, []string{"results/evaluations/part-0-00003.parquet", "named pipe"}},
	// Files that are not what their name says are refused without being
	// quoted (checkMessage: nothing of testdata/passwd.txt).
	{"password file as a part", func(t *testing.T, dir, other string) {
		writeFile(t, filepath.Join(dir, "results", "evaluations", "part-0-00000.parquet"), readFile(t, "testdata/passwd.txt"))
	}, reportArgs, []string{"part-0-00000.parquet", "PAR1"}},
	{"password file as the manifest", func(t *testing.T, dir, other string) {
		writeFile(t, filepath.Join(dir, "manifest.json"), readFile(t, "testdata/passwd.txt"))
	}, reportArgs, []string{"manifest.json:1:1", "not JSON"}},
}

func resumeArgs(dir string) []string {
	return append([]string{"run", "--out", filepath.Dir(dir), "--resume"}, small...)
}

func reportArgs(dir string) []string { return []string{"report", "--run", dir} }

func TestTamperedRunFolder(t *testing.T) {
	for _, tc := range tampered {
		t.Run(tc.name, func(t *testing.T) {
			dir := archive(t)
			other := t.TempDir()
			tc.plant(t, dir, other)
			before, outside := snapshot(t, dir), snapshot(t, other)
			code, _, stderr := cli(t, tc.args(dir)...)
			if code != 2 {
				t.Fatalf("exit status %d, want 2 (stderr %q)", code, stderr)
			}
			checkMessage(t, stderr, tc.want)
			if after := snapshot(t, dir); !sameSnapshot(before, after) {
				t.Errorf("the refused command changed the run folder: %v", diffSnapshot(before, after))
			}
			if after := snapshot(t, other); !sameSnapshot(outside, after) {
				t.Errorf("the refused command changed the folder outside the run: %v", diffSnapshot(outside, after))
			}
			if code, _, stderr := cli(t, "verify", dir); code != 2 || !strings.Contains(stderr, tc.want[0]) {
				t.Errorf("verify: exit %d, want 2 naming %s: %s", code, tc.want[0], stderr)
			}
		})
	}
}

// TestVerifyReportsEveryLink: verify names every link of a folder, each
// on its line with its target, reads nothing through them, and checks
// the rest as usual.
func TestVerifyReportsEveryLink(t *testing.T) {
	dir := archive(t)
	other := t.TempDir()
	moveAndLink(t, filepath.Join(dir, "results", "evaluations"), filepath.Join(other, "evaluations"))
	moveAndLink(t, filepath.Join(dir, "models", "part-0-00001.parquet"), filepath.Join(other, "copy.parquet"))
	if err := os.Symlink("nowhere", filepath.Join(dir, "report", "plots", "x.png")); err != nil {
		t.Fatal(err)
	}
	flipByte(t, filepath.Join(dir, "oracles", "part-0-00000.parquet"))
	code, _, stderr := cli(t, "verify", dir)
	if code != 2 {
		t.Fatalf("verify: exit %d, want 2: %s", code, stderr)
	}
	for _, want := range []string{
		"results/evaluations: a symbolic link to " + filepath.Join(other, "evaluations"),
		"models/part-0-00001.parquet: a symbolic link to " + filepath.Join(other, "copy.parquet"),
		"report/plots/x.png: a symbolic link to nowhere",
		"oracles/part-0-00000.parquet: ", // the damaged part, found as before
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("verify does not report %q:\n%s", want, stderr)
		}
	}
	// Entries under a linked folder are reported once, as behind the link.
	if strings.Contains(stderr, "results/evaluations/part-0-00000.parquet: sha256") {
		t.Errorf("verify read a part through a link:\n%s", stderr)
	}
}

// moveAndLink moves path to target and leaves a symbolic link to it in
// its place.
func moveAndLink(t *testing.T, path, target string) {
	t.Helper()
	if err := os.Rename(path, target); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

func flipByte(t *testing.T, path string) {
	t.Helper()
	b := readFile(t, path)
	b[len(b)/2] ^= 0x40
	writeFile(t, path, b)
}

// snapshot records every entry under dir, without following links or
// opening anything but regular files: a regular file's bytes, a link's
// target, or the entry's type.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case d.Type().IsRegular():
			out[p] = string(readFile(t, p))
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[p] = "link to " + target
		case !d.IsDir():
			out[p] = d.Type().String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameSnapshot(a, b map[string]string) bool {
	return len(diffSnapshot(a, b)) == 0
}

// diffSnapshot names the entries that differ between two snapshots.
func diffSnapshot(a, b map[string]string) []string {
	var out []string
	for p, x := range a {
		if y, ok := b[p]; !ok {
			out = append(out, p+" removed")
		} else if x != y {
			out = append(out, p+" changed")
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p+" added")
		}
	}
	return out
}
