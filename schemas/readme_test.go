package schemas

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestReadmeDocumentsEveryColumn: every column of every flat table is
// named in README.md, in backticks, under the table's section (the text
// between its heading and the next heading of its level or above), so a
// new column cannot land undocumented.
func TestReadmeDocumentsEveryColumn(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	section := func(heading string) string {
		i := strings.Index(readme, heading)
		if i < 0 {
			t.Fatalf("README.md has no heading %q", heading)
		}
		rest := readme[i+len(heading):]
		level := strings.Repeat("#", strings.Count(strings.Fields(heading)[0], "#"))
		for j := 0; j < len(rest); j++ {
			if rest[j] == '\n' && strings.HasPrefix(rest[j+1:], "#") {
				hashes := strings.Fields(rest[j+1:])[0]
				if len(hashes) <= len(level) {
					return rest[:j]
				}
			}
		}
		return rest
	}
	for _, tc := range []struct {
		heading string
		row     reflect.Type
		shared  string // a section whose columns this one refers to
	}{
		{"## results/evaluations/ — one row per (dataset, learner)", reflect.TypeFor[OracleEvaluation](), ""},
		{"### results/evaluations/ (benchmark)", reflect.TypeFor[BenchmarkEvaluation](), "## results/evaluations/ — one row per (dataset, learner)"},
		{"## results/timings/", reflect.TypeFor[Timing](), ""},
		{"## report/summary.parquet", reflect.TypeFor[OracleSummary](), ""},
		{"### report/summary.parquet (benchmark)", reflect.TypeFor[BenchmarkSummary](), "## report/summary.parquet"},
		{"### results/confusion/", reflect.TypeFor[ConfusionRow](), ""},
		{"### results/attributes/", reflect.TypeFor[AttributeRow](), ""},
		{"### results/entropy/", reflect.TypeFor[EntropyRow](), ""},
		{"### results/wins/", reflect.TypeFor[WinsRow](), ""},
		{"### results/evaluations/ (cost)", reflect.TypeFor[CostEvaluation](), "## results/evaluations/ — one row per (dataset, learner)"},
		{"### report/summary.parquet (cost)", reflect.TypeFor[CostSummary](), "## report/summary.parquet"},
		{"### results/icet/", reflect.TypeFor[ICETRow](), ""},
		{"## compare.parquet", reflect.TypeFor[CompareRow](), ""},
		{"### report/ranks.parquet", reflect.TypeFor[RankRow](), ""},
		{"## results/predictions/", reflect.TypeFor[BenchmarkPrediction](), ""},
		{"## results/predictions/", reflect.TypeFor[CostPrediction](), ""},
		{"## results/predictions/", reflect.TypeFor[OraclePrediction](), ""},
	} {
		text := section(tc.heading)
		if tc.shared != "" {
			text += section(tc.shared)
		}
		cols, err := ColumnsOf(tc.row)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cols {
			if !strings.Contains(text, "`"+c.Name+"`") {
				t.Errorf("%s: column %s is not documented", tc.heading, c.Name)
			}
		}
	}
}
