package pq

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// codeRow is one optional int32 column, the shape of a datasets/ feature.
type codeRow struct {
	Code *int32 `parquet:"code,optional"`
}

// TestNullableCodeColumn writes code columns whose pages have no null,
// some nulls or only nulls, and reads them back with parquet-go: the
// values and nulls are the ones written, whichever path a page took.
func TestNullableCodeColumn(t *testing.T) {
	const null = 9
	cases := []struct {
		name  string
		codes []uint8
		z     int
	}{
		{"no null", []uint8{0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0}, 2},
		{"nulls in some pages", []uint8{0, 1, null, 2, 2, 2, null, null, null, 1, 0}, 3},
		{"only nulls", []uint8{null, null, null, null}, 2},
		{"one row", []uint8{4}, 5},
		{"every code of 255, then nulls", nil, 255},
	}
	for i := range 300 {
		cases[4].codes = append(cases[4].codes, uint8(min(i, 255)))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			null := uint8(null)
			if tc.z == 255 {
				null = 255
			}
			var buf bytes.Buffer
			w, err := NewWriter(&buf, schemaOf[codeRow]("codes"), Layout{PageRows: 3, GroupRows: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Release()
			if err := columns(w.BeginRowGroup(len(tc.codes)), func() error { return w.NullableCodeColumn(tc.codes, tc.z, null) }); err != nil {
				t.Fatal(err)
			}
			if err := w.Close("test", nil); err != nil {
				t.Fatal(err)
			}
			pf, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			got, err := AppendNullableInt32s(nil, pf.RowGroups()[0].ColumnChunks()[0], -1)
			if err != nil {
				t.Fatal(err)
			}
			want := make([]int32, len(tc.codes))
			for i, c := range tc.codes {
				want[i] = int32(c)
				if c == null {
					want[i] = -1
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("read back %v, want %v", got, want)
			}
		})
	}
}

// TestNullableCodeColumnRefusesCodes checks that a code outside the
// domain is refused, in a page without nulls and in one with.
func TestNullableCodeColumnRefusesCodes(t *testing.T) {
	for _, codes := range [][]uint8{{0, 1, 1, 2}, {0, 1, 1, 9, 2}} {
		w, err := NewWriter(new(bytes.Buffer), schemaOf[codeRow]("codes"), Layout{PageRows: 8, GroupRows: 8})
		if err != nil {
			t.Fatal(err)
		}
		err = columns(w.BeginRowGroup(len(codes)), func() error { return w.NullableCodeColumn(codes, 2, 9) })
		w.Release()
		if err == nil || !strings.Contains(err.Error(), "code 2 outside 0..1") {
			t.Errorf("codes %v: %v, want code 2 outside 0..1", codes, err)
		}
	}
}

// TestAllValidLevels checks that a page without nulls gets the levels
// definitionLevels makes, for every page length around the word sizes,
// and in any order of lengths (the cached encoding is the last length's).
func TestAllValidLevels(t *testing.T) {
	w := &Writer{bufs: new(pageBuffers)}
	ns := []int{1, 2, 7, 8, 9, 63, 64, 65, 1000, 1024, 1025, 8, 8, 4096, 5}
	for _, n := range ns {
		wantLevels, nulls := w.definitionLevels(n, func(int) bool { return false })
		want := slices.Clone(wantLevels)
		if got := w.allValidLevels(n); nulls != 0 || !bytes.Equal(got, want) {
			t.Errorf("n %d: levels %x, want %x", n, got, want)
		}
	}
}

// TestCodeAtOrAbove checks the word-at-a-time bound against a scan of
// every code, on random pages of every length up to 40 and every domain
// size the columns meet.
func TestCodeAtOrAbove(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		z := 1 + r.IntN(256)
		codes := make([]uint8, r.IntN(41))
		for i := range codes {
			codes[i] = uint8(r.IntN(min(256, z+1+r.IntN(3))))
		}
		wantBad := false
		for _, v := range codes {
			if int(v) >= z {
				wantBad = true
				break
			}
		}
		v, bad := codeAtOrAbove(codes, z)
		if bad != wantBad || bad && int(v) < z {
			t.Fatalf("z %d codes %v: (%d, %v), want bad %v", z, codes, v, bad, wantBad)
		}
	}
}
