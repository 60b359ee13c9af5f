package schemas

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// table is one table's writer (with fixed test rows) and reader.
type table struct {
	name  string
	write func(path string) (FileInfo, error)
	read  func(path string) error
}

func tables(t *testing.T) []table {
	rng := rand.New(rand.NewPCG(11, 12))
	domains := []int{2, 3, 4}
	s := testSchema(domains, 3)
	oracles := []TreeRecord{{1, randomTree(rng, domains, 3, 3, false, false)}, {2, randomTree(rng, domains, 3, 3, false, false)}}
	models := []ModelRecord{{ModelID: 5, Learner: "cart", DatasetID: 1, OracleID: 1, Tree: randomTree(rng, domains, 3, 3, true, true)}}
	datasets := []DatasetRecord{{DatasetID: 1, OracleID: 1, Mode: "complete", Train: randomDataset(t, rng, s, 40),
		TrainRules: randomRules(rng, 40), Test: randomDataset(t, rng, s, 10), TestRules: randomRules(rng, 10)}}
	predictions := predictionRows(rng, 40, func(i int) bool { return i%2 == 0 })
	return []table{
		{Oracles, func(p string) (FileInfo, error) { return WriteOracles(p, oracles) },
			func(p string) error { _, err := ReadOracles(p); return err }},
		{Models, func(p string) (FileInfo, error) { return WriteModels(p, models) },
			func(p string) error { _, err := ReadModels(p); return err }},
		{Datasets, func(p string) (FileInfo, error) { return WriteDatasets(p, datasets) },
			func(p string) error { _, err := ReadDatasets(p); return err }},
		{Evaluations, func(p string) (FileInfo, error) { return WriteEvaluations(p, testEvaluations()) },
			func(p string) error { _, err := ReadEvaluations(p); return err }},
		{Timings, func(p string) (FileInfo, error) { return WriteTimings(p, []Timing{{1, "id3", "fit", 5}}) },
			func(p string) error { _, err := ReadTimings(p); return err }},
		{Summaries, func(p string) (FileInfo, error) {
			return WriteSummary(p, []OracleSummary{{Learner: "id3", Measure: "doe", Count: 1, Stat: Stat{N: 1, Mean: ptr(1.0)}},
				{Learner: "id3", Measure: "accuracy", Count: 1}})
		}, func(p string) error { _, err := ReadSummary(p); return err }},
		{Predictions, func(p string) (FileInfo, error) {
			return writeFlat(context.Background(), p, benchmarkPredictionTable, predictions)
		}, func(p string) error { _, err := readFlat(p, benchmarkPredictionTable); return err }},
	}
}

// TestReproducible writes every table twice and compares the bytes, and
// checks what the FileInfo and HashFile report.
func TestReproducible(t *testing.T) {
	for _, tb := range tables(t) {
		t.Run(tb.name, func(t *testing.T) {
			dir := t.TempDir()
			a, b := filepath.Join(dir, "a", tb.name, "part-0-0.parquet"), filepath.Join(dir, "b", "part-0-0.parquet")
			ia, err := tb.write(a)
			if err != nil {
				t.Fatal(err)
			}
			ib, err := tb.write(b)
			if err != nil {
				t.Fatal(err)
			}
			ba, _ := os.ReadFile(a)
			bb, _ := os.ReadFile(b)
			if !bytes.Equal(ba, bb) {
				t.Errorf("two writes of the same rows differ (%d and %d bytes)", len(ba), len(bb))
			}
			if ia.SHA256 != ib.SHA256 || ia.Rows != ib.Rows || ia.Path != a {
				t.Errorf("FileInfo %+v and %+v", ia, ib)
			}
			h, err := HashFile(a)
			if err != nil {
				t.Fatal(err)
			}
			if h != ia {
				t.Errorf("HashFile = %+v; want %+v", h, ia)
			}
			entries, _ := os.ReadDir(filepath.Dir(a))
			if len(entries) != 1 {
				t.Errorf("directory holds %d entries; want only the table file", len(entries))
			}
			if err := tb.read(a); err != nil {
				t.Errorf("read: %v", err)
			}
		})
	}
}

// TestFileSettings checks the footer of every table: created_by, sorted
// dtbench metadata, zstd pages.
func TestFileSettings(t *testing.T) {
	for _, tb := range tables(t) {
		t.Run(tb.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.parquet")
			if _, err := tb.write(path); err != nil {
				t.Fatal(err)
			}
			md := footer(t, path)
			version, _ := TableVersion(tb.name)
			if want := "dtbench version unknown (build schema " + strconv.Itoa(version) + ")"; md.CreatedBy != want {
				t.Errorf("created_by = %q; want %q", md.CreatedBy, want)
			}
			if root, want := md.Schema[0].Name, filepath.Base(tb.name); root != want {
				t.Errorf("root schema name %q; want %q", root, want)
			}
			var keys []string
			kv := map[string]string{}
			for _, e := range md.KeyValueMetadata {
				keys = append(keys, e.Key)
				kv[e.Key] = e.Value
			}
			if !slices.IsSorted(keys) {
				t.Errorf("metadata keys %q not sorted", keys)
			}
			if kv[MetaVersion] != strconv.Itoa(version) || kv[MetaTable] != tb.name {
				t.Errorf("metadata %v", kv)
			}
			for _, rg := range md.RowGroups {
				for _, c := range rg.Columns {
					if c.MetaData.Codec != format.Zstd {
						t.Errorf("column %v: codec %v; want ZSTD", c.MetaData.PathInSchema, c.MetaData.Codec)
					}
				}
			}
		})
	}
}

func footer(t *testing.T, path string) *format.FileMetaData {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	return pf.Metadata()
}

func TestRowGroupSize(t *testing.T) {
	s := testSchema([]int{2}, 2)
	n := RowGroupRows + 5
	rng := rand.New(rand.NewPCG(1, 2))
	path := filepath.Join(t.TempDir(), "d.parquet")
	if _, err := WriteDatasets(path, []DatasetRecord{{DatasetID: 1, Mode: "m", Train: randomDataset(t, rng, s, n)}}); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, rg := range footer(t, path).RowGroups {
		got = append(got, rg.NumRows)
	}
	if want := []int64{RowGroupRows, 5}; !slices.Equal(got, want) {
		t.Errorf("row groups of %v rows; want %v", got, want)
	}
}

// TestBadFiles gives every reader files it must refuse with an
// *input.Error naming the file and the problem.
func TestBadFiles(t *testing.T) {
	all := tables(t)
	dir := t.TempDir()
	files := map[string]string{}
	for _, tb := range all {
		files[tb.name] = filepath.Join(dir, strings.ReplaceAll(tb.name, "/", "-")+".parquet")
		if _, err := tb.write(files[tb.name]); err != nil {
			t.Fatal(err)
		}
	}
	foreign := filepath.Join(dir, "foreign.parquet") // a Parquet file from elsewhere
	writeParquet(t, foreign, []struct{ A int64 }{{1}})
	text := filepath.Join(dir, "notes.parquet")
	os.WriteFile(text, []byte("not parquet at all, but long enough to have a footer-sized tail"), 0o644)
	for _, tb := range all {
		other := Timings
		if tb.name == Timings {
			other = Oracles
		}
		truncated := filepath.Join(dir, "truncated-"+filepath.Base(files[tb.name]))
		data, _ := os.ReadFile(files[tb.name])
		os.WriteFile(truncated, data[:len(data)/2], 0o644)
		version, _ := TableVersion(tb.name)
		newer := filepath.Join(dir, "newer-"+filepath.Base(files[tb.name]))
		writeParquet(t, newer, []struct{ A int64 }{{1}}, parquet.KeyValueMetadata(MetaVersion, strconv.Itoa(version+1)), parquet.KeyValueMetadata(MetaTable, tb.name))
		wrongCols := filepath.Join(dir, "cols-"+filepath.Base(files[tb.name]))
		meta := []parquet.WriterOption{parquet.KeyValueMetadata(MetaVersion, strconv.Itoa(version)), parquet.KeyValueMetadata(MetaTable, tb.name)}
		for _, kv := range footer(t, files[tb.name]).KeyValueMetadata {
			if kv.Key == MetaDatasetSchema || kv.Key == MetaTreeDomains || kv.Key == MetaTreeClasses {
				meta = append(meta, parquet.KeyValueMetadata(kv.Key, kv.Value))
			}
		}
		writeParquet(t, wrongCols, []struct{ A int64 }{{1}}, meta...)
		cases := []struct {
			name, path, want string
		}{
			{"other table", files[other], "holds table"},
			{"foreign parquet", foreign, "not a dtbench table"},
			{"not parquet", text, "not a Parquet file: it does not start with PAR1"},
			{"truncated", truncated, "not a complete Parquet file: it does not end with PAR1"},
			{"missing", filepath.Join(dir, "missing.parquet"), "no such file"},
			{"schema version", newer, "schema version"},
			{"wrong columns", wrongCols, "column"},
		}
		for _, tc := range cases {
			t.Run(tb.name+"/"+tc.name, func(t *testing.T) {
				err := tb.read(tc.path)
				var ie *input.Error
				if !errors.As(err, &ie) {
					t.Fatalf("read = %v; want an *input.Error", err)
				}
				if ie.File != tc.path || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("read = %q (file %q); want file %q and %q", err, ie.File, tc.path, tc.want)
				}
			})
		}
	}
}

func TestHashFileErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := HashFile(filepath.Join(dir, "missing.parquet")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("HashFile(missing) = %v; want fs.ErrNotExist", err)
	}
	path := filepath.Join(dir, "t.parquet")
	if _, err := WriteTimings(path, []Timing{{1, "id3", "fit", 5}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:len(data)-3], 0o644)
	if _, err := HashFile(path); !input.Is(err) {
		t.Errorf("HashFile(truncated) = %v; want an *input.Error", err)
	}
}

// TestWriteFailureLeavesNothing writes where the parent is a file: the
// writer must fail and leave no file behind.
func TestWriteFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "results")
	os.WriteFile(blocker, nil, 0o644)
	if _, err := WriteTimings(filepath.Join(blocker, "timings", "p.parquet"), nil); err == nil {
		t.Fatal("WriteTimings under a file succeeded")
	}
	// A failing row check must not replace an existing file.
	path := filepath.Join(dir, "o.parquet")
	if _, err := WriteOracles(path, []TreeRecord{{1, handTree()}}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if _, err := WriteOracles(path, []TreeRecord{{1, nil}}); err == nil {
		t.Fatal("WriteOracles(nil tree) succeeded")
	}
	after, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if !bytes.Equal(before, after) || len(entries) != 2 {
		t.Errorf("failed write changed the directory: %d entries, file changed %v", len(entries), !bytes.Equal(before, after))
	}
}

// TestCancelledWriteLeavesNothing: a write whose context is cancelled,
// before it starts or once it has begun writing bytes, returns the
// cancellation's cause and leaves neither the file nor a temporary one;
// an existing file stays as it was.
func TestCancelledWriteLeavesNothing(t *testing.T) {
	stop := errors.New("stopped by the test")
	recs := []TreeRecord{{1, completeTree(slices.Repeat([]int{2}, 18), 2, 18, false, false)}}
	for _, tc := range []struct {
		name  string
		after int // bytes written before the cancellation; -1 before the write
	}{{"before", -1}, {"after the first MiB", 1 << 20}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "o.parquet")
			if err := os.WriteFile(path, []byte("kept"), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancelCause(context.Background())
			if tc.after < 0 {
				cancel(stop)
			}
			_, err := writeFile(ctx, path, 1, func(w io.Writer) error {
				for n := 0; n < 64<<20; n += 4096 {
					if n == tc.after {
						cancel(stop)
					}
					if _, err := w.Write(make([]byte, 4096)); err != nil {
						return err
					}
				}
				return nil
			})
			if !errors.Is(err, stop) {
				t.Errorf("writeFile = %v; want the cancellation's cause", err)
			}
			if _, err := writeOracles(ctx, filepath.Join(dir, "p.parquet"), recs); !errors.Is(err, stop) {
				t.Errorf("writeOracles = %v; want the cancellation's cause", err)
			}
			entries, _ := os.ReadDir(dir)
			data, _ := os.ReadFile(path)
			if len(entries) != 1 || string(data) != "kept" {
				t.Errorf("a cancelled write left %d entries, the file holding %q", len(entries), data)
			}
		})
	}
}

// TestEmptyTables writes and reads tables with no rows.
func TestEmptyTables(t *testing.T) {
	dir := t.TempDir()
	check := func(name string, n int, err error) {
		t.Helper()
		if err != nil || n != 0 {
			t.Errorf("%s: %d rows, %v; want 0, nil", name, n, err)
		}
	}
	p := filepath.Join(dir, "o.parquet")
	if _, err := WriteOracles(p, nil); err != nil {
		t.Fatal(err)
	}
	o, err := ReadOracles(p)
	check("oracles", len(o), err)
	p = filepath.Join(dir, "d.parquet")
	if _, err := WriteDatasets(p, nil); err != nil {
		t.Fatal(err)
	}
	d, err := ReadDatasets(p)
	check("datasets", len(d), err)
	p = filepath.Join(dir, "e.parquet")
	if _, err := WriteEvaluations(p, nil); err != nil {
		t.Fatal(err)
	}
	e, err := ReadEvaluations(p)
	check("evaluations", len(e), err)
}

func writeParquet[T any](t *testing.T, path string, rows []T, opts ...parquet.WriterOption) {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[T](&buf, opts...)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorruptBytes damages bytes across every table file: a reader may
// still decode the file (pages carry no checksum it must verify), but it
// must not panic, and any error must be an *input.Error.
func TestCorruptBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, tb := range tables(t) {
		t.Run(tb.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.parquet")
			if _, err := tb.write(path); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			for i := range 200 {
				bad := slices.Clone(data)
				for range 1 + i%4 {
					bad[4+rng.IntN(len(bad)-12)] ^= byte(1 + rng.IntN(255))
				}
				p := filepath.Join(dir, "bad.parquet")
				os.WriteFile(p, bad, 0o644)
				if err := tb.read(p); err != nil && !input.Is(err) {
					t.Fatalf("damaged file %d: read = %v; want nil or an *input.Error", i, err)
				}
			}
		})
	}
}

// TestConcurrentWrites writes every table from several goroutines at once,
// as the pipeline's workers do: all copies must be byte-identical.
func TestConcurrentWrites(t *testing.T) {
	dir := t.TempDir()
	for _, tb := range tables(t) {
		const n = 4
		infos := make([]FileInfo, n)
		errs := make([]error, n)
		done := make(chan int)
		for i := range n {
			go func() {
				infos[i], errs[i] = tb.write(filepath.Join(dir, strings.ReplaceAll(tb.name, "/", "-"), string(rune('a'+i))+".parquet"))
				done <- i
			}()
		}
		for range n {
			<-done
		}
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("%s writer %d: %v", tb.name, i, errs[i])
			}
			if infos[i].SHA256 != infos[0].SHA256 {
				t.Errorf("%s: concurrent writes differ", tb.name)
			}
		}
	}
}
