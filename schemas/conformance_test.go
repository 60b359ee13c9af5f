package schemas

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// The statistics conformance test: every table writer, on rows with
// nulls, all-null pages and chunks, empty lists, NaN, both zeros, and
// several pages and row groups (withLayout), must write statistics that
// hold for the data, read back by readers that are not the writer's:
// Arrow's Go reader for the rows, the chunks' statistics and the page
// headers (it tells an absent statistic from 0: HasNullCount, HasMinMax),
// and Apache Thrift's decoder for the page index (thriftwalk_test.go).
// conformance_check_test.go holds the checks.

// conformanceCase is one table writer with sample records.
type conformanceCase struct {
	table string // the table constant
	name  string
	write func(path string, opts ...WriteOption) (FileInfo, error)
	// minmax names the columns whose chunks and pages must carry min/max
	// wherever the data has bounds (schemas/README.md); every other
	// statistic present is checked all the same.
	minmax func(column string) bool
}

// conformanceCases lists every table writer. A new table adds one line
// here: flatCase for a flat table; TestStatisticsConformance fails for a
// table of tableVersions that has none.
func conformanceCases(t *testing.T) []conformanceCase {
	rng := rand.New(rand.NewPCG(20, 1))
	const rows = 50 // with confPage and confGroup: row groups of 20, 20, 10 rows; pages of 7, 7, 6, and 7, 3
	ids := func(names ...string) func(string) bool {
		return func(c string) bool { return slices.Contains(names, c) }
	}
	oracles, models, datasets := sampleNodeRecords(t, rng)
	return []conformanceCase{
		{Oracles, Oracles, func(p string, o ...WriteOption) (FileInfo, error) { return WriteOracles(p, oracles, o...) }, ids("tree_id")},
		{Models, Models, func(p string, o ...WriteOption) (FileInfo, error) { return WriteModels(p, models, o...) },
			ids("tree_id", "dataset_id", "oracle_id")},
		{Datasets, Datasets, func(p string, o ...WriteOption) (FileInfo, error) { return WriteDatasets(p, datasets, o...) },
			ids("dataset_id", "oracle_id")},
		flatCase(evaluationTable, rng, rows),
		flatCase(timingTable, rng, rows),
		flatCase(summaryTable, rng, rows),
		flatCase(benchmarkEvaluationTable, rng, rows),
		flatCase(confusionTable, rng, rows),
		flatCase(attributeTable, rng, rows),
		flatCase(entropyTable, rng, rows),
		flatCase(winsTable, rng, rows),
		flatCase(benchmarkSummaryTable, rng, rows),
		flatCase(costEvaluationTable, rng, rows),
		flatCase(costSummaryTable, rng, rows),
		flatCase(icetTable, rng, rows),
		flatCase(compareTable, rng, rows),
		flatCase(ranksTable, rng, rows),
		flatCase(flatTestTable, rng, rows),
		flatCase(benchmarkPredictionTable, rng, rows),
		flatCase(costPredictionTable, rng, rows),
		flatCase(oraclePredictionTable, rng, rows),
	}
}

// The layout of the conformance files: pages of confPage rows, row groups
// of confGroup rows. The sample rows' nulls follow it.
const confPage, confGroup = 7, 20

// TestStatisticsConformance writes every table's sample records, cut into
// small pages and row groups and in the layout of real runs, and checks
// every statistic of every chunk and page against the data.
func TestStatisticsConformance(t *testing.T) {
	covered := map[string]bool{}
	for _, tc := range conformanceCases(t) {
		covered[tc.table] = true
		for _, layout := range []struct {
			name string
			opts []WriteOption
		}{
			{"small pages", []WriteOption{withLayout(confPage, confGroup)}},
			{"run layout", nil},
		} {
			t.Run(tc.name+"/"+layout.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "x.parquet")
				if _, err := tc.write(path, append(layout.opts, WithVersion("conformance"))...); err != nil {
					t.Fatal(err)
				}
				checkConformance(t, path, tc.minmax)
			})
		}
	}
	for _, table := range knownTables() {
		if !covered[table] {
			t.Errorf("table %s has no conformance case: add its writer to conformanceCases", table)
		}
	}
}

// TestConformanceCatchesWrongStatistics: the checks fail on a file whose
// chunks say null_count 0, as every chunk of the page writer did before
// issue 20, and on one whose max excludes a value. The file is broken by
// rewriting its footer (parquet-go's format), so that its pages are the
// writer's own.
func TestConformanceCatchesWrongStatistics(t *testing.T) {
	rows := sampleFlatRows[OracleEvaluation](rand.New(rand.NewPCG(3, 3)), 30)
	for _, tc := range []struct {
		name  string
		spoil func(*format.ColumnMetaData)
	}{
		{"null counts 0", func(m *format.ColumnMetaData) { m.Statistics.NullCount = 0 }},
		{"max too low", func(m *format.ColumnMetaData) {
			if m.Type == format.Double && m.Statistics.MaxValue != nil {
				m.Statistics.MaxValue = binary.LittleEndian.AppendUint64(nil, math.Float64bits(-1e300))
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.parquet")
			if _, err := writeFlat(context.Background(), path, evaluationTable, rows, withLayout(confPage, confGroup)); err != nil {
				t.Fatal(err)
			}
			rewriteFooter(t, path, func(md *format.FileMetaData) {
				for g := range md.RowGroups {
					for c := range md.RowGroups[g].Columns {
						tc.spoil(&md.RowGroups[g].Columns[c].MetaData)
					}
				}
			})
			rec := &recorder{TB: t}
			checkConformance(rec, path, func(string) bool { return true })
			if rec.errors == 0 {
				t.Error("the checks passed a file with broken statistics")
			}
		})
	}
}

// rewriteFooter decodes the footer of the file at path, lets edit change
// it and writes the file again with the new footer.
func rewriteFooter(t *testing.T, path string, edit func(*format.FileMetaData)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	start := len(data) - 8 - n
	var md format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), data[start:len(data)-8], &md); err != nil {
		t.Fatal(err)
	}
	edit(&md)
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &md)
	if err != nil {
		t.Fatal(err)
	}
	out := append(append(slices.Clone(data[:start]), footer...), binary.LittleEndian.AppendUint32(nil, uint32(len(footer)))...)
	if err := os.WriteFile(path, append(out, "PAR1"...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// flatCase is the conformance case of a flat table: n sample rows.
func flatCase[R any](ft *flatTable[R], rng *rand.Rand, n int) conformanceCase {
	rows := sampleFlatRows[R](rng, n)
	return conformanceCase{
		table: ft.name,
		name:  ft.name + "/" + reflect.TypeFor[R]().Name(),
		write: func(p string, o ...WriteOption) (FileInfo, error) {
			return writeFlat(context.Background(), p, ft, rows, o...)
		},
		// every scalar column of a flat table has min/max (newFlatTable)
		minmax: func(c string) bool { return slices.Contains(ft.rows.Bounded(), c) },
	}
}

// sampleFlatRows makes n rows of R, column by column (Columns[R]):
// nullable columns null at random, on whole pages or on a whole row group
// of the conformance layout, by column; doubles with both zeros,
// infinities, and in every fourth column NaN in the second row group only;
// strings whose byte order differs from their order of appearance.
func sampleFlatRows[R any](rng *rand.Rand, n int) []R {
	rows := make([]R, n)
	for j, c := range Columns[R]() {
		for r := range rows {
			field := reflect.ValueOf(&rows[r]).Elem().FieldByIndex(c.Index)
			if c.Nullable && sampleNull(rng, j, r) {
				continue // a nil pointer: null
			}
			switch c.Kind {
			case KindInt64:
				setField(field, int64(rng.IntN(21)-10))
			case KindInt32:
				setField(field, int32(rng.IntN(21)-10))
			case KindFloat64:
				setField(field, sampleFloat(rng, j%4 == 3 && r/confGroup == 1))
			case KindBool:
				setField(field, r%confPage < 3 || rng.IntN(2) == 0)
			case KindString:
				words := []string{"", "b", "Z", "ä", "a\x00b", "a", "zz", "ünïcode"}
				setField(field, words[rng.IntN(len(words))])
			case KindFloat64List:
				// empty lists on the second page of every row group
				list := []float64{}
				if (r%confGroup)/confPage != 1 {
					for range rng.IntN(4) {
						list = append(list, sampleFloat(rng, false))
					}
				}
				setField(field, list)
			case KindStringList:
				list := []string{}
				if (r%confGroup)/confPage != 1 {
					for range rng.IntN(4) {
						list = append(list, []string{"yes", "no", "ä"}[rng.IntN(3)])
					}
				}
				setField(field, list)
			}
		}
	}
	return rows
}

// sampleNull says whether row r of nullable column j is null: at random
// (j%3 == 0), on the second page of every row group (1), or on the whole
// first row group and at random after (2).
func sampleNull(rng *rand.Rand, j, r int) bool {
	switch j % 3 {
	case 0:
		return rng.IntN(3) == 0
	case 1:
		return (r%confGroup)/confPage == 1
	}
	return r < confGroup || rng.IntN(2) == 0
}

// sampleFloat draws a double: often a zero of either sign, sometimes an
// infinity, a NaN now and then when nan is set.
func sampleFloat(rng *rand.Rand, nan bool) float64 {
	switch k := rng.IntN(12); {
	case k < 2:
		return 0
	case k < 4:
		return math.Copysign(0, -1)
	case k == 4:
		return math.Inf(1 - 2*rng.IntN(2))
	case k == 5 && nan:
		return math.NaN()
	}
	return rng.NormFloat64() * 10
}

// setField stores v into field, converted to the field's type: the value,
// or for a nullable field (a pointer) a pointer to a copy of it.
func setField[T any](field reflect.Value, v T) {
	if field.Kind() == reflect.Pointer {
		p := reflect.New(field.Type().Elem())
		p.Elem().Set(reflect.ValueOf(v).Convert(field.Type().Elem()))
		field.Set(p)
		return
	}
	field.Set(reflect.ValueOf(v).Convert(field.Type()))
}

// sampleNodeRecords are the node and row tables' sample records: trees of
// every size down to a lone root (empty values lists), models with and
// without counts (empty counts lists) and every optimal state, datasets
// with and without test rows.
func sampleNodeRecords(t *testing.T, rng *rand.Rand) ([]TreeRecord, []ModelRecord, []DatasetRecord) {
	domains := []int{2, 3, 4}
	var oracles []TreeRecord
	var models []ModelRecord
	yes, no := true, false
	for i := range 12 {
		oracles = append(oracles, TreeRecord{ID: int64(40 - 3*i), Tree: randomTree(rng, domains, 3, i%4, i%2 == 1, false)})
		m := ModelRecord{ModelID: int64(i*i - 20), Learner: []string{"id3", "cart", "Exact", "äx"}[i%4], DatasetID: int64(i % 5), OracleID: int64(7 - i),
			Fold: int32(i%3 - 1), Tree: randomTree(rng, domains, 3, i%4, i%2 == 0, i%3 != 0)}
		m.Optimal = []*bool{nil, &yes, &no}[i%3]
		models = append(models, m)
	}
	// The datasets have a numeric feature and missing values, so that
	// their null counts are checked.
	s := mixedSchema(append(domains, 0), []bool{false, false, false, true}, 3)
	var data []DatasetRecord
	for i := range 3 {
		r := DatasetRecord{DatasetID: int64(9 - 4*i), OracleID: int64(i), Mode: []string{"unique", "complete"}[i%2], Train: randomMixed(t, rng, s, 9+11*i, 0.25)}
		if i != 1 {
			r.TrainRules = randomRules(rng, r.Train.Len())
			r.Test = randomMixed(t, rng, s, 4+i, 0.25)
		}
		data = append(data, r)
	}
	return oracles, models, data
}

// recorder is a testing.TB that counts errors instead of failing, for the
// tests of the checks themselves.
type recorder struct {
	testing.TB
	errors int
}

func (r *recorder) Errorf(string, ...any) { r.errors++ }
func (r *recorder) Error(...any)          { r.errors++ }

// arrowOpen opens path with Arrow's file reader; the caller closes it.
func arrowOpen(t testing.TB, path string) *file.Reader {
	t.Helper()
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatalf("arrow cannot open %s: %v", path, err)
	}
	return rdr
}

// topName is the top-level column of a leaf's dotted path.
func topName(path string) string { return strings.Split(path, ".")[0] }

// where names a chunk or page in failures.
func where(g int, column string, page int) string {
	if page < 0 {
		return fmt.Sprintf("row group %d column %s", g, column)
	}
	return fmt.Sprintf("row group %d column %s page %d", g, column, page)
}
