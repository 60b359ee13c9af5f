package dataset

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// bytesource hands out the fuzzer's bytes one at a time, then zeros.
type bytesource struct {
	b []byte
	i int
}

func (s *bytesource) next() byte {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

func (s *bytesource) small(n int) int { return int(s.next()) % n }

// label returns up to 5 raw bytes: any byte may appear, quotes, commas,
// newlines and invalid UTF-8 included.
func (s *bytesource) label() string {
	b := make([]byte, s.small(6))
	for i := range b {
		b[i] = s.next()
	}
	return string(b)
}

// decodeDataset turns fuzz bytes into a dataset with 1–4 features of 1–4
// values, 1–3 classes and up to 19 rows, every name and label raw bytes.
func decodeDataset(data []byte) (*Dataset, error) {
	s := &bytesource{b: data}
	var schema Schema
	attr := func(z int) Attribute {
		a := Attribute{Name: s.label()}
		for range z {
			a.Values = append(a.Values, s.label())
		}
		return a
	}
	for range 1 + s.small(4) {
		schema.Features = append(schema.Features, attr(1+s.small(4)))
	}
	schema.Class = attr(1 + s.small(3))
	var x [][]uint8
	var y []uint8
	for range s.small(20) {
		row := make([]uint8, len(schema.Features))
		for f, a := range schema.Features {
			row[f] = uint8(s.small(len(a.Values)))
		}
		x = append(x, row)
		y = append(y, uint8(s.small(len(schema.Class.Values))))
	}
	return FromRows(schema, x, y)
}

// writable reports whether d's attribute names, and the labels within
// each domain, are all distinct and all UTF-8 — what ARFF can express.
func writable(d *Dataset) bool {
	s := d.Schema()
	names := map[string]bool{}
	for _, a := range append(append([]Attribute(nil), s.Features...), s.Class) {
		if names[a.Name] || !utf8.ValidString(a.Name) {
			return false
		}
		names[a.Name] = true
		labels := map[string]bool{}
		for _, v := range a.Values {
			if labels[v] || !utf8.ValidString(v) {
				return false
			}
			labels[v] = true
		}
	}
	return true
}

// FuzzReadARFF is a write → read round trip in the manner of encoding/csv's
// FuzzRoundtrip, run two ways on each input:
//   - the bytes as ARFF text: ParseARFF must not panic, and whatever it
//     accepts must survive WriteARFF → ParseARFF unchanged;
//   - the bytes decoded into a dataset with arbitrary names and labels:
//     WriteARFF must refuse exactly the schemas ARFF cannot express
//     (repeated names or labels, names or labels that are not UTF-8) and
//     otherwise read back equal.
func FuzzReadARFF(f *testing.F) {
	for _, name := range []string{"quoted.arff", "comments.arff", "bad-value.arff"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("@attribute a {x}\n@attribute c {p, '?'}\n@data\nx,'?'\n"))
	f.Add([]byte{2, 1, 'a', 2, 1, 'x', 1, ',', 0, 1, '\'', 2, 1, '\n', 1, '?', 5, 1, 0, 1, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if d, err := ParseARFF(bytes.NewReader(data), "fuzz.arff", ""); err == nil {
			roundTrip(t, d)
		}

		d, err := decodeDataset(data)
		if err != nil {
			t.Fatalf("decodeDataset: %v", err)
		}
		if !writable(d) {
			var buf bytes.Buffer
			if err := WriteARFF(&buf, d, "fuzz"); err == nil {
				t.Fatalf("WriteARFF accepted repeated names or labels, or ones that are not UTF-8:\n%s", buf.Bytes())
			}
			return
		}
		roundTrip(t, d)
	})
}
