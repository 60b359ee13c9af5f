package dataset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomBools returns n booleans, each true with probability p.
func randomBools(rng *rand.Rand, n int, p float64) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = rng.Float64() < p
	}
	return b
}

// fromBools builds a Bitset with Set, the reference being the []bool.
func fromBools(b []bool) Bitset {
	s := NewBitset(len(b))
	for i, v := range b {
		if v {
			s.Set(i)
		}
	}
	return s
}

// trueRows returns the indices where b is true, the naive Rows.
func trueRows(b []bool) []int {
	var rows []int
	for i, v := range b {
		if v {
			rows = append(rows, i)
		}
	}
	return rows
}

// checkSame fails unless s holds exactly the rows where want is true and
// has the right number of words with no bit past the last row.
func checkSame(t *testing.T, what string, s Bitset, want []bool) {
	t.Helper()
	if len(s) != (len(want)+63)/64 {
		t.Fatalf("%s: %d words for %d rows", what, len(s), len(want))
	}
	for i, v := range want {
		if s.Has(i) != v {
			t.Fatalf("%s: Has(%d) = %v; want %v", what, i, s.Has(i), v)
		}
	}
	if r := len(want) % 64; r != 0 && s[len(s)-1]>>r != 0 {
		t.Fatalf("%s: bits set past row %d: last word %#x", what, len(want)-1, s[len(s)-1])
	}
}

var bitsetSizes = []int{0, 1, 63, 64, 65, 1000}

func TestBitsetAgainstBools(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, n := range bitsetSizes {
		for _, p := range []float64{0, 0.1, 0.5, 1} {
			t.Run(fmt.Sprintf("n=%d/p=%g", n, p), func(t *testing.T) {
				a, b, c := randomBools(rng, n, p), randomBools(rng, n, 0.5), randomBools(rng, n, 0.7)
				sa, sb, sc := fromBools(a), fromBools(b), fromBools(c)
				checkSame(t, "Set", sa, a)

				and, andNot, and3 := make([]bool, n), make([]bool, n), 0
				for i := range n {
					and[i] = a[i] && b[i]
					andNot[i] = a[i] && !b[i]
					if a[i] && b[i] && c[i] {
						and3++
					}
				}
				if got, want := sa.Count(), len(trueRows(a)); got != want {
					t.Errorf("Count() = %d; want %d", got, want)
				}
				checkSame(t, "And", And(NewBitset(n), sa, sb), and)
				checkSame(t, "AndNot", AndNot(NewBitset(n), sa, sb), andNot)
				if got, want := AndCount(sa, sb), len(trueRows(and)); got != want {
					t.Errorf("AndCount = %d; want %d", got, want)
				}
				if got := AndCount3(sa, sb, sc); got != and3 {
					t.Errorf("AndCount3 = %d; want %d", got, and3)
				}
				if got, want := sa.Rows(nil), trueRows(a); !slices.Equal(got, want) {
					t.Errorf("Rows = %v; want %v", got, want)
				}
				if got := sa.Rows([]int{-1}); len(got) == 0 || got[0] != -1 {
					t.Errorf("Rows did not append to dst: %v", got)
				}
				var each []int
				sa.Each(func(r int) { each = append(each, r) })
				if want := trueRows(a); !slices.Equal(each, want) {
					t.Errorf("Each visited %v; want %v", each, want)
				}

				// In place: dst may be one of the operands.
				inPlace := sa.Clone()
				And(inPlace, inPlace, sb)
				checkSame(t, "And in place", inPlace, and)
				checkSame(t, "Clone left the original", sa, a)

				// Clear every other set row.
				cleared := slices.Clone(a)
				for i, r := range trueRows(a) {
					if i%2 == 0 {
						sa.Clear(r)
						cleared[r] = false
					}
				}
				checkSame(t, "Clear", sa, cleared)
			})
		}
	}
}

func TestFullBitset(t *testing.T) {
	for _, n := range bitsetSizes {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			all := make([]bool, n)
			for i := range all {
				all[i] = true
			}
			s := FullBitset(n)
			checkSame(t, "FullBitset", s, all) // includes: tail bits zero
			if s.Count() != n {
				t.Errorf("Count() = %d; want %d", s.Count(), n)
			}
			checkSame(t, "NewBitset", NewBitset(n), make([]bool, n))
			// AndNot with itself empties it, and a full set is the identity of And.
			checkSame(t, "AndNot(full, full)", AndNot(NewBitset(n), s, s), make([]bool, n))
			if AndCount(s, s) != n {
				t.Errorf("AndCount(full, full) = %d; want %d", AndCount(s, s), n)
			}
		})
	}
}
