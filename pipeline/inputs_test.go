package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// changedInputs is every change of a run's inputs that a later command
// over its folder must refuse (an *input.Error naming the input and what
// changed; nothing written, the manifest as it was) and, with
// --recompute-changed, recompute: the folder then holds the bytes of a
// fresh run on the new inputs. One line a case: the config
// (writeInputs'), the change (to the inputs folder, or to the run
// folder), whether the second command resumes, what the message names,
// the tasks the flagged command computes again (-1: it fails too), and
// the file or key of the error.
var changedInputs = []struct {
	name   string
	config string
	change func(t *testing.T, inputs, run string)
	resume bool
	want   []string
	redo   int64
}{
	{"dataset, --resume", benchInputs, func(t *testing.T, in, _ string) { flipClasses(t, filepath.Join(in, "toy.data"), 20) }, true,
		[]string{"toy.data", "changed since the run", "manifest.json records 2", "--recompute-changed"}, 6},
	{"dataset, rerun without --resume", benchInputs, func(t *testing.T, in, _ string) { flipClasses(t, filepath.Join(in, "toy.data"), 20) }, false,
		[]string{"toy.data", "changed since the run"}, 8},
	{"the other dataset: only its chunk is recomputed", benchInputs, func(t *testing.T, in, _ string) { flipClasses(t, filepath.Join(in, "toy.arff"), 20) }, true,
		[]string{"toy.arff", "changed since the run"}, 2},
	{"names file", benchInputs, func(t *testing.T, in, _ string) {
		editLines(t, filepath.Join(in, "toy.names"), func(i int, l string) string {
			if i == 0 {
				return "1. Title: toy, described again\n"
			}
			return l
		})
	}, true, []string{"toy.names", "changed since the run"}, 6},
	{"dataset gone", benchInputs, func(t *testing.T, in, _ string) { os.Remove(filepath.Join(in, "toy.data")) }, true,
		[]string{"toy.data", "gone since the run", "restore it"}, -1},
	{"cost file", costInputs, func(t *testing.T, in, _ string) {
		editLines(t, filepath.Join(in, "toy.cost"), func(_ int, l string) string { return strings.Replace(l, "a0: 1.00", "a0: 9.00", 1) })
	}, true, []string{"toy.cost", "changed since the run"}, 4},
	{"an optional cost file appears", costInputs, func(t *testing.T, in, _ string) { writeText(t, filepath.Join(in, "toy.delay"), "a1: delayed\n") }, false,
		[]string{"toy.delay", "records absent"}, 4},
	{"the second file of a dataset of two", splitInputs, func(t *testing.T, in, _ string) { flipClasses(t, filepath.Join(in, "toy-2.data"), 20) }, true,
		[]string{"toy-2.data", "changed since the run", "--recompute-changed"}, 6},
	{"a manifest that kept no inputs", benchInputs, func(t *testing.T, _, run string) {
		path := filepath.Join(run, "manifest.json")
		var m map[string]any
		if err := json.Unmarshal([]byte(readText(t, path)), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "inputs")
		b, _ := json.Marshal(m)
		writeText(t, path, string(b))
	}, true, []string{"toy.data", "kept no input fingerprints"}, 8},
}

// TestDatasetOfSeveralFiles: a dataset read from two files through a
// pattern gives the tables of the same study on the file they were cut
// from, and the manifest fingerprints each file.
func TestDatasetOfSeveralFiles(t *testing.T) {
	inputs := writeInputs(t)
	split := run(t, loadInputs(t, inputs, splitInputs), Options{Out: t.TempDir(), Workers: 2})
	whole := run(t, loadInputs(t, inputs, wholeInputs), Options{Out: t.TempDir(), Workers: 2})
	sameFiles(t, "two files vs one", tableFiles(t, split), tableFiles(t, whole))
	var m struct {
		Inputs []InputEntry `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(readText(t, filepath.Join(split, "manifest.json"))), &m); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range m.Inputs {
		got = append(got, filepath.Base(e.Path))
	}
	if want := []string{"toy-1.data", "toy-2.data", "toy.names"}; !slices.Equal(got, want) {
		t.Errorf("manifest inputs %q; want %q", got, want)
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestChangedInputs: see changedInputs.
func TestChangedInputs(t *testing.T) {
	for _, tc := range changedInputs {
		t.Run(tc.name, func(t *testing.T) {
			inputs := writeInputs(t)
			out := t.TempDir()
			dir := run(t, loadInputs(t, inputs, tc.config), Options{Out: out, Workers: 2})
			tc.change(t, inputs, dir)
			before := snapshot(t, out)
			cfg := loadInputs(t, inputs, tc.config) // the cost files read again
			_, err := Run(context.Background(), cfg, Options{Out: out, Workers: 2, Resume: tc.resume})
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("second run: err = %v; want an *input.Error", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q does not say %q", err, w)
				}
			}
			if after := snapshot(t, out); !maps.Equal(after, before) {
				t.Errorf("a refused command changed the run folder:\nbefore %v\nafter  %v", before, after)
			}

			progress := &countingProgress{}
			_, err = Run(context.Background(), cfg, Options{Out: out, Workers: 2, Resume: tc.resume, RecomputeChanged: true, Progress: progress})
			if tc.redo < 0 {
				if err == nil {
					t.Fatal("--recompute-changed over a vanished input succeeded")
				}
				return
			}
			if err != nil {
				t.Fatalf("--recompute-changed: %v", err)
			}
			if progress.total.Load() != tc.redo {
				t.Errorf("--recompute-changed computed %d tasks; want %d (the chunks that depend on the change)", progress.total.Load(), tc.redo)
			}
			fresh := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
			sameFiles(t, "recomputed vs fresh", tableFiles(t, fresh), tableFiles(t, dir))
			if _, err := Verify(dir); err != nil {
				t.Errorf("verify after --recompute-changed: %v", err)
			}
			// And now it resumes as any run does.
			if _, err := Run(context.Background(), cfg, Options{Out: out, Resume: true}); err != nil {
				t.Errorf("resume after --recompute-changed: %v", err)
			}
		})
	}
}
