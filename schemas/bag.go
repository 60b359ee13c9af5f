package schemas

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// Bag holds one task's records, by slot: what a stage hands the next in
// memory, and what the pipeline reads from a chunk's parts or gathers to
// write them. A per-run node's bag holds every record of the tables it
// reads. A bag is used by one goroutine at a time.
type Bag struct {
	vals map[string]any // slot name → []R
}

// NewBag returns an empty bag.
func NewBag() *Bag { return &Bag{vals: map[string]any{}} }

// Share gives b the records other holds in the slot named name, the same
// slice: a run-level table that every task reads, and none may modify.
func (b *Bag) Share(other *Bag, name string) {
	if v, ok := other.vals[name]; ok {
		b.vals[name] = v
	}
}

// Ref is any slot, whatever its record type: what a node lists among its
// reads and writes.
type Ref interface {
	Name() string
}

// Slot names a kind of record that stages pass each other for a task, with
// its Go type R. A Slot alone lives in memory only; a Table is a slot with
// an on-disk form. Slots are compared by name, which is unique in a study.
type Slot[R any] struct {
	name string
}

// NewSlot returns the memory slot name of records R.
func NewSlot[R any](name string) *Slot[R] { return &Slot[R]{name: name} }

// Name returns the slot's name; for a table, its path under the run folder.
func (s *Slot[R]) Name() string { return s.name }

// Get returns the bag's records of s, nil when it has none. Callers must
// not modify the slice's elements unless they own the bag.
func (s *Slot[R]) Get(b *Bag) []R {
	v, ok := b.vals[s.name]
	if !ok {
		return nil
	}
	rows, ok := v.([]R)
	if !ok {
		panic(fmt.Sprintf("schemas: slot %s holds %T, not %T", s.name, v, rows))
	}
	return rows
}

// Has reports whether the bag has been given records of s (possibly none).
func (s *Slot[R]) Has(b *Bag) bool {
	_, ok := b.vals[s.name]
	return ok
}

// Put appends rows to the bag's records of s.
func (s *Slot[R]) Put(b *Bag, rows ...R) {
	b.vals[s.name] = append(s.Get(b), rows...)
}

// Set replaces the bag's records of s with rows (which it keeps).
func (s *Slot[R]) Set(b *Bag, rows []R) {
	if rows == nil {
		rows = []R{}
	}
	b.vals[s.name] = rows
}

// Stored is the pipeline's view of a table: how its records move between a
// run folder's files and the tasks' bags, whatever their Go type.
type Stored interface {
	Ref
	// Single reports a run-level table (report/summary.parquet,
	// report/report.md, the imported datasets) rather than one part per
	// chunk.
	Single() bool
	// RunFiles returns the existing files of a run-level table in the run
	// folder dir, sorted.
	RunFiles(dir string) ([]string, error)
	// WriteRun writes a run-level table's records in b to its file (or
	// files) in the run folder dir; a cancelled ctx stops it, leaving no
	// file it had not finished. opts apply to a Parquet table's files
	// (WithVersion); a text file takes none.
	WriteRun(ctx context.Context, dir string, b *Bag, opts ...WriteOption) ([]FileInfo, error)
	// ReadPart reads the file at path and adds each record to the bag of
	// its task, which bag returns (an error for a task the caller does
	// not expect).
	ReadPart(path string, bag func(task int64) (*Bag, error)) error
	// WritePart writes the records of the bags, in bag order, to path,
	// with opts as WriteRun; a cancelled ctx stops it, leaving path as it
	// was.
	WritePart(ctx context.Context, path string, bags []*Bag, opts ...WriteOption) (FileInfo, error)
	// SortByTask orders the bag's records by task, keeping the order
	// within a task: the order of a fresh one-process run, whatever the
	// order of the parts read.
	SortByTask(b *Bag)
	// Check reports, from its footer alone, whether path holds this table.
	Check(path string) error
}

// Table is a slot with an on-disk form: a directory of part files, one per
// chunk; or a run-level table of one file, or of one file per record
// (fileOf), under the run folder; the task each record belongs to, and its
// reader and writer.
type Table[R any] struct {
	Slot[R]
	file   string          // a one-file run-level table: its path under the run folder
	fileOf func(*R) string // a run-level table of one file per record: the record's path
	taskOf func(*R) int64
	write  func(ctx context.Context, path string, rows []R, opts ...WriteOption) (FileInfo, error)
	read   func(path string) ([]R, error)
}

func (t *Table[R]) Single() bool { return t.file != "" || t.fileOf != nil }

func (t *Table[R]) RunFiles(dir string) ([]string, error) {
	if t.file != "" {
		p := filepath.Join(dir, filepath.FromSlash(t.file))
		if _, err := os.Stat(p); err != nil {
			return nil, nil
		}
		return []string{p}, nil
	}
	found, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(t.name), "*.parquet"))
	slices.Sort(found)
	return found, err
}

func (t *Table[R]) WriteRun(ctx context.Context, dir string, b *Bag, opts ...WriteOption) ([]FileInfo, error) {
	rows := t.Get(b)
	if t.file != "" {
		info, err := t.write(ctx, filepath.Join(dir, filepath.FromSlash(t.file)), rows, opts...)
		if err != nil {
			return nil, err
		}
		return []FileInfo{info}, nil
	}
	var infos []FileInfo
	for i := range rows {
		info, err := t.write(ctx, filepath.Join(dir, filepath.FromSlash(t.fileOf(&rows[i]))), rows[i:i+1], opts...)
		if err != nil {
			return nil, err
		}
		infos = append(infos, info)
	}
	return infos, nil
}

func (t *Table[R]) ReadPart(path string, bag func(task int64) (*Bag, error)) error {
	rows, err := t.read(path)
	if err != nil {
		return err
	}
	if err := t.checkFileOf(path, rows); err != nil {
		return err
	}
	// Records of one task are consecutive in a part: add them a run at a
	// time.
	for i := 0; i < len(rows); {
		id := t.taskOf(&rows[i])
		j := i + 1
		for j < len(rows) && t.taskOf(&rows[j]) == id {
			j++
		}
		b, err := bag(id)
		if err != nil {
			return &input.Error{File: path, Err: err}
		}
		t.Put(b, rows[i:j:j]...)
		i = j
	}
	return nil
}

// checkFileOf checks, for a table of one file per record, that the rows
// read from path are the record whose file path is: a file copied over
// another's (imported/vote.parquet holding tic-tac-toe) is refused.
func (t *Table[R]) checkFileOf(path string, rows []R) error {
	if t.fileOf == nil {
		return nil
	}
	clean := filepath.ToSlash(filepath.Clean(path))
	for i := range rows {
		if want := t.fileOf(&rows[i]); clean != want && !strings.HasSuffix(clean, "/"+want) {
			return &input.Error{File: path, Err: fmt.Errorf("holds the record of %s, not of this file: it was copied over; delete it, then rerun the stage that writes %s", want, t.name)}
		}
	}
	return nil
}

func (t *Table[R]) WritePart(ctx context.Context, path string, bags []*Bag, opts ...WriteOption) (FileInfo, error) {
	n := 0
	for _, b := range bags {
		n += len(t.Get(b))
	}
	rows := make([]R, 0, n)
	for _, b := range bags {
		rows = append(rows, t.Get(b)...)
	}
	return t.write(ctx, path, rows, opts...)
}

func (t *Table[R]) SortByTask(b *Bag) {
	rows := t.Get(b)
	slices.SortStableFunc(rows, func(x, y R) int {
		a, c := t.taskOf(&x), t.taskOf(&y)
		switch {
		case a < c:
			return -1
		case a > c:
			return 1
		}
		return 0
	})
}

func (t *Table[R]) Check(path string) error { return CheckTable(path, t.name) }

// Read reads one file of the table.
func (t *Table[R]) Read(path string) ([]R, error) { return t.read(path) }

// Write writes rows to one file of the table.
func (t *Table[R]) Write(path string, rows []R, opts ...WriteOption) (FileInfo, error) {
	return t.write(context.Background(), path, rows, opts...)
}
