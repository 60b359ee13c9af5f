//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiskFull runs a grid into a 1 MiB tmpfs: the run must end with a
// clean error naming the file it could not write, leave no temporary file
// and no manifest, and, once the file system has room, --resume must give
// the bytes of a run that never ran out of space. It needs root (mount);
// otherwise it skips, saying so.
func TestDiskFull(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the disk-full test mounts a tmpfs and needs root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (%v: %s); skipping the disk-full test", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	grid := []string{"--set", "oracle.depths=[5]", "--set", "oracle.sizes=[3000]", "--set", "oracle.modes=[complete]",
		"--set", "oracle.repetitions=400", "--set", "oracle.test_size=1000", "--set", "chunk=4", "--set", "learners=[id3]"}
	whole := filepath.Join(t.TempDir(), "runs")
	if code, _, stderr := cli(t, append([]string{"run", "--out", whole}, grid...)...); code != 0 {
		t.Fatalf("run with room: exit %d: %s", code, stderr)
	}
	out := filepath.Join(mnt, "runs")
	code, _, stderr := cli(t, append([]string{"run", "--out", out}, grid...)...)
	if code != 1 || !strings.Contains(stderr, "no space left on device") || !strings.Contains(stderr, out) {
		t.Fatalf("run on a full disk: exit %d, want 1 naming the file: %s", code, stderr)
	}
	dir := filepath.Join(out, "quick")
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasPrefix(info.Name(), ".") && strings.Contains(info.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err == nil {
		t.Error("a failed run wrote manifest.json")
	}
	if out, err := exec.Command("mount", "-o", "remount,size=64m", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount: %v: %s", err, out)
	}
	if code, _, stderr := cli(t, append([]string{"run", "--out", out, "--resume"}, grid...)...); code != 0 {
		t.Fatalf("resume with room: exit %d: %s", code, stderr)
	}
	want, got := deterministicParts(t, filepath.Join(whole, "quick")), deterministicParts(t, dir)
	if len(got) != len(want) {
		t.Errorf("%d files after resume, want %d", len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s differs from the run that had room", name)
		}
	}
	if code, _, stderr := cli(t, "verify", dir); code != 0 {
		t.Errorf("verify after resume: exit %d: %s", code, stderr)
	}
}
