package tree

import (
	"io"
	"math"
	"slices"
	"testing"
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

// small returns a value in 0..n-1.
func (s *bytesource) small(n int) int { return int(s.next()) % n }

// signed returns a small signed value, often out of any valid range.
func (s *bytesource) signed() int32 { return int32(int8(s.next())) }

// decodeTree turns fuzz bytes into a tree. An even first byte builds a
// valid tree with the Builder (over at most 4 features of at most 3 values)
// and may then overwrite one entry of one array; an odd one fills every
// array with raw bytes. valid reports whether the tree came unmodified from
// the Builder, so Validate must accept it.
func decodeTree(data []byte) (t *Tree, valid bool) {
	s := &bytesource{b: data}
	if s.next()%2 == 1 {
		t := &Tree{Classes: s.small(4)}
		for range s.small(5) {
			t.Domains = append(t.Domains, s.small(5))
		}
		n := s.small(12)
		for range n {
			t.Feature = append(t.Feature, s.signed()%6)
			t.Class = append(t.Class, s.signed()%4)
			t.Offset = append(t.Offset, s.signed()%24)
		}
		for range s.small(24) {
			t.Child = append(t.Child, s.signed()%14)
		}
		if s.next()%2 == 1 {
			for range n * t.Classes {
				t.Counts = append(t.Counts, s.signed())
			}
		}
		if s.next()%2 == 1 {
			for range s.small(13) {
				t.Threshold = append(t.Threshold, rawFloat(s))
			}
		}
		if s.next()%2 == 1 {
			for range n * t.Classes {
				t.Weights = append(t.Weights, rawFloat(s))
			}
		}
		return t, false
	}

	domains := make([]int, 1+s.small(4))
	for f := range domains {
		domains[f] = s.small(4) // 0 is Numeric
	}
	classes := 1 + s.small(3)
	b := NewBuilder(domains, classes)
	type item struct{ node, depth int }
	queue := []item{{b.Root(), 0}}
	withCounts := s.next()%2 == 1
	withWeights := s.next()%2 == 1
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if withCounts {
			counts := make([]int, classes)
			for c := range counts {
				counts[c] = s.small(5)
			}
			b.SetCounts(it.node, counts)
		}
		if withWeights {
			w := make([]float64, classes)
			for c := range w {
				w[c] = float64(s.small(9)) / 4
			}
			b.SetWeights(it.node, w)
		}
		if it.depth >= 5 || b.Len() > 40 || s.small(3) == 0 {
			b.SetLeaf(it.node, s.small(classes))
			continue
		}
		f := s.small(len(domains))
		if domains[f] == Numeric {
			le, gt := b.SplitNumeric(it.node, f, float64(s.signed())/4)
			queue = append(queue, item{le, it.depth + 1}, item{gt, it.depth + 1})
			continue
		}
		// Branch numbers in order of first use, so every branch is used.
		group := make([]int, domains[f])
		seen := map[int]int{}
		for v := range group {
			x := s.small(domains[f])
			if _, ok := seen[x]; !ok {
				seen[x] = len(seen)
			}
			group[v] = seen[x]
		}
		for _, k := range b.Split(it.node, f, group) {
			queue = append(queue, item{k, it.depth + 1})
		}
	}
	t = b.Tree()
	if s.next()%2 == 0 {
		return t, true
	}
	// Overwrite one entry with a small signed value.
	v := s.signed()
	pick := func(n int) int { return s.small(max(n, 1)) }
	switch s.small(9) {
	case 0:
		t.Feature[pick(len(t.Feature))] = v
	case 1:
		t.Class[pick(len(t.Class))] = v
	case 2:
		t.Offset[pick(len(t.Offset))] = v
	case 3:
		if len(t.Child) > 0 {
			t.Child[pick(len(t.Child))] = v
		}
	case 4:
		if len(t.Counts) > 0 {
			t.Counts[pick(len(t.Counts))] = v
		}
	case 5:
		t.Domains[pick(len(t.Domains))] = int(v)
	case 6:
		t.Classes = int(v)
	case 7:
		if len(t.Threshold) > 0 {
			t.Threshold[pick(len(t.Threshold))] = rawFloat(s)
		}
	case 8:
		if len(t.Weights) > 0 {
			t.Weights[pick(len(t.Weights))] = rawFloat(s)
		}
	}
	return t, false
}

// rawFloat returns a float from the fuzzer's next byte: often NaN, an
// infinity or negative.
func rawFloat(s *bytesource) float64 {
	switch b := s.next(); b {
	case 0:
		return math.NaN()
	case 1:
		return math.Inf(1)
	case 2:
		return math.Inf(-1)
	default:
		return float64(int8(b)) / 8
	}
}

// FuzzValidate checks that Validate never panics, that trees from the
// Builder are valid, and that on a valid tree every input of its domain
// reaches a leaf along a path Path reproduces, and both renderings succeed.
func FuzzValidate(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1})
	f.Add([]byte{0, 3, 2, 2, 1, 1, 0, 1, 1, 1, 2, 0, 1, 0})
	f.Add([]byte{0, 3, 2, 2, 1, 1, 0, 1, 1, 1, 2, 0, 1, 0, 0, 1, 1, 1, 1, 1, 3, 7, 9})
	f.Add([]byte{1, 2, 2, 2, 3, 0, 255, 1, 0, 0, 255, 1, 255, 2, 255, 5, 1, 2, 4, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, valid := decodeTree(data)
		err := tr.Validate()
		if valid && err != nil {
			t.Fatalf("Validate() of a built tree = %v", err)
		}
		if err != nil {
			return
		}
		checkAllInputs(t, tr)
		checkValues(t, tr, data)
		if err := WriteText(io.Discard, tr, Names{}); err != nil {
			t.Fatalf("WriteText of a valid tree: %v", err)
		}
		if err := WriteDOT(io.Discard, tr, Names{}); err != nil {
			t.Fatalf("WriteDOT of a valid tree: %v", err)
		}
	})
}

// checkValues walks tr with instances drawn from data (values in each
// nominal domain or near the thresholds, some missing): ApplyValues
// reaches a leaf or reports a missing value, DistributionValues is a
// distribution (finite, non-negative, summing to 1 when the tree has no
// weights or counts)
// and PredictValues its first argmax.
func checkValues(t *testing.T, tr *Tree, data []byte) {
	s := &bytesource{b: data}
	x := make([]float64, len(tr.Domains))
	dst := make([]float64, tr.Classes)
	for range 64 {
		for f, z := range tr.Domains {
			switch b := s.next(); {
			case b%5 == 0:
				x[f] = math.NaN()
			case z == Numeric:
				x[f] = float64(int8(b)) / 4
			default:
				x[f] = float64(int(b) % z)
			}
		}
		if leaf := tr.ApplyValues(x); leaf >= 0 && !tr.IsLeaf(leaf) {
			t.Fatalf("ApplyValues(%v) = %d, not a leaf", x, leaf)
		}
		tr.DistributionValues(x, dst)
		sum := 0.0
		for c, p := range dst {
			if !(p >= 0) {
				t.Fatalf("DistributionValues(%v)[%d] = %v", x, c, p)
			}
			sum += p
		}
		// The fuzzer's weights need not add up (a child may weigh more
		// than its parent), so only a tree without them must sum to 1.
		if math.IsInf(sum, 0) || !tr.hasDistribution() && math.Abs(sum-1) > 1e-9 {
			t.Fatalf("DistributionValues(%v) = %v sums to %v", x, dst, sum)
		}
		if got, want := tr.PredictValues(x), maxIndex(dst); got != want {
			t.Fatalf("PredictValues(%v) = %d; argmax %d", x, got, want)
		}
	}
}

// checkAllInputs applies tr to (up to 4096 of) the inputs of its domain in
// mixed-radix order and checks each reaches a leaf along its Path. A tree
// with numeric features takes instance vectors instead (checkValues).
func checkAllInputs(t *testing.T, tr *Tree) {
	if tr.Threshold != nil || slices.Contains(tr.Domains, Numeric) {
		return
	}
	x := make([]uint8, len(tr.Domains))
	depth := tr.Depth()
	for range 4096 {
		leaf := tr.Apply(x)
		if !tr.IsLeaf(leaf) {
			t.Fatalf("Apply(%v) = %d, not a leaf", x, leaf)
		}
		if c := tr.Predict(x); c < 0 || c >= tr.Classes {
			t.Fatalf("Predict(%v) = %d outside 0..%d", x, c, tr.Classes-1)
		}
		path := tr.Path(leaf)
		if path[0] != 0 || len(path)-1 > depth {
			t.Fatalf("Path(%d) = %v with Depth() = %d", leaf, path, depth)
		}
		for i := 0; i+1 < len(path); i++ {
			if got := tr.Next(path[i], x[tr.Feature[path[i]]]); got != path[i+1] {
				t.Fatalf("input %v: Next(%d) = %d; Path(%d) = %v", x, path[i], got, leaf, path)
			}
		}
		// Advance x like an odometer; stop after the last input.
		f := 0
		for f < len(x) {
			x[f]++
			if int(x[f]) < tr.Domains[f] {
				break
			}
			x[f] = 0
			f++
		}
		if f == len(x) {
			return
		}
	}
}
