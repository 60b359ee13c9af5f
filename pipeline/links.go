package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// A run folder holds what dtbench wrote there: regular files in folders.
// A symbolic link in it — a table folder linked to another disk, a part
// linked to a copy elsewhere — would have dtbench write, delete or read
// outside the run folder, and trust bytes the folder does not hold (an
// archive of it keeps the link, not the file); a named pipe, a socket or
// a device in a part's place would block a reader or feed it anything.
// So before a command reads or writes anything in a run folder
// (readRecords, which every command calls first, and LoadRun through it)
// it walks the folder without following links and refuses it, naming the
// first such entry, when there is one; verify reports every one and reads
// nothing through them. The run folder itself must not be a link either
// (runs/NAME -> elsewhere): the folder that holds run folders may be one
// (--out, runs -> /scratch/runs), which is how run folders go to another
// disk.

// strange is an entry of a run folder that is not a regular file or a
// folder.
type strange struct {
	rel  string // slash-separated, relative to the run folder; "." is the folder itself
	what string // "a symbolic link to …", "a named pipe", …
}

// strangeEntries returns, in walk order, every entry at or below the run
// folder dir that is neither a regular file nor a folder; none when dir
// does not exist. It follows no link, and reads no file.
func strangeEntries(dir string) ([]strange, error) {
	dir = filepath.Clean(dir) // "runs/quick/" would resolve a link named quick
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("read run folder %s: %w", dir, err)
	case !st.IsDir():
		return []strange{{".", describe(dir, st.Mode())}}, nil
	}
	var out []strange
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("read run folder %s: %w", dir, err)
		}
		if t := d.Type(); !t.IsDir() && !t.IsRegular() {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, strange{filepath.ToSlash(rel), describe(path, t)})
		}
		return nil
	})
	return out, err
}

// describe says what the entry at path of type mode is.
func describe(path string, mode fs.FileMode) string {
	switch {
	case mode&fs.ModeSymlink != 0:
		target, err := os.Readlink(path)
		if err != nil {
			return "a symbolic link"
		}
		return "a symbolic link to " + target
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode.IsRegular():
		return "a file"
	}
	return "not a regular file or folder (" + mode.Type().String() + ")"
}

// checkNoLinks refuses a run folder that holds a link, or any entry that
// is not a regular file or a folder: an *input.Error naming the first,
// and how many more there are.
func checkNoLinks(dir string) error {
	found, err := strangeEntries(dir)
	if err != nil || len(found) == 0 {
		return err
	}
	s := found[0]
	more := ""
	if n := len(found) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more: dtbench verify lists them)", n)
	}
	if s.rel == "." && s.what == "a file" {
		return &input.Error{File: dir, Err: errors.New("the run folder is a file, not a folder; use another name or --out")}
	}
	if s.rel == "." {
		return &input.Error{File: dir, Err: fmt.Errorf("the run folder is %s; dtbench writes and reads only a real run folder: give the folder that holds the real one as --out instead (--out may be a link)%s", s.what, more)}
	}
	return &input.Error{File: filepath.Join(dir, filepath.FromSlash(s.rel)), Err: fmt.Errorf("%s, in the run folder %s%s; dtbench does not write, delete or read through it. Put the file or folder it stands for in its place, or delete it (--resume then recomputes what it held)", s.what, dir, more)}
}

// behind returns the entry of found that rel is, or is below, and
// whether there is one: a file reached through a link.
func behind(found []strange, rel string) (strange, bool) {
	for _, s := range found {
		if s.rel == "." || rel == s.rel || strings.HasPrefix(rel, s.rel+"/") {
			return s, true
		}
	}
	return strange{}, false
}
