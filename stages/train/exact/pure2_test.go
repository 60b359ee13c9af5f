package exact

import (
	"math/rand/v2"
	"testing"
)

// TestPurity2MatchesTables checks the purity solver against the general
// tables on random consistent data of up to maxPurePoints points, with
// pure trees as likely as not: it must give the same cost wherever a pure
// tree exists, and elsewhere a cost of at least unit that is at most the
// tables' (a lower bound).
func TestPurity2MatchesTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	pure, pure3, impure := 0, 0, 0
	for i := range 1500 {
		m := 2 + rng.IntN(20)
		domains := binaryDomains(m)
		d := randomData(t, rng, domains, 2, 1+rng.IntN(400), true)
		pr, s := pureSearcher(d)
		// Sparse point sets are the ones with pure trees of depth ≤ 3.
		keep := 1 + rng.IntN(24)
		var pts []int32
		for p := range pr.n {
			if rng.IntN(keep) == 0 && len(pts) < maxPurePoints {
				pts = append(pts, int32(p))
			}
		}
		if len(pts) == 0 {
			continue
		}
		free := someFeatures(rng, m)
		if len(free) == 0 {
			continue
		}
		leaf := s.leafCost(pts)
		for depth := 2; depth <= min(3, len(free)); depth++ {
			got := s.small.purity2(pts, free, leaf, depth)
			s.small.fill(pts, free, depth)
			want, _ := s.small.solve(leaf, depth)
			for k := range depth + 1 {
				switch {
				case want[k] < unit:
					pure++
					if k == 3 {
						pure3++
					}
					if got[k] != want[k] {
						t.Fatalf("case %d (m %d, %d points, free %v, depth %d): purity2 = %v; tables %v", i, m, len(pts), free, depth, got, want)
					}
				default:
					impure++
					if got[k] < unit || got[k] > want[k] {
						t.Fatalf("case %d (m %d, %d points, free %v, depth %d): purity2 = %v, not a lower bound ≥ unit of the tables' %v", i, m, len(pts), free, depth, got, want)
					}
				}
			}
		}
	}
	// Both kinds must be well represented, pure trees of depth 3 too, or
	// the test checks little.
	if pure < 1000 || pure3 < 200 || impure < 1000 {
		t.Fatalf("%d pure (%d at depth 3) and %d impure costs compared; want 1000, 200 and 1000", pure, pure3, impure)
	}
}

// TestPurity2KernelsMatchLoops checks purity2's AVX-512 kernels (pairs,
// triples and cells) against its Go loops. On random data of 3 to 60
// free features (every remainder of a step of eight) and at most 64
// points, or more, where only the cells have a kernel, the pair words,
// the byte matrix of cells and the pair cells that split purely must be
// the same (the last bit for bit where the solver reads them), and so
// must purity2's costs. Without the instructions it would run the loops
// against themselves, which proves nothing: it says so and skips.
func TestPurity2KernelsMatchLoops(t *testing.T) {
	if !useAVX512 {
		t.Skip("this CPU has no AVX-512 VPOPCNTDQ: the kernel is not used here")
	}
	defer func() { useAVX512 = true }()
	rng := rand.New(rand.NewPCG(29, 7))
	const tops = 0x8080808080808080
	splits := 0
	for i := range 400 {
		m := 3 + rng.IntN(58)
		points := 1 + rng.IntN(64) // one word: every kernel
		if i%4 == 3 {
			points = 65 + rng.IntN(maxPurePoints-64) // the cells' kernel alone
		}
		d := randomData(t, rng, binaryDomains(m), 2, points, true)
		pr, s := pureSearcher(d)
		pts := pr.allPoints()
		free := make([]int, 0, m)
		for f := range m {
			if rng.IntN(8) != 0 || len(free) < 3 {
				free = append(free, f)
			}
		}
		q, leaf := len(free), s.leafCost(pts)
		var got [2][4]int64
		var cells [2][]uint64
		for run, kernel := range []bool{false, true} {
			useAVX512 = kernel
			got[run] = s.small.purity2(pts, free, leaf, 3)
			pw := &s.small.pw
			for a := range q {
				for b := a + 1; b < q; b++ {
					j := a*pairStride + b
					if run == 0 && pw.splitAB[j]&tops != 0 {
						splits++
					}
					cells[run] = append(cells[run], pw.splitAB[j]&tops, pw.splitAC[j]&tops, pw.splitBC[j]&tops,
						pw.ab0[j], pw.abN[j], pw.ac0[j], pw.acN[j], pw.bc0[j], pw.bcN[j])
				}
			}
			qs := (q + 7) &^ 7
			for _, c := range s.small.cellBits[:q*qs] {
				cells[run] = append(cells[run], uint64(c))
			}
		}
		for j := range cells[0] {
			if cells[0][j] != cells[1][j] {
				t.Fatalf("case %d (%d points, %d free): word %d = %#x by the kernels, %#x by the loops", i, len(pts), q, j, cells[1][j], cells[0][j])
			}
		}
		if got[0] != got[1] {
			t.Fatalf("case %d (%d points, %d free): purity2 = %v with the kernel, %v with the loop", i, len(pts), q, got[1], got[0])
		}
	}
	if splits < 1000 {
		t.Fatalf("%d pairs with cells that split compared; want 1000", splits)
	}
}

// TestCellGathers checks splitCells and pureCells, which gather their
// bits with products, against the definitions, bit by bit, on random
// words with many zero lanes.
func TestCellGathers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 9))
	top := func(x uint64, lane int) uint64 { return x >> (8*lane + 7) & 1 }
	word := func() uint64 { // lanes zero, all ones or random, at random
		var x uint64
		for l := range 8 {
			switch rng.IntN(3) {
			case 1:
				x |= 0xFF << (8 * l)
			case 2:
				x |= rng.Uint64N(256) << (8 * l)
			}
		}
		return x
	}
	for range 20000 {
		ab, ac, bc := word(), word(), word()
		var want uint64
		for cell, lanes := range [4][3]int{{0, 0, 0}, {2, 1, 1}, {4, 4, 2}, {6, 5, 3}} {
			want |= (top(ab, lanes[0]) | top(ac, lanes[1]) | top(bc, lanes[2])) << cell
		}
		if got := splitCells(ab, ac, bc); got != want {
			t.Fatalf("splitCells(%#x, %#x, %#x) = %04b; want %04b", ab, ac, bc, got, want)
		}
		x, y := word()&0x00FF00FF00FF00FF, word()&0x00FF00FF00FF00FF // counts of up to 255 per 16-bit lane
		var pure uint8
		for cell := range 4 {
			if x>>(16*cell)&0xFFFF == 0 || y>>(16*cell)&0xFFFF == 0 {
				pure |= 1 << cell
			}
		}
		if got := pureCells(x, x+y); got != pure {
			t.Fatalf("pureCells(%#x, %#x) = %04b; want %04b", x, x+y, got, pure)
		}
	}
}
