package schemas_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/schemas/arrowcheck"
)

// TestArrowCheck (of package arrowcheck, beside the writers): every table
// dtbench writes opens with Arrow's reader; a wrong row count or a file
// that is not Parquet is an *input.Error.
func TestArrowCheck(t *testing.T) {
	for _, tc := range schemas.Tables(t) {
		path := filepath.Join(t.TempDir(), "x.parquet")
		info, err := tc.Write(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := arrowcheck.Check(path, info.Rows); err != nil {
			t.Errorf("%s: %v", tc.Name, err)
		}
		if err := arrowcheck.Check(path, info.Rows+1); !input.Is(err) {
			t.Errorf("%s with a wrong row count: %v", tc.Name, err)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.parquet")
	os.WriteFile(bad, []byte("PAR1 not parquet PAR1"), 0o644)
	if err := arrowcheck.Check(bad, 0); !input.Is(err) {
		t.Errorf("not Parquet: %v", err)
	}
}
