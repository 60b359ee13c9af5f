package exact

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// bruteHit reports whether at most k of the features 0…nf−1 hit every
// set, by trying every choice of k features.
func bruteHit(sets []uint64, nf, k int) bool {
	for choice := uint64(0); choice < 1<<nf; choice++ {
		if bits.OnesCount64(choice) > k {
			continue
		}
		all := true
		for _, d := range sets {
			if d&choice == 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// TestHitMatchesBruteForce checks the hitting-set search of the
// refutation by paths against trying every choice of features, on random
// families of small sets, sorted smallest first as the bound sorts them
// and unsorted.
func TestHitMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 4000 {
		nf := 3 + rng.IntN(8)
		sets := make([]uint64, 1+rng.IntN(14))
		for i := range sets {
			for sets[i] == 0 {
				size := 1 + rng.IntN(min(nf, 4))
				for range size {
					sets[i] |= 1 << rng.IntN(nf)
				}
			}
		}
		if trial%2 == 0 {
			slices.SortStableFunc(sets, func(a, b uint64) int { return bits.OnesCount64(a) - bits.OnesCount64(b) })
		}
		k := rng.IntN(6)
		h := &pathBound{limit: math.MaxInt}
		if got, want := h.hit(slices.Clone(sets), k), bruteHit(sets, nf, k); got != want {
			t.Fatalf("trial %d: hit(%b, %d) = %v, brute force %v", trial, sets, k, got, want)
		}
	}
}

// TestPathRefutationsAreSound checks the refutation by paths on oracle
// samples over 10 and 12 binary features, sparse and dense, on random
// subproblems (the points of random cubes):
//   - needsMore agrees with its definition, a brute-force hitting set of
//     the point's difference sets, for a few points of each;
//   - whenever refutesByPaths refutes depth k, the brute force finds no
//     pure tree of depth ≤ k (for the first 150 refutations, which the
//     brute force takes a second for);
//   - it refutes often enough that a bound broken to "never" fails.
func TestPathRefutationsAreSound(t *testing.T) {
	proofs, checked := 0, 0
	for _, tc := range []struct{ m, depth, n int }{
		{10, 5, 120}, {10, 6, 500}, {12, 5, 200}, {12, 6, 500},
	} {
		for seed := range 3 {
			d := distinctOracleData(t, uint64(100*tc.m+10*tc.depth+seed), tc.m, tc.depth, 2, tc.n)
			pr := newProblem(d, d.All())
			if pr.n != d.Len() {
				t.Fatalf("%d points from %d distinct rows", pr.n, d.Len())
			}
			s := newSearcher(pr, false, pr.m, time.Time{}, false)
			bf := &brute{d: d, used: make([]bool, tc.m)}
			rng := rand.New(rand.NewPCG(uint64(seed), 99))
			for trial := range 30 {
				name := fmt.Sprintf("m%d/depth%d/n%d/seed%d/trial%d", tc.m, tc.depth, tc.n, seed, trial)
				// A cube: 1–4 features fixed to random values.
				fixed := map[int]uint8{}
				for range 1 + rng.IntN(4) {
					fixed[rng.IntN(tc.m)] = uint8(rng.IntN(2))
				}
				var pts []int32
				var rows []int
				for p := range pr.n {
					in := true
					for f, v := range fixed {
						in = in && pr.x[p*pr.m+f] == v
					}
					if in {
						pts, rows = append(pts, int32(p)), append(rows, p)
					}
				}
				if len(pts) < 4 || pr.pure(pts) {
					continue
				}
				for k := 3; k <= 4; k++ {
					if !s.paths.ready {
						s.paths.prepare(pr)
					}
					for range 6 {
						x := pts[rng.IntN(len(pts))]
						var fam []uint64
						for _, y := range pts {
							if pr.maj[x]&pr.maj[y] == 0 {
								fam = append(fam, (pr.bitrow[x]^pr.bitrow[y])&pr.featureBits)
							}
						}
						s.paths.work, s.paths.limit = 0, math.MaxInt
						if got, want := s.paths.needsMore(pts, x, k), !bruteHit(fam, tc.m, k); got != want {
							t.Fatalf("%s: point %d at depth %d: needsMore %v, brute force %v", name, x, k, got, want)
						}
					}
					if !s.refutesByPaths(pts, k) {
						continue
					}
					proofs++
					if checked >= 150 {
						continue // enough brute force: the rest only count
					}
					checked++
					if bf.best(rows, k).errors == 0 {
						t.Fatalf("%s: refuted depth %d, but the brute force finds a pure tree that deep", name, k)
					}
				}
			}
		}
	}
	if proofs < 150 {
		t.Fatalf("only %d refutations: the bound has stopped proving", proofs)
	}
	t.Logf("%d refutations, the first %d checked by brute force", proofs, checked)
}

// TestPathBoundSeesHighFeatures fits data whose points differ only in
// features 56–59 of 60, the bit-row positions just below the class bits,
// labelled by the parity of features 56–58: the least depth is 3, with 8
// leaves. A bound that compared the rows without those features would
// find no difference between the points and refute depth 3.
func TestPathBoundSeesHighFeatures(t *testing.T) {
	const m = 60
	domains := binaryDomains(m)
	var x [][]uint8
	var y []uint8
	for in := range 16 {
		row := make([]uint8, m)
		for i := range 4 {
			row[56+i] = uint8(in >> i & 1)
		}
		x, y = append(x, row), append(y, row[56]^row[57]^row[58])
	}
	d := newData(t, domains, 2, x, y)
	pr := newProblem(d, d.All())
	if pr.bitrow == nil {
		t.Fatal("no bit rows at 60 features and 2 classes: the test no longer reaches the bound")
	}
	s := newSearcher(pr, false, pr.m, time.Time{}, false)
	pts := pr.allPoints()
	if s.refutesByPaths(pts, 3) {
		t.Fatal("depth 3 refuted, but the parity of three features fits it")
	}
	if !s.paths.usable {
		t.Fatal("the bound did not run")
	}
	m1 := fit(t, opts(0, DepthThenLeaves), d, d.All())
	if tr := m1.Tree(); tr.Depth() != 3 || tr.Leaves() != 8 {
		t.Fatalf("depth %d, %d leaves; want 3 and 8", tr.Depth(), tr.Leaves())
	}
}
