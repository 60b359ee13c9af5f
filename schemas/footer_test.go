package schemas

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFooterVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.parquet")
	if _, err := WriteTimings(path, []Timing{{DatasetID: 1, Step: "train", Nanos: 5}}); err != nil {
		t.Fatal(err)
	}
	table, v, err := FooterVersion(path)
	if err != nil || table != Timings || v != TimingsVersion {
		t.Errorf("FooterVersion = %q, %d, %v; want %q, %d", table, v, err, Timings, TimingsVersion)
	}
	os.WriteFile(path, []byte("not parquet"), 0o644)
	if _, _, err := FooterVersion(path); err == nil {
		t.Error("FooterVersion of a text file: no error")
	}
}
