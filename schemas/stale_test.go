package schemas

import (
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// StatisticsRight tells the files of the dtbench that wrote null_count = 0
// throughout (created_by "dtbench schema N": the v1 fixtures of
// evaluations and timings, written then) from this dtbench's and from
// other writers' files, which it does not judge.
func TestStatisticsRight(t *testing.T) {
	type row struct {
		X *float64 `parquet:"x,optional"`
	}
	other := filepath.Join(t.TempDir(), "other.parquet")
	if err := parquet.WriteFile(other, []row{{}, {}}); err != nil {
		t.Fatal(err)
	}
	ours := filepath.Join(t.TempDir(), "ours.parquet")
	if _, err := WriteTimings(ours, []Timing{{Step: "train"}}, WithVersion("test")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"testdata/evaluations-v1.parquet", false},
		{"testdata/timings-v1.parquet", false},
		{"testdata/datasets-v1.parquet", true},
		{ours, true},
		{other, true},
	} {
		got, err := StatisticsRight(tc.file)
		if err != nil || got != tc.want {
			t.Errorf("StatisticsRight(%s) = %v, %v; want %v", tc.file, got, err, tc.want)
		}
	}
}
