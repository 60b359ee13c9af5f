package grow

import (
	"fmt"
	"testing"
)

// TestLaneSums checks laneSums against counting by hand: rows of random
// data packed and grouped by class (classes increasing, or decreasing
// when reversed), for sizes around a slot's limit (511 rows of a class)
// and one, two and three lane words per row.
func TestLaneSums(t *testing.T) {
	shapes := []struct {
		domains []int
		k       int
	}{
		{repeat(2, 20), 2},
		{[]int{3, 2, 5, 2, 4}, 3},
		{repeat(2, 30), 2},
		{append(repeat(4, 12), 2, 2), 4},
	}
	for si, sh := range shapes {
		for _, n := range []int{0, 1, 6, 7, 8, 50, 510, 511, 512, 1100, 2500} {
			for _, rev := range []bool{false, true} {
				t.Run(fmt.Sprintf("shape%d/n=%d/rev=%v", si, n, rev), func(t *testing.T) {
					d := randomData(t, uint64(n)+7, sh.domains, sh.k, max(n, 1))
					var p packLayout
					p.bind(d)
					W := p.words
					rowsOf := make([]uint64, d.Len()*W)
					p.pack(rowsOf, d)
					// The node's rows: the first n, grouped by class.
					counts := make([]int, sh.k)
					for r := range n {
						counts[d.Label(r)]++
					}
					list := make([]uint64, 0, (n+laneChunk)*W)
					for i := range sh.k {
						c := i
						if rev {
							c = sh.k - 1 - i
						}
						for r := range n {
							if int(d.Label(r)) == c {
								list = append(list, rowsOf[r*W:(r+1)*W]...)
							}
						}
					}
					var ls laneSums
					ls.count(list, W, counts, rev, make([]int, sh.k+1))
					for f, z := range sh.domains {
						pf := p.feat[f]
						if !pf.packed {
							continue
						}
						for v := 1; v < z; v++ {
							for c := range sh.k {
								want := 0
								for r := range n {
									if int(d.Label(r)) == c && int(d.Value(f, r)) == v {
										want++
									}
								}
								if got := ls.get(c, pf.lane+v-1); got != want {
									t.Fatalf("feature %d value %d class %d: %d rows; want %d", f, v, c, got, want)
								}
							}
						}
					}
				})
			}
		}
	}
}

// TestSumSlots1 checks sumSlots1 and tinySumsOf against laneSums.count on
// one lane word and two classes.
func TestSumSlots1(t *testing.T) {
	for _, n := range []int{0, 1, 7, 13, 14, 127, 128, 300} {
		d := randomData(t, uint64(n), repeat(2, 21), 2, max(n, 1))
		var p packLayout
		p.bind(d)
		rows := make([]uint64, d.Len()+laneChunk)
		counts := d.ClassCounts(d.All())
		if n == 0 {
			counts = []int{0, 0}
		}
		p.packOrdered(rows, d, true, counts[0])
		var ls laneSums
		ls.count(rows[:counts[0]+counts[1]], 1, counts, false, make([]int, 3))
		got := tinySumsOf(rows, counts[0], counts[1])
		for i, x := range ls.slots[:6] {
			if got[i] != x {
				t.Errorf("n=%d: tinySumsOf slot %d = %#x; laneSums has %#x", n, i, got[i], x)
			}
		}
	}
}
