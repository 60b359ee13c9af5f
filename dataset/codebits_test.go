package dataset

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestValueRowsAreTheCodes: every value's and class's row set holds
// exactly the rows of that code, and the missing set the rows of
// MissingCode, for domains of 1 to 64 values (two take setCodeBits'
// register path, the others its array path) and row counts around word
// boundaries.
func TestValueRowsAreTheCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 200, 3000} {
		for _, z := range []int{1, 2, 3, 5, 20, 64} {
			for _, missing := range []bool{false, true} {
				t.Run(fmt.Sprintf("n=%d/z=%d/missing=%v", n, z, missing), func(t *testing.T) {
					values := make([]string, z)
					for v := range values {
						values[v] = fmt.Sprint("v", v)
					}
					s := Schema{Features: []Attribute{{Name: "a", Values: values}}, Class: Attribute{Name: "c", Values: values}}
					col, labels := make([]uint8, n), make([]uint8, n)
					for r := range col {
						col[r], labels[r] = uint8(rng.IntN(z)), uint8(rng.IntN(z))
						if missing && rng.IntN(5) == 0 {
							col[r] = MissingCode
						}
					}
					d, err := NewMixed(s, [][]uint8{col}, nil, labels)
					if err != nil {
						t.Fatal(err)
					}
					for r := range n {
						for v := range z {
							if got, want := d.ValueRows(0, v).Has(r), col[r] == uint8(v); got != want {
								t.Fatalf("row %d (code %d): in value %d's rows %v", r, col[r], v, got)
							}
							if got, want := d.ClassRows(v).Has(r), labels[r] == uint8(v); got != want {
								t.Fatalf("row %d (class %d): in class %d's rows %v", r, labels[r], v, got)
							}
						}
						if m := d.Missing(0); (m != nil && m.Has(r)) != (col[r] == MissingCode) {
							t.Fatalf("row %d (code %d): missing set wrong", r, col[r])
						}
					}
					for v := range z { // no bit past the last row
						if c, want := d.ValueRows(0, v).Count(), countOf(col, uint8(v)); c != want {
							t.Fatalf("value %d: %d rows, want %d", v, c, want)
						}
						if c, want := d.ClassRows(v).Count(), countOf(labels, uint8(v)); c != want {
							t.Fatalf("class %d: %d rows, want %d", v, c, want)
						}
					}
				})
			}
		}
	}
	s := Schema{Features: []Attribute{{Name: "a", Values: []string{"x", "y"}}}, Class: Attribute{Name: "c", Values: []string{"p", "q"}}}
	if _, err := NewMixed(s, [][]uint8{{0, 2, 1}}, nil, []uint8{0, 1, 0}); err == nil {
		t.Error("a code outside the domain was taken")
	}
	if _, err := NewMixed(s, [][]uint8{{0, 1, 1}}, nil, []uint8{0, 2, 0}); err == nil {
		t.Error("a class code outside the classes was taken")
	}
}

func countOf(codes []uint8, v uint8) int {
	n := 0
	for _, c := range codes {
		if c == v {
			n++
		}
	}
	return n
}

// BenchmarkSetCodeBits builds the row sets of one column of 12,000 rows
// (a nursery fold's bootstrap sample) of 2 and of 4 values.
func BenchmarkSetCodeBits(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, z := range []int{2, 4} {
		codes := make([]uint8, 12000)
		for i := range codes {
			codes[i] = uint8(rng.IntN(z))
		}
		bits := make([]Bitset, z)
		for v := range bits {
			bits[v] = NewBitset(len(codes))
		}
		b.Run(fmt.Sprintf("values=%d", z), func(b *testing.B) {
			for b.Loop() {
				for v := range bits {
					clear(bits[v])
				}
				if !setCodeBits(codes, bits) {
					b.Fatal("codes outside the domain")
				}
			}
		})
	}
}
