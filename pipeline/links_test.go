package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// TestStrangeEntries: every entry of a folder that is not a regular file
// or a folder is found, nothing below a linked folder is, and the folder
// itself is one when it is a link.
func TestStrangeEntries(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	other := t.TempDir()
	for _, d := range []string{"a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"manifest.json", "a/b/part.parquet", "c/x", filepath.Join(other, "inside")} {
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{"a/to-other": other, "c/dangling": "nowhere", "a/b/to-x": "../../c/x"}
	for rel, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, rel)); err != nil {
			t.Fatal(err)
		}
	}
	pipe := mkfifo(filepath.Join(dir, "c", "pipe"))
	if pipe != nil && !errors.Is(pipe, errors.ErrUnsupported) {
		t.Fatal(pipe)
	}
	found, err := strangeEntries(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range found {
		got = append(got, s.rel+" "+s.what)
	}
	want := []string{
		"a/b/to-x a symbolic link to ../../c/x",
		"a/to-other a symbolic link to " + other, // and not other/inside
		"c/dangling a symbolic link to nowhere",
		"c/pipe a named pipe",
	}
	if pipe != nil {
		want = want[:len(want)-1] // no named pipes here
	}
	if !slices.Equal(got, want) {
		t.Errorf("strangeEntries = %q; want %q", got, want)
	}
	if err := checkNoLinks(dir); !input.Is(err) || !strings.Contains(err.Error(), filepath.Join(dir, "a", "b", "to-x")) || !strings.Contains(err.Error(), fmt.Sprintf("and %d more", len(want)-1)) {
		t.Errorf("checkNoLinks = %v; want an input error naming a/b/to-x and %d more", err, len(want)-1)
	}
	file := filepath.Join(t.TempDir(), "run")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkNoLinks(file); !input.Is(err) || !strings.Contains(err.Error(), "is a file, not a folder") {
		t.Errorf("checkNoLinks(a file) = %v; want an input error saying it is a file", err)
	}
	link := filepath.Join(t.TempDir(), "run")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, link + "/"} {
		if found, _ := strangeEntries(p); len(found) != 1 || found[0].rel != "." {
			t.Errorf("strangeEntries(%s) = %v; want the folder itself", p, found)
		}
	}
	if found, err := strangeEntries(filepath.Join(dir, "none")); err != nil || found != nil {
		t.Errorf("strangeEntries(missing) = %v, %v; want none", found, err)
	}
	for rel, want := range map[string]bool{"a/to-other": true, "a/to-other/inside": true, "a/to-otherwise": false, "a/b/part.parquet": false} {
		if _, got := behind(found, rel); got != want {
			t.Errorf("behind(%s) = %v; want %v", rel, got, want)
		}
	}
}

// TestLinkMadeDuringARun: a link that appears in the run folder while a
// command runs fails the command with bad input naming it, before any
// manifest trusts what was written through it.
func TestLinkMadeDuringARun(t *testing.T) {
	out, other := t.TempDir(), t.TempDir()
	cfg := smallConfig(t, "chunk=2")
	dir := filepath.Join(out, cfg.Name)
	link := filepath.Join(dir, "results", "elsewhere")
	study := &flow.Study{
		Name: "link-test",
		Plan: flow.Plan{Cells: []string{"a"}, Reps: 2, Seed: 1},
		Nodes: []flow.Node{{Stage: flow.StageTrain, Writes: []schemas.Ref{schemas.EvaluationTable},
			Run: func(task *flow.Task, b *schemas.Bag) error {
				if task.ID == 0 {
					if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
						return err
					}
					if err := os.Symlink(other, link); err != nil {
						return err
					}
				}
				schemas.EvaluationTable.Put(b, schemas.OracleEvaluation{DatasetID: task.ID, Learner: "x"})
				return nil
			}}},
	}
	_, err := executeStudy(context.Background(), cfg, Options{Out: out, Shard: Shard{Index: 0, Count: 1}}, []string{flow.StageTrain}, study, slog.New(slog.DiscardHandler))
	var ie *input.Error
	if !errors.As(err, &ie) || ie.File != link {
		t.Fatalf("run = %v; want bad input naming %s", err, link)
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the failed run wrote its manifest (%v)", err)
	}
}

// BenchmarkStrangeEntries walks a run folder of 10 tables of 1,000 parts
// each, what every command does first.
func BenchmarkStrangeEntries(b *testing.B) {
	dir := b.TempDir()
	for d := range 10 {
		sub := filepath.Join(dir, fmt.Sprintf("t%d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 1000 {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("part-0-%05d.parquet", f)), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	for b.Loop() {
		if found, err := strangeEntries(dir); err != nil || len(found) > 0 {
			b.Fatal(found, err)
		}
	}
	b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "entries/s")
}
