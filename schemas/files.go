package schemas

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// File is one file of a Files folder: its name in the folder and its
// bytes.
type File struct {
	Name string // a plain file name, e.g. doe-complete.png
	Data []byte
}

// Files is a folder of the run folder whose files a per-run node writes
// together (the report's plots, report/plots/): each file is written
// atomically and recorded like a Document, with 0 rows.
type Files struct {
	Slot[File]
}

func (d *Files) Single() bool { return true }

// RunFiles returns the files of the folder, sorted; none when it does not
// exist.
func (d *Files) RunFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(d.name)))
	if err != nil {
		return nil, nil
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, filepath.FromSlash(d.name), e.Name()))
		}
	}
	slices.Sort(out)
	return out, nil
}

// WriteRun writes every File of b into the folder, in the bag's order;
// it takes no option (text and images have no created_by).
func (d *Files) WriteRun(ctx context.Context, dir string, b *Bag, _ ...WriteOption) ([]FileInfo, error) {
	var out []FileInfo
	for _, f := range d.Get(b) {
		if f.Name == "" || f.Name != filepath.Base(f.Name) || strings.HasPrefix(f.Name, ".") {
			return nil, fmt.Errorf("write %s: bad file name %q", d.name, f.Name)
		}
		info, err := writeText(ctx, filepath.Join(dir, filepath.FromSlash(d.name), f.Name), f.Data)
		if err != nil {
			return nil, err
		}
		out = append(out, info)
	}
	return out, nil
}

// ReadPart adds the file at path to the bag of task 0.
func (d *Files) ReadPart(path string, bag func(int64) (*Bag, error)) error {
	data, b, err := readRunFile(path, bag)
	if err != nil {
		return err
	}
	d.Put(b, File{Name: filepath.Base(path), Data: data})
	return nil
}

// WritePart writes the bags' file named as path's base name; it takes no
// option.
func (d *Files) WritePart(ctx context.Context, path string, bags []*Bag, _ ...WriteOption) (FileInfo, error) {
	for _, b := range bags {
		for _, f := range d.Get(b) {
			if f.Name == filepath.Base(path) {
				return writeText(ctx, path, f.Data)
			}
		}
	}
	return FileInfo{}, fmt.Errorf("write %s: no such file in %s", path, d.name)
}

func (d *Files) SortByTask(*Bag) {}

// Check reports whether path exists and is a regular file.
func (d *Files) Check(path string) error { return checkRegular(path) }
