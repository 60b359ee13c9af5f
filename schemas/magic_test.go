package schemas

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenParquetFileQuotesNothing: a file that is not Parquet is refused
// saying why, without quoting its bytes, whatever it holds.
func TestOpenParquetFileQuotesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.parquet")
	if _, err := WriteEvaluations(path, []OracleEvaluation{{DatasetID: 1, Learner: "id3"}}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	good := bytes.NewBuffer(data)
	for _, tc := range []struct {
		name, data, want string
	}{
		{"password file", "root:x:0:0:root:/root:/bin/bash\n", "does not start with PAR1"},
		{"two bytes", "ro", "2 bytes, too short"},
		{"empty", "", "0 bytes, too short"},
		{"cut short", good.String()[:good.Len()/2], "does not end with PAR1 (cut short?)"},
		{"magic only", "PAR1", "does not end with PAR1"},
		{"magic around text", "PAR1root:x:0:0:root:/root:/bin/bashPAR1", "not a readable Parquet file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := OpenParquetFile(strings.NewReader(tc.data), int64(len(tc.data)))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("OpenParquetFile = %v; want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "root") {
				t.Errorf("OpenParquetFile = %v: quotes the file", err)
			}
		})
	}
	if _, err := OpenParquetFile(bytes.NewReader(good.Bytes()), int64(good.Len())); err != nil {
		t.Errorf("OpenParquetFile(a table) = %v", err)
	}
}
