package grow

import (
	"fmt"
	"testing"
)

// packCases are layouts to check: binary features filling one word
// exactly and spilling into a second, multi-valued features that must
// not straddle a word, a feature too wide to pack, more features than
// maxPackWords words hold, and one-valued features.
var packCases = []struct {
	name    string
	domains []int
}{
	{"10 binary", repeat(2, 10)},
	{"21 binary", repeat(2, 21)},
	{"22 binary", repeat(2, 22)},
	{"mixed", []int{2, 5, 3, 7, 2, 9, 4, 2, 2, 6, 3}},
	{"wide value set", []int{2, 30, 3, 23, 22, 2}},
	{"too many", repeat(3, 50)},
	{"one-valued", []int{1, 2, 1, 3}},
}

// TestPackLayout checks the lane layout against its rules: a packed
// feature's Z−1 lanes are consecutive in one word, no two features share
// a lane, at most maxPackWords words, and a feature is left unpacked only
// when it needs more than a word or no word is left.
func TestPackLayout(t *testing.T) {
	for _, tc := range packCases {
		t.Run(tc.name, func(t *testing.T) {
			d := randomData(t, 1, tc.domains, 2, 10)
			var p packLayout
			p.bind(d)
			if p.words > maxPackWords {
				t.Fatalf("words = %d; want at most %d", p.words, maxPackWords)
			}
			used := map[int]int{}
			anyUnpacked := false
			for f, z := range tc.domains {
				pf := p.feat[f]
				if !pf.packed {
					anyUnpacked = true
					if z-1 <= lanesPerWord && p.words < maxPackWords {
						t.Errorf("feature %d (%d values) unpacked with %d words in use", f, z, p.words)
					}
					continue
				}
				for v := 1; v < z; v++ {
					l := pf.lane + v - 1
					if l/lanesPerWord != pf.word {
						t.Errorf("feature %d: lane %d of value %d outside word %d", f, l, v, pf.word)
					}
					if g, dup := used[l]; dup {
						t.Errorf("lane %d used by features %d and %d", l, g, f)
					}
					used[l] = f
				}
				if want := uint(laneBits * (pf.lane - pf.word*lanesPerWord)); pf.shift != want {
					t.Errorf("feature %d: shift %d; want %d", f, pf.shift, want)
				}
			}
			if p.unpacked != (anyUnpacked || p.words == 0) {
				t.Errorf("unpacked = %v; features unpacked: %v", p.unpacked, anyUnpacked)
			}
		})
	}
}

// TestPack checks that every packed feature's value reads back from
// every row's lane words, in row order and grouped by class.
func TestPack(t *testing.T) {
	for _, tc := range packCases {
		for _, n := range []int{1, 7, 8, 9, 100, 1001} {
			t.Run(fmt.Sprintf("%s/n=%d", tc.name, n), func(t *testing.T) {
				d := randomData(t, uint64(n), tc.domains, 2, n)
				var p packLayout
				p.bind(d)
				W := p.words
				dst := make([]uint64, n*W)
				p.pack(dst, d)
				check := func(x []uint64, r int) {
					t.Helper()
					for f := range tc.domains {
						pf := p.feat[f]
						if !pf.packed {
							continue
						}
						if got, want := pf.value(x[pf.word]), int(d.Value(f, r)); got != want {
							t.Fatalf("row %d feature %d: packed value %d; want %d", r, f, got, want)
						}
					}
				}
				for r := range n {
					check(dst[r*W:(r+1)*W], r)
				}
				binary := W == 1
				for _, z := range tc.domains {
					binary = binary && z == 2
				}
				if !binary {
					return
				}
				// Grouped by class: class 0's rows in order, then class 1's.
				n0 := d.ClassCounts(d.All())[0]
				grouped := make([]uint64, n)
				p.packOrdered(grouped, d, true, n0)
				i, j := 0, n0
				for r := range n {
					if d.Label(r) == 0 {
						check(grouped[i:i+1], r)
						i++
					} else {
						check(grouped[j:j+1], r)
						j++
					}
				}
			})
		}
	}
}
