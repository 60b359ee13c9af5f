package schemas

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/arrowrows"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/dtbench/dtbench/tree"
)

// The files of pqWriter are read back here with Arrow's Parquet reader, an
// implementation independent of parquet-go (which the package's readers
// use), and every cell is compared with a table built from the records
// directly: per row, with the tree package's own Parents and Branches.

// arrowRows reads every column of a Parquet file with Arrow
// (internal/arrowrows) and returns the column names and the rows, each
// cell an int64, int32, float64, bool, string, []int32, []float64 or []string, or nil for a
// null.
func arrowRows(t testing.TB, path string) ([]string, [][]any) {
	t.Helper()
	tbl, err := arrowrows.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range tbl.Columns {
		names = append(names, c.Name)
	}
	return names, tbl.Rows
}

// nodeRowsOf is the expected node table of trees: per node its id, parent,
// values, feature and class (and counts when withCounts).
func nodeRowsOf(trees []*tree.Tree, withCounts bool) [][]any {
	var rows [][]any
	for _, tr := range trees {
		values := make([][]int32, tr.Len())
		for n := range values {
			values[n] = []int32{}
		}
		for n := range tr.Len() {
			for _, b := range tr.Branches(n) {
				for m := b.Values; m != 0; m &= m - 1 {
					values[b.Child] = append(values[b.Child], int32(bits.TrailingZeros64(m)))
				}
			}
		}
		parents := tr.Parents()
		for n := range tr.Len() {
			row := []any{int32(n), parents[n], values[n], tr.Feature[n], tr.Class[n]}
			if withCounts {
				counts := append([]int32{}, tr.NodeCounts(n)...)
				row = append(row, counts)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func compareRows(t *testing.T, names []string, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("arrow reads %d rows; want %d", len(got), len(want))
	}
	bad := 0
	for r := range want {
		if !reflect.DeepEqual(got[r], want[r]) {
			t.Errorf("row %d (%s) = %v; want %v", r, strings.Join(names, ","), got[r], want[r])
			if bad++; bad > 5 {
				t.FailNow()
			}
		}
	}
}

func TestArrowReadsNodeTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	cases := []struct {
		name     string
		domains  []int
		trees    int
		depth    int
		learners int
	}{
		{"one leaf", []int{2}, 1, 0, 1},
		{"subset splits, many learners", []int{3, 5, 2, 64}, 40, 3, 300}, // dictionary indexes of 9 bits
		{"across pages and row groups", []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 5000, 8, 2},
		{"numeric splits and weights", []int{tree.Numeric, 3, tree.Numeric, 2}, 60, 5, 3},
		{"numeric across pages and row groups", []int{tree.Numeric, 2, tree.Numeric}, 3000, 8, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			numeric := slices.Contains(tc.domains, tree.Numeric)
			var models []ModelRecord
			var oracles []TreeRecord
			var trees []*tree.Tree
			for i := range tc.trees {
				tr := randomTree(rng, tc.domains, 3, tc.depth, true, i%3 != 0)
				if numeric {
					tr = numericTree(rng, tc.domains, 3, tc.depth, i%2 == 0)
				}
				trees = append(trees, tr)
				optimal := i%3 == 1
				models = append(models, ModelRecord{ModelID: int64(1000 - i), Learner: fmt.Sprintf("l%d", i%tc.learners), Optimal: map[int]*bool{0: nil, 1: &optimal, 2: &optimal}[i%3],
					DatasetID: int64(i / 2), OracleID: int64(i / 4), Tree: tr})
				oracles = append(oracles, TreeRecord{ID: int64(i * 7), Tree: tr})
			}
			dir := t.TempDir()
			mp, op := filepath.Join(dir, "m.parquet"), filepath.Join(dir, "o.parquet")
			if _, err := WriteModels(mp, models); err != nil {
				t.Fatal(err)
			}
			if numeric {
				// oracles/ holds nominal trees only.
				if _, err := WriteOracles(op, oracles); err == nil || !strings.Contains(err.Error(), "nominal trees only") {
					t.Errorf("WriteOracles of numeric trees = %v; want an error saying nominal trees only", err)
				}
			} else if _, err := WriteOracles(op, oracles); err != nil {
				t.Fatal(err)
			}
			nodes := nodeRowsOf(trees, true)
			var want [][]any
			i := 0
			for _, m := range models {
				for n := range m.Tree.Len() {
					var optimal any
					if m.Optimal != nil {
						optimal = *m.Optimal
					}
					var threshold any // null but at a numeric node
					if m.Tree.IsNumericNode(n) {
						threshold = m.Tree.Threshold[n]
					}
					weights := append([]float64{}, m.Tree.NodeWeights(n)...)
					want = append(want, append(append([]any{m.ModelID, m.DatasetID, m.OracleID, m.Learner, m.Fold, int32(0)}, nodes[i]...), optimal, threshold, weights))
					i++
				}
			}
			names, got := arrowRows(t, mp)
			compareRows(t, names, got, want)
			back, err := ReadModels(mp)
			if err != nil {
				t.Fatalf("ReadModels: %v", err)
			}
			for k, m := range models {
				if err := sameTree(back[k].Tree, m.Tree); err != nil {
					t.Fatalf("model %d reads back as another tree: %v", k, err)
				}
			}
			if numeric {
				return
			}
			want, i = nil, 0
			nodes = nodeRowsOf(trees, false)
			for _, o := range oracles {
				for range o.Tree.Len() {
					want = append(want, append([]any{o.ID}, nodes[i]...))
					i++
				}
			}
			names, got = arrowRows(t, op)
			compareRows(t, names, got, want)
		})
	}
}

func TestArrowReadsDatasets(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	cases := []struct {
		name    string
		domains []int
		numeric []bool
		missing float64
		classes int
		recs    int
		rows    int
	}{
		{"one-value domains", []int{1, 1, 2}, nil, 0, 1, 3, 17},
		{"64 values", []int{64, 3, 2}, nil, 0, 64, 4, 300},
		{"across pages and row groups", []int{2, 2, 2}, nil, 0, 2, 3, RowGroupRows / 2},
		{"numeric and missing values", []int{3, 2, 64, 2}, []bool{false, true, false, true}, 0.2, 3, 3, 300},
		{"missing values across pages and row groups", []int{2, 2, 2}, []bool{true}, 0.05, 2, 3, RowGroupRows / 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := mixedSchema(tc.domains, tc.numeric, tc.classes)
			var recs []DatasetRecord
			for i := range tc.recs {
				r := DatasetRecord{DatasetID: int64(10 - i), OracleID: int64(i / 2), Mode: []string{"complete", "unique", "vote.arff"}[i%3],
					Train: randomMixed(t, rng, s, tc.rows+i, tc.missing)}
				if i%2 == 0 {
					r.TrainRules = randomRules(rng, tc.rows+i)
					r.Test = randomMixed(t, rng, s, 5+i, tc.missing)
				}
				recs = append(recs, r)
			}
			path := filepath.Join(t.TempDir(), "d.parquet")
			if _, err := WriteDatasets(path, recs); err != nil {
				t.Fatal(err)
			}
			var want [][]any
			add := func(r DatasetRecord, split string, d *dataset.Dataset, rules []int32) {
				for i := range d.Len() {
					rule := int32(NoRule)
					if rules != nil {
						rule = rules[i]
					}
					row := []any{r.DatasetID, r.OracleID, r.Mode, split, int32(i), rule}
					for f := range d.NumFeatures() {
						switch {
						case d.IsNumeric(f) && math.IsNaN(d.Numbers(f)[i]):
							row = append(row, nil)
						case d.IsNumeric(f):
							row = append(row, d.Numbers(f)[i])
						case d.Column(f)[i] == dataset.MissingCode:
							row = append(row, nil)
						default:
							row = append(row, int32(d.Column(f)[i]))
						}
					}
					want = append(want, append(row, int32(d.Labels()[i])))
				}
			}
			for _, r := range recs {
				add(r, SplitTrain, r.Train, r.TrainRules)
				if r.Test != nil {
					add(r, SplitTest, r.Test, r.TestRules)
				}
			}
			names, got := arrowRows(t, path)
			compareRows(t, names, got, want)
		})
	}
}

// TestPageIndex checks the statistics of the id columns: chunk bounds and
// one column-index entry per page, whose bounds are the page's.
func TestPageIndex(t *testing.T) {
	s := testSchema([]int{2}, 2)
	rng := rand.New(rand.NewPCG(35, 36))
	n := pq.PageRows + 10
	recs := []DatasetRecord{
		{DatasetID: 5, OracleID: 9, Mode: "m", Train: randomDataset(t, rng, s, n)},
		{DatasetID: 7, OracleID: 8, Mode: "m", Train: randomDataset(t, rng, s, 20)},
	}
	path := filepath.Join(t.TempDir(), "d.parquet")
	if _, err := WriteDatasets(path, recs); err != nil {
		t.Fatal(err)
	}
	pf, f, err := openParquet(path, Datasets)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	md := pf.Metadata()
	le := func(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
	ids := md.RowGroups[0].Columns[0].MetaData.Statistics
	if !reflect.DeepEqual(ids.MinValue, le(5)) || !reflect.DeepEqual(ids.MaxValue, le(7)) {
		t.Errorf("dataset_id bounds %v..%v; want 5..7", ids.MinValue, ids.MaxValue)
	}
	oracles := md.RowGroups[0].Columns[1].MetaData.Statistics
	if !reflect.DeepEqual(oracles.MinValue, le(8)) || !reflect.DeepEqual(oracles.MaxValue, le(9)) {
		t.Errorf("oracle_id bounds %v..%v; want 8..9", oracles.MinValue, oracles.MaxValue)
	}
	idx := pf.ColumnIndexes()
	if len(idx) == 0 {
		t.Fatal("no column index")
	}
	want := [][]byte{le(5), le(5)}
	if got := idx[0].MinValues; !reflect.DeepEqual([][]byte(got), want) {
		t.Errorf("dataset_id page minima %v; want %v", got, want)
	}
	want = [][]byte{le(5), le(7)}
	if got := idx[0].MaxValues; !reflect.DeepEqual([][]byte(got), want) {
		t.Errorf("dataset_id page maxima %v; want %v", got, want)
	}
	if idx[0].BoundaryOrder != 1 { // ascending
		t.Errorf("dataset_id boundary order %v; want ascending", idx[0].BoundaryOrder)
	}
	oi := pf.OffsetIndexes()
	if len(oi) != len(md.RowGroups[0].Columns) || len(oi[0].PageLocations) != 2 || oi[0].PageLocations[1].FirstRowIndex != pq.PageRows {
		t.Errorf("offset index %+v; want two pages per column, the second from row %d", oi, pq.PageRows)
	}
}
