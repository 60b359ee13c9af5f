package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// treeRun makes a small run and returns its first models part.
func treeRun(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "runs")
	code, stdout, stderr := cli(t, append([]string{"run", "--out", out}, small...)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	return filepath.Join(strings.TrimSpace(stdout), "models", "part-0-00000.parquet")
}

func TestTreeRendersWithDot(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("Graphviz's dot is not on PATH (apt-get install graphviz): the svg and png formats are not tested")
	}
	part := treeRun(t)
	for _, tc := range []struct {
		format string
		magic  []byte
	}{{"svg", []byte("<svg")}, {"png", []byte("\x89PNG\r\n\x1a\n")}} {
		t.Run(tc.format, func(t *testing.T) {
			code, stdout, stderr := cli(t, "tree", part, "--id", "0", "--format", tc.format)
			if code != 0 || !bytes.Contains([]byte(stdout[:min(len(stdout), 512)]), tc.magic) {
				t.Errorf("tree --format %s: exit %d, %d bytes starting %q, stderr %q", tc.format, code, len(stdout), stdout[:min(len(stdout), 40)], stderr)
			}
		})
	}
}

func TestTreeWithoutDot(t *testing.T) {
	part := treeRun(t)
	t.Setenv("PATH", t.TempDir()) // no dot there
	code, stdout, stderr := cli(t, "tree", part, "--id", "0", "--format", "svg")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "Graphviz") || !strings.Contains(stderr, "--format dot") {
		t.Errorf("tree --format svg without dot: exit %d, stdout %q, stderr %q; want exit 2 and a message naming Graphviz", code, stdout, stderr)
	}
	if code, _, stderr := cli(t, "tree", part, "--id", "0", "--format", "gif"); code != 2 || !strings.Contains(stderr, "text, dot, svg, png") {
		t.Errorf("tree --format gif: exit %d, stderr %q", code, stderr)
	}
}
