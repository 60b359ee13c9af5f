package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSumLinesAreSha256sums: formatSum writes the line coreutils'
// sha256sum prints for the same file, escapes included (a backslash or a
// line end in a name), and parseSums reads sha256sum's lines back to the
// names.
func TestSumLinesAreSha256sums(t *testing.T) {
	if _, err := exec.LookPath("sha256sum"); err != nil {
		t.Skip("sha256sum (coreutils) is not installed: no independent lines to compare with")
	}
	dir := t.TempDir()
	names := []string{"plain.parquet", `back\slash`, "line\nend", "report/report.md"}
	if err := os.MkdirAll(filepath.Join(dir, "report"), 0o755); err != nil {
		t.Fatal(err)
	}
	var ours strings.Builder
	for i, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(strings.Repeat("x", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, sum, err := fileSum(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		ours.WriteString(formatSum(sum, n))
	}
	cmd := exec.Command("sha256sum", names...)
	cmd.Dir = dir
	theirs, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if ours.String() != string(theirs) {
		t.Errorf("formatSum wrote\n%q\nsha256sum prints\n%q", ours.String(), theirs)
	}
	entries, problems := parseSums(theirs)
	var got []string
	for _, e := range entries {
		got = append(got, e.path)
	}
	if len(problems) > 0 || !slices.Equal(got, names) {
		t.Errorf("parseSums(sha256sum's lines) = %q, %q; want %q", got, problems, names)
	}
	check := exec.Command("sha256sum", "--strict", "-c", "-")
	check.Dir, check.Stdin = dir, strings.NewReader(ours.String())
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("sha256sum -c of formatSum's lines: %v\n%s", err, out)
	}
}
