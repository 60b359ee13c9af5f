package importer

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// sharedDir returns the shared real datasets, or skips tb.
func sharedDir(tb testing.TB) string { return shareddata.DirOrSkip(tb) }

// requireFile skips tb, with a message, when path does not exist; any
// other failure to see it fails tb. Reads after it fail on any error.
func requireFile(tb testing.TB, path string) {
	tb.Helper()
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("%s not found: this test needs it", path)
	}
	if err != nil {
		tb.Fatal(err)
	}
}

func posInf() float64 { return math.Inf(1) }

// checkInput fails t unless err is bad input.
func checkInput(t *testing.T, err error) {
	t.Helper()
	if !input.Is(err) {
		t.Fatalf("error %v (%T) is not an *input.Error", err, err)
	}
}
