package exact

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestKidKeyByBitsMatchesPartition checks kidKeyByBits against what it
// replaces: partitioning the points, testing purity and closeKey. On
// random consistent data and random subcubes, every child of every free
// feature must get the same size, purity and (when impure) key.
func TestKidKeyByBitsMatchesPartition(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	impure := 0
	for i := range 300 {
		m := 2 + rng.IntN(20)
		domains := binaryDomains(m)
		d := randomData(t, rng, domains, 2+rng.IntN(2), 1+rng.IntN(400), true)
		pr, s := pureSearcher(d)
		if s.small.one == nil {
			t.Fatalf("case %d: consistent data without single-class points", i)
		}
		pts := pr.allPoints()
		id := s.root(pts)
		if id == noEntry {
			continue
		}
		// A random subcube below the root: fix a few free features.
		for range rng.IntN(4) {
			free := s.freeOf(id, s.level(0))
			if len(free) == 0 {
				break
			}
			kids := s.split(id, pts, free[rng.IntN(len(free))], s.level(0))
			c := kids[rng.IntN(len(kids))]
			if c.id == noEntry {
				break
			}
			id, pts = c.id, append([]int32(nil), s.level(0).part[c.lo:c.hi]...)
		}
		l := s.level(1)
		free := append([]int(nil), s.freeOf(id, l)...)
		s.nodeBits = grow(s.nodeBits, (len(free)+pr.k)*((len(pts)+63)/64))
		transposeRows(pr, pts, free, s.nodeBits)
		for a, f := range free {
			s.partition(pts, f, l)
			for v := range 2 {
				c := l.kids[v]
				cp := l.part[c.lo:c.hi]
				wantPure := pr.pure(cp)
				var want []byte
				if !wantPure {
					copy(s.buf, s.key(id))
					s.buf[f] = uint8(v)
					s.closeKey(cp)
					want = append(want, s.buf...)
				}
				n, pure := s.kidKeyByBits(id, pts, free, a, v)
				if n != c.hi-c.lo || pure != wantPure || !pure && !bytes.Equal(s.buf, want) {
					t.Fatalf("case %d, feature %d = %d: kidKeyByBits = %d points, pure %v, key %v; partition: %d, %v, %v", i, f, v, n, pure, s.buf, c.hi-c.lo, wantPure, want)
				}
				if !pure {
					impure++
				}
			}
		}
	}
	if impure < 1000 {
		t.Fatalf("only %d impure children compared; want 1000", impure)
	}
}
